// The operand data paths of examples/gemm_sm80.mlir, each as a kernel of its own that ends in
// global stores instead of the MMA, so that Inputs/ptx_moves.py can check every byte: A (64x32)
// and B (32x64) copied by cp.async into their swizzled stage, read by ldmatrix(.trans) into the
// mma.sync fragment layouts, stored out from those layouts.
#dota = #layout.linear<tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>>
#rowsa = #layout.linear<tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsb = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
gpu.module @paths attributes {layout.sm = 80 : i64} {
  llvm.mlir.global internal @stage() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x i8>
  gpu.func @a_path(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ld: i64) kernel {
    %s = llvm.mlir.addressof @stage : !llvm.ptr<3>
    layout.async_copy %in[%ld] to %s {align = 16 : i64, smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x32xf16, #rowsa>
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    nvvm.barrier0
    %a = layout.shared_load %s {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #dota>
    layout.global_store %a, %out[%ld] {align = 4 : i64} : tensor<64x32xf16, #dota>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @b_path(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ld: i64) kernel {
    %s = llvm.mlir.addressof @stage : !llvm.ptr<3>
    layout.async_copy %in[%ld] to %s {align = 16 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<32x64xf16, #rowsb>
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    nvvm.barrier0
    %b = layout.shared_load %s {smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>} : !llvm.ptr<3> -> tensor<32x64xf16, #dotb>
    layout.global_store %b, %out[%ld] {align = 2 : i64} : tensor<32x64xf16, #dotb>, !llvm.ptr<1>
    gpu.return
  }
}
