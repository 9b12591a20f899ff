// A Blackwell (sm_100a) GEMM written with tensors and layouts: C = A * B^T for runtime M, N, K;
// f16 in and out, f32 accumulated in tensor memory (A: M x K, B: N x K, C: M x N, row-major;
// leading dimension of C %ldc). The grid is (ceil(N/128), ceil(M/128)); one CTA = one warpgroup
// computes the 128 x 128 tile of C at its coordinate, over the k tiles of 64, in a 4-stage
// pipeline that thread 0 drives (TMA loads 3 k tiles ahead of the MMAs):
//   - A and B are tensors over their TMA tensor maps; `layout.tma_copy` loads the k tile
//     `local_tile(A, (128,64), (m, j))` into stage j mod 4 of a 128B-swizzled K-major staged
//     layout (CuTe's UMMA::Layout_K_SW128_Atom tiled to 128 x 64 x 4: `slice_tensor ... {ring}`),
//     deriving the TMA coordinates and bytes, on the barrier of ring position j of the full ring;
//     TMA zero-fills what lies past M, N or K;
//   - `layout.mma_tmem` multiplies the stages of k tile j into the TMEM accumulator tensor (four
//     UMMA k-blocks, their descriptors from the stage layouts, tcgen05.mma kind::f16 M = 128
//     N = 128) and commits them to ring position j of the empty ring: the stage of k tile j is
//     refilled (with k tile j+4) once its MMAs are done; every wait is a ring position, its
//     phase derived;
//   - shared memory (dynamic) is carved by `layout.shared_alloc`: the stages, the two rings, the
//     barrier of the last MMAs and the TMEM address slot;
//   - the epilogue reads the accumulator tensor into a register tensor with
//     layout.tensor_memory_load (the tcgen05.ld shape derived from the two layouts: 32x32b.x128,
//     thread t of the warpgroup holds row t; no register is named by hand), rounds it to f16
//     and stores it into `local_tile(C, (128,128), (m, n))` with `layout.global_store` (16-byte
//     vectors; %ldc a multiple of 8; the tiles at the edges of C predicated on the residues).
//   - the host function encode_tensor_maps(mapA, A, mapB, B, M, N, K, ldc) is derived from the
//     kernel (`layout.tensor_map_encoder`): A's and B's layouts as the kernel computes them, the
//     boxes of its TMA copies (one stage).
// Launch: grid (ceil(N/128), ceil(M/128)), 128 threads, 132176 bytes of dynamic shared memory
// (shared_alloc's remark: 132164). Build:
//   layout-opt --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=gemm_sm100.ptx" examples/gemm_sm100.mlir
// tests/lit/nvvm/example_gemm_sm100.mlir checks it through ptxas; it has not run on a GPU (no
// Blackwell machine is available to the project).
!rm = !layout.layout<(?,?):(?,1)>
!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!stages = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>>
!stage = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
!bar = !layout.tensor<i64, shared, !layout.layout<1:1>>
!slot = !layout.tensor<i32, shared, !layout.layout<1:1>>
!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!tileC = !layout.tensor<f16, global, !layout.layout<(128,128):(?,1)>>
#rows = #layout.linear<tensor<128x128xf32, #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!acc = !layout.tensor<f32, tmem, !layout.layout<(128,128):(65536,1)>>
module {
  gpu.module @kernels {
    llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>

    gpu.func @gemm_sm100(%mapA: !llvm.ptr, %mapB: !llvm.ptr, %pc: !llvm.ptr<1>, %m: index, %n: index, %k: index, %ldc: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>, layout.tensor_map_encoder = @encode_tensor_maps} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c32 = arith.constant 32 : index
      %ncols = arith.constant 128 : i32
      %tid = gpu.thread_id x
      %bn = gpu.block_id x
      %bm = gpu.block_id y
      %leader = arith.cmpi eq, %tid, %c0 : index
      %warp0 = arith.cmpi ult, %tid, %c32 : index
      // The tensors: A and B through their tensor maps, C in global memory; shared memory.
      %la = layout.make %m, %k, %k : !rm
      %lb = layout.make %n, %k, %k : !rm
      %lc = layout.make %m, %n, %ldc : !rm
      %A = layout.make_tensor %mapA, %la : !llvm.ptr -> !map
      %B = layout.make_tensor %mapB, %lb : !llvm.ptr -> !map
      %C = layout.make_tensor %pc, %lc : !llvm.ptr<1> -> !gmem
      %base = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %sA, %sB, %full, %empty, %done, %slotT = layout.shared_alloc %base : !llvm.ptr<3> -> !stages, !stages, !ring, !ring, !bar, !slot
      // The number of k tiles: mode 1 of the rest of A by (128,64).
      %ta = layout.const #layout.tuple<(128,64)>
      %byk = layout.zipped_divide %la, %ta : !rm, !layout.tuple<(128,64)>
      %ktiles = layout.shape_leaf %byk modes [1, 1] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
      scf.if %leader {
        layout.mbarrier_init %full {arrivals = 2 : i64} : !ring
        layout.mbarrier_init %empty {arrivals = 1 : i64} : !ring
        layout.mbarrier_init %done {arrivals = 1 : i64} : !bar
      }
      %slot = layout.tensor_ptr %slotT : !slot -> !llvm.ptr<3>
      scf.if %warp0 {
        nvvm.tcgen05.alloc %slot, %ncols : !llvm.ptr<3>, i32
        nvvm.tcgen05.relinquish_alloc_permit
      }
      nvvm.tcgen05.fence <before>
      nvvm.barrier0
      nvvm.tcgen05.fence <after>
      // The accumulator: 128 x 128 f32 in TMEM, row i in lane i.
      %tmem = llvm.load %slot : !llvm.ptr<3> -> i32
      %t6 = llvm.inttoptr %tmem : i32 to !llvm.ptr<6>
      %ld = layout.const #layout.layout<(128,128):(65536,1)>
      %D = layout.make_tensor %t6, %ld : !llvm.ptr<6> -> !acc
      %pdone = layout.tensor_ptr %done : !bar -> !llvm.ptr<3>
      // Thread 0, step j: the load of k tile j (into its stage once free: the MMAs of k tile j-4
      // are done), then the MMAs of k tile j-3: TMA runs 3 k tiles ahead of the MMAs.
      scf.if %leader {
        %steps = arith.addi %ktiles, %c3 : index
        scf.for %j = %c0 to %steps step %c1 {
          %load = arith.cmpi ult, %j, %ktiles : index
          scf.if %load {
            layout.mbarrier_wait %empty[%j] {free} : !ring
            %ga = layout.local_tile %A[%bm, %j] {tile = #layout.tuple<(128,64)>} : !map -> !tile
            %gb = layout.local_tile %B[%bn, %j] {tile = #layout.tuple<(128,64)>} : !map -> !tile
            %sa = layout.slice_tensor %sA[%j] {modes = array<i64: 2>, ring} : !stages -> !stage
            %sb = layout.slice_tensor %sB[%j] {modes = array<i64: 2>, ring} : !stages -> !stage
            layout.tma_copy %ga to %sa barrier(%full[%j] : !ring) : !tile, !stage
            layout.tma_copy %gb to %sb barrier(%full[%j] : !ring) : !tile, !stage
          }
          %mma = arith.cmpi uge, %j, %c3 : index
          scf.if %mma {
            %i = arith.subi %j, %c3 : index
            layout.mbarrier_wait %full[%i] : !ring
            nvvm.tcgen05.fence <after>
            %sa = layout.slice_tensor %sA[%i] {modes = array<i64: 2>, ring} : !stages -> !stage
            %sb = layout.slice_tensor %sB[%i] {modes = array<i64: 2>, ring} : !stages -> !stage
            %accumulate = arith.cmpi ne, %i, %c0 : index
            layout.mma_tmem %sa, %sb, %D accumulate(%accumulate) commit(%empty[%i] : !ring) : !stage, !stage, !acc
          }
        }
        // The last MMAs (and all before them) done: the accumulator is complete.
        nvvm.tcgen05.commit %pdone : !llvm.ptr<3>
      }
      layout.mbarrier_wait %done[%c0] : !bar
      nvvm.tcgen05.fence <after>
      // Epilogue: the accumulator into the register tensor #rows (thread t holds row t,
      // register j column j), by the tcgen05.ld the two layouts give (32x32b.x128); stored into
      // C's tile (16-byte vectors, predicated at the edges).
      %rows = layout.tensor_memory_load %D : !acc -> tensor<128x128xf32, #rows>
      %h = arith.truncf %rows : tensor<128x128xf32, #rows> to tensor<128x128xf16, #rows>
      %gc = layout.local_tile %C[%bm, %bn] {tile = #layout.tuple<(128,128)>} : !gmem -> !tileC
      layout.global_store %h, %gc[] {align = 16 : i64} : tensor<128x128xf16, #rows>, !tileC
      nvvm.tcgen05.fence <before>
      nvvm.barrier0
      scf.if %warp0 {
        nvvm.tcgen05.dealloc %t6, %ncols : !llvm.ptr<6>, i32
      }
      gpu.return
    }
  }
}
