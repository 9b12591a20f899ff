// layout-lower-to-index with one coordinate per top-level mode: each coordinate is a linear
// index into its (possibly nested) mode, so each mode is coalesced and split on its own.
// With one coordinate per leaf of the shape (a hierarchical coordinate with the shape's
// profile), the offset is the inner product sum_k c_k * d_k: no division, no mod.
// RUN: layout-opt %s --lower-to-index | FileCheck %s
// RUN: layout-opt %s --lower-to-index --lower-to-nvvm | FileCheck %s --check-prefix=LLVM

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

// ((2,4),8):((1,16),2) at ((a, b), c): a + (b << 4) + (c << 1).
// LLVM-LABEL: llvm.func @per_leaf(
// LLVM: llvm.shl %arg1
// LLVM: llvm.add %arg0
// LLVM: llvm.shl %arg2
// LLVM: llvm.add
// LLVM-NEXT: llvm.return
// CHECK-LABEL: func.func @per_leaf
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[A:.*]] = arith.shli %arg1, %[[C4]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[B:.*]] = arith.addi %arg0, %[[A]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[C:.*]] = arith.shli %arg2, %[[C1]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[B]], %[[C]] overflow<nsw, nuw> : index
// CHECK-NEXT: return %[[D]] : index
func.func @per_leaf(%a: index, %b: index, %c: index) -> index {
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  %o = layout.crd2idx %l[%a, %b, %c] : !layout.layout<((2,4),8):((1,16),2)>
  return %o : index
}

// Stride-0 and extent-1 leaves contribute nothing; a runtime stride multiplies at run time
// (no overflow flags: its sign and size are unknown).
// CHECK-LABEL: func.func @per_leaf_dynamic
// CHECK-NOT: arith.constant
// CHECK: %[[A:.*]] = arith.muli %arg2, %arg4 : index
// CHECK-NEXT: %[[B:.*]] = arith.addi %arg0, %[[A]] : index
// CHECK-NEXT: return %[[B]] : index
func.func @per_leaf_dynamic(%a: index, %z: index, %b: index, %u: index, %s: index) -> index {
  %l = layout.make %s : !layout.layout<((8,4),(3,1)):((1,0),(?,5))>
  %o = layout.crd2idx %l[%a, %z, %b, %u] : !layout.layout<((8,4),(3,1)):((1,0),(?,5))>
  return %o : index
}

// Composed: the inner layout at the hierarchical coordinate, then the offset and the swizzle.
// CHECK-LABEL: func.func @per_leaf_swizzled
// CHECK: arith.shli %arg0
// CHECK: arith.shli %arg1
// CHECK: arith.addi
// CHECK: arith.addi
// CHECK: arith.andi
// CHECK: arith.shrui
// CHECK: arith.xori
func.func @per_leaf_swizzled(%a: index, %b: index, %c: index, %d: index) -> index {
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o ((8,2),(4,16)):((64,512),(1,4))>
  %o = layout.crd2idx %l[%a, %b, %c, %d] : !layout.layout<Sw<3,4,3> o 0 o ((8,2),(4,16)):((64,512),(1,4))>
  return %o : index
}
