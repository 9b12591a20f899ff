// Round trip of layout.slice: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @slice
func.func @slice() -> !layout.layout<(4):(8)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.tuple<(_,2)>
  %a0 = layout.const #layout.tuple<(_,2)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a1 = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: %[[R:.*]] = layout.slice %[[A0]], %[[A1]] : !layout.tuple<(_,2)>, !layout.layout<(4,8):(8,1)>
  // GENERIC: "layout.slice"(%0, %1) : (!layout.tuple<(_,2)>, !layout.layout<(4,8):(8,1)>) -> !layout.layout<(4):(8)>
  %r = layout.slice %a0, %a1 : !layout.tuple<(_,2)>, !layout.layout<(4,8):(8,1)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4):(8)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(4):(8)>
}
