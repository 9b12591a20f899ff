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

void mlirLayoutEmitDiagnostic(MlirLocation loc, int severity,
                              const char *message) {
  mlir::Location l = unwrap(loc);
  switch (severity) {
  case 0:
    mlir::emitRemark(l) << message;
    return;
  case 1:
    mlir::emitWarning(l) << message;
    return;
  default:
    mlir::emitError(l) << message;
  }
}

const void *mlirLayoutValueAttrGetValue(MlirAttribute attr) {
  return llvm::cast<mlir::layout::ValueAttr>(unwrap(attr)).getValueHandle();
}

const void *mlirLayoutValueTypeGetValue(MlirType type) {
  return llvm::cast<mlir::layout::ValueType>(unwrap(type)).getValueHandle();
}

MlirAttribute mlirLayoutValueTypeGetAttr(MlirType type) {
  return wrap(mlir::Attribute(llvm::cast<mlir::layout::ValueType>(unwrap(type)).getValueAttr()));
}

unsigned mlirLayoutValueAttrGetKind(MlirAttribute attr) {
  return llvm::cast<mlir::layout::ValueAttr>(unwrap(attr)).getKind();
}

unsigned mlirLayoutValueTypeGetKind(MlirType type) {
  return llvm::cast<mlir::layout::ValueType>(unwrap(type)).getKind();
}

bool mlirTypeIsALayoutMemoryTensor(MlirType type) {
  return llvm::isa<mlir::layout::MemoryTensorType>(unwrap(type));
}

MlirType mlirLayoutMemoryTensorTypeGetElementType(MlirType type) {
  return wrap(llvm::cast<mlir::layout::MemoryTensorType>(unwrap(type)).getElementType());
}

unsigned mlirLayoutMemoryTensorTypeGetSpace(MlirType type) {
  return static_cast<unsigned>(llvm::cast<mlir::layout::MemoryTensorType>(unwrap(type)).getSpace());
}

MlirType mlirLayoutMemoryTensorTypeGetLayout(MlirType type) {
  return wrap(llvm::cast<mlir::layout::MemoryTensorType>(unwrap(type)).getLayout());
}

void mlirLayoutEmitOpError(MlirOperation op, const char *message) {
  unwrap(op)->emitOpError() << message;
}

MlirStringRef mlirLayoutHardwareElementTypes(void) {
  return wrap(mlir::layout::hardwareElementTypes());
}
