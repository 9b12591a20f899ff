// layout.mma_async with A from registers (WGMMA's RS form, FlashAttention's P operand): A is a
// 64 x 64 f16 register tensor in the m64nNk16 accumulator's layout (Triton's nvidia_mma v3),
// which hw::wgmma_a_operand checks to hold the ISA's A fragment for each of the 4 k blocks
// (registers 8j .. 8j+7 of block j, packed in pairs into the instruction's four .b32
// registers); B is a 128B-swizzled shared tile read through its descriptor. The kernel loads A
// into registers and B through registers into shared memory (fence.proxy.async: the wgmma
// reads through the async proxy), issues the 4 wgmmas and stores the f32 accumulator. The PTX
// emulator runs the warpgroup against A B^T (Inputs/mma_rs_spec.py, exact); the same PTX with
// A's registers of one k block swapped fails.
// REQUIRES: ptxas
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/mma_rs_spec.py --ptx %t.ptx | FileCheck %s --check-prefix=EMU
// RUN: awk '/wgmma.mma_async/ && !done { sub(/\{%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+\}, %rd/, "{%r1, %r1, %r1, %r1}, %rd"); done = 1 } 1' %t.ptx > %t.broken.ptx
// RUN: not %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/mma_rs_spec.py --ptx %t.broken.ptx | FileCheck %s --check-prefix=BROKEN

// REMARKS: remark: 'layout.mma_async' op mma_async: 1 warpgroup(s) of m64n64k16, accumulator field i in register i; A from registers
// PTX-LABEL: .entry mma_rs(
// PTX: fence.proxy.async
// PTX: wgmma.fence.sync.aligned;
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 0;
// PTX: wgmma.commit_group.sync.aligned;
// EMU: mma_rs: out: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside out, 0 unwritten, 0 stored twice, 0 races
// EMU: PASS
// BROKEN: {{[1-9][0-9]*}} wrong
// BROKEN: FAIL

#pf16 = #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
#acc = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!g16 = !layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>
!g32 = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
!sB = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
gpu.module @kernels {
  llvm.mlir.global internal @tileB() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<8192 x i8>
  gpu.func @mma_rs(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pout: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %ls = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>
    %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !g16
    %B = layout.make_tensor %pb, %l : !llvm.ptr<1> -> !g16
    %O = layout.make_tensor %pout, %l : !llvm.ptr<1> -> !g32
    %p = llvm.mlir.addressof @tileB : !llvm.ptr<3>
    %sB = layout.make_tensor %p, %ls : !llvm.ptr<3> -> !sB
    %b = layout.global_load %B[] {align = 16 : i64} : !g16 -> tensor<64x64xf16, #rows>
    layout.shared_store %b, %sB : tensor<64x64xf16, #rows>, !sB
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    nvvm.barrier0
    %a = layout.global_load %A[] {align = 4 : i64} : !g16 -> tensor<64x64xf16, #pf16>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %d = layout.mma_async %a, %sB, %zero : tensor<64x64xf16, #pf16>, !sB, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    nvvm.wgmma.wait.group.sync.aligned 0
    layout.global_store %d, %O[] {align = 8 : i64} : tensor<64x64xf32, #acc>, !g32
    gpu.return
  }
}
