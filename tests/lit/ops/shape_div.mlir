// Round trip of layout.shape_div: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @shape_div
func.func @shape_div() -> !layout.tuple<(4,3)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.tuple<(8,12)>
  %a0 = layout.const #layout.tuple<(8,12)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tuple<(2,4)>
  %a1 = layout.const #layout.tuple<(2,4)>
  // CHECK: %[[R:.*]] = layout.shape_div %[[A0]], %[[A1]] : !layout.tuple<(8,12)>, !layout.tuple<(2,4)>
  // GENERIC: "layout.shape_div"(%0, %1) : (!layout.tuple<(8,12)>, !layout.tuple<(2,4)>) -> !layout.tuple<(4,3)>
  %r = layout.shape_div %a0, %a1 : !layout.tuple<(8,12)>, !layout.tuple<(2,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.tuple<(4,3)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.tuple<(4,3)>
}
