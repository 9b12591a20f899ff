// layout.mma_async with an fp8 A from registers (WGMMA's RS form m64nNk32, FlashAttention 3's fp8
// P): a 64 x 64 f32 tensor in the accumulator's layout (Triton's nvidia_mma v3) is rounded to
// e4m3 (`arith.truncf`: cvt.rn.satfinite.e4m3x2.f32, two registers each) and converted to
// WGMMA's 8-bit A fragment (Triton's dot_op of the v3 parent with kWidth 4, which
// hw::wgmma_a_operand checks for each of the 2 k blocks of 32): linear::convert_shuffle relabels
// the register indices so that one sender's rows g and g + 8 of two columns form a word, and 8
// shuffles move the 32 bytes of a thread (the lower bound) with byte permutes where the words are
// packed and unpacked. B is a 64B-swizzled e4m3 shared tile. The PTX emulator runs the warpgroup
// against e4m3(A) B^T (Inputs/mma_rs_fp8_spec.py, exact, saturation included); the same PTX with
// one shuffle reading lane 0, or with e5m2 for e4m3 in the conversion, fails.
// REQUIRES: ptxas
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/mma_rs_fp8_spec.py --ptx %t.ptx | FileCheck %s --check-prefix=EMU
// RUN: awk '/shfl.sync.idx.b32/ && !done { sub(/, %r[0-9]+, 31, -1;/, ", 0, 31, -1;"); done = 1 } 1' %t.ptx > %t.lane.ptx
// RUN: not %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/mma_rs_fp8_spec.py --ptx %t.lane.ptx | FileCheck %s --check-prefix=BROKEN
// RUN: sed 's/e4m3x2/e5m2x2/' %t.ptx > %t.e5m2.ptx
// RUN: not %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/mma_rs_fp8_spec.py --ptx %t.e5m2.ptx | FileCheck %s --check-prefix=BROKEN

// REMARKS: remark: 'layout.mma_async' op mma_async: 1 warpgroup(s) of m64n64k32, accumulator field i in register i; A from registers
// REMARKS: remark: 'layout.convert' op convert: path shuffle; 8 x shfl.sync.idx.b32; 16 x selp.b32; 8 shuffles per warp, lower bound 8
// PTX-LABEL: .entry mma_rs(
// PTX-COUNT-16: cvt.rn.satfinite.e4m3x2.f32
// PTX-COUNT-8: shfl.sync.idx.b32
// PTX: wgmma.fence.sync.aligned;
// PTX-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
// PTX: wgmma.commit_group.sync.aligned;
// EMU: mma_rs_fp8: out: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside out, 0 unwritten, 0 stored twice, 0 races
// EMU: PASS
// BROKEN: {{[1-9][0-9]*}} wrong
// BROKEN: FAIL

#acc = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>>>
#acc8 = #layout.linear<tensor<64x64xf8E4M3FN, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>>>
#pa = #layout.linear<tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>, kWidth = 4}>>>
#rows = #layout.linear<tensor<64x64xf8E4M3FN, #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!g8 = !layout.tensor<f8E4M3FN, global, !layout.layout<(64,64):(64,1)>>
!g32 = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
!sB = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<2,4,3> o 0 o (64,64):(64,1)>>
gpu.module @kernels {
  llvm.mlir.global internal @tileB() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<4096 x i8>
  gpu.func @mma_rs(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pout: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %ls = layout.const #layout.layout<Sw<2,4,3> o 0 o (64,64):(64,1)>
    %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !g32
    %B = layout.make_tensor %pb, %l : !llvm.ptr<1> -> !g8
    %O = layout.make_tensor %pout, %l : !llvm.ptr<1> -> !g32
    %p = llvm.mlir.addressof @tileB : !llvm.ptr<3>
    %sB = layout.make_tensor %p, %ls : !llvm.ptr<3> -> !sB
    %b = layout.global_load %B[] {align = 16 : i64} : !g8 -> tensor<64x64xf8E4M3FN, #rows>
    layout.shared_store %b, %sB : tensor<64x64xf8E4M3FN, #rows>, !sB
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    nvvm.barrier0
    %a = layout.global_load %A[] {align = 8 : i64} : !g32 -> tensor<64x64xf32, #acc>
    %a8 = arith.truncf %a : tensor<64x64xf32, #acc> to tensor<64x64xf8E4M3FN, #acc8>
    %ar = layout.convert_layout %a8 : tensor<64x64xf8E4M3FN, #acc8> -> tensor<64x64xf8E4M3FN, #pa>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %d = layout.mma_async %ar, %sB, %zero : tensor<64x64xf8E4M3FN, #pa>, !sB, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    nvvm.wgmma.wait.group.sync.aligned 0
    layout.global_store %d, %O[] {align = 8 : i64} : tensor<64x64xf32, #acc>, !g32
    gpu.return
  }
}
