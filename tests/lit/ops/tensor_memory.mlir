// layout.tensor_memory_load / tensor_memory_store: a register tensor (#layout.linear) from / to
// a tensor in tensor memory of the same shape and 32-bit element type. Round-trips; the lowering
// (the tcgen05.ld/st shape derived from the two layouts) is in
// tests/lit/nvvm/tensor_memory.mlir.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

#rows = #layout.linear<tensor<128x64xf32, #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!d = !layout.tensor<f32, tmem, !layout.layout<(128,64):(65536,1)>>
!i = !layout.tensor<i32, tmem, !layout.layout<(128,64):(65536,1)>>
// CHECK-LABEL: func.func @load_store
// CHECK: %[[R:.*]] = layout.tensor_memory_load %arg0 : !layout.tensor<f32, tmem, !layout.layout<(128,64):(65536,1)>> -> tensor<128x64xf32, #layout.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [64, 0]], block = []}>>
// CHECK: layout.tensor_memory_store %[[R]], %arg0 : tensor<128x64xf32, #layout.linear<{{.*}}>>, !layout.tensor<f32, tmem, !layout.layout<(128,64):(65536,1)>>
// CHECK: layout.tensor_memory_load %arg1 : !layout.tensor<i32, tmem, {{.*}}> -> tensor<128x64xi32,
func.func @load_store(%d: !d, %i: !i) {
  %r = layout.tensor_memory_load %d : !d -> tensor<128x64xf32, #rows>
  layout.tensor_memory_store %r, %d : tensor<128x64xf32, #rows>, !d
  %n = layout.tensor_memory_load %i : !i -> tensor<128x64xi32, #rows>
  return
}
