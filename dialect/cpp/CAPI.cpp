//===- CAPI.cpp - C API of the `layout` dialect ---------------------------===//

#include "layout-c/Dialect.h"

#include "Layout/LayoutDialect.h"
#include "Layout/LayoutPasses.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Layout, layout, mlir::layout::LayoutDialect)

bool mlirAttributeIsALayoutValue(MlirAttribute attr) {
  return llvm::isa<mlir::layout::ValueAttr>(unwrap(attr));
}

MlirStringRef mlirLayoutValueAttrGetText(MlirAttribute attr) {
  return wrap(llvm::cast<mlir::layout::ValueAttr>(unwrap(attr)).getText());
}

bool mlirTypeIsALayoutValue(MlirType type) {
  return llvm::isa<mlir::layout::ValueType>(unwrap(type));
}

MlirStringRef mlirLayoutValueTypeGetText(MlirType type) {
  return wrap(llvm::cast<mlir::layout::ValueType>(unwrap(type)).getText());
}

MlirPass mlirLayoutCreateCanonicalizePass(void) {
  return wrap(mlir::layout::createLayoutCanonicalizePass().release());
}

void mlirLayoutRegisterPasses(void) { mlir::layout::registerLayoutPasses(); }
