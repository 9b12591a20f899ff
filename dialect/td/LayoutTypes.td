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
include "LayoutEnums.td"
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

def Layout_TensorType : TypeDef<Layout_Dialect, "MemoryTensor"> {
  let summary = "a tensor in memory: element type, memory space and a layout (runtime leaves allowed)";
  let description = [{
    `!layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>` is a tensor of
    `f16` in global memory whose element at coordinate `c` lies at
    `pointer + layout(c)` elements (CuTe's `Tensor<gmem_ptr<T>, Layout>`). The
    layout is a CuTe layout value type (plain, swizzled or composed); each of
    its `?` leaves is a runtime value of the `layout.make` that built the
    layout. A value of this type is made by `layout.make_tensor` from a pointer
    and a layout value, and tiled by `layout.local_tile`.
  }];
  let mnemonic = "tensor";
  let parameters = (ins "::mlir::Type":$elementType,
                        EnumParameter<Layout_MemorySpace>:$space,
                        "::mlir::layout::ValueType":$layout);
  let assemblyFormat = "`<` $elementType `,` $space `,` qualified($layout) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The LLVM address space of a pointer into this memory (global: 1).
    unsigned getAddressSpace() const;
  }];
}

//===----------------------------------------------------------------------===//
// Operand kinds: which values of `!layout.*` an operand of an op accepts
//===----------------------------------------------------------------------===//

/// A layout-algebra value of one of `kinds` (names of mlir::layout::ValueKind).
/// The ops' operands state their kinds with these; the algebra then checks
/// what the kind alone cannot (ranks, divisibility, ...) with its message.
class Layout_ValueOfKind<list<string> kinds, string summaryText>
    : Type<CPred<"::mlir::layout::isValueOfKind($_self, {" #
                 !interleave(!foreach(k, kinds, "::mlir::layout::ValueKind::" # k), ", ") #
                 "})">,
           summaryText, "::mlir::layout::ValueType">;

/// F: a function of the CuTe algebra: a layout (shape:stride, swizzled or
/// composed), a swizzle, or an integer tuple standing for its compact layout
/// (as CuTe reads a shape where a layout is expected).
def Layout_FunctionValue : Layout_ValueOfKind<["Layout", "Swizzle", "Tuple"],
    "a CuTe layout, swizzle or shape (!layout.layout, !layout.swizzle, !layout.tuple)">;
/// S, c, n: an integer, integer tuple, coordinate or stride tuple.
def Layout_TupleValue : Layout_ValueOfKind<["Tuple"],
    "an integer, integer tuple or coordinate (!layout.tuple)">;
/// T, X: any value of the CuTe algebra (a tiler included).
def Layout_CuteValue : Layout_ValueOfKind<["Layout", "Swizzle", "Tiler", "Tuple"],
    "a CuTe value (!layout.layout, !layout.swizzle, !layout.tiler, !layout.tuple)">;
/// LL: a linear layout over F2.
def Layout_LinearValue : Layout_ValueOfKind<["Linear"],
    "a linear layout (!layout.linear)">;
/// A CuTe layout or a linear layout (the linear ops that read both).
def Layout_LinearOrLayoutValue : Layout_ValueOfKind<["Linear", "Layout", "Swizzle"],
    "a linear or CuTe layout (!layout.linear, !layout.layout, !layout.swizzle)">;
/// A layout of any kind the relation ops name (the verifier refuses LEGO
/// layouts, which have no integer-set relation, with its reason).
def Layout_RelationValue : Layout_ValueOfKind<["Layout", "Swizzle", "Linear", "Bijective"],
    "a layout (!layout.layout, !layout.swizzle, !layout.linear or !layout.bijective)">;

#endif // LAYOUT_TYPES_TD
