// layout.convert: a register tensor moved from one layout to another by the plan of
// convert_plan (docs/linear.md, "Layout conversions"): register moves, warp shuffles, or
// shared memory with the shared layout and the store/load instructions chosen together.
// The thirteen kernels load a fragment, convert it and store it; the lowering is taken down to PTX by
// LLVM's NVPTX backend, and Inputs/ptx_moves.py runs that PTX for every thread of the CTA on
// the CPU (tokens for the input bytes, PTX semantics for stmatrix/ldmatrix/shfl, barriers
// checked for races) and checks that each output field holds the element the destination
// layout names (layouts in Inputs/convert_cases.json, printed by `layout batch linear_print`).
// RUN: layout-opt %s | layout-opt | FileCheck %s --check-prefix=ROUND
// RUN: layout-opt %s --layout-lower-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: layout-opt %s --layout-lower-to-nvvm | FileCheck %s
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.ptx %S/Inputs/convert_cases.json | FileCheck %s --check-prefix=MOVES
// For sm_80 (no stmatrix) the plans store with st.shared instead, and still move right.
// RUN: layout-opt %s --lower-to-nvvm="chip=sm_80 ptx=%t.sm80.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.sm80.ptx %S/Inputs/convert_cases.json | FileCheck %s --check-prefix=MOVES
// The checker catches a missing barrier and a wrong destination.
// RUN: sed -e '/bar.sync/d' %t.ptx > %t.nobar.ptx
// RUN: not %python %S/Inputs/ptx_moves.py %t.nobar.ptx %S/Inputs/convert_cases.json | FileCheck %s --check-prefix=RACE
// RUN: %python -c "import json,sys; c=json.load(open(sys.argv[1])); c[0]['dst'], c[0]['src'] = c[0]['src'], c[0]['dst']; json.dump(c[:1], open(sys.argv[2], 'w'))" %S/Inputs/convert_cases.json %t.swapped.json
// RUN: not %python %S/Inputs/ptx_moves.py %t.ptx %t.swapped.json | FileCheck %s --check-prefix=SWAPPED

// ROUND: layout.convert %{{.*}} smem(%{{.*}} : !llvm.ptr<3>) thread(%{{.*}}) {elem = f16, from = #layout.linear<
// ROUND: layout.convert %{{.*}} thread(%{{.*}}) {elem = f16, from = #layout.linear<

