// examples/gemm_sm80.mlir: a 64x64 GEMM tile for sm_80 on layouts, runtime K, two cp.async
// stages. The remarks name what the layouts chose: 16-byte cp.async copies, ldmatrix.x4 for A,
// ldmatrix.x4.trans for B, 16 mma.sync per k step; --lower-to-nvvm turns it into PTX that
// ptxas accepts for sm_80 and sm_90a without spills. The operand data paths (cp.async into the
// swizzled stages, ldmatrix into the fragment layouts) run for every thread on the CPU in
// Inputs/gemm_sm80_paths.mlir: every byte lands where the layouts say. The MMA's fragments
// are checked against the PTX ISA table by layout.mma's verifier; the arithmetic has not run
// on a GPU.
// REQUIRES: ptxas
// RUN: layout-opt %S/../../../examples/gemm_sm80.mlir --lower-to-nvvm="ptx=%t.ptx chip=sm_80" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas --gpu-name sm_80 -v %t.ptx -o %t.cubin 2> %t.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.log | FileCheck %s --check-prefix=ONE
// RUN: layout-opt %S/../../../examples/gemm_sm80.mlir --lower-to-nvvm="ptx=%t.90.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.90.ptx -o %t.90.cubin 2> %t.90.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.90.log | FileCheck %s --check-prefix=ONE
// RUN: layout-opt %S/Inputs/gemm_sm80_paths.mlir --lower-to-nvvm="ptx=%t.paths.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: python3 %S/Inputs/ptx_moves.py %t.paths.ptx %S/Inputs/gemm_sm80_paths.json | FileCheck %s --check-prefix=PATHS

// REMARK-COUNT-4: remark: 'layout.async_copy' op async_copy: 2 x cp.async.cg.shared.global of 16 bytes per thread
// REMARK: remark: 'layout.shared_load' op shared_load: 4 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread (instead of 16 x ld.shared.b32)
// REMARK: remark: 'layout.shared_load' op shared_load: 4 x ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 per thread (instead of 32 x ld.shared.b16)
// REMARK: remark: 'layout.mma' op mma: 16 x mma.sync.aligned.m16n8k16.row.col per thread (8 accumulator tiles of 16x8, 2 k steps each)

// PTX-LABEL: .entry gemm_sm80
// PTX-COUNT-4: cp.async.cg.shared.global
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 1;
// PTX: bar.sync 0;
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: bar.sync 0;

// ONE: 1
// PATHS: a_path: 2048 elements copied by 128 threads: all right
// PATHS: b_path: 2048 elements copied by 128 threads: all right
