// layout.reduce and layout.broadcast lowered and run: each kernel loads a 64 x 64 f32 tensor
// into a register layout, subtracts each row's maximum (reduce maxnumf along dimension 1, then
// broadcast back: a softmax's first step) and stores the result, and stores each row's sum
// (reduce addf). The PTX emulator (tools/ptx-emu) runs every thread and compares with the
// reference (Inputs/reduce_spec.py: integers, every result exact).
//   - reduce_mma: the m16n8k16 accumulator layout (Triton's nvidia_mma v2, 4 warps): a row is
//     16 registers of a thread (2 per n-tile x 8 n-tiles) and the 4 lanes of a quad: 15
//     in-thread maxima, then shuffles with lane masks 1 and 2;
//   - reduce_blocked: a blocked layout with 8 registers and 8 lanes per row: masks 1, 2, 4.
//   - reduce_warps: a blocked layout whose rows span the 4 warps (warpsPerCTA [1, 4]): 4
//     registers in-thread, lane masks 1, 2, then the warps through shared memory (each thread
//     stores its partials, a barrier of 128 threads, each combines the 4 warps' words in
//     order, a second barrier).
// The broadcast is a register renaming (no instruction); the first two use no shared memory
// and no barrier.
// Deliberately broken PTX fails: the second butterfly of each reduction exchanging with lane ^ 1
// again instead of lane ^ 2 (half of each quad is never combined), and reduce_warps without the
// barrier between the partials' stores and loads (a race).
// REQUIRES: ptxas
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/reduce_spec.py --ptx %t.ptx --set entry=reduce_mma | FileCheck %s --check-prefix=MMA
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/reduce_spec.py --ptx %t.ptx --set entry=reduce_blocked | FileCheck %s --check-prefix=BLOCKED
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/reduce_spec.py --ptx %t.ptx --set entry=reduce_warps | FileCheck %s --check-prefix=WARPS
// RUN: awk '/\.entry reduce_warps/ {on = 1} on && /bar\.sync[[:space:]]+0, 128;/ && !done {done = 1; next} 1' %t.ptx > %t.nobar.ptx
// RUN: not %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/reduce_spec.py --ptx %t.nobar.ptx --set entry=reduce_warps | FileCheck %s --check-prefix=NOBAR
// RUN: sed -E 's/(shfl.sync.bfly.b32.*), 2, 31, -1;/\1, 1, 31, -1;/' %t.ptx > %t.broken.ptx
// RUN: not %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/Inputs/reduce_spec.py --ptx %t.broken.ptx --set entry=reduce_mma | FileCheck %s --check-prefix=BROKEN

