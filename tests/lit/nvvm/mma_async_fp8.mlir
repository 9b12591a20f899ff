// layout.mma_async with fp8 operands (WGMMA's fp8 forms): A e4m3 and B e5m2, 128x128 K-major
// tiles with the 128B swizzle (Sw<3,4,3> in 1-byte elements). One instruction's K is 32 bytes
// = 32 elements, so K = 128 takes four m64n64k32 wgmmas per warpgroup (two warpgroups: M = 128),
// each with the descriptors of k block j (start address + 32 j bytes, the swizzle's row of
// 128 bytes); the accumulator is the f16 form's (Triton's nvidia_mma v3). The PTX assembles.
// REQUIRES: ptxas
// RUN: layout-opt %s --layout-lower-tensors 2>&1 | FileCheck %s
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

#acc = #layout.linear<tensor<128x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>>>
!a = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128):(128,1)>>
!b = !layout.tensor<f8E5M2, shared, !layout.layout<Sw<3,4,3> o 0 o (64,128):(128,1)>>
!c = !layout.tensor<f32, global, !layout.layout<(128,64):(64,1)>>

gpu.module @kernels {
  // CHECK: remark: 'layout.mma_async' op mma_async: 2 warpgroup(s) of m64n64k32, accumulator field i in register i
  // CHECK-LABEL: gpu.func @fp8
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: layout.wgmma_desc base({{.*}}) {elem = f8E4M3FN, major = #layout.major<K>, tile = #layout.layout<Sw<3,4,3> o 0 o (64,128):(128,1)>}
  // CHECK-NEXT: layout.wgmma_desc base({{.*}}) {elem = f8E5M2, major = #layout.major<K>, tile = #layout.layout<Sw<3,4,3> o 0 o (64,128):(128,1)>}
  // CHECK-NEXT: layout.wgmma {{.*}} {async, elemA = f8E4M3FN, elemB = f8E5M2, elemD = f32, majorA = #layout.major<K>, majorB = #layout.major<K>, n = 64 : i64}
  // CHECK: layout.wgmma_desc base({{.*}}) {elem = f8E4M3FN, k = 3 : i64, major = #layout.major<K>
  // CHECK-NEXT: layout.wgmma_desc base({{.*}}) {elem = f8E5M2, k = 3 : i64, major = #layout.major<K>
  // CHECK-NEXT: layout.wgmma
  // CHECK-NOT: layout.wgmma_desc
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  gpu.func @fp8(%pa: !llvm.ptr<3>, %pb: !llvm.ptr<3>, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %la = layout.const #layout.layout<Sw<3,4,3> o 0 o (128,128):(128,1)>
    %lb = layout.const #layout.layout<Sw<3,4,3> o 0 o (64,128):(128,1)>
    %a = layout.make_tensor %pa, %la : !llvm.ptr<3> -> !a
    %b = layout.make_tensor %pb, %lb : !llvm.ptr<3> -> !b
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #acc>
    %d = layout.mma_async %a, %b, %zero : !a, !b, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
    nvvm.wgmma.wait.group.sync.aligned 0
    %lc = layout.const #layout.layout<(128,64):(64,1)>
    %C = layout.make_tensor %out, %lc : !llvm.ptr<1> -> !c
    layout.global_store %d, %C[] {align = 4 : i64} : tensor<128x64xf32, #acc>, !c
    gpu.return
  }
}

// PTX: .target sm_90a
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2
// PTX-NOT: wgmma.mma_async
