// The complete sm_90a GEMM at the tensor level (examples/gemm_sm90.mlir, `make gpu-check` runs it):
// --layout-lower-tensors places the shared tensors, turns the tensor ops into the hardware ops
// (whose descriptors, TMA boxes and shared-memory plans --layout-prove-descriptors then proves), and --lower-to-nvvm gives PTX
// that ptxas accepts without spills for 384 threads: a cluster of 2 CTAs (.reqnctapercluster)
// synchronized after the barriers' initialization and before the exit; two rings of 4 barriers
// (full, empty); the producer's loop: a wait for the stage to be free (the empty ring's
// previous phase), two TMA loads (B's half of the CTA's cluster rank multicast to both CTAs,
// its barrier expecting the whole stage); the consumers' loop: one wait on the full ring's
// parity, four m64n256k16 wgmmas in one commit group with one group left pending, each
// thread's arrival on the empty ring of both CTAs (mapa), no CTA barrier in either loop; the
// epilogue: stmatrix into C's swizzled tile (in B's stages) between two barriers of the 256
// consumer threads, a TMA store of four boxes, and element stores when C's rows are not
// 16-byte multiples.
// REQUIRES: ptxas
// RUN: layout-opt %S/../../../examples/gemm_sm90.mlir --layout-lower-tensors 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARKS
// RUN: layout-opt %S/../../../examples/gemm_sm90.mlir --layout-lower-tensors 2>/dev/null | FileCheck %s --check-prefix=TENSORS
// RUN: layout-opt %S/../../../examples/gemm_sm90.mlir --layout-lower-tensors --layout-prove-descriptors -o %t.proved 2>/dev/null
// RUN: FileCheck %s --check-prefix=PROVED-TMA < %t.proved
// RUN: FileCheck %s --check-prefix=PROVED-DESC < %t.proved
// RUN: FileCheck %s --check-prefix=PROVED-SHARED < %t.proved
// RUN: layout-opt %S/../../../examples/gemm_sm90.mlir --lower-to-nvvm="ptx=%t.ptx" -o %t.ll 2>/dev/null
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=LOOP < %t.ptx

// The carve-up of shared memory, the accumulator check and the epilogue's stores.
// REMARKS: remark: 'layout.shared_alloc' op needs 197680 bytes of shared memory from a 16-byte aligned base: #0 at byte 0 (65536 bytes, aligned to 1024), #1 at byte 65536 (131072 bytes, aligned to 1024), #2 at byte 196608 (32 bytes, aligned to 16), #3 at byte 196640 (32 bytes, aligned to 16)
// REMARKS-DAG: remark: 'layout.mma_async' op mma_async: 2 warpgroup(s) of m64n256k16, accumulator field i in register i
// REMARKS-DAG: remark: 'layout.tma_copy' op tma_copy: load, 1 x cp.async.bulk.tensor.2d of the box [64, 128] (16384 bytes each, CU_TENSOR_MAP_SWIZZLE_128B; TMA coordinates (?,?):(1@1,1@0))
// REMARKS-DAG: remark: 'layout.tma_copy' op tma_copy: load, slice (cluster rank) of 2 multicast to 2 CTAs, each expecting 2 slices: 1 x cp.async.bulk.tensor.2d of the box [64, 128] (16384 bytes each, CU_TENSOR_MAP_SWIZZLE_128B; TMA coordinates (?,?):(1@1,1@0))
// REMARKS-DAG: remark: 'layout.tma_copy' op tma_copy: store, 4 x cp.async.bulk.tensor.2d of the box [64, 128] (16384 bytes each, CU_TENSOR_MAP_SWIZZLE_128B; TMA coordinates (?,?):(1@1,1@0))
// The tensor ops became hardware ops: TMA loads with the global tensor's runtime layout and a
// stage of the swizzled tile, WGMMA descriptors of warpgroup G's rows of A and of B per k block.
// TENSORS-NOT: layout.tma_copy
// TENSORS: nvvm.mbarrier.try_wait.parity
// TENSORS: layout.tma_load {{.*}} {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>}
// TENSORS: nvvm.read.ptx.sreg.cluster.ctarank
// TENSORS: layout.tma_load {{.*}} {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, multicast = 2 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>}
// TENSORS: nvvm.mbarrier.try_wait.parity
// TENSORS: layout.wgmma_desc base({{.*}}) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>}
// TENSORS-NEXT: layout.wgmma_desc base({{.*}}) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>}
// TENSORS-NEXT: layout.wgmma {{.*}} {async, elemA = f16, elemB = f16, elemD = f32, majorA = #layout.major<K>, majorB = #layout.major<K>, n = 256 : i64}
// TENSORS: layout.wgmma_desc base({{.*}}) {elem = f16, k = 3 : i64, major = #layout.major<K>
// TENSORS: nvvm.wgmma.commit.group.sync.aligned
// TENSORS: nvvm.wgmma.wait.group.sync.aligned 1
// TENSORS: %[[P0:.*]] = nvvm.mapa %[[BAR:.*]], %c0_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// TENSORS-NEXT: nvvm.mbarrier.arrive %[[P0]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// TENSORS-NEXT: %[[P1:.*]] = nvvm.mapa %[[BAR]], %c1_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// TENSORS-NEXT: nvvm.mbarrier.arrive %[[P1]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// TENSORS: nvvm.wgmma.wait.group.sync.aligned 0
// TENSORS: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// TENSORS: layout.shared_store {{.*}} {smem = #layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>}
// TENSORS: nvvm.fence.proxy
// TENSORS: layout.tma_store {{.*}} {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>}

