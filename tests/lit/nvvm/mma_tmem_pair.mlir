// layout.mma_tmem {ctaGroup = 2}: the MMA of a CTA pair (CuTe's SM100_MMA_F16BF16_2x1SM_SS).
// Each CTA holds its 128 rows of A and its half of B (128 of N = 256 rows), the same shared
// offsets in both: the UMMA descriptors come from this CTA's layouts, the instruction descriptor
// has M = 256 and N = 256 (twice B's rows), tcgen05.mma.cta_group::2 per k block of 16, and the
// commit arrives on the ring barrier of both CTAs of the pair (mask 3 << (cluster rank & ~1)).
// Then PTX that ptxas accepts for sm_100a.
// REQUIRES: ptxas
// RUN: layout-opt %s --layout-lower-tensors | FileCheck %s
// RUN: layout-opt %s --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas --gpu-name sm_100a %t.ptx -o %t.cubin

// CHECK-LABEL: gpu.func @pair
// CHECK: %[[D:.*]] = llvm.ptrtoint %arg2 : !llvm.ptr<6> to i32
// CHECK: layout.umma_desc base(%{{.*}} : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>}
// CHECK: layout.tcgen05_mma %[[D]], %{{.*}}, %{{.*}}, %arg4 {ctaGroup = 2 : i64, elemA = f16, elemB = f16, elemD = f32, m = 256 : i64, majorA = #layout.major<K>, majorB = #layout.major<K>, n = 256 : i64}
// CHECK-COUNT-3: layout.tcgen05_mma %[[D]], %{{.*}}, %{{.*}}, %true {ctaGroup = 2 : i64
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[EVEN:.*]] = arith.andi %[[RANK]], %c-2_i32 : i32
// CHECK: %[[M32:.*]] = arith.shli %c3_i32, %[[EVEN]] : i32
// CHECK: %[[MASK:.*]] = arith.trunci %[[M32]] : i32 to i16
// CHECK: nvvm.tcgen05.commit %{{.*}}, multicast_mask = %[[MASK]] {group = #nvvm.cta_group<cta_2>}

// PTX: .entry pair
// M = 256 (bits 24-28: 16), N = 256 (bits 17-22: 32), f16 x f16 -> f32, K-major: 0x10400010.
// PTX: mov.b32 {{%r[0-9]+}}, 272629776;
// PTX-COUNT-4: tcgen05.mma.cta_group::2.kind::f16
// PTX: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64

!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!d = !layout.tensor<f32, tmem, !layout.layout<(128,256):(65536,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
gpu.module @kernels {
  gpu.func @pair(%pa: !llvm.ptr<3>, %pb: !llvm.ptr<3>, %t6: !llvm.ptr<6>, %pr: !llvm.ptr<3>, %acc: i1, %k: index) kernel attributes {nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %la = layout.const #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>
    %ld = layout.const #layout.layout<(128,256):(65536,1)>
    %lr = layout.const #layout.layout<4:1>
    %A = layout.make_tensor %pa, %la : !llvm.ptr<3> -> !a
    %B = layout.make_tensor %pb, %la : !llvm.ptr<3> -> !a
    %D = layout.make_tensor %t6, %ld : !llvm.ptr<6> -> !d
    %R = layout.make_tensor %pr, %lr : !llvm.ptr<3> -> !ring
    layout.mma_tmem %A, %B, %D accumulate(%acc) commit(%R[%k] : !ring) {ctaGroup = 2 : i64} : !a, !a, !d
    gpu.return
  }
}
