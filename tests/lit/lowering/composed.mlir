// layout-lower-to-index on composed layouts outer o off o inner with a layout as outer: the
// outer layout is coalesced only when the ranges show that its argument stays in its domain
// (past the domain its last mode absorbs the rest, which coalesce does not preserve).
// RUN: layout-opt %s --lower-to-index | FileCheck %s

// inner(i) = 2i in [0, 14], + 3 -> [3, 17], inside the 32 points of (4,8):(8,1).
// CHECK-LABEL: func.func @in_domain
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[A:.*]] = arith.shli %arg0, %[[C1]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[B:.*]] = arith.addi %[[A]], %[[C3]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[C:.*]] = arith.andi %[[B]], %[[C3]] : index
// CHECK-NEXT: %[[D:.*]] = arith.shli %[[C]], %[[C3]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[E:.*]] = arith.shrui %[[B]], %[[C2]] : index
// CHECK-NEXT: %[[F:.*]] = arith.addi %[[D]], %[[E]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[F]] : index
func.func @in_domain(%i: index) -> index {
  %l = layout.const #layout.layout<(4,8):(8,1) o 3 o (8):(2)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,8):(8,1) o 3 o (8):(2)>
  return %o : index
}

// + 30 -> [30, 44], past the domain: the last mode of the outer layout takes no mod.
// CHECK-LABEL: func.func @past_domain
// CHECK-DAG: %[[C30:.*]] = arith.constant 30 : index
// CHECK: %[[A:.*]] = arith.shli %arg0, %{{.*}} overflow<nsw, nuw> : index
// CHECK-NEXT: %[[B:.*]] = arith.addi %[[A]], %[[C30]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[C:.*]] = arith.andi %[[B]], %{{.*}} : index
// CHECK-NEXT: %[[D:.*]] = arith.shli %[[C]], %{{.*}} overflow<nsw, nuw> : index
// CHECK-NEXT: %[[E:.*]] = arith.shrui %[[B]], %{{.*}} : index
// CHECK-NEXT: %[[F:.*]] = arith.addi %[[D]], %[[E]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[F]] : index
func.func @past_domain(%i: index) -> index {
  %l = layout.const #layout.layout<(4,8):(8,1) o 30 o (8):(2)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,8):(8,1) o 30 o (8):(2)>
  return %o : index
}
