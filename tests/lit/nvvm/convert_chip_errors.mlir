// layout.convert lowered for a chip older than the SM its plan names: the plan's instructions
// (stmatrix from sm_90) may not exist there, so the lowering refuses it by name rather than
// leave LLVM's NVPTX backend unable to select them.
// RUN: not layout-opt %s --lower-to-nvvm="chip=sm_80" -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: 'layout.convert' op cannot be lowered to NVVM: the conversion is planned for sm_90 (its 'sm' attribute), but the target is sm_80 (--lower-to-nvvm's chip): plan it for the target

!src = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
gpu.module @kernels {
  gpu.func @mma_to_rows(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !src
    %b = layout.convert %a smem(%buf : !llvm.ptr<3>) thread(%t) {elem = f16, sm = 90 : i64, from = #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>, to = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>} : !src -> !src
    llvm.store %b, %out : !src, !llvm.ptr<1>
    gpu.return
  }
}
