// layout.shared_load / layout.shared_store: register tensors from and to shared memory laid
// out by a given layout, in the widest ld/st.shared vectors the two layouts allow
// (linear::shared_access), lowered by --layout-lower-register-tensors. shared_access_run.mlir
// runs these kernels' PTX for every thread on the CPU.
// RUN: layout-opt %s --layout-lower-register-tensors 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: layout-opt %s --layout-lower-register-tensors 2>/dev/null | FileCheck %s

// 128 threads, 16 halves each (8 consecutive twice): rows of a 64x32 tile (4 threads per row).
#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
// The m16n8k16 A fragments (PTX ISA) of a 64x32 f16 tile, 4 warps along M.
#dota = #layout.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>

module attributes {gpu.container_module} {
  gpu.module @k {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x i8>

    // Rows in through global loads, stored into a 64B-swizzled tile (Sw<2,3,3>: rows of 32
    // halves), read back as the MMA's A fragments, stored out: 16-byte stores, 4-byte loads.
    // REMARK: remark: 'layout.shared_store' op shared_store: 2 x st.shared.v4.b32 per thread (8 elements of 2 bytes each); wider: 16 elements: 32 bytes, more than one access moves (16)
    // REMARK: remark: 'layout.shared_load' op shared_load: 8 x ld.shared.b32 per thread (2 elements of 2 bytes each); wider: 16 elements: 32 bytes, more than one access moves (16); 8 elements: register bit 1 is at shared offset 256, not 2 (the next element in shared memory); 4 elements: register bit 1 is at shared offset 256, not 2 (the next element in shared memory)
    // CHECK-LABEL: gpu.func @rows_to_fragments
    // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
    gpu.func @rows_to_fragments(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ld: i64) kernel {
      %smem = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %r = layout.global_load %in[%ld] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x32xf16, #rows>
      layout.shared_store %r, %smem {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : tensor<64x32xf16, #rows>, !llvm.ptr<3>
      nvvm.barrier0
      %a = layout.shared_load %smem {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #dota>
      layout.global_store %a, %out[%ld] {align = 4 : i64} : tensor<64x32xf16, #dota>, !llvm.ptr<1>
      gpu.return
    }

    // cp.async into the tile, then the fragments out of it.
    // REMARK: remark: 'layout.async_copy' op async_copy: 2 x cp.async.cg.shared.global of 16 bytes per thread
    // REMARK: remark: 'layout.shared_load' op shared_load: 8 x ld.shared.b32 per thread
    // CHECK-LABEL: gpu.func @async_to_fragments
    // CHECK-COUNT-2: nvvm.cp.async.shared.global
    // CHECK: nvvm.cp.async.wait.group 0
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
    gpu.func @async_to_fragments(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ld: i64) kernel {
      %smem = llvm.mlir.addressof @tile : !llvm.ptr<3>
      layout.async_copy %in[%ld] to %smem {align = 16 : i64, smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x32xf16, #rows>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      nvvm.barrier0
      %a = layout.shared_load %smem {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #dota>
      layout.global_store %a, %out[%ld] {align = 4 : i64} : tensor<64x32xf16, #dota>, !llvm.ptr<1>
      gpu.return
    }
  }
}
