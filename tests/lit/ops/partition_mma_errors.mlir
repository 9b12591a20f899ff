// layout.partition_mma: a known atom, operand A, B or C, a grid of three positive extents, a
// tensor in global or shared memory with the atom tile's modes, and the algebra's result type.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!t = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
func.func @atom(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition_mma' op unknown MMA atom 'sm90_64x8x16' (known: sm80_16x8x16, sm80_16x8x8)}}
  %p = layout.partition_mma %g[%t] {atom = "sm90_64x8x16", operand = "C", atoms = array<i64: 2, 2, 1>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
func.func @operand(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition_mma' op operand is "A", "B" or "C", found "D"}}
  %p = layout.partition_mma %g[%t] {atom = "sm80_16x8x16", operand = "D", atoms = array<i64: 2, 2, 1>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
func.func @grid(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition_mma' op atoms is the grid [TM, TN, TK] of 1 to 64 atoms each, found [2, 2]}}
  %p = layout.partition_mma %g[%t] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
func.func @result(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition_mma' op thread partitions of '!layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>' are '!layout.tensor<f32, global, !layout.layout<((2,2),2,4):((1,512),2048,16)>>', not '!layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>'}}
  %p = layout.partition_mma %g[%t] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f32, global, !layout.layout<64:1>>
func.func @rank(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition_mma' op thrfrg: the layout 64:1 must have at least two modes (the operand's rows and columns)}}
  %p = layout.partition_mma %g[%t] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
func.func @permutation_layout(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition_mma' op permutation is CuTe's PermutationMNK: a tiler of three modes [P_M, P_N, P_K] (a layout or _ each), found #layout.layout<(8,2,2):(1,16,8)>}}
  %p = layout.partition_mma %g[%t] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>, permutation = #layout.layout<(8,2,2):(1,16,8)>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
func.func @permutation_two_modes(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition_mma' op permutation is CuTe's PermutationMNK: a tiler of three modes [P_M, P_N, P_K] (a layout or _ each), found #layout.tiler<[_,(8,2,2):(1,16,8)]>}}
  %p = layout.partition_mma %g[%t] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>, permutation = #layout.tiler<[_,(8,2,2):(1,16,8)]>} : !t -> !t
  return
}

// -----

// The N permutation (3,2):(1,16) does not divide the 64 columns.
!t = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
func.func @permutation_divides(%g: !t, %t: index) {
  // expected-error@+1 {{'layout.partition_mma' op logical_divide: composition: mode 0 of B (8:1) meets mode 0 of coalesced A (extent 3): the remaining extent 8 is not a multiple of the 3 elements this mode provides (shape divisibility condition)}}
  %p = layout.partition_mma %g[%t] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>, permutation = #layout.tiler<[_,(3,2):(1,16),_]>} : !t -> !t
  return
}
