// Kernel-layer inputs that `layout-fuzz --target kernel` (docs/fuzzing.md) found to pass the
// verifiers and then fail inside the lowering, on an op the input did not write: each is now
// a precise error of the op the input wrote.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

// A constant coordinate of a stage mode past its extent: the slice would start past the
// tensor (the lowering failed on its internal `layout.crd2idx`, at the slice's user).
!t = !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>>
func.func @slice_past_stages(%t: !t) {
  %c5 = arith.constant 5 : index
  // expected-error@+1 {{'layout.slice_tensor' op coordinate 5 of mode 2 is outside the mode's extent [0, 2) of '!layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>': the slice would start past the tensor (with `ring`, a position in the ring wraps)}}
  %u = layout.slice_tensor %t[%c5] {modes = array<i64: 2>} : !t -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>
  return
}

// -----

!t = !layout.tensor<f16, shared, !layout.layout<(64,32,2):(32,1,2048)>>
func.func @slice_negative(%t: !t) {
  %m = arith.constant -1 : index
  // expected-error@+1 {{'layout.slice_tensor' op coordinate -1 of mode 2 is outside the mode's extent [0, 2)}}
  %u = layout.slice_tensor %t[%m] {modes = array<i64: 2>} : !t -> !layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>>
  return
}

// -----

// With `ring` a constant position wraps: stage 5 mod 2.
!t = !layout.tensor<f16, shared, !layout.layout<(64,32,2):(32,1,2048)>>
func.func @slice_ring_wraps(%t: !t) {
  %c5 = arith.constant 5 : index
  %u = layout.slice_tensor %t[%c5] {modes = array<i64: 2>, ring} : !t -> !layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>>
  return
}
