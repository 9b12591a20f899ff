// The demo kernel (examples/tile_gemm.mlir: TMA, ldmatrix, WGMMA, stmatrix) lowered to PTX by
// the C and the C++ embedding examples over liblayout-c.so (examples/embed), each running the
// pipeline lower-to-nvvm{ptx=...}; the PTX is the same for both and ptxas accepts it.
// REQUIRES: embed, ptxas
// RUN: %embed_c "builtin.module(lower-to-nvvm{ptx=%t.c.ptx})" %S/../../../examples/tile_gemm.mlir | FileCheck %s --check-prefix=IR
// RUN: %embed_cpp %S/../../../examples/tile_gemm.mlir "builtin.module(lower-to-nvvm{ptx=%t.cpp.ptx})" | FileCheck %s --check-prefix=IR
// RUN: diff %t.c.ptx %t.cpp.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.c.ptx
// RUN: %ptxas --gpu-name sm_90a %t.c.ptx -o %t.cubin

// IR-NOT: layout.
// IR: gpu.binary @kernels
// IR-SAME: chip = "sm_90a"

// PTX: .target sm_90a
// PTX: .entry tile_gemm(
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
