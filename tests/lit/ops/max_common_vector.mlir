// Round trip of layout.max_common_vector: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @max_common_vector
func.func @max_common_vector() -> index {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,8):(1,4)>
  %a0 = layout.const #layout.layout<(4,8):(1,4)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a1 = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: %[[R:.*]] = layout.max_common_vector %[[A0]], %[[A1]] : !layout.layout<(4,8):(1,4)>, !layout.layout<(4,8):(8,1)>
  // GENERIC: "layout.max_common_vector"(%0, %1) : (!layout.layout<(4,8):(1,4)>, !layout.layout<(4,8):(8,1)>) -> index
  %r = layout.max_common_vector %a0, %a1 : !layout.layout<(4,8):(1,4)>, !layout.layout<(4,8):(8,1)>
  // FOLD: %[[C:.*]] = arith.constant 1 : index
  // FOLD-NEXT: return %[[C]]
  return %r : index
}
