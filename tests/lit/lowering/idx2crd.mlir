// layout-lower-to-index on idx2crd: the colexicographic split of an index, one result per
// leaf of the shape (no coalescing: the coordinates are observed); the last leaf takes no mod.
// RUN: layout-opt %s --lower-to-index | FileCheck %s

// CHECK-LABEL: func.func @nested
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK: %[[A:.*]] = arith.andi %arg0, %[[C1]] : index
// CHECK-NEXT: %[[B:.*]] = arith.shrui %arg0, %[[C1]] : index
// CHECK-NEXT: %[[C:.*]] = arith.remui %[[B]], %[[C3]] : index
// CHECK-NEXT: %[[D:.*]] = arith.divui %arg0, %[[C6]] : index
// CHECK-NEXT: return %[[A]], %[[C]], %[[D]] : index, index, index
func.func @nested(%i: index) -> (index, index, index) {
  %l = layout.const #layout.layout<((2,3),8):((1,16),2)>
  %x:3 = layout.idx2crd %l[%i] : !layout.layout<((2,3),8):((1,16),2)> -> index, index, index
  return %x#0, %x#1, %x#2 : index, index, index
}

// A static extent 1 has coordinate 0.
// CHECK-LABEL: func.func @unit_extent
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[A:.*]] = arith.andi %arg0, %[[C3]] : index
// CHECK-NEXT: %[[B:.*]] = arith.shrui %arg0, %[[C2]] : index
// CHECK-NEXT: return %[[A]], %[[C0]], %[[B]] : index, index, index
func.func @unit_extent(%i: index) -> (index, index, index) {
  %l = layout.const #layout.layout<(4,1,5):(1,0,4)>
  %x:3 = layout.idx2crd %l[%i] : !layout.layout<(4,1,5):(1,0,4)> -> index, index, index
  return %x#0, %x#1, %x#2 : index, index, index
}

// Runtime extents.
// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT: %[[A:.*]] = arith.remui %arg0, %arg1 : index
// CHECK-NEXT: %[[B:.*]] = arith.divui %arg0, %arg1 : index
// CHECK-NEXT: return %[[A]], %[[B]] : index, index
func.func @dynamic(%i: index, %m: index, %ld: index) -> (index, index) {
  %l = layout.make %m, %ld : !layout.layout<(?,8):(1,?)>
  %x:2 = layout.idx2crd %l[%i] : !layout.layout<(?,8):(1,?)> -> index, index
  return %x#0, %x#1 : index, index
}
