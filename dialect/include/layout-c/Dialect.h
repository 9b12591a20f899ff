/*===- layout-c/Dialect.h - C API of the `layout` dialect ---------*- C -*-===*/
/*                                                                            */
/* Register the dialect with mlirDialectHandleRegisterDialect(                */
/*   mlirGetDialectHandle__layout__(), ctx) and read back the canonical CuTe  */
/* text of its attributes (#layout.layout<...>, ...) and types.               */
/*                                                                            */
/*===----------------------------------------------------------------------===*/

#ifndef LAYOUT_C_DIALECT_H
#define LAYOUT_C_DIALECT_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Layout, layout);

/// True if `attr` is a layout-dialect value attribute (#layout.layout<...>,
/// #layout.swizzle<...>, #layout.tiler<...>, #layout.tuple<...>).
MLIR_CAPI_EXPORTED bool mlirAttributeIsALayoutValue(MlirAttribute attr);
/// Canonical CuTe text of a layout-dialect attribute.
MLIR_CAPI_EXPORTED MlirStringRef mlirLayoutValueAttrGetText(MlirAttribute attr);
/// What the attribute's storage noted when it parsed its text: empty for a
/// canonical text (or `*`), else the parse error (no value) or the canonical
/// text of the value.
MLIR_CAPI_EXPORTED MlirStringRef mlirLayoutValueAttrGetNote(MlirAttribute attr);
/// True if `type` is a layout-dialect value type (!layout.layout<...>, ...).
MLIR_CAPI_EXPORTED bool mlirTypeIsALayoutValue(MlirType type);
/// Canonical CuTe text of a layout-dialect type (`*` when unknown).
MLIR_CAPI_EXPORTED MlirStringRef mlirLayoutValueTypeGetText(MlirType type);

/// The parsed value an attribute or type holds (a reference-counted Rust
/// value, see dialect/ffi/src/stored.rs), borrowed: valid as long as the
/// attribute or type, i.e. the context. Null for `*` and invalid text.
MLIR_CAPI_EXPORTED const void *mlirLayoutValueAttrGetValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED const void *mlirLayoutValueTypeGetValue(MlirType type);
/// The kind of a layout-dialect type: 0 layout, 1 swizzle, 2 tiler, 3 tuple,
/// 4 linear, 5 bijective (its mnemonic).
MLIR_CAPI_EXPORTED unsigned mlirLayoutValueTypeGetKind(MlirType type);
/// The kind of a layout-dialect attribute (numbered as the types').
MLIR_CAPI_EXPORTED unsigned mlirLayoutValueAttrGetKind(MlirAttribute attr);

/// True if `type` is a tensor in memory (`!layout.tensor<T, space, L>`).
MLIR_CAPI_EXPORTED bool mlirTypeIsALayoutMemoryTensor(MlirType type);
/// The element type `T` of a tensor in memory.
MLIR_CAPI_EXPORTED MlirType mlirLayoutMemoryTensorTypeGetElementType(MlirType type);
/// The memory a tensor lives in: 0 global, 1 shared, 2 tmem, 3 tma.
MLIR_CAPI_EXPORTED unsigned mlirLayoutMemoryTensorTypeGetSpace(MlirType type);
/// The layout type `L` of a tensor in memory (a layout-dialect value type).
MLIR_CAPI_EXPORTED MlirType mlirLayoutMemoryTensorTypeGetLayout(MlirType type);
/// The tensor in memory `!layout.tensor<element, space, layout>` (space as
/// above; `layout` a layout-dialect value type).
MLIR_CAPI_EXPORTED MlirType mlirLayoutMemoryTensorTypeGet(MlirContext ctx, MlirType element,
                                                          unsigned space, MlirType layout);
/// The layout-dialect type of kind `kind` whose canonical text is `text` and
/// whose value is `value` (a handle the caller keeps alive during the call; a
/// new type's storage adopts it with a reference of its own, so it is not parsed).
MLIR_CAPI_EXPORTED MlirType mlirLayoutValueTypeGetWithValue(MlirContext ctx, MlirStringRef text,
                                                            unsigned kind, const void *value);
/// The attribute of a layout-dialect type (same text, kind and value).
MLIR_CAPI_EXPORTED MlirAttribute mlirLayoutValueTypeGetValueAttr(MlirType type);

/// Whether `op` is pure (speculatable and free of memory effects; mlir::isPure).
MLIR_CAPI_EXPORTED bool mlirLayoutOperationIsPure(MlirOperation op);

/// Emit `message` at `loc` as a remark (severity 0), warning (1) or error (2).
/// The MLIR C API emits errors only; passes written in other languages use this.
MLIR_CAPI_EXPORTED void mlirLayoutEmitDiagnostic(MlirLocation loc, int severity,
                                                 const char *message);
/// Emit `message` as the error of `op` (`remark` false), as `op->emitOpError()
/// << message` does in C++ (`'<name>' op <message>`), or as its remark (`remark`
/// true), as `op->emitRemark() << message` does, with the op attached as a note
/// when the context prints ops on diagnostics; then, unless `note` is null, the note `note` at
/// `noteLoc`: the diagnostics a verifier or pass written in Rust emits where
/// its C++ original emitted them.
MLIR_CAPI_EXPORTED void mlirLayoutEmitOpDiagnostic(MlirOperation op, bool remark,
                                                   const char *message, MlirLocation noteLoc,
                                                   const char *note);
/// The element types the hardware ops accept, as MLIR spells them, for
/// diagnostics (`f16, bf16, ...`).
MLIR_CAPI_EXPORTED MlirStringRef mlirLayoutHardwareElementTypes(void);

/// A new `layout-canonicalize` pass (owned by the caller, e.g. a pass manager).
MLIR_CAPI_EXPORTED MlirPass mlirLayoutCreateCanonicalizePass(void);
/// Register the layout passes with the global pass registry (for textual
/// pipelines such as "builtin.module(layout-canonicalize)").
MLIR_CAPI_EXPORTED void mlirLayoutRegisterPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* LAYOUT_C_DIALECT_H */
