// A complete Hopper GEMM written with tensors and layouts: C = A B^T for runtime M, N, K; f16
// in and out, f32 accumulate (A: M x K, B: N x K, C: M x N, all row-major). One CTA computes a
// 128 x 256 tile of C: two consumer warpgroups multiply, a producer warpgroup (one thread of
// it) feeds a 4-stage TMA pipeline. CTAs run in clusters of 2 that share B's tile (two M tiles
// side by side of one N tile): each CTA loads half of B's stage and multicasts it to both.
// Nothing the hardware sees is written by hand:
//   - A, B and C are tensors over their TMA tensor maps (`tma`), tiled by `layout.local_tile`
//     at the CTA's tile and the k-tile: `layout.tma_copy` derives the TMA coordinates, the
//     boxes and the transaction bytes from the global and shared layouts;
//   - shared memory is carved by `layout.shared_alloc` (each tensor aligned to its swizzle's
//     span, the base rounded up at run time): the stages of A and B are the last mode of their
//     128B-swizzled layouts, sliced at the k-tile as a ring (`ring`: stage k mod 4);
//   - the pipeline is two rings of 4 mbarriers: `full` (a stage has landed: the TMA loads
//     complete it, B's with both halves) and `empty` (every thread of both CTAs has released
//     the stage: `layout.mbarrier_arrive ... {multicast = 2}` arrives in both once its WGMMAs
//     have retired); the producer waits for a stage to be `free` before it refills it. Barrier
//     k mod 4 and parity (k div 4) mod 2 are derived from the ring position, so no stage
//     offset, barrier address, phase or multicast slice is computed here, and no CTA barrier is
//     in the loops; a cluster barrier follows the barriers' initialization and precedes the exit;
//   - `layout.mma_async` issues the WGMMAs (m64n256k16, four k blocks, warpgroup G reads rows
//     64G.. of A): its descriptors come from the shared layouts, its accumulator registers are
//     those of the register tensor's layout (Triton's nvidia_mma v3, checked to be the
//     instruction's); one group stays in flight across iterations (wait 1);
//   - the CTA -> tile raster: 8 M-tiles side by side (L2 reuse of B), (8,?,?):(1,0,8) -> m
//     tile, (8,?,?):(0,1,0) -> n tile of the CTA index, so the 2 CTAs of a cluster (CTA indices
//     2c, 2c+1) have M tiles 2i, 2i+1 of one N tile; tile counts from zipped_divide; a CTA
//     whose M tile is past M still runs its pair's pipeline (it stores nothing);
//   - the epilogue stores the f16 accumulator into a 128B-swizzled tile of C in shared memory
//     (stmatrix, chosen from the layouts; the tile reuses B's stages, which the last WGMMAs have
//     read) and one thread stores it with TMA (four boxes), which writes nothing past M and N.
//     When a row of C is not a multiple of 16 bytes (N mod 8 != 0) no tensor map of C exists
//     (`layout.tma_encodable` is false) and the accumulator is stored by `global_store`,
//     predicated on the edges it derives; TMA zero-fills what A and B lack past M, N and K;
//   - the host function encode_tensor_maps(mapA, A, mapB, B, mapC, C, M, N, K) is derived from
//     the kernel (`layout.tensor_map_encoder`): each map from the global layout as the kernel
//     computes it and the shared tile its TMA copies move (half of B's stage: the slice a CTA
//     multicasts); C's only when `layout.tma_encodable` holds, as the kernel tests;
// Launch: 1-D grid of 8 * ceil(N/256) * ceil(ceil(M/128)/8) CTAs of 384 threads in clusters of
// 2 (.reqnctapercluster), 197696 bytes of dynamic shared memory (shared_alloc's remark: 197680).
// Build:
//   layout-opt --lower-to-nvvm="ptx=gemm.ptx" examples/gemm_sm90.mlir
#acc = #layout.linear<tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>>
!rm = !layout.layout<(?,?):(?,1)>
!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!tileA = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!tileB = !layout.tensor<f16, tma, !layout.layout<(256,64):(?,1)>>
!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!tileC = !layout.tensor<f16, global, !layout.layout<(128,256):(?,1)>>
!tmaC = !layout.tensor<f16, tma, !layout.layout<(128,256):(?,1)>>
!stagesA = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>>
!stagesB = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64,4):(64,1,16384)>>
!stageA = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!stageB = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>>
!stageC = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
!accT = tensor<128x256xf32, #acc>

