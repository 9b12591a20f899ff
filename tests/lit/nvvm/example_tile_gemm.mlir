// The demo kernel (examples/tile_gemm.mlir, `make demo`) lowers to PTX that ptxas accepts for
// sm_90a, with every Hopper instruction its layouts asked for.
// REQUIRES: ptxas
// RUN: layout-opt %S/../../../examples/tile_gemm.mlir --lower-to-nvvm | FileCheck %s --check-prefix=IR
// RUN: layout-opt %S/../../../examples/tile_gemm.mlir --lower-to-nvvm="ptx=%t.ptx" -o /dev/null
// RUN: %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// Host: cuTensorMapEncodeTiled(map, FLOAT16 = 6, rank 2, ..., swizzle 128B = 3, L2 128B = 2).
// IR: llvm.func @cuTensorMapEncodeTiled
// IR-COUNT-3: llvm.call @cuTensorMapEncodeTiled
// Device: the B descriptor's constant fields (0x4000004000010000) and the start-address mask.
// IR: gpu.module @kernels
// IR-DAG: llvm.mlir.constant(4611686293305360384 : i64)
// IR-DAG: llvm.mlir.constant(16383 : i64)
// IR-DAG: llvm.mlir.constant(16384 : i32)

// PTX: .target sm_90a
// PTX: .entry tile_gemm
// PTX: mbarrier.init.shared.b64
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX-COUNT-8: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: fence.proxy.async.shared::cta
// PTX-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
