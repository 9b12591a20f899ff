// Diagnostics of the linear-layout ops: the algebra's message (which mode, which images, which
// condition), wrong operand kinds, dynamic operands, arity.
// RUN: layout-opt %s -split-input-file -verify-diagnostics

// A non-power-of-two extent is not linear over F2.
func.func @not_pow2() {
  %l = layout.const #layout.layout<(3,4):(4,1)>
  // expected-error@+1 {{'layout.to_linear' op from_cute: mode 0 leaf 0 has size 3, which is not a power of two}}
  %x = layout.to_linear %l : !layout.layout<(3,4):(4,1)>
  return
}

// -----

// A stride that is not a power of two.
func.func @stride() {
  %l = layout.const #layout.layout<(4,4):(1,6)>
  // expected-error@+1 {{'layout.to_linear' op from_cute: mode 1 leaf 0 has stride 6, which is neither 0 nor a power of two, so the layout is not linear over F2}}
  %x = layout.to_linear %l : !layout.layout<(4,4):(1,6)>
  return
}

// -----

// Two modes reaching the same offset bit: CuTe's sum carries, the XOR would not.
func.func @carry() {
  %l = layout.const #layout.layout<(4,4):(1,2)>
  // expected-error@+1 {{'layout.to_linear' op from_cute: mode 0 leaf 0 and mode 1 leaf 0 both reach offset 2; the offsets add with a carry, so the layout is not linear over F2}}
  %x = layout.to_linear %l : !layout.layout<(4,4):(1,2)>
  return
}

// -----

// A composed layout with a non-zero offset is affine, not linear.
func.func @offset() {
  %l = layout.const #layout.layout<Sw<3,4,3> o 8 o (8,64):(64,1)>
  // expected-error@+1 {{'layout.to_linear' op from_cute: the composed layout adds the offset 8; a linear layout maps 0 to 0, so only offset 0 converts}}
  %x = layout.to_linear %l : !layout.layout<Sw<3,4,3> o 8 o (8,64):(64,1)>
  return
}

// -----

// Runtime leaves: a linear layout is static.
func.func @dynamic(%m: index) {
  %l = layout.make %m : !layout.layout<(?,4):(1,8)>
  // expected-error@+1 {{'layout.to_linear' op to_linear: operand #0 !layout.layout<(?,4):(1,8)> is not static: a linear layout has no runtime leaves}}
  %x = layout.to_linear %l : !layout.layout<(?,4):(1,8)>
  return
}

// -----

// to_linear takes a CuTe value.
func.func @to_linear_kind() {
  %l = layout.const #layout.linear<{register = [[1], [2]]}>
  // expected-error@+1 {{'layout.to_linear' op to_linear: operand #0 must be a CuTe layout (!layout.layout<...>), got !layout.linear<{register = [[1], [2]]}>}}
  %x = layout.to_linear %l : !layout.linear<{register = [[1], [2]]}>
  return
}

// -----

// No CuTe form: two bits with the same image (a CuTe sum would carry) and no swizzle separates
// them; the message names both bits.
func.func @no_cute_form() {
  %l = layout.const #layout.linear<{register = [[1], [1]]}>
  // expected-error@+1 {{'layout.from_linear' op to_cute: no CuTe layout: the offsets 1 of bit 0 of 'register' and 1 of bit 1 of 'register' share bits (a CuTe sum would carry), and no swizzle Sw<B,M,S> separates the images}}
  %x = layout.from_linear %l : !layout.linear<{register = [[1], [1]]}>
  return
}

// -----

// from_linear takes a linear layout.
func.func @from_linear_kind() {
  %l = layout.const #layout.layout<(4,8):(8,1)>
  // expected-error@+1 {{'layout.from_linear' op from_linear: operand #0 must be a linear layout (!layout.linear<...>), got !layout.layout<(4,8):(8,1)>}}
  %x = layout.from_linear %l : !layout.layout<(4,8):(8,1)>
  return
}

// -----

