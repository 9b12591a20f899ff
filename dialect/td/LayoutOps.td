//===- LayoutOps.td - `layout` operations --------------------------------===//
//
// Every algebra op of layout-algebra is an op here, named by its CuTe name.
// Result types are inferred by the Rust algebra from the operand types; an
// illegal application is a diagnostic carrying the algebra's message (mode and
// condition). Ops fold when their operands are static.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPS_TD
#define LAYOUT_OPS_TD

include "LayoutDialect.td"
include "LayoutAttrs.td"
include "LayoutTypes.td"
include "LayoutOpContracts.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Layout_Op<string mnemonic, list<Trait> traits = []>
    : Op<Layout_Dialect, mnemonic, traits>;

// The op's verifier is in Rust (dialect/src/op_verifier.rs). Last in the op's traits, it runs
// after the others, where a C++ `verify()` would.
def Layout_RustVerifier : NativeOpTrait<"RustVerified"> {
  let cppNamespace = "::mlir::layout";
}

class Layout_RustVerifiedOp<string mnemonic, list<Trait> traits = []>
    : Layout_Op<mnemonic, !listconcat(traits, [Layout_RustVerifier])>;

//===----------------------------------------------------------------------===//
// Constants and constructors
//===----------------------------------------------------------------------===//

def Layout_ConstOp : Layout_RustVerifiedOp<"const", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "a constant layout-algebra value";
  let description = [{
    ```mlir
    %l = layout.const #layout.layout<(4,8):(8,1)>
    ```
    The result type is `!layout.<kind><text>` of the attribute.
  }] # !cast<Layout_Contract>("Layout_Contract_const").text;
  let arguments = (ins Layout_ValueAttr:$value);
  let results = (outs Layout_ValueType:$result);
  // `qualified($value) attr-dict`, written by hand so that printing does not
  // build a dictionary of the inherent `value` for every constant
  // (LayoutOps.cpp).
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
}

def Layout_MakeOp : Layout_RustVerifiedOp<"make", [Pure]> {
  let summary = "a layout value whose `?` leaves are runtime index values";
  let description = [{
    One `index` operand per `?` leaf of the result type, in print order.
    ```mlir
    %l = layout.make %m, %ld : !layout.layout<(?,8):(1,?)>
    ```
  }] # !cast<Layout_Contract>("Layout_Contract_make").text;
  let arguments = (ins Variadic<Index>:$leaves);
  let results = (outs Layout_ValueType:$result);
  let assemblyFormat = "$leaves attr-dict `:` qualified(type($result))";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// The algebra: value-valued ops (generic over the CuTe op name)
//===----------------------------------------------------------------------===//

class Layout_AlgebraOp<string mnemonic, string doc, dag operands, string format,
                       Type resultKind = Layout_CuteValue, list<Trait> traits = []>
    : Layout_Op<mnemonic, !listconcat([Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>], traits)> {
  let summary = "CuTe `" # mnemonic # "`";
  let description = doc # !cast<Layout_Contract>("Layout_Contract_" # mnemonic).text # [{

    Operands are layout-algebra values of the kinds the op's arguments state
    (layouts, tuples, tilers); the result type is computed by the algebra from
    the operand types. The op folds to a `layout.const` when the result type
    is static.
  }];
  let arguments = operands;
  let results = (outs resultKind:$result);
  let assemblyFormat = format;
  let hasFolder = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      return ::mlir::layout::inferInRust(
          context, location, getOperationName(), operands.getTypes(),
          inferredReturnTypes);
    }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::layout::foldStaticValue(getResult().getType());
    }
  }];
}

def Layout_CoalesceOp : Layout_AlgebraOp<"coalesce",
  "Merge modes that are contiguous in the codomain (same function, fewer modes).",
  (ins Layout_FunctionValue:$a, Optional<Layout_TupleValue>:$b),
  "$a (`,` $b^)? attr-dict `:` qualified(type($a)) (`,` qualified(type($b))^)?">;
def Layout_FilterZerosOp : Layout_AlgebraOp<"filter_zeros",
  "Replace modes of stride 0 by modes of size 1.",
  (ins Layout_FunctionValue:$a, Optional<Layout_TupleValue>:$b),
  "$a (`,` $b^)? attr-dict `:` qualified(type($a)) (`,` qualified(type($b))^)?">;
def Layout_FilterOp : Layout_AlgebraOp<"filter",
  "coalesce(filter_zeros(L)): the footprint of L.",
  (ins Layout_FunctionValue:$a, Optional<Layout_TupleValue>:$b),
  "$a (`,` $b^)? attr-dict `:` qualified(type($a)) (`,` qualified(type($b))^)?">;
def Layout_CompositionOp : Layout_AlgebraOp<"composition", [{
    R = A o B, with R(c) = A(B(c)) for every coordinate c of B. When the image
    of B reaches past size(A), A is read outside its domain (extended along its
    last mode, as CuTe does): the verifier warns and names the index range
    [size(A), cosize(B)), computed by the algebra (linear in the number of
    leaves: the verifier runs no search). The exact set of coordinates of B
    that read past size(A) is the opt-in analysis
    `--layout-composition-domain` (an ISL set over B's natural coordinates,
    under an operation and time budget).
  }],
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))",
  Layout_CuteValue, [Layout_RustVerifier]>;
def Layout_ComplementOp : Layout_AlgebraOp<"complement",
  "The layout of the offsets L does not reach, up to an optional cosize target.",
  (ins Layout_FunctionValue:$a, Optional<Layout_CuteValue>:$b),
  "$a (`,` $b^)? attr-dict `:` qualified(type($a)) (`,` qualified(type($b))^)?">;
def Layout_RightInverseOp : Layout_AlgebraOp<"right_inverse",
  "R with L(R(i)) = i on R's domain.",
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_LeftInverseOp : Layout_AlgebraOp<"left_inverse",
  "R with R(L(c)) = c for every coordinate of L.",
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_LogicalDivideOp : Layout_AlgebraOp<"logical_divide",
  "A o (B, complement(B, size(A))).",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_ZippedDivideOp : Layout_AlgebraOp<"zipped_divide",
  "logical_divide with the tile modes gathered into mode 0.",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_TiledDivideOp : Layout_AlgebraOp<"tiled_divide",
  "zipped_divide with the rest modes unpacked.",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_FlatDivideOp : Layout_AlgebraOp<"flat_divide",
  "zipped_divide with every mode unpacked.",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_LogicalProductOp : Layout_AlgebraOp<"logical_product",
  "(A, complement(A, size(A) cosize(B)) o B).",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_ZippedProductOp : Layout_AlgebraOp<"zipped_product",
  "logical_product, zipped by mode.",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_TiledProductOp : Layout_AlgebraOp<"tiled_product",
  "zipped_product with the rest modes unpacked.",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_FlatProductOp : Layout_AlgebraOp<"flat_product",
  "zipped_product with every mode unpacked.",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_BlockedProductOp : Layout_AlgebraOp<"blocked_product",
  "logical_product with the modes of A and B interleaved, A inner.",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_RakedProductOp : Layout_AlgebraOp<"raked_product",
  "logical_product with the modes of A and B interleaved, B inner.",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_SliceOp : Layout_AlgebraOp<"slice",
  "The sub-layout selected by the `_` modes of a coordinate: slice(crd, L).",
  (ins Layout_TupleValue:$a, Layout_FunctionValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_DiceOp : Layout_AlgebraOp<"dice",
  "The sub-layout of the modes not selected by `_`: dice(crd, L).",
  (ins Layout_TupleValue:$a, Layout_FunctionValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_ShapeOp : Layout_AlgebraOp<"shape", "The shape of a layout.",
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))",
  Layout_TupleValue>;
def Layout_StrideOp : Layout_AlgebraOp<"stride", "The stride of a layout.",
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))",
  Layout_TupleValue>;

def Layout_FlattenOp : Layout_AlgebraOp<"flatten",
  "The layout (or tuple) with every nested mode unpacked to top level.",
  (ins Layout_CuteValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_AppendOp : Layout_AlgebraOp<"append",
  "The layout A with the layout B appended as a new last mode.",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_PrependOp : Layout_AlgebraOp<"prepend",
  "The layout A with the layout B prepended as a new first mode.",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_MakeLayoutOp : Layout_AlgebraOp<"make_layout",
  "A layout from a shape (compact, column-major) or from a shape and a stride.",
  (ins Layout_TupleValue:$a, Optional<Layout_TupleValue>:$b),
  "$a (`,` $b^)? attr-dict `:` qualified(type($a)) (`,` qualified(type($b))^)?">;

def Layout_NullspaceOp : Layout_AlgebraOp<"nullspace",
  "The layout of the linear indices that L maps to offset 0.",
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_DomainDistributeOp : Layout_AlgebraOp<"domain_distribute",
  "A layout that distributes a count over a shape's domain, innermost modes first.",
  (ins Layout_FunctionValue:$a, Layout_TupleValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_MaxCommonLayoutOp : Layout_AlgebraOp<"max_common_layout",
  "The largest layout R with A o R and B o R both contiguous (`n:1`).",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_UpcastOp : Layout_AlgebraOp<"upcast",
  "The layout in units of N elements (strides divided, unit-stride modes shrunk).",
  (ins Layout_FunctionValue:$a, Layout_TupleValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_DowncastOp : Layout_AlgebraOp<"downcast",
  "The layout in units of 1/N element (strides and unit-stride modes scaled).",
  (ins Layout_FunctionValue:$a, Layout_TupleValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_RecastOp : Layout_AlgebraOp<"recast",
  "The layout of elements of `from` bits viewed as elements of `to` bits: recast(L, from, to).",
  (ins Layout_FunctionValue:$a, Layout_TupleValue:$b, Layout_TupleValue:$c),
  "$a `,` $b `,` $c attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($c))">;
def Layout_TileToShapeOp : Layout_AlgebraOp<"tile_to_shape",
  "The tile repeated (blocked) to a target shape, optionally in a given mode order.",
  (ins Layout_FunctionValue:$a, Layout_TupleValue:$b, Optional<Layout_TupleValue>:$c),
  "$a `,` $b (`,` $c^)? attr-dict `:` qualified(type($a)) `,` qualified(type($b)) (`,` qualified(type($c))^)?">;
def Layout_TidfrgOp : Layout_AlgebraOp<"tidfrg",
  "The partition of a layout among the threads of a tiled copy: (thread, values, rest tiles).",
  (ins Layout_FunctionValue:$a, Layout_FunctionValue:$b, Layout_FunctionValue:$c, Layout_TupleValue:$d),
  "$a `,` $b `,` $c `,` $d attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($c)) `,` qualified(type($d))">;
def Layout_ThrfrgOp : Layout_AlgebraOp<"thrfrg",
  "The partition of a layout among the threads of a tiled MMA: ((thread, atom grid), (values, rest tiles)).",
  (ins Layout_FunctionValue:$a, Layout_FunctionValue:$b, Layout_TupleValue:$c, Layout_TupleValue:$d,
       Optional<Layout_CuteValue>:$e),
  "$a `,` $b `,` $c `,` $d (`,` $e^)? attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($c)) `,` qualified(type($d)) (`,` qualified(type($e))^)?">;
def Layout_MakeOrderedLayoutOp : Layout_AlgebraOp<"make_ordered_layout",
  "The compact layout of a shape whose modes are ordered by an order tuple.",
  (ins Layout_TupleValue:$a, Layout_TupleValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_MakeLayoutLikeOp : Layout_AlgebraOp<"make_layout_like",
  "The compact layout with the same shape and stride order as L.",
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_MakeIdentityLayoutOp : Layout_AlgebraOp<"make_identity_layout",
  "The identity layout of a shape (strides are the basis vectors `1@i`).",
  (ins Layout_TupleValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_CeilDivOp : Layout_AlgebraOp<"ceil_div",
  "Element-wise ceiling division of integer tuples.",
  (ins Layout_TupleValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))",
  Layout_TupleValue>;
def Layout_ShapeDivOp : Layout_AlgebraOp<"shape_div",
  "CuTe shape division of integer tuples (divisibility checked).",
  (ins Layout_TupleValue:$a, Layout_TupleValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))",
  Layout_TupleValue>;

/// Algebra ops with static integer parameters (mode indices), passed to the
/// algebra after the operands.
class Layout_IndexedAlgebraOp<string mnemonic, string doc, Type operandKind,
                              Type resultKind = Layout_CuteValue>
    : Layout_Op<mnemonic, [Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "CuTe `" # mnemonic # "`";
  let description = doc # !cast<Layout_Contract>("Layout_Contract_" # mnemonic).text # [{

    The integer parameters follow the operands in brackets. The op folds to a
    `layout.const` when the result type is static.
  }];
  let arguments = (ins operandKind:$a, DenseI64ArrayAttr:$indices);
  let results = (outs resultKind:$result);
  let assemblyFormat =
      "$a `modes` $indices attr-dict `:` qualified(type($a))";
  let hasFolder = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      Adaptor adaptor(operands, attributes, properties, regions);
      return ::mlir::layout::inferInRust(
          context, location, getOperationName(), operands.getTypes(),
          inferredReturnTypes, adaptor.getIndices());
    }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::layout::foldStaticValue(getResult().getType());
    }
  }];
}

