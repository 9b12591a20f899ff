// The Blackwell demo kernel (examples/tile_gemm_sm100.mlir, `make demo`) lowers to PTX that ptxas
// accepts for sm_100a, with the tcgen05 instructions and the descriptors its layouts derived.
// REQUIRES: ptxas
// RUN: layout-opt %S/../../../examples/tile_gemm_sm100.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86" | FileCheck %s --check-prefix=IR
// RUN: layout-opt %S/../../../examples/tile_gemm_sm100.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.ptx" -o /dev/null
// RUN: %ptxas --gpu-name sm_100a %t.ptx -o %t.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// Host: two cuTensorMapEncodeTiled calls (A, B).
// IR-COUNT-2: llvm.call @cuTensorMapEncodeTiled
// Device: the UMMA descriptor's constant fields 0x4000404000010000, the instruction descriptor
// 0x08200010 (kind::f16, f32 D, M = 128, N = 128), the TMEM lane step of a warp (32 << 16).
// IR: gpu.module @kernels
// IR-DAG: llvm.mlir.constant(4611756662049538048 : i64)
// IR-DAG: llvm.mlir.constant(136314896 : i32)
// IR-DAG: llvm.mlir.constant(2097152 : i32)

// PTX: .target sm_100a
// PTX: .entry tile_gemm_sm100
// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: or.b64 {{.*}}, 4611756662049538048;
// PTX: mov.b32 [[ID:%r[0-9]+]], 136314896;
// PTX-NEXT: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [[[T:%r[0-9]+]]], {{%rd[0-9]+}}, {{%rd[0-9]+}}, [[ID]], {{%p[0-9]+}};
// PTX-COUNT-3: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [[[T]]], {{%rd[0-9]+}}, {{%rd[0-9]+}}, [[ID]], {{%p[0-9]+}};
// PTX: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// PTX: tcgen05.ld.sync.aligned.32x32b.x128.b32
// PTX-NEXT: tcgen05.wait::ld.sync.aligned
// PTX-COUNT-32: st.global.v4.b32
// PTX: tcgen05.dealloc.cta_group::1.sync.aligned.b32
