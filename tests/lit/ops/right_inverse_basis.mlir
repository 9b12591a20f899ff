// layout.right_inverse of scaled-basis layouts: one integer inverse per basis coordinate.
// The folded constants are CuTe IR's answers (its lit tests; cute-opt), docs/algebra.md
// "Scaled-basis strides".
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @right_inverse_0
// FOLD-LABEL: func.func @right_inverse_0
func.func @right_inverse_0() -> !layout.layout<(2,3):(1,2)> {
  %a = layout.const #layout.layout<(2,3):(1@0,1@1)>
  // CHECK: layout.right_inverse %{{.*}} : !layout.layout<(2,3):(1@0,1@1)>
  %r = layout.right_inverse %a : !layout.layout<(2,3):(1@0,1@1)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(2,3):(1,2)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(2,3):(1,2)>
}

// CHECK-LABEL: func.func @right_inverse_1
// FOLD-LABEL: func.func @right_inverse_1
func.func @right_inverse_1() -> !layout.layout<(5,4):(4,1)> {
  %a = layout.const #layout.layout<(4,5):(1@1,1@0)>
  // CHECK: layout.right_inverse %{{.*}} : !layout.layout<(4,5):(1@1,1@0)>
  %r = layout.right_inverse %a : !layout.layout<(4,5):(1@1,1@0)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(5,4):(4,1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(5,4):(4,1)>
}

// CHECK-LABEL: func.func @right_inverse_2
// FOLD-LABEL: func.func @right_inverse_2
func.func @right_inverse_2() -> !layout.layout<(1,16):(0,1)> {
  %a = layout.const #layout.layout<(((16,4),64),1,1):(((1@1,32@1),2@0),0,0)>
  // CHECK: layout.right_inverse %{{.*}} : !layout.layout<(((16,4),64),1,1):(((1@1,32@1),2@0),0,0)>
  %r = layout.right_inverse %a : !layout.layout<(((16,4),64),1,1):(((1@1,32@1),2@0),0,0)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(1,16):(0,1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(1,16):(0,1)>
}

// CHECK-LABEL: func.func @right_inverse_3
// FOLD-LABEL: func.func @right_inverse_3
func.func @right_inverse_3() -> !layout.layout<(1,4,1,1,(1,5)):(0,1,0,0,(0,4))> {
  %a = layout.const #layout.layout<(4,5):(1@1,1@1@4)>
  // CHECK: layout.right_inverse %{{.*}} : !layout.layout<(4,5):(1@1,1@1@4)>
  %r = layout.right_inverse %a : !layout.layout<(4,5):(1@1,1@1@4)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(1,4,1,1,(1,5)):(0,1,0,0,(0,4))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(1,4,1,1,(1,5)):(0,1,0,0,(0,4))>
}
