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

// -----

!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!d = !layout.tensor<f32, tmem, !layout.layout<(128,256):(65536,1)>>
func.func @cta_group(%a: !a, %d: !d, %acc: i1) {
  // expected-error@+1 {{'layout.mma_tmem' op ctaGroup is 1 (one CTA) or 2 (a CTA pair), found 4}}
  layout.mma_tmem %a, %a, %d accumulate(%acc) {ctaGroup = 4 : i64} : !a, !a, !d
  return
}

// -----

// A CTA pair: B holds N/2 rows in each CTA; 256 rows would make N = 512.
!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!b = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>>
!d = !layout.tensor<f32, tmem, !layout.layout<(128,256):(65536,1)>>
func.func @pair_n(%a: !a, %b: !b, %d: !d, %acc: i1) {
  // expected-error@+1 {{'layout.mma_tmem' op with ctaGroup = 2, A and B must be 128 x K and N/2 x K in each CTA (K a multiple of 16, N a multiple of 16 in [16, 256]), found A '!layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>' and B '!layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>'}}
  layout.mma_tmem %a, %b, %d accumulate(%acc) {ctaGroup = 2 : i64} : !a, !b, !d
  return
}

// -----

// A CTA pair: D holds N = 2 x 64 columns.
!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!b = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
!d = !layout.tensor<f32, tmem, !layout.layout<(128,64):(65536,1)>>
func.func @pair_d(%a: !a, %b: !b, %d: !d, %acc: i1) {
  // expected-error@+1 {{'layout.mma_tmem' op the accumulator of tcgen05.mma M = 128 N = 128 lies in TMEM lane i, column j: (128,128):(65536,1), found '!layout.layout<(128,64):(65536,1)>'}}
  layout.mma_tmem %a, %b, %d accumulate(%acc) {ctaGroup = 2 : i64} : !a, !b, !d
  return
}
