//===- PassesRegistration.cpp - registry entries of the Rust passes -------===//
//
// The passes are Rust (melior external passes, src/). MLIR's pass registry has
// no C API, so this file registers them, one line per pass:
// `--layout-prove-descriptors`, `--layout-prove-lowering`,
// `--layout-composition-domain`, `--layout-assign-layouts`.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

extern "C" MlirPass layout_passes_create_prove_descriptors(void);
extern "C" MlirPass layout_passes_create_prove_lowering(void);
extern "C" MlirPass layout_passes_create_composition_domain(void);
extern "C" MlirPass layout_passes_create_assign_layouts(void);

namespace {
template <MlirPass (*Create)(void)> std::unique_ptr<mlir::Pass> make() {
  return std::unique_ptr<mlir::Pass>(unwrap(Create()));
}
} // namespace

extern "C" void layout_passes_register(void) {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  mlir::registerPass(make<layout_passes_create_prove_descriptors>);
  mlir::registerPass(make<layout_passes_create_prove_lowering>);
  mlir::registerPass(make<layout_passes_create_composition_domain>);
  mlir::registerPass(make<layout_passes_create_assign_layouts>);
}
