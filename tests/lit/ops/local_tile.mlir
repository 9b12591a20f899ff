// layout.local_tile: CuTe's local_tile(T, tile, coord), the tensor restricted to mode 0 of
// zipped_divide(L, tile) at the rest coordinate. The result type is the algebra's: runtime
// strides stay runtime leaves, a static layout gives a static tile, and a hierarchical mode is
// tiled along its one-dimensional coordinate. It round-trips.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

// CHECK-LABEL: func.func @runtime
// CHECK: layout.local_tile %{{.*}}[%arg4, %arg5] {tile = #layout.tuple<(64,32)>} : !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>> -> !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>
func.func @runtime(%p: !llvm.ptr<1>, %m: index, %k: index, %ld: index, %i: index, %j: index) -> !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>> {
  %l = layout.make %m, %k, %ld : !layout.layout<(?,?):(?,1)>
  %t = layout.make_tensor %p, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
  %g = layout.local_tile %t[%i, %j] {tile = #layout.tuple<(64,32)>} : !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>> -> !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>
  return %g : !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>
}

// A column-major static tensor, and a tile of a tile.
// CHECK-LABEL: func.func @static
// CHECK: layout.local_tile %{{.*}}[%arg1, %arg2] {tile = #layout.tuple<(32,16)>} : !layout.tensor<f32, global, !layout.layout<(128,64):(1,128)>> -> !layout.tensor<f32, global, !layout.layout<(32,16):(1,128)>>
// CHECK: layout.local_tile %{{.*}}[%arg2, %arg1] {tile = #layout.tuple<(8,8)>} : !layout.tensor<f32, global, !layout.layout<(32,16):(1,128)>> -> !layout.tensor<f32, global, !layout.layout<(8,8):(1,128)>>
func.func @static(%p: !llvm.ptr<1>, %i: index, %j: index) {
  %l = layout.const #layout.layout<(128,64):(1,128)>
  %t = layout.make_tensor %p, %l : !llvm.ptr<1> -> !layout.tensor<f32, global, !layout.layout<(128,64):(1,128)>>
  %g = layout.local_tile %t[%i, %j] {tile = #layout.tuple<(32,16)>} : !layout.tensor<f32, global, !layout.layout<(128,64):(1,128)>> -> !layout.tensor<f32, global, !layout.layout<(32,16):(1,128)>>
  %h = layout.local_tile %g[%j, %i] {tile = #layout.tuple<(8,8)>} : !layout.tensor<f32, global, !layout.layout<(32,16):(1,128)>> -> !layout.tensor<f32, global, !layout.layout<(8,8):(1,128)>>
  return
}

// Mode 0 is (4,8):(1,32), tiled by 16 along its one-dimensional coordinate: (4,4):(1,32).
// CHECK-LABEL: func.func @hierarchical
// CHECK: -> !layout.tensor<f16, shared, !layout.layout<((4,4),8):((1,32),4)>>
func.func @hierarchical(%p: !llvm.ptr<3>, %i: index, %j: index) {
  %l = layout.const #layout.layout<((4,8),8):((1,32),4)>
  %t = layout.make_tensor %p, %l : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<((4,8),8):((1,32),4)>>
  %g = layout.local_tile %t[%i, %j] {tile = #layout.tuple<(16,8)>} : !layout.tensor<f16, shared, !layout.layout<((4,8),8):((1,32),4)>> -> !layout.tensor<f16, shared, !layout.layout<((4,4),8):((1,32),4)>>
  return
}
