// Illegal algebra is an op diagnostic that carries the algebra's message (mode and condition).
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @composition_divisibility() {
  %a = layout.const #layout.layout<(4,8):(8,1)>
  %b = layout.const #layout.layout<6:1>
  // expected-error@+1 {{'layout.composition' op composition: mode 0 of B (6:1) meets mode 0 of coalesced A (extent 4): the remaining extent 6 is not a multiple of the 4 elements this mode provides (shape divisibility condition)}}
  %r = layout.composition %a, %b : !layout.layout<(4,8):(8,1)>, !layout.layout<6:1>
  return
}

// -----

func.func @complement_not_injective() {
  %a = layout.const #layout.layout<(2,2):(1,1)>
  // expected-error@+1 {{'layout.complement' op complement: A = (2,2):(1,1) has no complement: stride 1 lies inside the span 2}}
  %r = layout.complement %a : !layout.layout<(2,2):(1,1)>
  return
}

// -----

func.func @arity() {
  %a = layout.const #layout.layout<(4,8):(8,1)>
  // The operand kinds and counts are the op's ODS (a F and a T, docs/dialect.md).
  // expected-error@+1 {{'layout.composition' op expected 2 operands, but found 1}}
  %r = "layout.composition"(%a) : (!layout.layout<(4,8):(8,1)>) -> !layout.layout<(4,8):(8,1)>
  return
}

// -----

