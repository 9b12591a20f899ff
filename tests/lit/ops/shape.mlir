// Round trip of layout.shape: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @shape
func.func @shape() -> !layout.tuple<((2,4),8)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<((2,4),8):((1,16),2)>
  %a0 = layout.const #layout.layout<((2,4),8):((1,16),2)>
  // CHECK: %[[R:.*]] = layout.shape %[[A0]] : !layout.layout<((2,4),8):((1,16),2)>
  // GENERIC: "layout.shape"(%0) : (!layout.layout<((2,4),8):((1,16),2)>) -> !layout.tuple<((2,4),8)>
  %r = layout.shape %a0 : !layout.layout<((2,4),8):((1,16),2)>
  // FOLD: %[[C:.*]] = layout.const #layout.tuple<((2,4),8)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.tuple<((2,4),8)>
}
