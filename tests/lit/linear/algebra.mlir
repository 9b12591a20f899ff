// The F2 algebra of linear layouts as folding ops (layout_algebra::linear): linear_compose,
// linear_invert, linear_invert_and_compose, linear_product. Round trip of the custom form,
// reparse, generic form (the inferred result types); the folded constants.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// A register layout (Triton text, out dims dim0, dim1) composed with the linear layout of a
// row-major 4x4 shared tile (in dims dim0, dim1): the register/lane -> offset map.
// CHECK-LABEL: func.func @compose
// CHECK: %[[A:.*]] = layout.const #layout.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}1, 0], [2, 0]]}>
// CHECK: %[[S:.*]] = layout.const #layout.layout<(4,4):(4,1)>
// CHECK: %[[B:.*]] = layout.to_linear %[[S]] : !layout.layout<(4,4):(4,1)>
// CHECK: layout.linear_compose %[[A]], %[[B]] : !layout.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}1, 0], [2, 0]]}>, !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":{{\[\[}}4],[8]]},{"name":"dim1","size":4,"bases":{{\[\[}}1],[2]]}],"out_dims":[{"name":"offset","size":16}]}>
// GENERIC-LABEL: sym_name = "compose"
// GENERIC: "layout.linear_compose"(%{{.*}}, %{{.*}}) : (!layout.linear<{{.*}}>, !layout.linear<{{.*}}>) -> !layout.linear<{"in_dims":[{"name":"register","size":4,"bases":{{\[\[}}1],[2]]},{"name":"lane","size":4,"bases":{{\[\[}}4],[8]]}],"out_dims":[{"name":"offset","size":16}]}>
// FOLD-LABEL: func.func @compose
// FOLD-NEXT: %[[C:.*]] = layout.const #layout.linear<{"in_dims":[{"name":"register","size":4,"bases":{{\[\[}}1],[2]]},{"name":"lane","size":4,"bases":{{\[\[}}4],[8]]}],"out_dims":[{"name":"offset","size":16}]}>
// FOLD-NEXT: return %[[C]]
func.func @compose() -> !layout.linear<{"in_dims":[{"name":"register","size":4,"bases":[[1],[2]]},{"name":"lane","size":4,"bases":[[4],[8]]}],"out_dims":[{"name":"offset","size":16}]}> {
  %a = layout.const #layout.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>
  %s = layout.const #layout.layout<(4,4):(4,1)>
  %b = layout.to_linear %s : !layout.layout<(4,4):(4,1)>
  %c = layout.linear_compose %a, %b : !layout.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>, !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[4],[8]]},{"name":"dim1","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"offset","size":16}]}>
  return %c : !layout.linear<{"in_dims":[{"name":"register","size":4,"bases":[[1],[2]]},{"name":"lane","size":4,"bases":[[4],[8]]}],"out_dims":[{"name":"offset","size":16}]}>
}

// The inverse of the row-major 4x8 tile: offset -> (dim0, dim1); it has a Triton form.
// CHECK-LABEL: func.func @invert
// CHECK: layout.linear_invert %{{.*}} : !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":{{\[\[}}8],[16]]},{"name":"dim1","size":8,"bases":{{\[\[}}1],[2],[4]]}],"out_dims":[{"name":"offset","size":32}]}>
// GENERIC-LABEL: sym_name = "invert"
// GENERIC: "layout.linear_invert"(%{{.*}}) : (!layout.linear<{{.*}}>) -> !layout.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [1, 0], [2, 0]]}>
// FOLD-LABEL: func.func @invert
// FOLD-NEXT: %[[C:.*]] = layout.const #layout.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [1, 0], [2, 0]]}>
// FOLD-NEXT: return %[[C]]
func.func @invert() -> !layout.linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]]}> {
  %l = layout.const #layout.layout<(4,8):(8,1)>
  %x = layout.to_linear %l : !layout.layout<(4,8):(8,1)>
  %i = layout.linear_invert %x : !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[8],[16]]},{"name":"dim1","size":8,"bases":[[1],[2],[4]]}],"out_dims":[{"name":"offset","size":32}]}>
  return %i : !layout.linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]]}>
}

