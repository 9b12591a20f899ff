//===- layout_opt_main.cpp - MlirOptMain with the layout dialect ----------===//
//
// layout-opt is mlir-opt plus the layout dialect: MLIR's own driver
// (MlirOptMain: parsing, verification, pass manager, printing, diagnostics,
// exit codes), every upstream dialect, extension and pass, and ours. Nothing
// of the driver is re-implemented here.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "Layout/LayoutPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

// The Hopper data-movement ops (crate layout-lowering-nvvm): a registry extension.
extern "C" void layout_nvvm_register_ops(void *registry);

extern "C" int layout_opt_main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllPasses();
  mlir::layout::registerLayoutPasses();
  registry.insert<mlir::layout::LayoutDialect>();
  layout_nvvm_register_ops(&registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "layout-opt: MLIR optimizer driver with the layout dialect\n",
      registry));
}
