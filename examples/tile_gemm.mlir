// A Hopper tile-GEMM step written with layouts: C[128x128] = A[128x64] * B[128x64]^T, f16 in,
// f32 accumulate, f16 out. The kernel states the shared-memory layouts once (the 128B-swizzled
// K-major tile below) and `layout-opt --lower-to-nvvm` derives everything the hardware needs:
//   - TMA: cuTensorMapEncodeTiled arguments on the host, box coordinates and the mbarrier's
//     expected byte count on the device (layout.tma_desc / layout.tma_load / layout.tma_store);
//   - ldmatrix: each lane's row address in the swizzled A tile (layout.ldmatrix);
//   - WGMMA: the 64-bit shared-memory descriptor of each k-block of B (layout.wgmma_desc);
//   - stmatrix: each lane's row address in the swizzled C tile (layout.stmatrix).
// The accumulator unpacking of the epilogue is written out (32 f16x2 registers per thread).
//
// One CTA = 2 warpgroups (256 threads); warp w owns rows 16w..16w+15 of A and C.
//   A tile (smem +0)      : Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)
//   B tile (smem +16384)  : Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)
//   C tile (smem +0, after the MMA): Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))
//   global A, B, C        : (4096,4096):(4096,1) (row-major f16)
//
// Build: layout-opt --lower-to-nvvm="ptx=tile_gemm.ptx" examples/tile_gemm.mlir

