//===- LayoutAttrs.td - `layout` attributes ------------------------------===//
//
// One storage class for every algebra value. `text` is the canonical CuTe
// text (as printed by layout_algebra::text::print); `kind` selects the
// mnemonic: layout (layouts, swizzled and composed layouts), swizzle, tiler,
// tuple (integers, integer tuples, coordinates, stride descriptors).
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_ATTRS_TD
#define LAYOUT_ATTRS_TD

include "LayoutDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "LayoutEnums.td"

def Layout_ValueAttr : AttrDef<Layout_Dialect, "Value"> {
  let summary = "a constant layout-algebra value in canonical CuTe text";
  let attrName = "layout.value";
  let parameters = (ins StringRefParameter<"canonical CuTe text">:$text,
                        "unsigned":$kind);
  // Layout/ValueStorage.h: the key, the parsed value and the type of the same
  // value.
  let storageClass = "ValueAttrStorage";
  let storageNamespace = "detail";
  let genStorageClass = 0;
  let extraClassDeclaration = [{
    /// Kind of value (see mlir::layout::ValueKind).
    ::mlir::layout::ValueKind getValueKind() const {
      return static_cast<::mlir::layout::ValueKind>(getKind());
    }
    /// The type of the same text and kind (computed once per value).
    ::mlir::layout::ValueType getValueType() const;
    /// The parsed value (null when the text is not valid text of its kind).
    LayoutHandle getValueHandle() const;
    /// The storage's note on a text that is not a canonical value (ValueStorage.h).
    ::llvm::StringRef getNote() const;
    /// The attribute of `text` and `kind` whose value is `value` (a value the
    /// algebra computed: adopted by a new storage instead of parsed again).
    static ValueAttr getWithValue(::mlir::MLIRContext *context,
                                  ::llvm::StringRef text, unsigned kind,
                                  LayoutHandle value);
  }];
}

#endif // LAYOUT_ATTRS_TD
