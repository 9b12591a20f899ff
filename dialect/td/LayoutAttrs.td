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

def Layout_ValueAttr : AttrDef<Layout_Dialect, "Value"> {
  let summary = "a constant layout-algebra value in canonical CuTe text";
  let attrName = "layout.value";
  let parameters = (ins StringRefParameter<"canonical CuTe text">:$text,
                        "unsigned":$kind);
  // Layout/ValueStorage.h: the key plus memo fields (the type of the same
  // value, whether the text was checked).
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
    /// True once markChecked() recorded that the text is valid, canonical and
    /// static (the requirements of `layout.const`).
    bool isChecked() const;
    void markChecked() const;
  }];
}

#endif // LAYOUT_ATTRS_TD
