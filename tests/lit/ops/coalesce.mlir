// Round trip of layout.coalesce: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @coalesce
func.func @coalesce() -> !layout.layout<8:1> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(2,4):(1,2)>
  %a0 = layout.const #layout.layout<(2,4):(1,2)>
  // CHECK: %[[R:.*]] = layout.coalesce %[[A0]] : !layout.layout<(2,4):(1,2)>
  // GENERIC: "layout.coalesce"(%0) : (!layout.layout<(2,4):(1,2)>) -> !layout.layout<8:1>
  %r = layout.coalesce %a0 : !layout.layout<(2,4):(1,2)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<8:1>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<8:1>
}
