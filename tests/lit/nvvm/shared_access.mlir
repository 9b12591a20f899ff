// layout.shared_load / layout.shared_store: register tensors from and to shared memory laid
// out by a given layout, in the widest ld/st.shared vectors the two layouts allow, or (16-bit
// loads, sm_75+) ldmatrix / ldmatrix.trans when the layouts are its form and it needs fewer
// instructions (linear::shared_access), lowered by --layout-lower-register-tensors.
// shared_access_run.mlir runs these kernels' PTX for every thread on the CPU.
// RUN: layout-opt %s --layout-lower-register-tensors 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: layout-opt %s --layout-lower-register-tensors 2>/dev/null | FileCheck %s

// 128 threads, 16 halves each (8 consecutive twice): rows of a 64x32 tile (4 threads per row).
#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
// 128 threads, 16 halves each: rows of a 32x64 tile (8 threads per row).
#rows64 = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
// The m16n8k16 B fragments (PTX ISA) of a 32x64 f16 tile (K x N), 4 warps along N.
#dotb = #layout.linear<{register = [[1, 0], [8, 0], [0, 8], [16, 0]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 16], [0, 32]], block = []}>
// The m16n8k16 A fragments (PTX ISA) of a 64x32 f16 tile, 4 warps along M.
#dota = #layout.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
// The accumulator of examples/gemm_sm90.mlir (two warpgroups of m64n256k16, Triton's
// nvidia_mma v3), and rows of its 128x256 tile (a warp per row, 8 halves per thread).
#acc = #layout.linear<tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>>
#rows256 = #layout.linear<tensor<128x256xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>>>

