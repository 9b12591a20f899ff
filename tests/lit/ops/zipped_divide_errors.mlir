// Diagnostics of layout.zipped_divide with tuple and by-mode tilers: the algebra's message names the
// mode and the condition (issue 16).
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @underscore_on_rank1_mode() {
  %a = layout.const #layout.layout<(8,8):(1,8)>
  %t = layout.const #layout.tiler<[2:1,_]>
  // A `_` item leaves its mode undivided, so zip2_by needs that mode to be rank 2 (CuTe: static_assert).
  // expected-error@+1 {{'layout.zipped_divide' op zipped_divide: zip2_by: mode 1 = 8:8: the tiler item '_' leaves it undivided, so it must be a rank-2 (tile, rest) mode itself, found rank 1}}
  %r = layout.zipped_divide %a, %t : !layout.layout<(8,8):(1,8)>, !layout.tiler<[2:1,_]>
  return
}

// -----

func.func @too_many_tuple_modes() {
  %a = layout.const #layout.layout<24:1>
  %t = layout.const #layout.tuple<(4,6)>
  // A tuple tiler of rank 2 on an integral layout (a layout tiler (4,6):(1,4) would be fine).
  // expected-error@+1 {{'layout.zipped_divide' op logical_divide: tiler has 2 modes but the layout, 24:1, has rank 1}}
  %r = layout.zipped_divide %a, %t : !layout.layout<24:1>, !layout.tuple<(4,6)>
  return
}
