// Kernels written on register tensors, end to end: --layout-assign-layouts chooses where the
// conversions go, --lower-to-nvvm lowers the register tensors to structs
// (--layout-lower-register-tensors), the conversions through layout.convert and everything
// to PTX (LLVM's NVPTX backend); Inputs/ptx_moves.py runs that PTX for every thread of the CTA
// on the CPU and checks that each output field holds the element the destination layout names.
// RUN: layout-opt %s --layout-assign-layouts -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASSIGN
// RUN: layout-opt %s --layout-assign-layouts --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.ptx %S/Inputs/register_tensor_cases.json | FileCheck %s --check-prefix=MOVES
// For sm_80 (no stmatrix) the plans store with st.shared and the data still moves right.
// RUN: layout-opt %s --layout-assign-layouts --lower-to-nvvm="ptx=%t.80.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=SM80 < %t.80.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.80.ptx %S/Inputs/register_tensor_cases.json | FileCheck %s --check-prefix=MOVES
// SM80-LABEL: .entry tensor_mma_to_rows
// SM80-NOT: stmatrix
// SM80: st.shared
// SM80-LABEL: .entry tensor_pairs_to_quads
// Without the assignment the input's two conversions run one after the other through the same
// buffer, the second after a CTA barrier, and move the data right too; without that barrier
// the second's stores overwrite what the first's loads may still read (the checker's race).
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.input.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=INPUT < %t.input.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.input.ptx %S/Inputs/register_tensor_cases.json | FileCheck %s --check-prefix=MOVES
// RUN: awk '/bar.sync/ { if (++n == 2) next } { print }' %t.input.ptx > %t.nofence.ptx
// RUN: not %python %S/Inputs/ptx_moves.py %t.nofence.ptx %S/Inputs/register_tensor_cases.json | FileCheck %s --check-prefix=RACE

// ASSIGN: remark: 'gpu.func' op layout assignment: 2 polymorphic values over 3 layouts: 1 convert (the input had 2), cost 32 (the input's layouts: 64); optimal
// ASSIGN: remark: 'gpu.func' op layout assignment: 2 polymorphic values over 2 layouts: 1 convert (the input had 1), cost 32 (the input's layouts: 32); optimal
// PTX-LABEL: .entry tensor_mma_to_rows
// PTX: .shared .align 16 .b8 __layout_convert_smem[8192];
// PTX-COUNT-4: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: bar.sync 0
// PTX-COUNT-4: ld.shared.v4.b32
// PTX-NOT: bar.sync
// PTX-LABEL: .entry tensor_pairs_to_quads
// PTX: shfl.sync.idx.b32
// A retile renames registers: no shuffle, no shared memory, no barrier.
// PTX-LABEL: .entry tensor_acc_retile
// PTX-NOT: {{shfl|shared|bar}}
// PTX: ret;
// INPUT-LABEL: .entry tensor_mma_to_rows
// INPUT: stmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// INPUT: bar.sync 0
// INPUT: ld.shared
// INPUT: bar.sync 0
// INPUT: stmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// INPUT: bar.sync 0
// INPUT: ld.shared
// MOVES: tensor_mma_to_rows: 128 threads x 32 fields: all moved right
// MOVES: tensor_pairs_to_quads: 32 threads x 64 fields: all moved right
// MOVES: tensor_acc_retile: 32 threads x 8 fields: all moved right
// RACE: tensor_mma_to_rows: race: thread {{[0-9]+}} writes byte {{[0-9]+}} that thread {{[0-9]+}} reads without a barrier

#mma = #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#tr = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>>
#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#pairs = #layout.linear<tensor<16x64xf16, #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>>
#acc = #layout.linear<tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>>
#rows_first = #layout.linear<#ttg.linear<{register = [[0, 8], [0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>>
#quads = #layout.linear<tensor<16x64xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>>
!regs8 = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16)>
!regs32 = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!regs64 = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
gpu.module @kernels {
  // The input goes through a transposed layout and back; the bitcasts are moves, per register.
  gpu.func @tensor_mma_to_rows(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel {
    %a = llvm.load %in : !llvm.ptr<1> -> !regs32
    %x = builtin.unrealized_conversion_cast %a : !regs32 to tensor<64x64xf16, #mma>
    %t = layout.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #tr>
    %i = arith.bitcast %t : tensor<64x64xf16, #tr> to tensor<64x64xi16, #tr>
    %f = arith.bitcast %i : tensor<64x64xi16, #tr> to tensor<64x64xf16, #tr>
    %y = layout.convert_layout %f : tensor<64x64xf16, #tr> -> tensor<64x64xf16, #rows>
    %s = builtin.unrealized_conversion_cast %y : tensor<64x64xf16, #rows> to !regs32
    llvm.store %s, %out : !regs32, !llvm.ptr<1>
    gpu.return
  }
  // Within one warp: shuffles.
  gpu.func @tensor_pairs_to_quads(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel {
    %a = llvm.load %in : !llvm.ptr<1> -> !regs32
    %x = builtin.unrealized_conversion_cast %a : !regs32 to tensor<16x64xf16, #pairs>
    %n = arith.bitcast %x : tensor<16x64xf16, #pairs> to tensor<16x64xi16, #pairs>
    %q = layout.convert_layout %n : tensor<16x64xi16, #pairs> -> tensor<16x64xi16, #quads>
    %f = arith.bitcast %q : tensor<16x64xi16, #quads> to tensor<16x64xf16, #quads>
    %s = builtin.unrealized_conversion_cast %f : tensor<16x64xf16, #quads> to !regs64
    llvm.store %s, %out : !regs64, !llvm.ptr<1>
    gpu.return
  }
  // A retile: the accumulator's registers in another order, in the same threads.
  gpu.func @tensor_acc_retile(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel {
    %a = llvm.load %in : !llvm.ptr<1> -> !regs8
    %x = builtin.unrealized_conversion_cast %a : !regs8 to tensor<16x16xf16, #acc>
    %r = layout.retile %x : tensor<16x16xf16, #acc> -> tensor<16x16xf16, #rows_first>
    %s = builtin.unrealized_conversion_cast %r : tensor<16x16xf16, #rows_first> to !regs8
    llvm.store %s, %out : !regs8, !llvm.ptr<1>
    gpu.return
  }
}
