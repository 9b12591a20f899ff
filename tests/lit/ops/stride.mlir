// Round trip of layout.stride: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @stride
func.func @stride() -> !layout.tuple<((1,16),2)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<((2,4),8):((1,16),2)>
  %a0 = layout.const #layout.layout<((2,4),8):((1,16),2)>
  // CHECK: %[[R:.*]] = layout.stride %[[A0]] : !layout.layout<((2,4),8):((1,16),2)>
  // GENERIC: "layout.stride"(%0) : (!layout.layout<((2,4),8):((1,16),2)>) -> !layout.tuple<((1,16),2)>
  %r = layout.stride %a0 : !layout.layout<((2,4),8):((1,16),2)>
  // FOLD: %[[C:.*]] = layout.const #layout.tuple<((1,16),2)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.tuple<((1,16),2)>
}