// REMARK: remark: 'layout.convert' op convert: path shared; 4 x stmatrix.sync.aligned.m8n8.x4.shared.b16 (4 wavefronts each); 1 x bar.sync; 4 x ld.shared.v4.b32 (4 wavefronts each); 8192 bytes of shared memory in 1 tile(s); 32 wavefronts per warp, lower bound 32
// REMARK: remark: 'layout.convert' op convert: path shared; 4 x stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 (4 wavefronts each); 1 x bar.sync; 4 x ld.shared.v4.b32 (4 wavefronts each); 8192 bytes of shared memory in 1 tile(s); 32 wavefronts per warp, lower bound 32
// REMARK: remark: 'layout.convert' op convert: path shared; 8 x st.shared.v4.b32 (4 wavefronts each); 1 x bar.sync; 8 x ld.shared.v4.b32 (4 wavefronts each); 16384 bytes of shared memory in 1 tile(s); 64 wavefronts per warp, lower bound 64
// REMARK: remark: 'layout.convert' op convert: path shared; 16 x stmatrix.sync.aligned.m8n8.x4.shared.b16 (4 wavefronts each); 3 x bar.sync; 32 x ld.shared.v2.b32 (2 wavefronts each); 16384 bytes of shared memory in 2 tile(s); 128 wavefronts per warp, lower bound 128
// REMARK: remark: 'layout.convert' op convert: path shared; 2 x stmatrix.sync.aligned.m8n8.x4.shared.b16 (4 wavefronts each); 1 x bar.sync; 8 x ld.shared.v4.b32 (4 wavefronts each); 4096 bytes of shared memory in 1 tile(s); 40 wavefronts per warp, lower bound 40
// REMARK: remark: 'layout.convert' op convert: path shared; 2 x stmatrix.sync.aligned.m8n8.x4.shared.b16 (4 wavefronts each); 1 x bar.sync; 32 x ld.shared.b8 (1 wavefronts each); 4096 bytes of shared memory in 1 tile(s); 40 wavefronts per warp, lower bound 16
// REMARK: remark: 'layout.convert' op convert: path registers; 0 none per warp, lower bound 0
// REMARK: remark: 'layout.convert' op convert: path shuffle; 32 x shfl.sync.idx.b32; 32 shuffles per warp, lower bound 32
// REMARK: remark: 'layout.convert' op convert: path shuffle; 32 x shfl.sync.idx.b32; 64 x selp.b32; 32 shuffles per warp, lower bound 32
// REMARK: remark: 'layout.convert' op convert: path shuffle; 8 x shfl.sync.idx.b32; 16 x selp.b32; 8 shuffles per warp, lower bound 8
// REMARK: remark: 'layout.convert' op convert: path shuffle; 16 x shfl.sync.idx.b32; 32 x selp.b32; 16 shuffles per warp, lower bound 16
// REMARK: remark: 'layout.convert' op convert: path shuffle; 64 x shfl.sync.idx.b32; 128 x selp.b32; 64 shuffles per warp, lower bound 64
// REMARK: remark: 'layout.convert' op convert: path shared; 2 x stmatrix.sync.aligned.m8n8.x4.shared.b16 (4 wavefronts each); 1 x bar.warp.sync; 32 x ld.shared.b8 (1 wavefronts each); 1024 bytes of shared memory in 1 tile(s); 40 wavefronts per warp, lower bound 16

// The accumulator's 8x8 blocks are row-major b16 matrices: four stmatrix.x4, one barrier,
// four 16-byte loads of eight f16 each.
// CHECK-LABEL: gpu.func @mma_to_rows
// CHECK-COUNT-4: nvvm.stmatrix {{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-NOT: layout.convert
// CHECK-LABEL: gpu.func @rows_transposed
// CHECK-COUNT-4: nvvm.stmatrix {{.*}} layout = #nvvm.mma_layout<col>
// The same registers in the same threads: only register moves.
// CHECK-LABEL: gpu.func @mma_to_dot_a
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: nvvm.shfl
// CHECK: llvm.store
// CHECK-LABEL: gpu.func @pairs_to_quads
// CHECK-COUNT-32: nvvm.shfl.sync idx
// A receiver lane picks its register by lane: selects on both sides of each shuffle.
// CHECK-LABEL: gpu.func @threads_8x4_to_4x8
// CHECK: llvm.select
// CHECK: nvvm.shfl.sync idx
// Bytes in pairs to quads: the register indices are relabeled so that a sender's word holds 4
// of a receiver's bytes (linear::convert_shuffle), 16 word shuffles.
// CHECK-LABEL: gpu.func @pairs_to_quads_i8
// CHECK-COUNT-16: nvvm.shfl.sync idx
// A transpose of bytes inside one warp: each warp stores and loads its own elements, a warp
// barrier.
// CHECK-LABEL: gpu.func @transpose_i8
// CHECK: nvvm.bar.warp.sync

// PTX-LABEL: .entry mma_to_rows
// PTX-COUNT-4: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: bar.sync 0
// PTX-COUNT-4: ld.shared.v4.b32
// PTX-LABEL: .entry bytes_transposed
// PTX-COUNT-2: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: ld.shared.b8

