// Diagnostics of layout.logical_product with tuple and by-mode tilers: the algebra's message names the
// mode and the condition (issue 16).
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @too_many_tuple_modes() {
  %a = layout.const #layout.layout<24:1>
  %t = layout.const #layout.tuple<(4,6)>
  // A tuple tiler is by-mode: it may not have more modes than the layout.
  // expected-error@+1 {{'layout.logical_product' op logical_product: tiler has 2 modes but the layout, 24:1, has rank 1}}
  %r = layout.logical_product %a, %t : !layout.layout<24:1>, !layout.tuple<(4,6)>
  return
}
