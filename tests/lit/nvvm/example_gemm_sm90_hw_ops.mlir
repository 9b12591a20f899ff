// The sm_90a GEMM written with hardware ops (examples/gemm_sm90_hw_ops.mlir, the level the tensor ops of
// examples/gemm_sm90.mlir lower to) lowers to PTX that ptxas accepts without spills: 4-stage TMA
// pipeline, four m64n256k16 wgmmas per k-block in one
// commit group with one group left pending, and the accumulator stored by its fragment layout
// (64 predicated 4-byte pair stores, 128 element stores for the ragged edge).
// REQUIRES: ptxas
// RUN: layout-opt %S/../../../examples/gemm_sm90_hw_ops.mlir --lower-to-nvvm | FileCheck %s --check-prefix=IR
// RUN: layout-opt %S/../../../examples/gemm_sm90_hw_ops.mlir --lower-to-nvvm="ptx=%t.ptx" -o /dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// Host: both tensor maps take M, N, K at run time (dims and the row stride in bytes).
// IR: llvm.func @encode_tensor_maps(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64) -> i32
// IR-COUNT-2: llvm.call @cuTensorMapEncodeTiled
// IR-NOT: layout.

// PTXAS: Compiling entry function 'gemm' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// PTX: .target sm_90a
// PTX: .extern .shared .align 1024 .b8 smem[];
// PTX: .entry gemm(
// PTX: .maxntid 256, 1, 1
// PTX-COUNT-4: mbarrier.init.shared.b64
// PTX: fence.mbarrier_init.release.cluster
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: bar.sync 0;
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: wgmma.fence.sync.aligned;
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// PTX-NOT: wgmma.mma_async
// PTX: wgmma.commit_group.sync.aligned;
// PTX-NEXT: wgmma.wait_group.sync.aligned 1;
// PTX-NEXT: bar.sync 0;
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX-COUNT-64: @p st.b32 [%rd{{[0-9]+}}], %r
// PTX-NOT: __assertfail
// PTX: ret;
