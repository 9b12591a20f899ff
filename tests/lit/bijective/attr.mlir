// #layout.bijective<...> attributes and !layout.bijective<...> types: parsed, verified and
// printed canonically by the algebra (sugar expanded, GroupBy last, `, ` separators); the
// printed form and the generic form re-parse to the same IR.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

// CHECK-LABEL: func.func @tileby
// CHECK: layout.apply #layout.bijective<OrderBy(RegP([2, 3, 4, 5], [1, 3, 2, 4])).GroupBy([2, 3], [4, 5])>[%arg0, %arg1, %arg2, %arg3]
func.func @tileby(%a: index, %b: index, %c: index, %d: index) -> index {
  %o = layout.apply #layout.bijective<TileBy([2,3],[4,5])>[%a, %b, %c, %d]
  return %o : index
}

// The paper's eq. 7, GroupBy written first.
// CHECK-LABEL: func.func @eq7
// CHECK: layout.apply #layout.bijective<OrderBy(RegP([2, 2, 2, 2, 2], [5, 2, 4, 3, 1])).GroupBy([2, 2, 2, 2, 2])>
func.func @eq7(%a: index, %b: index, %c: index, %d: index, %e: index) -> index {
  %o = layout.apply #layout.bijective<GroupBy([2,2,2,2,2]).OrderBy(RegP([2,2,2,2,2],[5,2,4,3,1]))>[%a, %b, %c, %d, %e]
  return %o : index
}

// A GenP (an affine permutation of 7 elements) and Col sugar. A body with `<`, `>` or `->`
// (any GenP) is a string literal, printed quoted.
// CHECK-LABEL: func.func @genp
// CHECK: layout.inv #layout.bijective<"OrderBy(GenP([7], (i) -> (3 * i + 5) % 7, (x) -> [5 * (x - 5) % 7]), RegP([2, 3], [2, 1])).GroupBy([42])">[%arg0] -> index
func.func @genp(%x: index) -> index {
  %i = layout.inv #layout.bijective<"OrderBy(GenP([7], (i) -> (3*i + 5) % 7, (x) -> [5 * (x - 5) % 7]), Col([2,3])).GroupBy([42])">[%x] -> index
  return %i : index
}

// The type carries the same text.
// CHECK-LABEL: func.func @type
// CHECK-SAME: !layout.bijective<OrderBy(RegP([4, 8], [2, 1])).GroupBy([4, 8])>
func.func @type(%l: !layout.bijective<OrderBy(Col([4,8])).GroupBy([4,8])>) {
  return
}

// A quoted body without GenP prints unquoted.
// CHECK-LABEL: func.func @quoted
// CHECK: layout.apply #layout.bijective<OrderBy(RegP([2, 3], [2, 1])).GroupBy([6])>[%arg0]
func.func @quoted(%a: index) -> index {
  %o = layout.apply #layout.bijective<"OrderBy(Col([2,3])).GroupBy([6])">[%a]
  return %o : index
}
