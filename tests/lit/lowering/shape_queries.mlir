// layout-lower-to-index on size/rank/depth/cosize of dynamic layouts: the size is the product of
// the extents (runtime extents multiply at run time); rank and depth depend only on the
// structure; cosize is 1 + sum (s_i - 1) * |d_i| with the runtime leaves' values (|d| is
// maxsi(d, 0 - d) where the sign of d is not known). The lowering emits 1 + (m - 1) for the
// first mode; canonicalize (in the pipeline) folds it to m.
// RUN: layout-opt %s --lower-to-index | FileCheck %s

// CHECK-LABEL: func.func @queries
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[A:.*]] = arith.muli %arg0, %[[C2]] : index
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[A]], %arg1 : index
// CHECK-NEXT: %[[NEG:.*]] = arith.subi %[[C0]], %arg1 : index
// CHECK-NEXT: %[[ABS:.*]] = arith.maxsi %arg1, %[[NEG]] : index
// CHECK-NEXT: %[[H:.*]] = arith.addi %arg0, %[[ABS]] : index
// CHECK-NEXT: %[[N1:.*]] = arith.addi %arg1, %[[CM1]] : index
// CHECK-NEXT: %[[T:.*]] = arith.muli %[[N1]], %[[C64]] : index
// CHECK-NEXT: %[[CO:.*]] = arith.addi %[[H]], %[[T]] : index
// CHECK-NEXT: return %[[B]], %[[C2]], %[[C2]], %[[CO]] : index, index, index, index
func.func @queries(%m: index, %n: index) -> (index, index, index, index) {
  %l = layout.make %m, %n, %n : !layout.layout<((?,2),?):((1,?),64)>
  %s = layout.size %l : !layout.layout<((?,2),?):((1,?),64)>
  %r = layout.rank %l : !layout.layout<((?,2),?):((1,?),64)>
  %d = layout.depth %l : !layout.layout<((?,2),?):((1,?),64)>
  %c = layout.cosize %l : !layout.layout<((?,2),?):((1,?),64)>
  return %s, %r, %d, %c : index, index, index, index
}

// A layout that is a block argument: its runtime leaves are not known in the function, so the
// size and cosize stay (legal for the conversion once the lowering leaves them, no error);
// rank and depth depend only on the structure and are lowered.
// CHECK-LABEL: func.func @opaque
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[S:.*]] = layout.size %arg0 : !layout.layout<(?,4):(1,?)>
// CHECK-DAG: %[[CO:.*]] = layout.cosize %arg0 : !layout.layout<(?,4):(1,?)>
// CHECK: return %[[S]], %[[C2]], %[[C1]], %[[CO]] : index, index, index, index
func.func @opaque(%l: !layout.layout<(?,4):(1,?)>) -> (index, index, index, index) {
  %s = layout.size %l : !layout.layout<(?,4):(1,?)>
  %r = layout.rank %l : !layout.layout<(?,4):(1,?)>
  %d = layout.depth %l : !layout.layout<(?,4):(1,?)>
  %c = layout.cosize %l : !layout.layout<(?,4):(1,?)>
  return %s, %r, %d, %c : index, index, index, index
}
