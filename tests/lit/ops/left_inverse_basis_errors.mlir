// Diagnostics of layout.left_inverse on scaled-basis layouts: a basis coordinate whose modes
// overlap has no quasi-inverse (CuTe IR answers ((2,2)):((2,1)) for the first, which breaks
// L(R(L(i))) = L(i)); a negative coefficient.
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @overlapping() {
  %a = layout.const #layout.layout<(2,3):(2@0,1@0)>
  // expected-error@+1 {{is not injective: L(R(L(5))) = 1 but L(5) = 4 (the projection of (2,3):(2@0,1@0) on one basis coordinate)}}
  %r = layout.left_inverse %a : !layout.layout<(2,3):(2@0,1@0)>
  return
}

// -----

func.func @negative() {
  %a = layout.const #layout.layout<(2,3):(-1@0,1@1)>
  // expected-error@+1 {{has a negative stride}}
  %r = layout.left_inverse %a : !layout.layout<(2,3):(-1@0,1@1)>
  return
}
