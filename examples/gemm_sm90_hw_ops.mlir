// The Hopper GEMM of examples/gemm_sm90.mlir written one level down, with the hardware ops that
// its tensor ops lower to (layout.tma_load, layout.wgmma_desc, layout.wgmma, layout.fragment_store)
// and the stage offsets, barrier addresses and phases that layouts give by crd2idx; kept as
// the reference for that level (tests/lit/nvvm/example_gemm_sm90_hw_ops.mlir).
// A complete Hopper GEMM written with layouts: C = A * B^T for runtime M, N, K; f16 in and out,
// f32 accumulate (A: M x K, B: N x K, C: M x N, all row-major). One CTA computes a 128 x 256
// tile of C with two warpgroups (wgmma m64n256k16, A and B from shared memory, several in
// flight) over a 4-stage TMA pipeline (thread 0 issues the loads 3 k-blocks ahead).
// Layouts give every number the hardware sees:
//   - shared memory: stage s holds the A tile at s*49152 and the B tile at s*49152 + 16384
//     (128 resp. 256 rows x 64 f16, 128B swizzle: Sw<3,3,3> o 0 o ((8,R/8),64):((64,512),1));
//     the full barrier of stage s is at 196608 + 8s; warpgroup w reads rows 64w.. of the A tile;
//   - the pipeline: k-block k uses stage (S,2,?):(1,0,0)(k) with parity (S,2,?):(0,1,0)(k);
//   - the CTA -> tile raster: 8 M-tiles side by side (L2 reuse of B), (G,?,?):(1,0,G) -> m
//     tile, (G,?,?):(0,1,0) -> n tile of the CTA index;
//   - the tensor maps (host), TMA boxes and transaction bytes, every WGMMA descriptor (with the
//     k-block advance), and where each accumulator register goes (layout.fragment_store, with
//     the bounds predicates of a ragged edge; K tails are zero-filled by TMA).
// Launch: 1-D grid of 8 * ceil(N/256) * ceil(ceil(M/128)/8) CTAs of 256 threads, 197664 bytes
// of dynamic shared memory. Build: layout-opt --lower-to-nvvm="ptx=gemm.ptx" examples/gemm_sm90_hw_ops.mlir
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>

