// A Blackwell (sm_100a) GEMM written with layouts: C = A * B^T for runtime M, N, K; f16 in and
// out, f32 accumulated in tensor memory (A: M x K, B: N x K, C: M x N, row-major; leading
// dimension of C %ldc). The grid is (ceil(N/128), ceil(M/128)); one CTA = one warpgroup computes
// the 128 x 128 tile of C at its coordinate, over the k tiles of 64:
//   - TMA loads each k tile of A and B into 128B-swizzled K-major tiles (CuTe's
//     UMMA::Layout_K_SW128_Atom tiled to 128 x 64; the tensor maps carry the runtime extents
//     and row stride, and TMA zero-fills what lies past M, N or K);
//   - thread 0 issues the four UMMA k-blocks of the tile (layout.umma_desc of A's and B's block
//     k with a runtime k, layout.tcgen05_mma kind::f16 M = 128 N = 128 into the TMEM
//     accumulator) and commits them to an mbarrier; the next k tile is loaded once they are
//     done (one stage: the loads and the MMAs of a k tile do not overlap);
//   - k tile j waits for phase (2,?):(1,0)(j) of both barriers;
//   - the epilogue reads the accumulator with layout.tmem_load (tcgen05.ld 32x32b.x128: thread
//     t of the warpgroup holds row t), rounds it to f16 and stores each row at C's
//     crd2idx(row, n0), whole when it lies inside C, else masked to the columns before N.
// Launch: grid (ceil(N/128), ceil(M/128)), 128 threads, static shared memory (32 KiB + barriers).
// Build: layout-opt --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=gemm_sm100.ptx" \
//            examples/gemm_sm100.mlir
// tests/lit/nvvm/example_gemm_sm100.mlir checks it through ptxas; it has not run on a GPU (no
// Blackwell machine is available to the project).
module {
  // Host: the tensor maps of A and B (K innermost; a row is 2K bytes).
  func.func @encode_tensor_maps(%mapA: !llvm.ptr, %A: !llvm.ptr, %mapB: !llvm.ptr, %B: !llvm.ptr, %m: i64, %n: i64, %k: i64) -> i32 {
    %c2 = arith.constant 2 : i64
    %row = arith.muli %k, %c2 : i64
    %sa = layout.tma_desc %mapA, %A dims(%k, %m, %row) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
    %sb = layout.tma_desc %mapB, %B dims(%k, %n, %row) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
    %s = arith.ori %sa, %sb : i32
    return %s : i32
  }

  gpu.module @kernels {
    llvm.mlir.global internal @smem_a() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<16384 x i8>
    llvm.mlir.global internal @smem_b() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<16384 x i8>
    llvm.mlir.global internal @tma_bar() {addr_space = 3 : i32, alignment = 8 : i64} : i64
    llvm.mlir.global internal @mma_bar() {addr_space = 3 : i32, alignment = 8 : i64} : i64
    llvm.mlir.global internal @tmem_slot() {addr_space = 3 : i32, alignment = 4 : i64} : i32

    gpu.func @gemm_sm100(%mapA: !llvm.ptr, %mapB: !llvm.ptr, %pc: !llvm.ptr<1>, %m: index, %n: index, %k: index, %ldc: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %sA = llvm.mlir.addressof @smem_a : !llvm.ptr<3>
      %sB = llvm.mlir.addressof @smem_b : !llvm.ptr<3>
      %tma_bar = llvm.mlir.addressof @tma_bar : !llvm.ptr<3>
      %mma_bar = llvm.mlir.addressof @mma_bar : !llvm.ptr<3>
      %slot = llvm.mlir.addressof @tmem_slot : !llvm.ptr<3>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %ncols = arith.constant 128 : i32
      %ticks = arith.constant 1000000 : i32
      %false = arith.constant false
      %tid = gpu.thread_id x
      %bn = gpu.block_id x
      %bm = gpu.block_id y
      %leader = arith.cmpi eq, %tid, %c0 : index
      %warp0 = arith.cmpi ult, %tid, %c32 : index
      // The k tiles: the extent of mode 1 of the rest mode of A's 128 x 64 tiles (ceil(K/64));
      // C's 128 x 128 tiles.
      %la = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
      %lc = layout.make %m, %n, %ldc : !layout.layout<(?,?):(?,1)>
      %ta = layout.const #layout.tuple<(128,64)>
      %byk = layout.zipped_divide %la, %ta : !layout.layout<(?,?):(?,1)>, !layout.tuple<(128,64)>
      %resta = layout.get %byk modes [1] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
      %ktiles = layout.shape_leaf %resta modes [1] : !layout.layout<(?,?):(?,64)>
      %tc = layout.const #layout.tuple<(128,128)>
      %byc = layout.zipped_divide %lc, %tc : !layout.layout<(?,?):(?,1)>, !layout.tuple<(128,128)>
      %phases = layout.make %ktiles : !layout.layout<(2,?):(1,0)>

      // Barriers (thread 0): two TMA arrivals per phase, one MMA commit; warp 0 allocates the
      // accumulator's 128 TMEM columns.
      scf.if %leader {
        nvvm.mbarrier.init %tma_bar, %two : !llvm.ptr<3>, i32
        nvvm.mbarrier.init %mma_bar, %one : !llvm.ptr<3>, i32
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
      scf.for %j = %c0 to %ktiles step %c1 {
        %phase = layout.crd2idx %phases[%j] : !layout.layout<(2,?):(1,0)>
        %parity = arith.index_castui %phase : index to i32
        scf.if %leader {
          // The TMA coordinates of the tiles: (k tile, CTA row/column) times the tile extents.
          %kk = arith.muli %j, %c64 : index
          %mm = arith.muli %bm, %c128 : index
          %nn = arith.muli %bn, %c128 : index
          %k0 = arith.index_castui %kk : index to i32
          %mrow = arith.index_castui %mm : index to i32
          %nrow = arith.index_castui %nn : index to i32
          layout.tma_load %sA, %mapA, %tma_bar[%k0, %mrow] {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
          layout.tma_load %sB, %mapB, %tma_bar[%k0, %nrow] {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
        }
        nvvm.mbarrier.try_wait.parity %tma_bar, %parity, %ticks : !llvm.ptr<3>, i32, i32
        nvvm.tcgen05.fence <after>
        scf.if %leader {
          // The four k-blocks of 16; the first of the first k tile overwrites the accumulator.
          scf.for %kb = %c0 to %c4 step %c1 {
            %kb32 = arith.index_castui %kb : index to i32
            %dA = layout.umma_desc base(%sA : !llvm.ptr<3>) k(%kb32) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
            %dB = layout.umma_desc base(%sB : !llvm.ptr<3>) k(%kb32) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
            %later = arith.ori %j, %kb : index
            %accumulate = arith.cmpi ne, %later, %c0 : index
            layout.tcgen05_mma %tmem, %dA, %dB, %accumulate {elemA = f16, elemB = f16, elemD = f32, m = 128, n = 128, majorA = #layout.major<K>, majorB = #layout.major<K>}
          }
          nvvm.tcgen05.commit %mma_bar : !llvm.ptr<3>
        }
        // The MMAs of this k tile are done: its shared tiles may be loaded again.
        nvvm.mbarrier.try_wait.parity %mma_bar, %parity, %ticks : !llvm.ptr<3>, i32, i32
      }
      nvvm.tcgen05.fence <after>

      // Epilogue: thread t holds row t of the tile (128 f32), rounded to f16 and stored at
      // C's element (m0 + t, n0).
      %acc = layout.tmem_load %tmem {tmem = #layout.layout<(128,128):(65536,1)>, fragment = #layout.layout<(128,128):(1,128)>} : vector<128xi32>
      %accf = llvm.bitcast %acc : vector<128xi32> to vector<128xf32>
      %h = arith.truncf %accf : vector<128xf32> to vector<128xf16>
      %restc = layout.get %byc modes [1] : !layout.layout<((128,128),(?,?)):((?,1),(?,128))>
      %tilec = layout.get %byc modes [0] : !layout.layout<((128,128),(?,?)):((?,1),(?,128))>
      %origin = layout.crd2idx %restc[%bm, %bn] : !layout.layout<(?,?):(?,128)>
      %inrow = layout.crd2idx %tilec[%tid, %c0] : !layout.layout<(128,128):(?,1)>
      %off = arith.addi %origin, %inrow : index
      %off64 = arith.index_castui %off : index to i64
      %dst = llvm.getelementptr %pc[%off64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
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
          // The columns before N: lanes c with 0 + c < cols.
          %zero64 = arith.constant 0 : i64
          %cols64 = arith.index_castui %cols : index to i64
          %mask = llvm.intr.get.active.lane.mask %zero64, %cols64 : i64, i64 to vector<128xi1>
          llvm.intr.masked.store %h, %dst, %mask {alignment = 2 : i32} : vector<128xf16>, vector<128xi1> into !llvm.ptr<1>
        }
      }

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
