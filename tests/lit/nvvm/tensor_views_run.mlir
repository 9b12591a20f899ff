// Views lowered and run: a transpose written without any cast. Each kernel reads a 64 x 64
// row-major f32 tensor and writes its transpose (or a copy) into another, on one CTA of 128
// threads; the PTX emulator (tools/ptx-emu) runs every thread and compares with the reference
// (Inputs/tensor_views_spec.py: every element exact, written once, none outside).
//   - transpose_registers: the rows are loaded (ld.global.v4), `layout.transpose` relabels the
//     register tensor's dimensions (no instruction: the result is the source's registers), and
//     the transposed tensor is stored into `out` (each thread's registers now run down a column
//     of `out`: scalar stores);
//   - transpose_converted: the same, then `layout.convert_layout` to the row layout, so the
//     stores are vectors again (the conversion goes through shared memory);
//   - transpose_view: `layout.select_tensor` permutes the modes of a shared tile (a view: the
//     same pointer, layout (64,64):(1,64)); the rows stored into the view land transposed in
//     the tile, which is read back in rows and stored (vectors both ways in global memory);
//   - recast_copy: `layout.recast_tensor` views both tensors as 64 x 32 i64 (pairs of f32),
//     loaded and stored as i64 register tensors (two per 16-byte vector): out = in.
// The transposes compile to no shuffle, no shared memory and no barrier except the conversion.
// REQUIRES: ptxas
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/tensor_views_spec.py --ptx %t.ptx --set entry=transpose_registers | FileCheck %s --check-prefix=RUN1
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/tensor_views_spec.py --ptx %t.ptx --set entry=transpose_converted | FileCheck %s --check-prefix=RUN2
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/tensor_views_spec.py --ptx %t.ptx --set entry=transpose_view | FileCheck %s --check-prefix=RUN3
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/tensor_views_spec.py --ptx %t.ptx --set entry=recast_copy --set want=copy | FileCheck %s --check-prefix=RUN4
// A transpose that is not one (the register tensor stored untransposed) fails.
// RUN: not %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/tensor_views_spec.py --ptx %t.ptx --set entry=recast_copy | FileCheck %s --check-prefix=WRONG

// REMARKS-DAG: remark: 'layout.global_load' op global_load: 8 x ld.global.v4.b32 per thread (4 elements of 4 bytes each)
// REMARKS-DAG: remark: 'layout.global_store' op global_store: 32 x st.global.b32 per thread (1 element of 4 bytes each); wider: 2 elements: register bit 0 selects the element at [1, 0], not the next along dimension 1
// REMARKS-DAG: remark: 'layout.shared_store' op shared_store: 32 x st.shared.b32 per thread
// REMARKS-DAG: remark: 'layout.global_load' op global_load: 8 x ld.global.v4.b32 per thread (2 elements of 8 bytes each)
// PTX-LABEL: .entry transpose_registers(
// PTX-NOT: {{shfl|bar.sync|st.shared}}
// PTX-COUNT-8: ld.global.v4.b32
// PTX-COUNT-32: st.global.b32
// PTX-LABEL: .entry transpose_converted(
// PTX: bar.sync
// PTX: st.global.v4.b32
// PTX-LABEL: .entry transpose_view(
// PTX: ld.global.v4.b32
// PTX: st.shared
// PTX: bar.sync
// PTX: ld.shared
// PTX: st.global.v4.b32
// PTX-LABEL: .entry recast_copy(
// PTX-COUNT-8: ld.global.v2.b64
// PTX-COUNT-8: st.global.v2.b64
// RUN1: transpose_registers (transpose): out: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside out, 0 unwritten, 0 stored twice, 0 races
// RUN1: PASS
// RUN2: transpose_converted (transpose): out: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside out, 0 unwritten, 0 stored twice, 0 races
// RUN2: PASS
// RUN3: transpose_view (transpose): out: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside out, 0 unwritten, 0 stored twice, 0 races
// RUN3: PASS
// RUN4: recast_copy (copy): out: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside out, 0 unwritten, 0 stored twice, 0 races
// RUN4: PASS
// WRONG: recast_copy (transpose): out: 4096 elements, {{.*}}, 4032 wrong
// WRONG: FAIL

