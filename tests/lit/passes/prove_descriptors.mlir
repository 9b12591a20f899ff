// --layout-prove-descriptors: every WGMMA/UMMA descriptor, TMA box and ldmatrix/stmatrix lane
// table that --lower-to-nvvm derives, decoded from its bits and proven equal (ISL, over the
// whole tile) to the tile layout. The pass only proves: it leaves the IR as it is, and fails
// (with a witness, see prove_descriptors_errors.mlir) when a proof does not hold.

// The descriptor, TMA and lane-table tests of the NVVM lowering: every swizzle mode and major
// of WGMMA and UMMA (the 128B mode with 32-byte atoms included), 8-bit, tf32 and 4-bit
// elements, byte addresses, runtime base pointers and k (every block the tile has), ldmatrix
// x1/x2/x4, .trans, stmatrix, layout.lane_offset.
// RUN: layout-opt %S/../nvvm/wgmma_desc.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=WGMMA
// RUN: layout-opt %S/../nvvm/umma_desc.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=UMMA
// RUN: layout-opt %S/../nvvm/ldmatrix.mlir --layout-prove-descriptors | FileCheck %s --check-prefix=LANES
// RUN: layout-opt %s --layout-prove-descriptors | FileCheck %s
// WGMMA: layout.wgmma_desc
// UMMA: layout.umma_desc
// LANES: layout.{{ldmatrix|lane_offset}}

// A column-major tile without swizzle, 32-bit elements.
// CHECK-LABEL: func.func @plain_f32
// CHECK: layout.tma_desc
func.func @plain_f32(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  %s = layout.tma_desc %map, %g {elem = "f32", gmem = #layout.layout<(512,512):(1,512)>, smem = #layout.layout<(32,16):(1,32)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}
