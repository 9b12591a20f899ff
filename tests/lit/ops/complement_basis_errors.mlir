// Diagnostics of layout.complement on scaled-basis layouts: overlapping modes of one basis
// coordinate, a negative coefficient, a cotarget (defined for integer strides only), mixed
// nonzero integer and basis strides.
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @overlapping() {
  %a = layout.const #layout.layout<(2,2):(1@0,1@0)>
  // expected-error@+1 {{'layout.complement' op complement: (2,2):(1@0,1@0) has no complement: the coefficient 1 lies inside the span 2 of the modes of its basis coordinate with smaller coefficients}}
  %r = layout.complement %a : !layout.layout<(2,2):(1@0,1@0)>
  return
}

// -----

func.func @negative() {
  %a = layout.const #layout.layout<(2,3):(-1@0,1@1)>
  // expected-error@+1 {{'layout.complement' op complement: (2,3):(-1@0,1@1) has the negative coefficient -1}}
  %r = layout.complement %a : !layout.layout<(2,3):(-1@0,1@1)>
  return
}

// -----

func.func @cotarget() {
  %a = layout.const #layout.layout<(2,3):(1@0,1@1)>
  %m = layout.const #layout.tuple<(4,6)>
  // expected-error@+1 {{'layout.complement' op complement: (2,3):(1@0,1@1) has scaled-basis strides, so it takes no cotarget (here (4,6))}}
  %r = layout.complement %a, %m : !layout.layout<(2,3):(1@0,1@1)>, !layout.tuple<(4,6)>
  return
}

// -----

func.func @mixed() {
  %a = layout.const #layout.layout<(2,3):(1@0,2)>
  // expected-error@+1 {{'layout.complement' op complement: (2,3):(1@0,2) mixes scaled-basis strides with the nonzero integer stride 2}}
  %r = layout.complement %a : !layout.layout<(2,3):(1@0,2)>
  return
}
