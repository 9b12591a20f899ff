// Pasted forms the dialect refuses: a pointer without its element width, and a composed
// layout with a tuple offset (a value of the CLI and batch only, docs/syntax.md).
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @no_width() {
  // expected-error@+1 {{expected the element width like '16b]' of the pointer}}
  %0 = layout.const #layout.layout<Sw<3,4,3> o smem_ptr[16](unset) o (8,64):(64,1)>
  return
}

// -----

func.func @tuple_offset() {
  // expected-error@+1 {{a composed layout with a tuple offset 'A o (o0,...) o B' is a value of the layout CLI and batch only}}
  %0 = layout.const #layout.layout<(4,3):(1@0,1@1) o (1,1) o (4,3):(1,4)>
  return
}
