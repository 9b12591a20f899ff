// A GEMM for sm_80 written with layouts: C = A B for runtime M, N, K, with A (M x K), B (K x N)
// and C (M x N) row-major f16 in global memory (leading dimensions %lda, %ldb, %ldc, multiples
// of 8 elements), f32 accumulation. One CTA of 128 threads computes a 64x64 tile of C: the grid
// is (ceil(N/64), ceil(M/64)), and the tensors are tiled by `layout.local_tile` at the CTA's
// coordinate, so no offset is computed by hand. M, N and K need not be multiples of the tile:
// where a tile reaches past a tensor, `--layout-lower-tensors` predicates its copies on the
// residue it derives from the tile chain (cp.async zero-fills the elements past M and K, the
// epilogue's stores skip those past M and N).
//
// Every k step of 32 is copied global -> shared by cp.async (16-byte copies, chosen from the
// thread layout, the swizzled shared layout and the alignment), two stages deep: the copy of
// step k+1 is in flight while step k is multiplied. The stage is a mode of the shared layout
// (`Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)` for A): `layout.slice_tensor ... {ring}` fixes it
// at k mod 2, which the verifier checks is a translation the swizzle does not see. The operands are read from shared
// memory straight into the mma.sync fragments (ldmatrix.x4 for A, ldmatrix.x4.trans for B,
// chosen from the layouts), and the accumulator stays in the MMA layout across the loop.
// tests/lit/nvvm/gemm_sm80.mlir checks it; `make gpu-check` runs it (bench/gpu/run_gemm.py).
//
//   layout-opt examples/gemm_sm80.mlir --lower-to-nvvm="ptx=gemm.ptx chip=sm_80"
#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>>
#dota = #layout.linear<tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>>
// Which elements each thread copies: 8 consecutive halves along the contiguous dimension.
#rowsa = #layout.linear<tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsb = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsc = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!rm = !layout.layout<(?,?):(?,1)>
!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!tileA = !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>
!tileB = !layout.tensor<f16, global, !layout.layout<(32,64):(?,1)>>
!tileC = !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>
// The two stages of A (64x32, K contiguous, 64B swizzle) and B (32x64, N contiguous, 128B
// swizzle) in shared memory, the stage the last mode.
!stagesA = !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>>
!stagesB = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (32,64,2):(64,1,2048)>>
!stageA = !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>
!stageB = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>>
gpu.module @kernels attributes {layout.sm = 80 : i64} {
  llvm.mlir.global internal @smem_a() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8192 x i8>
  llvm.mlir.global internal @smem_b() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8192 x i8>

  gpu.func @gemm_sm80(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pc: !llvm.ptr<1>, %m: index, %n: index, %k: index, %lda: index, %ldb: index, %ldc: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // The tensors, and the CTA's tile coordinate (bm, bn).
    %la = layout.make %m, %k, %lda : !rm
    %lb = layout.make %k, %n, %ldb : !rm
    %lc = layout.make %m, %n, %ldc : !rm
    %A = layout.make_tensor %pa, %la : !llvm.ptr<1> -> !gmem
    %B = layout.make_tensor %pb, %lb : !llvm.ptr<1> -> !gmem
    %C = layout.make_tensor %pc, %lc : !llvm.ptr<1> -> !gmem
    %bn = gpu.block_id x
    %bm = gpu.block_id y
    // The number of k tiles: the extent of mode 1 of A's tiles (ceil(K / 32)).
    %tiles = layout.const #layout.tuple<(64,32)>
    %byk = layout.zipped_divide %la, %tiles : !rm, !layout.tuple<(64,32)>
    %ktiles = layout.shape_leaf %byk modes [1, 1] : !layout.layout<((64,32),(?,?)):((?,1),(?,32))>
    %pa_s = llvm.mlir.addressof @smem_a : !llvm.ptr<3>
    %pb_s = llvm.mlir.addressof @smem_b : !llvm.ptr<3>
    %lsa = layout.const #layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>
    %lsb = layout.const #layout.layout<Sw<3,3,3> o 0 o (32,64,2):(64,1,2048)>
    %sA = layout.make_tensor %pa_s, %lsa : !llvm.ptr<3> -> !stagesA
    %sB = layout.make_tensor %pb_s, %lsb : !llvm.ptr<3> -> !stagesB
    // Stage 0: the first k step in flight.
    %ga0 = layout.local_tile %A[%bm, %c0] {tile = #layout.tuple<(64,32)>} : !gmem -> !tileA
    %gb0 = layout.local_tile %B[%c0, %bn] {tile = #layout.tuple<(32,64)>} : !gmem -> !tileB
    %sa0 = layout.slice_tensor %sA[%c0] {modes = array<i64: 2>} : !stagesA -> !stageA
    %sb0 = layout.slice_tensor %sB[%c0] {modes = array<i64: 2>} : !stagesB -> !stageB
    layout.async_copy %ga0[] to %sa0 {align = 16 : i64} : !tileA, !stageA, tensor<64x32xf16, #rowsa>
    layout.async_copy %gb0[] to %sb0 {align = 16 : i64} : !tileB, !stageB, tensor<32x64xf16, #rowsb>
    nvvm.cp.async.commit.group
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%c = %zero) -> (tensor<64x64xf32, #mma>) {
      // Step k is in stage k mod 2 (the ring position k of the stage mode); step k+1 goes to the
      // other one while step k is multiplied.
      %kn = arith.addi %kt, %c1 : index
      %more = arith.cmpi ult, %kn, %ktiles : index
      scf.if %more {
        %ga = layout.local_tile %A[%bm, %kn] {tile = #layout.tuple<(64,32)>} : !gmem -> !tileA
        %gb = layout.local_tile %B[%kn, %bn] {tile = #layout.tuple<(32,64)>} : !gmem -> !tileB
        %na = layout.slice_tensor %sA[%kn] {modes = array<i64: 2>, ring} : !stagesA -> !stageA
        %nb = layout.slice_tensor %sB[%kn] {modes = array<i64: 2>, ring} : !stagesB -> !stageB
        layout.async_copy %ga[] to %na {align = 16 : i64} : !tileA, !stageA, tensor<64x32xf16, #rowsa>
        layout.async_copy %gb[] to %nb {align = 16 : i64} : !tileB, !stageB, tensor<32x64xf16, #rowsb>
      }
      nvvm.cp.async.commit.group
      // All but the newest group have landed: this step's stage is complete.
      nvvm.cp.async.wait.group 1
      nvvm.barrier0
      %sa = layout.slice_tensor %sA[%kt] {modes = array<i64: 2>, ring} : !stagesA -> !stageA
      %sb = layout.slice_tensor %sB[%kt] {modes = array<i64: 2>, ring} : !stagesB -> !stageB
      %a = layout.shared_load %sa : !stageA -> tensor<64x32xf16, #dota>
      %b = layout.shared_load %sb : !stageB -> tensor<32x64xf16, #dotb>
      %d = layout.mma %a, %b, %c : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      // Every warp is done with this stage before the next step's copy overwrites it.
      nvvm.barrier0
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    %h = arith.truncf %acc : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
    %r = layout.convert_layout %h : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #rowsc>
    %gc = layout.local_tile %C[%bm, %bn] {tile = #layout.tuple<(64,64)>} : !gmem -> !tileC
    layout.global_store %r, %gc[] {align = 16 : i64} : tensor<64x64xf16, #rowsc>, !tileC
    gpu.return
  }
}
