// Pasted forms the dialect refuses: a pointer without its element width, a swizzle over a
// pointer that is no swizzle on element offsets, and a composed layout with a tuple offset
// (a value of the CLI and batch only, docs/syntax.md).
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @no_width() {
  // expected-error@+1 {{expected the element width like '16b]' of the pointer}}
  %0 = layout.const #layout.layout<Sw<3,4,3> o smem_ptr[16](unset) o (8,64):(64,1)>
  return
}

// -----

func.func @byte_swizzle_inside_an_element() {
  // expected-error@+1 {{inside an element of 8 bytes}}
  %0 = layout.const #layout.layout<Sw<3,2,3> o smem_ptr[64b](unset) o (8,16):(16,1)>
  return
}

// -----

func.func @tuple_offset() {
  // expected-error@+1 {{a composed layout with a tuple offset 'A o (o0,...) o B' is a value of the layout CLI and batch only}}
  %0 = layout.const #layout.layout<(4,3):(1@0,1@1) o (1,1) o (4,3):(1,4)>
  return
}