def Layout_GetOp : Layout_IndexedAlgebraOp<"get",
  "The sub-layout at a path of mode indices: `layout.get %l modes [1, 0]`.", Layout_CuteValue>;
def Layout_SelectOp : Layout_IndexedAlgebraOp<"select",
  "The layout of the selected top-level modes, in the given order.", Layout_CuteValue>;
def Layout_TakeOp : Layout_IndexedAlgebraOp<"take",
  "The layout of the top-level modes [b, e): `layout.take %l modes [b, e]`.", Layout_FunctionValue>;
def Layout_GroupModesOp : Layout_IndexedAlgebraOp<"group_modes",
  "The modes [b, e) grouped into one mode: `layout.group_modes %l modes [b, e]`.", Layout_FunctionValue>;

//===----------------------------------------------------------------------===//
// The algebra: index-valued ops
//===----------------------------------------------------------------------===//

class Layout_IndexOp<string mnemonic, string doc, dag operands, string format>
    : Layout_RustVerifiedOp<mnemonic, [Pure]> {
  let summary = "CuTe `" # mnemonic # "`";
  let description = doc # !cast<Layout_Contract>("Layout_Contract_" # mnemonic).text # [{

    Folds to an `arith.constant` of type `index` when the operands are static.
  }];
  let arguments = operands;
  let results = (outs Index:$result);
  let assemblyFormat = format;
  let hasFolder = 1;
  // Verifier and folder: dialect/src/index_ops.rs.
  let extraClassDefinition = [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::layout::foldInRust(getOperation(), {});
    }
  }];
}

def Layout_SizeOp : Layout_IndexOp<"size", "The number of coordinates of a layout.",
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_CosizeOp : Layout_IndexOp<"cosize", [{
    The codomain size: L(size(L) - 1) + 1. It observes only the footprint of
    the layout: canonicalization replaces the operand by its `filter`.
  }],
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))"> {
  let hasCanonicalizer = 1;
}
def Layout_RankOp : Layout_IndexOp<"rank", "The number of top-level modes.",
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_DepthOp : Layout_IndexOp<"depth", "The nesting depth of the shape.",
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_MaxCommonVectorOp : Layout_IndexOp<"max_common_vector",
  "The number of elements contiguous in both layouts (a vector width).",
  (ins Layout_FunctionValue:$a, Layout_CuteValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_MaxAlignmentOp : Layout_IndexOp<"max_alignment",
  "The largest alignment (in elements) of the layout's contiguous vectors.",
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))">;

class Layout_LeafOp<string mnemonic, string what>
    : Layout_RustVerifiedOp<mnemonic, [Pure]> {
  let summary = "the " # what # " leaf of a layout at a mode path, as an index";
  let description = [{
    The leaf at the mode path (outermost first) of the layout's }] # what # [{.
    Folds to an `arith.constant` when the leaf is static, and to the matching
    operand of `layout.make` when the leaf is a runtime `?` leaf of a layout
    built by `layout.make`.
    ```mlir
    %n = layout.}] # mnemonic # [{ %l modes [0, 1] : !layout.layout<((2,?),8):((1,?),16)>
    ```
  }] # !cast<Layout_Contract>("Layout_Contract_" # mnemonic).text;
  let arguments = (ins Layout_ValueType:$layout, DenseI64ArrayAttr:$path);
  let results = (outs Index:$result);
  let assemblyFormat =
      "$layout `modes` $path attr-dict `:` qualified(type($layout))";
  let hasFolder = 1;
  let extraClassDefinition = [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::layout::foldInRust(getOperation(), getPath());
    }
  }];
}

def Layout_ShapeLeafOp : Layout_LeafOp<"shape_leaf", "shape">;
def Layout_StrideLeafOp : Layout_LeafOp<"stride_leaf", "stride">;

//===----------------------------------------------------------------------===//
// Application
//===----------------------------------------------------------------------===//

def Layout_Crd2IdxOp : Layout_RustVerifiedOp<"crd2idx", [Pure]> {
  let summary = "apply a layout to a coordinate: the offset L(c)";
  let description = [{
    The coordinate is a linear index (one operand) or one index per
    top-level mode of the layout.
    ```mlir
    %o = layout.crd2idx %l[%i, %j] : !layout.layout<(4,8):(8,1)>
    ```
    Folds to an `arith.constant` when the layout is static and the
    coordinate operands are constants. The coordinate must lie in the domain
    of the layout. With a linear index the op observes only the function of
    the layout: canonicalization replaces the layout by its `coalesce`.
  }] # !cast<Layout_Contract>("Layout_Contract_crd2idx").text;
  let arguments = (ins Layout_ValueType:$layout, Variadic<Index>:$coord);
  let hasCanonicalizer = 1;
  let results = (outs Index:$result);
  let assemblyFormat =
      "$layout `[` $coord `]` attr-dict `:` qualified(type($layout))";
  let hasFolder = 1;
}

def Layout_Idx2CrdOp : Layout_RustVerifiedOp<"idx2crd", [Pure]> {
  let summary = "the coordinate of a linear index in a shape";
  let description = [{
    One `index` result per leaf of the shape (in print order).
    ```mlir
    %i, %j = layout.idx2crd %l[%idx] : !layout.layout<(4,8):(8,1)> -> index, index
    ```
  }] # !cast<Layout_Contract>("Layout_Contract_idx2crd").text;
  let arguments = (ins Layout_ValueType:$layout, Index:$index);
  let results = (outs Variadic<Index>:$coord);
  let assemblyFormat =
      "$layout `[` $index `]` attr-dict `:` qualified(type($layout)) `->` type($coord)";
  let hasFolder = 1;
}

def Layout_LinearApplyOp : Layout_RustVerifiedOp<"linear_apply", [Pure,
    AttrSizedOperandSegments]> {
  let summary = "apply a linear layout to input indices: the flattened offset";
  let description = [{
    The linear layout is an attribute or an SSA value of type
    `!layout.linear<...>` (static: the type determines it). One `index`
    operand per input dimension of the linear layout, in order; input i must
    lie in [0, 2^bits(i)). The result is the flattened offset: the output
    dimensions packed minor-to-major (the algebra's `apply_packed`).
    ```mlir
    %o = layout.linear_apply #layout.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = []}>[%r, %l, %w, %b]
    %p = layout.linear_apply %lin[%r, %l, %w, %b] : !layout.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = []}>
    ```
    The verifier checks the operand count against the input dimensions.
    `--layout-lower-to-index` lowers it to and/shift/mul/xor index math.
  }] # !cast<Layout_Contract>("Layout_Contract_linear_apply").text;
  let arguments = (ins OptionalAttr<Layout_ValueAttr>:$layout,
                       Optional<Layout_ValueType>:$linear,
                       Variadic<Index>:$inputs);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    ($linear^) : (qualified($layout))? `[` $inputs `]` attr-dict
    (`:` qualified(type($linear))^)?
  }];
}

//===----------------------------------------------------------------------===//
// Linear layouts: conversions with CuTe layouts and the F2 algebra
//===----------------------------------------------------------------------===//

/// Ops on linear layouts (`!layout.linear<...>`) and conversions with CuTe
/// layouts. The Rust side (layout_ffi_infer_result, its table LINEAR_OPS) maps
/// the op to the operation of layout_algebra::linear and checks the operand
/// kinds.
class Layout_LinearOp<string mnemonic, string algebraOp, string doc, dag operands,
                      string format, Type resultKind = Layout_LinearValue>
    : Layout_Op<mnemonic, [Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "linear layouts: `" # algebraOp # "` of layout_algebra::linear";
  let description = doc # !cast<Layout_Contract>("Layout_Contract_" # algebraOp).text # [{

    The result type is computed by the algebra from the operand types (linear
    layouts are static); an operation the algebra refuses is a diagnostic
    carrying its message. The op folds to a `layout.const`.
  }];
  let arguments = operands;
  let results = (outs resultKind:$result);
  let assemblyFormat = format;
  let hasFolder = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      return ::mlir::layout::inferInRust(
          context, location, getOperationName(), operands.getTypes(),
          inferredReturnTypes);
    }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::layout::foldStaticValue(getResult().getType());
    }
  }];
}

