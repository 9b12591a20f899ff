//===- LowerToIndexRegistration.cpp - registry entries of the lowering ----===//
//
// Registers the pass `layout-lower-to-index` (LowerToIndex.cpp) and the named
// pipeline `--lower-to-index`: the pass, then upstream `canonicalize` and
// `cse`, which fold and merge what the per-op lowerings emitted (constants
// hoisted and shared, the same computation of different layout ops once,
// folded coordinates erased). On a module, the pipeline runs the three on
// every isolated-from-above child (each function) on the context's threads,
// then lowers what is left outside them (in non-isolated top-level ops,
// skipping the isolated ones) and, when that changed something, runs
// canonicalize and cse on the module: the same result as one run over the
// module, since a lowering never looks outside its function.
//
//===----------------------------------------------------------------------===//

#include "LowerToIndex.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

extern "C" {
LayoutLoweringMemo *layout_lowering_memo_new(void);
void layout_lowering_memo_free(LayoutLoweringMemo *memo);
}

namespace {
/// The pipeline's last step: lowers the layout ops under the op it runs on that
/// are outside its isolated-from-above descendants (those were lowered in
/// parallel before), then canonicalize and cse over the op. When there are
/// none, which is the usual case, it changes nothing and says so, so the pass
/// manager does not verify the whole module again.
struct LowerOutsideIsolated
    : public mlir::PassWrapper<LowerOutsideIsolated, mlir::OperationPass<>> {
  llvm::StringRef getArgument() const override {
    return "layout-lower-to-index-outside-isolated";
  }
  llvm::StringRef getName() const override {
    return "LayoutLowerToIndexOutsideIsolated";
  }
  llvm::StringRef getDescription() const override {
    return "The last step of the lower-to-index pipeline: layout-lower-to-index, canonicalize "
           "and cse outside the isolated-from-above ops below the op it runs on";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect>();
  }
  void runOnOperation() override {
    LayoutLoweringMemo *memo = layout_lowering_memo_new();
    mlir::FailureOr<bool> changed = mlir::layout::lowerToIndex(getOperation(), memo, true);
    layout_lowering_memo_free(memo);
    if (mlir::failed(changed))
      return signalPassFailure();
    if (!*changed)
      return markAllAnalysesPreserved();
    mlir::OpPassManager cleanup(getOperation()->getName());
    cleanup.addPass(mlir::createCanonicalizerPass());
    cleanup.addPass(mlir::createCSEPass());
    if (mlir::failed(runPipeline(cleanup, getOperation())))
      signalPassFailure();
  }
};

/// The pass and the upstream cleanup after it.
void addLowerAndCleanup(mlir::OpPassManager &pm) {
  pm.addPass(mlir::layout::createLowerToIndexPass());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
}
} // namespace

extern "C" void layout_lowering_register_passes(void) {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  mlir::registerPass([] { return mlir::layout::createLowerToIndexPass(); });
  // Registered too, so that the pipeline's text (crash reproducers,
  // --dump-pass-pipeline) parses back to the same passes.
  mlir::PassRegistration<LowerOutsideIsolated>();
  mlir::PassPipelineRegistration<>(
      "lower-to-index",
      "Lower layout.crd2idx/idx2crd/linear_apply/apply/inv and the shape queries to arith "
      "index math (layout-lower-to-index, then canonicalize and cse)",
      [](mlir::OpPassManager &pm) {
        if (pm.getOpName() != "builtin.module") {
          addLowerAndCleanup(pm);
          return;
        }
        addLowerAndCleanup(pm.nestAny());
        pm.addPass(std::make_unique<LowerOutsideIsolated>());
      });
}
