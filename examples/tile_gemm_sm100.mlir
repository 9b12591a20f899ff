// A Blackwell (sm_100a) tile-GEMM step written with layouts: C[128x128] = A[128x64] * B[128x64]^T,
// f16 in, f32 accumulated in tensor memory (TMEM), f32 out. The kernel states the layouts once
// and `layout-opt --lower-to-nvvm="chip=sm_100a features=+ptx86"` derives what the hardware needs:
//   - TMA: cuTensorMapEncodeTiled arguments (host), boxes and the mbarrier byte count (device);
//   - UMMA: the 64-bit shared-memory descriptors of each 16-wide k-block of A and B
//     (layout.umma_desc: version bit 46, layout type 2 = 128B in bits 61-63) and the 32-bit
//     instruction descriptor of tcgen05.mma kind::f16 M=128 N=128 (layout.tcgen05_mma);
//   - TMEM: the accumulator layout (row i in lane i, column j in column j) read back by the
//     warpgroup with tcgen05.ld 32x32b.x128, warp w at lanes 32w..32w+31 (the quadrant rule),
//     and the 128-column allocation (layout.tmem_load).
//
// One CTA = one warpgroup (128 threads).
//   A tile (smem +0), B tile (smem +16384): Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)
//       (128 rows x 64 halves, K-major, 128B swizzle: CuTe's UMMA::Layout_K_SW128_Atom tiled)
//   accumulator in TMEM : (128,128):(65536,1)   (tile index -> lane << 16 | column)
//   epilogue fragment   : (128,128):(1,128)     (thread t holds row t, value j is column j)
//   global A, B         : (4096,4096):(4096,1) row-major f16; C row-major f32
//
// Build: layout-opt --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=tile_gemm_sm100.ptx" \
//            examples/tile_gemm_sm100.mlir