// SM80: .target sm_80
// SM80-NOT: stmatrix
// SM80-LABEL: .entry mma_to_rows
// SM80: st.shared
// SM80: bar.sync 0
// SM80: ld.shared
// MOVES: mma_to_rows: 128 threads x 32 fields: all moved right
// MOVES: rows_transposed: 128 threads x 32 fields: all moved right
// MOVES: mma_f32_to_rows: 128 threads x 32 fields: all moved right
// MOVES: wgmma_to_rows_tiled: 128 threads x 64 fields: all moved right
// MOVES: rows_to_dot_b: 128 threads x 64 fields: all moved right
// MOVES: bytes_transposed: 128 threads x 32 fields: all moved right
// MOVES: mma_to_dot_a: 128 threads x 32 fields: all moved right
// MOVES: pairs_to_quads: 32 threads x 64 fields: all moved right
// MOVES: threads_8x4_to_4x8: 32 threads x 32 fields: all moved right
// MOVES: mma_to_dot_a_k4: 32 threads x 16 fields: all moved right
// MOVES: pairs_to_quads_i8: 32 threads x 64 fields: all moved right
// MOVES: doubles_8x4_to_4x8: 32 threads x 32 fields: all moved right
// MOVES: transpose_i8: 32 threads x 32 fields: all moved right
// RACE: mma_to_rows: race: thread {{[0-9]+}} reads byte {{[0-9]+}} written by thread {{[0-9]+}} without a barrier
// SWAPPED: mma_to_rows: 128 threads x 32 fields: {{[0-9]+}} wrong

