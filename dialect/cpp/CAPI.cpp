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

MlirStringRef mlirLayoutValueAttrGetNote(MlirAttribute attr) {
  return wrap(llvm::cast<mlir::layout::ValueAttr>(unwrap(attr)).getNote());
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

MlirType mlirLayoutMemoryTensorTypeGet(MlirContext ctx, MlirType element, unsigned space,
                                       MlirType layout) {
  return wrap(mlir::layout::MemoryTensorType::get(
      unwrap(ctx), unwrap(element), static_cast<mlir::layout::MemorySpace>(space),
      llvm::cast<mlir::layout::ValueType>(unwrap(layout))));
}

MlirType mlirLayoutValueTypeGetWithValue(MlirContext ctx, MlirStringRef text, unsigned kind,
                                         const void *value) {
  return wrap(mlir::layout::ValueType::getWithValue(unwrap(ctx), unwrap(text), kind,
                                                    static_cast<LayoutHandle>(value)));
}

MlirAttribute mlirLayoutValueTypeGetValueAttr(MlirType type) {
  return wrap(llvm::cast<mlir::layout::ValueType>(unwrap(type)).getValueAttr());
}

bool mlirLayoutOperationIsPure(MlirOperation op) { return mlir::isPure(unwrap(op)); }

void mlirLayoutEmitOpDiagnostic(MlirOperation op, bool remark, const char *message,
                                MlirLocation noteLoc, const char *note) {
  mlir::Operation *o = unwrap(op);
  mlir::InFlightDiagnostic d = remark ? o->emitRemark() << message : o->emitOpError() << message;
  if (note)
    d.attachNote(unwrap(noteLoc)) << note;
}

MlirStringRef mlirLayoutHardwareElementTypes(void) {
  return wrap(mlir::layout::hardwareElementTypes());
}
