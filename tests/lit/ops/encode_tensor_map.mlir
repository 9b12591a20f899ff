// layout.encode_tensor_map: the host op that writes the TMA tensor map of a global tensor (a
// pointer and a layout with runtime extents and strides) for tiles of a shared layout, and
// returns the driver's status. Round-trips, generic form included; the lowering is in
// tests/lit/nvvm/encode_tensor_map.mlir.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!g3 = !layout.tensor<bf16, global, !layout.layout<(64,?,?):(1,?,?)>>
// CHECK-LABEL: func.func @encode
// CHECK: %[[A:.*]] = layout.make_tensor %arg1, %{{.*}} : !llvm.ptr -> !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
// CHECK: %{{.*}} = layout.encode_tensor_map %arg0, %[[A]] {smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>} : !llvm.ptr, !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
// CHECK: %{{.*}} = layout.encode_tensor_map %arg0, %{{.*}} {smem = #layout.layout<(64,8):(1,64)>} : !llvm.ptr, !layout.tensor<bf16, global, !layout.layout<(64,?,?):(1,?,?)>>
func.func @encode(%map: !llvm.ptr, %p: !llvm.ptr, %m: index, %k: index, %b: index, %s1: index, %s2: index) -> (i32, i32) {
  %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
  %A = layout.make_tensor %p, %l : !llvm.ptr -> !gmem
  %s = layout.encode_tensor_map %map, %A {smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>} : !llvm.ptr, !gmem
  %l3 = layout.make %m, %b, %s1, %s2 : !layout.layout<(64,?,?):(1,?,?)>
  %G = layout.make_tensor %p, %l3 : !llvm.ptr -> !g3
  %t = layout.encode_tensor_map %map, %G {smem = #layout.layout<(64,8):(1,64)>} : !llvm.ptr, !g3
  return %s, %t : i32, i32
}
