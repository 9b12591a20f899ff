// Round trip of layout.tile_to_shape: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @tile_to_shape
func.func @tile_to_shape() -> !layout.layout<((2,2),(2,4)):((1,4),(2,8))> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(2,2):(1,2)>
  %a0 = layout.const #layout.layout<(2,2):(1,2)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tuple<(4,8)>
  %a1 = layout.const #layout.tuple<(4,8)>
  // CHECK: %[[R:.*]] = layout.tile_to_shape %[[A0]], %[[A1]] : !layout.layout<(2,2):(1,2)>, !layout.tuple<(4,8)>
  // GENERIC: "layout.tile_to_shape"(%0, %1) : (!layout.layout<(2,2):(1,2)>, !layout.tuple<(4,8)>) -> !layout.layout<((2,2),(2,4)):((1,4),(2,8))>
  %r = layout.tile_to_shape %a0, %a1 : !layout.layout<(2,2):(1,2)>, !layout.tuple<(4,8)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,2),(2,4)):((1,4),(2,8))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,2),(2,4)):((1,4),(2,8))>
}

// No coalesce (CUTLASS >= v3.8): mode i is (block_i, tiles_i).
// CHECK-LABEL: func.func @uncoalesced
func.func @uncoalesced() -> !layout.layout<((128,8),(128,4)):((128,16384),(1,131072))> {
  %a = layout.const #layout.layout<(128,128):(128,1)>
  %t = layout.const #layout.tuple<(1024,512)>
  // CHECK: layout.tile_to_shape %{{.*}}, %{{.*}} : !layout.layout<(128,128):(128,1)>, !layout.tuple<(1024,512)>
  %r = layout.tile_to_shape %a, %t : !layout.layout<(128,128):(128,1)>, !layout.tuple<(1024,512)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((128,8),(128,4)):((128,16384),(1,131072))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((128,8),(128,4)):((128,16384),(1,131072))>
}
