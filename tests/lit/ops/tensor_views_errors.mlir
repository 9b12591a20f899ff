// The views' verifiers: the result type must be the view the algebra computes; modes and
// orders must be permutations or distinct modes; a recast needs whole elements; a transpose
// moves no data; a tma tensor has no views.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!g = !layout.tensor<f16, global, !layout.layout<(64,32):(32,1)>>
func.func @wrong_result(%g: !g) {
  // expected-error@+1 {{'layout.select_tensor' op the view of '!layout.tensor<f16, global, !layout.layout<(64,32):(32,1)>>' is '!layout.tensor<f16, global, !layout.layout<(32,64):(1,32)>>', not '!layout.tensor<f16, global, !layout.layout<(32,64):(32,1)>>'}}
  %a = layout.select_tensor %g {modes = array<i64: 1, 0>} : !g -> !layout.tensor<f16, global, !layout.layout<(32,64):(32,1)>>
  return
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<(64,32):(32,1)>>
func.func @repeated_mode(%g: !g) {
  // expected-error@+1 {{'layout.select_tensor' op select_tensor: modes [0, 0] must be distinct modes of the rank-2 layout (64,32):(32,1)}}
  %a = layout.select_tensor %g {modes = array<i64: 0, 0>} : !g -> !g
  return
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<(64,32):(32,1)>>
func.func @element_type(%g: !g) {
  // expected-error@+1 {{'layout.select_tensor' op a view keeps the element type 'f16' (layout.recast_tensor changes it)}}
  %a = layout.select_tensor %g {modes = array<i64: 0, 1>} : !g -> !layout.tensor<bf16, global, !layout.layout<(64,32):(32,1)>>
  return
}

// -----

!s = !layout.tensor<f16, shared, !layout.layout<(8,16,4):(16,1,128)>>
func.func @empty_group(%s: !s) {
  // expected-error@+1 {{'layout.group_tensor' op group_tensor: [2, 2) must be a nonempty range of the modes [0, 3) of (8,16,4):(16,1,128)}}
  %a = layout.group_tensor %s {begin = 2 : i64, end = 2 : i64} : !s -> !s
  return
}

// -----

!h = !layout.tensor<f16, shared, !layout.layout<(8,3):(3,1)>>
func.func @partial_words(%h: !h) {
  // expected-error@+1 {{'layout.recast_tensor' op upcast}}
  %a = layout.recast_tensor %h : !h -> !layout.tensor<i32, shared, !layout.layout<(8,3):(3,1)>>
  return
}

// -----

!m = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
func.func @tma(%m: !m) {
  // expected-error@+1 {{'layout.select_tensor' op views '!layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>': a tma tensor's tiles are addressed by tensor-map coordinates (layout.local_tile); view the shared tile instead}}
  %a = layout.select_tensor %m {modes = array<i64: 1, 0>} : !m -> !layout.tensor<f16, tma, !layout.layout<(?,?):(1,?)>>
  return
}

// -----

#rows = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#other = #layout.linear<tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @moves_data(%x: tensor<32x64xf16, #rows>) {
  // expected-error@+1 {{'layout.transpose' op transpose: register basis 0 of the result encoding is [0, 1], the transpose of the source's holds [1, 0] there}}
  %t = layout.transpose %x {order = array<i64: 1, 0>} : tensor<32x64xf16, #rows> -> tensor<64x32xf16, #other>
  return
}

// -----

#rows = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @bad_order(%x: tensor<32x64xf16, #rows>) {
  // expected-error@+1 {{'layout.transpose' op transpose: order [1, 1] is not a permutation of the tensor's 2 dimensions [0, 2)}}
  %t = layout.transpose %x {order = array<i64: 1, 1>} : tensor<32x64xf16, #rows> -> tensor<32x64xf16, #rows>
  return
}
