// Round trip of layout.flatten: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @flatten
func.func @flatten() -> !layout.layout<(2,4,8,3):(1,16,2,64)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<((2,4),8,3):((1,16),2,64)>
  %a0 = layout.const #layout.layout<((2,4),8,3):((1,16),2,64)>
  // CHECK: %[[R:.*]] = layout.flatten %[[A0]] : !layout.layout<((2,4),8,3):((1,16),2,64)>
  // GENERIC: "layout.flatten"(%0) : (!layout.layout<((2,4),8,3):((1,16),2,64)>) -> !layout.layout<(2,4,8,3):(1,16,2,64)>
  %r = layout.flatten %a0 : !layout.layout<((2,4),8,3):((1,16),2,64)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(2,4,8,3):(1,16,2,64)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(2,4,8,3):(1,16,2,64)>
}
