// Round trip of layout.complement: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @complement
func.func @complement() -> !layout.layout<(3,2):(2,12)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(2,2):(1,6)>
  %a0 = layout.const #layout.layout<(2,2):(1,6)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tuple<24>
  %a1 = layout.const #layout.tuple<24>
  // CHECK: %[[R:.*]] = layout.complement %[[A0]], %[[A1]] : !layout.layout<(2,2):(1,6)>, !layout.tuple<24>
  // GENERIC: "layout.complement"(%0, %1) : (!layout.layout<(2,2):(1,6)>, !layout.tuple<24>) -> !layout.layout<(3,2):(2,12)>
  %r = layout.complement %a0, %a1 : !layout.layout<(2,2):(1,6)>, !layout.tuple<24>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(3,2):(2,12)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(3,2):(2,12)>
}
