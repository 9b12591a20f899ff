// layout.apply / layout.inv fold to constants when their inputs are constants in the domain
// (the paper's Fig. 9: element [4,2] of the 6x6 view -> 23 after the tiling O2 -> 15 after the
// anti-diagonal O1, and back); inputs outside the domain are left alone.
// RUN: layout-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @o2
// CHECK: %[[C:.*]] = arith.constant 23 : index
// CHECK: return %[[C]]
func.func @o2() -> index {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %o = layout.apply #layout.bijective<OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])>[%c4, %c2]
  return %o : index
}

// CHECK-LABEL: func.func @fig9
// CHECK-DAG: %[[C15:.*]] = arith.constant 15 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: return %[[C15]], %[[C4]], %[[C2]]
func.func @fig9() -> (index, index, index) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %o = layout.apply #layout.bijective<"OrderBy(RegP([2,2],[2,1]), GenP([3,3], (i,j) -> let a = i + j + 1; select(a <= 3, i + a*(a-1)/2, 6 + i - (6-a)*(5-a)/2), (x0) -> let x = select(x0 < 6, x0, 8 - x0); let a = 1 + (x >= 1) + (x >= 3); let i = x - a*(a-1)/2; let j = a - i - 1; [select(x0 < 6, i, 2 - i), select(x0 < 6, j, 2 - j)])).OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])">[%c4, %c2]
  %c15 = arith.constant 15 : index
  %i, %j = layout.inv #layout.bijective<"OrderBy(RegP([2,2],[2,1]), GenP([3,3], (i,j) -> let a = i + j + 1; select(a <= 3, i + a*(a-1)/2, 6 + i - (6-a)*(5-a)/2), (x0) -> let x = select(x0 < 6, x0, 8 - x0); let a = 1 + (x >= 1) + (x >= 3); let i = x - a*(a-1)/2; let j = a - i - 1; [select(x0 < 6, i, 2 - i), select(x0 < 6, j, 2 - j)])).OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])">[%c15] -> index, index
  return %o, %i, %j : index, index, index
}

// CHECK-LABEL: func.func @outside
// CHECK: layout.apply
func.func @outside() -> index {
  %c6 = arith.constant 6 : index
  %c0 = arith.constant 0 : index
  %o = layout.apply #layout.bijective<GroupBy([6,6])>[%c6, %c0]
  return %o : index
}
