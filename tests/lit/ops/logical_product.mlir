// Round trip of layout.logical_product: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @logical_product
func.func @logical_product() -> !layout.layout<((2,2),(2,3)):((4,1),(2,8))> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(2,2):(4,1)>
  %a0 = layout.const #layout.layout<(2,2):(4,1)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<6:1>
  %a1 = layout.const #layout.layout<6:1>
  // CHECK: %[[R:.*]] = layout.logical_product %[[A0]], %[[A1]] : !layout.layout<(2,2):(4,1)>, !layout.layout<6:1>
  // GENERIC: "layout.logical_product"(%0, %1) : (!layout.layout<(2,2):(4,1)>, !layout.layout<6:1>) -> !layout.layout<((2,2),(2,3)):((4,1),(2,8))>
  %r = layout.logical_product %a0, %a1 : !layout.layout<(2,2):(4,1)>, !layout.layout<6:1>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,2),(2,3)):((4,1),(2,8))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,2),(2,3)):((4,1),(2,8))>
}
