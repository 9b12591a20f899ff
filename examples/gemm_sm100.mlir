// A Blackwell (sm_100a) GEMM written with tensors and layouts: C = A * B^T for runtime M, N, K;
// f16 in and out, f32 accumulated in tensor memory (A: M x K, B: N x K, C: M x N, row-major;
// leading dimension of C %ldc). The grid is (ceil(N/128), ceil(M/128)); one CTA = one warpgroup
// computes the 128 x 128 tile of C at its coordinate, over the k tiles of 64:
//   - A and B are tensors over their TMA tensor maps; `layout.tma_copy` loads the k tile
//     `local_tile(A, (128,64), (m, j))` into a 128B-swizzled K-major stage (CuTe's
//     UMMA::Layout_K_SW128_Atom tiled to 128 x 64), deriving the TMA coordinates and bytes;
//     TMA zero-fills what lies past M, N or K;
//   - shared memory is carved by `layout.shared_alloc` (the two stages, the TMA and MMA
//     barriers, the TMEM address slot); k tile j waits for ring position j of each barrier
//     (a ring of one: parity j mod 2, derived);
//   - thread 0 multiplies the stages into the TMEM accumulator tensor with `layout.mma_tmem`
//     (four UMMA k-blocks, their descriptors from the stage layouts, tcgen05.mma kind::f16
//     M = 128 N = 128) and commits them to the MMA barrier; the next k tile is loaded once
//     they are done (one stage: the loads and the MMAs of a k tile do not overlap);
//   - the epilogue reads the accumulator with layout.tmem_load (tcgen05.ld 32x32b.x128: thread
//     t of the warpgroup holds row t), rounds it to f16 and stores it at row t of C's tile
//     (`slice_tensor` of `local_tile(C, (128,128), (m, n))`), whole when the row lies inside
//     C, else masked to the columns before N.
// Launch: grid (ceil(N/128), ceil(M/128)), 128 threads, static shared memory (33 KiB).
// Build: layout-opt --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=gemm_sm100.ptx" \
//            examples/gemm_sm100.mlir
// tests/lit/nvvm/example_gemm_sm100.mlir checks it through ptxas; it has not run on a GPU (no
// Blackwell machine is available to the project).
!rm = !layout.layout<(?,?):(?,1)>
!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!stage = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!bar = !layout.tensor<i64, shared, !layout.layout<1:1>>
!slot = !layout.tensor<i32, shared, !layout.layout<1:1>>
!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!tileC = !layout.tensor<f16, global, !layout.layout<(128,128):(?,1)>>
!rowC = !layout.tensor<f16, global, !layout.layout<(128):(1)>>
!acc = !layout.tensor<f32, tmem, !layout.layout<(128,128):(65536,1)>>
module {
  // Host: the tensor maps of A and B (K innermost; a row is 2K bytes), boxes of one stage.
  func.func @encode_tensor_maps(%mapA: !llvm.ptr, %A: !llvm.ptr, %mapB: !llvm.ptr, %B: !llvm.ptr, %m: i64, %n: i64, %k: i64) -> i32 {
    %c2 = arith.constant 2 : i64
    %row = arith.muli %k, %c2 : i64
    %sa = layout.tma_desc %mapA, %A dims(%k, %m, %row) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>} : !llvm.ptr, !llvm.ptr
    %sb = layout.tma_desc %mapB, %B dims(%k, %n, %row) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>} : !llvm.ptr, !llvm.ptr
    %s = arith.ori %sa, %sb : i32
    return %s : i32
  }

  gpu.module @kernels {
    llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<33812 x i8>

    gpu.func @gemm_sm100(%mapA: !llvm.ptr, %mapB: !llvm.ptr, %pc: !llvm.ptr<1>, %m: index, %n: index, %k: index, %ldc: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
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
      %sA, %sB, %tmaBar, %mmaBar, %slotT = layout.shared_alloc %base : !llvm.ptr<3> -> !stage, !stage, !bar, !bar, !slot
      // The number of k tiles: mode 1 of the rest of A by (128,64).
      %ta = layout.const #layout.tuple<(128,64)>
      %byk = layout.zipped_divide %la, %ta : !rm, !layout.tuple<(128,64)>
      %resta = layout.get %byk modes [1] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
      %ktiles = layout.shape_leaf %resta modes [1] : !layout.layout<(?,?):(?,64)>
      scf.if %leader {
        layout.mbarrier_init %tmaBar {arrivals = 2 : i64} : !bar
        layout.mbarrier_init %mmaBar {arrivals = 1 : i64} : !bar
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
      %pm = layout.tensor_ptr %mmaBar : !bar -> !llvm.ptr<3>
      scf.for %j = %c0 to %ktiles step %c1 {
        scf.if %leader {
          %ga = layout.local_tile %A[%bm, %j] {tile = #layout.tuple<(128,64)>} : !map -> !tile
          %gb = layout.local_tile %B[%bn, %j] {tile = #layout.tuple<(128,64)>} : !map -> !tile
          layout.tma_copy %ga to %sA barrier(%tmaBar[%j] : !bar) : !tile, !stage
          layout.tma_copy %gb to %sB barrier(%tmaBar[%j] : !bar) : !tile, !stage
        }
        layout.mbarrier_wait %tmaBar[%j] : !bar
        nvvm.tcgen05.fence <after>
        scf.if %leader {
          %accumulate = arith.cmpi ne, %j, %c0 : index
          layout.mma_tmem %sA, %sB, %D accumulate(%accumulate) : !stage, !stage, !acc
          nvvm.tcgen05.commit %pm : !llvm.ptr<3>
        }
        layout.mbarrier_wait %mmaBar[%j] : !bar
      }
      nvvm.tcgen05.fence <after>
      // Epilogue: thread t holds row t of the tile; it stores it at row t of C's tile.
      %acc = layout.tmem_load %tmem {tmem = #layout.layout<(128,128):(65536,1)>, fragment = #layout.layout<(128,128):(1,128)>} : vector<128xi32>
      %accf = llvm.bitcast %acc : vector<128xi32> to vector<128xf32>
      %h = arith.truncf %accf : vector<128xf32> to vector<128xf16>
      %gc = layout.local_tile %C[%bm, %bn] {tile = #layout.tuple<(128,128)>} : !gmem -> !tileC
      %rowc = layout.slice_tensor %gc[%tid] {modes = array<i64: 0>} : !tileC -> !rowC
      %dst = layout.tensor_ptr %rowc : !rowC -> !llvm.ptr<1>
      %row0 = arith.muli %bm, %c128 : index
      %row = arith.addi %row0, %tid : index
      %n0 = arith.muli %bn, %c128 : index
      %cols = arith.subi %n, %n0 : index
      %inside = arith.cmpi ult, %row, %m : index
      %whole = arith.cmpi uge, %cols, %c128 : index
      scf.if %inside {
        scf.if %whole {
          llvm.store %h, %dst {alignment = 16 : i64} : vector<128xf16>, !llvm.ptr<1>
        } else {
          %zero64 = arith.constant 0 : i64
          %cols64 = arith.index_castui %cols : index to i64
          %mask = llvm.intr.get.active.lane.mask %zero64, %cols64 : i64, i64 to vector<128xi1>
          llvm.intr.masked.store %h, %dst, %mask {alignment = 2 : i32} : vector<128xf16>, vector<128xi1> into !llvm.ptr<1>
        }
      }
      nvvm.tcgen05.fence <before>
      nvvm.barrier0
      scf.if %warp0 {
        nvvm.tcgen05.dealloc %t6, %ncols : !llvm.ptr<6>, i32
      }
      gpu.return
    }
  }
}