module {
  // Host: the tensor maps of A and B (K innermost; a row is 2K bytes).
  func.func @encode_tensor_maps(%mapA: !llvm.ptr, %A: !llvm.ptr, %mapB: !llvm.ptr, %B: !llvm.ptr, %m: i64, %n: i64, %k: i64) -> i32 {
    %c2 = arith.constant 2 : i64
    %row = arith.muli %k, %c2 : i64
    %sa = layout.tma_desc %mapA, %A dims(%k, %m, %row) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
    %sb = layout.tma_desc %mapB, %B dims(%k, %n, %row) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
    %s = arith.ori %sa, %sb : i32
    return %s : i32
  }

  gpu.module @kernels {
    llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>

    // Stage s: its A tile, B tile and full barrier.
    func.func private @stage(%smem: !llvm.ptr<3>, %s: index) -> (!llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<3>) {
      %i0 = arith.constant 0 : index
      %i1 = arith.constant 1 : index
      %tiles = layout.const #layout.layout<(4,2):(49152,16384)>
      %bars = layout.const #layout.layout<4:8>
      %oa = layout.crd2idx %tiles[%s, %i0] : !layout.layout<(4,2):(49152,16384)>
      %ob = layout.crd2idx %tiles[%s, %i1] : !layout.layout<(4,2):(49152,16384)>
      %obar = layout.crd2idx %bars[%s] : !layout.layout<4:8>
      %oa32 = arith.index_castui %oa : index to i32
      %ob32 = arith.index_castui %ob : index to i32
      %obar32 = arith.index_castui %obar : index to i32
      %a = llvm.getelementptr %smem[%oa32] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
      %b = llvm.getelementptr %smem[%ob32] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
      %bar0 = llvm.getelementptr %smem[196608] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
      %bar = llvm.getelementptr %bar0[%obar32] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
      return %a, %b, %bar : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<3>
    }

    // The TMA loads of k-block j (A rows m0.., B rows n0..) into stage s.
    func.func private @load(%smem: !llvm.ptr<3>, %mapA: !llvm.ptr, %mapB: !llvm.ptr, %j: index, %s: index, %m0: i32, %n0: i32) {
      %a, %b, %bar = func.call @stage(%smem, %s) : (!llvm.ptr<3>, index) -> (!llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<3>)
      %ji = arith.index_castui %j : index to i32
      %c64 = arith.constant 64 : i32
      %k = arith.muli %ji, %c64 : i32
      layout.tma_load %a, %mapA, %bar[%k, %m0] {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
      layout.tma_load %b, %mapB, %bar[%k, %n0] {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
      return
    }

    gpu.func @gemm(%mapA: !llvm.ptr, %mapB: !llvm.ptr, %C: !llvm.ptr, %M: i32, %N: i32, %K: i32) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c2 = arith.constant 2 : i32
      %c64 = arith.constant 64 : i32
      %c128 = arith.constant 128 : i32
      %cbn = arith.constant 256 : i32
      %i0 = arith.constant 0 : index
      %i1 = arith.constant 1 : index
      %ig = arith.constant 8 : index
      %iS = arith.constant 4 : index
      %ia = arith.constant 3 : index
      %i2s = arith.constant 8 : index
      %ticks = arith.constant 1000000 : i32
      // This CTA's tile by the raster layouts; CTAs past the last M tile have none.
      %pid32 = nvvm.read.ptx.sreg.ctaid.x : i32
      %pid = arith.index_castui %pid32 : i32 to index
      %Mi = arith.index_castui %M : i32 to index
      %Ni = arith.index_castui %N : i32 to index
      %i128 = arith.constant 128 : index
      %ibn = arith.constant 256 : index
      %tm = arith.ceildivui %Mi, %i128 : index
      %tn = arith.ceildivui %Ni, %ibn : index
      %groups = arith.ceildivui %tm, %ig : index
      %rm = layout.make %tn, %groups : !layout.layout<(8,?,?):(1,0,8)>
      %rn = layout.make %tn, %groups : !layout.layout<(8,?,?):(0,1,0)>
      %mt = layout.crd2idx %rm[%pid] : !layout.layout<(8,?,?):(1,0,8)>
      %nt = layout.crd2idx %rn[%pid] : !layout.layout<(8,?,?):(0,1,0)>
      %has = arith.cmpi ult, %mt, %tm : index
      cf.cond_br %has, ^tile, ^done
    ^tile:
      %mt32 = arith.index_castui %mt : index to i32
      %nt32 = arith.index_castui %nt : index to i32
      %m0 = arith.muli %mt32, %c128 : i32
      %n0 = arith.muli %nt32, %cbn : i32
      // The dynamic shared memory, rounded up to 1024 bytes (the 128B swizzle's period).
      %raw = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %rawi = llvm.ptrtoint %raw : !llvm.ptr<3> to i32
      %c1023 = arith.constant 1023 : i32
      %mask = arith.constant -1024 : i32
      %up = arith.addi %rawi, %c1023 : i32
      %al = arith.andi %up, %mask : i32
      %pad = arith.subi %al, %rawi : i32
      %smem = llvm.getelementptr %raw[%pad] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %wg = arith.divui %tid, %c128 : i32
      %t = arith.remui %tid, %c128 : i32
      %kb = arith.ceildivui %K, %c64 : i32
      %kt = arith.index_castui %kb : i32 to index
      %leader = arith.cmpi eq, %tid, %c0 : i32
      %wgrows = layout.const #layout.layout<2:8192>
      %wgi = arith.index_castui %wg : i32 to index
      %arowi = layout.crd2idx %wgrows[%wgi] : !layout.layout<2:8192>
      %arow = arith.index_castui %arowi : index to i32
      // The pipeline: k-block k -> its stage and the parity of that stage's barrier phase.
      %rounds = arith.ceildivui %kt, %i2s : index
      %stage_of = layout.make %rounds : !layout.layout<(4,2,?):(1,0,0)>
      %parity_of = layout.make %rounds : !layout.layout<(4,2,?):(0,1,0)>

      // Barriers: two arrivals (one expect_tx per tile) per phase; the first 3 k-blocks.
      scf.if %leader {
        scf.for %s = %i0 to %iS step %i1 {
          %a, %b, %bar = func.call @stage(%smem, %s) : (!llvm.ptr<3>, index) -> (!llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<3>)
          nvvm.mbarrier.init %bar, %c2 : !llvm.ptr<3>, i32
        }
        nvvm.fence.mbarrier.init
        %pro = arith.minui %kt, %ia : index
        scf.for %j = %i0 to %pro step %i1 {
          %s = layout.crd2idx %stage_of[%j] : !layout.layout<(4,2,?):(1,0,0)>
          func.call @load(%smem, %mapA, %mapB, %j, %s, %m0, %n0) : (!llvm.ptr<3>, !llvm.ptr, !llvm.ptr, index, index, i32, i32) -> ()
        }
      }
      nvvm.barrier0

      // Main loop: wait for k-block k's stage, four wgmmas in flight, keep one group pending;
      // once every warp has retired k-block k-1, thread 0 refills its stage with k-block k+3.
      %zero = llvm.mlir.zero : !acc
      %acc = scf.for %k = %i0 to %kt step %i1 iter_args(%d = %zero) -> (!acc) {
        %s = layout.crd2idx %stage_of[%k] : !layout.layout<(4,2,?):(1,0,0)>
        %p = layout.crd2idx %parity_of[%k] : !layout.layout<(4,2,?):(0,1,0)>
        %phase = arith.index_castui %p : index to i32
        %a, %b, %bar = func.call @stage(%smem, %s) : (!llvm.ptr<3>, index) -> (!llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<3>)
        nvvm.mbarrier.try_wait.parity %bar, %phase, %ticks : !llvm.ptr<3>, i32, i32
        %aw = llvm.getelementptr %a[%arow] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
        nvvm.wgmma.fence.aligned
        %i4 = arith.constant 4 : index
        %r = scf.for %j = %i0 to %i4 step %i1 iter_args(%e = %d) -> (!acc) {
          %j32 = arith.index_castui %j : index to i32
          %da = layout.wgmma_desc base(%aw : !llvm.ptr<3>) k(%j32) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>}
          %db = layout.wgmma_desc base(%b : !llvm.ptr<3>) k(%j32) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)>}
          %f = layout.wgmma %da, %db, %e {n = 256, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32, async} : i64, !acc -> !acc
          scf.yield %f : !acc
        }
        nvvm.wgmma.commit.group.sync.aligned
        nvvm.wgmma.wait.group.sync.aligned 1
        nvvm.barrier0
        %next = arith.addi %k, %ia : index
        %more = arith.cmpi ult, %next, %kt : index
        %refill = arith.andi %leader, %more : i1
        scf.if %refill {
          %sn = layout.crd2idx %stage_of[%next] : !layout.layout<(4,2,?):(1,0,0)>
          func.call @load(%smem, %mapA, %mapB, %next, %sn, %m0, %n0) : (!llvm.ptr<3>, !llvm.ptr, !llvm.ptr, index, index, i32, i32) -> ()
        }
        scf.yield %r : !acc
      }
      nvvm.wgmma.wait.group.sync.aligned 0

      // Epilogue: each register to C[m0 + 64 wg + m, n0 + n] by the accumulator layout, in bounds.
      %c64r = arith.muli %wg, %c64 : i32
      %row = arith.addi %m0, %c64r : i32
      layout.fragment_store %acc, %C[%row, %n0] thread(%t) bounds(%M, %N) ld(%N) {elem = f16, tileRows = 64 : i64, fragment = #layout.layout<((4,8,4),(2,2,32)):((128,1,16),(64,8,512))>} : !acc, !llvm.ptr
      gpu.return
    ^done:
      gpu.return
    }
  }
}
