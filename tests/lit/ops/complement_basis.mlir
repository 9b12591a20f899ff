// layout.complement of scaled-basis layouts: per basis coordinate, up to the coshape.
// The folded constants are CuTe IR's answers (its lit tests; cute-opt), docs/algebra.md
// "Scaled-basis strides".
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @complement_0
// FOLD-LABEL: func.func @complement_0
func.func @complement_0() -> !layout.layout<((5,1),(4,2,1)):((1@0,25@0),(1@1,8@1,48@1))> {
  %a = layout.const #layout.layout<(2,5,3):(4@1,5@0,16@1)>
  // CHECK: layout.complement %{{.*}} : !layout.layout<(2,5,3):(4@1,5@0,16@1)>
  %r = layout.complement %a : !layout.layout<(2,5,3):(4@1,5@0,16@1)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((5,1),(4,2,1)):((1@0,25@0),(1@1,8@1,48@1))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((5,1),(4,2,1)):((1@0,25@0),(1@1,8@1,48@1))>
}

// CHECK-LABEL: func.func @complement_1
// FOLD-LABEL: func.func @complement_1
func.func @complement_1() -> !layout.layout<(1,1,(4,1)):(1@0,1@1,(1@2,12@2))> {
  %a = layout.const #layout.layout<3:4@2>
  // CHECK: layout.complement %{{.*}} : !layout.layout<3:4@2>
  %r = layout.complement %a : !layout.layout<3:4@2>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(1,1,(4,1)):(1@0,1@1,(1@2,12@2))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(1,1,(4,1)):(1@0,1@1,(1@2,12@2))>
}

// CHECK-LABEL: func.func @complement_2
// FOLD-LABEL: func.func @complement_2
func.func @complement_2() -> !layout.layout<((5,1),(4,1),(1,(7,1))):((1@0,15@0),(1@1,8@1),(1@0@2,(1@1@2,35@1@2)))> {
  %a = layout.const #layout.layout<(2,3,5):(4@1,5@0,7@1@2)>
  // CHECK: layout.complement %{{.*}} : !layout.layout<(2,3,5):(4@1,5@0,7@1@2)>
  %r = layout.complement %a : !layout.layout<(2,3,5):(4@1,5@0,7@1@2)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((5,1),(4,1),(1,(7,1))):((1@0,15@0),(1@1,8@1),(1@0@2,(1@1@2,35@1@2)))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((5,1),(4,1),(1,(7,1))):((1@0,15@0),(1@1,8@1),(1@0@2,(1@1@2,35@1@2)))>
}

// CHECK-LABEL: func.func @complement_3
// FOLD-LABEL: func.func @complement_3
func.func @complement_3() -> !layout.layout<((2,1),1):((2@0,8@0),3@1)> {
  %a = layout.const #layout.layout<((2,2),3):((1@0,4@0),1@1)>
  // CHECK: layout.complement %{{.*}} : !layout.layout<((2,2),3):((1@0,4@0),1@1)>
  %r = layout.complement %a : !layout.layout<((2,2),3):((1@0,4@0),1@1)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,1),1):((2@0,8@0),3@1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,1),1):((2@0,8@0),3@1)>
}
