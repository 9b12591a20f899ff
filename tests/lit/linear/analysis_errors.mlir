// Diagnostics of the linear-layout analyses (linear_vector_width, linear_bank_conflicts,
// linear_choose_swizzle, linear_optimal_swizzling): operand kinds, the element width, arity,
// dynamic operands and the algebra's own messages.
// RUN: layout-opt %s -split-input-file -verify-diagnostics

// A CuTe layout where the analysis needs a linear layout (convert it with layout.to_linear).
func.func @e0(%d: !layout.layout<(?,32):(32,1)>) {
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{'layout.linear_vector_width' op operand #0 must be a linear layout (!layout.linear), but got '!layout.layout<(32,32):(32,1)>'}}
  %v = layout.linear_vector_width %s : !layout.layout<(32,32):(32,1)>
  return
}

// -----

// The register layout must be linear.
func.func @e1(%d: !layout.layout<(?,32):(32,1)>) {
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{'layout.linear_bank_conflicts' op operand #0 must be a linear layout (!layout.linear), but got '!layout.layout<(32,32):(32,1)>'}}
  %c = layout.linear_bank_conflicts %s, %s {bits = 16 : i64} : !layout.layout<(32,32):(32,1)>, !layout.layout<(32,32):(32,1)>
  return
}

// -----

// An element width that is not a power of two.
func.func @e2(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{'layout.linear_bank_conflicts' op bank_conflicts: element bitwidth 12 is not a power of two in [1, 1024]}}
  %c = layout.linear_bank_conflicts %r, %s {bits = 12 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
  return
}

// -----

// A zero element width.
func.func @e3(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{'layout.linear_bank_conflicts' op bank_conflicts: element bitwidth 0 is not a power of two in [1, 1024]}}
  %c = layout.linear_bank_conflicts %r, %s {bits = 0 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
  return
}

// -----

// The element width is required.
func.func @e4(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{'layout.linear_bank_conflicts' op requires attribute 'bits'}}
  %c = layout.linear_bank_conflicts %r, %s : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
  return
}

// -----

// The element width is an integer.
func.func @e5(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{attribute 'bits' failed to satisfy constraint: 64-bit signless integer attribute}}
  %c = layout.linear_bank_conflicts %r, %s {bits = 1.0 : f32} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
  return
}

// -----

// Three operands: the forms are (register, shared) and (register -> offset map).
func.func @e6(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{'layout.linear_bank_conflicts' op operand group starting at #1 requires 0 or 1 element, but found 2}}
  %c = "layout.linear_bank_conflicts"(%r, %s, %s) {bits = 16 : i64} : (!layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>, !layout.layout<(32,32):(32,1)>) -> index
  return
}

// -----

// A register layout alone is not a register -> offset map (two out dimensions).
func.func @e7(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  // expected-error@+1 {{'layout.linear_bank_conflicts' op bank_conflicts: the register -> offset map has out dimensions [dim0, dim1]; expected one (the offset)}}
  %c = layout.linear_bank_conflicts %r {bits = 16 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  return
}

// -----

// A shared layout smaller than the register layout's tensor.
func.func @e8(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %t = layout.const #layout.layout<(16,32):(32,1)>
  // expected-error@+1 {{'layout.linear_bank_conflicts' op compose: out dimension 'dim0' of the first layout has size 32, larger than the second layout's in dimension 'dim0' (size 16)}}
  %c = layout.linear_bank_conflicts %r, %t {bits = 16 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(16,32):(32,1)>
  return
}

// -----

// A shared layout with runtime leaves.
func.func @e9(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  // expected-error@+1 {{'layout.linear_bank_conflicts' op linear_bank_conflicts: operand #1 !layout.layout<(?,32):(32,1)> is not static: a linear layout has no runtime leaves}}
  %c = layout.linear_bank_conflicts %r, %d {bits = 16 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(?,32):(32,1)>
  return
}

// -----

// choose_swizzle: the element width is required.
func.func @e10(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{'layout.linear_choose_swizzle' op requires attribute 'bits'}}
  %w = layout.linear_choose_swizzle %r, %s : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
  return
}

// -----

// choose_swizzle: an element width that is not a power of two.
func.func @e11(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{'layout.linear_choose_swizzle' op bank_conflicts: element bitwidth 3 is not a power of two in [1, 1024]}}
  %w = layout.linear_choose_swizzle %r, %s {bits = 3 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
  return
}

// -----

// choose_swizzle: the register layout must be linear.
func.func @e12(%d: !layout.layout<(?,32):(32,1)>) {
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{'layout.linear_choose_swizzle' op linear_choose_swizzle: operand #0 must be a linear layout (!layout.linear<...>), got !layout.layout<(32,32):(32,1)>}}
  %w = layout.linear_choose_swizzle %s, %s {bits = 16 : i64} : !layout.layout<(32,32):(32,1)>, !layout.layout<(32,32):(32,1)>
  return
}

// -----

// choose_swizzle: a shared layout with runtime leaves.
func.func @e13(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  // expected-error@+1 {{'layout.linear_choose_swizzle' op linear_choose_swizzle: operand #1 !layout.layout<(?,32):(32,1)> is not static: a linear layout has no runtime leaves}}
  %w = layout.linear_choose_swizzle %r, %d {bits = 16 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(?,32):(32,1)>
  return
}

// -----

// choose_swizzle: a declared result type other than the inferred one.
func.func @e14(%d: !layout.layout<(?,32):(32,1)>) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+2 {{'layout.linear_choose_swizzle' op failed to infer returned types}}
  // expected-error@+1 {{'layout.linear_choose_swizzle' op inferred type(s) '!layout.layout<Sw<5,0,5> o 0 o (32,32):(32,1)>' are incompatible with return type(s) of operation '!layout.layout<(32,32):(32,1)>'}}
  %w = "layout.linear_choose_swizzle"(%r, %s) <{bits = 32 : i64}> : (!layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>) -> !layout.layout<(32,32):(32,1)>
  return
}

// -----

// optimal_swizzling: src and dst over different tensors.
func.func @o0() {
  %a = layout.const #layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>
  %b = layout.const #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  // expected-error@+1 {{'layout.linear_optimal_swizzling' op optimal_swizzling: src and dst must have the same out dimensions (names and sizes)}}
  %m = layout.linear_optimal_swizzling %a, %b {bits = 32 : i64} : !layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  return
}

// -----

// optimal_swizzling: an element width that is not a power of two.
func.func @o1() {
  %a = layout.const #layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>
  %b = layout.const #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  // expected-error@+1 {{'layout.linear_optimal_swizzling' op optimal_swizzling: element bitwidth 7 is not a power of two in [1, 1024]}}
  %m = layout.linear_optimal_swizzling %a, %b {bits = 7 : i64} : !layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  return
}

// -----

// optimal_swizzling: both operands are register layouts (linear).
func.func @o2() {
  %a = layout.const #layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  // expected-error@+1 {{'layout.linear_optimal_swizzling' op linear_optimal_swizzling: operand #1 must be a linear layout (!layout.linear<...>), got !layout.layout<(32,32):(32,1)>}}
  %m = layout.linear_optimal_swizzling %a, %s {bits = 32 : i64} : !layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.layout<(32,32):(32,1)>
  return
}
