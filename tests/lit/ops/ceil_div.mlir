// Round trip of layout.ceil_div: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @ceil_div
func.func @ceil_div() -> !layout.tuple<(4,3)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.tuple<(7,9)>
  %a0 = layout.const #layout.tuple<(7,9)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tuple<(2,4)>
  %a1 = layout.const #layout.tuple<(2,4)>
  // CHECK: %[[R:.*]] = layout.ceil_div %[[A0]], %[[A1]] : !layout.tuple<(7,9)>, !layout.tuple<(2,4)>
  // GENERIC: "layout.ceil_div"(%0, %1) : (!layout.tuple<(7,9)>, !layout.tuple<(2,4)>) -> !layout.tuple<(4,3)>
  %r = layout.ceil_div %a0, %a1 : !layout.tuple<(7,9)>, !layout.tuple<(2,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.tuple<(4,3)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.tuple<(4,3)>
}
