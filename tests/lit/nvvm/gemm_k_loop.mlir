// examples/gemm_register_tensors.mlir: a 64x64 GEMM tile on register tensors with a runtime K
// loop. The layout assignment keeps the accumulator in the MMA layout across the loop (the
// input converts it twice per k step) and converts it once after the loop, at f16; lowered for
// sm_80, each k step is two ld.global.v4 per operand, st.shared + ldmatrix(.trans) for the
// operand conversions and 16 mma.sync, with no stmatrix (sm_90 only).
// RUN: layout-opt %S/../../../examples/gemm_register_tensors.mlir --layout-assign-layouts -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASSIGN
// RUN: layout-opt %S/../../../examples/gemm_register_tensors.mlir --layout-assign-layouts --lower-to-nvvm="ptx=%t.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// ASSIGN: remark: 'layout.convert_layout' op inserted by layout assignment: shared: 24 wavefronts per warp (lower bound 24); st.shared.v4.b32 x2, bar.sync x1, ldmatrix.sync.aligned.m8n8.x4.shared.b16 x4, runs 1*N times
// ASSIGN: remark: 'layout.convert_layout' op inserted by layout assignment: shared: 24 wavefronts per warp (lower bound 24); st.shared.v4.b32 x2, bar.sync x1, ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 x4, runs 1*N times
// ASSIGN: remark: 'layout.convert_layout' op inserted by layout assignment: shared: {{[0-9]+}} wavefronts per warp
// ASSIGN-NOT: runs
// ASSIGN: remark: 'gpu.func' op layout assignment: 3 polymorphic values over 6 layouts: 3 converts (the input had 4), cost {{[0-9]+}}*N + {{[0-9]+}} (the input's layouts: {{[0-9]+}}*N); optimal over the candidates

// PTX-LABEL: .entry gemm_k_loop
// PTX-NOT: stmatrix
// PTX-COUNT-2: ld.global.v4.b32
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-COUNT-2: ld.global.v4.b32
// PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: st.global