// The conversion from layout A to layout B: C with B(C(x)) == A(x).
// CHECK-LABEL: func.func @invert_and_compose
// CHECK: layout.linear_invert_and_compose %{{.*}}, %{{.*}} : !layout.linear<{register = {{\[\[}}0, 1], [1, 0]]}>, !layout.linear<{lane = {{\[\[}}1, 0], [0, 1]]}>
// GENERIC-LABEL: sym_name = "invert_and_compose"
// GENERIC: "layout.linear_invert_and_compose"(%{{.*}}, %{{.*}}) : (!layout.linear<{{.*}}>, !layout.linear<{{.*}}>) -> !layout.linear<{"in_dims":[{"name":"register","size":4,"bases":{{\[\[}}2],[1]]}],"out_dims":[{"name":"lane","size":4}]}>
// FOLD-LABEL: func.func @invert_and_compose
// FOLD-NEXT: %[[C:.*]] = layout.const #layout.linear<{"in_dims":[{"name":"register","size":4,"bases":{{\[\[}}2],[1]]}],"out_dims":[{"name":"lane","size":4}]}>
// FOLD-NEXT: return %[[C]]
func.func @invert_and_compose() -> !layout.linear<{"in_dims":[{"name":"register","size":4,"bases":[[2],[1]]}],"out_dims":[{"name":"lane","size":4}]}> {
  %a = layout.const #layout.linear<{register = [[0, 1], [1, 0]]}>
  %b = layout.const #layout.linear<{lane = [[1, 0], [0, 1]]}>
  %c = layout.linear_invert_and_compose %a, %b : !layout.linear<{register = [[0, 1], [1, 0]]}>, !layout.linear<{lane = [[1, 0], [0, 1]]}>
  return %c : !layout.linear<{"in_dims":[{"name":"register","size":4,"bases":[[2],[1]]}],"out_dims":[{"name":"lane","size":4}]}>
}

// Triton's A * B: shared in dims (register) get A's bases first, shared out dims multiply.
// CHECK-LABEL: func.func @product
// CHECK: layout.linear_product %{{.*}}, %{{.*}} : !layout.linear<{register = {{\[\[}}0, 1]], lane = {{\[\[}}1, 0]]}>, !layout.linear<{register = {{\[\[}}1, 0]], warp = {{\[\[}}0, 1]]}>
// GENERIC-LABEL: sym_name = "product"
// GENERIC: "layout.linear_product"(%{{.*}}, %{{.*}}) : (!layout.linear<{{.*}}>, !layout.linear<{{.*}}>) -> !layout.linear<{register = {{\[\[}}0, 1], [2, 0]], lane = {{\[\[}}1, 0]], warp = {{\[\[}}0, 2]]}>
// FOLD-LABEL: func.func @product
// FOLD-NEXT: %[[C:.*]] = layout.const #layout.linear<{register = {{\[\[}}0, 1], [2, 0]], lane = {{\[\[}}1, 0]], warp = {{\[\[}}0, 2]]}>
// FOLD-NEXT: return %[[C]]
func.func @product() -> !layout.linear<{register = [[0, 1], [2, 0]], lane = [[1, 0]], warp = [[0, 2]]}> {
  %a = layout.const #layout.linear<{register = [[0, 1]], lane = [[1, 0]]}>
  %b = layout.const #layout.linear<{register = [[1, 0]], warp = [[0, 1]]}>
  %c = layout.linear_product %a, %b : !layout.linear<{register = [[0, 1]], lane = [[1, 0]]}>, !layout.linear<{register = [[1, 0]], warp = [[0, 1]]}>
  return %c : !layout.linear<{register = [[0, 1], [2, 0]], lane = [[1, 0]], warp = [[0, 2]]}>
}
