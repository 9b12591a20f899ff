// layout.linear_apply: round trip, and its lowering to and/shift/mul/xor index math
// (--lower-to-index): one term ((x >> k) & 1) * basis per non-zero basis, combined with xori.
// The lowering passes are Rust passes of layout-opt, not in the mlir-opt plugin.
// UNSUPPORTED: plugin-driver
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