// Every TMA box and WGMMA descriptor the tensor ops derived is proven (the pass keeps them).
// PROVED-TMA-COUNT-2: layout.tma_load
// PROVED-TMA-NOT: layout.tma_load
// PROVED-TMA: layout.tma_store
// PROVED-TMA-NOT: layout.tma_load
// PROVED-DESC-COUNT-8: layout.wgmma_desc
// PROVED-DESC-NOT: layout.wgmma_desc
// The epilogue's register tensor into C's swizzled tile (its st.shared.v4 and stmatrix.x4
// plans) and, when N mod 8 != 0, into C in global memory, proven for every (thread, register).
// PROVED-SHARED-COUNT-1: layout.shared_store
// PROVED-SHARED: layout.global_store

// IR-NOT: layout.
// IR: llvm.call @cuTensorMapEncodeTiled

// PTXAS: Compiling entry function 'gemm' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// PTX: .extern .shared .align 1024 .b8 smem[];
// PTX: .entry gemm(
// PTX: .maxntid 384, 1, 1
// PTX: .explicitcluster
// PTX-NEXT: .reqnctapercluster 2, 1, 1
// PTX: mov.u32 {{.*}}, %cluster_ctarank;
// PTX-COUNT-4: mbarrier.init.shared.b64
// PTX: fence.mbarrier_init.release.cluster
// PTX-COUNT-4: mbarrier.init.shared.b64
// PTX: fence.mbarrier_init.release.cluster
// PTX: barrier.cluster.arrive.aligned;
// PTX-NEXT: barrier.cluster.wait.aligned;
// The producer: wait for the stage, A's tile (16 KiB), B's slice multicast (32 KiB expected).
// PTX: mbarrier.try_wait.parity.shared.b64 P1, [{{.*}}], {{.*}}, 1000000;
// PTX: mov.b32 [[A:%r[0-9]+]], 16384;
// PTX-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [{{.*}}], [[A]];
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [
// PTX: mov.b32 [[B:%r[0-9]+]], 32768;
// PTX-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [{{.*}}], [[B]];
// PTX: mov.b16 [[MASK:%rs[0-9]+]], 3;
// PTX-NEXT: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [{{.*}}], [{{.*}}], [{{.*}}], [[MASK]];
// The consumers.
// PTX: mbarrier.try_wait.parity.shared.b64 P1, [{{.*}}], {{.*}}, 1000000;
// PTX: wgmma.fence.sync.aligned;
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// PTX-NOT: wgmma.mma_async
// PTX: wgmma.commit_group.sync.aligned;
// PTX-NEXT: wgmma.wait_group.sync.aligned 1;
// PTX-NOT: bar.sync
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX: bar.sync 1, 256;
// PTX-COUNT-16: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: fence.proxy.async.shared::cta;
// PTX-NEXT: bar.sync 1, 256;
// PTX-COUNT-4: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX: cp.async.bulk.commit_group;
// PTX-NEXT: cp.async.bulk.wait_group.read 0;
// PTX: barrier.cluster.arrive.aligned;
// PTX-NEXT: barrier.cluster.wait.aligned;
// PTX-NOT: __assertfail
// PTX: ret;

// The consumers' loop past its first iteration: after the wait, each thread releases the stage
// of the previous k-tile on the empty ring of both CTAs; no CTA barrier.
// LOOP: wgmma.commit_group.sync.aligned;
// LOOP: wgmma.commit_group.sync.aligned;
// LOOP-NEXT: wgmma.wait_group.sync.aligned 1;
// LOOP-NOT: bar.sync
// LOOP-DAG: mapa.shared::cluster.u64 [[P0:%rd[0-9]+]], [[BAR:%rd[0-9]+]], 0;
// LOOP-DAG: mapa.shared::cluster.u64 [[P1:%rd[0-9]+]], [[BAR]], 1;
// LOOP-DAG: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [[[P0]]]
// LOOP-DAG: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [[[P1]]]
// LOOP-NOT: bar.sync
// LOOP: wgmma.wait_group.sync.aligned 0;
