// layout.partition_mma: thread t's part of operand A, B or C under CuTe's make_tiled_mma(atom,
// Layout<Shape<TM,TN,TK>>) (partition_A/B/C): slice(((0,(0,0)),(_,(_,_))), thrfrg(L, ...)),
// CuTe's (MMA, MMA_M, MMA_N). The types are CuTe C++'s (mma_atom.hpp's lines compiled on the
// host) for SM80_16x8x16 over a 2 x 2 x 2 grid of atoms: C of a 64 x 64 row-major tile, A and
// B of 64 x 32 ones; a runtime row stride stays a runtime leaf. It round-trips.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

// CHECK-LABEL: func.func @operands
// CHECK: layout.partition_mma %arg0[%arg3] {atom = "sm80_16x8x16", atoms = array<i64: 2, 2, 2>, operand = "C"} : !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>> -> !layout.tensor<f32, global, !layout.layout<((2,2),2,4):((1,512),2048,16)>>
// CHECK: -> !layout.tensor<f16, shared, !layout.layout<((2,2,2),2,1):((1,256,8),1024,0)>>
// CHECK: -> !layout.tensor<f16, shared, !layout.layout<((2,2),4,1):((1,8),512,0)>>
func.func @operands(%c: !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>, %a: !layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>>, %b: !layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>>, %t: index) {
  %pc = layout.partition_mma %c[%t] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 2>} : !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>> -> !layout.tensor<f32, global, !layout.layout<((2,2),2,4):((1,512),2048,16)>>
  %pa = layout.partition_mma %a[%t] {atom = "sm80_16x8x16", operand = "A", atoms = array<i64: 2, 2, 2>} : !layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>> -> !layout.tensor<f16, shared, !layout.layout<((2,2,2),2,1):((1,256,8),1024,0)>>
  %pb = layout.partition_mma %b[%t] {atom = "sm80_16x8x16", operand = "B", atoms = array<i64: 2, 2, 2>} : !layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>> -> !layout.tensor<f16, shared, !layout.layout<((2,2),4,1):((1,8),512,0)>>
  return
}

// CHECK-LABEL: func.func @runtime
// CHECK: -> !layout.tensor<f32, global, !layout.layout<((2,2),2,4):((1,?),?,16)>>
func.func @runtime(%c: !layout.tensor<f32, global, !layout.layout<(64,64):(?,1)>>, %t: index) {
  %pc = layout.partition_mma %c[%t] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>} : !layout.tensor<f32, global, !layout.layout<(64,64):(?,1)>> -> !layout.tensor<f32, global, !layout.layout<((2,2),2,4):((1,?),?,16)>>
  return
}

// make_tiled_mma(SM80_16x8x16, Layout<Shape<2,2,1>>, PermutationMNK): CuTe C++'s thrfrg after
// logical_divide by the operand's two modes of the permutation (tiled_mma.rs has the cases):
// C with N permuted (8,2,2):(1,16,8) (a thread's N values of two atoms 8 columns apart), A with
// M permuted (16,2):(2,1).
// CHECK-LABEL: func.func @permuted
// CHECK: layout.partition_mma %arg0[%arg2] {atom = "sm80_16x8x16", atoms = array<i64: 2, 2, 1>, operand = "C", permutation = #layout.tiler<[32:1,(8,2,2):(1,16,8),_]>} : !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>> -> !layout.tensor<f32, global, !layout.layout<((2,2),2,(2,2)):((1,512),2048,(8,32))>>
// CHECK: -> !layout.tensor<f16, shared, !layout.layout<((2,2,2),2,2):((1,512,8),1024,16)>>
func.func @permuted(%c: !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>, %a: !layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>>, %t: index) {
  %pc = layout.partition_mma %c[%t] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>, permutation = #layout.tiler<[32:1,(8,2,2):(1,16,8),_]>} : !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>> -> !layout.tensor<f32, global, !layout.layout<((2,2),2,(2,2)):((1,512),2048,(8,32))>>
  %pa = layout.partition_mma %a[%t] {atom = "sm80_16x8x16", operand = "A", atoms = array<i64: 2, 2, 1>, permutation = #layout.tiler<[(16,2):(2,1),_,16:1]>} : !layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>> -> !layout.tensor<f16, shared, !layout.layout<((2,2,2),2,2):((1,512,8),1024,16)>>
  return
}
