//===- LowerToIndexRegistration.cpp - registry entries of the Rust pass ---===//
//
// The pass itself is Rust (a melior external pass, src/pass.rs). MLIR's pass
// registry has no C API, so this file registers it: the flag
// `--layout-lower-to-index` and the named pipeline `--lower-to-index`.
// The pass emits folded arithmetic with one constant per value per block and
// one op per distinct computation, so the pipeline runs no canonicalize/cse
// over the whole module afterwards (issue 15: 1M crd2idx ops). On a module, the
// pipeline lowers every isolated-from-above child (each function) on the
// context's threads, then runs the pass once over the module for anything left
// outside them (in non-isolated top-level ops, skipping the isolated ones): the
// same result as one
// run over the module, since a lowering never looks outside its function.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

extern "C" MlirPass layout_lowering_create_lower_to_index_pass(void);
/// 0: failed; 1: lowered or erased ops; 2: no layout op outside the isolated
/// descendants, nothing changed (src/pass.rs).
extern "C" int layout_lowering_lower_outside_isolated(MlirOperation root);

/// For the Rust pass: whether `op` is isolated from above (no C API names traits).
extern "C" bool layout_lowering_is_isolated_from_above(MlirOperation op) {
  return unwrap(op)->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>();
}

namespace {
std::unique_ptr<mlir::Pass> createLowerToIndex() {
  return std::unique_ptr<mlir::Pass>(
      unwrap(layout_lowering_create_lower_to_index_pass()));
}
/// The pipeline's last step: lowers the layout ops under the op it runs on that
/// are outside its isolated-from-above descendants (those were lowered in
/// parallel before). When there are none, which is the usual case, it changes
/// nothing and says so, so the pass manager does not verify the whole module
/// again.
struct LowerOutsideIsolated
    : public mlir::PassWrapper<LowerOutsideIsolated, mlir::OperationPass<>> {
  llvm::StringRef getArgument() const override {
    return "layout-lower-to-index-outside-isolated";
  }
  llvm::StringRef getName() const override {
    return "LayoutLowerToIndexOutsideIsolated";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    // cf: the asserts of conditions that runtime leaves carry (src/runtime_leaves.rs).
    registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect>();
  }
  void runOnOperation() override {
    switch (layout_lowering_lower_outside_isolated(wrap(getOperation()))) {
    case 0:
      signalPassFailure();
      return;
    case 2:
      markAllAnalysesPreserved();
      return;
    default:
      return;
    }
  }
};
} // namespace

extern "C" void layout_lowering_register_passes(void) {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  mlir::registerPass(createLowerToIndex);
  // Registered too, so that the pipeline's text (crash reproducers,
  // --dump-pass-pipeline) parses back to the same passes.
  mlir::PassRegistration<LowerOutsideIsolated>();
  mlir::PassPipelineRegistration<>(
      "lower-to-index",
      "Lower layout.crd2idx/idx2crd to arith index math "
      "(layout-lower-to-index; its output is already folded and CSE'd)",
      [](mlir::OpPassManager &pm) {
        if (pm.getOpName() != "builtin.module") {
          pm.addPass(createLowerToIndex());
          return;
        }
        pm.nestAny().addPass(createLowerToIndex());
        pm.addPass(std::make_unique<LowerOutsideIsolated>());
      });
}
