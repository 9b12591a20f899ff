// layout.tma_copy between a tile of a tma tensor (a tensor over a TMA tensor map) and a shared
// tensor: a load completes on the barrier of a ring position, a store takes none. The tma
// tensor is made from the map and the global layout (runtime extents and strides) and tiled by
// local_tile; a load may be multicast over the CTAs of a cluster. A tile of a tensor of more
// modes (heads x sequence x head dim) whose extra modes have extent 1 is a 2-D box of one head.
// Round-trips; the lowering is in tests/lit/nvvm/tensor_ops_sm90.mlir.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
// CHECK-LABEL: func.func @copies
// CHECK: layout.make_tensor %arg0, %{{.*}} : !llvm.ptr -> !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
// CHECK: layout.tma_copy %{{.*}} to %arg1 barrier(%arg2[%arg5] : !layout.tensor<i64, shared, !layout.layout<4:1>>) : !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>, !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
// CHECK: layout.tma_copy %arg1 to %{{.*}} : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>, !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
// CHECK: layout.tma_copy %{{.*}} to %arg1 barrier(%arg2[%arg5] : !layout.tensor<i64, shared, !layout.layout<4:1>>) {multicast = 2 : i64} : !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
func.func @copies(%map: !llvm.ptr, %s: !s, %r: !ring, %m: index, %k: index, %j: index) {
  %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
  %A = layout.make_tensor %map, %l : !llvm.ptr -> !map
  %g = layout.local_tile %A[%m, %j] {tile = #layout.tuple<(128,64)>} : !map -> !tile
  layout.tma_copy %g to %s barrier(%r[%j] : !ring) : !tile, !s
  layout.tma_copy %s to %g : !s, !tile
  layout.tma_copy %g to %s barrier(%r[%j] : !ring) {multicast = 2 : i64} : !tile, !s
  return
}

// CHECK-LABEL: func.func @one_head
// CHECK: layout.tma_copy %{{.*}} to %arg1 barrier(%arg2[%arg5] : !layout.tensor<i64, shared, !layout.layout<4:1>>) : !layout.tensor<f16, tma, !layout.layout<(128,64,1):(64,1,?)>>, !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
// CHECK: layout.tma_copy %arg1 to %{{.*}} : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>, !layout.tensor<f16, tma, !layout.layout<(128,64,1):(64,1,?)>>
func.func @one_head(%map: !llvm.ptr, %s: !s, %r: !ring, %seq: index, %heads: index, %j: index, %h: index) {
  %l = layout.make %seq, %heads, %heads : !layout.layout<(?,64,?):(64,1,?)>
  %A = layout.make_tensor %map, %l : !llvm.ptr -> !layout.tensor<f16, tma, !layout.layout<(?,64,?):(64,1,?)>>
  %c0 = arith.constant 0 : index
  %g = layout.local_tile %A[%j, %c0, %h] {tile = #layout.tuple<(128,64,1)>} : !layout.tensor<f16, tma, !layout.layout<(?,64,?):(64,1,?)>> -> !layout.tensor<f16, tma, !layout.layout<(128,64,1):(64,1,?)>>
  layout.tma_copy %g to %s barrier(%r[%j] : !ring) : !layout.tensor<f16, tma, !layout.layout<(128,64,1):(64,1,?)>>, !s
  layout.tma_copy %s to %g : !s, !layout.tensor<f16, tma, !layout.layout<(128,64,1):(64,1,?)>>
  return
}
