// Round trip of layout.make_ordered_layout: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @make_ordered_layout
func.func @make_ordered_layout() -> !layout.layout<(4,8):(8,1)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.tuple<(4,8)>
  %a0 = layout.const #layout.tuple<(4,8)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tuple<(1,0)>
  %a1 = layout.const #layout.tuple<(1,0)>
  // CHECK: %[[R:.*]] = layout.make_ordered_layout %[[A0]], %[[A1]] : !layout.tuple<(4,8)>, !layout.tuple<(1,0)>
  // GENERIC: "layout.make_ordered_layout"(%0, %1) : (!layout.tuple<(4,8)>, !layout.tuple<(1,0)>) -> !layout.layout<(4,8):(8,1)>
  %r = layout.make_ordered_layout %a0, %a1 : !layout.tuple<(4,8)>, !layout.tuple<(1,0)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(4,8):(8,1)>
}
