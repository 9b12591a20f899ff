// The memory effects of the kernel ops (docs/dialect.md "Memory effects"), seen through the
// upstream passes that read them. CSE merges two identical ops that only compute values
// (make_tensor, local_tile, slice_tensor, partition, mma, convert_layout, tma_encodable,
// wgmma_desc) and two identical loads with nothing that writes between them; it keeps both of
// two identical loads with a store, a barrier or an asynchronous copy between them, and every
// op that writes or synchronizes (barriers, mbarrier ops, copies, TMA, mma_async, wgmma,
// stores). Canonicalize erases a load whose result is unused, never an op that writes (an
// unused encode_tensor_map status, an unused wgmma or convert result). LICM hoists a
// loop-invariant local_tile or descriptor out of a loop, never a load, a barrier or an MMA in
// flight ("test.use" only keeps values alive).
//
// RUN: layout-opt %s --allow-unregistered-dialect --canonicalize --cse | FileCheck %s
// RUN: layout-opt %s --allow-unregistered-dialect --loop-invariant-code-motion | FileCheck %s --check-prefix=LICM

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>>
#dota = #layout.linear<tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>>
#rowsa = #layout.linear<tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsc = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#mmah = #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>>
!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!tileA = !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>
!stagesA = !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>>
!stageA = !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>
!stageB = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>>
!part = !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
!stile = !layout.tensor<f16, shared, !layout.layout<(64,32):(32,1)>>
!spart = !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),512,0)>>

!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
!sA = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>>
!sB = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64,4):(64,1,16384)>>
!sa = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!sb = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>>
!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!ga = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
#acc = #layout.linear<tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>>

#rows = #layout.linear<tensor<128x128xf32, #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!tmem = !layout.tensor<f32, tmem, !layout.layout<(128,128):(65536,1)>>

