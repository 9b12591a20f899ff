// Diagnostics of layout.logical_divide with tuple and by-mode tilers: the algebra's message names the
// mode and the condition (issue 16).
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @too_many_tuple_modes() {
  %a = layout.const #layout.layout<(8,8):(8,1)>
  %t = layout.const #layout.tuple<(2,4,2)>
  // A tuple tiler is by-mode: it may not have more modes than the layout (CuTe: static_assert).
  // expected-error@+1 {{'layout.logical_divide' op logical_divide: tiler has 3 modes but the layout, (8,8):(8,1), has rank 2}}
  %r = layout.logical_divide %a, %t : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4,2)>
  return
}

// -----

func.func @nested_tuple_past_a_leaf() {
  %a = layout.const #layout.layout<(8,8):(1,8)>
  %t = layout.const #layout.tuple<(2,(2,2))>
  // The nested tuple (2,2) divides mode 1 by mode, but mode 1 is the integral 8:8.
  // expected-error@+1 {{'layout.logical_divide' op logical_divide: tiler has 2 modes but mode 1 of the layout, 8:8, has rank 1}}
  %r = layout.logical_divide %a, %t : !layout.layout<(8,8):(1,8)>, !layout.tuple<(2,(2,2))>
  return
}

// -----

func.func @zero_tile() {
  %a = layout.const #layout.layout<(8,8):(8,1)>
  %t = layout.const #layout.tuple<(2,0)>
  // Every tile size is positive.
  // expected-error@+1 {{'layout.logical_divide' op logical_divide: tile size 0 is not positive}}
  %r = layout.logical_divide %a, %t : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,0)>
  return
}
