// layout.mma_tmem: shared f16/bf16 operands 128 x K and N x K, an f32 TMEM accumulator laid out
// as tcgen05.mma M = 128 leaves it.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!d = !layout.tensor<f32, tmem, !layout.layout<(128,128):(1,128)>>
func.func @tmem_layout(%a: !a, %d: !d, %acc: i1) {
  // expected-error@+1 {{'layout.mma_tmem' op the accumulator of tcgen05.mma M = 128 N = 128 lies in TMEM lane i, column j: (128,128):(65536,1), found '!layout.layout<(128,128):(1,128)>'}}
  layout.mma_tmem %a, %a, %d accumulate(%acc) : !a, !a, !d
  return
}

// -----

!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
!d = !layout.tensor<f32, tmem, !layout.layout<(64,64):(65536,1)>>
func.func @m64(%a: !a, %d: !d, %acc: i1) {
  // expected-error@+1 {{'layout.mma_tmem' op A and B must be 128 x K and N x K (K a multiple of 16, N a multiple of 16 in [16, 256]), found A '!layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>' and B '!layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>'}}
  layout.mma_tmem %a, %a, %d accumulate(%acc) : !a, !a, !d
  return
}

// -----

!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!d = !layout.tensor<f16, tmem, !layout.layout<(128,128):(65536,1)>>
func.func @f16_accumulator(%a: !a, %d: !d, %acc: i1) {
  // expected-error@+1 {{'layout.mma_tmem' op the accumulator must hold 'f32', found 'f16'}}
  layout.mma_tmem %a, %a, %d accumulate(%acc) : !a, !a, !d
  return
}

// -----

!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!d = !layout.tensor<f32, shared, !layout.layout<(128,128):(128,1)>>
func.func @shared_accumulator(%a: !a, %d: !d, %acc: i1) {
  // expected-error@+1 {{'layout.mma_tmem' op the accumulator must be a tensor in tmem memory, found '!layout.tensor<f32, shared, !layout.layout<(128,128):(128,1)>>'}}
  layout.mma_tmem %a, %a, %d accumulate(%acc) : !a, !a, !d
  return
}
