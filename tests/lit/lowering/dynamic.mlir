// layout-lower-to-index on dynamic layouts: the `?` leaves are the index operands of the
// layout.make that built the layout (in print order). Runtime extents divide with divui/remui;
// nothing is known about runtime strides, so their products carry no overflow flags.
// RUN: layout-opt %s --lower-to-index | FileCheck %s
// RUN: layout-opt %s --layout-canonicalize --lower-to-index | FileCheck %s

// CHECK-LABEL: func.func @linear
// CHECK-NEXT: %[[A:.*]] = arith.remui %arg0, %arg1 : index
// CHECK-NEXT: %[[B:.*]] = arith.divui %arg0, %arg1 : index
// CHECK-NEXT: %[[C:.*]] = arith.muli %[[B]], %arg2 : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[A]], %[[C]] : index
// CHECK-NEXT: return %[[D]] : index
func.func @linear(%i: index, %m: index, %ld: index) -> index {
  %l = layout.make %m, %ld : !layout.layout<(?,8):(1,?)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(?,8):(1,?)>
  return %o : index
}

// One coordinate per mode: no division at all.
// CHECK-LABEL: func.func @modes
// CHECK-NEXT: %[[A:.*]] = arith.muli %arg1, %arg3 : index
// CHECK-NEXT: %[[B:.*]] = arith.addi %arg0, %[[A]] : index
// CHECK-NEXT: return %[[B]] : index
func.func @modes(%i: index, %j: index, %m: index, %ld: index) -> index {
  %l = layout.make %m, %ld : !layout.layout<(?,8):(1,?)>
  %o = layout.crd2idx %l[%i, %j] : !layout.layout<(?,8):(1,?)>
  return %o : index
}

// (4,2,?):(1,4,8) coalesces to (8,?):(1,8) (by the algebra; layout-canonicalize inserts the
// same layout.coalesce, which the lowering looks through), and
// (i mod 8) + (i div 8) * 8 -> i.
// CHECK-LABEL: func.func @coalesced
// CHECK-NEXT: return %arg0 : index
func.func @coalesced(%i: index, %m: index) -> index {
  %l = layout.make %m : !layout.layout<(4,2,?):(1,4,8)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,2,?):(1,4,8)>
  return %o : index
}

// The same runtime value as extent and stride: (i mod m) + (i div m) * m -> i.
// CHECK-LABEL: func.func @recombined
// CHECK-NEXT: return %arg0 : index
func.func @recombined(%i: index, %m: index) -> index {
  %l = layout.make %m, %m : !layout.layout<(?,8):(1,?)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(?,8):(1,?)>
  return %o : index
}

// Static and dynamic extents mixed: the static divisor is applied first.
// CHECK-LABEL: func.func @mixed
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[B:.*]] = arith.shrui %arg0, %[[C2]] : index
// CHECK-NEXT: %[[C:.*]] = arith.remui %[[B]], %arg1 : index
// CHECK-NEXT: %[[D:.*]] = arith.muli %[[C]], %arg2 : index
// CHECK-NEXT: %[[F:.*]] = arith.divui %[[B]], %arg1 : index
// CHECK-NEXT: %[[G:.*]] = arith.muli %[[F]], %arg3 : index
// CHECK-NEXT: %[[A:.*]] = arith.andi %arg0, %[[C3]] : index
// CHECK-NEXT: %[[E:.*]] = arith.addi %[[A]], %[[D]] : index
// CHECK-NEXT: %[[H:.*]] = arith.addi %[[E]], %[[G]] : index
// CHECK-NEXT: return %[[H]] : index
func.func @mixed(%i: index, %m: index, %s1: index, %s2: index) -> index {
  %l = layout.make %m, %s1, %s2 : !layout.layout<(4,?,2):(1,?,?)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,?,2):(1,?,?)>
  return %o : index
}
