// layout.linear_apply: round trip, and its lowering to and/shift/mul/xor index math
// (--lower-to-index): one term ((x >> k) & 1) * basis per non-zero basis, combined with xori.
// RUN: layout-opt %s | FileCheck %s --check-prefix=RT
// RUN: layout-opt %s | layout-opt | FileCheck %s --check-prefix=RT
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s --check-prefix=RT
// RUN: layout-opt %s --lower-to-index | FileCheck %s

// register bits -> offset 2, 8; lane bits -> offset 1, 3.
// RT-LABEL: func.func @apply
// RT: layout.linear_apply #layout.linear<{"in_dims":{{\[}}{"name":"register","size":4,"bases":{{\[\[}}2],[8]]},{"name":"lane","size":4,"bases":{{\[\[}}1],[3]]}],"out_dims":{{\[}}{"name":"offset","size":16}]}>[%arg0, %arg1]
// CHECK-LABEL: func.func @apply(%arg0: index, %arg1: index) -> index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[R0:.*]] = arith.andi %arg0, %[[C1]] : index
// CHECK-NEXT: %[[T0:.*]] = arith.shli %[[R0]], %[[C1]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[S1:.*]] = arith.shrui %arg0, %[[C1]] : index
// CHECK-NEXT: %[[R1:.*]] = arith.andi %[[S1]], %[[C1]] : index
// CHECK-NEXT: %[[T1:.*]] = arith.shli %[[R1]], %[[C3]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[X1:.*]] = arith.xori %[[T0]], %[[T1]] : index
// CHECK-NEXT: %[[L0:.*]] = arith.andi %arg1, %[[C1]] : index
// CHECK-NEXT: %[[X2:.*]] = arith.xori %[[X1]], %[[L0]] : index
// CHECK-NEXT: %[[S2:.*]] = arith.shrui %arg1, %[[C1]] : index
// CHECK-NEXT: %[[L1:.*]] = arith.andi %[[S2]], %[[C1]] : index
// CHECK-NEXT: %[[T3:.*]] = arith.muli %[[L1]], %[[C3]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[X3:.*]] = arith.xori %[[X2]], %[[T3]] : index
// CHECK-NEXT: return %[[X3]] : index
func.func @apply(%r: index, %l: index) -> index {
  %o = layout.linear_apply #layout.linear<{"in_dims": [{"name": "register", "size": 4, "bases": [[2], [8]]}, {"name": "lane", "size": 4, "bases": [[1], [3]]}], "out_dims": [{"name": "offset", "size": 16}]}>[%r, %l]
  return %o : index
}

// Triton text, two out dims (sizes inferred: 2 each): the result is the flattened offset,
// dim0 at bit 0, dim1 at bit 1.
// CHECK-LABEL: func.func @triton(%arg0: index) -> index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[B0:.*]] = arith.andi %arg0, %[[C1]] : index
// CHECK-NEXT: %[[T0:.*]] = arith.shli %[[B0]], %[[C1]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[S1:.*]] = arith.shrui %arg0, %[[C1]] : index
// CHECK-NEXT: %[[B1:.*]] = arith.andi %[[S1]], %[[C1]] : index
// CHECK-NEXT: %[[X:.*]] = arith.xori %[[T0]], %[[B1]] : index
// CHECK-NEXT: return %[[X]] : index
func.func @triton(%x: index) -> index {
  %o = layout.linear_apply #layout.linear<{register = [[0, 1], [1, 0]]}>[%x]
  return %o : index
}

// The layout as an SSA value (layout.const, type !layout.linear<...>): the same index math as
// the attribute form; the constant is erased once unused.
// RT-LABEL: func.func @value
// RT: %[[L:.*]] = layout.const #layout.linear<{register = {{\[\[}}0, 1], [1, 0]]}>
// RT: layout.linear_apply %[[L]][%arg0] : !layout.linear<{register = {{\[\[}}0, 1], [1, 0]]}>
// CHECK-LABEL: func.func @value(%arg0: index) -> index
// CHECK-NOT: layout.
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[B0:.*]] = arith.andi %arg0, %[[C1]] : index
// CHECK-NEXT: %[[T0:.*]] = arith.shli %[[B0]], %[[C1]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[S1:.*]] = arith.shrui %arg0, %[[C1]] : index
// CHECK-NEXT: %[[B1:.*]] = arith.andi %[[S1]], %[[C1]] : index
// CHECK-NEXT: %[[X:.*]] = arith.xori %[[T0]], %[[B1]] : index
// CHECK-NEXT: return %[[X]] : index
func.func @value(%x: index) -> index {
  %l = layout.const #layout.linear<{register = [[0, 1], [1, 0]]}>
  %o = layout.linear_apply %l[%x] : !layout.linear<{register = [[0, 1], [1, 0]]}>
  return %o : index
}

// A linear layout computed by a conversion op is applied the same way (its type determines it):
// to_linear of a 2x2 row-major tile, bits (dim0, dim1) -> offsets (2, 1).
// CHECK-LABEL: func.func @converted(%arg0: index, %arg1: index) -> index
// CHECK-NOT: layout.
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[I:.*]] = arith.andi %arg0, %[[C1]] : index
// CHECK-NEXT: %[[T:.*]] = arith.shli %[[I]], %[[C1]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[J:.*]] = arith.andi %arg1, %[[C1]] : index
// CHECK-NEXT: %[[X:.*]] = arith.xori %[[T]], %[[J]] : index
// CHECK-NEXT: return %[[X]] : index
func.func @converted(%i: index, %j: index) -> index {
  %c = layout.const #layout.layout<(2,2):(2,1)>
  %l = layout.to_linear %c : !layout.layout<(2,2):(2,1)>
  %o = layout.linear_apply %l[%i, %j] : !layout.linear<{"in_dims":[{"name":"dim0","size":2,"bases":[[2]]},{"name":"dim1","size":2,"bases":[[1]]}],"out_dims":[{"name":"offset","size":4}]}>
  return %o : index
}
