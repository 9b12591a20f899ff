//===- LowerToIndexRegistration.cpp - registry entries of the Rust pass ---===//
//
// The pass itself is Rust (a melior external pass, src/pass.rs). MLIR's pass
// registry has no C API, so this file registers it: the flag
// `--layout-lower-to-index` and the named pipeline `--lower-to-index`.
// The pass emits folded arithmetic with one constant per value per block and
// one op per distinct computation, so the pipeline runs no canonicalize/cse
// over the whole module afterwards (issue 15: 1M crd2idx ops).
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

extern "C" MlirPass layout_lowering_create_lower_to_index_pass(void);

namespace {
std::unique_ptr<mlir::Pass> createLowerToIndex() {
  return std::unique_ptr<mlir::Pass>(
      unwrap(layout_lowering_create_lower_to_index_pass()));
}
} // namespace

extern "C" void layout_lowering_register_passes(void) {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  mlir::registerPass(createLowerToIndex);
  mlir::PassPipelineRegistration<>(
      "lower-to-index",
      "Lower layout.crd2idx/idx2crd to arith index math "
      "(layout-lower-to-index; its output is already folded and CSE'd)",
      [](mlir::OpPassManager &pm) { pm.addPass(createLowerToIndex()); });
}
