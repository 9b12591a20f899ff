// Diagnostics of layout.composition with tuple and by-mode tilers: the algebra's message names the
// mode and the condition (issue 16).
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @too_many_tuple_modes() {
  %a = layout.const #layout.layout<(20):(2)>
  %t = layout.const #layout.tuple<(5,4)>
  // A tuple right operand is by-mode: rank 2 against a rank-1 layout.
  // expected-error@+1 {{'layout.composition' op composition: tiler of rank 2 has more modes than A (rank 1)}}
  %r = layout.composition %a, %t : !layout.layout<(20):(2)>, !layout.tuple<(5,4)>
  return
}
