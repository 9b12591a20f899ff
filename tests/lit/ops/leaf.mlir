// layout.shape_leaf / layout.stride_leaf: round trip; folding to constants and to the runtime
// operands of layout.make.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @leaves
// FOLD-LABEL: func.func @leaves
// FOLD-SAME: (%[[M:.*]]: index, %[[D:.*]]: index)
func.func @leaves(%m: index, %d: index) -> (index, index, index, index) {
  // The `?` leaves in print order: shape (2,?) -> %m, stride (1,?) -> %d.
  %l = layout.make %m, %d : !layout.layout<((2,?),8):((1,?),16)>
  // CHECK: layout.shape_leaf %{{.*}} modes [0, 1] : !layout.layout<((2,?),8):((1,?),16)>
  // GENERIC: "layout.shape_leaf"(%{{.*}}) <{path = array<i64: 0, 1>}> : (!layout.layout<((2,?),8):((1,?),16)>) -> index
  %a = layout.shape_leaf %l modes [0, 1] : !layout.layout<((2,?),8):((1,?),16)>
  // CHECK: layout.stride_leaf %{{.*}} modes [0, 1] : !layout.layout<((2,?),8):((1,?),16)>
  %b = layout.stride_leaf %l modes [0, 1] : !layout.layout<((2,?),8):((1,?),16)>
  %c = layout.shape_leaf %l modes [1] : !layout.layout<((2,?),8):((1,?),16)>
  %e = layout.stride_leaf %l modes [1] : !layout.layout<((2,?),8):((1,?),16)>
  // FOLD-DAG: %[[C8:.*]] = arith.constant 8 : index
  // FOLD-DAG: %[[C16:.*]] = arith.constant 16 : index
  // FOLD: return %[[M]], %[[D]], %[[C8]], %[[C16]] : index, index, index, index
  return %a, %b, %c, %e : index, index, index, index
}
