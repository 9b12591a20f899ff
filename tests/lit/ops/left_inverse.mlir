// Round trip of layout.left_inverse: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @left_inverse
func.func @left_inverse() -> !layout.layout<(8,4):(4,1)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a0 = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: %[[R:.*]] = layout.left_inverse %[[A0]] : !layout.layout<(4,8):(8,1)>
  // GENERIC: "layout.left_inverse"(%0) : (!layout.layout<(4,8):(8,1)>) -> !layout.layout<(8,4):(4,1)>
  %r = layout.left_inverse %a0 : !layout.layout<(4,8):(8,1)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(8,4):(4,1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(8,4):(4,1)>
}
