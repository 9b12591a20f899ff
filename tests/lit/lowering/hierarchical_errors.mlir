// layout-lower-to-index with hierarchical coordinates (one index per leaf) refuses what it
// cannot lower, with the reason.
// RUN: layout-opt %s --layout-lower-to-index -split-input-file -verify-diagnostics

func.func @scaled_basis_per_leaf(%a: index, %b: index, %c: index) -> index {
  %l = layout.const #layout.layout<((2,4),8):((1@0,2@0),1@1)>
  // expected-error @+1 {{scaled-basis stride 1@0 (a coordinate-valued layout) cannot be lowered to one index}}
  %o = layout.crd2idx %l[%a, %b, %c] : !layout.layout<((2,4),8):((1@0,2@0),1@1)>
  return %o : index
}

// -----

func.func @block_argument_per_leaf(%l: !layout.layout<((2,?),8):((1,?),2)>, %a: index, %b: index, %c: index) -> index {
  // expected-error @+1 {{the dynamic layout ((2,?),8):((1,?),2) is a block argument}}
  %o = layout.crd2idx %l[%a, %b, %c] : !layout.layout<((2,?),8):((1,?),2)>
  return %o : index
}

// -----

func.func @overflow_per_leaf(%a: index, %b: index, %c: index) -> index {
  %l = layout.const #layout.layout<((2,2),2):((4611686018427387904,4611686018427387904),1)>
  // expected-error @+1 {{'layout.crd2idx' op cannot be lowered to index math: integer overflow}}
  %o = layout.crd2idx %l[%a, %b, %c] : !layout.layout<((2,2),2):((4611686018427387904,4611686018427387904),1)>
  return %o : index
}
