// The fp8 sm_90a GEMM at the tensor level (examples/gemm_fp8_sm90.mlir; gemm_fp8_sm90_run.mlir
// runs it on the PTX emulator, `make gpu-check` on a GPU): --layout-lower-tensors maps the
// f8E4M3FN tensors to the hardware's e4m3 (TMA boxes of [128, 128] bytes with the 128B
// swizzle, wgmma descriptors of e4m3 tiles), issues the fp8 form m64n256k32 (four k blocks of 32
// per 128-element k-tile), and converts the accumulator to bf16 for the epilogue;
// --layout-prove-descriptors proves every TMA box, WGMMA descriptor and shared-store plan; the
// PTX assembles without spills for 384 threads.
// REQUIRES: ptxas
// RUN: layout-opt %S/../../../examples/gemm_fp8_sm90.mlir --layout-lower-tensors 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARKS
// RUN: layout-opt %S/../../../examples/gemm_fp8_sm90.mlir --layout-lower-tensors 2>/dev/null | FileCheck %s --check-prefix=TENSORS
// RUN: layout-opt %S/../../../examples/gemm_fp8_sm90.mlir --layout-lower-tensors --layout-prove-descriptors -o %t.proved 2>&1 | FileCheck %s --check-prefix=PROOF
// RUN: FileCheck %s --check-prefix=PROVED < %t.proved
// RUN: layout-opt %S/../../../examples/gemm_fp8_sm90.mlir --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// REMARKS: remark: 'layout.shared_alloc' op needs 197680 bytes of shared memory from a 16-byte aligned base: #0 at byte 0 (65536 bytes, aligned to 1024), #1 at byte 65536 (131072 bytes, aligned to 1024), #2 at byte 196608 (32 bytes, aligned to 16), #3 at byte 196640 (32 bytes, aligned to 16)
// REMARKS-DAG: remark: 'layout.mma_async' op mma_async: 2 warpgroup(s) of m64n256k32, accumulator field i in register i
// REMARKS-DAG: remark: 'layout.tma_copy' op tma_copy: load, 1 x cp.async.bulk.tensor.2d of the box [128, 128] (16384 bytes each, CU_TENSOR_MAP_SWIZZLE_128B; TMA coordinates (?,?):(1@1,1@0))
// REMARKS-DAG: remark: 'layout.tma_copy' op tma_copy: load, slice (cluster rank) of 2 multicast to 2 CTAs, each expecting 2 slices: 1 x cp.async.bulk.tensor.2d of the box [128, 128] (16384 bytes each, CU_TENSOR_MAP_SWIZZLE_128B; TMA coordinates (?,?):(1@1,1@0))
// REMARKS-DAG: remark: 'layout.tma_copy' op tma_copy: store, 4 x cp.async.bulk.tensor.2d of the box [64, 128] (16384 bytes each, CU_TENSOR_MAP_SWIZZLE_128B; TMA coordinates (?,?):(1@1,1@0))

// TENSORS: layout.tma_load {{.*}} {elem = f8E4M3FN, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,4,3> o 0 o (128,128):(128,1)>}
// TENSORS: layout.tma_load {{.*}} {elem = f8E4M3FN, gmem = #layout.layout<(?,?):(?,1)>, multicast = 2 : i64, smem = #layout.layout<Sw<3,4,3> o 0 o (128,128):(128,1)>}
// TENSORS: layout.wgmma_desc base({{.*}}) {elem = f8E4M3FN, major = #layout.major<K>, tile = #layout.layout<Sw<3,4,3> o 0 o (64,128):(128,1)>}
// TENSORS-NEXT: layout.wgmma_desc base({{.*}}) {elem = f8E4M3FN, major = #layout.major<K>, tile = #layout.layout<Sw<3,4,3> o 0 o (256,128):(128,1)>}
// TENSORS-NEXT: layout.wgmma {{.*}} {async, elemA = f8E4M3FN, elemB = f8E4M3FN, elemD = f32, majorA = #layout.major<K>, majorB = #layout.major<K>, n = 256 : i64}
// TENSORS: layout.wgmma_desc base({{.*}}) {elem = f8E4M3FN, k = 3 : i64, major = #layout.major<K>
// TENSORS: layout.shared_store {{.*}} {smem = #layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>}
// TENSORS: layout.tma_store {{.*}} {elem = bf16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>}

// PROOF: remark: 'builtin.module' op proved {{[0-9]+}} obligations of {{[0-9]+}} ops
// PROVED-COUNT-2: layout.tma_load
// PROVED-COUNT-8: layout.wgmma_desc
// PROVED: layout.shared_store
// PROVED: layout.tma_store
// PROVED: layout.global_store

// PTXAS: Compiling entry function 'gemm' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// PTX: .entry gemm(
// PTX: .reqnctapercluster 2, 1, 1
// PTX: wgmma.fence.sync.aligned;
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3
// PTX-NOT: wgmma.mma_async
// PTX: wgmma.commit_group.sync.aligned;
// PTX-NEXT: wgmma.wait_group.sync.aligned 1;
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX: cvt.rn.bf16.f32
// PTX-COUNT-16: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: fence.proxy.async.shared::cta;
// PTX-COUNT-4: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
