// examples/gemm_sm80.mlir: a GEMM for sm_80 on layouts over the whole runtime M x N x K
// problem: the tensors are tiled by layout.local_tile at the CTA's coordinate (no offset
// written by hand), two cp.async stages, partial tiles predicated. The remarks name what the
// layouts chose: 16-byte cp.async copies, ldmatrix.x4 for A, ldmatrix.x4.trans for B, 16
// mma.sync per k step, 16-byte stores of C; --lower-to-nvvm turns it into PTX that ptxas
// accepts for sm_80 and sm_90a without spills. Every copy of A and B reads only the bytes
// inside the tensor (cp.async's src-size: the rest of a partial tile is zero-filled), and the
// epilogue stores whole tiles with 16-byte stores and partial ones element by element
// (lower_tensors_run.mlir runs such copies on the CPU). The operand data paths (cp.async into
// the swizzled stages, ldmatrix into the fragment layouts) run for every thread on the CPU in
// Inputs/gemm_sm80_paths.mlir: every byte lands where the layouts say. The MMA's fragments
// are checked against the PTX ISA table by layout.mma's verifier; `make gpu-check` runs the
// GEMM on a GPU.
// REQUIRES: ptxas
// RUN: layout-opt %S/../../../examples/gemm_sm80.mlir --lower-to-nvvm="ptx=%t.ptx chip=sm_80" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas --gpu-name sm_80 -v %t.ptx -o %t.cubin 2> %t.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.log | FileCheck %s --check-prefix=ONE
// RUN: layout-opt %S/../../../examples/gemm_sm80.mlir --lower-to-nvvm="ptx=%t.90.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.90.ptx -o %t.90.cubin 2> %t.90.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.90.log | FileCheck %s --check-prefix=ONE
// The same source on bf16 (every f16 replaced): bf16 pairs go to mma.sync as 32-bit registers.
// RUN: sed -E 's/(^|[^b])f16/\1bf16/g' %S/../../../examples/gemm_sm80.mlir > %t.bf16.mlir
// RUN: layout-opt %t.bf16.mlir --lower-to-nvvm="ptx=%t.bf16.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=BF16 < %t.bf16.ptx
// RUN: %ptxas --gpu-name sm_80 -v %t.bf16.ptx -o %t.bf16.cubin 2> %t.bf16.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.bf16.log | FileCheck %s --check-prefix=ONE
// The data paths of A and B proven by --layout-prove-descriptors: the cp.async plans of the
// copies into the swizzled stages (every element of the tile, its coordinate and shared offset)
// and the ldmatrix plans of the fragments (every thread and register):
// RUN: layout-opt %S/../../../examples/gemm_sm80.mlir --layout-lower-tensors --layout-prove-descriptors 2>/dev/null > %t.proved
// RUN: FileCheck %s --check-prefix=PROVED-COPY < %t.proved
// RUN: FileCheck %s --check-prefix=PROVED-FRAG < %t.proved
// PROVED-COPY-COUNT-4: layout.async_copy
// PROVED-FRAG-COUNT-2: layout.shared_load
// RUN: layout-opt %S/Inputs/gemm_sm80_paths.mlir --lower-to-nvvm="ptx=%t.paths.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %python %S/Inputs/ptx_moves.py %t.paths.ptx %S/Inputs/gemm_sm80_paths.json | FileCheck %s --check-prefix=PATHS

// REMARK-COUNT-4: remark: 'layout.async_copy' op async_copy: 2 x cp.async.cg.shared.global of 16 bytes per thread
// REMARK: remark: 'layout.shared_load' op shared_load: 4 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread (instead of 16 x ld.shared.b32)
// REMARK: remark: 'layout.shared_load' op shared_load: 4 x ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 per thread (instead of 32 x ld.shared.b16)
// REMARK: remark: 'layout.mma' op mma: 16 x mma.sync.aligned.m16n8k16.row.col per thread (8 accumulator tiles of 16x8, 2 k steps each)
// REMARK: remark: 'layout.global_store' op global_store: 4 x st.global.v4.b32 per thread (8 elements of 2 bytes each)

// PTX-LABEL: .entry gemm_sm80
// PTX-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 16, %r{{[0-9]+}};
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 1;
// PTX: bar.sync 0;
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: bar.sync 0;
// PTX-COUNT-4: st.global.v4.b32
// PTX-COUNT-32: st.global.b16

// BF16-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// ONE: 1
// PATHS: a_path: 2048 elements copied by 128 threads: all right
// PATHS: b_path: 2048 elements copied by 128 threads: all right
