// TMA: the cuTensorMapEncodeTiled arguments (host) and the copies (device) derived from the
// global layout and the shared-memory tile by layout_algebra::hw::tma_desc.
// RUN: layout-opt %s --layout-lower-to-nvvm --canonicalize --cse | FileCheck %s

// Host: a 128x64 f16 tile with the 128B swizzle of a row-major 1024x4096 f16 tensor.
// dataType 6 (FLOAT16), rank 2, globalDim [4096, 1024], globalStrides [8192] bytes,
// boxDim [64, 128], elementStrides [1, 1], interleave 0, swizzle 3 (128B), L2 promotion 2, oob 0.
// CHECK: llvm.func @cuTensorMapEncodeTiled(!llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32, i32, i32) -> i32
// CHECK-LABEL: func.func @host_static
// CHECK-DAG: %[[C4096:.*]] = llvm.mlir.constant(4096 : i64) : i64
// CHECK-DAG: %[[C1024:.*]] = llvm.mlir.constant(1024 : i64) : i64
// CHECK-DAG: %[[C8192:.*]] = llvm.mlir.constant(8192 : i64) : i64
// CHECK-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-DAG: %[[C6:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK:     %[[DIM:.*]] = llvm.alloca %[[C2]] x i64
// CHECK:     llvm.store %[[C4096]], %[[DIM]]
// CHECK:     %[[DIM1:.*]] = llvm.getelementptr %[[DIM]][1]
// CHECK:     llvm.store %[[C1024]], %[[DIM1]]
// CHECK:     %[[STR:.*]] = llvm.alloca %[[C1]] x i64
// CHECK:     llvm.store %[[C8192]], %[[STR]]
// CHECK:     %[[BOX:.*]] = llvm.alloca %[[C2]] x i32
// CHECK:     llvm.store %[[C64]], %[[BOX]]
// CHECK:     %[[BOX1:.*]] = llvm.getelementptr %[[BOX]][1]
// CHECK:     llvm.store %[[C128]], %[[BOX1]]
// CHECK:     %[[ES:.*]] = llvm.alloca %[[C2]] x i32
// CHECK:     llvm.store %[[C1]], %[[ES]]
// CHECK:     %[[R:.*]] = llvm.call @cuTensorMapEncodeTiled(%arg0, %[[C6]], %[[C2]], %arg1, %[[DIM]], %[[STR]], %[[BOX]], %[[ES]], %[[C0]], %[[C3]], %[[C2]], %[[C0]])
// CHECK:     return %[[R]]
func.func @host_static(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  %s = layout.tma_desc %map, %g {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// Host: a dynamic outer extent comes from the operand (f32, no swizzle: dataType 7, swizzle 0).
// CHECK-LABEL: func.func @host_dynamic
// CHECK: %[[DIM:.*]] = llvm.alloca
// CHECK: %[[DIM1:.*]] = llvm.getelementptr %[[DIM]][1]
// CHECK: llvm.store %arg2, %[[DIM1]] : i64, !llvm.ptr
// CHECK: llvm.call @cuTensorMapEncodeTiled(%arg0, %{{.*}}, %{{.*}}, %arg1,
func.func @host_dynamic(%map: !llvm.ptr, %g: !llvm.ptr, %m: i64) -> i32 {
  %s = layout.tma_desc %map, %g dims(%m) {elem = f32, gmem = #layout.layout<(?,256):(256,1)>, smem = #layout.layout<(64,32):(32,1)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

gpu.module @device {
  // Device: a 128x128 f16 tile in two 128B-swizzle column blocks = two boxes of 64x128
  // (16384 bytes each): expect_tx 32768, the second box at smem +16384 and x + 64.
  // CHECK-LABEL: gpu.func @load_two_boxes
  // CHECK-DAG: %[[TX:.*]] = llvm.mlir.constant(32768 : i32) : i32
  // CHECK-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK:     nvvm.mbarrier.arrive.expect_tx %arg2, %[[TX]] : !llvm.ptr<3>, i32
  // CHECK:     %[[D0:.*]] = llvm.addrspacecast %arg0 : !llvm.ptr<3> to !llvm.ptr<7>
  // CHECK:     nvvm.cp.async.bulk.tensor.shared.cluster.global %[[D0]], %arg1, %arg2, box[%arg3, %arg4] : !llvm.ptr<7>, !llvm.ptr
  // CHECK:     %[[S1:.*]] = llvm.getelementptr %arg0[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK:     %[[D1:.*]] = llvm.addrspacecast %[[S1]] : !llvm.ptr<3> to !llvm.ptr<7>
  // CHECK:     %[[X1:.*]] = llvm.add %arg3, %[[C64]] : i32
  // CHECK:     nvvm.cp.async.bulk.tensor.shared.cluster.global %[[D1]], %arg1, %arg2, box[%[[X1]], %arg4] : !llvm.ptr<7>, !llvm.ptr
  gpu.func @load_two_boxes(%dst: !llvm.ptr<3>, %map: !llvm.ptr, %bar: !llvm.ptr<3>, %x: i32, %y: i32) kernel {
    layout.tma_load %dst, %map, %bar[%x, %y] {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
    gpu.return
  }

  // Multicast to the 2 CTAs of a cluster: each receives both CTAs' tiles, so the barrier
  // expects twice the tile's bytes; the copy carries the mask 0b11.
  // CHECK-LABEL: gpu.func @load_multicast
  // CHECK-DAG: %[[TX:.*]] = llvm.mlir.constant(32768 : i32) : i32
  // CHECK-DAG: %[[MASK:.*]] = llvm.mlir.constant(3 : i16) : i16
  // CHECK:     nvvm.mbarrier.arrive.expect_tx %arg2, %[[TX]] : !llvm.ptr<3>, i32
  // CHECK:     %[[D0:.*]] = llvm.addrspacecast %arg0 : !llvm.ptr<3> to !llvm.ptr<7>
  // CHECK:     nvvm.cp.async.bulk.tensor.shared.cluster.global %[[D0]], %arg1, %arg2, box[%arg3, %arg4] multicast_mask = %[[MASK]] : !llvm.ptr<7>, !llvm.ptr
  gpu.func @load_multicast(%dst: !llvm.ptr<3>, %map: !llvm.ptr, %bar: !llvm.ptr<3>, %x: i32, %y: i32) kernel {
    layout.tma_load %dst, %map, %bar[%x, %y] {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, multicast = 2 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @store
  // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %arg1, box[%arg2, %arg3] : !llvm.ptr, <3>
  // CHECK: nvvm.cp.async.bulk.commit.group
  // CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
  gpu.func @store(%map: !llvm.ptr, %src: !llvm.ptr<3>, %x: i32, %y: i32) kernel {
    layout.tma_store %map, %src[%x, %y] {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr<3>
    gpu.return
  }
}
