//===- embed.cpp - the layout dialect in a C++ MLIR compiler --------------===//
//
//   layout-embed-cpp FILE [PIPELINE]
//
// A C++ compiler built on MLIR's C++ API (libMLIR.so) that takes the layout
// dialect and passes from liblayout-c.so: registers them, parses FILE, and
// either builds the lower-to-index pipeline itself (the Rust pass object
// layout-lower-to-index from the C API, then MLIR's canonicalize and cse) or,
// with PIPELINE, runs that textual pipeline (for example
// "builtin.module(lower-to-nvvm{ptx=out.ptx})"). Prints the module.
// Exit code 0 on success, 1 on a parse or pass failure, 2 on bad usage.
//
//===----------------------------------------------------------------------===//

#include "layout-c/Layout.h"
#include "mlir-c/RegisterEverything.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    llvm::errs() << "usage: " << argv[0] << " FILE [PIPELINE]\n";
    return 2;
  }

  // MLIR's dialects, then the layout dialect with its Hopper ops (C API of
  // liblayout-c.so on a C++ registry: wrap() is the C API's own bridge).
  mlir::DialectRegistry registry;
  mlirRegisterAllDialects(wrap(&registry));
  mlirLayoutRegisterDialects(wrap(&registry));
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  // Upstream passes (the pipelines name them) and ours.
  mlirRegisterAllPasses();
  mlirLayoutRegisterAllPasses();

  llvm::SourceMgr sources;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], sources, &context);
  if (!module) {
    llvm::errs() << argv[0] << ": cannot parse " << argv[1] << "\n";
    return 1;
  }

  mlir::PassManager pm(&context);
  if (argc == 3) {
    // An anchored pipeline ("builtin.module(...)") replaces the pass
    // manager's contents; parsePassPipeline(text, pm) would nest it instead.
    std::string errors;
    llvm::raw_string_ostream os(errors);
    mlir::FailureOr<mlir::OpPassManager> parsed = mlir::parsePassPipeline(argv[2], os);
    if (mlir::failed(parsed)) {
      llvm::errs() << errors << "\n" << argv[0] << ": bad pipeline '" << argv[2] << "'\n";
      return 1;
    }
    static_cast<mlir::OpPassManager &>(pm) = std::move(*parsed);
  } else {
    // lower-to-index, assembled by hand: the C API hands over a pass object
    // that the C++ pass manager owns from here on.
    pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(mlirLayoutCreateLowerToIndexPass())));
    pm.addPass(mlir::createCanonicalizerPass());
    pm.addPass(mlir::createCSEPass());
  }
  if (mlir::failed(pm.run(*module))) {
    llvm::errs() << argv[0] << ": the pipeline failed\n";
    return 1;
  }
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
