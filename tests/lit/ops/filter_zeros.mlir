// Round trip of layout.filter_zeros: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @filter_zeros
func.func @filter_zeros() -> !layout.layout<(4,1,3):(1,0,4)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,2,3):(1,0,4)>
  %a0 = layout.const #layout.layout<(4,2,3):(1,0,4)>
  // CHECK: %[[R:.*]] = layout.filter_zeros %[[A0]] : !layout.layout<(4,2,3):(1,0,4)>
  // GENERIC: "layout.filter_zeros"(%0) : (!layout.layout<(4,2,3):(1,0,4)>) -> !layout.layout<(4,1,3):(1,0,4)>
  %r = layout.filter_zeros %a0 : !layout.layout<(4,2,3):(1,0,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4,1,3):(1,0,4)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(4,1,3):(1,0,4)>
}
