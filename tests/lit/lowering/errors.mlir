// layout-lower-to-index refuses what it cannot lower, with a diagnostic that says why.
// RUN: layout-opt %s --layout-lower-to-index -split-input-file -verify-diagnostics

func.func @unknown(%i: index, %m: index) -> index {
  %l = layout.make %m : !layout.layout<(?,8):(1,4)>
  %c = layout.complement %l : !layout.layout<(?,8):(1,4)>
  // The lowering does not yet compute runtime leaves through algebra ops (it traces them
  // with stand-in values, which this complement refuses).
  // expected-error @+1 {{'layout.crd2idx' op cannot be lowered to index math: layout.complement on stand-in leaves}}
  %o = layout.crd2idx %c[%i] : !layout.layout<(?,?):(?,32)>
  return %o : index
}

// -----

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

func.func @per_mode_of_coalesced(%i: index, %j: index, %m: index) -> index {
  %l = layout.make %m : !layout.layout<(4,2,?):(1,4,8)>
  %c = layout.coalesce %l : !layout.layout<(4,2,?):(1,4,8)>
  // Under per-mode coordinates coalesce is not looked through, and tracing its runtime leaf
  // fails: with a static stand-in for `?`, coalesce would merge the last mode.
  // expected-error @+1 {{the runtime leaves of (8,?):(1,8) (from 'layout.coalesce') cannot be traced to layout.make operands: the op combines them}}
  %o = layout.crd2idx %c[%i, %j] : !layout.layout<(8,?):(1,8)>
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