#rows = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#cols = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>>
#pairs = #layout.linear<tensor<64x32xi64, #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!t = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
!tt = !layout.tensor<f32, global, !layout.layout<(64,64):(1,64)>>
!w = !layout.tensor<i64, global, !layout.layout<(64,32):(32,1)>>
!s = !layout.tensor<f32, shared, !layout.layout<(64,64):(64,1)>>
!sT = !layout.tensor<f32, shared, !layout.layout<(64,64):(1,64)>>
gpu.module @kernels {
  gpu.func @transpose_registers(%pin: !llvm.ptr<1>, %pout: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %in = layout.make_tensor %pin, %l : !llvm.ptr<1> -> !t
    %out = layout.make_tensor %pout, %l : !llvm.ptr<1> -> !t
    %x = layout.global_load %in[] {align = 16 : i64} : !t -> tensor<64x64xf32, #rows>
    %y = layout.transpose %x {order = array<i64: 1, 0>} : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
    layout.global_store %y, %out[] {align = 16 : i64} : tensor<64x64xf32, #cols>, !t
    gpu.return
  }
  gpu.func @transpose_converted(%pin: !llvm.ptr<1>, %pout: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %in = layout.make_tensor %pin, %l : !llvm.ptr<1> -> !t
    %out = layout.make_tensor %pout, %l : !llvm.ptr<1> -> !t
    %x = layout.global_load %in[] {align = 16 : i64} : !t -> tensor<64x64xf32, #rows>
    %y = layout.transpose %x {order = array<i64: 1, 0>} : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
    %z = layout.convert_layout %y : tensor<64x64xf32, #cols> -> tensor<64x64xf32, #rows>
    layout.global_store %z, %out[] {align = 16 : i64} : tensor<64x64xf32, #rows>, !t
    gpu.return
  }
  // Through shared memory: the rows stored into the transposed view of the tile, read back
  // in rows from the tile itself.
  llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<16384 x i8>
  gpu.func @transpose_view(%pin: !llvm.ptr<1>, %pout: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %in = layout.make_tensor %pin, %l : !llvm.ptr<1> -> !t
    %out = layout.make_tensor %pout, %l : !llvm.ptr<1> -> !t
    %p = llvm.mlir.addressof @tile : !llvm.ptr<3>
    %s = layout.make_tensor %p, %l : !llvm.ptr<3> -> !s
    %sT = layout.select_tensor %s {modes = array<i64: 1, 0>} : !s -> !sT
    %x = layout.global_load %in[] {align = 16 : i64} : !t -> tensor<64x64xf32, #rows>
    layout.shared_store %x, %sT : tensor<64x64xf32, #rows>, !sT
    nvvm.barrier0
    %y = layout.shared_load %s : !s -> tensor<64x64xf32, #rows>
    layout.global_store %y, %out[] {align = 16 : i64} : tensor<64x64xf32, #rows>, !t
    gpu.return
  }
  gpu.func @recast_copy(%pin: !llvm.ptr<1>, %pout: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %in = layout.make_tensor %pin, %l : !llvm.ptr<1> -> !t
    %out = layout.make_tensor %pout, %l : !llvm.ptr<1> -> !t
    %wi = layout.recast_tensor %in : !t -> !w
    %wo = layout.recast_tensor %out : !t -> !w
    %x = layout.global_load %wi[] {align = 16 : i64} : !w -> tensor<64x32xi64, #pairs>
    layout.global_store %x, %wo[] {align = 16 : i64} : tensor<64x32xi64, #pairs>, !w
    gpu.return
  }
}
