// layout.coordinate: each element's coordinates as the register layout places them (CuTe's
// identity tensor partitioned like the fragment), with tensor.splat for a tile's origin. The
// kernel writes 64 i + j + origin to element (i, j) of a 64 x 64 f32 tensor from the WGMMA
// accumulator layout (Triton's nvidia_mma v3, 4 warps), with the origin a runtime scalar
// (here 0); the emulator compares with Inputs/tensor_views_spec.py's `copy` reference (element
// (i, j) of `in` is 64 i + j).
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/tensor_views_spec.py --ptx %t.ptx --set entry=coordinates --set want=copy | FileCheck %s
// RUN: sed 's/%%tid.x/0/' %t.ptx > %t.bad.ptx
// RUN: not %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/tensor_views_spec.py --ptx %t.bad.ptx --set entry=coordinates --set want=copy | FileCheck %s --check-prefix=BAD
// PTX-LABEL: .entry coordinates(
// PTX-NOT: {{shfl|bar.sync|ld.global}}
// CHECK: coordinates (copy): out: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside out, 0 unwritten, 0 stored twice, 0 races
// CHECK: PASS
// BAD: {{[1-9][0-9]*}} unwritten

#acc = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
!t = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
gpu.module @kernels {
  gpu.func @coordinates(%pin: !llvm.ptr<1>, %pout: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %out = layout.make_tensor %pout, %l : !llvm.ptr<1> -> !t
    %r = layout.coordinate {dim = 0 : i64} : tensor<64x64xi32, #acc>
    %c = layout.coordinate {dim = 1 : i64} : tensor<64x64xi32, #acc>
    %k64 = arith.constant dense<64> : tensor<64x64xi32, #acc>
    %row = arith.muli %r, %k64 : tensor<64x64xi32, #acc>
    %lin = arith.addi %row, %c : tensor<64x64xi32, #acc>
    %zero = arith.constant 0 : i32
    %origin = tensor.splat %zero : tensor<64x64xi32, #acc>
    %at = arith.addi %lin, %origin : tensor<64x64xi32, #acc>
    %f = arith.sitofp %at : tensor<64x64xi32, #acc> to tensor<64x64xf32, #acc>
    layout.global_store %f, %out[] {align = 8 : i64} : tensor<64x64xf32, #acc>, !t
    gpu.return
  }
}
