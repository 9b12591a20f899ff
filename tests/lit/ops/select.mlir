// Round trip of layout.select: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @select
func.func @select() -> !layout.layout<(3,(2,4)):(64,(1,16))> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<((2,4),8,3):((1,16),2,64)>
  %a0 = layout.const #layout.layout<((2,4),8,3):((1,16),2,64)>
  // CHECK: %[[R:.*]] = layout.select %[[A0]] modes [2, 0] : !layout.layout<((2,4),8,3):((1,16),2,64)>
  // GENERIC: "layout.select"(%0) <{indices = array<i64: 2, 0>}> : (!layout.layout<((2,4),8,3):((1,16),2,64)>) -> !layout.layout<(3,(2,4)):(64,(1,16))>
  %r = layout.select %a0 modes [2, 0] : !layout.layout<((2,4),8,3):((1,16),2,64)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(3,(2,4)):(64,(1,16))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(3,(2,4)):(64,(1,16))>
}