def Layout_ToLinearOp : Layout_LinearOp<"to_linear", "linear_from_cute", [{
    The linear layout of a CuTe layout (power-of-two extents, power-of-two or
    zero strides, no two coordinate bits reaching the same offset bit), of a
    swizzle, or of `Sw<B,M,S> o 0 o L`, exactly. In dimensions `dim0, dim1,
    ...` (one per top-level mode), out dimension `offset`.
    ```mlir
    %x = layout.to_linear %l : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
    ```
  }],
  (ins Layout_FunctionValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_FromLinearOp : Layout_LinearOp<"from_linear", "linear_to_cute", [{
    The CuTe layout of a linear layout: one top-level mode per in dimension,
    the out dimensions flattened into one offset; with a swizzle
    `Sw<B,M,S> o 0 o L` when the images overlap, or a diagnostic naming two
    overlapping images when no swizzle separates them.
    ```mlir
    %l = layout.from_linear %x : !layout.linear<...>
    ```
  }],
  (ins Layout_LinearValue:$a),
  "$a attr-dict `:` qualified(type($a))",
  Layout_FunctionValue>;
def Layout_LinearComposeOp : Layout_LinearOp<"linear_compose", "linear_compose", [{
    `x -> B(A(x))` (Triton's `A.compose(B)`): A's out dimensions are B's in
    dimensions.
    ```mlir
    %c = layout.linear_compose %a, %b : !layout.linear<...>, !layout.linear<...>
    ```
  }],
  (ins Layout_LinearValue:$a, Layout_LinearValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_LinearInvertOp : Layout_LinearOp<"linear_invert", "linear_invert", [{
    The inverse of a bijective linear layout (square and surjective).
  }],
  (ins Layout_LinearValue:$a),
  "$a attr-dict `:` qualified(type($a))">;
def Layout_LinearInvertAndComposeOp : Layout_LinearOp<"linear_invert_and_compose",
    "linear_invert_and_compose", [{
    C with B(C(x)) == A(x) (Triton's `A.invertAndCompose(B)`, the conversion
    from layout A to layout B): smallest preimage, identity on shared
    broadcast dimensions.
  }],
  (ins Layout_LinearValue:$a, Layout_LinearValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;
def Layout_LinearProductOp : Layout_LinearOp<"linear_product", "linear_product", [{
    Triton's `A * B`: A is the minor part; shared dimensions are multiplied.
  }],
  (ins Layout_LinearValue:$a, Layout_LinearValue:$b),
  "$a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b))">;

//===----------------------------------------------------------------------===//
// Linear layouts: analyses (vectorization, bank conflicts, swizzle choice)
//===----------------------------------------------------------------------===//

/// Index-valued analyses of linear layouts. The Rust side
/// (dialect/src/index_ops.rs) checks the operand kinds and calls the batch
/// operation of layout_algebra::linear with the op's name.
class Layout_LinearIndexAnalysisOp<string mnemonic, dag args, string doc>
    : Layout_RustVerifiedOp<mnemonic, [Pure]> {
  let summary = "linear layouts: `" # mnemonic # "` of layout_algebra::linear";
  let description = doc # !cast<Layout_Contract>("Layout_Contract_" # mnemonic).text # [{

    Computed by the algebra (linear layouts are static); folds to an
    `arith.constant` of type `index`. An operation the algebra refuses is a
    diagnostic carrying its message.
  }];
  let arguments = args;
  let results = (outs Index:$result);
  let hasFolder = 1;
  // Verifier and folder: dialect/src/index_ops.rs.
  let extraClassDefinition = [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::layout::foldInRust(getOperation(), {});
    }
  }];
}

def Layout_LinearVectorWidthOp : Layout_LinearIndexAnalysisOp<"linear_vector_width",
    (ins Layout_LinearValue:$layout), [{
    The vector width of a register layout: the number of consecutive
    registers of a thread that hold consecutive elements along the fastest
    tensor dimension. Out dims `dim0, ..., dim{n-1}` are a row-major
    tensor's (`dim{n-1}` fastest); other out dims are read as Triton's
    `getNumConsecutiveInOut` does (the first one fastest).
    ```mlir
    %v = layout.linear_vector_width %l : !layout.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0]]}>
    ```
  }]> {
  let assemblyFormat = "$layout attr-dict `:` qualified(type($layout))";
}

def Layout_LinearBankConflictsOp : Layout_LinearIndexAnalysisOp<"linear_bank_conflicts",
    (ins Layout_LinearValue:$a, Optional<Layout_LinearOrLayoutValue>:$b, I64Attr:$bits), [{
    Shared-memory bank conflicts per phase of a warp's access (32 banks of 4
    bytes; `conflicts = wavefronts - 1`), with `bits` the element width (a
    power of two in [1, 1024]). Two forms:
    - `%reg, %smem`: a register layout (`!layout.linear`, in dims `register`,
      `lane`, ...) and a shared layout over the same tensor dimensions, either
      a `!layout.linear` in Triton's direction (`offset` -> tensor) or a CuTe
      layout (`!layout.layout`, tensor -> offset, e.g. `Sw<3,4,3> o 0 o
      (8,64):(64,1)`);
    - `%map`: the register -> element-offset map (`!layout.linear`, in dims
      `register`, `lane`).
    ```mlir
    %c = layout.linear_bank_conflicts %reg, %smem {bits = 16 : i64} : !layout.linear<...>, !layout.layout<(64,64):(64,1)>
    ```
  }]> {
  let assemblyFormat = "$a (`,` $b^)? attr-dict `:` qualified(type($a)) (`,` qualified(type($b))^)?";
}

/// Value-valued analyses (a shared layout chosen for register layouts): the
/// result type is computed by the algebra (layout_ffi_infer_result) from the
/// operand types and `bits`; the op folds to a `layout.const`.
class Layout_LinearSwizzleOp<string mnemonic, dag args, string format,
                             string summaryText, string doc, Type resultKind>
    : Layout_Op<mnemonic, [Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = summaryText;
  let description = doc # !cast<Layout_Contract>("Layout_Contract_" # mnemonic).text # [{

    The result type is computed by the algebra; the op folds to a
    `layout.const`. An operation the algebra refuses is a diagnostic carrying
    its message.
  }];
  // Two operands, named by the subclass (`reg, smem`, `src, dst`), and `bits`.
  let arguments = args;
  let results = (outs resultKind:$result);
  let assemblyFormat = format;
  let hasFolder = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      // The custom parser leaves `bits` in the attribute dictionary; built
      // ops carry it in the properties.
      Adaptor adaptor(operands, attributes, properties, regions);
      ::mlir::IntegerAttr bits = adaptor.getBitsAttr();
      if (!bits && attributes)
        bits = ::llvm::dyn_cast_or_null<::mlir::IntegerAttr>(
            attributes.get("bits"));
      if (!bits)
        return ::mlir::emitOptionalError(location, "'", getOperationName(),
                                         "' op requires attribute 'bits'");
      return ::mlir::layout::inferInRust(
          context, location, getOperationName(), operands.getTypes(),
          inferredReturnTypes, {}, bits.getInt());
    }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::layout::foldStaticValue(getResult().getType());
    }
  }];
}

def Layout_LinearChooseSwizzleOp : Layout_LinearSwizzleOp<"linear_choose_swizzle",
    (ins Layout_LinearValue:$reg, Layout_LinearOrLayoutValue:$smem, I64Attr:$bits),
    "$reg `,` $smem attr-dict `:` qualified(type($reg)) `,` qualified(type($smem))",
    "linear layouts: the swizzled shared layout for a register layout", [{
    The shared layout `%smem` with the swizzle `Sw<B,M,S>` on its offsets
    that gives the warp access of the register layout `%reg` the fewest bank
    conflicts, then the widest vector, then the smallest B, M, S (the
    algebra's `linear_choose_swizzle`; `bits` is the element width). The
    result has the kind of `%smem`: for a CuTe layout S it is the layout a
    CuTe kernel allocates, `Sw<B,M,S> o 0 o S` (`!layout.layout`); for a
    linear layout (Triton's direction, `offset` -> tensor) the swizzled
    `!layout.linear`.
    ```mlir
    %s = layout.linear_choose_swizzle %reg, %smem {bits = 32 : i64} : !layout.linear<...>, !layout.layout<(32,32):(32,1)>
    // : !layout.layout<Sw<5,0,5> o 0 o (32,32):(32,1)>
    ```
    `layout.linear_bank_conflicts` of the result counts the remaining
    conflicts.
  }],
  Layout_LinearOrLayoutValue>;

def Layout_LinearOptimalSwizzlingOp : Layout_LinearSwizzleOp<"linear_optimal_swizzling",
    (ins Layout_LinearValue:$src, Layout_LinearValue:$dst, I64Attr:$bits),
    "$src `,` $dst attr-dict `:` qualified(type($src)) `,` qualified(type($dst))",
    "linear layouts: the shared layout for a conversion between register layouts", [{
    The shared layout (a `!layout.linear` in Triton's direction, `offset` ->
    the tensor dimensions of `%src`) through which the register layout
    `%src` writes and the register layout `%dst` reads, both conflict-free with the widest common vector (the
    algebra's `linear_optimal_swizzling`, Triton's generic swizzling;
    `bits` is the element width).
    ```mlir
    %s = layout.linear_optimal_swizzling %src, %dst {bits = 16 : i64} : !layout.linear<...>, !layout.linear<...>
    ```
  }],
  Layout_LinearValue>;

def Layout_SmemLayoutOp : Layout_Op<"smem_layout", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "the shared-memory layout of a WGMMA operand (or epilogue) tile in stages";
  let description = !cast<Layout_Contract>("Layout_Contract_smem_layout").text # [{
    The algebra's `smem_layout(elem, major, mn, k, stages)` (docs/nvvm.md): the
    widest swizzle atom whose row divides the contiguous extent (K for a
    K-major tile, MN for an MN-major one), tiled to `(mn, k, stages)` as
    CUTLASS's `ss_smem_selector` and `tile_to_shape` do, certified by the
    algebra (a bijection, stages on atom boundaries, a WGMMA descriptor for
    stage 0's first K block). The result type is that layout; the op folds to
    a `layout.const`, so the layout flows as an SSA value into the layout
    operands of the hardware ops.
    ```mlir
    %a = layout.smem_layout {elem = f16, major = #layout.major<K>, mn = 128 : i64, k = 64 : i64, stages = 4 : i64}
    // : !layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))>
    ```
    A tile the selector refuses (MN or K not a multiple of 8, K not a
    multiple of one instruction's K, stages past shared memory) is a
    diagnostic carrying its message.
  }];
  let arguments = (ins TypeAttr:$elem, Layout_MajorAttr:$major, I64Attr:$mn, I64Attr:$k,
                       OptionalAttr<I64Attr>:$stages);
  let results = (outs Layout_ValueType:$result);
  let assemblyFormat = "attr-dict";
  let hasFolder = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      Adaptor adaptor(operands, attributes, properties, regions);
      return ::mlir::layout::inferSmemLayoutResult(
          context, location, attributes, adaptor.getElemAttr(),
          adaptor.getMajorAttr(), adaptor.getMnAttr(), adaptor.getKAttr(),
          adaptor.getStagesAttr(), inferredReturnTypes);
    }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::layout::foldStaticValue(getResult().getType());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Relations: equality, injectivity, bijectivity decided by ISL (docs/relations.md)
//===----------------------------------------------------------------------===//

/// Properties of layouts decided on their integer-set relations (the Rust side,
/// dialect/src/relation_ops.rs, builds them with layout-relation on the system
/// ISL). Operands are layout values of any kind the relation layer models: CuTe
/// layouts, swizzles and composed layouts (`!layout.layout`,
/// `!layout.swizzle`) and linear layouts (`!layout.linear`).
class Layout_RelationOp<string mnemonic, dag args, string format, string doc>
    : Layout_RustVerifiedOp<mnemonic, [Pure]> {
  let summary = "relations: `" # mnemonic # "` decided by ISL";
  let description = doc # !cast<Layout_Contract>("Layout_Contract_" # mnemonic).text # [{

    Over the flat (colexicographic) coordinate. Folds to an `arith.constant`
    of type `i1` when the operands are static; when it folds to `false` it
    emits a remark at the op's location that names the witness. A layout with
    a runtime leaf `?` does not fold: its relation has a `?` stride times a
    coordinate, which is not affine (ISL has no symbolic multiplication).
    An operand the relation layer cannot model (a tuple, a tiler, a LEGO
    bijective layout) is a verifier error; the verifier runs no ISL. The
    folder decides with ISL under a budget (2,000,000 operations and 2 s);
    when ISL fails or the budget runs out, it warns (once per op name and
    operand types) and leaves the op unfolded.
  }];
  let arguments = args;
  let results = (outs I1:$result);
  let assemblyFormat = format;
  let hasFolder = 1;
  let extraClassDefinition = [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::layout::foldRelationOp(getOperation());
    }
  }];
}

