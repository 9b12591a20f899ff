// --layout-prove-descriptors: every WGMMA/UMMA descriptor, TMA box and ldmatrix/stmatrix lane
// table that --lower-to-nvvm derives, decoded from its bits and proven equal (over the whole
// tile: by F2 linear algebra, point by point, or by ISL) to the tile layout. The pass only proves: it leaves the IR as it is, and fails
// (with a witness, see prove_descriptors_errors.mlir) when a proof does not hold.

// The descriptor, TMA and lane-table tests of the NVVM lowering: every swizzle mode and major
// of WGMMA and UMMA (the 128B mode with 32-byte atoms included), 8-bit, tf32 and 4-bit
// elements, byte addresses, runtime base pointers and k (every block the tile has), ldmatrix
// x1/x2/x4, .trans, stmatrix, layout.lane_offset, tcgen05.ld/st.
// RUN: layout-opt %S/../nvvm/wgmma_desc.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=WGMMA
// RUN: layout-opt %S/../nvvm/umma_desc.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=UMMA
// RUN: layout-opt %S/../nvvm/ldmatrix.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=LANES
// RUN: layout-opt %S/../nvvm/fragment_store.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=FRAG
// FRAG-COUNT-3: layout.fragment_store
// tcgen05.ld/st: every shape (32x32b, 16x64b, 16x128b, 16x256b, 16x32bx2) of the tcgen05 tests,
// and the tensor-level loads/stores once --layout-lower-tensors has derived their tmem_load /
// tmem_store (a blocked tensor, mma.sync's accumulator by 16x256b).
// RUN: layout-opt %S/../nvvm/tcgen05.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=TMEM
// TMEM-COUNT-2: layout.tmem_load
// RUN: layout-opt %S/../nvvm/tensor_memory.mlir --layout-lower-tensors --layout-prove-descriptors 2>/dev/null | FileCheck %s --check-prefix=TMEMT
// TMEMT-COUNT-2: layout.tmem_load
// Register tensors from and to shared memory (layout.shared_load / shared_store): the plans the
// register lowering emits (vector accesses and, where a target may take them, ldmatrix /
// stmatrix x4, .trans) decoded per thread and register against the tensors' layouts: every
// case of the shared access tests (64B- and 128B-swizzled tiles, A and B fragments, the sm_90a
// GEMM's accumulator into C's tile).
// RUN: layout-opt %S/../nvvm/shared_access.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=SHARED
// SHARED-COUNT-14: layout.shared_{{load|store}}
// Tiles copied from global to shared memory by cp.async (layout.async_copy): the plans of the
// async copy tests (16-, 8- and 4-byte copies, swizzled and plain tiles, f32 columns), each
// copied element's tile coordinate and shared offset against the shared layout.
// RUN: layout-opt %S/../nvvm/async_copy.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=ASYNC
// ASYNC-COUNT-4: layout.async_copy
// Register tensors from and to global memory (layout.global_load / global_store): every
// register's tile coordinate in the plans of the global access tests (16-byte rows, the
// mma.sync accumulator by 4-byte stores, columns by 2-byte accesses).
// RUN: layout-opt %S/../nvvm/global_access.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=GLOBAL
// GLOBAL-COUNT-6: layout.global_{{load|store}}
// The example kernels after --layout-lower-tensors: on success the pass says what it proved
// and how (docs/passes.md): the swizzled WGMMA/UMMA descriptors and TMA swizzles by F2 linear
// algebra, the TMA boxes (runtime strides kept symbolic) and register-tensor plans point by
// point over their finite tiles, a statement proven once not proven again; ISL for the rest.
// The counts pin the method; the time is not checked.
// RUN: layout-opt %S/../../../examples/gemm_sm90.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM90
// SUM90: remark: 'builtin.module' op proved 22 obligations of 16 ops (14 by F2 linear algebra, 0 by ISL, 8 point by point, 0 reused) in {{[0-9.]+}} s
// RUN: layout-opt %S/../../../examples/gemm_sm100.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM100
// SUM100: remark: 'builtin.module' op proved 18 obligations of 14 ops (8 by F2 linear algebra, 1 by ISL, 5 point by point, 4 reused) in {{[0-9.]+}} s
// RUN: layout-opt %S/../../../examples/gemm_sm80.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUM80
// SUM80: remark: 'builtin.module' op proved 7 obligations of 7 ops (0 by F2 linear algebra, 0 by ISL, 7 point by point, 0 reused) in {{[0-9.]+}} s
// RUN: layout-opt %s --layout-prove-descriptors | FileCheck %s
// WGMMA: layout.wgmma_desc
// UMMA: layout.umma_desc
// LANES: layout.{{ldmatrix|lane_offset}}

// A column-major tile without swizzle, 32-bit elements.
// CHECK-LABEL: func.func @plain_f32
// CHECK: layout.tma_desc
func.func @plain_f32(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  %s = layout.tma_desc %map, %g {elem = f32, gmem = #layout.layout<(512,512):(1,512)>, smem = #layout.layout<(32,16):(1,32)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// Runtime global shapes and strides (the GEMM's tensor maps): the runtime row stride S is kept
// symbolic, both sides map a shared-memory byte to [static bytes, multiple of 2*S], and the
// runtime extents bound nothing (TMA fills what lies outside). Also the device side, and a
// rank-3 global tensor with two runtime strides (each TMA dimension named by its gmem leaf).
// CHECK-LABEL: func.func @runtime_row_stride
// CHECK: layout.tma_desc
func.func @runtime_row_stride(%map: !llvm.ptr, %g: !llvm.ptr, %m: i64, %k: i64, %ld: i64) -> i32 {
  %s = layout.tma_desc %map, %g dims(%k, %m, %ld) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}
// CHECK-LABEL: gpu.func @runtime_load
// CHECK: layout.tma_load
gpu.module @runtime_device {
  gpu.func @runtime_load(%dst: !llvm.ptr<3>, %map: !llvm.ptr, %bar: !llvm.ptr<3>, %x: i32, %y: i32) kernel {
    layout.tma_load %dst, %map, %bar[%x, %y] {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
    gpu.return
  }
}
// CHECK-LABEL: func.func @runtime_rank3
// CHECK: layout.tma_desc
func.func @runtime_rank3(%map: !llvm.ptr, %g: !llvm.ptr, %a: i64, %b: i64, %c: i64, %d: i64, %e: i64) -> i32 {
  %s = layout.tma_desc %map, %g dims(%a, %b, %c, %d, %e) {elem = f32, gmem = #layout.layout<(?,?,?):(?,1,?)>, smem = #layout.layout<(32,16,2):(16,1,512)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}
