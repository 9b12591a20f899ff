// Round trip of layout.raked_product: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @raked_product
func.func @raked_product() -> !layout.layout<((3,2),(4,5)):((10,5),(30,1))> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(2,5):(5,1)>
  %a0 = layout.const #layout.layout<(2,5):(5,1)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<(3,4):(1,3)>
  %a1 = layout.const #layout.layout<(3,4):(1,3)>
  // CHECK: %[[R:.*]] = layout.raked_product %[[A0]], %[[A1]] : !layout.layout<(2,5):(5,1)>, !layout.layout<(3,4):(1,3)>
  // GENERIC: "layout.raked_product"(%0, %1) : (!layout.layout<(2,5):(5,1)>, !layout.layout<(3,4):(1,3)>) -> !layout.layout<((3,2),(4,5)):((10,5),(30,1))>
  %r = layout.raked_product %a0, %a1 : !layout.layout<(2,5):(5,1)>, !layout.layout<(3,4):(1,3)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((3,2),(4,5)):((10,5),(30,1))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((3,2),(4,5)):((10,5),(30,1))>
}

// No coalesce (CUTLASS >= v3.8): mode i is (B_i, A_i).
// CHECK-LABEL: func.func @uncoalesced
func.func @uncoalesced() -> !layout.layout<((2,3),(5,4)):((12,4),(24,1))> {
  %a = layout.const #layout.layout<(3,4):(4,1)>
  %t = layout.const #layout.layout<(2,5):(1,2)>
  // CHECK: layout.raked_product %{{.*}}, %{{.*}} : !layout.layout<(3,4):(4,1)>, !layout.layout<(2,5):(1,2)>
  %r = layout.raked_product %a, %t : !layout.layout<(3,4):(4,1)>, !layout.layout<(2,5):(1,2)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,3),(5,4)):((12,4),(24,1))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,3),(5,4)):((12,4),(24,1))>
}