module {
  // Host: the three tensor maps (128-byte CUtensorMap each, written by the driver).
  func.func @encode_tensor_maps(%mapA: !llvm.ptr, %A: !llvm.ptr, %mapB: !llvm.ptr, %B: !llvm.ptr, %mapC: !llvm.ptr, %C: !llvm.ptr) -> i32 {
    %sa = layout.tma_desc %mapA, %A {elem = f16, gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
    %sb = layout.tma_desc %mapB, %B {elem = f16, gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
    %sc = layout.tma_desc %mapC, %C {elem = f16, gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))>} : !llvm.ptr, !llvm.ptr
    %ab = arith.ori %sa, %sb : i32
    %abc = arith.ori %ab, %sc : i32
    return %abc : i32
  }

  gpu.module @kernels {
    llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<32768 x i8>
    llvm.mlir.global internal @bar() {addr_space = 3 : i32, alignment = 8 : i64} : i64

    // Two f32 -> one i32 holding f16x2 (the stmatrix register of two accumulator values).
    llvm.func internal @pack_f16x2(%x: f32, %y: f32) -> i32 {
      %u = llvm.mlir.undef : vector<2xf32>
      %c0 = llvm.mlir.constant(0 : i32) : i32
      %c1 = llvm.mlir.constant(1 : i32) : i32
      %v0 = llvm.insertelement %x, %u[%c0 : i32] : vector<2xf32>
      %v1 = llvm.insertelement %y, %v0[%c1 : i32] : vector<2xf32>
      %h = llvm.fptrunc %v1 : vector<2xf32> to vector<2xf16>
      %r = llvm.bitcast %h : vector<2xf16> to i32
      llvm.return %r : i32
    }

    gpu.func @tile_gemm(%mapA: !llvm.ptr, %mapB: !llvm.ptr, %mapC: !llvm.ptr) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %smem = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %bar = llvm.mlir.addressof @bar : !llvm.ptr<3>
      %sA = llvm.getelementptr %smem[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
      %sB = llvm.getelementptr %smem[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %bx = nvvm.read.ptx.sreg.ctaid.x : i32
      %by = nvvm.read.ptx.sreg.ctaid.y : i32
      %c0 = arith.constant 0 : i32
      %c2 = arith.constant 2 : i32
      %c5 = arith.constant 5 : i32
      %c7 = arith.constant 7 : i32
      %c11 = arith.constant 11 : i32
      %ticks = arith.constant 1000000 : i32
      %m0 = arith.shli %by, %c7 : i32
      %n0 = arith.shli %bx, %c7 : i32
      %warp = arith.shrui %tid, %c5 : i32
      %rowbytes = arith.shli %warp, %c11 : i32   // 16 rows x 128 bytes per warp
      %leader = arith.cmpi eq, %tid, %c0 : i32

      // TMA: thread 0 starts both tile loads; every thread waits on the mbarrier (phase 0).
      scf.if %leader {
        nvvm.mbarrier.init %bar, %c2 : !llvm.ptr<3>, i32
        nvvm.fence.mbarrier.init
      }
      nvvm.barrier0
      scf.if %leader {
        layout.tma_load %sA, %mapA, %bar[%c0, %m0] {elem = f16, gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
        layout.tma_load %sB, %mapB, %bar[%c0, %n0] {elem = f16, gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
      }
      nvvm.mbarrier.try_wait.parity %bar, %c0, %ticks : !llvm.ptr<3>, i32, i32

      // MMA over the four k-blocks (16 halves each): A fragment by ldmatrix, B by descriptor.
      %sAw = llvm.getelementptr %sA[%rowbytes] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
      %acc0 = llvm.mlir.zero : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %a0 = layout.ldmatrix %sAw {elem = f16, smem = #layout.layout<Sw<3,3,3> o 0 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
      %b0 = layout.wgmma_desc base(%sB : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 0, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
      %acc1 = layout.wgmma %a0, %b0, %acc0 {n = 128, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : !llvm.struct<(i32, i32, i32, i32)>, !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %a1 = layout.ldmatrix %sAw {elem = f16, smem = #layout.layout<Sw<3,3,3> o 16 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
      %b1 = layout.wgmma_desc base(%sB : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 1, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
      %acc2 = layout.wgmma %a1, %b1, %acc1 {n = 128, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : !llvm.struct<(i32, i32, i32, i32)>, !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %a2 = layout.ldmatrix %sAw {elem = f16, smem = #layout.layout<Sw<3,3,3> o 32 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
      %b2 = layout.wgmma_desc base(%sB : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 2, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
      %acc3 = layout.wgmma %a2, %b2, %acc2 {n = 128, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : !llvm.struct<(i32, i32, i32, i32)>, !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %a3 = layout.ldmatrix %sAw {elem = f16, smem = #layout.layout<Sw<3,3,3> o 48 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
      %b3 = layout.wgmma_desc base(%sB : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, k = 3, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
      %acc4 = layout.wgmma %a3, %b3, %acc3 {n = 128, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : !llvm.struct<(i32, i32, i32, i32)>, !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>

      // Epilogue: f32 -> f16x2, stmatrix into the swizzled C tile (reusing A/B's smem), TMA store.
      nvvm.barrier0
      %sCw = llvm.getelementptr %smem[%rowbytes] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
      %d0_0x = llvm.extractvalue %acc4[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d0_0y = llvm.extractvalue %acc4[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p0_0 = llvm.call @pack_f16x2(%d0_0x, %d0_0y) : (f32, f32) -> i32
      %d0_1x = llvm.extractvalue %acc4[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d0_1y = llvm.extractvalue %acc4[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p0_1 = llvm.call @pack_f16x2(%d0_1x, %d0_1y) : (f32, f32) -> i32
      %d0_2x = llvm.extractvalue %acc4[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d0_2y = llvm.extractvalue %acc4[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p0_2 = llvm.call @pack_f16x2(%d0_2x, %d0_2y) : (f32, f32) -> i32
      %d0_3x = llvm.extractvalue %acc4[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d0_3y = llvm.extractvalue %acc4[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p0_3 = llvm.call @pack_f16x2(%d0_3x, %d0_3y) : (f32, f32) -> i32
      layout.stmatrix %sCw, %p0_0, %p0_1, %p0_2, %p0_3 {elem = f16, smem = #layout.layout<Sw<3,3,3> o 0 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
      %d1_0x = llvm.extractvalue %acc4[8] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d1_0y = llvm.extractvalue %acc4[9] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p1_0 = llvm.call @pack_f16x2(%d1_0x, %d1_0y) : (f32, f32) -> i32
      %d1_1x = llvm.extractvalue %acc4[10] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d1_1y = llvm.extractvalue %acc4[11] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p1_1 = llvm.call @pack_f16x2(%d1_1x, %d1_1y) : (f32, f32) -> i32
      %d1_2x = llvm.extractvalue %acc4[12] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d1_2y = llvm.extractvalue %acc4[13] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p1_2 = llvm.call @pack_f16x2(%d1_2x, %d1_2y) : (f32, f32) -> i32
      %d1_3x = llvm.extractvalue %acc4[14] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d1_3y = llvm.extractvalue %acc4[15] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p1_3 = llvm.call @pack_f16x2(%d1_3x, %d1_3y) : (f32, f32) -> i32
      layout.stmatrix %sCw, %p1_0, %p1_1, %p1_2, %p1_3 {elem = f16, smem = #layout.layout<Sw<3,3,3> o 16 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
      %d2_0x = llvm.extractvalue %acc4[16] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d2_0y = llvm.extractvalue %acc4[17] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p2_0 = llvm.call @pack_f16x2(%d2_0x, %d2_0y) : (f32, f32) -> i32
      %d2_1x = llvm.extractvalue %acc4[18] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d2_1y = llvm.extractvalue %acc4[19] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p2_1 = llvm.call @pack_f16x2(%d2_1x, %d2_1y) : (f32, f32) -> i32
      %d2_2x = llvm.extractvalue %acc4[20] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d2_2y = llvm.extractvalue %acc4[21] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p2_2 = llvm.call @pack_f16x2(%d2_2x, %d2_2y) : (f32, f32) -> i32
      %d2_3x = llvm.extractvalue %acc4[22] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d2_3y = llvm.extractvalue %acc4[23] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p2_3 = llvm.call @pack_f16x2(%d2_3x, %d2_3y) : (f32, f32) -> i32
      layout.stmatrix %sCw, %p2_0, %p2_1, %p2_2, %p2_3 {elem = f16, smem = #layout.layout<Sw<3,3,3> o 32 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
      %d3_0x = llvm.extractvalue %acc4[24] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d3_0y = llvm.extractvalue %acc4[25] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p3_0 = llvm.call @pack_f16x2(%d3_0x, %d3_0y) : (f32, f32) -> i32
      %d3_1x = llvm.extractvalue %acc4[26] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d3_1y = llvm.extractvalue %acc4[27] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p3_1 = llvm.call @pack_f16x2(%d3_1x, %d3_1y) : (f32, f32) -> i32
      %d3_2x = llvm.extractvalue %acc4[28] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d3_2y = llvm.extractvalue %acc4[29] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p3_2 = llvm.call @pack_f16x2(%d3_2x, %d3_2y) : (f32, f32) -> i32
      %d3_3x = llvm.extractvalue %acc4[30] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d3_3y = llvm.extractvalue %acc4[31] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p3_3 = llvm.call @pack_f16x2(%d3_3x, %d3_3y) : (f32, f32) -> i32
      layout.stmatrix %sCw, %p3_0, %p3_1, %p3_2, %p3_3 {elem = f16, smem = #layout.layout<Sw<3,3,3> o 48 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
      %d4_0x = llvm.extractvalue %acc4[32] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d4_0y = llvm.extractvalue %acc4[33] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p4_0 = llvm.call @pack_f16x2(%d4_0x, %d4_0y) : (f32, f32) -> i32
      %d4_1x = llvm.extractvalue %acc4[34] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d4_1y = llvm.extractvalue %acc4[35] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p4_1 = llvm.call @pack_f16x2(%d4_1x, %d4_1y) : (f32, f32) -> i32
      %d4_2x = llvm.extractvalue %acc4[36] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d4_2y = llvm.extractvalue %acc4[37] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p4_2 = llvm.call @pack_f16x2(%d4_2x, %d4_2y) : (f32, f32) -> i32
      %d4_3x = llvm.extractvalue %acc4[38] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d4_3y = llvm.extractvalue %acc4[39] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p4_3 = llvm.call @pack_f16x2(%d4_3x, %d4_3y) : (f32, f32) -> i32
      layout.stmatrix %sCw, %p4_0, %p4_1, %p4_2, %p4_3 {elem = f16, smem = #layout.layout<Sw<3,3,3> o 8192 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
      %d5_0x = llvm.extractvalue %acc4[40] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d5_0y = llvm.extractvalue %acc4[41] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p5_0 = llvm.call @pack_f16x2(%d5_0x, %d5_0y) : (f32, f32) -> i32
      %d5_1x = llvm.extractvalue %acc4[42] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d5_1y = llvm.extractvalue %acc4[43] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p5_1 = llvm.call @pack_f16x2(%d5_1x, %d5_1y) : (f32, f32) -> i32
      %d5_2x = llvm.extractvalue %acc4[44] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d5_2y = llvm.extractvalue %acc4[45] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p5_2 = llvm.call @pack_f16x2(%d5_2x, %d5_2y) : (f32, f32) -> i32
      %d5_3x = llvm.extractvalue %acc4[46] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d5_3y = llvm.extractvalue %acc4[47] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p5_3 = llvm.call @pack_f16x2(%d5_3x, %d5_3y) : (f32, f32) -> i32
      layout.stmatrix %sCw, %p5_0, %p5_1, %p5_2, %p5_3 {elem = f16, smem = #layout.layout<Sw<3,3,3> o 8208 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
      %d6_0x = llvm.extractvalue %acc4[48] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d6_0y = llvm.extractvalue %acc4[49] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p6_0 = llvm.call @pack_f16x2(%d6_0x, %d6_0y) : (f32, f32) -> i32
      %d6_1x = llvm.extractvalue %acc4[50] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d6_1y = llvm.extractvalue %acc4[51] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p6_1 = llvm.call @pack_f16x2(%d6_1x, %d6_1y) : (f32, f32) -> i32
      %d6_2x = llvm.extractvalue %acc4[52] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d6_2y = llvm.extractvalue %acc4[53] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p6_2 = llvm.call @pack_f16x2(%d6_2x, %d6_2y) : (f32, f32) -> i32
      %d6_3x = llvm.extractvalue %acc4[54] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d6_3y = llvm.extractvalue %acc4[55] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p6_3 = llvm.call @pack_f16x2(%d6_3x, %d6_3y) : (f32, f32) -> i32
      layout.stmatrix %sCw, %p6_0, %p6_1, %p6_2, %p6_3 {elem = f16, smem = #layout.layout<Sw<3,3,3> o 8224 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
      %d7_0x = llvm.extractvalue %acc4[56] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d7_0y = llvm.extractvalue %acc4[57] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p7_0 = llvm.call @pack_f16x2(%d7_0x, %d7_0y) : (f32, f32) -> i32
      %d7_1x = llvm.extractvalue %acc4[58] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d7_1y = llvm.extractvalue %acc4[59] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p7_1 = llvm.call @pack_f16x2(%d7_1x, %d7_1y) : (f32, f32) -> i32
      %d7_2x = llvm.extractvalue %acc4[60] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d7_2y = llvm.extractvalue %acc4[61] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p7_2 = llvm.call @pack_f16x2(%d7_2x, %d7_2y) : (f32, f32) -> i32
      %d7_3x = llvm.extractvalue %acc4[62] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %d7_3y = llvm.extractvalue %acc4[63] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %p7_3 = llvm.call @pack_f16x2(%d7_3x, %d7_3y) : (f32, f32) -> i32
      layout.stmatrix %sCw, %p7_0, %p7_1, %p7_2, %p7_3 {elem = f16, smem = #layout.layout<Sw<3,3,3> o 8240 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
      nvvm.barrier0
      scf.if %leader {
        layout.tma_store %mapC, %smem[%n0, %m0] {elem = f16, gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))>} : !llvm.ptr, !llvm.ptr<3>
      }
      gpu.return
    }
  }
}
