// layout.mma_async: shared A (M x K) and B (N x K) of f16/bf16 (K a multiple of 16) or of
// f8E4M3FN/f8E5M2 (K a multiple of 32) with static layouts, an f32 accumulator M x N whose layout holds the wgmma accumulator (the error names
// the element the instruction needs).
// RUN: layout-opt %s --split-input-file --verify-diagnostics

#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
#v2 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>>
!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
func.func @accumulator(%a: !a, %b: !a, %c: tensor<64x64xf32, #v2>) {
  // expected-error@+1 {{'layout.mma_async' op wgmma: the accumulator holds no element at (0, 8) in lane 0 of warp 0, where an instruction needs it}}
  %d = layout.mma_async %a, %b, %c : !a, !a, tensor<64x64xf32, #v2> -> tensor<64x64xf32, #v2>
  return
}

// -----

#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
!b = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
func.func @shapes(%a: !a, %b: !b, %c: tensor<64x64xf32, #v3>) {
  // expected-error@+1 {{'layout.mma_async' op A, B and C must be M x K, N x K and M x N with K a multiple of 16 (one instruction's K for 'f16'), found A '!layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>', B '!layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>'}}
  %d = layout.mma_async %a, %b, %c : !a, !b, tensor<64x64xf32, #v3> -> tensor<64x64xf32, #v3>
  return
}

// -----

#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
!a = !layout.tensor<f32, shared, !layout.layout<(64,64):(64,1)>>
func.func @f32(%a: !a, %b: !a, %c: tensor<64x64xf32, #v3>) {
  // expected-error@+1 {{'layout.mma_async' op A and B must both be f16 or both bf16, or each f8E4M3FN or f8E5M2, found 'f32' and 'f32'}}
  %d = layout.mma_async %a, %b, %c : !a, !a, tensor<64x64xf32, #v3> -> tensor<64x64xf32, #v3>
  return
}

// -----

#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
!a = !layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>
func.func @global(%a: !a, %b: !a, %c: tensor<64x64xf32, #v3>) {
  // expected-error@+1 {{'layout.mma_async' op the A operand must be a tensor in shared memory, found '!layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>'}}
  %d = layout.mma_async %a, %b, %c : !a, !a, tensor<64x64xf32, #v3> -> tensor<64x64xf32, #v3>
  return
}

// -----

#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
!a = !layout.tensor<f16, shared, !layout.layout<(64,8):(8,1)>>
func.func @k8(%a: !a, %b: !a, %c: tensor<64x64xf32, #v3>) {
  // expected-error@+1 {{'layout.mma_async' op A, B and C must be M x K, N x K and M x N with K a multiple of 16 (one instruction's K for 'f16'), found A '!layout.layout<(64,8):(8,1)>', B '!layout.layout<(64,8):(8,1)>'}}
  %d = layout.mma_async %a, %b, %c : !a, !a, tensor<64x64xf32, #v3> -> tensor<64x64xf32, #v3>
  return
}

// -----

// fp8 operands: one instruction's K is 32 (32 bytes).
#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
!a = !layout.tensor<f8E4M3FN, shared, !layout.layout<(64,48):(48,1)>>
func.func @fp8_k48(%a: !a, %b: !a, %c: tensor<64x64xf32, #v3>) {
  // expected-error@+1 {{'layout.mma_async' op A, B and C must be M x K, N x K and M x N with K a multiple of 32 (one instruction's K for 'f8E4M3FN'), found A '!layout.layout<(64,48):(48,1)>', B '!layout.layout<(64,48):(48,1)>'}}
  %d = layout.mma_async %a, %b, %c : !a, !a, tensor<64x64xf32, #v3> -> tensor<64x64xf32, #v3>
  return
}

// -----

// An fp8 operand with a 16-bit one: WGMMA has no such form.
#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
!a = !layout.tensor<f8E4M3FN, shared, !layout.layout<(64,64):(64,1)>>
!b = !layout.tensor<f16, shared, !layout.layout<(64,64):(64,1)>>
func.func @fp8_f16(%a: !a, %b: !b, %c: tensor<64x64xf32, #v3>) {
  // expected-error@+1 {{'layout.mma_async' op A and B must both be f16 or both bf16, or each f8E4M3FN or f8E5M2, found 'f8E4M3FN' and 'f16'}}
  %d = layout.mma_async %a, %b, %c : !a, !b, tensor<64x64xf32, #v3> -> tensor<64x64xf32, #v3>
  return
}

// -----

// A from registers (the RS form) must hold the ISA's A fragment.
#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
#blk = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!b = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
func.func @rs_not_the_fragment(%a: tensor<64x64xf16, #blk>, %b: !b, %c: tensor<64x64xf32, #v3>) {
  // expected-error@+1 {{'layout.mma_async' op wgmma: A holds no element at (8, 0) in lane 0 of warp 0, where an instruction needs it}}
  %d = layout.mma_async %a, %b, %c : tensor<64x64xf16, #blk>, !b, tensor<64x64xf32, #v3> -> tensor<64x64xf32, #v3>
  return
}

// -----

#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
!b = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
func.func @rs_f32(%a: tensor<64x64xf32, #v3>, %b: !b, %c: tensor<64x64xf32, #v3>) {
  // expected-error@+1 {{'layout.mma_async' op A from registers and B must both be f16, both bf16, or both f8E4M3FN/f8E5M2, found 'f32' and 'f16'}}
  %d = layout.mma_async %a, %b, %c : tensor<64x64xf32, #v3>, !b, tensor<64x64xf32, #v3> -> tensor<64x64xf32, #v3>
  return
}

// -----

// An 8-bit A from registers is WGMMA's m64nNk32 fragment: the k32 accumulator rounded to e4m3 is
// not (a thread holds columns 2q, 2q + 1 of each 8, the fragment 4q .. 4q + 3 of each 16);
// layout.convert_layout to Triton's dot_op with kWidth 4 moves it there.
#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>>>
#v3e4 = #layout.linear<tensor<64x64xf8E4M3FN, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>>>
!b = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<2,4,3> o 0 o (64,64):(64,1)>>
func.func @rs_fp8_accumulator_layout(%a: tensor<64x64xf8E4M3FN, #v3e4>, %b: !b, %c: tensor<64x64xf32, #v3>) {
  // expected-error@+1 {{'layout.mma_async' op wgmma: A holds no element at (0, 2) in lane 0 of warp 0, where an instruction needs it}}
  %d = layout.mma_async %a, %b, %c : tensor<64x64xf8E4M3FN, #v3e4>, !b, tensor<64x64xf32, #v3> -> tensor<64x64xf32, #v3>
  return
}

// -----

#v3 = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>>>
#pa = #layout.linear<tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>, kWidth = 4}>>>
!b = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
func.func @rs_fp8_a_f16_b(%a: tensor<64x64xf8E4M3FN, #pa>, %b: !b, %c: tensor<64x64xf32, #v3>) {
  // expected-error@+1 {{'layout.mma_async' op A from registers and B must both be f16, both bf16, or both f8E4M3FN/f8E5M2, found 'f8E4M3FN' and 'f16'}}
  %d = layout.mma_async %a, %b, %c : tensor<64x64xf8E4M3FN, #pa>, !b, tensor<64x64xf32, #v3> -> tensor<64x64xf32, #v3>
  return
}
