// The sm_90a tensor ops lowered by --layout-lower-tensors: shared_alloc places its tensors (the
// base rounded up to the 1024-byte span of the 128B swizzle, each tensor at a multiple of its
// alignment, a remark with the bytes); mbarrier_init initializes every barrier of the ring;
// tma_copy becomes a TMA load of the tile's stage with the TMA coordinates of the tile's origin
// (K innermost: k*64, then m*128) on the barrier k mod 4; mbarrier_wait waits on that barrier
// with the parity (k div 4) mod 2; mma_async fences, issues one wgmma per k block of 16 with
// warpgroup G's rows of A (tid / 128) and commits. An MN-major bf16 B reads with MN-major
// descriptors. A TMA-store epilogue: the f16 accumulator stored to a 128B-swizzled shared tile
// (stmatrix, chosen from the layouts), then tma_copy to the tile of C: a TMA store in two
// boxes (the tile is two swizzle spans wide). The PTX of the three kernels assembles.
// REQUIRES: ptxas
// RUN: layout-opt %s --layout-lower-tensors 2>&1 | FileCheck %s
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin > %t.ptxas 2>&1
// RUN: FileCheck %s --check-prefix=PTXAS < %t.ptxas
// RUN: FileCheck %s --check-prefix=SPILLS < %t.ptxas
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
!sA = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>>
!sB = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64,4):(64,1,16384)>>
!sa = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!sb = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>>
!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!ga = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
#acc = #layout.linear<tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>>
#acc64 = #layout.linear<tensor<64x128xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>>>
!a64 = !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
!bmn = !layout.tensor<bf16, shared, !layout.layout<Sw<3,3,3> o 0 o ((64,2),(8,8)):((1,512),(64,1024))>>
!gc = !layout.tensor<f16, tma, !layout.layout<(64,128):(?,1)>>
!gb = !layout.tensor<f16, tma, !layout.layout<(256,64):(?,1)>>
// The v3 accumulator with its first two register bits swapped: field 1 (column + 1) is register
// 2, field 2 (row + 8) register 1.
#perm = #layout.linear<{register = [[8, 0], [0, 1], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
!a64h = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
!sc = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,(64,2)):(64,(1,4096))>>

