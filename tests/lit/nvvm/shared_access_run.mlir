// The kernels of shared_access.mlir, end to end: --lower-to-nvvm to PTX for sm_80 and sm_90a,
// ptxas for both (no spills), and Inputs/ptx_moves.py runs the PTX for every thread of the
// CTA on the CPU (ldmatrix and ldmatrix.trans with their PTX semantics): each copies a tile
// from its input to its output through shared memory laid out by a swizzle, written by global
// loads and st.shared (or by cp.async) and read as the m16n8k16 A fragments (ldmatrix.x4),
// the B fragments (ldmatrix.x4.trans) or rows (ld.shared.v4), the A fragments stored back
// (stmatrix.x4 on sm_90a, st.shared.b32 on sm_80), and the epilogue of the sm_90a GEMM (its
// 128x256 accumulator of 256 threads into the four 128B-swizzled spans of C's tile, read
// back as rows); every output byte comes from the same input byte, and the race checker sees the CTA barrier between the
// writes and the reads. Without the barrier the checker reports the race; read with another
// layout than written, the wrong bytes.
// REQUIRES: ptxas
// RUN: layout-opt %S/shared_access.mlir --lower-to-nvvm="ptx=%t.80.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.80.ptx -o %t.80.cubin 2> %t.80.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.80.log | FileCheck %s --check-prefix=ENTRIES
// RUN: FileCheck %s --check-prefix=PTX < %t.80.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.80.ptx %S/Inputs/shared_access_cases.json | FileCheck %s --check-prefix=MOVES
// RUN: layout-opt %S/shared_access.mlir --lower-to-nvvm="ptx=%t.90.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.90.ptx -o %t.90.cubin 2> %t.90.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.90.log | FileCheck %s --check-prefix=ENTRIES
// RUN: FileCheck %s --check-prefix=SM90 < %t.90.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.90.ptx %S/Inputs/shared_access_cases.json | FileCheck %s --check-prefix=MOVES
// RUN: grep -v "bar.sync" %t.80.ptx > %t.nobarrier.ptx
// RUN: not %python %S/Inputs/ptx_moves.py %t.nobarrier.ptx %S/Inputs/shared_access_cases.json | FileCheck %s --check-prefix=RACE

// Reading with the unswizzled layout what was written swizzled: the checker finds the bytes.
// RUN: sed 's/shared_load %%smem {smem = #layout.layout<Sw<2,3,3> o 0 o /shared_load %%smem {smem = #layout.layout</' %S/shared_access.mlir > %t.mismatch.mlir
// RUN: layout-opt %t.mismatch.mlir --lower-to-nvvm="ptx=%t.mismatch.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: not %python %S/Inputs/ptx_moves.py %t.mismatch.ptx %S/Inputs/shared_access_cases.json | FileCheck %s --check-prefix=WRONG
// The epilogue's tile stored without its swizzle and read with it: the checker finds the bytes.
// RUN: sed 's/shared_store %%r, %%smem {smem = #layout.layout<Sw<3,3,3> o 0 o (128,/shared_store %%r, %%smem {smem = #layout.layout<(128,/' %S/shared_access.mlir > %t.epilogue.mlir
// RUN: layout-opt %t.epilogue.mlir --lower-to-nvvm="ptx=%t.epilogue.ptx" -o /dev/null 2>/dev/null
// RUN: not %python %S/Inputs/ptx_moves.py %t.epilogue.ptx %S/Inputs/shared_access_cases.json | FileCheck %s --check-prefix=EPILOGUE

// ENTRIES: 7
// On sm_90 the fragments are stored back with stmatrix.
// SM90-LABEL: .entry fragments_round_trip
// SM90-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// SM90-COUNT-2: stmatrix.sync.aligned.m8n8.x4.shared.b16
// SM90-LABEL: .entry gemm_sm90_epilogue
// SM90-COUNT-16: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-LABEL: .entry rows_to_fragments
// PTX-COUNT-2: st.shared.v4.b32
// PTX: bar.sync 0;
// PTX-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-LABEL: .entry computed_layout
// PTX-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-LABEL: .entry async_to_fragments
// PTX-COUNT-2: cp.async.cg.shared.global
// PTX: cp.async.wait_group 0;
// PTX: bar.sync 0;
// PTX-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-LABEL: .entry rows_to_b_fragments
// PTX-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-LABEL: .entry fragments_round_trip
// PTX-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-COUNT-8: st.shared.b32
// PTX-LABEL: .entry rows_round_trip
// PTX-COUNT-2: ld.shared.v4.b32
// MOVES: rows_to_fragments: 2048 elements copied by 128 threads: all right
// MOVES: computed_layout: 2048 elements copied by 128 threads: all right
// MOVES: async_to_fragments: 2048 elements copied by 128 threads: all right
// MOVES: rows_to_b_fragments: 2048 elements copied by 128 threads: all right
// MOVES: fragments_round_trip: 2048 elements copied by 128 threads: all right
// MOVES: rows_round_trip: 2048 elements copied by 128 threads: all right
// MOVES: gemm_sm90_epilogue: 32768 elements copied by 256 threads: all right
// EPILOGUE: rows_round_trip: 2048 elements copied by 128 threads: all right
// EPILOGUE: gemm_sm90_epilogue: 32768 elements copied by 256 threads: {{[0-9]+}} bytes wrong
// WRONG: rows_to_fragments: 2048 elements copied by 128 threads: {{[0-9]+}} bytes wrong
// WRONG: async_to_fragments: 2048 elements copied by 128 threads: {{[0-9]+}} bytes wrong
// RACE: rows_to_fragments: race: thread {{[0-9]+}} reads byte {{[0-9]+}} written by thread {{[0-9]+}} without a barrier