def Layout_EqualOp : Layout_RelationOp<"equal",
    (ins Layout_RelationValue:$lhs, Layout_RelationValue:$rhs),
    "$lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs))", [{
    True when the two layouts have the same domain (the same number of
    coordinates) and give the same offset at every coordinate, across kinds:
    a CuTe layout against a linear layout, a swizzled layout against its
    linear form.
    ```mlir
    %e = layout.equal %a, %b : !layout.layout<(4,8):(8,1)>, !layout.linear<...>
    ```
    The witness of `false`: a coordinate where the offsets differ, with both
    offsets, or a coordinate in one domain only.
  }]>;

def Layout_IsInjectiveOp : Layout_RelationOp<"is_injective",
    (ins Layout_RelationValue:$layout),
    "$layout attr-dict `:` qualified(type($layout))", [{
    True when no two coordinates share an offset.
    ```mlir
    %i = layout.is_injective %l : !layout.layout<(4,2):(1,2)>
    ```
    The witness of `false`: two coordinates with one offset.
  }]>;

def Layout_IsBijectiveOp : Layout_RelationOp<"is_bijective",
    (ins Layout_RelationValue:$layout),
    "$layout attr-dict `:` qualified(type($layout))", [{
    True when the layout is a bijection onto `[0, size)` (CuTe, swizzled and
    composed layouts; for a bare swizzle `Sw<B,M,S>` onto `[0, 2^(B+M+S))`)
    or onto `[0, 2^N)` (a linear layout with N output bits).
    ```mlir
    %b = layout.is_bijective %l : !layout.layout<Sw<3,4,3> o 0 o (8,128):(128,1)>
    ```
    The witness of `false`: two coordinates with one offset, an offset of
    the range that no coordinate reaches, or a coordinate whose offset is
    outside it.
  }]>;

//===----------------------------------------------------------------------===//
// Bijective (LEGO) layouts: apply and inv (docs/bijective.md)
//===----------------------------------------------------------------------===//

def Layout_ApplyOp : Layout_RustVerifiedOp<"apply", [Pure]> {
  let summary = "apply a bijective layout: logical index -> physical offset";
  let description = [{
    One `index` operand per logical dim of the `#layout.bijective` layout
    (its GroupBy dims), each in `[0, n_k)`; the result is the physical offset.
    ```mlir
    %o = layout.apply #layout.bijective<OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])>[%i, %j]
    ```
    Folds to a constant when every index is a constant in the domain.
    `--layout-lower-to-index` lowers it to the simplified `arith` index math.
  }] # !cast<Layout_Contract>("Layout_Contract_apply").text;
  let arguments = (ins Layout_ValueAttr:$layout, Variadic<Index>:$indices);
  let results = (outs Index:$result);
  let assemblyFormat = "qualified($layout) `[` $indices `]` attr-dict";
  let hasFolder = 1;
}

def Layout_InvOp : Layout_RustVerifiedOp<"inv", [Pure]> {
  let summary = "invert a bijective layout: physical offset -> logical index";
  let description = [{
    The offset must lie in `[0, size)`; one `index` result per logical dim.
    ```mlir
    %i, %j = layout.inv #layout.bijective<OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])>[%x] -> index, index
    ```
    Folds to constants when the offset is a constant in the domain;
    `--layout-lower-to-index` lowers it to the simplified `arith` index math.
  }] # !cast<Layout_Contract>("Layout_Contract_inv").text;
  let arguments = (ins Layout_ValueAttr:$layout, Index:$offset);
  let results = (outs Variadic<Index>:$indices);
  let assemblyFormat = "qualified($layout) `[` $offset `]` attr-dict `->` type($indices)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Tensors in memory: a pointer and a layout
//===----------------------------------------------------------------------===//

def Layout_MakeTensorOp : Layout_RustVerifiedOp<"make_tensor", [Pure,
    TypesMatchWith<"the layout operand has the tensor's layout type", "result", "layout",
                   "::llvm::cast<::mlir::layout::MemoryTensorType>($_self).getLayout()">]> {
  let summary = "a tensor in memory from a pointer and a layout (CuTe's make_tensor)";
  let description = [{
    ```mlir
    %l = layout.make %m, %k, %lda : !layout.layout<(?,?):(?,1)>
    %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
    ```
    The tensor whose element at coordinate `c` lies at `%pa + layout(c)`
    elements. The pointer's address space is the tensor's memory space
    (`global`: 1, or the generic 0; `shared`: 3; `tmem`: 6); the layout operand
    has the tensor type's layout type.
  }] # !cast<Layout_Contract>("Layout_Contract_make_tensor").text;
  let arguments = (ins AnyType:$ptr, Layout_ValueType:$layout);
  let results = (outs Layout_TensorType:$result);
  let assemblyFormat = "$ptr `,` $layout attr-dict `:` type($ptr) `->` qualified(type($result))";
}

def Layout_LocalTileOp : Layout_RustVerifiedOp<"local_tile", [Pure]> {
  let summary = "the tile of a tensor at a tile coordinate (CuTe's local_tile)";
  let description = [{
    ```mlir
    %gA = layout.local_tile %A[%bm, %kt] {tile = #layout.tuple<(64,32)>}
        : !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
       -> !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>
    ```
    `tile` is a flat tuple of positive extents, one per top-level mode of the
    tensor's layout `L`, and there is one `index` coordinate per mode. The
    result is CuTe's `local_tile(T, tile, coord)`: the tensor
    `zipped_divide(L, tile)` restricted to the tile mode at the rest
    coordinate, i.e. its layout is mode 0 of `zipped_divide(L, tile)` (the
    verifier computes it with the algebra and compares it with the result
    type) and its first element is element `(c_0 t_0, c_1 t_1, ...)` of the
    tensor (each `c_d t_d` the one-dimensional coordinate of mode `d`).

    When an extent of `L` is not a static multiple of its tile extent, the
    last tiles reach past the tensor: the copies that read or write a tile
    (`layout.async_copy`, `layout.global_load`, `layout.global_store`) are then
    predicated on the residue `extent_d - c_d t_d` of each mode, which
    `--layout-lower-tensors` derives from the tile chain (elements past it are
    zero-filled by loads and copies, and not written by stores).
  }] # !cast<Layout_Contract>("Layout_Contract_local_tile").text;
  let arguments = (ins Layout_TensorType:$tensor, Variadic<Index>:$coord,
                       Layout_ValueAttr:$tile);
  let results = (outs Layout_TensorType:$result);
  let assemblyFormat = [{
    $tensor `[` $coord `]` attr-dict `:` qualified(type($tensor)) `->` qualified(type($result))
  }];
}

def Layout_PartitionOp : Layout_RustVerifiedOp<"partition", [Pure]> {
  let summary = "thread t's part of a tensor under a tiled copy (CuTe's partition_S/D)";
  let description = [{
    ```mlir
    %tAgA = layout.partition %gA[%tid] {thr = #layout.layout<(32,8):(8,1)>,
                                        val = #layout.layout<(1,8)>, vector = 8 : i64}
        : !layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>>
       -> !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
    ```
    The tiled copy is CuTe's `make_tiled_copy(atom, thr, val)` for an atom of
    `vector` consecutive values performed by one thread (`UniversalCopy`,
    `SM80_CP_ASYNC_CACHE*`): `thr` maps the coordinates of the thread block to
    thread indices, `val` those of one thread's values to value indices, and
    their raked product is the tile that the threads copy at once. The result
    is thread `thread`'s partition (`get_slice(t).partition_S(T)`, equal to
    `partition_D` for these atoms): with `R = tidfrg(L, thr, val, vector)`
    (the algebra op `layout.tidfrg`: `(thread, (vector, rest values),
    (RestM, RestN, ...))`), the result's layout is
    `(mode 1 of R, the modes of mode 2 of R ...)` (CuTe's
    `(CPY, CPY_M, CPY_N)`), and its first element is `R(t, 0, 0)`. The
    verifier computes it with the algebra, checks that fixing the thread mode
    is a translation of the rest (a swizzle reads no bit that the thread mode
    does not own), and compares it with the result type. `layout.copy` copies
    between two partitions.
  }] # !cast<Layout_Contract>("Layout_Contract_partition").text;
  let arguments = (ins Layout_TensorType:$tensor, Index:$thread,
                       Layout_ValueAttr:$thr, Layout_ValueAttr:$val, I64Attr:$vector);
  let results = (outs Layout_TensorType:$result);
  let assemblyFormat = [{
    $tensor `[` $thread `]` attr-dict `:` qualified(type($tensor)) `->` qualified(type($result))
  }];
}