// Only a square surjective layout is invertible.
func.func @invert() {
  %l = layout.const #layout.linear<{register = [[1], [1]]}>
  // expected-error@+1 {{'layout.linear_invert' op invert: the layout has 2 input bits and 1 output bits; only a square layout is invertible (use pseudoinvert)}}
  %x = layout.linear_invert %l : !layout.linear<{register = [[1], [1]]}>
  return
}

// -----

// compose: A's out dims must be B's in dims.
func.func @compose() {
  %a = layout.const #layout.linear<{register = [[1], [2]]}>
  %b = layout.const #layout.linear<{lane = [[1], [2]]}>
  // expected-error@+1 {{'layout.linear_compose' op compose: the out dimensions of the first layout [dim0] are not the in dimensions of the second [lane]}}
  %x = layout.linear_compose %a, %b : !layout.linear<{register = [[1], [2]]}>, !layout.linear<{lane = [[1], [2]]}>
  return
}

// -----

func.func @arity() {
  %a = layout.const #layout.linear<{register = [[1], [2]]}>
  // expected-error@+1 {{'layout.linear_product' op expected 2 operands, but found 1}}
  %x = "layout.linear_product"(%a) : (!layout.linear<{register = [[1], [2]]}>) -> !layout.linear<{register = [[1], [2]]}>
  return
}

// -----

// A CuTe op on a linear layout names the type confusion.
func.func @cute_op() {
  %a = layout.const #layout.linear<{register = [[1], [2]]}>
  // expected-error@+1 {{'layout.coalesce' op coalesce: operand #0 is a linear layout (!layout.linear<...>); this op takes CuTe values (convert with layout.from_linear)}}
  %x = layout.coalesce %a : !layout.linear<{register = [[1], [2]]}>
  return
}

// -----

// The generic form is verified the same way: a declared result type that disagrees with the
// algebra is an error.
func.func @declared() {
  %l = "layout.const"() <{value = #layout.layout<(4,8):(8,1)>}> : () -> !layout.layout<(4,8):(8,1)>
  // expected-error@+2 {{'layout.to_linear' op inferred type(s) '!layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[8],[16]]},{"name":"dim1","size":8,"bases":[[1],[2],[4]]}],"out_dims":[{"name":"offset","size":32}]}>' are incompatible with return type(s) of operation '!layout.linear<{register = [[1]]}>'}}
  // expected-error@+1 {{'layout.to_linear' op failed to infer returned types}}
  %x = "layout.to_linear"(%l) : (!layout.layout<(4,8):(8,1)>) -> !layout.linear<{register = [[1]]}>
  return
}

// -----

// The application and structure ops of CuTe layouts take no linear layout.
func.func @cute_application(%i: index) {
  %l = layout.const #layout.linear<{register = [[1]]}>
  // expected-error@+1 {{'layout.crd2idx' op expects a layout operand, got '!layout.linear<{register = [[1]]}>'}}
  %a = layout.crd2idx %l[%i] : !layout.linear<{register = [[1]]}>
  return
}

// -----

func.func @cute_idx2crd(%i: index) {
  %l = layout.const #layout.linear<{register = [[1]]}>
  // expected-error@+1 {{'layout.idx2crd' op expects a layout operand, got '!layout.linear<{register = [[1]]}>'}}
  %b = layout.idx2crd %l[%i] : !layout.linear<{register = [[1]]}> -> index
  return
}

// -----

func.func @cute_leaf() {
  %l = layout.const #layout.linear<{register = [[1]]}>
  // expected-error@+1 {{'layout.shape_leaf' op expects a layout operand, got '!layout.linear<{register = [[1]]}>'}}
  %c = layout.shape_leaf %l modes [0] : !layout.linear<{register = [[1]]}>
  return
}

// -----

// A linear layout is static: layout.make has no leaves to fill.
func.func @make() {
  // expected-error@+1 {{'layout.make' op a linear layout has no runtime leaves: build '!layout.linear<{register = [[1]]}>' with layout.const}}
  %l = layout.make : !layout.linear<{register = [[1]]}>
  return
}
