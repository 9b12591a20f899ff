// Round trip of layout.get: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @get
func.func @get() -> !layout.layout<4:16> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<((2,4),8,3):((1,16),2,64)>
  %a0 = layout.const #layout.layout<((2,4),8,3):((1,16),2,64)>
  // CHECK: %[[R:.*]] = layout.get %[[A0]] modes [0, 1] : !layout.layout<((2,4),8,3):((1,16),2,64)>
  // GENERIC: "layout.get"(%0) <{indices = array<i64: 0, 1>}> : (!layout.layout<((2,4),8,3):((1,16),2,64)>) -> !layout.layout<4:16>
  %r = layout.get %a0 modes [0, 1] : !layout.layout<((2,4),8,3):((1,16),2,64)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<4:16>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<4:16>
}