def Layout_PartitionMmaOp : Layout_RustVerifiedOp<"partition_mma", [Pure]> {
  let summary = "thread t's part of an MMA operand under a tiled MMA (CuTe's partition_A/B/C)";
  let description = [{
    ```mlir
    %tCgC = layout.partition_mma %gC[%tid] {atom = "sm80_16x8x16", operand = "C",
                                            atoms = array<i64: 2, 2, 1>}
        : !layout.tensor<f32, global, !layout.layout<(64,64):(?,1)>>
       -> !layout.tensor<f32, global, !layout.layout<((2,2),2,4):((1,?),?,16)>>
    ```
    The tiled MMA is CuTe's `make_tiled_mma(atom, Layout<Shape<TM,TN,TK>>)`:
    the MMA atom `atom` (`hw::mma_atoms`: `sm80_16x8x16`, `sm80_16x8x8`)
    repeated over a column-major grid of `atoms = [TM, TN, TK]` atoms, thread
    `t` being lane `t mod 32` of atom `t div 32` of the grid. The result is
    thread `thread`'s partition of operand `operand` (A: M x K, B: N x K, C:
    M x N): with `R = thrfrg(L, atom_tv, atom tile, grid)` (the algebra op
    `layout.thrfrg`, the grid (TM, TN) for C, (TM, TK) for A, (TN, TK) for B)
    its layout is `slice(((0,(0,0)),(_,(_,_,...))), R)`, CuTe's
    `(MMA, MMA_M, MMA_N)`, and its first element is R at the thread's
    `(lane, (atom row, atom column))`. The verifier computes it with the
    algebra, checks that fixing the thread is a translation, and compares it
    with the result type. Threads past `32 TM TN TK` are not partitioned.

    `permutation` is CuTe's PermutationMNK (`make_tiled_mma(atom, grid,
    permutation)`): a tiler of three modes `[P_M, P_N, P_K]`, a layout or `_`
    each; the operand's two (C: `[P_M, P_N]`, A: `[P_M, P_K]`, B:
    `[P_N, P_K]`) reorder `L` first (`logical_divide`, the fifth operand of
    `layout.thrfrg`), so e.g. `[_, (8,2,2):(1,16,8), _]` lets each thread's
    N values of two atoms be adjacent columns.
  }] # !cast<Layout_Contract>("Layout_Contract_partition_mma").text;
  let arguments = (ins Layout_TensorType:$tensor, Index:$thread, StrAttr:$atom,
                       StrAttr:$operand, DenseI64ArrayAttr:$atoms,
                       OptionalAttr<Layout_ValueAttr>:$permutation);
  let results = (outs Layout_TensorType:$result);
  let assemblyFormat = [{
    $tensor `[` $thread `]` attr-dict `:` qualified(type($tensor)) `->` qualified(type($result))
  }];
}

def Layout_CopyOp : Layout_RustVerifiedOp<"copy",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "each thread copies its partition of a tensor to another (CuTe's copy)";
  let description = [{
    ```mlir
    layout.copy %tAgA to %tAsA {align = 16 : i64, async}
        : !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>,
          !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o ((8,1),4,1):((1,0),2048,0)>>
    ```
    Element `i` of `src` goes to element `i` of `dst` (one-dimensional,
    colexicographic index), for every `i < size`; both tensors are in global
    or shared memory, hold the same element type and the same static number
    of elements (at most 4096), typically the partitions of one thread by
    `layout.partition`. `align` is the byte alignment promised for the first
    element of each tensor and for every runtime stride times the element
    size.

    The lowering (`--layout-lower-tensors`) chooses the vector width from the
    layouts: the widest power of two `w` such that every aligned run of `w`
    indices is `w` consecutive, `w`-aligned elements in both tensors (a
    swizzle `Sw<B,M,S>` keeps runs of up to `2^M`), with `w` times the element
    size at most 16 bytes and at most `align`; then one access per run. With
    `async` (global to shared only), each run is one `cp.async` of 4, 8 or 16
    bytes (sm_80+; the kernel commits and waits for the groups with
    `nvvm.cp.async.commit.group` / `wait.group`); without it, a vector load
    and a vector store. A remark names the instruction, the width and what
    bounds it.
  }] # !cast<Layout_Contract>("Layout_Contract_copy").text;
  let arguments = (ins Layout_TensorType:$src, Layout_TensorType:$dst, I64Attr:$align,
                       UnitAttr:$async);
  let assemblyFormat = [{
    $src `to` $dst attr-dict `:` qualified(type($src)) `,` qualified(type($dst))
  }];
}

def Layout_SliceTensorOp : Layout_RustVerifiedOp<"slice_tensor", [Pure]> {
  let summary = "a tensor with some modes fixed at runtime coordinates (CuTe's `T(_, _, s)`)";
  let description = [{
    ```mlir
    %sA = layout.make_tensor %smem, %staged : !llvm.ptr<3>
        -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>>
    %s = layout.slice_tensor %sA[%stage] {modes = array<i64: 2>}
        : !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>>
       -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>
    ```
    The top-level modes `modes` (increasing) of the tensor's layout `L` are
    fixed at the `index` coordinates (one per mode, each the one-dimensional
    coordinate of its mode) and dropped: the result is the tensor of the other
    modes (`select` of them, the algebra's result type) whose first element is
    element `c` of the tensor (`c` the given coordinates, 0 in the other
    modes). Its pointer moves by the offset of `c`, so that must be a
    translation of the rest: for a swizzled layout `Sw<B,M,S> o o o L`, every
    stride of a fixed mode is a static multiple of `2^(B+M+|S|)` (the swizzle
    reads no bit of it); a plain layout has no condition. A stage mode of a
    staged shared-memory layout is such a mode.

    With `ring`, each coordinate is the position `k` in a ring of the mode's
    stages (a pipeline's k-th use): the mode is fixed at `k mod extent`, and
    each fixed mode must have a static extent.
  }] # !cast<Layout_Contract>("Layout_Contract_slice_tensor").text;
  let arguments = (ins Layout_TensorType:$tensor, Variadic<Index>:$coord,
                       DenseI64ArrayAttr:$modes, UnitAttr:$ring);
  let results = (outs Layout_TensorType:$result);
  let assemblyFormat = [{
    $tensor `[` $coord `]` attr-dict `:` qualified(type($tensor)) `->` qualified(type($result))
  }];
}

def Layout_SelectTensorOp : Layout_RustVerifiedOp<"select_tensor", [Pure]> {
  let summary = "a view of a tensor's modes in another order, or of some of them (CuTe's `select`)";
  let description = [{
    ```mlir
    %t = layout.select_tensor %a {modes = array<i64: 1, 0>}
        : !layout.tensor<f16, global, !layout.layout<(64,32):(32,1)>>
       -> !layout.tensor<f16, global, !layout.layout<(32,64):(1,32)>>
    ```
    The same pointer and bytes through the layout of the modes `modes`
    (distinct top-level modes, in the view's order) of the tensor's layout:
    a permutation of all modes transposes the tensor's modes, a subset views
    the tensor at coordinate 0 of the others (`ops::tensor_view`; a swizzle
    and offset stay on the offsets). The verifier computes the view's layout
    and compares it with the result type's. Free at run time: the copies and
    MMAs that read the view index it through its layout. Not for a `tma`
    tensor (its tiles are addressed by tensor-map coordinates; view the
    shared tile), nor for a tile that may reach past its tensor.
  }] # !cast<Layout_Contract>("Layout_Contract_select_tensor").text;
  let arguments = (ins Layout_TensorType:$tensor, DenseI64ArrayAttr:$modes);
  let results = (outs Layout_TensorType:$result);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor)) `->` qualified(type($result))";
  let hasFolder = 1;
}

def Layout_GroupTensorOp : Layout_RustVerifiedOp<"group_tensor", [Pure]> {
  let summary = "a view of a tensor with modes [begin, end) grouped into one (CuTe's `group_modes`)";
  let description = [{
    ```mlir
    %t = layout.group_tensor %a {begin = 0 : i64, end = 2 : i64}
        : !layout.tensor<f16, shared, !layout.layout<(8,16,4):(16,1,128)>>
       -> !layout.tensor<f16, shared, !layout.layout<((8,16),4):((16,1),128)>>
    ```
    The same pointer and bytes; the modes `[begin, end)` of the tensor's
    layout become one mode whose coordinate is the colexicographic coordinate
    of the grouped ones (`ops::tensor_view`). Verified against the result
    type; free at run time; not for `tma` tensors nor for a tile that may
    reach past its tensor.
  }] # !cast<Layout_Contract>("Layout_Contract_group_tensor").text;
  let arguments = (ins Layout_TensorType:$tensor, I64Attr:$begin, I64Attr:$end);
  let results = (outs Layout_TensorType:$result);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor)) `->` qualified(type($result))";
}

def Layout_RecastTensorOp : Layout_RustVerifiedOp<"recast_tensor", [Pure]> {
  let summary = "the bytes of a tensor as elements of another type (CuTe's `recast<T>`)";
  let description = [{
    ```mlir
    %w = layout.recast_tensor %a
        : !layout.tensor<f16, shared, !layout.layout<(8,16):(16,1)>>
       -> !layout.tensor<i32, shared, !layout.layout<(8,8):(8,1)>>
    ```
    The same pointer and bytes read as elements of the result's type: the
    layout is `recast` from the source's element width to the result's
    (`upcast` by the ratio when the new elements are wider, `downcast` when
    narrower, both whole-byte types of integral ratio). Where the bytes do not
    make whole elements (the contiguous mode's extent or a stride not a
    multiple of the ratio) the algebra's error names the mode. Verified
    against the result type; free at run time; not for `tma` tensors nor for
    a tile that may reach past its tensor.
  }] # !cast<Layout_Contract>("Layout_Contract_recast_tensor").text;
  let arguments = (ins Layout_TensorType:$tensor);
  let results = (outs Layout_TensorType:$result);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor)) `->` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Shared memory, barriers and the TMA / WGMMA ops on tensors (sm_90a)
//===----------------------------------------------------------------------===//

def Layout_SharedAllocOp : Layout_RustVerifiedOp<"shared_alloc", [Pure]> {
  let summary = "shared tensors laid out one after another from a base (CuTe's SharedStorage)";
  let description = [{
    ```mlir
    %sA, %sB, %full = layout.shared_alloc %smem : !llvm.ptr<3>
        -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>>,
           !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64,4):(64,1,16384)>>,
           !layout.tensor<i64, shared, !layout.layout<4:1>>
    ```
    Each result's layout is static; its bytes are `cosize(L) * sizeof(T)`,
    placed at the next multiple of its alignment: 16 bytes, or the bytes of
    the layout's translation period (a swizzle's span: 1024 for `Sw<3,3,3>` of
    f16) when larger, so every swizzle sees the addresses its layout assumes.
    The base is rounded up to the largest alignment at run time (the dynamic
    shared memory of a kernel is 16-byte aligned), so the kernel needs
    `sum of sizes and paddings + (largest alignment - 16)` bytes, which a
    remark of `--layout-lower-tensors` prints. No offset is written by hand.
    A base that is the address of a global of static size (not the
    `!llvm.array<0 x i8>` of dynamic shared memory) must hold them: aligned to
    16 bytes or more, of at least the placed bytes plus the padding to the
    largest alignment beyond the global's own (docs/nvvm.md "What the lowering
    checks in a kernel").
  }] # !cast<Layout_Contract>("Layout_Contract_shared_alloc").text;
  let arguments = (ins AnyType:$base);
  let results = (outs Variadic<Layout_TensorType>:$tensors);
  let assemblyFormat = "$base attr-dict `:` type($base) `->` qualified(type($tensors))";
}

def Layout_TensorPtrOp : Layout_RustVerifiedOp<"tensor_ptr", [Pure]> {
  let summary = "the pointer of a tensor's first element (CuTe's `t.data()`)";
  let description = [{
    ```mlir
    %p = layout.tensor_ptr %sA : !layout.tensor<f16, shared, !layout.layout<...>> -> !llvm.ptr<3>
    ```
    The address of the element at coordinate 0 (after the tiles and slices
    that made the tensor), for the ops that take a pointer (`layout.umma_desc
    base(...)`, `nvvm.tcgen05.commit`, ...). The result is a pointer of the
    tensor's address space (a global tensor's may also be the generic one); a
    tma tensor's is its tensor map. `--layout-lower-tensors` resolves it.
  }] # !cast<Layout_Contract>("Layout_Contract_tensor_ptr").text;
  let arguments = (ins Layout_TensorType:$tensor);
  let results = (outs AnyType:$ptr);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor)) `->` type($ptr)";
}

def Layout_MbarrierInitOp : Layout_RustVerifiedOp<"mbarrier_init",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "initialize every mbarrier of a shared tensor of barriers";
  let description = [{
    ```mlir
    layout.mbarrier_init %full {arrivals = 2 : i64} : !layout.tensor<i64, shared, !layout.layout<4:1>>
    ```
    Each i64 of the tensor (a static layout) becomes an mbarrier expecting
    `arrivals` arrivals per phase, then `fence.mbarrier_init` makes them
    visible. One thread executes it (the kernel guards it), before a CTA
    barrier. A ring of S barriers is used by `layout.mbarrier_wait` and
    `layout.tma_copy` at ring positions `k`: barrier `k mod S`, phase `k div S`.
  }] # !cast<Layout_Contract>("Layout_Contract_mbarrier_init").text;
  let arguments = (ins Arg<Layout_TensorType, "the barriers", [MemWrite]>:$bars,
                       I64Attr:$arrivals);
  let assemblyFormat = "$bars attr-dict `:` qualified(type($bars))";
}

def Layout_MbarrierWaitOp : Layout_RustVerifiedOp<"mbarrier_wait",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "wait for the phase of ring position k of a ring of mbarriers";
  let description = [{
    ```mlir
    layout.mbarrier_wait %full[%k] : !layout.tensor<i64, shared, !layout.layout<4:1>>
    ```
    For a ring of `S` barriers (a rank-1 tensor of static size `S`), position
    `k` is barrier `k mod S` in its phase `k div S`: the op waits until that
    phase has completed, testing the parity `(k div S) mod 2`
    (`mbarrier.try_wait.parity` in a loop). No phase is tracked by hand.

    ```mlir
    layout.mbarrier_wait %empty[%k] {free} : !layout.tensor<i64, shared, !layout.layout<4:1>>
    ```
    With `free` it waits until the stage of position `k` is free: the phase
    of position `k - S` (the stage's previous use, released by
    `layout.mbarrier_arrive %empty[%k - S]`) has completed, testing the parity
    `(k div S + 1) mod 2`. For `k < S` the stage has no previous use and the
    wait returns at once (a fresh barrier's phase before 0 counts as complete),
    so a producer's first `S` waits need no guard.
  }] # !cast<Layout_Contract>("Layout_Contract_mbarrier_wait").text;
  let arguments = (ins Arg<Layout_TensorType, "the barriers", [MemRead]>:$bars,
                       Index:$position, UnitAttr:$free);
  let assemblyFormat = "$bars `[` $position `]` attr-dict `:` qualified(type($bars))";
}

def Layout_MbarrierArriveOp : Layout_RustVerifiedOp<"mbarrier_arrive",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "arrive on the barrier of ring position k (a consumer releases a stage)";
  let description = [{
    ```mlir
    layout.mbarrier_arrive %empty[%k] : !layout.tensor<i64, shared, !layout.layout<4:1>>
    ```
    Every thread that executes it arrives once (`mbarrier.arrive`, release
    semantics at CTA scope) on barrier `k mod S` of the ring, towards its phase
    `k div S`; the phase completes when the `arrivals` of `layout.mbarrier_init`
    have arrived. A consumer releases the stage of k-tile `k` this way once it
    has read it, and the producer's `layout.mbarrier_wait %empty[%k + S] {free}`
    waits for exactly that phase before it overwrites the stage: a full/empty
    pair of rings is a pipeline with every barrier, parity and phase derived.

    With `multicast = n` (2 to 16) the thread arrives on barrier `k mod S` of
    each of the cluster's CTAs 0..n-1 (`mapa`, `mbarrier.arrive` at cluster
    scope): the stage a TMA load `multicast = n` fills in every CTA is free only
    once the consumers of all n CTAs have released it, so each CTA's empty ring
    counts the arrivals of all of them. The kernel's cluster
    (`nvvm.cluster_dim`) must have n CTAs.
  }] # !cast<Layout_Contract>("Layout_Contract_mbarrier_arrive").text;
  let arguments = (ins Arg<Layout_TensorType, "the barriers", [MemRead, MemWrite]>:$bars,
                       Index:$position, OptionalAttr<I64Attr>:$multicast);
  let assemblyFormat = "$bars `[` $position `]` attr-dict `:` qualified(type($bars))";
}

def Layout_TmaCopyOp : Layout_RustVerifiedOp<"tma_copy", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "TMA copy of a tile between a tensor-map tensor and a shared tensor";
  let description = [{
    ```mlir
    layout.tma_copy %gA to %sA barrier(%full[%k] : !bars)
        : !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>,
          !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
    layout.tma_copy %sC to %gC : !layout.tensor<f16, shared, ...>, !layout.tensor<f16, tma, ...>
    ```
    A load (`tma` -> `shared`) copies the tile into the shared tensor and
    completes on the barrier of ring position `k` (`k mod S` of the rank-1
    barrier tensor): it sets that barrier's expected transaction bytes to the
    bytes of the tile and arrives on it. A store (`shared` -> `tma`) has no
    barrier. The `tma` tensor is made from the tensor map (`layout.make_tensor
    %map, %l`, `l` the global tensor's layout) and tiled by
    `layout.local_tile`; the TMA coordinates of the tile's origin, the box and
    the transaction bytes follow from the global and shared layouts
    (`hw::tma_desc`), and both tiles have the same extents per mode. One
    thread issues it (the kernel guards it); elements past the global tensor
    are zero-filled by loads and not written by stores (the tensor map's
    bounds).

    ```mlir
    layout.tma_copy %gB to %sB barrier(%full[%k] : !bars) {multicast = 2 : i64} : ...
    ```
    A load with `multicast = n` (2 to 16) copies a tile the cluster's n CTAs
    share (the kernel's `nvvm.cluster_dim` has n CTAs; they all copy the same
    tile to the same shared tensor): mode 0 of the tile is cut in n slices,
    the CTA of cluster rank `r` loads slice `r` (its TMA coordinates and shared
    offset follow from the layouts) to the same shared address of every CTA
    (`.multicast::cluster`), and each CTA's barrier expects the whole tile's
    bytes. Mode 0's extent must be a multiple of n.
  }] # !cast<Layout_Contract>("Layout_Contract_tma_copy").text;
  let arguments = (ins Arg<Layout_TensorType, "the source tile", [MemRead]>:$src,
                       Arg<Layout_TensorType, "the destination tile", [MemWrite]>:$dst,
                       Arg<Optional<Layout_TensorType>, "the barriers", [MemRead, MemWrite]>:$bars,
                       Optional<Index>:$position, OptionalAttr<I64Attr>:$multicast);
  let assemblyFormat = [{
    $src `to` $dst (`barrier` `(` $bars^ `[` $position `]` `:` qualified(type($bars)) `)`)?
    attr-dict `:` qualified(type($src)) `,` qualified(type($dst))
  }];
}

def Layout_EncodeTensorMapOp : Layout_RustVerifiedOp<"encode_tensor_map",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "host: encode the TMA tensor map of a global tensor for tiles of a shared layout";
  let description = [{
    ```mlir
    %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
    %A = layout.make_tensor %pa, %l : !llvm.ptr -> !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
    %status = layout.encode_tensor_map %mapA, %A {smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>}
        : !llvm.ptr, !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
    ```
    Writes into `%mapA` (128 bytes, 64-byte aligned) the tensor map through
    which TMA copies tiles laid out by `smem` (the shared tile of the kernel's
    `layout.tma_copy`, one stage) out of and into the global tensor `%A` (made by
    `layout.make_tensor`), and returns `cuTensorMapEncodeTiled`'s status (0:
    success). Everything the driver is told comes from the two layouts
    (`hw::tma_desc`): data type, rank, box, swizzle, and the global extents and
    byte strides, the runtime ones read off the leaves of `%A`'s layout (an
    extent is a leaf's extent, a stride its stride times the element's bytes).
    The kernel makes its `tma` tensor from the map and the same layout.

    `--layout-lower-tensors` turns it into the hardware op `layout.tma_desc`
    with those runtime operands; the algebra's rules (the innermost dimension
    contiguous, box extents at most 256, the swizzle span, static strides that
    are multiples of 16 bytes) are checked there, naming the rule. A runtime
    stride that is not a multiple of 16 bytes is the driver's error status.
  }] # !cast<Layout_Contract>("Layout_Contract_encode_tensor_map").text;
  let arguments = (ins Arg<AnyType, "the tensor map", [MemWrite]>:$tensorMap,
                       Layout_TensorType:$tensor, Layout_ValueAttr:$smem);
  let results = (outs I32:$status);
  let assemblyFormat = [{
    $tensorMap `,` $tensor attr-dict `:` type($tensorMap) `,` qualified(type($tensor))
  }];
}

def Layout_TmaEncodableOp : Layout_RustVerifiedOp<"tma_encodable", [Pure]> {
  let summary = "whether the driver can encode a TMA tensor map of a tensor's extents and strides";
  let description = [{
    ```mlir
    %ok = layout.tma_encodable %C : !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
    ```
    True when `cuTensorMapEncodeTiled` accepts the global extents and strides
    of the tensor (made by `layout.make_tensor`, in `tma` or `global` memory;
    every top-level mode of its layout a leaf): every extent in `[1, 2^32]`,
    every stride of a mode that is not the contiguous one (static stride 1) a
    multiple of 16 bytes and below `2^40` bytes. A kernel tests it before it
    uses a tensor map that may not exist (C's rows are not 16-byte multiples,
    say) and takes another path otherwise; the host function derived by
    `layout.tensor_map_encoder` tests the same condition on the same layout and
    leaves that map unencoded (status 0) when it fails, so kernel and host
    agree. `--layout-lower-tensors` turns it into index math on the leaves.
  }] # !cast<Layout_Contract>("Layout_Contract_tma_encodable").text;
  let arguments = (ins Layout_TensorType:$tensor);
  let results = (outs I1:$encodable);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor))";
}

def Layout_MmaAsyncOp : Layout_RustVerifiedOp<"mma_async", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "D = A B^T + C with A and B in shared memory: warpgroup MMAs in flight (sm_90a)";
  let description = [{
    ```mlir
    %d = layout.mma_async %sA, %sB, %c
        : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>,
          !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>>,
          tensor<128x256xf32, #layout.linear<...nvidia_mma version 3...>>
       -> tensor<128x256xf32, #layout.linear<...>>
    ```
    A is `M x K`, B `N x K` (CuTe's convention), shared tensors with static
    layouts, both f16 or both bf16 (`m64nNk16`), or each f8E4M3FN or f8E5M2
    (WGMMA's fp8 forms `m64nNk32.f32.e4m3.e5m2` etc.: K-major only, K a
    multiple of 32); C and D are `M x N` f32 register tensors of one layout
    that must hold the accumulators of `wgmma.mma_async.m64nNk16/k32` (the
    same fragment; `hw::wgmma_accumulator`: warpgroup `G` computes rows
    `64 G ..`; the error names the lane, warp and field).
    `--layout-lower-tensors` emits `wgmma.fence`, per warpgroup and k block of
    32 bytes one `wgmma.mma_async` whose descriptors come from the shared layouts
    (warpgroup `G` reads `local_tile(A, (64, K), (G, 0))`; the major-ness of
    each operand is read off its layout), and `wgmma.commit_group`. The
    kernel waits with `nvvm.wgmma.wait.group.sync.aligned N` (several groups
    may be in flight) before it reads D or overwrites A and B.

    A may instead be an `M x K` register tensor of f16 or bf16 (B's type):
    the RS form, A from registers (FlashAttention's P). Its layout must hold
    the ISA's A fragment for every k block of 16 (`hw::wgmma_a_operand`: per
    warp the `mma.sync` A fragment, warpgroup `G` rows `64 G ..`; the
    accumulator layout of a previous `mma_async`, truncated to 16 bits, is
    one); each k block's eight registers become the instruction's four
    `.b32` registers, and B is read through its descriptor as above.
  }] # !cast<Layout_Contract>("Layout_Contract_mma_async").text;
  let arguments = (ins Arg<AnyType, "A: a shared tensor, or a register tensor (RS form)",
                           [MemRead]>:$a,
                       Arg<Layout_TensorType, "B", [MemRead]>:$b, AnyRankedTensor:$c);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` type($c) `->` type($d)
  }];
}