!mma_to_rows_src = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!mma_to_rows_dst = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!rows_transposed_src = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!rows_transposed_dst = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!mma_f32_to_rows_src = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
!mma_f32_to_rows_dst = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
!wgmma_to_rows_tiled_src = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
!wgmma_to_rows_tiled_dst = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
!rows_to_dot_b_src = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!rows_to_dot_b_dst = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!bytes_transposed_src = !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8)>
!bytes_transposed_dst = !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8)>
!mma_to_dot_a_src = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!mma_to_dot_a_dst = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!pairs_to_quads_src = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!pairs_to_quads_dst = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!threads_8x4_to_4x8_src = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
!threads_8x4_to_4x8_dst = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
!mma_to_dot_a_k4_src = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!mma_to_dot_a_k4_dst = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
!pairs_to_quads_i8_src = !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8)>
!pairs_to_quads_i8_dst = !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8)>
!transpose_i8_src = !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8)>
!transpose_i8_dst = !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8)>
!doubles_8x4_to_4x8_src = !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64)>
!doubles_8x4_to_4x8_dst = !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64)>
gpu.module @kernels {
  gpu.func @mma_to_rows(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !mma_to_rows_src
    %b = layout.convert %a smem(%buf : !llvm.ptr<3>) thread(%t) {elem = f16, from = #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>, to = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>} : !mma_to_rows_src -> !mma_to_rows_dst
    llvm.store %b, %out : !mma_to_rows_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @rows_transposed(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !rows_transposed_src
    %b = layout.convert %a smem(%buf : !llvm.ptr<3>) thread(%t) {elem = f16, from = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>, to = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>>>} : !rows_transposed_src -> !rows_transposed_dst
    llvm.store %b, %out : !rows_transposed_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @mma_f32_to_rows(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !mma_f32_to_rows_src
    %b = layout.convert %a smem(%buf : !llvm.ptr<3>) thread(%t) {elem = f32, from = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>, to = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>} : !mma_f32_to_rows_src -> !mma_f32_to_rows_dst
    llvm.store %b, %out : !mma_f32_to_rows_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @wgmma_to_rows_tiled(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !wgmma_to_rows_tiled_src
    %b = layout.convert %a smem(%buf : !llvm.ptr<3>) thread(%t) {elem = f32, from = #layout.linear<tensor<64x128xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>>>, to = #layout.linear<tensor<64x128xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>>>, smemBudget = 16384 : i64} : !wgmma_to_rows_tiled_src -> !wgmma_to_rows_tiled_dst
    llvm.store %b, %out : !wgmma_to_rows_tiled_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @rows_to_dot_b(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !rows_to_dot_b_src
    %b = layout.convert %a smem(%buf : !llvm.ptr<3>) thread(%t) {elem = f16, from = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>, to = #layout.linear<tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>} : !rows_to_dot_b_src -> !rows_to_dot_b_dst
    llvm.store %b, %out : !rows_to_dot_b_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @bytes_transposed(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !bytes_transposed_src
    %b = layout.convert %a smem(%buf : !llvm.ptr<3>) thread(%t) {elem = i8, from = #layout.linear<tensor<64x64xi8, #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>>>, to = #layout.linear<tensor<64x64xi8, #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]}>>>} : !bytes_transposed_src -> !bytes_transposed_dst
    llvm.store %b, %out : !bytes_transposed_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @mma_to_dot_a(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !mma_to_dot_a_src
    %b = layout.convert %a thread(%t) {elem = f16, from = #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>, to = #layout.linear<tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>} : !mma_to_dot_a_src -> !mma_to_dot_a_dst
    llvm.store %b, %out : !mma_to_dot_a_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @pairs_to_quads(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !pairs_to_quads_src
    %b = layout.convert %a thread(%t) {elem = f16, from = #layout.linear<tensor<16x64xf16, #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>>, to = #layout.linear<tensor<16x64xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>>} : !pairs_to_quads_src -> !pairs_to_quads_dst
    llvm.store %b, %out : !pairs_to_quads_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @threads_8x4_to_4x8(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !threads_8x4_to_4x8_src
    %b = layout.convert %a thread(%t) {elem = f32, from = #layout.linear<tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>>>, to = #layout.linear<tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>>} : !threads_8x4_to_4x8_src -> !threads_8x4_to_4x8_dst
    llvm.store %b, %out : !threads_8x4_to_4x8_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @mma_to_dot_a_k4(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !mma_to_dot_a_k4_src
    %b = layout.convert %a thread(%t) {elem = f16, from = #layout.linear<tensor<16x32xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>>, to = #layout.linear<tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 4}>>>} : !mma_to_dot_a_k4_src -> !mma_to_dot_a_k4_dst
    llvm.store %b, %out : !mma_to_dot_a_k4_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @pairs_to_quads_i8(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !pairs_to_quads_i8_src
    %b = layout.convert %a smem(%buf : !llvm.ptr<3>) thread(%t) {elem = i8, from = #layout.linear<tensor<16x128xi8, #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>>, to = #layout.linear<tensor<16x128xi8, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>>} : !pairs_to_quads_i8_src -> !pairs_to_quads_i8_dst
    llvm.store %b, %out : !pairs_to_quads_i8_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @doubles_8x4_to_4x8(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !doubles_8x4_to_4x8_src
    %b = layout.convert %a thread(%t) {elem = f64, from = #layout.linear<tensor<32x32xf64, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>>>, to = #layout.linear<tensor<32x32xf64, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>>} : !doubles_8x4_to_4x8_src -> !doubles_8x4_to_4x8_dst
    llvm.store %b, %out : !doubles_8x4_to_4x8_dst, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @transpose_i8(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %buf: !llvm.ptr<3>) kernel {
    %t = nvvm.read.ptx.sreg.tid.x : i32
    %a = llvm.load %in : !llvm.ptr<1> -> !transpose_i8_src
    %b = layout.convert %a smem(%buf : !llvm.ptr<3>) thread(%t) {elem = i8, from = #layout.linear<tensor<32x32xi8, #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>>>, to = #layout.linear<tensor<32x32xi8, #ttg.blocked<{sizePerThread = [32, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1]}>>>} : !transpose_i8_src -> !transpose_i8_dst
    llvm.store %b, %out : !transpose_i8_dst, !llvm.ptr<1>
    gpu.return
  }
}
