//===- ParallelChildPipelines.cpp - a nested pipeline per child -----------===//
//
// `--pass-pipeline='builtin.module(any(P))'` (and `func.func(P)`, and the
// `lower-to-index` pipeline) nest P under MLIR's adaptor: P runs on every
// child of the module it can be scheduled on, on the context's threads, each
// child verified after each pass of P. After the adaptor, the pass manager
// verifies the module non-recursively; on one thread, and the symbol table's
// share of it is a walk of every op nested in the module (0.4 s of the 6.6 s
// that `--lower-to-index` takes on 1M crd2idx ops, with the other core idle).
//
// This module pass does what the adaptor does, and that verification:
//
//   - the children it runs on are the adaptor's (an op-specific pipeline: the
//     ops of its name; an `any` one: the registered isolated ops that every
//     pass of P can be scheduled on);
//   - each is handed to MLIR's pass manager (`runPipeline`, the dynamic
//     pipeline entry) with a copy of P per worker thread, as the adaptor keeps
//     one per thread: the same passes, verification after each pass and
//     instrumentation; the children go in runs of consecutive ops
//     (ParallelRuns.h), every child runs even when one fails (as the
//     adaptor), and diagnostics come out in child order;
//   - with the pass manager's verifier on, after each child the worker scans
//     it for symbol users (ModuleVerification.h), and at the end the module is
//     verified non-recursively by `verifyModuleItself`: MLIR's own checks,
//     without the walk when no child holds a symbol user. Having verified, the
//     pass drops every analysis (the adaptor preserves none) and says it
//     preserved all of them, which is how the pass manager knows not to verify
//     again;
//   - when the module's body is not made of isolated ops only
//     (`splitsIntoChildren`), it says nothing of the kind and the pass manager
//     verifies the module recursively, as after any module pass.
//
//===----------------------------------------------------------------------===//

#include "ParallelChildPipelines.h"
#include "ModuleVerification.h"
#include "ParallelRuns.h"

#include "mlir/IR/BuiltinOps.h"

#include <atomic>
#include <vector>

namespace mlir::layout {
namespace {

/// Asks a pass whether it can be scheduled on an op name (a question the pass
/// manager asks through friendship; here through a derived class's access).
struct SchedulingQuery : public Pass {
  static bool allows(const Pass &pass, RegisteredOperationName name) {
    bool (Pass::*query)(RegisteredOperationName) const =
        &SchedulingQuery::canScheduleOn;
    return (pass.*query)(name);
  }
};

class ParallelChildPipelinesPass
    : public PassWrapper<ParallelChildPipelinesPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ParallelChildPipelinesPass)

  ParallelChildPipelinesPass(const OpPassManager &nested, bool verifyEach)
      : nested(nested), verifyEach(verifyEach) {}
  ParallelChildPipelinesPass(const ParallelChildPipelinesPass &other)
      : PassWrapper(other), nested(other.nested), verifyEach(other.verifyEach) {}

  StringRef getArgument() const final { return "layout-parallel-child-pipelines"; }
  StringRef getName() const final { return "ParallelChildPipelines"; }
  StringRef getDescription() const final {
    return "A nested pipeline on every child it can be scheduled on, on the "
           "context's threads, then the module's own verification";
  }

  void getDependentDialects(DialectRegistry &registry) const final {
    nested.getDependentDialects(registry);
  }

  void runOnOperation() final {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    std::vector<Operation *> children;
    AnalysisManager analyses = getAnalysisManager();
    for (Operation &child : *module.getBody())
      if (schedulesOn(child)) {
        // The child's analysis manager, made here on one thread; the workers
        // then only look it up.
        analyses.nest(&child);
        children.push_back(&child);
      }

    // A copy of the pipeline per worker, as the adaptor keeps one per thread;
    // every child runs even when one fails (as the adaptor).
    size_t runs = runCount(children.size());
    std::vector<OpPassManager> pipelines(std::max<size_t>(workerCount(context, runs), 1),
                                         nested);
    std::vector<SymbolUserScan> scans(pipelines.size());
    std::atomic<bool> failedChild{false}, symbolUsers{false};
    (void)forEachTaskOnWorkers(
        context, runs, [](size_t run) { return run; },
        [&](size_t worker, size_t run) {
          auto runOnChild = [&](Operation *child) {
            if (failed(runPipeline(pipelines[worker], child)))
              failedChild.store(true, std::memory_order_relaxed);
            else if (verifyEach && !symbolUsers.load(std::memory_order_relaxed) &&
                     scans[worker].holdsSymbolUser(child))
              symbolUsers.store(true, std::memory_order_relaxed);
            return success();
          };
          return forEachInRun(llvm::ArrayRef<Operation *>(children), run, runOnChild);
        });

    if (failedChild.load()) {
      signalPassFailure();
      return;
    }
    std::vector<Operation *> body;
    if (!verifyEach || !splitsIntoChildren(module, body))
      return;
    if (failed(verifyModuleItself(module, body, symbolUsers.load()))) {
      signalPassFailure();
      return;
    }
    analyses.clear();
    markAllAnalysesPreserved();
  }

private:
  /// Whether the adaptor of `nested` would run it on `child`.
  bool schedulesOn(Operation &child) {
    if (std::optional<StringRef> anchor = nested.getOpName())
      return child.getName().getStringRef() == *anchor;
    std::optional<RegisteredOperationName> name = child.getRegisteredInfo();
    if (!name || !name->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return false;
    for (const Pass &pass : nested.getPasses())
      if (!SchedulingQuery::allows(pass, *name))
        return false;
    return true;
  }

  OpPassManager nested;
  bool verifyEach;
};

} // namespace

std::unique_ptr<Pass> createParallelChildPipelines(const OpPassManager &nested,
                                                   bool verifyEach) {
  return std::make_unique<ParallelChildPipelinesPass>(nested, verifyEach);
}

} // namespace mlir::layout
