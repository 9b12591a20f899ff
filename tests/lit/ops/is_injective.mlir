// Round trip of layout.is_injective: custom form, reparse, generic form; folding to exact i1
// constants for CuTe, swizzled and linear layouts, with a remark naming two coordinates that
// share an offset for each false (checked in is_injective_errors.mlir).
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize 2>/dev/null | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @cute
// FOLD-LABEL: func.func @cute
func.func @cute() -> (i1, i1, i1, i1) {
  // CHECK: %[[A:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: layout.is_injective %[[A]] : !layout.layout<(4,8):(8,1)>
  // GENERIC: "layout.is_injective"(%{{[0-9]+}}) : (!layout.layout<(4,8):(8,1)>) -> i1
  %i = layout.is_injective %a : !layout.layout<(4,8):(8,1)>
  // Injective with gaps: offsets 0-3 and 8-11.
  %b = layout.const #layout.layout<(4,2):(1,8)>
  %j = layout.is_injective %b : !layout.layout<(4,2):(1,8)>
  // Overlapping modes: coordinate 2 = (2,0) and 4 = (0,1) both reach offset 2.
  %c = layout.const #layout.layout<(4,2):(1,2)>
  %k = layout.is_injective %c : !layout.layout<(4,2):(1,2)>
  // A stride-0 (broadcast) mode: (3,0) and (3,1) both reach 3.
  %d = layout.const #layout.layout<(4,2):(1,0)>
  %l = layout.is_injective %d : !layout.layout<(4,2):(1,0)>
  // FOLD-DAG: %[[T:.*]] = arith.constant true
  // FOLD-DAG: %[[F:.*]] = arith.constant false
  // FOLD: return %[[T]], %[[T]], %[[F]], %[[F]] : i1, i1, i1, i1
  return %i, %j, %k, %l : i1, i1, i1, i1
}

// A swizzle permutes offsets: a swizzled injective layout stays injective.
// FOLD-LABEL: func.func @swizzled
func.func @swizzled() -> i1 {
  %s = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  // CHECK: layout.is_injective %{{.*}} : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %i = layout.is_injective %s : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  // FOLD: %[[T:.*]] = arith.constant true
  // FOLD-NEXT: return %[[T]] : i1
  return %i : i1
}

// Linear layouts: independent bases are injective; a zero basis broadcasts.
// FOLD-LABEL: func.func @linear
func.func @linear() -> (i1, i1) {
  %a = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"offset","size":8}]}>
  // CHECK: layout.is_injective %{{.*}} : !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":{{\[\[}}1],[2]]}],"out_dims":[{"name":"offset","size":8}]}>
  %i = layout.is_injective %a : !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"offset","size":8}]}>
  %b = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[0]]}],"out_dims":[{"name":"offset","size":2}]}>
  %j = layout.is_injective %b : !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[0]]}],"out_dims":[{"name":"offset","size":2}]}>
  // FOLD-DAG: %[[T:.*]] = arith.constant true
  // FOLD-DAG: %[[F:.*]] = arith.constant false
  // FOLD: return %[[T]], %[[F]] : i1, i1
  return %i, %j : i1, i1
}

// A runtime leaf: no fold.
// FOLD-LABEL: func.func @dynamic
func.func @dynamic(%n: index) -> i1 {
  %a = layout.make %n : !layout.layout<(4,8):(?,4)>
  // FOLD: layout.is_injective %{{.*}} : !layout.layout<(4,8):(?,4)>
  %i = layout.is_injective %a : !layout.layout<(4,8):(?,4)>
  return %i : i1
}
