// layout-lower-to-index through algebra ops on dynamic layouts: the runtime leaves of the
// result are traced back to the layout.make operands (the algebra computes the op with a
// distinct stand-in for each `?`; the result must match the op's type with the stand-ins
// read back as `?`). Ops that combine runtime leaves are refused (errors.mlir).
// RUN: layout-opt %s --lower-to-index | FileCheck %s

// get mode 0 of ((2,?),8):((1,?),64) is (2,?):(1,?): (i & 1) + (i >> 1) * %ld.
// CHECK-LABEL: func.func @get
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[B:.*]] = arith.shrui %arg0, %[[C1]] : index
// CHECK-NEXT: %[[C:.*]] = arith.muli %[[B]], %arg2 : index
// CHECK-NEXT: %[[A:.*]] = arith.andi %arg0, %[[C1]] : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[A]], %[[C]] : index
// CHECK-NEXT: return %[[D]] : index
func.func @get(%i: index, %m: index, %ld: index) -> index {
  %l = layout.make %m, %ld : !layout.layout<((2,?),8):((1,?),64)>
  %g = layout.get %l modes [0] : !layout.layout<((2,?),8):((1,?),64)>
  %o = layout.crd2idx %g[%i] : !layout.layout<(2,?):(1,?)>
  return %o : index
}

// append of (4,?):(1,4) and ?:64 is (4,?,?):(1,4,64); the last extent is never needed.
// CHECK-LABEL: func.func @append
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[B:.*]] = arith.shrui %arg0, %[[C2]] : index
// CHECK-NEXT: %[[C:.*]] = arith.remui %[[B]], %arg1 : index
// CHECK-NEXT: %[[D:.*]] = arith.shli %[[C]], %[[C2]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[E:.*]] = arith.divui %[[B]], %arg1 : index
// CHECK-NEXT: %[[F:.*]] = arith.muli %[[E]], %[[C64]] : index
// CHECK-NEXT: %[[A:.*]] = arith.andi %arg0, %[[C3]] : index
// CHECK-NEXT: %[[G:.*]] = arith.addi %[[A]], %[[D]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[H:.*]] = arith.addi %[[G]], %[[F]] : index
// CHECK-NEXT: return %[[H]] : index
func.func @append(%i: index, %m: index, %n: index) -> index {
  %a = layout.make %m : !layout.layout<(4,?):(1,4)>
  %b = layout.make %n : !layout.layout<?:64>
  %c = layout.append %a, %b : !layout.layout<(4,?):(1,4)>, !layout.layout<?:64>
  %o = layout.crd2idx %c[%i] : !layout.layout<(4,?,?):(1,4,64)>
  return %o : index
}
