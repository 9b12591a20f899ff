// layout-lower-to-index refuses what it cannot lower, with a diagnostic that says why.
// RUN: layout-opt %s --layout-lower-to-index -split-input-file -verify-diagnostics

func.func @block_argument(%l: !layout.layout<(?,8):(1,4)>, %i: index) -> index {
  // expected-error @+1 {{the dynamic layout (?,8):(1,4) is a block argument}}
  %o = layout.crd2idx %l[%i] : !layout.layout<(?,8):(1,4)>
  return %o : index
}

// -----

func.func @scaled_basis(%i: index) -> index {
  %l = layout.const #layout.layout<(4,8):(1@0,1@1)>
  // expected-error @+1 {{scaled-basis stride 1@0 (a coordinate-valued layout) cannot be lowered to one index}}
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,8):(1@0,1@1)>
  return %o : index
}

// -----

// Offsets that leave i64 on the layout's own domain are known at compile time: the same
// "integer overflow" that folding reports, never wrapping arith (issue 10).
func.func @static_overflow(%i: index) -> index {
  %l = layout.const #layout.layout<(2,2):(4611686018427387904,4611686018427387904)>
  // expected-error @+1 {{'layout.crd2idx' op cannot be lowered to index math: integer overflow: 4611686018427387904 + 4611686018427387904}}
  %o = layout.crd2idx %l[%i] : !layout.layout<(2,2):(4611686018427387904,4611686018427387904)>
  return %o : index
}

// -----

func.func @static_overflow_product(%i: index) -> index {
  %l = layout.const #layout.layout<(4,2):(4611686018427387904,1)>
  // expected-error @+1 {{integer overflow: 3 * 4611686018427387904}}
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,2):(4611686018427387904,1)>
  return %o : index
}

// -----

// The runtime leaves of a value chosen at run time have no expression over layout.make
// operands: refused, naming the op that defines the value.
func.func @chosen_at_run_time(%i: index, %m: index, %n: index, %c: i1) -> index {
  %a = layout.make %m : !layout.layout<(?,8):(1,4)>
  %b = layout.make %n : !layout.layout<(?,8):(1,4)>
  %l = arith.select %c, %a, %b : !layout.layout<(?,8):(1,4)>
  // expected-error @+1 {{the dynamic value (?,8):(1,4) is defined by 'arith.select'}}
  %o = layout.crd2idx %l[%i] : !layout.layout<(?,8):(1,4)>
  return %o : index
}
