// Round trip of layout.blocked_product: custom form, reparse, generic form; the inferred result type
// (uncoalesced, as CuTe C++ since CUTLASS v3.8);
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @blocked_product
func.func @blocked_product() -> !layout.layout<((2,3),(5,4)):((5,10),(1,30))> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(2,5):(5,1)>
  %a0 = layout.const #layout.layout<(2,5):(5,1)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<(3,4):(1,3)>
  %a1 = layout.const #layout.layout<(3,4):(1,3)>
  // CHECK: %[[R:.*]] = layout.blocked_product %[[A0]], %[[A1]] : !layout.layout<(2,5):(5,1)>, !layout.layout<(3,4):(1,3)>
  // GENERIC: "layout.blocked_product"(%0, %1) : (!layout.layout<(2,5):(5,1)>, !layout.layout<(3,4):(1,3)>) -> !layout.layout<((2,3),(5,4)):((5,10),(1,30))>
  %r = layout.blocked_product %a0, %a1 : !layout.layout<(2,5):(5,1)>, !layout.layout<(3,4):(1,3)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,3),(5,4)):((5,10),(1,30))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,3),(5,4)):((5,10),(1,30))>
}