gpu.module @kernels attributes {layout.sm = 80 : i64} {
  llvm.mlir.global internal @smem_a() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8192 x i8>
  llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>

  // Views and register arithmetic are pure: one of each survives. Two shared_loads with
  // nothing between them read the same values: one survives. A store, a barrier or an
  // asynchronous copy between two loads keeps both; stores, copies and barriers all stay.
  // CHECK-LABEL: gpu.func @values_and_loads
  // CHECK: layout.make_tensor %arg0
  // CHECK-NEXT: %[[G:.*]] = layout.local_tile
  // CHECK-NEXT: layout.make_tensor
  // CHECK-NEXT: %[[S:.*]] = layout.slice_tensor
  // CHECK-NEXT: %[[A:.*]] = layout.shared_load %[[S]]
  // CHECK-NEXT: %[[D:.*]] = layout.mma %[[A]], %arg8, %arg7
  // CHECK-NEXT: %[[DD:.*]] = arith.addf %[[D]], %[[D]]
  // CHECK-NEXT: %[[R:.*]] = layout.shared_load %[[S]]
  // CHECK-NEXT: layout.shared_store %[[R]], %[[S]]
  // CHECK-NEXT: %[[A2:.*]] = layout.shared_load %[[S]]
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: %[[A3:.*]] = layout.shared_load %[[S]]
  // CHECK-NEXT: layout.async_copy %[[G]][] to %[[S]]
  // CHECK-NEXT: layout.async_copy %[[G]][] to %[[S]]
  // CHECK-NEXT: %[[A4:.*]] = layout.shared_load %[[S]]
  // CHECK: layout.copy %[[TG:.*]] to %[[TS:.*]] {align = 16 : i64} :
  // CHECK-NEXT: layout.copy %[[TG]] to %[[TS]] {align = 16 : i64, async} :
  // CHECK-NEXT: %[[A5:.*]] = layout.shared_load %[[S]]
  // CHECK-NEXT: %[[Y1:.*]] = layout.mma %[[A]], %arg8, %[[DD]]
  // CHECK-NEXT: %[[Y2:.*]] = layout.mma %[[A2]], %arg8, %[[Y1]]
  // CHECK-NEXT: %[[Y3:.*]] = layout.mma %[[A3]], %arg8, %[[Y2]]
  // CHECK-NEXT: %[[Y4:.*]] = layout.mma %[[A4]], %arg8, %[[Y3]]
  // CHECK-NEXT: %[[Y5:.*]] = layout.mma %[[A5]], %arg8, %[[Y4]]
  // CHECK-NEXT: arith.truncf %[[Y5]]
  // CHECK-NEXT: %[[O:.*]] = layout.convert_layout
  // CHECK-NOT: layout.convert_layout
  // CHECK: layout.global_store %[[O]], %[[GC:.*]][]
  // CHECK-NEXT: layout.global_store %[[O]], %[[GC]][]
  // CHECK-NEXT: gpu.return
  gpu.func @values_and_loads(%pa: !llvm.ptr<1>, %pc: !llvm.ptr<1>, %m: index, %k: index, %lda: index, %i: index, %j: index, %c: tensor<64x64xf32, #mma>, %b: tensor<32x64xf16, #dotb>, %cs: tensor<64x64xf16, #mmah>) kernel {
    %l = layout.make %m, %k, %lda : !layout.layout<(?,?):(?,1)>
    %A0 = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !gmem
    %A1 = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !gmem
    %g0 = layout.local_tile %A0[%i, %j] {tile = #layout.tuple<(64,32)>} : !gmem -> !tileA
    %g1 = layout.local_tile %A1[%i, %j] {tile = #layout.tuple<(64,32)>} : !gmem -> !tileA
    %p = llvm.mlir.addressof @smem_a : !llvm.ptr<3>
    %ls = layout.const #layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>
    %sA = layout.make_tensor %p, %ls : !llvm.ptr<3> -> !stagesA
    %s0 = layout.slice_tensor %sA[%j] {modes = array<i64: 2>, ring} : !stagesA -> !stageA
    %s1 = layout.slice_tensor %sA[%j] {modes = array<i64: 2>, ring} : !stagesA -> !stageA
    %a0 = layout.shared_load %s0 : !stageA -> tensor<64x32xf16, #dota>
    %a1 = layout.shared_load %s1 : !stageA -> tensor<64x32xf16, #dota>
    %d0 = layout.mma %a0, %b, %c : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    %d1 = layout.mma %a1, %b, %c : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    %d = arith.addf %d0, %d1 : tensor<64x64xf32, #mma>
    // A load, a store to the same tile, the same load again: both loads stay.
    %x1 = layout.shared_load %s0 : !stageA -> tensor<64x32xf16, #dota>
    %r = layout.shared_load %s0 : !stageA -> tensor<64x32xf16, #rowsa>
    layout.shared_store %r, %s0 : tensor<64x32xf16, #rowsa>, !stageA
    %x2 = layout.shared_load %s0 : !stageA -> tensor<64x32xf16, #dota>
    nvvm.barrier0
    %x3 = layout.shared_load %s0 : !stageA -> tensor<64x32xf16, #dota>
    // Two identical cp.async copies: both issued.
    layout.async_copy %g0[] to %s0 {align = 16 : i64} : !tileA, !stageA, tensor<64x32xf16, #rowsa>
    layout.async_copy %g1[] to %s1 {align = 16 : i64} : !tileA, !stageA, tensor<64x32xf16, #rowsa>
    %x4 = layout.shared_load %s0 : !stageA -> tensor<64x32xf16, #dota>
    %tid = gpu.thread_id x
    %tg = layout.partition %g0[%tid] {thr = #layout.layout<(16,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !tileA -> !part
    %lp = layout.const #layout.layout<(64,32):(32,1)>
    %plain = layout.make_tensor %p, %lp : !llvm.ptr<3> -> !stile
    %ts = layout.partition %plain[%tid] {thr = #layout.layout<(16,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !stile -> !spart
    %tg1 = layout.partition %g1[%tid] {thr = #layout.layout<(16,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !tileA -> !part
    layout.copy %tg to %ts {align = 16 : i64} : !part, !spart
    layout.copy %tg1 to %ts {align = 16 : i64, async} : !part, !spart
    %x5 = layout.shared_load %s0 : !stageA -> tensor<64x32xf16, #dota>
    %y1 = layout.mma %x1, %b, %d : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    %y2 = layout.mma %x2, %b, %y1 : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    %y3 = layout.mma %x3, %b, %y2 : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    %y4 = layout.mma %x4, %b, %y3 : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    %y5 = layout.mma %x5, %b, %y4 : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    %h = arith.truncf %y5 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mmah>
    %o0 = layout.convert_layout %h : tensor<64x64xf16, #mmah> -> tensor<64x64xf16, #rowsc>
    %o1 = layout.convert_layout %h : tensor<64x64xf16, #mmah> -> tensor<64x64xf16, #rowsc>
    // Two identical stores: both stay (no dead-store elimination here).
    %lc = layout.make %m, %m, %m : !layout.layout<(?,?):(?,1)>
    %C = layout.make_tensor %pc, %lc : !llvm.ptr<1> -> !gmem
    %gc = layout.local_tile %C[%i, %j] {tile = #layout.tuple<(64,64)>} : !gmem -> !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>
    layout.global_store %o0, %gc[] {align = 16 : i64} : tensor<64x64xf16, #rowsc>, !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>
    layout.global_store %o1, %gc[] {align = 16 : i64} : tensor<64x64xf16, #rowsc>, !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>
    gpu.return
  }

  // Unused results: a load is dead and erased; an op that writes stays.
  // CHECK-LABEL: gpu.func @unused_results
  // CHECK-NOT: layout.global_load
  // CHECK-NOT: layout.shared_load
  // CHECK-NOT: layout.ldmatrix
  // CHECK: layout.wgmma_desc
  // CHECK-NOT: layout.wgmma_desc
  // CHECK: layout.wgmma %{{.*}} {async
  // CHECK-NEXT: layout.wgmma %{{.*}} {async
  // CHECK-NEXT: layout.convert %{{.*}} smem(
  // CHECK-NEXT: gpu.return
  gpu.func @unused_results(%pa: !llvm.ptr<1>, %ld: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %t: i32, %regs: !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>) kernel {
    %g = layout.global_load %pa[%ld] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x32xf16, #rowsa>
    %p = llvm.mlir.addressof @smem_a : !llvm.ptr<3>
    %s = layout.shared_load %p {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #dota>
    %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
    %da = layout.wgmma_desc base(%p : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>}
    %db = layout.wgmma_desc base(%p : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>}
    %w0 = layout.wgmma %da, %db, %acc {async, n = 64 : i64, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %w1 = layout.wgmma %da, %db, %acc {async, n = 64 : i64, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %cv = layout.convert %regs smem(%p : !llvm.ptr<3>) thread(%t) {elem = f16, from = #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>, to = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>} : !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)> -> !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
    gpu.return
  }

  // The sm_90a pipeline ops synchronize or stay in flight: two identical mbarrier waits,
  // arrivals, TMA copies and mma_asyncs all stay (the second mma_async's result unused), and the
  // two tma_encodable (pure) are one.
  // CHECK-LABEL: gpu.func @pipeline
  // CHECK: layout.mbarrier_init
  // CHECK-NEXT: layout.mbarrier_init
  // CHECK: layout.tma_encodable
  // CHECK-NOT: layout.tma_encodable
  // CHECK: layout.mbarrier_wait
  // CHECK-NEXT: layout.mbarrier_wait
  // CHECK: layout.tma_copy
  // CHECK-NEXT: layout.tma_copy
  // CHECK: layout.mma_async
  // CHECK-NEXT: layout.mma_async
  // CHECK-NEXT: layout.mbarrier_arrive
  // CHECK-NEXT: layout.mbarrier_arrive
  // CHECK: gpu.return
  gpu.func @pipeline(%map: !llvm.ptr, %m: index, %k: index, %i: index, %j: index, %c: tensor<128x256xf32, #acc>) kernel {
    %base = llvm.mlir.addressof @smem : !llvm.ptr<3>
    %sA, %sB, %full = layout.shared_alloc %base : !llvm.ptr<3> -> !sA, !sB, !ring
    layout.mbarrier_init %full {arrivals = 1 : i64} : !ring
    layout.mbarrier_init %full {arrivals = 1 : i64} : !ring
    %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
    %A = layout.make_tensor %map, %l : !llvm.ptr -> !map
    %ok0 = layout.tma_encodable %A : !map
    %ok1 = layout.tma_encodable %A : !map
    %ok = arith.andi %ok0, %ok1 : i1
    layout.mbarrier_wait %full[%j] : !ring
    layout.mbarrier_wait %full[%j] : !ring
    %ga = layout.local_tile %A[%i, %j] {tile = #layout.tuple<(128,64)>} : !map -> !ga
    %sa = layout.slice_tensor %sA[%j] {modes = array<i64: 2>, ring} : !sA -> !sa
    %sb = layout.slice_tensor %sB[%j] {modes = array<i64: 2>, ring} : !sB -> !sb
    scf.if %ok {
      layout.tma_copy %ga to %sa barrier(%full[%j] : !ring) : !ga, !sa
      layout.tma_copy %ga to %sa barrier(%full[%j] : !ring) : !ga, !sa
    }
    %d0 = layout.mma_async %sa, %sb, %c : !sa, !sb, tensor<128x256xf32, #acc> -> tensor<128x256xf32, #acc>
    %d1 = layout.mma_async %sa, %sb, %c : !sa, !sb, tensor<128x256xf32, #acc> -> tensor<128x256xf32, #acc>
    layout.mbarrier_arrive %full[%i] : !ring
    layout.mbarrier_arrive %full[%i] : !ring
    nvvm.wgmma.wait.group.sync.aligned 0
    %h = arith.truncf %d0 : tensor<128x256xf32, #acc> to tensor<128x256xf16, #acc>
    gpu.return
  }

  // TMEM: a tensor_memory_load with nothing that writes before the next one is read once; a
  // load whose result is unused is erased; the store before the last load keeps that load.
  // CHECK-LABEL: gpu.func @tensor_memory
  // CHECK: %[[R:.*]] = layout.tensor_memory_load
  // CHECK-NEXT: arith.addf %[[R]], %[[R]]
  // CHECK-NEXT: layout.tensor_memory_store
  // CHECK-NEXT: layout.tensor_memory_load
  // CHECK-NOT: layout.tensor_memory_load
  gpu.func @tensor_memory(%p6: !llvm.ptr<6>) kernel {
    %lt = layout.const #layout.layout<(128,128):(65536,1)>
    %D = layout.make_tensor %p6, %lt : !llvm.ptr<6> -> !tmem
    %r0 = layout.tensor_memory_load %D : !tmem -> tensor<128x128xf32, #rows>
    %r1 = layout.tensor_memory_load %D : !tmem -> tensor<128x128xf32, #rows>
    %unused = layout.tensor_memory_load %D : !tmem -> tensor<128x128xf32, #rows>
    %s = arith.addf %r0, %r1 : tensor<128x128xf32, #rows>
    layout.tensor_memory_store %s, %D : tensor<128x128xf32, #rows>, !tmem
    %r2 = layout.tensor_memory_load %D : !tmem -> tensor<128x128xf32, #rows>
    layout.tensor_memory_store %r2, %D : tensor<128x128xf32, #rows>, !tmem
    gpu.return
  }

  // Loop-invariant code motion: the tile and the descriptor of loop-invariant operands leave
  // the loop; the load, the barrier and the wgmma stay in it.
  // LICM-LABEL: gpu.func @loop
  // LICM: layout.local_tile
  // LICM: layout.wgmma_desc
  // LICM: scf.for
  // LICM-NEXT: layout.shared_load
  // LICM-NEXT: nvvm.barrier0
  // LICM-NEXT: layout.wgmma
  gpu.func @loop(%pa: !llvm.ptr<1>, %m: index, %k: index, %i: index, %n: index, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
    %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !gmem
    %p = llvm.mlir.addressof @smem_a : !llvm.ptr<3>
    %out = scf.for %j = %c0 to %n step %c1 iter_args(%d = %acc) -> (!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>) {
      %g = layout.local_tile %A[%i, %c0] {tile = #layout.tuple<(64,32)>} : !gmem -> !tileA
      %s = layout.shared_load %p {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #dota>
      nvvm.barrier0
      %da = layout.wgmma_desc base(%p : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>}
      %e = layout.wgmma %da, %da, %d {async, n = 64 : i64, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      "test.use"(%g, %s) : (!tileA, tensor<64x32xf16, #dota>) -> ()
      scf.yield %e : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    }
    gpu.return
  }
}

// The host op encode_tensor_map writes the tensor map: an unused status keeps it.
// CHECK-LABEL: func.func @encode
// CHECK-NEXT: layout.make
// CHECK-NEXT: layout.make_tensor
// CHECK-NEXT: layout.encode_tensor_map
// CHECK-NEXT: layout.encode_tensor_map
// CHECK-NEXT: return
func.func @encode(%map: !llvm.ptr, %pa: !llvm.ptr, %m: index, %k: index) {
  %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
  %A = layout.make_tensor %pa, %l : !llvm.ptr -> !gmem
  %s0 = layout.encode_tensor_map %map, %A {smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>} : !llvm.ptr, !gmem
  %s1 = layout.encode_tensor_map %map, %A {smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>} : !llvm.ptr, !gmem
  return
}
