// Round trip of layout.blocked_product: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @blocked_product
func.func @blocked_product() -> !layout.layout<(6,(5,4)):(5,(1,30))> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(2,5):(5,1)>
  %a0 = layout.const #layout.layout<(2,5):(5,1)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<(3,4):(1,3)>
  %a1 = layout.const #layout.layout<(3,4):(1,3)>
  // CHECK: %[[R:.*]] = layout.blocked_product %[[A0]], %[[A1]] : !layout.layout<(2,5):(5,1)>, !layout.layout<(3,4):(1,3)>
  // GENERIC: "layout.blocked_product"(%0, %1) : (!layout.layout<(2,5):(5,1)>, !layout.layout<(3,4):(1,3)>) -> !layout.layout<(6,(5,4)):(5,(1,30))>
  %r = layout.blocked_product %a0, %a1 : !layout.layout<(2,5):(5,1)>, !layout.layout<(3,4):(1,3)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(6,(5,4)):(5,(1,30))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(6,(5,4)):(5,(1,30))>
}

// No coalesce (CUTLASS >= v3.8): mode i is (A_i, B_i).
// CHECK-LABEL: func.func @uncoalesced
func.func @uncoalesced() -> !layout.layout<((3,2),(4,5)):((4,12),(1,24))> {
  %a = layout.const #layout.layout<(3,4):(4,1)>
  %t = layout.const #layout.layout<(2,5):(1,2)>
  // CHECK: layout.blocked_product %{{.*}}, %{{.*}} : !layout.layout<(3,4):(4,1)>, !layout.layout<(2,5):(1,2)>
  %r = layout.blocked_product %a, %t : !layout.layout<(3,4):(4,1)>, !layout.layout<(2,5):(1,2)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((3,2),(4,5)):((4,12),(1,24))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((3,2),(4,5)):((4,12),(1,24))>
}