module {
  gpu.module @kernels {
    llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>

    gpu.func @gemm(%mapA: !llvm.ptr, %mapB: !llvm.ptr, %mapC: !llvm.ptr, %pc: !llvm.ptr, %M: i32, %N: i32, %K: i32) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.cluster_dim = array<i32: 2, 1, 1>, layout.tensor_map_encoder = @encode_tensor_maps} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      %bar1 = arith.constant 1 : i32
      %threads = arith.constant 256 : i32
      %m = arith.index_castui %M : i32 to index
      %n = arith.index_castui %N : i32 to index
      %k = arith.index_castui %K : i32 to index
      // The tensors: A, B and C through their tensor maps, C also in global memory.
      %la = layout.make %m, %k, %k : !rm
      %lb = layout.make %n, %k, %k : !rm
      %lc = layout.make %m, %n, %n : !rm
      %A = layout.make_tensor %mapA, %la : !llvm.ptr -> !map
      %B = layout.make_tensor %mapB, %lb : !llvm.ptr -> !map
      %C = layout.make_tensor %pc, %lc : !llvm.ptr -> !gmem
      %Ct = layout.make_tensor %mapC, %lc : !llvm.ptr -> !map
      // Tile counts: the rest modes of C by (128,256) and of A by (128,64).
      %tc = layout.const #layout.tuple<(128,256)>
      %ta = layout.const #layout.tuple<(128,64)>
      %byc = layout.zipped_divide %lc, %tc : !rm, !layout.tuple<(128,256)>
      %bya = layout.zipped_divide %la, %ta : !rm, !layout.tuple<(128,64)>
      %tm = layout.shape_leaf %byc modes [1, 0] : !layout.layout<((128,256),(?,?)):((?,1),(?,256))>
      %tn = layout.shape_leaf %byc modes [1, 1] : !layout.layout<((128,256),(?,?)):((?,1),(?,256))>
      %kt = layout.shape_leaf %bya modes [1, 1] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
      // This CTA's tile by the raster layouts; a pair of CTAs past the last M tile has none.
      %groups = arith.ceildivui %tm, %c8 : index
      %rm = layout.make %tn, %groups : !layout.layout<(8,?,?):(1,0,8)>
      %rn = layout.make %tn, %groups : !layout.layout<(8,?,?):(0,1,0)>
      %pid = gpu.block_id x
      %mt = layout.crd2idx %rm[%pid] : !layout.layout<(8,?,?):(1,0,8)>
      %nt = layout.crd2idx %rn[%pid] : !layout.layout<(8,?,?):(0,1,0)>
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %r = arith.index_castui %rank : i32 to index
      %pair = arith.subi %mt, %r : index
      %has = arith.cmpi ult, %pair, %tm : index
      %mine = arith.cmpi ult, %mt, %tm : index
      scf.if %has {
        %smem = llvm.mlir.addressof @smem : !llvm.ptr<3>
        %sA, %sB, %full, %empty = layout.shared_alloc %smem : !llvm.ptr<3> -> !stagesA, !stagesB, !ring, !ring
        %tid = gpu.thread_id x
        %leader = arith.cmpi eq, %tid, %c0 : index
        // The barriers (full: one arrival per TMA of a stage; empty: one per consumer thread
        // of the cluster), initialized in both CTAs before either multicasts or arrives.
        scf.if %leader {
          layout.mbarrier_init %full {arrivals = 2 : i64} : !ring
          layout.mbarrier_init %empty {arrivals = 512 : i64} : !ring
        }
        nvvm.cluster.arrive {aligned}
        nvvm.cluster.wait {aligned}
        // Producer (warpgroup 2, its first thread): k-tile j into stage j mod 4 once it is free.
        %producer = arith.cmpi eq, %tid, %c256 : index
        scf.if %producer {
          scf.for %j = %c0 to %kt step %c1 {
            layout.mbarrier_wait %empty[%j] {free} : !ring
            %ga = layout.local_tile %A[%mt, %j] {tile = #layout.tuple<(128,64)>} : !map -> !tileA
            %gb = layout.local_tile %B[%nt, %j] {tile = #layout.tuple<(256,64)>} : !map -> !tileB
            %sa = layout.slice_tensor %sA[%j] {modes = array<i64: 2>, ring} : !stagesA -> !stageA
            %sb = layout.slice_tensor %sB[%j] {modes = array<i64: 2>, ring} : !stagesB -> !stageB
            layout.tma_copy %ga to %sa barrier(%full[%j] : !ring) : !tileA, !stageA
            layout.tma_copy %gb to %sb barrier(%full[%j] : !ring) {multicast = 2 : i64} : !tileB, !stageB
          }
        }
        // Consumers (warpgroups 0 and 1): k-tile j once its stage has landed, its WGMMAs in
        // flight, one group pending; k-tile j-1's have retired, so each thread releases that
        // stage in both CTAs (the other CTA's producer writes half of it).
        %consumer = arith.cmpi ult, %tid, %c256 : index
        scf.if %consumer {
          %zero = arith.constant dense<0.0> : !accT
          %acc = scf.for %j = %c0 to %kt step %c1 iter_args(%d = %zero) -> (!accT) {
            layout.mbarrier_wait %full[%j] : !ring
            %sa = layout.slice_tensor %sA[%j] {modes = array<i64: 2>, ring} : !stagesA -> !stageA
            %sb = layout.slice_tensor %sB[%j] {modes = array<i64: 2>, ring} : !stagesB -> !stageB
            %e = layout.mma_async %sa, %sb, %d : !stageA, !stageB, !accT -> !accT
            nvvm.wgmma.wait.group.sync.aligned 1
            %later = arith.cmpi ugt, %j, %c0 : index
            scf.if %later {
              %prev = arith.subi %j, %c1 : index
              layout.mbarrier_arrive %empty[%prev] {multicast = 2 : i64} : !ring
            }
            scf.yield %e : !accT
          }
          nvvm.wgmma.wait.group.sync.aligned 0
          // Epilogue: the f16 accumulator into C's tile through shared memory and TMA, once
          // both consumer warpgroups' WGMMAs have read B's stages, which the tile reuses
          // (barrier 1 of the 256 consumer threads).
          %h = arith.truncf %acc : !accT to tensor<128x256xf16, #acc>
          %mapped = layout.tma_encodable %Ct : !map
          %tma = arith.andi %mapped, %mine : i1
          %stores = arith.cmpi ugt, %mine, %mapped : i1
          scf.if %tma {
            nvvm.barrier id = %bar1 number_of_threads = %threads
            %pb = layout.tensor_ptr %sB : !stagesB -> !llvm.ptr<3>
            %lsc = layout.const #layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>
            %sC = layout.make_tensor %pb, %lsc : !llvm.ptr<3> -> !stageC
            layout.shared_store %h, %sC : tensor<128x256xf16, #acc>, !stageC
            nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
            nvvm.barrier id = %bar1 number_of_threads = %threads
            scf.if %leader {
              %gc = layout.local_tile %Ct[%mt, %nt] {tile = #layout.tuple<(128,256)>} : !map -> !tmaC
              layout.tma_copy %sC to %gc : !stageC, !tmaC
            }
          }
          scf.if %stores {
            %gc = layout.local_tile %C[%mt, %nt] {tile = #layout.tuple<(128,256)>} : !gmem -> !tileC
            layout.global_store %h, %gc[] {align = 2 : i64} : tensor<128x256xf16, #acc>, !tileC
          }
        }
        // No CTA exits while the other may still arrive on its barriers.
        nvvm.cluster.arrive {aligned}
        nvvm.cluster.wait {aligned}
      }
      gpu.return
    }
  }
}
