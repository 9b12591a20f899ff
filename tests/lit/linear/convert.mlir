// layout.to_linear / layout.from_linear: conversions between CuTe layouts and linear layouts,
// computed by the algebra (linear::from_cute, linear::to_cute): round trip of the custom form,
// reparse, generic form (the inferred result types); the folded constants.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// A row-major 4x8 tile: in dims dim0, dim1 (one per top-level mode), out dim `offset`.
// CHECK-LABEL: func.func @to_linear
// CHECK: %[[L:.*]] = layout.const #layout.layout<(4,8):(8,1)>
// CHECK: layout.to_linear %[[L]] : !layout.layout<(4,8):(8,1)>
// GENERIC-LABEL: sym_name = "to_linear"
// GENERIC: "layout.to_linear"(%{{.*}}) : (!layout.layout<(4,8):(8,1)>) -> !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":{{\[\[}}8],[16]]},{"name":"dim1","size":8,"bases":{{\[\[}}1],[2],[4]]}],"out_dims":[{"name":"offset","size":32}]}>
// FOLD-LABEL: func.func @to_linear
// FOLD-NEXT: %[[C:.*]] = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":{{\[\[}}8],[16]]},{"name":"dim1","size":8,"bases":{{\[\[}}1],[2],[4]]}],"out_dims":[{"name":"offset","size":32}]}>
// FOLD-NEXT: return %[[C]]
func.func @to_linear() -> !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[8],[16]]},{"name":"dim1","size":8,"bases":[[1],[2],[4]]}],"out_dims":[{"name":"offset","size":32}]}> {
  %l = layout.const #layout.layout<(4,8):(8,1)>
  %x = layout.to_linear %l : !layout.layout<(4,8):(8,1)>
  return %x : !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[8],[16]]},{"name":"dim1","size":8,"bases":[[1],[2],[4]]}],"out_dims":[{"name":"offset","size":32}]}>
}

// The 128B swizzle of a 8x64 f16 tile: the swizzle is linear (bases 144 = 128^16, 288 = 256^32).
// CHECK-LABEL: func.func @swizzled
// CHECK: layout.to_linear %{{.*}} : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
// GENERIC-LABEL: sym_name = "swizzled"
// GENERIC: "layout.to_linear"(%{{.*}}) : (!layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) -> !layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":{{\[\[}}64],[144],[288]]},{"name":"dim1","size":64,"bases":{{\[\[}}1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}>
// FOLD-LABEL: func.func @swizzled
// FOLD-NEXT: %[[C:.*]] = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":{{\[\[}}64],[144],[288]]},{"name":"dim1","size":64,"bases":{{\[\[}}1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}>
// FOLD-NEXT: return %[[C]]
func.func @swizzled() -> !layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[288]]},{"name":"dim1","size":64,"bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}> {
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %x = layout.to_linear %l : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  return %x : !layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[288]]},{"name":"dim1","size":64,"bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}>
}

// A swizzle alone: one in dim over its domain of 2^(B+M+S) points.
// FOLD-LABEL: func.func @swizzle
// FOLD-NEXT: %[[C:.*]] = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":1024,"bases":{{\[\[}}1],[2],[4],[8],[16],[32],[64],[144],[288],[576]]}],"out_dims":[{"name":"offset","size":1024}]}>
// FOLD-NEXT: return %[[C]]
func.func @swizzle() -> !layout.linear<{"in_dims":[{"name":"dim0","size":1024,"bases":[[1],[2],[4],[8],[16],[32],[64],[144],[288],[576]]}],"out_dims":[{"name":"offset","size":1024}]}> {
  %s = layout.const #layout.swizzle<3,4,3>
  %x = layout.to_linear %s : !layout.swizzle<3,4,3>
  return %x : !layout.linear<{"in_dims":[{"name":"dim0","size":1024,"bases":[[1],[2],[4],[8],[16],[32],[64],[144],[288],[576]]}],"out_dims":[{"name":"offset","size":1024}]}>
}

// Triton text: out dims dim0, dim1 are flattened into one offset (dim0 minor), each in dim
// becomes a top-level mode whose strides are the images of its bits.
// CHECK-LABEL: func.func @from_linear
// CHECK: layout.from_linear %{{.*}} : !layout.linear<{register = {{\[\[}}0, 1], [1, 0]]}>
// GENERIC-LABEL: sym_name = "from_linear"
// GENERIC: "layout.from_linear"(%{{.*}}) : (!layout.linear<{register = {{\[\[}}0, 1], [1, 0]]}>) -> !layout.layout<(2,2):(2,1)>
// FOLD-LABEL: func.func @from_linear
// FOLD-NEXT: %[[C:.*]] = layout.const #layout.layout<(2,2):(2,1)>
// FOLD-NEXT: return %[[C]]
func.func @from_linear() -> !layout.layout<(2,2):(2,1)> {
  %x = layout.const #layout.linear<{register = [[0, 1], [1, 0]]}>
  %l = layout.from_linear %x : !layout.linear<{register = [[0, 1], [1, 0]]}>
  return %l : !layout.layout<(2,2):(2,1)>
}

// Round trip: from_linear(to_linear(L)) folds to L itself, swizzle included.
// CHECK-LABEL: func.func @round_trip
// GENERIC-LABEL: sym_name = "round_trip"
// GENERIC: "layout.from_linear"(%{{.*}}) : (!layout.linear<{{.*}}>) -> !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
// FOLD-LABEL: func.func @round_trip
// FOLD-NEXT: %[[C:.*]] = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
// FOLD-NEXT: return %[[C]], %[[C]]
func.func @round_trip() -> (!layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>) {
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %x = layout.to_linear %l : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %r = layout.from_linear %x : !layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[288]]},{"name":"dim1","size":64,"bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}>
  return %l, %r : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
}
