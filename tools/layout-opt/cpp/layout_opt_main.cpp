//===- layout_opt_main.cpp - MlirOptMain with the layout dialect ----------===//
//
// layout-opt is mlir-opt plus the layout dialect: MLIR's own driver, every
// upstream dialect, extension and pass, and ours. Two scheduling differences,
// same output: a top-level `canonicalize` runs once per isolated child of the
// module, in parallel (IsolatedCanonicalize.cpp), and a pipeline nested in the
// module runs under a parallel module pass that verifies the module itself
// (ParallelChildPipelines.cpp); `--layout-whole-module-canonicalize` keeps
// mlir-opt's schedules and driver. And the everyday command line parses and
// prints a large module on several threads (OptDriver.cpp); the others run
// MlirOptMain itself.
//
//===----------------------------------------------------------------------===//

#include "IsolatedCanonicalize.h"
#include "OptDriver.h"
#include "Layout/LayoutDialect.h"
#include "Layout/LayoutPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

// The Hopper data-movement ops (crate layout-lowering-nvvm): a registry extension.
extern "C" void layout_nvvm_register_ops(void *registry);

static llvm::cl::opt<bool> wholeModuleCanonicalize(
    "layout-whole-module-canonicalize",
    llvm::cl::desc("Run a top-level --canonicalize as one greedy rewrite over "
                   "the whole module and nested pipelines under MLIR's "
                   "adaptor, as mlir-opt does (default: per isolated child, "
                   "in parallel)"),
    llvm::cl::init(false));

extern "C" int layout_opt_main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllPasses();
  mlir::layout::registerLayoutPasses();
  registry.insert<mlir::layout::LayoutDialect>();
  layout_nvvm_register_ops(&registry);

  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "layout-opt: MLIR optimizer driver with the layout dialect\n",
      registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (wholeModuleCanonicalize || config.shouldShowDialects() ||
      config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, input, output, registry));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = mlir::openInputFile(input, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> out = mlir::openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // The command line's pipeline, built into a scratch pass manager of the
  // same anchor, then moved into the real one with `canonicalize` rescheduled.
  mlir::MlirOptMainConfig spelledConfig = config;
  config.setPassPipelineSetupFn([spelledConfig](mlir::PassManager &pm) {
    mlir::PassManager spelled(pm.getContext(), pm.getOpAnchorName(),
                              pm.getNesting());
    if (mlir::failed(spelledConfig.setupPassPipeline(spelled)))
      return mlir::failure();
    return mlir::layout::scheduleOnIsolatedChildren(
        pm, spelled, spelledConfig.shouldVerifyPasses());
  });
  mlir::LogicalResult status =
      mlir::layout::optDriverHandles(config)
          ? mlir::layout::runOptDriver(out->os(), std::move(file), registry, config)
          : mlir::MlirOptMain(out->os(), std::move(file), registry, config);
  if (mlir::failed(status))
    return 1;
  out->keep();
  return 0;
}
