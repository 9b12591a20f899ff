// layout.mma_async: D = A B^T + C with A (M x K) and B (N x K) shared tensors and an f32
// register-tensor accumulator that holds wgmma's (Triton's nvidia_mma v3 over [4W, 1] warps).
// Round-trips; the lowering is in tests/lit/nvvm/tensor_ops_sm90.mlir.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

#acc = #layout.linear<tensor<128x128xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>>>
!a = !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!b = !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(1,128)>>
// CHECK-LABEL: func.func @mma
// CHECK: layout.mma_async %arg0, %arg1, %arg2 : !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>, !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(1,128)>>, tensor<128x128xf32
func.func @mma(%a: !a, %b: !b, %c: tensor<128x128xf32, #acc>) -> tensor<128x128xf32, #acc> {
  %d = layout.mma_async %a, %b, %c : !a, !b, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
  return %d : tensor<128x128xf32, #acc>
}
