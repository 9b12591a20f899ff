// Diagnostics of layout.logical_product with scaled-basis strides: a basis tiler (CuTe IR
// refuses it too), and copies of A that would overlap (CuTe IR answers
// (((2,2)),(2,3)):(((5@0,2@1)),(1@0,2@0)) for the second, which reads A's complement past a
// carry).
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @basis_tiler() {
  %a = layout.const #layout.layout<(4,3):(1,4)>
  %b = layout.const #layout.layout<(2,5):(1@0,1@1)>
  // expected-error@+1 {{'layout.logical_product' op logical_product: the tiler (2,5):(1@0,1@1) has scaled-basis strides; it must have integer strides}}
  %r = layout.logical_product %a, %b : !layout.layout<(4,3):(1,4)>, !layout.layout<(2,5):(1@0,1@1)>
  return
}

// -----

func.func @carry() {
  %a = layout.const #layout.layout<((2,2)):((5@0,2@1))>
  %b = layout.const #layout.layout<(2,3):(1,2)>
  // expected-error@+1 {{violate the divisibility conditions across modes (on the basis coordinate 1@0 of A = ((5,1),(2,1)):((1@0,10@0),(1@1,4@1)))}}
  %r = layout.logical_product %a, %b : !layout.layout<((2,2)):((5@0,2@1))>, !layout.layout<(2,3):(1,2)>
  return
}
