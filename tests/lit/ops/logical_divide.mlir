// Round trip of layout.logical_divide: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @logical_divide
func.func @logical_divide() -> !layout.layout<((2,2),(2,3)):((4,1),(2,8))> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,2,3):(2,1,8)>
  %a0 = layout.const #layout.layout<(4,2,3):(2,1,8)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<4:2>
  %a1 = layout.const #layout.layout<4:2>
  // CHECK: %[[R:.*]] = layout.logical_divide %[[A0]], %[[A1]] : !layout.layout<(4,2,3):(2,1,8)>, !layout.layout<4:2>
  // GENERIC: "layout.logical_divide"(%0, %1) : (!layout.layout<(4,2,3):(2,1,8)>, !layout.layout<4:2>) -> !layout.layout<((2,2),(2,3)):((4,1),(2,8))>
  %r = layout.logical_divide %a0, %a1 : !layout.layout<(4,2,3):(2,1,8)>, !layout.layout<4:2>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,2),(2,3)):((4,1),(2,8))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,2),(2,3)):((4,1),(2,8))>
}
