//===- LayoutPlugin.cpp - mlir-opt-22 dialect and pass plugin -------------===//
//
//   mlir-opt-22 --load-dialect-plugin=liblayout_plugin.so \
//               --load-pass-plugin=liblayout_plugin.so \
//               --pass-pipeline='builtin.module(lower-to-nvvm{ptx=out.ptx})' in.mlir
//
// A thin module over liblayout-c.so, which holds the dialect, its Hopper ops
// and every pass and pipeline: the plugin only hands them to mlir-opt through
// the C API, so that there is one copy of each.
//
//===----------------------------------------------------------------------===//

#include "layout-c/Layout.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
::mlir::DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Layout", LLVM_VERSION_STRING,
          [](::mlir::DialectRegistry *registry) {
            mlirLayoutRegisterDialects(wrap(registry));
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
::mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LayoutPasses", LLVM_VERSION_STRING,
          []() { mlirLayoutRegisterAllPasses(); }};
}
