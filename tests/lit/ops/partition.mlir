// layout.partition: thread t's part of a tensor under the tiled copy of thr x val with atoms of
// `vector` values (CuTe's make_tiled_copy(...).get_slice(t).partition_S/D): its layout is
// slice((0,_,(_,_)), tidfrg(L, thr, val, vector)), CuTe's (CPY, CPY_M, CPY_N). A runtime row
// stride stays a runtime leaf; the partition of a 128B-swizzled shared tile is a plain layout
// (the thread's bits 3..10 carry the swizzle, which moves its pointer; its own offsets, bits
// 0..2 and 10.., are not swizzled); one-element atoms of column-major threads. It round-trips.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

// CHECK-LABEL: func.func @global_rows
// CHECK: layout.partition %arg0[%arg1] {thr = #layout.layout<(32,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>> -> !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
func.func @global_rows(%g: !layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>>, %t: index) {
  %p = layout.partition %g[%t] {thr = #layout.layout<(32,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>> -> !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
  return
}

// CHECK-LABEL: func.func @shared_swizzled
// CHECK: -> !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),2048,0)>>
func.func @shared_swizzled(%s: !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>, %t: index) {
  %p = layout.partition %s[%t] {thr = #layout.layout<(32,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>> -> !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),2048,0)>>
  return
}

// CHECK-LABEL: func.func @columns
// CHECK: -> !layout.tensor<f32, global, !layout.layout<((1,4),2,4):((0,1),64,1024)>>
func.func @columns(%g: !layout.tensor<f32, global, !layout.layout<(128,32):(1,128)>>, %t: index) {
  %p = layout.partition %g[%t] {thr = #layout.layout<(16,8):(1,16)>, val = #layout.layout<(4,1):(1,0)>, vector = 1 : i64} : !layout.tensor<f32, global, !layout.layout<(128,32):(1,128)>> -> !layout.tensor<f32, global, !layout.layout<((1,4),2,4):((0,1),64,1024)>>
  return
}
