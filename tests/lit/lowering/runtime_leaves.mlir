// layout-lower-to-index through algebra ops on dynamic layouts: the algebra computes the op on
// its operands with each runtime leaf an expression over the layout.make operands
// (lowering/src/runtime_leaves.rs), and the lowering emits those expressions as arith ops.
// Conditions that C++ leaves unchecked for runtime values become cf.assert with the condition.
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

// complement((?,8):(1,4)) = (?,?):(?,32) with the extent 4/m, the stride m+28 (the span of A
// rounded up, over M = cosize), and two conditions C++ does not check: m <= 4 (A's modes do
// not interleave) and that (A, R) reaches the cotarget.
// CHECK-LABEL: func.func @complement
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[Q:.*]] = arith.divsi %[[C4]], %arg1 : index
// CHECK: cf.assert %{{.*}}, "complement: (A, R) for A = (?,8):(1,4) does not reach the cotarget
// CHECK: %[[LE:.*]] = arith.cmpi sle, %arg1, %[[C4]] : index
// CHECK-NEXT: cf.assert %[[LE]], "complement: A = (?,8):(1,4) has no complement
// CHECK-NEXT: %[[R:.*]] = arith.remui %arg0, %[[Q]] : index
// CHECK-NEXT: %[[S:.*]] = arith.muli %[[R]], %arg1 : index
// CHECK-NEXT: %[[D:.*]] = arith.divui %arg0, %[[Q]] : index
// CHECK-NEXT: %[[T:.*]] = arith.muli %[[D]], %{{.*}} : index
// CHECK-NEXT: %[[O:.*]] = arith.addi %[[S]], %[[T]] : index
// CHECK-NEXT: return %[[O]] : index
func.func @complement(%i: index, %m: index) -> index {
  %l = layout.make %m : !layout.layout<(?,8):(1,4)>
  %c = layout.complement %l : !layout.layout<(?,8):(1,4)>
  %o = layout.crd2idx %c[%i] : !layout.layout<(?,?):(?,32)>
  return %o : index
}

// Per-mode coordinates on coalesce((4,2,?):(1,4,8)) = (8,?):(1,8): i + j * 8.
// CHECK-LABEL: func.func @per_mode_of_coalesced
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[A:.*]] = arith.muli %arg1, %[[C8]] : index
// CHECK-NEXT: %[[B:.*]] = arith.addi %arg0, %[[A]] : index
// CHECK-NEXT: return %[[B]] : index
func.func @per_mode_of_coalesced(%i: index, %j: index, %m: index) -> index {
  %l = layout.make %m : !layout.layout<(4,2,?):(1,4,8)>
  %c = layout.coalesce %l : !layout.layout<(4,2,?):(1,4,8)>
  %o = layout.crd2idx %c[%i, %j] : !layout.layout<(8,?):(1,8)>
  return %o : index
}

// zipped_divide((m,n):(ld,1), [128:1,64:1]) = ((128,64),(ceil(m/128),ceil(n/64))):((ld,1),(128*ld,64)),
// as CuTe C++ computes it with int leaves: per-mode coordinates (x in the tile, y the tile),
// the size, and the leaves of the tile mode.
// CHECK-LABEL: func.func @zipped_divide
// CHECK-DAG: %[[C127:.*]] = arith.constant 127 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C63:.*]] = arith.constant 63 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG: %[[C8192:.*]] = arith.constant 8192 : index
// CHECK: %[[M1:.*]] = arith.addi %arg0, %[[C127]] : index
// CHECK-NEXT: %[[TM:.*]] = arith.divsi %[[M1]], %[[C128]] : index
// CHECK-NEXT: %[[LD128:.*]] = arith.muli %arg2, %[[C128]] : index
// CHECK-NEXT: %[[XM:.*]] = arith.andi %arg3, %[[C127]] : index
// CHECK-NEXT: %[[XO:.*]] = arith.muli %[[XM]], %arg2 : index
// CHECK-NEXT: %[[XN:.*]] = arith.shrui %arg3, %[[C7]] : index
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[XO]], %[[XN]] : index
// CHECK-NEXT: %[[YM:.*]] = arith.remui %arg4, %[[TM]] : index
// CHECK-NEXT: %[[YO:.*]] = arith.muli %[[YM]], %[[LD128]] : index
// CHECK-NEXT: %[[YN:.*]] = arith.divui %arg4, %[[TM]] : index
// CHECK-NEXT: %[[YP:.*]] = arith.muli %[[YN]], %[[C64]] : index
// CHECK-NEXT: %[[Y:.*]] = arith.addi %[[YO]], %[[YP]] : index
// CHECK-NEXT: %[[O:.*]] = arith.addi %[[X]], %[[Y]] : index
// CHECK-NEXT: %[[N1:.*]] = arith.addi %arg1, %[[C63]] : index
// CHECK-NEXT: %[[TN:.*]] = arith.divsi %[[N1]], %[[C64]] : index
// CHECK-NEXT: %[[S1:.*]] = arith.muli %[[TM]], %[[C8192]] : index
// CHECK-NEXT: %[[S:.*]] = arith.muli %[[S1]], %[[TN]] : index
// CHECK-NEXT: return %[[O]], %[[S]], %[[TM]], %[[LD128]] : index, index, index, index
func.func @zipped_divide(%m: index, %n: index, %ld: index, %x: index, %y: index) -> (index, index, index, index) {
  %a = layout.make %m, %n, %ld : !layout.layout<(?,?):(?,1)>
  %t = layout.const #layout.tiler<[128:1,64:1]>
  %z = layout.zipped_divide %a, %t : !layout.layout<(?,?):(?,1)>, !layout.tiler<[128:1,64:1]>
  %o = layout.crd2idx %z[%x, %y] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
  %s = layout.size %z : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
  %e = layout.shape_leaf %z modes [1, 0] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
  %d = layout.stride_leaf %z modes [1, 0] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
  return %o, %s, %e, %d : index, index, index, index
}
