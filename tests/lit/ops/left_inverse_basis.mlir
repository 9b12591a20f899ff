// layout.left_inverse of scaled-basis layouts: one integer quasi-inverse per basis coordinate.
// The folded constants are CuTe IR's answers (its lit tests; cute-opt), docs/algebra.md
// "Scaled-basis strides".
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @left_inverse_0
// FOLD-LABEL: func.func @left_inverse_0
func.func @left_inverse_0() -> !layout.layout<(2,3):(1,2)> {
  %a = layout.const #layout.layout<(2,3):(1@0,1@1)>
  // CHECK: layout.left_inverse %{{.*}} : !layout.layout<(2,3):(1@0,1@1)>
  %r = layout.left_inverse %a : !layout.layout<(2,3):(1@0,1@1)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(2,3):(1,2)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(2,3):(1,2)>
}

// CHECK-LABEL: func.func @left_inverse_1
// FOLD-LABEL: func.func @left_inverse_1
func.func @left_inverse_1() -> !layout.layout<((2,4),(2,5)):((0,1),(0,4))> {
  %a = layout.const #layout.layout<(4,5):(2@0,2@1)>
  // CHECK: layout.left_inverse %{{.*}} : !layout.layout<(4,5):(2@0,2@1)>
  %r = layout.left_inverse %a : !layout.layout<(4,5):(2@0,2@1)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(2,5)):((0,1),(0,4))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(2,5)):((0,1),(0,4))>
}

// CHECK-LABEL: func.func @left_inverse_2
// FOLD-LABEL: func.func @left_inverse_2
func.func @left_inverse_2() -> !layout.layout<((8,2),(2,4)):((4,64),(32,1))> {
  %a = layout.const #layout.layout<((4,8),(2,2)):((2@1,1@0),(1@1,8@0))>
  // CHECK: layout.left_inverse %{{.*}} : !layout.layout<((4,8),(2,2)):((2@1,1@0),(1@1,8@0))>
  %r = layout.left_inverse %a : !layout.layout<((4,8),(2,2)):((2@1,1@0),(1@1,8@0))>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((8,2),(2,4)):((4,64),(32,1))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((8,2),(2,4)):((4,64),(32,1))>
}
