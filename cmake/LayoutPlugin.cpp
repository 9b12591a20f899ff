//===- LayoutPlugin.cpp - mlir-opt-22 dialect and pass plugin -------------===//
//
//   mlir-opt-22 --load-dialect-plugin=liblayout_plugin.so \
//               --load-pass-plugin=liblayout_plugin.so \
//               --pass-pipeline='builtin.module(layout-canonicalize)' in.mlir
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "Layout/LayoutPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
::mlir::DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Layout", LLVM_VERSION_STRING,
          [](::mlir::DialectRegistry *registry) {
            registry->insert<::mlir::layout::LayoutDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
::mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LayoutPasses", LLVM_VERSION_STRING,
          []() { ::mlir::layout::registerLayoutPasses(); }};
}
