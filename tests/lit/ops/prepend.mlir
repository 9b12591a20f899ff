// Round trip of layout.prepend: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @prepend
func.func @prepend() -> !layout.layout<(2,4):(8,1)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<4:1>
  %a0 = layout.const #layout.layout<4:1>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<2:8>
  %a1 = layout.const #layout.layout<2:8>
  // CHECK: %[[R:.*]] = layout.prepend %[[A0]], %[[A1]] : !layout.layout<4:1>, !layout.layout<2:8>
  // GENERIC: "layout.prepend"(%0, %1) : (!layout.layout<4:1>, !layout.layout<2:8>) -> !layout.layout<(2,4):(8,1)>
  %r = layout.prepend %a0, %a1 : !layout.layout<4:1>, !layout.layout<2:8>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(2,4):(8,1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(2,4):(8,1)>
}
