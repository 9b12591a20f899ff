// Round trip of layout.composition: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @composition
func.func @composition() -> !layout.layout<(5,4):(8,2)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(20):(2)>
  %a0 = layout.const #layout.layout<(20):(2)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<(5,4):(4,1)>
  %a1 = layout.const #layout.layout<(5,4):(4,1)>
  // CHECK: %[[R:.*]] = layout.composition %[[A0]], %[[A1]] : !layout.layout<(20):(2)>, !layout.layout<(5,4):(4,1)>
  // GENERIC: "layout.composition"(%0, %1) : (!layout.layout<(20):(2)>, !layout.layout<(5,4):(4,1)>) -> !layout.layout<(5,4):(8,2)>
  %r = layout.composition %a0, %a1 : !layout.layout<(20):(2)>, !layout.layout<(5,4):(4,1)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(5,4):(8,2)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(5,4):(8,2)>
}
