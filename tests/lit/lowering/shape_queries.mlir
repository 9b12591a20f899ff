// layout-lower-to-index on size/rank/depth of dynamic layouts: the size is the product of the
// extents (runtime extents multiply at run time); rank and depth depend only on the structure.
// Ops the pass does not lower (here cosize, which needs the footprint) are left as they are;
// --lower-to-index runs no canonicalize afterwards, so cosize keeps its operand.
// RUN: layout-opt %s --lower-to-index | FileCheck %s

// CHECK-LABEL: func.func @queries
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[M:.*]] = layout.make %arg0, %arg1, %arg1 : !layout.layout<((?,2),?):((1,?),64)>
// CHECK-DAG: %[[A:.*]] = arith.muli %arg0, %[[C2]] : index
// CHECK: %[[B:.*]] = arith.muli %[[A]], %arg1 : index
// CHECK-NEXT: %[[CO:.*]] = layout.cosize %[[M]] : !layout.layout<((?,2),?):((1,?),64)>
// CHECK-NEXT: return %[[B]], %[[C2]], %[[C2]], %[[CO]] : index, index, index, index
func.func @queries(%m: index, %n: index) -> (index, index, index, index) {
  %l = layout.make %m, %n, %n : !layout.layout<((?,2),?):((1,?),64)>
  %s = layout.size %l : !layout.layout<((?,2),?):((1,?),64)>
  %r = layout.rank %l : !layout.layout<((?,2),?):((1,?),64)>
  %d = layout.depth %l : !layout.layout<((?,2),?):((1,?),64)>
  %c = layout.cosize %l : !layout.layout<((?,2),?):((1,?),64)>
  return %s, %r, %d, %c : index, index, index, index
}