// The generic form is verified the same way (InferTypeOpInterface).
func.func @generic_form() {
  %a = "layout.const"() <{value = #layout.layout<(2,2):(1,1)>}> : () -> !layout.layout<(2,2):(1,1)>
  // MLIR follows the algebra's message with its own generic one.
  // expected-error@+2 {{'layout.complement' op complement: A = (2,2):(1,1) has no complement}}
  // expected-error@+1 {{'layout.complement' op failed to infer returned types}}
  %r = "layout.complement"(%a) : (!layout.layout<(2,2):(1,1)>) -> !layout.layout<4:1>
  return
}

// -----

// A declared result type that disagrees with the algebra.
func.func @wrong_result_type() {
  %a = "layout.const"() <{value = #layout.layout<(2,4):(1,2)>}> : () -> !layout.layout<(2,4):(1,2)>
  // expected-error@+2 {{'layout.coalesce' op inferred type(s) '!layout.layout<8:1>' are incompatible with return type(s) of operation '!layout.layout<(2,4):(1,2)>'}}
  // expected-error@+1 {{'layout.coalesce' op failed to infer returned types}}
  %r = "layout.coalesce"(%a) : (!layout.layout<(2,4):(1,2)>) -> !layout.layout<(2,4):(1,2)>
  return
}

// -----

func.func @index_op_error() {
  %a = layout.const #layout.tiler<[4:1,_]>
  // expected-error@+1 {{'layout.size' op operand #0 must be a CuTe layout, swizzle or shape (!layout.layout, !layout.swizzle, !layout.tuple), but got '!layout.tiler<[4:1,_]>'}}
  %s = layout.size %a : !layout.tiler<[4:1,_]>
  return
}

// -----

func.func @const_type_mismatch() {
  // expected-error@+1 {{'layout.const' op}}
  %a = "layout.const"() <{value = #layout.layout<(2,4):(1,2)>}> : () -> !layout.layout<8:1>
  return
}

// -----

func.func @const_dynamic() {
  // expected-error@+1 {{'layout.const' op value '(4,?):(1,4)' has dynamic leaves '?': build it with layout.make from index values}}
  %a = layout.const #layout.layout<(4,?):(1,4)>
  return
}

// -----

func.func @make_leaf_count(%m: index) {
  // expected-error@+1 {{'layout.make' op expects one index operand per '?' leaf of '!layout.layout<(?,8):(1,?)>': 2 leaves, got 1 operands}}
  %l = layout.make %m : !layout.layout<(?,8):(1,?)>
  return
}

// -----

func.func @idx2crd_results() {
  %c = arith.constant 3 : index
  %l = layout.const #layout.layout<(4,8):(8,1)>
  // expected-error@+1 {{'layout.idx2crd' op expects one result per leaf of the shape (4,8): 2 results, got 3}}
  %x:3 = layout.idx2crd %l[%c] : !layout.layout<(4,8):(8,1)> -> index, index, index
  return
}

// -----

func.func @crd2idx_kind() {
  %c = arith.constant 3 : index
  %t = layout.const #layout.tuple<(4,8)>
  // expected-error@+1 {{'layout.crd2idx' op expects a layout operand, got '!layout.tuple<(4,8)>'}}
  %x = layout.crd2idx %t[%c] : !layout.tuple<(4,8)>
  return
}

// -----

func.func @get_out_of_range() {
  %l = layout.const #layout.layout<(4,8):(8,1)>
  // expected-error@+1 {{'layout.get' op get: mode 5 is out of range for rank 2}}
  %a = layout.get %l modes [5] : !layout.layout<(4,8):(8,1)>
  return
}

// -----

func.func @take_empty() {
  %l = layout.const #layout.layout<(4,8):(8,1)>
  // expected-error@+1 {{'layout.take' op take: range [2,1) is empty or outside rank 2}}
  %a = layout.take %l modes [2, 1] : !layout.layout<(4,8):(8,1)>
  return
}

// -----

func.func @crd2idx_outside_domain() -> index {
  %c9 = arith.constant 9 : index
  %l = layout.const #layout.layout<(4,8):(8,1)>
  // expected-error@+1 {{'layout.crd2idx' op crd2idx: coordinate 9 is outside [0, 4)}}
  %a = layout.crd2idx %l[%c9, %c9] : !layout.layout<(4,8):(8,1)>
  return %a : index
}

// -----

func.func @crd2idx_coordinate_count(%i: index) -> index {
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  // expected-error@+1 {{'layout.crd2idx' op crd2idx: a coordinate of shape ((2,4),8) is 1 linear index, 2 indices (one per mode) or 3 indices (one per leaf), got 4}}
  %a = layout.crd2idx %l[%i, %i, %i, %i] : !layout.layout<((2,4),8):((1,16),2)>
  return %a : index
}

// -----

// The verifier remembers, per layout type, the coordinate counts it accepted
// (1, 2 and 3 here): a count it has not accepted is still checked and refused.
func.func @crd2idx_coordinate_count_after_accepted(%i: index) -> (index, index, index, index) {
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  %a = layout.crd2idx %l[%i] : !layout.layout<((2,4),8):((1,16),2)>
  %b = layout.crd2idx %l[%i, %i] : !layout.layout<((2,4),8):((1,16),2)>
  %c = layout.crd2idx %l[%i, %i, %i] : !layout.layout<((2,4),8):((1,16),2)>
  // expected-error@+1 {{'layout.crd2idx' op crd2idx: a coordinate of shape ((2,4),8) is 1 linear index, 2 indices (one per mode) or 3 indices (one per leaf), got 5}}
  %d = layout.crd2idx %l[%i, %i, %i, %i, %i] : !layout.layout<((2,4),8):((1,16),2)>
  return %a, %b, %c, %d : index, index, index, index
}

// -----

func.func @crd2idx_coordinate_count_dynamic(%i: index, %m: index, %n: index) -> index {
  %l = layout.make %m, %n : !layout.layout<(?,8):(1,?)>
  // expected-error@+1 {{'layout.crd2idx' op crd2idx: a coordinate of shape (?,8) is 1 linear index, 2 indices (one per mode) or 2 indices (one per leaf), got 3}}
  %a = layout.crd2idx %l[%i, %i, %i] : !layout.layout<(?,8):(1,?)>
  return %a : index
}

// -----

func.func @leaf_not_a_leaf() -> index {
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  // expected-error@+1 {{'layout.shape_leaf' op shape_leaf: mode [0] of the shape ((2,4),8) is the tuple (2,4), not a leaf}}
  %a = layout.shape_leaf %l modes [0] : !layout.layout<((2,4),8):((1,16),2)>
  return %a : index
}

// -----

func.func @leaf_out_of_range() -> index {
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  // expected-error@+1 {{'layout.stride_leaf' op stride_leaf: mode [2] is out of range for the shape ((2,4),8)}}
  %a = layout.stride_leaf %l modes [2] : !layout.layout<((2,4),8):((1,16),2)>
  return %a : index
}

// -----

// CuTe C++ answers (-1,4):(0,1), which is not a layout (issue 10): the op is refused with the
// leaf and the condition, so no IR that fails to re-parse is ever printed.
func.func @left_inverse_negative_stride() {
  %a = layout.const #layout.layout<4:-1>
  // expected-error@+1 {{'layout.left_inverse' op left_inverse: leaf mode 0 (4:-1) of L = 4:-1 has a negative stride}}
  %r = layout.left_inverse %a : !layout.layout<4:-1>
  return
}

// -----

// A swizzle whose parameters do not fit is refused before any arithmetic (no 32-bit cut).
func.func @swizzle_range() {
  // expected-error@+1 {{B = 4611686018427387905 is out of range (B + M + |S| must be at most 63)}}
  %a = layout.const #layout.layout<Sw<4611686018427387905,4611686018427387904,4611686018427387905> o 0 o 8:1>
  return
}

// -----

func.func @product_too_deep() {
  %a = layout.const #layout.layout<(2,2):(1,2)>
  %b = layout.const #layout.layout<((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((2)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))):((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>
  // expected-error@+1 {{past the limit of 64 levels that the text syntax accepts}}
  %r = layout.logical_product %a, %b : !layout.layout<(2,2):(1,2)>, !layout.layout<((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((2)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))):((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>
  return
}