gpu.module @kernels {
  llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>

  // CHECK: remark: 'layout.shared_alloc' op needs 197648 bytes of shared memory from a 16-byte aligned base: #0 at byte 0 (65536 bytes, aligned to 1024), #1 at byte 65536 (131072 bytes, aligned to 1024), #2 at byte 196608 (32 bytes, aligned to 16)
  // CHECK-DAG: remark: 'layout.mma_async' op mma_async: 2 warpgroup(s) of m64n256k16, accumulator field i in register i
  // CHECK-DAG: remark: 'layout.mma_async' op mma_async: 1 warpgroup(s) of m64n128k16
  // CHECK-DAG: remark: 'layout.mma_async' op mma_async: 1 warpgroup(s) of m64n64k16, accumulator field i in register of the layout (permuted)
  // CHECK-DAG: remark: 'layout.tma_copy' op tma_copy: load, 1 x cp.async.bulk.tensor.2d of the box [64, 128] (16384 bytes each, CU_TENSOR_MAP_SWIZZLE_128B; TMA coordinates (?,?):(1@1,1@0))
  // CHECK-DAG: remark: 'layout.tma_copy' op tma_copy: store, 2 x cp.async.bulk.tensor.2d of the box [64, 64] (8192 bytes each, CU_TENSOR_MAP_SWIZZLE_128B; TMA coordinates (?,?):(1@1,1@0))
  // CHECK-LABEL: gpu.func @pipeline
  // CHECK: %[[RAW:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
  // CHECK: arith.addi %[[RAW]], %c1023_i32
  // CHECK: arith.andi %{{.*}}, %c-1024_i32
  // CHECK: %[[BASE:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK: %[[A:.*]] = llvm.getelementptr %[[BASE]][0]
  // CHECK: %[[B:.*]] = llvm.getelementptr %[[BASE]][65536]
  // CHECK: %[[BARS:.*]] = llvm.getelementptr %[[BASE]][196608]
  // CHECK-COUNT-4: nvvm.mbarrier.init %{{.*}}, %c2_i32
  // CHECK: nvvm.fence.mbarrier.init
  // The origin of the tile at (i, j): row i*128, column j*64; TMA coordinates innermost first.
  // CHECK: %[[ROW:.*]] = arith.muli %arg3, %c128 : index
  // CHECK: %[[COL:.*]] = arith.muli %arg4, %c64 : index
  // CHECK: %[[STAGE:.*]] = arith.remui %arg4, %c4 : index
  // CHECK: layout.crd2idx %{{.*}}[%c0, %c0, %[[STAGE]]] : !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>
  // CHECK: %[[X:.*]] = arith.index_cast %{{.*}} : index to i32
  // CHECK: %[[Y:.*]] = arith.index_cast %{{.*}} : index to i32
  // CHECK: %[[S:.*]] = arith.remui %arg4, %c4 : index
  // CHECK: layout.crd2idx %{{.*}}[%[[S]]] : !layout.layout<4:1>
  // CHECK: %[[BAR:.*]] = llvm.getelementptr %[[BARS]][%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
  // CHECK: layout.tma_load %{{.*}}, %arg0, %[[BAR]][%[[X]], %[[Y]]] {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>}
  // CHECK: %[[PHASE:.*]] = arith.divui %arg4, %c4 : index
  // CHECK: %[[PARITY:.*]] = arith.andi %[[PHASE]], %c1 : index
  // CHECK: %[[P32:.*]] = arith.index_castui %[[PARITY]] : index to i32
  // CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %[[P32]], %c1000000_i32
  // Warpgroup G = tid / 128 reads rows 64 G.. of the stage of A.
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK: arith.divui %[[TID]], %c128_i32 : i32
  // CHECK: layout.crd2idx %{{.*}}[%{{.*}}, %c0] : !layout.layout<Sw<3,3,3> o 0 o (2,1):(4096,0)>
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: layout.wgmma_desc base(%{{.*}} : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>}
  // CHECK: layout.wgmma_desc base(%{{.*}} : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>}
  // CHECK: layout.wgmma {{.*}} {async, {{.*}} n = 256 : i64}
  // CHECK-COUNT-3: layout.wgmma {{.*}} {async,
  // CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
  gpu.func @pipeline(%map: !llvm.ptr, %m: index, %k: index, %i: index, %j: index, %out: !llvm.ptr<1>) kernel {
    %smem = llvm.mlir.addressof @smem : !llvm.ptr<3>
    %sA, %sB, %full = layout.shared_alloc %smem : !llvm.ptr<3> -> !sA, !sB, !ring
    layout.mbarrier_init %full {arrivals = 2 : i64} : !ring
    %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
    %A = layout.make_tensor %map, %l : !llvm.ptr -> !map
    %g = layout.local_tile %A[%i, %j] {tile = #layout.tuple<(128,64)>} : !map -> !ga
    %s = layout.slice_tensor %sA[%j] {modes = array<i64: 2>, ring} : !sA -> !sa
    layout.tma_copy %g to %s barrier(%full[%j] : !ring) : !ga, !sa
    layout.mbarrier_wait %full[%j] : !ring
    %sb = layout.slice_tensor %sB[%j] {modes = array<i64: 2>, ring} : !sB -> !sb
    %c = arith.constant dense<0.0> : tensor<128x256xf32, #acc>
    %d = layout.mma_async %s, %sb, %c : !sa, !sb, tensor<128x256xf32, #acc> -> tensor<128x256xf32, #acc>
    nvvm.wgmma.wait.group.sync.aligned 0
    %h = arith.truncf %d : tensor<128x256xf32, #acc> to tensor<128x256xf16, #acc>
    %lc = layout.make %m, %m, %m : !layout.layout<(?,?):(?,1)>
    %C = layout.make_tensor %out, %lc : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
    %gc = layout.local_tile %C[%i, %i] {tile = #layout.tuple<(128,256)>} : !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>> -> !layout.tensor<f16, global, !layout.layout<(128,256):(?,1)>>
    layout.global_store %h, %gc[] {align = 4 : i64} : tensor<128x256xf16, #acc>, !layout.tensor<f16, global, !layout.layout<(128,256):(?,1)>>
    gpu.return
  }

  // The empty ring of a pipeline: mbarrier_arrive arrives on barrier k mod 4 (one arrival per
  // thread); mbarrier_wait {free} at position k waits for the phase of position k - 4 (the
  // stage's previous use): parity (k div 4 + 1) mod 2, at once for k < 4 on fresh barriers.
  // CHECK-LABEL: gpu.func @release
  // CHECK: %[[S:.*]] = arith.remui %arg0, %c4 : index
  // CHECK: layout.crd2idx %{{.*}}[%[[S]]] : !layout.layout<4:1>
  // CHECK: %[[BAR:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
  // CHECK: nvvm.mbarrier.arrive %[[BAR]] : !llvm.ptr<3> -> i64
  // CHECK: %[[PHASE:.*]] = arith.divui %arg1, %c4 : index
  // CHECK: %[[BEFORE:.*]] = arith.addi %[[PHASE]], %c1 : index
  // CHECK: %[[PARITY:.*]] = arith.andi %[[BEFORE]], %c1 : index
  // CHECK: %[[P32:.*]] = arith.index_castui %[[PARITY]] : index to i32
  // CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %[[P32]], %c1000000_i32
  gpu.func @release(%k: index, %next: index) kernel {
    %smem = llvm.mlir.addressof @smem : !llvm.ptr<3>
    %empty = layout.shared_alloc %smem : !llvm.ptr<3> -> !ring
    layout.mbarrier_arrive %empty[%k] : !ring
    layout.mbarrier_wait %empty[%next] {free} : !ring
    gpu.return
  }

  // Multicast over a cluster of 2: the CTA of cluster rank r loads rows 128 r .. of the 256-row
  // tile (TMA row coordinate + 128 r, shared offset crd2idx of slice r: + 8192 r elements) as a
  // [64, 128] box to both CTAs; the barrier expects the whole tile. The arrival on the empty ring
  // reaches the barrier in both CTAs.
  // CHECK-LABEL: gpu.func @multicast
  // CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
  // CHECK: %[[R:.*]] = arith.index_castui %[[RANK]] : i32 to index
  // CHECK: %[[ROWS:.*]] = arith.muli %[[R]], %c128 : index
  // CHECK: layout.crd2idx %{{.*}}[%[[R]], %c0] : !layout.layout<Sw<3,3,3> o 0 o (2,1):(8192,0)>
  // CHECK: layout.tma_load {{.*}} {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, multicast = 2 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>}
  // CHECK: %[[Q0:.*]] = nvvm.mapa %[[BAR:.*]], %c0_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
  // CHECK-NEXT: nvvm.mbarrier.arrive %[[Q0]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
  // CHECK-NEXT: %[[Q1:.*]] = nvvm.mapa %[[BAR]], %c1_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
  // CHECK-NEXT: nvvm.mbarrier.arrive %[[Q1]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
  gpu.func @multicast(%map: !llvm.ptr, %n: index, %k: index, %i: index, %j: index) kernel attributes {nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %smem = llvm.mlir.addressof @smem : !llvm.ptr<3>
    %sB, %full, %empty = layout.shared_alloc %smem : !llvm.ptr<3> -> !sB, !ring, !ring
    %l = layout.make %n, %k, %k : !layout.layout<(?,?):(?,1)>
    %B = layout.make_tensor %map, %l : !llvm.ptr -> !map
    %g = layout.local_tile %B[%i, %j] {tile = #layout.tuple<(256,64)>} : !map -> !gb
    %s = layout.slice_tensor %sB[%j] {modes = array<i64: 2>, ring} : !sB -> !sb
    layout.tma_copy %g to %s barrier(%full[%j] : !ring) {multicast = 2 : i64} : !gb, !sb
    layout.mbarrier_arrive %empty[%j] {multicast = 2 : i64} : !ring
    gpu.return
  }

  // One warpgroup, bf16, B MN-major (its column of 64 MN elements contiguous).
  // CHECK-LABEL: gpu.func @mn_major
  // CHECK-NOT: nvvm.read.ptx.sreg.tid.x
  // CHECK: layout.wgmma_desc base(%{{.*}} : !llvm.ptr<3>) {elem = bf16, major = #layout.major<K>
  // CHECK: layout.wgmma_desc base(%{{.*}} : !llvm.ptr<3>) {elem = bf16, major = #layout.major<MN>, tile = #layout.layout<Sw<3,3,3> o 0 o ((64,2),(8,8)):((1,512),(64,1024))>}
  // CHECK: layout.wgmma {{.*}} {async, elemA = bf16, elemB = bf16, elemD = f32, majorA = #layout.major<K>, majorB = #layout.major<MN>, n = 128 : i64}
  gpu.func @mn_major(%pa: !llvm.ptr<3>, %pb: !llvm.ptr<3>, %out: !llvm.ptr<1>) kernel {
    %la = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>
    %lb = layout.const #layout.layout<Sw<3,3,3> o 0 o ((64,2),(8,8)):((1,512),(64,1024))>
    %a = layout.make_tensor %pa, %la : !llvm.ptr<3> -> !a64
    %b = layout.make_tensor %pb, %lb : !llvm.ptr<3> -> !bmn
    %c = arith.constant dense<0.0> : tensor<64x128xf32, #acc64>
    %d = layout.mma_async %a, %b, %c : !a64, !bmn, tensor<64x128xf32, #acc64> -> tensor<64x128xf32, #acc64>
    nvvm.wgmma.wait.group.sync.aligned 0
    %lc = layout.const #layout.layout<(64,128):(128,1)>
    %C = layout.make_tensor %out, %lc : !llvm.ptr<1> -> !layout.tensor<f32, global, !layout.layout<(64,128):(128,1)>>
    layout.global_store %d, %C[] {align = 8 : i64} : tensor<64x128xf32, #acc64>, !layout.tensor<f32, global, !layout.layout<(64,128):(128,1)>>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @tma_store
  // CHECK: %[[ROW:.*]] = arith.muli %arg3, %c64 : index
  // CHECK: %[[COL:.*]] = arith.muli %arg4, %c128 : index
  // CHECK: %[[X:.*]] = arith.index_cast %{{.*}} : index to i32
  // CHECK: %[[Y:.*]] = arith.index_cast %{{.*}} : index to i32
  // CHECK: layout.tma_store %arg0, %{{.*}}[%[[X]], %[[Y]]] {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (64,(64,2)):(64,(1,4096))>}
  gpu.func @tma_store(%mapC: !llvm.ptr, %m: index, %n: index, %i: index, %j: index, %d: tensor<64x128xf32, #acc64>) kernel {
    %smem = llvm.mlir.addressof @smem : !llvm.ptr<3>
    %sC = layout.shared_alloc %smem : !llvm.ptr<3> -> !sc
    %h = arith.truncf %d : tensor<64x128xf32, #acc64> to tensor<64x128xf16, #acc64>
    layout.shared_store %h, %sC : tensor<64x128xf16, #acc64>, !sc
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    nvvm.barrier0
    %l = layout.make %m, %n, %n : !layout.layout<(?,?):(?,1)>
    %C = layout.make_tensor %mapC, %l : !llvm.ptr -> !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
    %g = layout.local_tile %C[%i, %j] {tile = #layout.tuple<(64,128)>} : !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>> -> !gc
    layout.tma_copy %sC to %g : !sc, !gc
    gpu.return
  }

  // An accumulator whose registers are the fields in another order: the struct the wgmmas update
  // is the registers permuted (field i = register fields[i]), and permuted back.
  // CHECK-LABEL: gpu.func @permuted
  // CHECK: %[[R0:.*]] = llvm.extractvalue %[[ACC:.*]][0]
  // CHECK-NEXT: llvm.insertvalue %[[R0]], %{{.*}}[0]
  // CHECK-NEXT: %[[R2:.*]] = llvm.extractvalue %[[ACC]][2]
  // CHECK-NEXT: llvm.insertvalue %[[R2]], %{{.*}}[1]
  // CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[ACC]][1]
  // CHECK-NEXT: llvm.insertvalue %[[R1]], %{{.*}}[2]
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK: %[[F1:.*]] = llvm.extractvalue %[[D:.*]][1]
  // CHECK-NEXT: llvm.insertvalue %[[F1]], %{{.*}}[2]
  gpu.func @permuted(%pa: !llvm.ptr<3>, %pb: !llvm.ptr<3>, %c: tensor<64x64xf32, #perm>, %out: !llvm.ptr<1>) kernel {
    %la = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>
    %a = layout.make_tensor %pa, %la : !llvm.ptr<3> -> !a64h
    %b = layout.make_tensor %pb, %la : !llvm.ptr<3> -> !a64h
    %d = layout.mma_async %a, %b, %c : !a64h, !a64h, tensor<64x64xf32, #perm> -> tensor<64x64xf32, #perm>
    nvvm.wgmma.wait.group.sync.aligned 0
    %lc = layout.const #layout.layout<(64,64):(64,1)>
    %C = layout.make_tensor %out, %lc : !llvm.ptr<1> -> !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
    layout.global_store %d, %C[] {align = 4 : i64} : tensor<64x64xf32, #perm>, !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
    gpu.return
  }
}

// PTX-LABEL: .entry release(
// PTX: mbarrier.arrive.shared.b64
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX-LABEL: .entry multicast(
// PTX: .explicitcluster
// PTX-NEXT: .reqnctapercluster 2, 1, 1
// PTX: mov.b32 [[TX:%r[0-9]+]], 32768;
// PTX-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [{{.*}}], [[TX]];
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// PTX-COUNT-2: mbarrier.arrive.release.cluster.shared::cluster.b64
// The epilogue in PTX (stmatrix into the swizzled tile, the TMA store in two boxes).
// PTX-LABEL: .entry tma_store(
// PTX-COUNT-8: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: fence.proxy.async.shared::cta;
// PTX-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX: cp.async.bulk.commit_group;

// PTXAS-DAG: Compiling entry function 'pipeline' for 'sm_90a'
// PTXAS-DAG: Compiling entry function 'release' for 'sm_90a'
// PTXAS-DAG: Compiling entry function 'multicast' for 'sm_90a'
// PTXAS-DAG: Compiling entry function 'mn_major' for 'sm_90a'
// PTXAS-DAG: Compiling entry function 'tma_store' for 'sm_90a'
// PTXAS-DAG: Compiling entry function 'permuted' for 'sm_90a'
// SPILLS-COUNT-4: 0 bytes spill stores, 0 bytes spill loads