def Layout_MmaTmemOp : Layout_RustVerifiedOp<"mma_tmem", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "D (TMEM) = A B^T (+ D) with A and B in shared memory: tcgen05.mma (sm_100a)";
  let description = [{
    ```mlir
    layout.mma_tmem %sA, %sB, %D accumulate(%acc)
        : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>,
          !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>,
          !layout.tensor<f32, tmem, !layout.layout<(128,128):(65536,1)>>
    ```
    A is `M x K`, B `N x K` (CuTe's convention), shared tensors of f16 or bf16
    (the same) with static layouts; D is the `M x N` f32 accumulator in tensor
    memory, laid out as `tcgen05.mma` with M = 128 leaves it: row `i` in TMEM
    lane `i`, column `j` in column `j` (`(128,N):(65536,1)`, N a multiple of 16
    in [16, 256]). `--layout-lower-tensors` emits, per k block of 16, the UMMA
    descriptors of both operands (`layout.umma_desc`, from the shared layouts;
    the major-ness of each is read off its layout) and one `layout.tcgen05_mma`
    (cta_group::1, kind::f16) that adds to D when `%acc` is true (every k block
    after the first adds). One thread issues it. With `commit(%ring[%k] : ...)`
    the MMAs are committed (`tcgen05.commit`) to the barrier of ring position
    `k` (barrier `k mod S`), which completes its phase once they are done (and
    have read A and B): `layout.mbarrier_wait %ring[%k]` waits for them.
    Without it the kernel commits them itself.

    With `ctaGroup = 2` the MMA spans the CTA pair (cluster ranks 2i, 2i+1;
    the kernel's `nvvm.cluster_dim` has an even number of CTAs), CuTe's
    `SM100_MMA_F16BF16_2x1SM_SS`: each CTA holds its 128 rows of A (`128 x K`)
    and its half of B (`N/2 x K`, the same shared offsets in both CTAs), and
    receives its `128 x N` part of D in its own TMEM at the same address;
    `tcgen05.mma.cta_group::2` with M = 256 is issued by one thread of the
    even CTA, and `commit` arrives on the barrier of both CTAs
    (`tcgen05.commit.cta_group::2 ... multicast::cluster`, mask `3 << (rank
    & ~1)`). N (twice B's rows) is a multiple of 16 in [16, 256].
  }] # !cast<Layout_Contract>("Layout_Contract_mma_tmem").text;
  let arguments = (ins Arg<Layout_TensorType, "A", [MemRead]>:$a,
                       Arg<Layout_TensorType, "B", [MemRead]>:$b,
                       Arg<Layout_TensorType, "the accumulator", [MemRead, MemWrite]>:$d,
                       I1:$accumulate,
                       Arg<Optional<Layout_TensorType>, "the barriers", [MemRead, MemWrite]>:$commitBars,
                       Optional<Index>:$commitPosition, OptionalAttr<I64Attr>:$ctaGroup);
  let assemblyFormat = [{
    $a `,` $b `,` $d `accumulate` `(` $accumulate `)`
    (`commit` `(` $commitBars^ `[` $commitPosition `]` `:` qualified(type($commitBars)) `)`)?
    attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d))
  }];
}

