// layout.mma_tmem: D (a TMEM tensor, row i in lane i) = A B^T (+ D) with A (128 x K) and B
// (N x K) shared tensors: tcgen05.mma issued by one thread. Round-trips; the lowering is in
// tests/lit/nvvm/example_gemm_sm100.mlir.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

!a = !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!b = !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>>
!d = !layout.tensor<f32, tmem, !layout.layout<(128,256):(65536,1)>>
// CHECK-LABEL: func.func @mma
// CHECK: layout.mma_tmem %arg0, %arg1, %arg2 accumulate(%arg3) : !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>, !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>>, !layout.tensor<f32, tmem, !layout.layout<(128,256):(65536,1)>>
func.func @mma(%a: !a, %b: !b, %d: !d, %acc: i1) {
  layout.mma_tmem %a, %b, %d accumulate(%acc) : !a, !b, !d
  return
}

// A CTA pair (ctaGroup = 2): B is this CTA's 128 of N = 256 rows, D 128 x 256.
// CHECK-LABEL: func.func @pair
// CHECK: layout.mma_tmem %arg0, %arg0, %arg1 accumulate(%arg2) {ctaGroup = 2 : i64} : !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>, !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>, !layout.tensor<f32, tmem, !layout.layout<(128,256):(65536,1)>>
func.func @pair(%a: !a, %d: !d, %acc: i1) {
  layout.mma_tmem %a, %a, %d accumulate(%acc) {ctaGroup = 2 : i64} : !a, !a, !d
  return
}
