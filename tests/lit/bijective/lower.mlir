// layout.apply / layout.inv lowered by --lower-to-index to the simplified arith index math of
// the chain (Fig. 9's tiling O2 of a 6x6 view: 2x2 blocks of 3x3, blocks contiguous):
//   apply = 18*(i/3) + 9*(j/3) + 3*(i%3) + j%3          10 arith ops
//   inv   = (3*(x/18) + (x/3)%3, x%3 + 3*((x/9)%2))     10 arith ops
// against the unsimplified expression (attribute `unsimplified`): 14 arith ops each.
// RUN: layout-opt %s --lower-to-index | FileCheck %s
// RUN: layout-opt %s --lower-to-index | FileCheck %s --check-prefix=COUNT

// CHECK-LABEL: func.func @apply(%arg0: index, %arg1: index) -> index
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG: %[[C18:.*]] = arith.constant 18 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[A:.*]] = arith.divui %arg0, %[[C3]] : index
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[A]], %[[C18]] : index
// CHECK-NEXT: %[[C:.*]] = arith.divui %arg1, %[[C3]] : index
// CHECK-NEXT: %[[D:.*]] = arith.muli %[[C]], %[[C9]] : index
// CHECK-NEXT: %[[E:.*]] = arith.addi %[[B]], %[[D]] : index
// CHECK-NEXT: %[[F:.*]] = arith.remui %arg0, %[[C3]] : index
// CHECK-NEXT: %[[G:.*]] = arith.muli %[[F]], %[[C3]] : index
// CHECK-NEXT: %[[H:.*]] = arith.addi %[[E]], %[[G]] : index
// CHECK-NEXT: %[[I:.*]] = arith.remui %arg1, %[[C3]] : index
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[H]], %[[I]] : index
// CHECK-NEXT: return %[[R]] : index
func.func @apply(%i: index, %j: index) -> index {
  %o = layout.apply #layout.bijective<OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])>[%i, %j]
  return %o : index
}

// CHECK-LABEL: func.func @inv(%arg0: index) -> (index, index)
// CHECK-NOT: layout.
// CHECK: return
func.func @inv(%x: index) -> (index, index) {
  %i, %j = layout.inv #layout.bijective<OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])>[%x] -> index, index
  return %i, %j : index, index
}

// COUNT-LABEL: func.func @apply(
// COUNT-COUNT-10: = arith.{{(addi|muli|divui|remui)}}
// COUNT-NOT: = arith.{{(addi|muli|divui|remui)}}
// COUNT-LABEL: func.func @inv(
// COUNT-COUNT-10: = arith.{{(addi|muli|divui|remui)}}
// COUNT-NOT: = arith.{{(addi|muli|divui|remui)}}
// COUNT-LABEL: func.func @apply_raw(
// COUNT-COUNT-14: = arith.{{(addi|muli|divui|remui)}}
// COUNT-NOT: = arith.{{(addi|muli|divui|remui)}}
// COUNT-LABEL: func.func @inv_raw(
// COUNT-COUNT-14: = arith.{{(addi|muli|divui|remui)}}
// COUNT-NOT: = arith.{{(addi|muli|divui|remui)}}
// COUNT-LABEL: func.func @genp(
// COUNT: arith.cmpi sle
// COUNT: arith.select
// COUNT-NOT: layout.
func.func @apply_raw(%i: index, %j: index) -> index {
  %o = layout.apply #layout.bijective<OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])>[%i, %j] {unsimplified}
  return %o : index
}
func.func @inv_raw(%x: index) -> (index, index) {
  %i, %j = layout.inv #layout.bijective<OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])>[%x] {unsimplified} -> index, index
  return %i, %j : index, index
}

// A GenP (the 3x3 anti-diagonal): comparisons and selects.
func.func @genp(%i: index, %j: index) -> index {
  %o = layout.apply #layout.bijective<"OrderBy(GenP([3,3], (i,j) -> let a = i + j + 1; select(a <= 3, i + a*(a-1)/2, 6 + i - (6-a)*(5-a)/2), (x0) -> let x = select(x0 < 6, x0, 8 - x0); let a = 1 + (x >= 1) + (x >= 3); let i = x - a*(a-1)/2; let j = a - i - 1; [select(x0 < 6, i, 2 - i), select(x0 < 6, j, 2 - j)])).GroupBy([3,3])">[%i, %j]
  return %o : index
}
