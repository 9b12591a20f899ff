// The verifier of layout.linear_apply: one index operand per input dimension of the linear
// layout (the message names both numbers and the dimensions), the layout as a #layout.linear
// attribute or an SSA value of type !layout.linear<...>, exactly one of the two.
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @too_many(%x: index) -> index {
  // expected-error@+1 {{'layout.linear_apply' op expects one index operand per input dimension of the linear layout: 1 input dimension (register), got 2 operands}}
  %o = layout.linear_apply #layout.linear<{register = [[0, 1], [1, 0]]}>[%x, %x]
  return %o : index
}

// -----

func.func @too_few(%x: index) -> index {
  // expected-error@+1 {{'layout.linear_apply' op expects one index operand per input dimension of the linear layout: 4 input dimensions (register, lane, warp, block), got 1 operand}}
  %o = layout.linear_apply #layout.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = []}>[%x]
  return %o : index
}

// -----

// The same check with the layout as an SSA value.
func.func @value(%x: index) -> index {
  %l = layout.const #layout.linear<{register = [[1], [2]], lane = [[4]]}>
  // expected-error@+1 {{'layout.linear_apply' op expects one index operand per input dimension of the linear layout: 2 input dimensions (register, lane), got 3 operands}}
  %o = layout.linear_apply %l[%x, %x, %x] : !layout.linear<{register = [[1], [2]], lane = [[4]]}>
  return %o : index
}

// -----

func.func @cute_attr(%x: index) -> index {
  // expected-error@+1 {{'layout.linear_apply' op expects a #layout.linear attribute, got #layout.layout<4:1>}}
  %o = layout.linear_apply #layout.layout<4:1>[%x]
  return %o : index
}

// -----

func.func @cute_value(%x: index) -> index {
  %l = layout.const #layout.layout<4:1>
  // expected-error@+1 {{'layout.linear_apply' op expects an operand of type !layout.linear<...>, got '!layout.layout<4:1>'}}
  %o = layout.linear_apply %l[%x] : !layout.layout<4:1>
  return %o : index
}

// -----

// Generic form: the attribute and the operand together.
func.func @both(%x: index) -> index {
  %l = layout.const #layout.linear<{register = [[1]]}>
  // expected-error@+1 {{'layout.linear_apply' op expects the linear layout as a #layout.linear attribute or as an SSA operand of type !layout.linear<...>, got both}}
  %o = "layout.linear_apply"(%l, %x) <{layout = #layout.linear<{register = [[1]]}>, operandSegmentSizes = array<i32: 1, 1>}> : (!layout.linear<{register = [[1]]}>, index) -> index
  return %o : index
}

// -----

// Generic form: neither.
func.func @neither(%x: index) -> index {
  // expected-error@+1 {{'layout.linear_apply' op expects the linear layout as a #layout.linear attribute or as an SSA operand of type !layout.linear<...>, got neither}}
  %o = "layout.linear_apply"(%x) <{operandSegmentSizes = array<i32: 0, 1>}> : (index) -> index
  return %o : index
}
