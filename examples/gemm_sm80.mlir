// A GEMM tile for sm_80 written with layouts: C[64x64] = A[64xK] B[Kx64] for one CTA of 128
// threads, K a runtime multiple of 32, A and B row-major (leading dimensions %lda, %ldb), C
// f16 row-major (%ldc). Every k step of 32 is copied global -> shared by cp.async (16-byte
// copies, chosen from the thread layout, the swizzled shared layout and the alignment), two
// stages deep: the copy of step k+1 is in flight while step k is multiplied. The operands are
// read from shared memory straight into the mma.sync fragments (ldmatrix.x4 for A,
// ldmatrix.x4.trans for B, chosen from the layouts), and the accumulator stays in the MMA
// layout across the loop. No offset, fragment register or instruction is written by hand.
// tests/lit/nvvm/gemm_sm80.mlir checks it; its arithmetic has not run on a GPU.
//
//   layout-opt examples/gemm_sm80.mlir --lower-to-nvvm="ptx=gemm.ptx chip=sm_80"
#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>>
#dota = #layout.linear<tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>>
// Which elements each thread copies: 8 consecutive halves along the contiguous dimension.
#rowsa = #layout.linear<tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsb = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsc = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
gpu.module @kernels attributes {layout.sm = 80 : i64} {
  // The two stages of A (64x32, K contiguous, 64B swizzle) and B (32x64, N contiguous, 128B swizzle).
  llvm.mlir.global internal @a0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x i8>
  llvm.mlir.global internal @a1() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x i8>
  llvm.mlir.global internal @b0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x i8>
  llvm.mlir.global internal @b1() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x i8>

  gpu.func @gemm_sm80(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pc: !llvm.ptr<1>, %k: i64, %lda: i64, %ldb: i64, %ldc: i64) kernel {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c32 = arith.constant 32 : i64
    %sa0 = llvm.mlir.addressof @a0 : !llvm.ptr<3>
    %sa1 = llvm.mlir.addressof @a1 : !llvm.ptr<3>
    %sb0 = llvm.mlir.addressof @b0 : !llvm.ptr<3>
    %sb1 = llvm.mlir.addressof @b1 : !llvm.ptr<3>
    // Stage 0: the first k step in flight.
    layout.async_copy %pa[%lda] to %sa0 {align = 16 : i64, smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x32xf16, #rowsa>
    layout.async_copy %pb[%ldb] to %sb0 {align = 16 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<32x64xf16, #rowsb>
    nvvm.cp.async.commit.group
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %acc = scf.for %k0 = %c0 to %k step %c32 iter_args(%c = %zero) -> (tensor<64x64xf32, #mma>) : i64 {
      // This step's stage and the next one's.
      %step = arith.divui %k0, %c32 : i64
      %parity = arith.andi %step, %c1 : i64
      %odd = arith.cmpi ne, %parity, %c0 : i64
      %sa = arith.select %odd, %sa1, %sa0 : !llvm.ptr<3>
      %sb = arith.select %odd, %sb1, %sb0 : !llvm.ptr<3>
      %na = arith.select %odd, %sa0, %sa1 : !llvm.ptr<3>
      %nb = arith.select %odd, %sb0, %sb1 : !llvm.ptr<3>
      // Copy step k+1 into the other stage while step k is multiplied.
      %k1 = arith.addi %k0, %c32 : i64
      %more = arith.cmpi ult, %k1, %k : i64
      scf.if %more {
        %boff = arith.muli %k1, %ldb : i64
        %pak = llvm.getelementptr %pa[%k1] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
        %pbk = llvm.getelementptr %pb[%boff] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
        layout.async_copy %pak[%lda] to %na {align = 16 : i64, smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x32xf16, #rowsa>
        layout.async_copy %pbk[%ldb] to %nb {align = 16 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<32x64xf16, #rowsb>
      }
      nvvm.cp.async.commit.group
      // All but the newest group have landed: this step's stage is complete.
      nvvm.cp.async.wait.group 1
      nvvm.barrier0
      %a = layout.shared_load %sa {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #dota>
      %b = layout.shared_load %sb {smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>} : !llvm.ptr<3> -> tensor<32x64xf16, #dotb>
      %d = layout.mma %a, %b, %c : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      // Every warp is done with this stage before the next step's copy overwrites it.
      nvvm.barrier0
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    %h = arith.truncf %acc : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
    %r = layout.convert_layout %h : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #rowsc>
    layout.global_store %r, %pc[%ldc] {align = 16 : i64} : tensor<64x64xf16, #rowsc>, !llvm.ptr<1>
    gpu.return
  }
}
