// A GEMM tile on register tensors with a runtime K loop, the layout level of issue 31's sm_80
// GEMM: each k step loads 64x32 of A and 32x64 of B in rows (ld.global.v4), converts them to
// the mma.sync operand layouts, multiplies into the accumulator, which the loop carries; the
// result is rounded to f16 and stored. The input keeps the accumulator in rows, converting it
// twice per step; `layout-opt --layout-assign-layouts` keeps it in the MMA layout and converts
// it once, after the loop and the truncf. Lowered with `--lower-to-nvvm` for sm_80 (stores to
// shared memory with st.shared, loads with ldmatrix) and sm_90a (stmatrix where it pays).
// tests/lit/nvvm/gemm_k_loop.mlir checks it; the arithmetic has not run on a GPU yet.
//
//   layout-opt examples/gemm_register_tensors.mlir --layout-assign-layouts \
//     --lower-to-nvvm="ptx=gemm.ptx chip=sm_80"
#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>>
#dota = #layout.linear<tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>>
#rowsa = #layout.linear<tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsb = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsc = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>>
gpu.module @kernels attributes {layout.sm = 80 : i64} {
  // C[64x64] = A[64xK] B[Kx64] for one CTA of 128 threads, K a runtime multiple of 32; A and B
  // row-major with leading dimensions %lda and %ldb, C with %ldc.
  gpu.func @gemm_k_loop(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pc: !llvm.ptr<1>, %k: i64, %lda: i64, %ldb: i64, %ldc: i64) kernel {
    %c0 = arith.constant 0 : i64
    %c32 = arith.constant 32 : i64
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #rowsc>
    %acc = scf.for %k0 = %c0 to %k step %c32 iter_args(%c = %zero) -> (tensor<64x64xf32, #rowsc>) : i64 {
      %boff = arith.muli %k0, %ldb : i64
      %pak = llvm.getelementptr %pa[%k0] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
      %pbk = llvm.getelementptr %pb[%boff] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
      %a = layout.global_load %pak[%lda] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x32xf16, #rowsa>
      %b = layout.global_load %pbk[%ldb] {align = 16 : i64} : !llvm.ptr<1> -> tensor<32x64xf16, #rowsb>
      %a2 = layout.convert_layout %a : tensor<64x32xf16, #rowsa> -> tensor<64x32xf16, #dota>
      %b2 = layout.convert_layout %b : tensor<32x64xf16, #rowsb> -> tensor<32x64xf16, #dotb>
      %cm = layout.convert_layout %c : tensor<64x64xf32, #rowsc> -> tensor<64x64xf32, #mma>
      %d = layout.mma %a2, %b2, %cm : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      %dc = layout.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #rowsc>
      scf.yield %dc : tensor<64x64xf32, #rowsc>
    }
    %h = arith.truncf %acc : tensor<64x64xf32, #rowsc> to tensor<64x64xf16, #rowsc>
    layout.global_store %h, %pc[%ldc] {align = 16 : i64} : tensor<64x64xf16, #rowsc>, !llvm.ptr<1>
    gpu.return
  }
}
