// Round trip of layout.dice: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @dice
func.func @dice() -> !layout.layout<(8):(1)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.tuple<(_,2)>
  %a0 = layout.const #layout.tuple<(_,2)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a1 = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: %[[R:.*]] = layout.dice %[[A0]], %[[A1]] : !layout.tuple<(_,2)>, !layout.layout<(4,8):(8,1)>
  // GENERIC: "layout.dice"(%0, %1) : (!layout.tuple<(_,2)>, !layout.layout<(4,8):(8,1)>) -> !layout.layout<(8):(1)>
  %r = layout.dice %a0, %a1 : !layout.tuple<(_,2)>, !layout.layout<(4,8):(8,1)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(8):(1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(8):(1)>
}
