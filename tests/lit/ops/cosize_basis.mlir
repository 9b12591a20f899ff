// layout.cosize of scaled-basis layouts: the product over the basis coordinates of one past the
// largest |coordinate| (CuTe IR: size(coshape)); crd2idx of such a layout is a coordinate
// vector, not an index, so it does not fold to an index.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @cosize
// FOLD-LABEL: func.func @cosize
func.func @cosize() -> (index, index) {
  %a = layout.const #layout.layout<(2,5,3):(4@1,5@0,16@1)>
  // CHECK: layout.cosize %{{.*}} : !layout.layout<(2,5,3):(4@1,5@0,16@1)>
  %r = layout.cosize %a : !layout.layout<(2,5,3):(4@1,5@0,16@1)>
  %b = layout.const #layout.layout<(4,5):(1@1,1@1@4)>
  %s = layout.cosize %b : !layout.layout<(4,5):(1@1,1@1@4)>
  // FOLD-DAG: %[[C777:.*]] = arith.constant 777 : index
  // FOLD-DAG: %[[C20:.*]] = arith.constant 20 : index
  // FOLD: return %[[C777]], %[[C20]]
  return %r, %s : index, index
}
