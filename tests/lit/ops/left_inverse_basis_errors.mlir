// Diagnostics of layout.left_inverse on scaled-basis layouts: a basis coordinate whose modes
// overlap has no quasi-inverse (CuTe IR answers ((2,2)):((2,1)) for the first, which breaks
// L(R(L(i))) = L(i)); a negative coefficient.
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @overlapping() {
  %a = layout.const #layout.layout<(2,3):(2@0,1@0)>
  // expected-error@+1 {{is not injective and CuTe's left inverse R = (2,2):(2,1) is not a quasi-inverse of it: the condition L(R(L(i))) == L(i) fails at i = 5 (L(i) = 4, R(L(i)) = 2, L(R(L(i))) = 1) (the projection of (2,3):(2@0,1@0) on one basis coordinate)}}
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
