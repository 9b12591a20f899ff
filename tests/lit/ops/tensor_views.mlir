// Views of tensors: select_tensor (a permute or a subset of the modes), group_tensor,
// recast_tensor on memory tensors, and transpose on register tensors; each result type is
// the one the verifier computes (ops::tensor_view, linear::tensor_transpose). They round-trip
// through the generic form; canonicalize folds the identity views.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

!g = !layout.tensor<f16, global, !layout.layout<(64,32):(32,1)>>
!gt = !layout.tensor<f16, global, !layout.layout<(32,64):(1,32)>>
!r = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!rt = !layout.tensor<f16, global, !layout.layout<(?,?):(1,?)>>
!s3 = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64,2):(64,1,4096)>>
!s2 = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,(64,2)):(64,(1,4096))>>
!s0 = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,2):(1,4096)>>
!h = !layout.tensor<f16, shared, !layout.layout<(8,16):(16,1)>>
!w = !layout.tensor<i32, shared, !layout.layout<(8,8):(8,1)>>
#rows = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#cols = #layout.linear<tensor<64x32xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>>

// CHECK-LABEL: func.func @views
// CHECK: layout.select_tensor %arg0 {modes = array<i64: 1, 0>} : !layout.tensor<f16, global, !layout.layout<(64,32):(32,1)>> -> !layout.tensor<f16, global, !layout.layout<(32,64):(1,32)>>
// CHECK: layout.select_tensor %arg1 {modes = array<i64: 1, 0>} : !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>> -> !layout.tensor<f16, global, !layout.layout<(?,?):(1,?)>>
// CHECK: layout.group_tensor %arg2 {begin = 1 : i64, end = 3 : i64} : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64,2):(64,1,4096)>> -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,(64,2)):(64,(1,4096))>>
// CHECK: layout.select_tensor %arg2 {modes = array<i64: 1, 2>}
// CHECK: layout.recast_tensor %arg3 : !layout.tensor<f16, shared, !layout.layout<(8,16):(16,1)>> -> !layout.tensor<i32, shared, !layout.layout<(8,8):(8,1)>>
// CHECK: layout.transpose %arg4 {order = array<i64: 1, 0>} : tensor<32x64xf16, #layout.linear<
// FOLD-LABEL: func.func @views
// FOLD-NOT: {modes = array<i64: 0, 1>}
// FOLD-NOT: {order = array<i64: 0, 1>}
// FOLD: return %arg0, %arg4 :
func.func @views(%g: !g, %r: !r, %s: !s3, %h: !h, %x: tensor<32x64xf16, #rows>) -> (!g, tensor<32x64xf16, #rows>) {
  %a = layout.select_tensor %g {modes = array<i64: 1, 0>} : !g -> !gt
  %b = layout.select_tensor %r {modes = array<i64: 1, 0>} : !r -> !rt
  %c = layout.group_tensor %s {begin = 1 : i64, end = 3 : i64} : !s3 -> !s2
  %d = layout.select_tensor %s {modes = array<i64: 1, 2>} : !s3 -> !s0
  %e = layout.recast_tensor %h : !h -> !w
  %t = layout.transpose %x {order = array<i64: 1, 0>} : tensor<32x64xf16, #rows> -> tensor<64x32xf16, #cols>
  %same = layout.select_tensor %g {modes = array<i64: 0, 1>} : !g -> !g
  %id = layout.transpose %x {order = array<i64: 0, 1>} : tensor<32x64xf16, #rows> -> tensor<32x64xf16, #rows>
  return %same, %id : !g, tensor<32x64xf16, #rows>
}
