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
