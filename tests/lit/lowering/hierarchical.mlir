// layout-lower-to-index with one coordinate per top-level mode: each coordinate is a linear
// index into its (possibly nested) mode, so each mode is coalesced and split on its own.
// RUN: layout-opt %s --lower-to-index | FileCheck %s

// ((2,4),8):((1,16),2) at (i, j): (i & 1) + ((i >> 1) << 4) + (j << 1).
// CHECK-LABEL: func.func @nested
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[A:.*]] = arith.andi %arg0, %[[C1]] : index
// CHECK-NEXT: %[[B:.*]] = arith.shrui %arg0, %[[C1]] : index
// CHECK-NEXT: %[[C:.*]] = arith.shli %[[B]], %[[C4]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[A]], %[[C]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[E:.*]] = arith.shli %arg1, %[[C1]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[F:.*]] = arith.addi %[[D]], %[[E]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[F]] : index
func.func @nested(%i: index, %j: index) -> index {
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  %o = layout.crd2idx %l[%i, %j] : !layout.layout<((2,4),8):((1,16),2)>
  return %o : index
}

// A mode that coalesces to its index: ((4,2),3):((1,4),8) at (i, j) is i + j * 8.
// CHECK-LABEL: func.func @contiguous_mode
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[A:.*]] = arith.shli %arg1, %[[C3]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[B:.*]] = arith.addi %arg0, %[[A]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[B]] : index
func.func @contiguous_mode(%i: index, %j: index) -> index {
  %l = layout.const #layout.layout<((4,2),3):((1,4),8)>
  %o = layout.crd2idx %l[%i, %j] : !layout.layout<((4,2),3):((1,4),8)>
  return %o : index
}
