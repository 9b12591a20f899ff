// layout.slice_tensor: one coordinate per fixed mode, the fixed modes increasing and in range,
// at least one mode left, a slice the swizzle does not see, and the algebra's result type.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!t = !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,1000)>>
func.func @swizzle_reads_it(%t: !t, %s: index) {
  // expected-error@+1 {{'layout.slice_tensor' op mode 2 of Sw<2,3,3> o 0 o (64,32,2):(32,1,1000) has the stride 1000, not a static multiple of 256: the swizzle reads the offset bits below 256, so a slice along this mode is not the tile at 0 moved}}
  %u = layout.slice_tensor %t[%s] {modes = array<i64: 2>} : !t -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>
  return
}

// -----

!t = !layout.tensor<f16, shared, !layout.layout<(64,32,2):(32,1,2048)>>
func.func @result(%t: !t, %s: index) {
  // expected-error@+1 {{'layout.slice_tensor' op the slice of '!layout.tensor<f16, shared, !layout.layout<(64,32,2):(32,1,2048)>>' at modes [2] is '!layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>>', not '!layout.tensor<f16, shared, !layout.layout<(32,64):(1,32)>>'}}
  %u = layout.slice_tensor %t[%s] {modes = array<i64: 2>} : !t -> !layout.tensor<f16, shared, !layout.layout<(32,64):(1,32)>>
  return
}

// -----

!t = !layout.tensor<f16, shared, !layout.layout<(64,32,2):(32,1,2048)>>
func.func @order(%t: !t, %s: index) {
  // expected-error@+1 {{'layout.slice_tensor' op the fixed modes must be increasing modes of the rank-3 layout '!layout.layout<(64,32,2):(32,1,2048)>', found mode 0}}
  %u = layout.slice_tensor %t[%s, %s] {modes = array<i64: 2, 0>} : !t -> !layout.tensor<f16, shared, !layout.layout<32:1>>
  return
}

// -----

!t = !layout.tensor<f16, shared, !layout.layout<(64,32,2):(32,1,2048)>>
func.func @range(%t: !t, %s: index) {
  // expected-error@+1 {{'layout.slice_tensor' op the fixed modes must be increasing modes of the rank-3 layout '!layout.layout<(64,32,2):(32,1,2048)>', found mode 3}}
  %u = layout.slice_tensor %t[%s] {modes = array<i64: 3>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f16, shared, !layout.layout<(64,32,2):(32,1,2048)>>
func.func @coordinates(%t: !t, %s: index) {
  // expected-error@+1 {{'layout.slice_tensor' op takes one coordinate per fixed mode (1), found 2}}
  %u = layout.slice_tensor %t[%s, %s] {modes = array<i64: 2>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>>
func.func @everything(%t: !t, %s: index) {
  // expected-error@+1 {{'layout.slice_tensor' op fixes every mode of '!layout.layout<(64,32):(32,1)>': at least one mode must remain}}
  %u = layout.slice_tensor %t[%s, %s] {modes = array<i64: 0, 1>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f32, global, !layout.layout<(?,?,?):(?,1,?)>>
func.func @ring_of_runtime_extent(%t: !t, %k: index) {
  // expected-error@+1 {{'layout.slice_tensor' op with ring, each fixed mode must have a static extent (the ring's length): mode 2 of '!layout.tensor<f32, global, !layout.layout<(?,?,?):(?,1,?)>>' has none}}
  %u = layout.slice_tensor %t[%k] {modes = array<i64: 2>, ring} : !t -> !layout.tensor<f32, global, !layout.layout<(?,?):(?,1)>>
  return
}
