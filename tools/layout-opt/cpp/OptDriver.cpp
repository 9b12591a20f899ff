//===- OptDriver.cpp - parse, run the pipeline, print ---------------------===//
//
// layout-opt's driver for the everyday command line (`layout-opt [passes]
// in.mlir [-o out]`): the steps of MlirOptMain, in its order and with its
// options, diagnostics, timing scopes ("Parser", the passes, "Output") and
// exit status, except that a module of many top-level ops is parsed
// (ParallelParse.cpp) and printed (ParallelPrint.cpp) on the context's
// threads. Both fall back to MLIR's sequential parser and printer whenever
// they cannot promise the same module and the same bytes, so the output is
// the output of mlir-opt with the same passes (--mlir-disable-threading runs
// everything sequentially). Other command lines go to MlirOptMain itself.
//
//===----------------------------------------------------------------------===//

#include "OptDriver.h"
#include "ParallelRuns.h"
#include "ParallelParse.h"
#include "ParallelPrint.h"

#include "mlir/Debug/CLOptionsSetup.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/ParseUtilities.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>

extern "C" bool layout_opt_contains(const char *text, size_t len,
                                    const char *needle, size_t needleLen);

namespace mlir::layout {
namespace {

/// Whether `text` contains `needle`: a vectorized search (src/top_level_split.rs;
/// llvm::StringRef::find took 50 ms on a 147 MB input, on the critical path),
/// in chunks of 8 MiB on the context's threads. Each chunk reaches
/// `needle.size() - 1` bytes into the next, so a match across a boundary is
/// found. A mapped input file is first touched here, so the threads also share
/// its page faults (on one thread, reading a 147 MB input took 0.14 s).
bool containsBytes(MLIRContext *context, llvm::StringRef text,
                   llvm::StringRef needle) {
  constexpr size_t kChunk = size_t{8} << 20;
  size_t chunks = (text.size() + kChunk - 1) / kChunk;
  std::atomic<bool> found{false};
  runTasksOnWorkers(context, chunks, [&](size_t, size_t chunk) {
    llvm::StringRef part =
        text.substr(chunk * kChunk, kChunk + needle.size() - 1);
    if (layout_opt_contains(part.data(), part.size(), needle.data(),
                            needle.size()))
      found.store(true, std::memory_order_relaxed);
    return !found.load(std::memory_order_relaxed);
  });
  return found.load();
}

/// MlirOptMain's diagnostic verbosity: warnings, remarks and stand-alone notes
/// are dropped below the configured level.
class VerbosityFilter : public ScopedDiagnosticHandler {
public:
  VerbosityFilter(MLIRContext *context, VerbosityLevel level, bool showNotes)
      : ScopedDiagnosticHandler(context) {
    setHandler([level, showNotes](Diagnostic &diag) -> LogicalResult {
      switch (diag.getSeverity()) {
      case DiagnosticSeverity::Error:
        return failure();
      case DiagnosticSeverity::Warning:
        return success(level == VerbosityLevel::ErrorsOnly);
      case DiagnosticSeverity::Remark:
        return success(level != VerbosityLevel::ErrorsWarningsAndRemarks);
      case DiagnosticSeverity::Note:
        return success(!showNotes);
      }
      return failure();
    });
  }
};

/// The input as MlirOptMain parses it (an implicit module around the top-level
/// ops), in parallel when that gives the same module.
OwningOpRef<Operation *> parseInput(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                                    MLIRContext *context, bool verify,
                                    FallbackAsmResourceMap &resources,
                                    TimingScope &timing) {
  if (OwningOpRef<ModuleOp> module =
          parseTopLevelOpsInParallel(*sourceMgr, context, verify, timing))
    return module.release().getOperation();
  // As MlirOptMain: no context synchronization while parsing on one thread.
  bool wasThreaded = context->isMultithreadingEnabled();
  context->disableMultithreading();
  ParserConfig parseConfig(context, verify, &resources);
  OwningOpRef<Operation *> op =
      parseSourceFileForTool(sourceMgr, parseConfig, /*insertImplicitModule=*/true);
  context->enableMultithreading(wasThreaded);
  return op;
}

} // namespace

bool optDriverHandles(const MlirOptMainConfig &config) {
  return config.inputSplitMarker().empty() && !config.shouldVerifyDiagnostics() &&
         !config.shouldEmitBytecode() && !config.bytecodeVersionToEmit() &&
         !config.shouldRunReproducer() && config.getReproducerFilename().empty() &&
         config.getIrdlFile().empty() && !config.shouldVerifyRoundtrip() &&
         !config.shouldEmitRemarks() &&
         config.getRemarkFormat() == RemarkFormat::REMARK_FORMAT_STDOUT &&
         !config.shouldUseExplicitModule() && !config.shouldShowDialects() &&
         !config.shouldListPasses();
}

LogicalResult runOptDriver(llvm::raw_fd_ostream &os,
                           std::unique_ptr<llvm::MemoryBuffer> buffer,
                           DialectRegistry &registry,
                           const MlirOptMainConfig &config) {
  // As MlirOptMain, which keeps a diagnostic verifier over the input on a
  // context of its own even without --verify-diagnostics: when it goes, it
  // reports every `expected-*` annotation that no diagnostic matched. A text
  // without `expected-` has none (and large inputs skip its line scan).
  // Not freed: the process ends after this returns, and freeing a module of
  // millions of ops and its context takes a second (as clang's -disable-free).
  auto *context = new MLIRContext(registry);
  std::optional<MLIRContext> annotationContext;
  llvm::SourceMgr annotationMgr;
  std::optional<SourceMgrDiagnosticVerifierHandler> annotations;
  if (containsBytes(context, buffer->getBuffer(), "expected-")) {
    annotationContext.emplace(MLIRContext::Threading::DISABLED);
    annotationMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(buffer->getMemBufferRef(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    annotations.emplace(annotationMgr, &*annotationContext,
                        config.verifyDiagnosticsLevel());
  }
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  context->allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
  tracing::InstallDebugHandler debugHandler(*context, config.getDebugConfig());
  SourceMgrDiagnosticHandler sourceMgrHandler(*sourceMgr, context);
  VerbosityFilter filter(context, config.getDiagnosticVerbosityLevel(),
                         config.shouldShowNotes());

  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();

  FallbackAsmResourceMap resources;
  TimingScope parserTiming = timing.nest("Parser");
  OwningOpRef<Operation *> op =
      parseInput(sourceMgr, context, config.shouldVerifyOnParsing(), resources,
                 parserTiming);
  parserTiming.stop();
  if (!op)
    return failure();

  PassManager pm(op.get()->getName(), PassManager::Nesting::Implicit);
  pm.enableVerifier(config.shouldVerifyPasses());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  pm.enableTiming(timing);
  if (failed(config.setupPassPipeline(pm)) || failed(pm.run(*op)))
    return failure();

  TimingScope outputTiming = timing.nest("Output");
  // Verified on parsing and after every pass: MLIR's printer would find the
  // module valid and print it in custom form.
  bool verified = config.shouldVerifyOnParsing() && config.shouldVerifyPasses();
  auto module = llvm::dyn_cast<ModuleOp>(op.get());
  if (!module || !resources.getPrinters().empty() ||
      failed(printTopLevelOpsInParallel(module, verified, os, outputTiming))) {
    AsmState asmState(op.get(), OpPrintingFlags(), /*locationMap=*/nullptr,
                      &resources);
    os << OpWithState(op.get(), asmState);
  }
  os << '\n';
  (void)op.release();
  return success();
}

} // namespace mlir::layout
