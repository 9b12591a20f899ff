// layout-lower-to-index on static layouts with a linear index: the layout is coalesced by the
// algebra first, then each non-trivial mode costs at most a div, a mod, a mul and an add;
// powers of two become shifts and masks; nsw/nuw where the ranges prove them.
// RUN: layout-opt %s --lower-to-index | FileCheck %s
// RUN: layout-opt %s --pass-pipeline="builtin.module(layout-lower-to-index,canonicalize,cse)" | FileCheck %s
// RUN: layout-opt %s --pass-pipeline="builtin.module(func.func(layout-lower-to-index),canonicalize,cse)" | FileCheck %s

// (8,64):(1,8) coalesces to 512:1: the offset is the index itself.
// CHECK-LABEL: func.func @column_major
// CHECK-NEXT: return %arg0 : index
func.func @column_major(%i: index) -> index {
  %l = layout.const #layout.layout<(8,64):(1,8)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(8,64):(1,8)>
  return %o : index
}

// (8,64):(64,1): ((i & 7) << 6) + (i >> 3).
// CHECK-LABEL: func.func @row_major
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK: %[[A:.*]] = arith.andi %arg0, %[[C7]] : index
// CHECK-NEXT: %[[B:.*]] = arith.shli %[[A]], %[[C6]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[C:.*]] = arith.shrui %arg0, %[[C3]] : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[B]], %[[C]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[D]] : index
func.func @row_major(%i: index) -> index {
  %l = layout.const #layout.layout<(8,64):(64,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(8,64):(64,1)>
  return %o : index
}

// Extents that are not powers of two: remui/divui; the last mode takes no mod.
// CHECK-LABEL: func.func @not_power_of_two
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %[[A:.*]] = arith.remui %arg0, %[[C3]] : index
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[A]], %[[C5]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[C:.*]] = arith.divui %arg0, %[[C3]] : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[B]], %[[C]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[D]] : index
func.func @not_power_of_two(%i: index) -> index {
  %l = layout.const #layout.layout<(3,5):(5,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(3,5):(5,1)>
  return %o : index
}

// A stride-0 mode costs nothing; the next mode divides by both extents at once.
// CHECK-LABEL: func.func @broadcast
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[A:.*]] = arith.andi %arg0, %[[C3]] : index
// CHECK-NEXT: %[[B:.*]] = arith.shrui %arg0, %[[C3]] : index
// CHECK-NEXT: %[[C:.*]] = arith.shli %[[B]], %[[C2]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[A]], %[[C]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[D]] : index
func.func @broadcast(%i: index) -> index {
  %l = layout.const #layout.layout<(4,2,3):(1,0,4)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,2,3):(1,0,4)>
  return %o : index
}

// ((i >> 1) & 3) << 1 is one mask: i & 6.
// CHECK-LABEL: func.func @mask
// CHECK: %[[C6:.*]] = arith.constant 6 : index
// CHECK-NEXT: %[[A:.*]] = arith.andi %arg0, %[[C6]] : index
// CHECK-NEXT: return %[[A]] : index
func.func @mask(%i: index) -> index {
  %l = layout.const #layout.layout<(2,4):(0,2)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(2,4):(0,2)>
  return %o : index
}

// Constant coordinates fold.
// CHECK-LABEL: func.func @constant
// CHECK-NEXT: %[[C:.*]] = arith.constant 35 : index
// CHECK-NEXT: return %[[C]] : index
func.func @constant() -> index {
  %c13 = arith.constant 13 : index
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  %o = layout.crd2idx %l[%c13] : !layout.layout<((2,4),8):((1,16),2)>
  return %o : index
}