module attributes {gpu.container_module} {
  gpu.module @k {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x i8>
    llvm.mlir.global internal @tile2() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x i8>
    llvm.mlir.global external @dynamic() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>

    // Rows in through global loads, stored into a 64B-swizzled tile (Sw<2,3,3>: rows of 32
    // halves), read back as the MMA's A fragments with ldmatrix.x4 (two, instead of eight
    // 4-byte loads), stored out.
    // REMARK: remark: 'layout.shared_store' op shared_store: 2 x st.shared.v4.b32 per thread (8 elements of 2 bytes each); wider: 16 elements: 32 bytes, more than one access moves (16)
    // REMARK: remark: 'layout.shared_load' op shared_load: 2 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread (instead of 8 x ld.shared.b32)
    // CHECK-LABEL: gpu.func @rows_to_fragments
    // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
    gpu.func @rows_to_fragments(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ld: i64) kernel {
      %smem = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %r = layout.global_load %in[%ld] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x32xf16, #rows>
      layout.shared_store %r, %smem {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : tensor<64x32xf16, #rows>, !llvm.ptr<3>
      nvvm.barrier0
      %a = layout.shared_load %smem {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #dota>
      layout.global_store %a, %out[%ld] {align = 4 : i64} : tensor<64x32xf16, #dota>, !llvm.ptr<1>
      gpu.return
    }

    // The shared layout as an SSA value the algebra computes (the swizzle composed with the
    // row-major tile), given to the copy and the load as an operand: the same choices.
    // REMARK: remark: 'layout.async_copy' op async_copy: 2 x cp.async.cg.shared.global of 16 bytes per thread
    // REMARK: remark: 'layout.shared_load' op shared_load: 2 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread
    // CHECK-LABEL: gpu.func @computed_layout
    // CHECK-COUNT-2: nvvm.cp.async.shared.global
    // CHECK-COUNT-2: nvvm.ldmatrix
    gpu.func @computed_layout(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ld: i64) kernel {
      %smem = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %sw = layout.const #layout.swizzle<2,3,3>
      %rm = layout.const #layout.layout<(64,32):(32,1)>
      %l = layout.composition %sw, %rm : !layout.swizzle<2,3,3>, !layout.layout<(64,32):(32,1)>
      layout.async_copy %in[%ld] to %smem smem(%l : !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>) {align = 16 : i64} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x32xf16, #rows>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      nvvm.barrier0
      %a = layout.shared_load %smem smem(%l : !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>) : !llvm.ptr<3> -> tensor<64x32xf16, #dota>
      layout.global_store %a, %out[%ld] {align = 4 : i64} : tensor<64x32xf16, #dota>, !llvm.ptr<1>
      gpu.return
    }

    // cp.async into the tile, then the fragments out of it.
    // REMARK: remark: 'layout.async_copy' op async_copy: 2 x cp.async.cg.shared.global of 16 bytes per thread
    // REMARK: remark: 'layout.shared_load' op shared_load: 2 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread
    // CHECK-LABEL: gpu.func @async_to_fragments
    // CHECK-COUNT-2: nvvm.cp.async.shared.global
    // CHECK: nvvm.cp.async.wait.group 0
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-2: nvvm.ldmatrix
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

    // The B operand: a 32x64 (K x N) tile with N contiguous under the 128B swizzle; its
    // fragments pair consecutive k, 64 halves apart in shared memory: ldmatrix.x4.trans.
    // REMARK: remark: 'layout.shared_load' op shared_load: 2 x ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 per thread (instead of 16 x ld.shared.b16)
    // CHECK-LABEL: gpu.func @rows_to_b_fragments
    // CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 4 : i32
    gpu.func @rows_to_b_fragments(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ld: i64) kernel {
      %smem = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %r = layout.global_load %in[%ld] {align = 16 : i64} : !llvm.ptr<1> -> tensor<32x64xf16, #rows64>
      layout.shared_store %r, %smem {smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>} : tensor<32x64xf16, #rows64>, !llvm.ptr<3>
      nvvm.barrier0
      %b = layout.shared_load %smem {smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>} : !llvm.ptr<3> -> tensor<32x64xf16, #dotb>
      layout.global_store %b, %out[%ld] {align = 2 : i64} : tensor<32x64xf16, #dotb>, !llvm.ptr<1>
      gpu.return
    }

    // The A fragments stored back (stmatrix.x4 on sm_90, the pass's default target; 4-byte
    // st.shared on sm_80) into a second tile, read as rows and stored out.
    // REMARK: remark: 'layout.shared_store' op shared_store: 2 x stmatrix.sync.aligned.m8n8.x4.shared.b16 per thread (instead of 8 x st.shared.b32)
    // CHECK-LABEL: gpu.func @fragments_round_trip
    // CHECK-COUNT-2: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
    gpu.func @fragments_round_trip(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ld: i64) kernel {
      %smem = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %smem2 = llvm.mlir.addressof @tile2 : !llvm.ptr<3>
      %r = layout.global_load %in[%ld] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x32xf16, #rows>
      layout.shared_store %r, %smem {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : tensor<64x32xf16, #rows>, !llvm.ptr<3>
      nvvm.barrier0
      %a = layout.shared_load %smem {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #dota>
      layout.shared_store %a, %smem2 {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : tensor<64x32xf16, #dota>, !llvm.ptr<3>
      nvvm.barrier0
      %r2 = layout.shared_load %smem2 {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #rows>
      layout.global_store %r2, %out[%ld] {align = 16 : i64} : tensor<64x32xf16, #rows>, !llvm.ptr<1>
      gpu.return
    }

    // Rows read back as rows: 16-byte vector loads; the remark says why no ldmatrix.
    // REMARK: remark: 'layout.shared_load' op shared_load: 2 x ld.shared.v4.b32 per thread (8 elements of 2 bytes each); wider: 16 elements: 32 bytes, more than one access moves (16); not ldmatrix.trans: lane bit 2 is at shared offset 32, not 1 (within one 16-byte row); and without .trans: lane bit 0 is at shared offset 8, not 2
    // CHECK-LABEL: gpu.func @rows_round_trip
    // CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
    gpu.func @rows_round_trip(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ld: i64) kernel {
      %smem = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %r = layout.global_load %in[%ld] {align = 16 : i64} : !llvm.ptr<1> -> tensor<32x64xf16, #rows64>
      layout.shared_store %r, %smem {smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>} : tensor<32x64xf16, #rows64>, !llvm.ptr<3>
      nvvm.barrier0
      %b = layout.shared_load %smem {smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>} : !llvm.ptr<3> -> tensor<32x64xf16, #rows64>
      layout.global_store %b, %out[%ld] {align = 16 : i64} : tensor<32x64xf16, #rows64>, !llvm.ptr<1>
      gpu.return
    }

    // The epilogue of the sm_90a GEMM (examples/gemm_sm90.mlir): its f16 accumulator stored into
    // C's tile of four 128B-swizzled spans of 64 columns (stmatrix.x4 on sm_90: 16 per thread;
    // st.shared.b32 on sm_80), read back as rows (16-byte vectors) and stored out.
    // REMARK: remark: 'layout.shared_store' op shared_store: 16 x stmatrix.sync.aligned.m8n8.x4.shared.b16 per thread (instead of 64 x st.shared.b32)
    // CHECK-LABEL: gpu.func @gemm_sm90_epilogue
    // CHECK-COUNT-16: nvvm.stmatrix
    gpu.func @gemm_sm90_epilogue(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ld: i64) kernel {
      %smem = llvm.mlir.addressof @dynamic : !llvm.ptr<3>
      %r = layout.global_load %in[%ld] {align = 4 : i64} : !llvm.ptr<1> -> tensor<128x256xf16, #acc>
      layout.shared_store %r, %smem {smem = #layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>} : tensor<128x256xf16, #acc>, !llvm.ptr<3>
      nvvm.barrier0
      %b = layout.shared_load %smem {smem = #layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>} : !llvm.ptr<3> -> tensor<128x256xf16, #rows256>
      layout.global_store %b, %out[%ld] {align = 16 : i64} : tensor<128x256xf16, #rows256>, !llvm.ptr<1>
      gpu.return
    }
  }
}