def Layout_TensorMemoryLoadOp : Layout_RustVerifiedOp<"tensor_memory_load"> {
  let summary = "load a register tensor from a tensor in tensor memory: tcgen05.ld (sm_100a)";
  let description = [{
    ```mlir
    %r = layout.tensor_memory_load %D
        : !layout.tensor<f32, tmem, !layout.layout<(128,128):(65536,1)>>
       -> tensor<128x128xf32, #layout.linear<tensor<128x128xf32, #ttg.blocked<{
            sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1],
            order = [1, 0]}>>>>
    ```
    Element `c` of the result is element `c` of the TMEM tensor `%D` (same
    shape, rank 2, the same 32-bit element type: f32 or i32). The register
    tensor's encoding gives every (thread, register) its element; as a
    thread-value layout `((lane, warp), register) -> tile index`
    (`linear::to_cute::thread_value`) it is the fragment from which
    `--layout-lower-tensors` derives the `tcgen05.ld` shape (32x32b, 16x64b,
    16x128b, 16x256b or 16x32bx2) and `.num`, with the quadrant rule (warp
    `w` reaches lanes `32 (w mod 4)` to `32 (w mod 4) + 31`), and a remark
    names them. The registers are valid after the `tcgen05.wait::ld` the
    load ends with. Threads: one warp (32 lanes) or a warpgroup (4 warps).
    Errors: an encoding no shape moves (the rule each shape breaks), a
    swizzled encoding, more or fewer warps.
  }] # !cast<Layout_Contract>("Layout_Contract_tensor_memory_load").text;
  let arguments = (ins Arg<Layout_TensorType, "the TMEM tensor", [MemRead]>:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($result)";
}

def Layout_TensorMemoryStoreOp : Layout_RustVerifiedOp<"tensor_memory_store"> {
  let summary = "store a register tensor to a tensor in tensor memory: tcgen05.st (sm_100a)";
  let description = [{
    ```mlir
    layout.tensor_memory_store %r, %D
        : tensor<128x128xf32, #layout.linear<...>>,
          !layout.tensor<f32, tmem, !layout.layout<(128,128):(65536,1)>>
    ```
    The inverse of `layout.tensor_memory_load`: element `c` of `%r` goes to
    element `c` of `%D`, by the `tcgen05.st` shape derived as there; the
    store ends with `tcgen05.wait::st`.
  }] # !cast<Layout_Contract>("Layout_Contract_tensor_memory_store").text;
  let arguments = (ins AnyRankedTensor:$value,
                       Arg<Layout_TensorType, "the TMEM tensor", [MemWrite]>:$dst);
  let assemblyFormat = "$value `,` $dst attr-dict `:` type($value) `,` qualified(type($dst))";
}

//===----------------------------------------------------------------------===//
// Register tensors encoded by linear layouts
//===----------------------------------------------------------------------===//

def Layout_ConvertLayoutOp : Layout_RustVerifiedOp<"convert_layout", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "the same register tensor in another distribution over the threads";
  let description = [{
    ```mlir
    %b = layout.convert_layout %a
        : tensor<64x64xf16, #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{...}>>>>
       -> tensor<64x64xf16, #layout.linear<tensor<64x64xf16, #ttg.blocked<{...}>>>>
    ```
    The values of `%a` and `%b` are equal element by element; only the
    encodings differ: each is a register layout of the CTA (in dimensions
    `register`, `lane` with 32 lanes, optionally `warp`, and a `block` that
    selects nothing) whose out dimension `j` is tensor dimension `j`. The
    verifier checks that both encodings lay out the tensor's extents, name
    the same dimensions and keep the number of warps. Folds to `%a` when the
    encodings are equal, and a convert of a convert to one convert of the
    first operand. `--layout-assign-layouts` removes, moves and inserts these
    ops (docs/passes.md); its cost is `convert_plan`'s (docs/linear.md).
  }] # !cast<Layout_Contract>("Layout_Contract_convert_layout").text;
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def Layout_RetileOp : Layout_RustVerifiedOp<"retile", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "the registers of a register tensor, viewed through another register layout";
  let description = [{
    ```mlir
    %a = layout.retile %p
        : tensor<16x16xf16, #layout.linear<tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2, ...}>>>>
       -> tensor<16x16xf16, #layout.linear<tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, ...}>>>>
    ```
    CuTe's `retile`: the same values, and the same registers of every thread,
    read through another register layout. It is `layout.convert_layout`
    restricted to what moves no data: the verifier checks, besides
    `convert_layout`'s conditions, that the result encoding gives every lane
    and warp bit the element the source encoding gives it and that each of
    its registers is one the thread already holds (`linear::retile`: `D.lane
    = S.lane`, `D.warp = S.warp`, `span(D.reg)` in `span(S.reg)`), and
    otherwise names the bit where they part and the elements it selects on
    each side. `--layout-lower-register-tensors` renames the registers (no
    instruction); `--layout-assign-layouts` keeps it (an anchor). Folds to
    `%a` when the encodings are equal, and a retile of a retile to one retile.
    Example above: the accumulator of `mma.sync` m16n8k16 fed to the next
    `mma.sync` as its A operand (FlashAttention's P).
  }] # !cast<Layout_Contract>("Layout_Contract_retile").text;
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def Layout_TransposeOp : Layout_RustVerifiedOp<"transpose", [Pure, SameOperandsAndResultElementType]> {
  let summary = "a register tensor with its dimensions in another order: no data moves (Triton's `tt.trans`)";
  let description = [{
    ```mlir
    %t = layout.transpose %a {order = array<i64: 1, 0>}
        : tensor<16x64xf16, #layout.linear<tensor<16x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>>
       -> tensor<64x16xf16, #layout.linear<tensor<64x16xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>>>
    ```
    Dimension `j` of the result is dimension `order[j]` of the source (`order`
    a permutation): `T[x] = S[y]` with `y[order[j]] = x[j]`. Every thread keeps
    its registers, so the result's encoding must be the source's with its out
    dimensions permuted the same way (`linear::tensor_transpose`: out `j` of
    the result is out `order[j]` of the source, every basis compared; the
    error names the first that differs and says that `convert_layout` moves
    data). `--layout-lower-register-tensors` lowers it to nothing: the result
    is the source's registers. Folds to the source when `order` is the
    identity.
  }] # !cast<Layout_Contract>("Layout_Contract_transpose").text;
  let arguments = (ins AnyRankedTensor:$src, DenseI64ArrayAttr:$order);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def Layout_ReduceOp : Layout_RustVerifiedOp<"reduce", [Pure, SameOperandsAndResultElementType]> {
  let summary = "a register tensor reduced along one dimension (Triton's `tt.reduce`)";
  let description = [{
    ```mlir
    %m = layout.reduce %s {dim = 1 : i64, kind = "maxnumf"}
        : tensor<64x64xf32, #layout.linear<tensor<64x64xf32, #mma>>>
       -> tensor<64xf32, #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>>>
    ```
    Combines the elements along dimension `dim` with `arith.<kind>` (`addf`,
    `mulf`, `maxnumf`, `minnumf`, `maximumf`, `minimumf` on floats; `addi`,
    `muli`, `maxsi`, `minsi`, `maxui`, `minui`, `andi`, `ori`, `xori` on
    integers). The result's encoding must be the source's slice along `dim`
    (the source's layout without that dimension, registers that only moved
    along it removed: Triton's `#ttg.slice`). `linear::reduce_plan` reads the
    rest off the layout: the registers each thread combines (copies left
    out), then one butterfly shuffle per lane bit that moves along `dim`; a
    layout that spreads `dim` over warps, or whose bases move along `dim` only
    in combination with another dimension, is refused by name. A remark says
    what was chosen. Elements of 16 or 32 bits.
  }] # !cast<Layout_Contract>("Layout_Contract_reduce").text;
  let arguments = (ins AnyRankedTensor:$src, I64Attr:$dim, StrAttr:$kind);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def Layout_BroadcastOp : Layout_RustVerifiedOp<"broadcast", [Pure, SameOperandsAndResultElementType]> {
  let summary = "a reduced register tensor broadcast back along a dimension (Triton's `expand_dims` + `broadcast`)";
  let description = [{
    ```mlir
    %b = layout.broadcast %m {dim = 1 : i64}
        : tensor<64xf32, #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>>>
       -> tensor<64x64xf32, #layout.linear<tensor<64x64xf32, #mma>>>
    ```
    Element `x` of the result is element `x` without coordinate `dim` of the
    source. The source's encoding must be the result's slice along `dim`
    (`linear::reduce_plan::broadcast_plan`; the error names the first basis
    that differs), so each thread already holds the values of its rows and
    every result register copies one source register: no instruction.
  }] # !cast<Layout_Contract>("Layout_Contract_broadcast").text;
  let arguments = (ins AnyRankedTensor:$src, I64Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def Layout_CoordinateOp : Layout_RustVerifiedOp<"coordinate", [Pure]> {
  let summary = "each element's coordinate along a dimension, as a register tensor's layout places it";
  let description = [{
    ```mlir
    %rows = layout.coordinate {dim = 0 : i64} : tensor<64x64xi32, #layout.linear<...>>
    ```
    Element `x` of the result is `x[dim]`: CuTe's identity tensor partitioned
    like the fragment (`make_identity_tensor` + `partition`), Triton's
    `make_range` broadcast into the layout. Masks compare it (a causal mask:
    the column of a score against its row, both moved to the tile's origin by
    adding a `tensor.splat`). `linear::tensor_coordinates`: the thread's part
    (the XOR of its lane and warp bits' coordinates, from `tid.x`) computed
    once, each register's a constant XORed in. Integer elements of at most 32
    bits, wide enough for the extent.
  }] # !cast<Layout_Contract>("Layout_Contract_coordinate").text;
  let arguments = (ins I64Attr:$dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Layout_GlobalLoadOp : Layout_RustVerifiedOp<"global_load", [AttrSizedOperandSegments]> {
  let summary = "load a register tensor from a row-major tensor in global memory";
  let description = [{
    ```mlir
    %t = layout.global_load %base[%stride] {align = 16 : i64}
        : !llvm.ptr<1> -> tensor<64x64xf16, #layout.linear<tensor<64x64xf16, #ttg.blocked<{...}>>>>
    ```
    Element `(c_0, ..., c_{n-1})` of the tensor is at `%base + bytes *
    (sum_{d < n-1} c_d * stride_d + c_{n-1})`: one i64 stride (in elements)
    per dimension but the last, which is contiguous. `align` is the byte
    alignment the caller guarantees for `%base` and for every `stride * bytes`
    (the verifier refuses a stride it sees, static in a tensor's layout or a
    constant operand, whose bytes are not a multiple of `align`).
    Each thread loads the registers its encoding gives it, in the widest
    vectors the layout and `align` allow (`linear::global_access`;
    `--layout-lower-register-tensors` emits them with a remark naming the
    width and why each wider one was rejected). An anchor of
    `--layout-assign-layouts`.
  }] # !cast<Layout_Contract>("Layout_Contract_global_load").text;
  let arguments = (ins Arg<AnyType, "the tensor", [MemRead]>:$base, Variadic<I64>:$strides,
                       Variadic<I64>:$bounds, I64Attr:$align);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $base `[` $strides `]` (`bounds` `(` $bounds^ `)`)? attr-dict `:` type($base) `->` type($result)
  }];
}

def Layout_SharedLoadOp : Layout_RustVerifiedOp<"shared_load"> {
  let summary = "load a register tensor from shared memory laid out by a given layout";
  let description = [{
    ```mlir
    %t = layout.shared_load %smem {smem = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>}
        : !llvm.ptr<3> -> tensor<64x64xf16, #layout.linear<...>>
    ```
    Element `c` of the tensor is at `%smem + bytes * smem(c)` (`%smem` 16-byte
    aligned): `smem` is a CuTe layout of the tensor's coordinates (swizzled or
    not; it must be linear over F2) or a linear layout from `dim0, ...` to one
    offset, given as the attribute or as a static layout operand
    `smem(%l : !layout.layout<...>)` (e.g. the result of `layout.smem_layout`). Each thread loads the registers its encoding gives it in the
    widest `ld.shared` vectors the two layouts allow (`linear::shared_access`:
    register bits that select the next offsets, every other bit moving the
    offset by a multiple of the vector); `--layout-lower-register-tensors`
    emits them with a remark naming the width and why each wider one was
    rejected. An anchor of `--layout-assign-layouts`.
  }] # !cast<Layout_Contract>("Layout_Contract_shared_load").text;
  let arguments = (ins Arg<AnyType, "the tile", [MemRead]>:$base,
                       Optional<Layout_ValueType>:$smemLayout,
                       OptionalAttr<Layout_ValueAttr>:$smem);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $base (`smem` `(` $smemLayout^ `:` qualified(type($smemLayout)) `)`)? attr-dict `:` type($base) `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// The shared layout: the attribute, or the value the operand's type holds.
    ::mlir::layout::ValueAttr getSharedLayout() {
      return ::mlir::layout::sharedLayoutOf(getSmemAttr(), getSmemLayout());
    }
  }];
}

def Layout_SharedStoreOp : Layout_RustVerifiedOp<"shared_store"> {
  let summary = "store a register tensor to shared memory laid out by a given layout";
  let description = [{
    ```mlir
    layout.shared_store %t, %smem {smem = #layout.layout<(64,64):(64,1)>}
        : tensor<64x64xf16, #layout.linear<...>>, !llvm.ptr<3>
    ```
    The addressing and vectors of `layout.shared_load`; an element that
    several registers of a thread hold is stored once per thread. The kernel
    synchronizes the CTA before other threads read the tile.
  }] # !cast<Layout_Contract>("Layout_Contract_shared_store").text;
  let arguments = (ins AnyRankedTensor:$value, Arg<AnyType, "the tile", [MemWrite]>:$base,
                       Optional<Layout_ValueType>:$smemLayout,
                       OptionalAttr<Layout_ValueAttr>:$smem);
  let assemblyFormat = [{
    $value `,` $base (`smem` `(` $smemLayout^ `:` qualified(type($smemLayout)) `)`)? attr-dict `:` type($value) `,` type($base)
  }];
  let extraClassDeclaration = [{
    ::mlir::layout::ValueAttr getSharedLayout() {
      return ::mlir::layout::sharedLayoutOf(getSmemAttr(), getSmemLayout());
    }
  }];
}

def Layout_AsyncCopyOp : Layout_RustVerifiedOp<"async_copy", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "cp.async of a tile from global to shared memory, the copy width chosen from the layouts";
  let description = [{
    ```mlir
    layout.async_copy %src[%ld] to %dst {align = 16 : i64,
        smem = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>}
        : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf16, #layout.linear<...>>
    ```
    Copies the tile of the tensor type (its extents and element type) from
    global memory, addressed as `layout.global_load` does (`%src`, one i64
    stride per dimension but the last, `align` the byte alignment promised for
    `%src` and every `stride * bytes`), into shared memory at `%dst`, where
    element `c` goes to `%dst + bytes * smem(c)`: `smem` is a CuTe layout of the
    tile's coordinates (swizzled or not; it must be linear over F2, as
    power-of-two tiles and swizzles are) or a linear layout from `dim0, ...` to
    one offset. The tensor type's encoding (a register layout) says which
    elements each thread copies. Each thread issues `cp.async` copies of the
    widest size (4, 8 or 16 bytes) both sides allow (`linear::async_copy`: the
    elements of one copy are consecutive and aligned in global memory and in
    shared memory); `--layout-lower-register-tensors` emits them with a remark
    naming the size and why each wider one was rejected. The copies are
    asynchronous: the kernel commits and waits
    (`nvvm.cp.async.commit.group`, `nvvm.cp.async.wait.group N`) and
    synchronizes the CTA before reading the tile. A tile that no `cp.async`
    can copy (fewer than 4 contiguous bytes on either side) is an error that
    says which register, lane or warp bit breaks which condition.
  }] # !cast<Layout_Contract>("Layout_Contract_async_copy").text;
  let arguments = (ins Arg<AnyType, "the global tile", [MemRead]>:$src, Variadic<I64>:$strides,
                       Variadic<I64>:$bounds, Arg<AnyType, "the shared tile", [MemWrite]>:$dst,
                       Optional<Layout_ValueType>:$smemLayout, TypeAttr:$tile,
                       OptionalAttr<Layout_ValueAttr>:$smem, I64Attr:$align);
  let assemblyFormat = [{
    $src `[` $strides `]` (`bounds` `(` $bounds^ `)`)? `to` $dst (`smem` `(` $smemLayout^ `:` qualified(type($smemLayout)) `)`)? attr-dict `:` type($src) `,` type($dst) `,` $tile
  }];
  let extraClassDeclaration = [{
    ::mlir::layout::ValueAttr getSharedLayout() {
      return ::mlir::layout::sharedLayoutOf(getSmemAttr(), getSmemLayout());
    }
  }];
}

def Layout_GlobalStoreOp : Layout_RustVerifiedOp<"global_store", [AttrSizedOperandSegments]> {
  let summary = "store a register tensor to a row-major tensor in global memory";
  let description = [{
    ```mlir
    layout.global_store %t, %base[%stride] {align = 16 : i64}
        : tensor<64x64xf16, #layout.linear<...>>, !llvm.ptr<1>
    ```
    The addressing of `layout.global_load`; each element is stored by every
    thread that holds it (the same value), each thread in the widest vectors
    the layout and `align` allow.
  }] # !cast<Layout_Contract>("Layout_Contract_global_store").text;
  let arguments = (ins AnyRankedTensor:$value, Arg<AnyType, "the tensor", [MemWrite]>:$base,
                       Variadic<I64>:$strides, Variadic<I64>:$bounds, I64Attr:$align);
  let assemblyFormat = [{
    $value `,` $base `[` $strides `]` (`bounds` `(` $bounds^ `)`)? attr-dict `:` type($value) `,` type($base)
  }];
}

def Layout_MmaOp : Layout_RustVerifiedOp<"mma", [Pure]> {
  let summary = "D = A B + C on register tensors with mma.sync m16n8k16 (sm_80+)";
  let description = [{
    ```mlir
    %d = layout.mma %a, %b, %c
        : tensor<64x32xf16, #layout.linear<...dot_op 0...>>,
          tensor<32x64xf16, #layout.linear<...dot_op 1...>>,
          tensor<64x64xf32, #layout.linear<...nvidia_mma...>>
       -> tensor<64x64xf32, #layout.linear<...nvidia_mma...>>
    ```
    A is `M x K`, B `K x N`, C and D `M x N`; A and B f16 or bf16 (the same),
    C and D f32 in one layout. The layouts must hold the m16n8k16 fragments
    of the PTX ISA in registers that are the same in every thread
    (`hw::mma_sync`, checked for every lane and warp by the verifier; the
    error names the operand, lane, warp and fragment element).
    `--layout-lower-register-tensors` emits one `nvvm.mma.sync` per 16x8
    accumulator tile and k step. An anchor of `--layout-assign-layouts`.
  }] # !cast<Layout_Contract>("Layout_Contract_mma").text;
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b, AnyRankedTensor:$c);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `,` type($c) `->` type($d)
  }];
}

#endif // LAYOUT_OPS_TD
