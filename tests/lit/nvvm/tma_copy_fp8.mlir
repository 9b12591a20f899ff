// An fp8 (f8E4M3FN and f8E5M2) TMA copy: the tensor's MLIR element type is mapped to the
// hardware's name (hardwareElementName: e4m3, e5m2; CU_TENSOR_MAP_DATA_TYPE_UINT8) for the TMA
// box and coordinates, as for f16; the lowered tma_load keeps the MLIR type (elem =
// f8E4M3FN). A 128 x 128 tile of 1-byte elements with the 128B swizzle (Sw<3,4,3> in element
// units: 128 elements per swizzle row): one box of [128, 128] (16384 bytes). The PTX
// assembles for sm_90a.
// REQUIRES: ptxas
// RUN: layout-opt %s --layout-lower-tensors 2>&1 | FileCheck %s
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

!ring = !layout.tensor<i64, shared, !layout.layout<2:1>>
!sA = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128,2):(128,1,16384)>>
!sa = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128):(128,1)>>
!map = !layout.tensor<f8E4M3FN, tma, !layout.layout<(?,?):(?,1)>>
!ga = !layout.tensor<f8E4M3FN, tma, !layout.layout<(128,128):(?,1)>>
!sB = !layout.tensor<f8E5M2, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128,2):(128,1,16384)>>
!sb = !layout.tensor<f8E5M2, shared, !layout.layout<Sw<3,4,3> o 0 o (128,128):(128,1)>>
!mapb = !layout.tensor<f8E5M2, tma, !layout.layout<(?,?):(?,1)>>
!gb = !layout.tensor<f8E5M2, tma, !layout.layout<(128,128):(?,1)>>

gpu.module @kernels {
  llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>

  // CHECK-DAG: remark: 'layout.tma_copy' op tma_copy: load, 1 x cp.async.bulk.tensor.2d of the box [128, 128] (16384 bytes each, CU_TENSOR_MAP_SWIZZLE_128B
  // CHECK-DAG: layout.tma_load {{.*}}{elem = f8E4M3FN,
  // CHECK-DAG: layout.tma_load {{.*}}{elem = f8E5M2,
  // PTX: .target sm_90a
  // PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
  gpu.func @fp8_tiles(%map: !llvm.ptr, %mapb: !llvm.ptr, %m: index, %k: index, %i: index, %j: index) kernel {
    %smem = llvm.mlir.addressof @smem : !llvm.ptr<3>
    %sA, %sB, %full = layout.shared_alloc %smem : !llvm.ptr<3> -> !sA, !sB, !ring
    layout.mbarrier_init %full {arrivals = 1 : i64} : !ring
    %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
    %A = layout.make_tensor %map, %l : !llvm.ptr -> !map
    %g = layout.local_tile %A[%i, %j] {tile = #layout.tuple<(128,128)>} : !map -> !ga
    %s = layout.slice_tensor %sA[%j] {modes = array<i64: 2>, ring} : !sA -> !sa
    layout.tma_copy %g to %s barrier(%full[%j] : !ring) : !ga, !sa
    %B = layout.make_tensor %mapb, %l : !llvm.ptr -> !mapb
    %gb = layout.local_tile %B[%i, %j] {tile = #layout.tuple<(128,128)>} : !mapb -> !gb
    %sb = layout.slice_tensor %sB[%j] {modes = array<i64: 2>, ring} : !sB -> !sb
    layout.tma_copy %gb to %sb barrier(%full[%j] : !ring) : !gb, !sb
    layout.mbarrier_wait %full[%j] : !ring
    gpu.return
  }
}
