// layout.wgmma: m64nNk with B (and A) from shared-memory descriptors -> nvvm.wgmma.mma_async
// between a fence and commit/wait; with A from registers (the ldmatrix fragment) -> the
// register form of wgmma.mma_async as inline PTX (NVVM's op takes descriptors only).
// RUN: layout-opt %s --layout-lower-to-nvvm --canonicalize | FileCheck %s

// CHECK-LABEL: llvm.func @descriptors
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async %arg0, %arg1, %arg2, <m = 64, n = 8, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <row>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
llvm.func @descriptors(%a: i64, %b: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)> {
  %r = layout.wgmma %a, %b, %acc {n = 8, elemA = bf16, majorA = #layout.major<K>, elemB = bf16, majorB = #layout.major<MN>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return %r : !llvm.struct<(f32, f32, f32, f32)>
}

// tf32: K per instruction is 8 elements (32 bytes).
// CHECK-LABEL: llvm.func @tf32
// CHECK: nvvm.wgmma.mma_async %arg0, %arg1, %arg2, <m = 64, n = 8, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
llvm.func @tf32(%a: i64, %b: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)> {
  %r = layout.wgmma %a, %b, %acc {n = 8, elemA = tf32, majorA = #layout.major<K>, elemB = tf32, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return %r : !llvm.struct<(f32, f32, f32, f32)>
}

// CHECK-LABEL: llvm.func @registers
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects "{\0A.reg .pred p;\0Asetp.ne.b32 p, $9, 0;\0Awgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0, $1, $2, $3}, {$4, $5, $6, $7}, $8, p, 1, 1, 0;\0A}", "=f,=f,=f,=f,r,r,r,r,l,r,0,1,2,3"
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
llvm.func @registers(%a: !llvm.struct<(i32, i32, i32, i32)>, %b: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)> {
  %r = layout.wgmma %a, %b, %acc {n = 8, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : !llvm.struct<(i32, i32, i32, i32)>, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return %r : !llvm.struct<(f32, f32, f32, f32)>
}

// `async`: the mma alone (several in flight); the kernel fences, commits and waits.
// CHECK-LABEL: llvm.func @in_flight
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK-NEXT: %[[D0:.*]] = nvvm.wgmma.mma_async %arg0, %arg1, %arg2, <m = 64, n = 8, k = 16>
// CHECK-NEXT: %[[D1:.*]] = nvvm.wgmma.mma_async %arg0, %arg1, %[[D0]], <m = 64, n = 8, k = 16>
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
llvm.func @in_flight(%a: i64, %b: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)> {
  nvvm.wgmma.fence.aligned
  %r0 = layout.wgmma %a, %b, %acc {n = 8, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32, async} : i64, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  %r1 = layout.wgmma %a, %b, %r0 {n = 8, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32, async} : i64, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  nvvm.wgmma.commit.group.sync.aligned
  nvvm.wgmma.wait.group.sync.aligned 1
  llvm.return %r1 : !llvm.struct<(f32, f32, f32, f32)>
}
