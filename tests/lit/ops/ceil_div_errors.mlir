// Diagnostics of layout.ceil_div with tuple and by-mode tilers: the algebra's message names the
// mode and the condition (issue 16).
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @underscore() {
  %a = layout.const #layout.tuple<(8,8)>
  %t = layout.const #layout.tiler<[2:1,_]>
  // CuTe defines no ceil_div by '_'.
  // expected-error@+1 {{'layout.ceil_div' op ceil_div: '_' has no tile size (CuTe defines no ceil_div by '_') (at mode 1)}}
  %r = layout.ceil_div %a, %t : !layout.tuple<(8,8)>, !layout.tiler<[2:1,_]>
  return
}

// -----

func.func @bymode_on_integer() {
  %a = layout.const #layout.tuple<8>
  %t = layout.const #layout.tiler<[2:1]>
  // A by-mode tiler with a layout item divides a tuple target.
  // expected-error@+1 {{'layout.ceil_div' op ceil_div: the by-mode tiler [2:1] needs a tuple target, found the integer 8}}
  %r = layout.ceil_div %a, %t : !layout.tuple<8>, !layout.tiler<[2:1]>
  return
}

// -----

func.func @too_many_modes() {
  %a = layout.const #layout.tuple<(8,8)>
  %t = layout.const #layout.tiler<[2:1,4:1,2:1]>
  // More tiler modes than target modes.
  // expected-error@+1 {{'layout.ceil_div' op ceil_div: the tiler [2:1,4:1,2:1] has 3 modes but the target (8,8) has rank 2}}
  %r = layout.ceil_div %a, %t : !layout.tuple<(8,8)>, !layout.tiler<[2:1,4:1,2:1]>
  return
}
