// Round trip of layout.downcast: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @downcast
func.func @downcast() -> !layout.layout<(4,16):(16,1)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a0 = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tuple<2>
  %a1 = layout.const #layout.tuple<2>
  // CHECK: %[[R:.*]] = layout.downcast %[[A0]], %[[A1]] : !layout.layout<(4,8):(8,1)>, !layout.tuple<2>
  // GENERIC: "layout.downcast"(%0, %1) : (!layout.layout<(4,8):(8,1)>, !layout.tuple<2>) -> !layout.layout<(4,16):(16,1)>
  %r = layout.downcast %a0, %a1 : !layout.layout<(4,8):(8,1)>, !layout.tuple<2>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4,16):(16,1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(4,16):(16,1)>
}
