// Round trip of layout.filter: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @filter
func.func @filter() -> !layout.layout<12:1> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,2,3):(1,0,4)>
  %a0 = layout.const #layout.layout<(4,2,3):(1,0,4)>
  // CHECK: %[[R:.*]] = layout.filter %[[A0]] : !layout.layout<(4,2,3):(1,0,4)>
  // GENERIC: "layout.filter"(%0) : (!layout.layout<(4,2,3):(1,0,4)>) -> !layout.layout<12:1>
  %r = layout.filter %a0 : !layout.layout<(4,2,3):(1,0,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<12:1>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<12:1>
}
