// An fp8 Hopper GEMM written with tensors and layouts: C = A B^T for runtime M, N, K; A and B
// f8E4M3FN (e4m3), f32 accumulate, C bf16 (A: M x K, B: N x K, C: M x N, all row-major; K a
// multiple of 16, so that A's and B's rows are 16-byte multiples for their tensor maps).
// It is examples/gemm_sm90.mlir with the element types changed and the k-tile doubled: a
// k-tile is 128 elements = 128 bytes, one row of the 128B swizzle (Sw<3,4,3> in 1-byte
// elements, where f16 has Sw<3,3,3>), so the stages, the barriers and shared memory are the
// same bytes as the f16 GEMM's. Everything else is derived as there:
//   - `layout.tma_copy` maps f8E4M3FN to the hardware's e4m3 (a UINT8 tensor map) and derives
//     the boxes ([128, 128] for A; half of B's stage multicast to the cluster's 2 CTAs);
//   - `layout.mma_async` issues WGMMA's fp8 form, m64n256k32.f32.e4m3.e4m3: one instruction's
//     K is 32 bytes = 32 elements, so four k blocks per k-tile, each with the descriptors of
//     the K-major 128B-swizzled stages (fp8 operands are K-major only: an MN-major layout is
//     refused by name); the accumulator's layout is the f16 GEMM's (the k32 fragment is the
//     k16 one);
//   - the epilogue converts the f32 accumulator to bf16 (arith.truncf on the register tensor),
//     stores it with stmatrix into a 128B-swizzled bf16 tile of C in B's stages and one thread
//     stores that with TMA; when C's rows are not 16-byte multiples (N mod 8 != 0), the
//     predicated `global_store`;
//   - the host function encode_tensor_maps(mapA, A, mapB, B, mapC, C, M, N, K) is derived from
//     the kernel, as for the f16 GEMM.
// Launch: 1-D grid of 8 * ceil(N/256) * ceil(ceil(M/128)/8) CTAs of 384 threads in clusters of
// 2, 197696 bytes of dynamic shared memory (shared_alloc's remark: 197680).
// Build:
//   layout-opt --lower-to-nvvm="ptx=gemm_fp8.ptx" examples/gemm_fp8_sm90.mlir
#acc = #layout.linear<tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>>
!rm = !layout.layout<(?,?):(?,1)>
!map = !layout.tensor<f8E4M3FN, tma, !layout.layout<(?,?):(?,1)>>
!mapC = !layout.tensor<bf16, tma, !layout.layout<(?,?):(?,1)>>
!tileA = !layout.tensor<f8E4M3FN, tma, !layout.layout<(128,128):(?,1)>>
!tileB = !layout.tensor<f8E4M3FN, tma, !layout.layout<(256,128):(?,1)>>
!gmem = !layout.tensor<bf16, global, !layout.layout<(?,?):(?,1)>>
!tileC = !layout.tensor<bf16, global, !layout.layout<(128,256):(?,1)>>
!tmaC = !layout.tensor<bf16, tma, !layout.layout<(128,256):(?,1)>>
!stagesA = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128,4):(128,1,16384)>>
!stagesB = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (256,128,4):(128,1,32768)>>
!stageA = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128):(128,1)>>
!stageB = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (256,128):(128,1)>>
!stageC = !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>>
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
      %Ct = layout.make_tensor %mapC, %lc : !llvm.ptr -> !mapC
      // Tile counts: the rest modes of C by (128,256) and of A by (128,64).
      %tc = layout.const #layout.tuple<(128,256)>
      %ta = layout.const #layout.tuple<(128,128)>
      %byc = layout.zipped_divide %lc, %tc : !rm, !layout.tuple<(128,256)>
      %bya = layout.zipped_divide %la, %ta : !rm, !layout.tuple<(128,128)>
      %tm = layout.shape_leaf %byc modes [1, 0] : !layout.layout<((128,256),(?,?)):((?,1),(?,256))>
      %tn = layout.shape_leaf %byc modes [1, 1] : !layout.layout<((128,256),(?,?)):((?,1),(?,256))>
      %kt = layout.shape_leaf %bya modes [1, 1] : !layout.layout<((128,128),(?,?)):((?,1),(?,128))>
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
            %ga = layout.local_tile %A[%mt, %j] {tile = #layout.tuple<(128,128)>} : !map -> !tileA
            %gb = layout.local_tile %B[%nt, %j] {tile = #layout.tuple<(256,128)>} : !map -> !tileB
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
          // Epilogue: the bf16 accumulator into C's tile through shared memory and TMA, once
          // both consumer warpgroups' WGMMAs have read B's stages, which the tile reuses
          // (barrier 1 of the 256 consumer threads).
          %h = arith.truncf %acc : !accT to tensor<128x256xbf16, #acc>
          %mapped = layout.tma_encodable %Ct : !mapC
          %tma = arith.andi %mapped, %mine : i1
          %stores = arith.cmpi ugt, %mine, %mapped : i1
          scf.if %tma {
            nvvm.barrier id = %bar1 number_of_threads = %threads
            %pb = layout.tensor_ptr %sB : !stagesB -> !llvm.ptr<3>
            %lsc = layout.const #layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>
            %sC = layout.make_tensor %pb, %lsc : !llvm.ptr<3> -> !stageC
            layout.shared_store %h, %sC : tensor<128x256xbf16, #acc>, !stageC
            nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
            nvvm.barrier id = %bar1 number_of_threads = %threads
            scf.if %leader {
              %gc = layout.local_tile %Ct[%mt, %nt] {tile = #layout.tuple<(128,256)>} : !mapC -> !tmaC
              layout.tma_copy %sC to %gc : !stageC, !tmaC
            }
          }
          scf.if %stores {
            %gc = layout.local_tile %C[%mt, %nt] {tile = #layout.tuple<(128,256)>} : !gmem -> !tileC
            layout.global_store %h, %gc[] {align = 2 : i64} : tensor<128x256xbf16, #acc>, !tileC
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