module {
  // Host: the tensor maps of A and B (128-byte CUtensorMap each, written by the driver).
  func.func @encode_tensor_maps(%mapA: !llvm.ptr, %A: !llvm.ptr, %mapB: !llvm.ptr, %B: !llvm.ptr) -> i32 {
    %sa = layout.tma_desc %mapA, %A {elem = f16, gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
    %sb = layout.tma_desc %mapB, %B {elem = f16, gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
    %s = arith.ori %sa, %sb : i32
    return %s : i32
  }

  gpu.module @kernels {
    llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<32768 x i8>
    llvm.mlir.global internal @tma_bar() {addr_space = 3 : i32, alignment = 8 : i64} : i64
    llvm.mlir.global internal @mma_bar() {addr_space = 3 : i32, alignment = 8 : i64} : i64
    llvm.mlir.global internal @tmem_slot() {addr_space = 3 : i32, alignment = 4 : i64} : i32

    gpu.func @tile_gemm_sm100(%mapA: !llvm.ptr, %mapB: !llvm.ptr, %C: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %smem = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %tma_bar = llvm.mlir.addressof @tma_bar : !llvm.ptr<3>
      %mma_bar = llvm.mlir.addressof @mma_bar : !llvm.ptr<3>
      %slot = llvm.mlir.addressof @tmem_slot : !llvm.ptr<3>
      %sA = llvm.getelementptr %smem[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
      %sB = llvm.getelementptr %smem[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %bx = nvvm.read.ptx.sreg.ctaid.x : i32
      %by = nvvm.read.ptx.sreg.ctaid.y : i32
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c5 = arith.constant 5 : i32
      %c7 = arith.constant 7 : i32
      %ncols = arith.constant 128 : i32
      %c4096 = arith.constant 4096 : i32
      %ticks = arith.constant 1000000 : i32
      %false = arith.constant false
      %true = arith.constant true
      %m0 = arith.shli %by, %c7 : i32
      %n0 = arith.shli %bx, %c7 : i32
      %warp = arith.shrui %tid, %c5 : i32
      %leader = arith.cmpi eq, %tid, %c0 : i32
      %warp0 = arith.cmpi eq, %warp, %c0 : i32

      // Barriers (thread 0) and the TMEM allocation (warp 0: 128 columns, the accumulator's
      // allocColumns); the TMEM address is written to shared memory.
      scf.if %leader {
        nvvm.mbarrier.init %tma_bar, %c2 : !llvm.ptr<3>, i32
        nvvm.mbarrier.init %mma_bar, %c1 : !llvm.ptr<3>, i32
        nvvm.fence.mbarrier.init
      }
      scf.if %warp0 {
        nvvm.tcgen05.alloc %slot, %ncols : !llvm.ptr<3>, i32
        nvvm.tcgen05.relinquish_alloc_permit
      }
      nvvm.tcgen05.fence <before>
      nvvm.barrier0
      nvvm.tcgen05.fence <after>
      %tmem = llvm.load %slot : !llvm.ptr<3> -> i32

      // TMA: thread 0 loads both tiles; every thread waits on the mbarrier (phase 0).
      scf.if %leader {
        layout.tma_load %sA, %mapA, %tma_bar[%c0, %m0] {elem = f16, gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
        layout.tma_load %sB, %mapB, %tma_bar[%c0, %n0] {elem = f16, gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
      }
      nvvm.mbarrier.try_wait.parity %tma_bar, %c0, %ticks : !llvm.ptr<3>, i32, i32

      // UMMA: thread 0 issues the four k-blocks (K = 16 each) into the TMEM accumulator, then
      // commits them to the MMA mbarrier.
      scf.if %leader {
        %dA0 = layout.umma_desc base(%sA : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 0, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
        %dB0 = layout.umma_desc base(%sB : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 0, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
        layout.tcgen05_mma %tmem, %dA0, %dB0, %false {elemA = f16, elemB = f16, elemD = f32, m = 128, n = 128, majorA = #layout.major<K>, majorB = #layout.major<K>}
        %dA1 = layout.umma_desc base(%sA : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 1, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
        %dB1 = layout.umma_desc base(%sB : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 1, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
        layout.tcgen05_mma %tmem, %dA1, %dB1, %true {elemA = f16, elemB = f16, elemD = f32, m = 128, n = 128, majorA = #layout.major<K>, majorB = #layout.major<K>}
        %dA2 = layout.umma_desc base(%sA : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 2, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
        %dB2 = layout.umma_desc base(%sB : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 2, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
        layout.tcgen05_mma %tmem, %dA2, %dB2, %true {elemA = f16, elemB = f16, elemD = f32, m = 128, n = 128, majorA = #layout.major<K>, majorB = #layout.major<K>}
        %dA3 = layout.umma_desc base(%sA : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 3, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
        %dB3 = layout.umma_desc base(%sB : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 3, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
        layout.tcgen05_mma %tmem, %dA3, %dB3, %true {elemA = f16, elemB = f16, elemD = f32, m = 128, n = 128, majorA = #layout.major<K>, majorB = #layout.major<K>}
        nvvm.tcgen05.commit %mma_bar : !llvm.ptr<3>
      }
      nvvm.mbarrier.try_wait.parity %mma_bar, %c0, %ticks : !llvm.ptr<3>, i32, i32
      nvvm.tcgen05.fence <after>

      // Epilogue: each warp reads its 32 lanes of the accumulator (tcgen05.ld 32x32b.x128):
      // thread t holds row t of C, 128 f32 values; one vector store per thread.
      %acc = layout.tmem_load %tmem {tmem = #layout.layout<(128,128):(65536,1)>, fragment = #layout.layout<(128,128):(1,128)>} : vector<128xi32>
      %accf = llvm.bitcast %acc : vector<128xi32> to vector<128xf32>
      %row = arith.addi %m0, %tid : i32
      %rowoff = arith.muli %row, %c4096 : i32
      %off = arith.addi %rowoff, %n0 : i32
      %off64 = arith.extui %off : i32 to i64
      %dst = llvm.getelementptr %C[%off64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %accf, %dst {alignment = 16 : i64} : vector<128xf32>, !llvm.ptr

      // Free the TMEM columns (warp 0, after every warp has read them).
      nvvm.tcgen05.fence <before>
      nvvm.barrier0
      scf.if %warp0 {
        %t6 = llvm.inttoptr %tmem : i32 to !llvm.ptr<6>
        nvvm.tcgen05.dealloc %t6, %ncols : !llvm.ptr<6>, i32
      }
      gpu.return
    }
  }
}