// REMARKS-DAG: remark: 'layout.reduce' op reduce: 16 register(s) per result register in-thread, 2 butterfly shuffle(s) (lane masks 1, 2); 2 result register(s) per thread
// REMARKS-DAG: remark: 'layout.reduce' op reduce: 8 register(s) per result register in-thread, 3 butterfly shuffle(s) (lane masks 1, 2, 4); 4 result register(s) per thread
// PTX-LABEL: .entry reduce_mma(
// PTX-NOT: {{bar.sync|st.shared}}
// PTX-COUNT-2: max.f32
// PTX: shfl.sync.bfly.b32
// REMARKS-DAG: remark: 'layout.reduce' op reduce: 4 register(s) per result register in-thread, 2 butterfly shuffle(s) (lane masks 1, 2), then 4 warp(s) through shared memory (warp masks 1, 2; 1024 words of scratch, 2 barriers of 128 threads); 8 result register(s) per thread
// PTX-LABEL: .entry reduce_blocked(
// PTX-NOT: {{bar.sync|st.shared}}
// PTX: shfl.sync.bfly.b32
// PTX-LABEL: .entry reduce_warps(
// PTX: shfl.sync.bfly.b32
// PTX: st.shared.v4.b32
// PTX: bar.sync{{[[:space:]]+}}0, 128;
// PTX-COUNT-8: ld.shared.v4.b32
// PTX: bar.sync{{[[:space:]]+}}0, 128;
// MMA: reduce_mma: out: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside out, 0 unwritten, 0 stored twice, 0 races
// MMA: sums: 64 elements, max error {{.*}}, 0 wrong, 0 writes outside sums, 0 unwritten
// MMA: PASS
// BLOCKED: reduce_blocked: out: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside out, 0 unwritten, 0 stored twice, 0 races
// BLOCKED: sums: 64 elements, max error {{.*}}, 0 wrong, 0 writes outside sums, 0 unwritten
// BLOCKED: PASS
// WARPS: reduce_warps: out: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside out, 0 unwritten, 0 stored twice, 0 races
// WARPS: sums: 64 elements, max error {{.*}}, 0 wrong, 0 writes outside sums, 0 unwritten
// WARPS: PASS
// NOBAR: race (read after write) in CTA (0, 0)
// NOBAR: FAIL
// BROKEN: {{[1-9][0-9]*}} wrong
// BROKEN: FAIL

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#mrow = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>>>
#rows = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#brow = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>>
#wide = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]}>>>
#wrow = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]}>}>>>
!t = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
!v = !layout.tensor<f32, global, !layout.layout<64:1>>
gpu.module @kernels {
  gpu.func @reduce_mma(%pin: !llvm.ptr<1>, %pout: !llvm.ptr<1>, %psum: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %lv = layout.const #layout.layout<64:1>
    %in = layout.make_tensor %pin, %l : !llvm.ptr<1> -> !t
    %out = layout.make_tensor %pout, %l : !llvm.ptr<1> -> !t
    %sums = layout.make_tensor %psum, %lv : !llvm.ptr<1> -> !v
    %x = layout.global_load %in[] {align = 8 : i64} : !t -> tensor<64x64xf32, #mma>
    %m = layout.reduce %x {dim = 1 : i64, kind = "maxnumf"} : tensor<64x64xf32, #mma> -> tensor<64xf32, #mrow>
    %b = layout.broadcast %m {dim = 1 : i64} : tensor<64xf32, #mrow> -> tensor<64x64xf32, #mma>
    %y = arith.subf %x, %b : tensor<64x64xf32, #mma>
    layout.global_store %y, %out[] {align = 8 : i64} : tensor<64x64xf32, #mma>, !t
    %s = layout.reduce %x {dim = 1 : i64, kind = "addf"} : tensor<64x64xf32, #mma> -> tensor<64xf32, #mrow>
    layout.global_store %s, %sums[] {align = 4 : i64} : tensor<64xf32, #mrow>, !v
    gpu.return
  }
  gpu.func @reduce_blocked(%pin: !llvm.ptr<1>, %pout: !llvm.ptr<1>, %psum: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %lv = layout.const #layout.layout<64:1>
    %in = layout.make_tensor %pin, %l : !llvm.ptr<1> -> !t
    %out = layout.make_tensor %pout, %l : !llvm.ptr<1> -> !t
    %sums = layout.make_tensor %psum, %lv : !llvm.ptr<1> -> !v
    %x = layout.global_load %in[] {align = 16 : i64} : !t -> tensor<64x64xf32, #rows>
    %m = layout.reduce %x {dim = 1 : i64, kind = "maxnumf"} : tensor<64x64xf32, #rows> -> tensor<64xf32, #brow>
    %b = layout.broadcast %m {dim = 1 : i64} : tensor<64xf32, #brow> -> tensor<64x64xf32, #rows>
    %y = arith.subf %x, %b : tensor<64x64xf32, #rows>
    layout.global_store %y, %out[] {align = 16 : i64} : tensor<64x64xf32, #rows>, !t
    %s = layout.reduce %x {dim = 1 : i64, kind = "addf"} : tensor<64x64xf32, #rows> -> tensor<64xf32, #brow>
    layout.global_store %s, %sums[] {align = 4 : i64} : tensor<64xf32, #brow>, !v
    gpu.return
  }
  gpu.func @reduce_warps(%pin: !llvm.ptr<1>, %pout: !llvm.ptr<1>, %psum: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %lv = layout.const #layout.layout<64:1>
    %in = layout.make_tensor %pin, %l : !llvm.ptr<1> -> !t
    %out = layout.make_tensor %pout, %l : !llvm.ptr<1> -> !t
    %sums = layout.make_tensor %psum, %lv : !llvm.ptr<1> -> !v
    %x = layout.global_load %in[] {align = 16 : i64} : !t -> tensor<64x64xf32, #wide>
    %m = layout.reduce %x {dim = 1 : i64, kind = "maxnumf"} : tensor<64x64xf32, #wide> -> tensor<64xf32, #wrow>
    %b = layout.broadcast %m {dim = 1 : i64} : tensor<64xf32, #wrow> -> tensor<64x64xf32, #wide>
    %y = arith.subf %x, %b : tensor<64x64xf32, #wide>
    layout.global_store %y, %out[] {align = 16 : i64} : tensor<64x64xf32, #wide>, !t
    %s = layout.reduce %x {dim = 1 : i64, kind = "addf"} : tensor<64x64xf32, #wide> -> tensor<64xf32, #wrow>
    layout.global_store %s, %sums[] {align = 4 : i64} : tensor<64xf32, #wrow>, !v
    gpu.return
  }
}
