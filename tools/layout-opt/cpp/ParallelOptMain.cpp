//===- ParallelOptMain.cpp - mlir-opt's flow on a parallel parse ----------===//
//
// MlirOptMain parses the input on one thread. For a large input whose top
// level is a sequence of ops, layout-opt parses it in parallel
// (ParallelParse.cpp) and then does what MlirOptMain does with a parsed
// module: a pass manager with the command line's pass-manager options,
// timing and pipeline, the run, and the module printed with the command
// line's printing flags.
//
// Only plain runs take this path: every option given on the command line must
// be one whose effect this flow reproduces (a pass or pipeline, `-o`,
// threading, timing, printing flags, pass-manager instrumentation,
// `--verify-each`, `--allow-unregistered-dialect`, the layout options). Any
// other option (`--split-input-file`, `--verify-diagnostics`,
// `--emit-bytecode`, reproducers, debug actions, remarks, ...) and any input
// that the parallel parse declines goes to MlirOptMain unchanged.
//
//===----------------------------------------------------------------------===//

#include "ParallelOptMain.h"
#include "ParallelParse.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>

using namespace mlir;

namespace {

/// Whether the option spelled `name` only affects what this flow reproduces.
bool reproducedOption(StringRef name) {
  static constexpr StringRef kExact[] = {
      "o", "pass-pipeline", "p", "verify-each", "allow-unregistered-dialect",
      "mlir-disable-threading", "mlir-pretty-debuginfo",
      "mlir-use-nameloc-as-prefix", "mlir-print-stacktrace-on-diagnostic"};
  static constexpr StringRef kPrefixes[] = {
      "mlir-print-", "mlir-elide-", "mlir-timing", "mlir-pass-statistics",
      "mlir-output-format", "layout-"};
  if (name.empty() || llvm::is_contained(kExact, name))
    return true;
  for (StringRef prefix : kPrefixes)
    if (name.starts_with(prefix))
      return true;
  // Passes and named pipelines are options of the pass pipeline parser.
  return PassInfo::lookup(name) || PassPipelineInfo::lookup(name);
}

} // namespace

bool mlir::layout::parallelOptMainApplies() {
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *option = entry.second;
    if (option->getNumOccurrences() > 0 && !reproducedOption(entry.first))
      return false;
  }
  return true;
}

LogicalResult mlir::layout::parallelOptMain(llvm::raw_ostream &os,
                                            const llvm::MemoryBuffer &input,
                                            DialectRegistry &registry,
                                            const MlirOptMainConfig &config,
                                            bool &declined) {
  declined = true;
  // MlirOptMain reads the input's `expected-*` annotations even without
  // --verify-diagnostics and, when it returns, reports each one as not
  // produced (on stderr, exit code unchanged). The same here, so that stderr
  // is the same: made once the input is ours, destroyed last.
  llvm::SourceMgr annotationSources;
  MLIRContext annotationContext(MLIRContext::Threading::DISABLED);
  std::optional<SourceMgrDiagnosticVerifierHandler> annotations;
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input.getBuffer(),
                                       input.getBufferIdentifier()),
      llvm::SMLoc());
  MLIRContext context(registry);
  context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
  SourceMgrDiagnosticHandler diagnostics(*sourceMgr, &context);

  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();
  TimingScope parserTiming = timing.nest("Parser");
  size_t numChunks = 0;
  OwningOpRef<Operation *> op =
      parseTopLevelInParallel(*sourceMgr, &context, &numChunks);
  if (!op) {
    // MlirOptMain takes over and reports the timing itself.
    timingManager.setEnabled(false);
    return failure();
  }
  declined = false;
  annotationSources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  annotations.emplace(annotationSources, &annotationContext,
                      config.verifyDiagnosticsLevel());
  // `--mlir-timing` says that the input was parsed in parts.
  std::string parts = std::to_string(numChunks) + " parts parsed in parallel";
  parserTiming.nest(StringRef(parts)).stop();
  parserTiming.stop();

  PassManager pm(&context, op.get()->getName().getStringRef(),
                 OpPassManager::Nesting::Implicit);
  pm.enableVerifier(config.shouldVerifyPasses());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  pm.enableTiming(timing);
  if (failed(config.setupPassPipeline(pm)) || failed(pm.run(*op)))
    return failure();

  TimingScope outputTiming = timing.nest("Output");
  AsmState state(op.get(), OpPrintingFlags());
  op.get()->print(os, state);
  os << '\n';
  return success();
}
