// layout-lower-to-index bit fields (docs/lowering.md, "Bit fields"): the terms that are masks
// and shifts of the index with the same shift merge into one andi and at most one shift.
// RUN: layout-opt %s --lower-to-index | FileCheck %s

// Fields separated by a stride-0 mode, identity strides: one mask, 3 + 56 = 59.
// CHECK-LABEL: func.func @stride0_between
// CHECK: %[[M:.*]] = arith.constant 59 : index
// CHECK-NEXT: %[[A:.*]] = arith.andi %arg0, %[[M]] : index
// CHECK-NEXT: return %[[A]] : index
func.func @stride0_between(%i: index) -> index {
  %l = layout.const #layout.layout<(4,2,8):(1,0,8)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,2,8):(1,0,8)>
  return %o : index
}

// (i >> 3) << 3 on [0, 512): the mask of the bits [3, 9).
// CHECK-LABEL: func.func @top_field
// CHECK: %[[M:.*]] = arith.constant 504 : index
// CHECK-NEXT: %[[A:.*]] = arith.andi %arg0, %[[M]] : index
// CHECK-NEXT: return %[[A]] : index
func.func @top_field(%i: index) -> index {
  %l = layout.const #layout.layout<(8,64):(0,8)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(8,64):(0,8)>
  return %o : index
}

// A runtime extent: the index has no static bound, the mask is ~7.
// CHECK-LABEL: func.func @top_field_unbounded
// CHECK: %[[M:.*]] = arith.constant -8 : index
// CHECK-NEXT: %[[A:.*]] = arith.andi %arg0, %[[M]] : index
// CHECK-NEXT: return %[[A]] : index
func.func @top_field_unbounded(%i: index, %n: index) -> index {
  %l = layout.make %n : !layout.layout<(8,?):(0,8)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(8,?):(0,8)>
  return %o : index
}

// Two stride-0 modes: bits 0 and 2.
// CHECK-LABEL: func.func @alternate
// CHECK: %[[M:.*]] = arith.constant 5 : index
// CHECK-NEXT: %[[A:.*]] = arith.andi %arg0, %[[M]] : index
// CHECK-NEXT: return %[[A]] : index
func.func @alternate(%i: index) -> index {
  %l = layout.const #layout.layout<(2,2,2,2):(1,0,4,0)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(2,2,2,2):(1,0,4,0)>
  return %o : index
}

// Two fields moved by the same shift (1): (i & 59) << 1.
// CHECK-LABEL: func.func @moved_together
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[M:.*]] = arith.constant 59 : index
// CHECK: %[[A:.*]] = arith.andi %arg0, %[[M]] : index
// CHECK-NEXT: %[[B:.*]] = arith.shli %[[A]], %[[C1]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[B]] : index
func.func @moved_together(%i: index) -> index {
  %l = layout.const #layout.layout<(4,2,8):(2,0,16)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,2,8):(2,0,16)>
  return %o : index
}

// A top field of extent 3 (the quotient stays below it): bits [4, 6) with bits [0, 2).
// CHECK-LABEL: func.func @top_field_any_extent
// CHECK: %[[M:.*]] = arith.constant 51 : index
// CHECK-NEXT: %[[A:.*]] = arith.andi %arg0, %[[M]] : index
// CHECK-NEXT: return %[[A]] : index
func.func @top_field_any_extent(%i: index) -> index {
  %l = layout.const #layout.layout<(4,4,3):(1,0,16)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,4,3):(1,0,16)>
  return %o : index
}

// A non-power-of-two extent: i mod 5, then the quotient i div 20 once.
// CHECK-LABEL: func.func @odd_extent
// CHECK-DAG: %[[C20:.*]] = arith.constant 20 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %[[A:.*]] = arith.remui %arg0, %[[C5]] : index
// CHECK-NEXT: %[[B:.*]] = arith.divui %arg0, %[[C20]] : index
// CHECK-NEXT: %[[C:.*]] = arith.muli %[[B]], %[[C20]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[A]], %[[C]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[D]] : index
func.func @odd_extent(%i: index) -> index {
  %l = layout.const #layout.layout<(5,4,8):(1,0,20)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(5,4,8):(1,0,20)>
  return %o : index
}

// Different shifts: one mask and at most one shift each; the row-major
// (4,8):(8,1): ((i & 3) << 3) + (i >> 2).
// CHECK-LABEL: func.func @transpose
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[A:.*]] = arith.andi %arg0, %[[C3]] : index
// CHECK-NEXT: %[[B:.*]] = arith.shli %[[A]], %[[C3]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[C:.*]] = arith.shrui %arg0, %[[C2]] : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[B]], %[[C]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[D]] : index
func.func @transpose(%i: index) -> index {
  %l = layout.const #layout.layout<(4,8):(8,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,8):(8,1)>
  return %o : index
}
