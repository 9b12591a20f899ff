//===- LayoutTypes.td - `layout` types -----------------------------------===//
//
// The type of an SSA layout-algebra value. `text` is the canonical CuTe text
// of the value, where each `?` leaf is supplied at run time; the text `*`
// stands for a value whose structure is not known statically.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_TYPES_TD
#define LAYOUT_TYPES_TD

include "LayoutDialect.td"
include "mlir/IR/AttrTypeBase.td"

def Layout_ValueType : TypeDef<Layout_Dialect, "Value"> {
  let summary = "an SSA layout-algebra value; `?` leaves are runtime index values";
  let typeName = "layout.value";
  let parameters = (ins StringRefParameter<"canonical CuTe text">:$text,
                        "unsigned":$kind);
  // Layout/ValueStorage.h: the key, the parsed value and the attribute of the
  // same value.
  let storageClass = "ValueTypeStorage";
  let storageNamespace = "detail";
  let genStorageClass = 0;
  let extraClassDeclaration = [{
    /// The attribute of the same text and kind (computed once per value).
    ::mlir::layout::ValueAttr getValueAttr() const;
    ::mlir::layout::ValueKind getValueKind() const {
      return static_cast<::mlir::layout::ValueKind>(getKind());
    }
    /// True when the text has no `?` leaf and is not `*`: the value is then
    /// fully determined by the type.
    bool isStatic() const;
    /// The parsed value (null for `*` and for text that is not valid).
    LayoutHandle getValueHandle() const;
    /// This type as an operand of a Rust call (text, kind and value).
    LayoutOperand asOperand() const;
    /// The type of `text` and `kind` whose value is `value` (a value the
    /// algebra computed: adopted by a new storage instead of parsed again).
    static ValueType getWithValue(::mlir::MLIRContext *context,
                                  ::llvm::StringRef text, unsigned kind,
                                  LayoutHandle value);
  }];
}

#endif // LAYOUT_TYPES_TD
