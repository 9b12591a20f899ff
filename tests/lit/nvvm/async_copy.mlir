// layout.async_copy: cp.async copies of a tile from global to shared memory, their size
// chosen from the thread layout, the shared layout and the promised alignment
// (linear::async_copy), lowered by --layout-lower-register-tensors; the PTX of these kernels
// is run for every thread on the CPU by async_copy_run.mlir.
// RUN: layout-opt %s --layout-lower-register-tensors 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: layout-opt %s --layout-lower-register-tensors 2>/dev/null | FileCheck %s

// 128 threads, 8 consecutive halves each (8 threads per row of 64): every row of the tile is
// 128 bytes of the 128B-swizzled K-major tile.
#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
// The same threads reading f32 columns: 4 consecutive rows of one column each.
#cols = #layout.linear<{register = [[1, 0], [2, 0], [32, 0], [0, 16], [0, 32]], lane = [[4, 0], [8, 0], [16, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []}>

module attributes {gpu.container_module} {
  gpu.module @k {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8192 x i8>
    llvm.mlir.global internal @tile32() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<16384 x i8>

    // REMARK: remark: 'layout.async_copy' op async_copy: 4 x cp.async.cg.shared.global of 16 bytes per thread (8 elements of 2 bytes each); wider: 16 elements: register bit 3 selects the element at [16, 0], not the next along dimension 1
    // CHECK-LABEL: gpu.func @swizzled
    // CHECK-COUNT-4: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
    // CHECK-NOT: cp.async.shared.global
    // CHECK: nvvm.cp.async.commit.group
    gpu.func @swizzled(%src: !llvm.ptr<1>, %ld: i64) kernel {
      %dst = llvm.mlir.addressof @tile : !llvm.ptr<3>
      layout.async_copy %src[%ld] to %dst {align = 16 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf16, #rows>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      gpu.return
    }

    // Only 8 bytes promised: 8-byte copies, twice as many.
    // REMARK: remark: 'layout.async_copy' op async_copy: 8 x cp.async.ca.shared.global of 8 bytes per thread (4 elements of 2 bytes each); wider: 8 elements: 16 bytes, more than the guaranteed alignment (8 bytes)
    // CHECK-LABEL: gpu.func @eight_bytes
    // CHECK-COUNT-8: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache = ca
    gpu.func @eight_bytes(%src: !llvm.ptr, %ld: i64) kernel {
      %dst = llvm.mlir.addressof @tile : !llvm.ptr<3>
      layout.async_copy %src[%ld] to %dst {align = 8 : i64, smem = #layout.layout<(64,64):(64,1)>} : !llvm.ptr, !llvm.ptr<3>, tensor<64x64xf16, #rows>
      gpu.return
    }

    // The 64B swizzle on f16 (Sw<3,2,3>: 4-element units permuted by the row): lane bit 2
    // (column 32) lands 36 elements further, so 8-element copies would start unaligned in
    // shared memory; 4-element (8-byte) copies are the widest.
    // REMARK: remark: 'layout.async_copy' op async_copy: 8 x cp.async.ca.shared.global of 8 bytes per thread (4 elements of 2 bytes each); wider: 16 elements: register bit 3 selects the element at [16, 0], not the next along dimension 1; 8 elements: lane bit 2 moves the shared offset by 36, not a multiple of 8, so an access would start unaligned in shared memory
    // CHECK-LABEL: gpu.func @swizzle_splits
    // CHECK-COUNT-8: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache = ca
    gpu.func @swizzle_splits(%src: !llvm.ptr<1>, %ld: i64) kernel {
      %dst = llvm.mlir.addressof @tile : !llvm.ptr<3>
      layout.async_copy %src[%ld] to %dst {align = 16 : i64, smem = #layout.layout<Sw<3,2,3> o 0 o (64,64):(64,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf16, #rows>
      gpu.return
    }

    // f32 columns into a column-major tile: the global side moves one element at a time
    // (4 bytes), which cp.async copies; the shared side would allow more.
    // REMARK: remark: 'layout.async_copy' op async_copy: 32 x cp.async.ca.shared.global of 4 bytes per thread (1 elements of 4 bytes each); wider: 2 elements: register bit 0 selects the element at [1, 0], not the next along dimension 1
    // CHECK-LABEL: gpu.func @columns
    // CHECK-COUNT-32: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 4, cache = ca
    gpu.func @columns(%src: !llvm.ptr<1>, %ld: i64) kernel {
      %dst = llvm.mlir.addressof @tile32 : !llvm.ptr<3>
      layout.async_copy %src[%ld] to %dst {align = 16 : i64, smem = #layout.layout<(64,64):(1,64)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf32, #cols>
      gpu.return
    }
  }
}
