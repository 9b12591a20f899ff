// layout.linear_apply takes one index per input dimension: a mismatch is an op diagnostic of
// the lowering.
// The lowering passes are Rust passes of layout-opt, not in the mlir-opt plugin.
// UNSUPPORTED: plugin-driver
// RUN: layout-opt %s --layout-lower-to-index -split-input-file -verify-diagnostics

func.func @count(%x: index) -> index {
  // expected-error@+1 {{'layout.linear_apply' op cannot be lowered to index math: linear_apply: 2 inputs for a linear layout with 1 input dimensions}}
  %o = layout.linear_apply #layout.linear<{register = [[0, 1], [1, 0]]}>[%x, %x]
  return %o : index
}
