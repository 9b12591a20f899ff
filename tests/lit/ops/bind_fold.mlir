// bind as a fold of the dialect: an algebra op whose runtime operands are layout.make of
// constants is computed on its runtime leaves as CuTe C++ does with int leaves and bound to the
// constants. A layout result stays of its type (C++'s static/runtime split) and becomes a
// layout.make of the constants of its runtime leaves; an index result becomes a constant.
// RUN: layout-opt %s --canonicalize | FileCheck %s
// RUN: layout-opt %s --layout-canonicalize | FileCheck %s

// zipped_divide((1000,512):(512,1), [128:1,64:1]) with int leaves is
// ((128,64),(8,8)):((512,1),(65536,64)): size 524288, tile-mode extent 8, stride 65536.
// CHECK-LABEL: func.func @queries
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C65536:.*]] = arith.constant 65536 : index
// CHECK-DAG: %[[CS:.*]] = arith.constant 524288 : index
// CHECK-NOT: layout.
// CHECK: return %[[CS]], %[[C8]], %[[C65536]] : index, index, index
func.func @queries() -> (index, index, index) {
  %m = arith.constant 1000 : index
  %n = arith.constant 512 : index
  %a = layout.make %m, %n, %n : !layout.layout<(?,?):(?,1)>
  %t = layout.const #layout.tiler<[128:1,64:1]>
  %z = layout.zipped_divide %a, %t : !layout.layout<(?,?):(?,1)>, !layout.tiler<[128:1,64:1]>
  %s = layout.size %z : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
  %e = layout.shape_leaf %z modes [1, 0] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
  %d = layout.stride_leaf %z modes [1, 0] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
  return %s, %e, %d : index, index, index
}

// The layout itself: a layout.make of the bound runtime leaves, in print order
// (shape leaves 8, 8, then stride leaves 512, 65536), of the op's own result type.
// CHECK-LABEL: func.func @value
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C65536:.*]] = arith.constant 65536 : index
// CHECK: %[[Z:.*]] = layout.make %[[C8]], %[[C8]], %[[C512]], %[[C65536]] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
// CHECK-NEXT: return %[[Z]]
func.func @value() -> !layout.layout<((128,64),(?,?)):((?,1),(?,64))> {
  %m = arith.constant 1000 : index
  %n = arith.constant 512 : index
  %a = layout.make %m, %n, %n : !layout.layout<(?,?):(?,1)>
  %t = layout.const #layout.tiler<[128:1,64:1]>
  %z = layout.zipped_divide %a, %t : !layout.layout<(?,?):(?,1)>, !layout.tiler<[128:1,64:1]>
  return %z : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
}

// logical_product(1000:3, 4:1) with int leaves breaks C++'s own contract (size 3000, not
// 4000): the algebra records the divisibility condition and the values break it, so nothing
// is folded (the lowering asserts the condition where the leaf is computed).
// CHECK-LABEL: func.func @broken_condition
// CHECK: %[[P:.*]] = layout.logical_product
// CHECK-NEXT: %[[S:.*]] = layout.size %[[P]]
// CHECK-NEXT: return %[[S]]
func.func @broken_condition() -> index {
  %m = arith.constant 1000 : index
  %s = arith.constant 3 : index
  %a = layout.make %m, %s : !layout.layout<?:?>
  %b = layout.const #layout.layout<4:1>
  %p = layout.logical_product %a, %b : !layout.layout<?:?>, !layout.layout<4:1>
  %q = layout.size %p : !layout.layout<(?,(?,?)):(?,(1,?))>
  return %q : index
}

// A runtime value that is not a constant is not bound.
// CHECK-LABEL: func.func @not_constant
// CHECK: layout.zipped_divide
// CHECK: layout.size
func.func @not_constant(%m: index) -> index {
  %n = arith.constant 512 : index
  %a = layout.make %m, %n, %n : !layout.layout<(?,?):(?,1)>
  %t = layout.const #layout.tiler<[128:1,64:1]>
  %z = layout.zipped_divide %a, %t : !layout.layout<(?,?):(?,1)>, !layout.tiler<[128:1,64:1]>
  %s = layout.size %z : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
  return %s : index
}

// An op with mode indices binds with them: select modes [1, 0] of (4,8):(2,3) is (8,4):(3,2),
// a layout.make of its runtime leaves 4, 3, 2 in print order; its cosize is 7*3 + 3*2 + 1 = 28.
// CHECK-LABEL: func.func @with_indices
// CHECK-DAG: %[[C28:.*]] = arith.constant 28 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[M:.*]] = layout.make %[[C4]], %[[C3]], %[[C2]] : !layout.layout<(8,?):(?,?)>
// CHECK-NOT: layout.select
// CHECK: return %[[M]], %[[C28]]
func.func @with_indices() -> (!layout.layout<(8,?):(?,?)>, index) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = layout.make %c4, %c2, %c3 : !layout.layout<(?,8):(?,?)>
  %r = layout.select %a modes [1, 0] : !layout.layout<(?,8):(?,?)>
  %s = layout.cosize %r : !layout.layout<(8,?):(?,?)>
  return %r, %s : !layout.layout<(8,?):(?,?)>, index
}
