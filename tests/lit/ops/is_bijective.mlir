// Round trip of layout.is_bijective: custom form, reparse, generic form; folding to exact i1
// constants (a bijection onto [0, size) for CuTe, swizzled and composed layouts and bare
// swizzles, onto [0, 2^N) for a linear layout with N output bits), with a remark naming the
// witness of each false (checked in is_bijective_errors.mlir).
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize 2>/dev/null | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @cute
// FOLD-LABEL: func.func @cute
func.func @cute() -> (i1, i1, i1) {
  // CHECK: %[[A:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: layout.is_bijective %[[A]] : !layout.layout<(4,8):(8,1)>
  // GENERIC: "layout.is_bijective"(%{{[0-9]+}}) : (!layout.layout<(4,8):(8,1)>) -> i1
  %i = layout.is_bijective %a : !layout.layout<(4,8):(8,1)>
  // Injective, but coordinate 4 = (0,1) reaches offset 8, past size 8.
  %b = layout.const #layout.layout<(4,2):(1,8)>
  %j = layout.is_bijective %b : !layout.layout<(4,2):(1,8)>
  // Not injective.
  %c = layout.const #layout.layout<(4,2):(1,2)>
  %k = layout.is_bijective %c : !layout.layout<(4,2):(1,2)>
  // FOLD-DAG: %[[T:.*]] = arith.constant true
  // FOLD-DAG: %[[F:.*]] = arith.constant false
  // FOLD: return %[[T]], %[[F]], %[[F]] : i1, i1, i1
  return %i, %j, %k : i1, i1, i1
}

// Swizzles: a composed layout over a bijection, and the bare swizzle on [0, 2^10).
// FOLD-LABEL: func.func @swizzled
func.func @swizzled() -> (i1, i1, i1) {
  %s = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  // CHECK: layout.is_bijective %{{.*}} : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %i = layout.is_bijective %s : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %w = layout.const #layout.swizzle<3,4,3>
  // CHECK: layout.is_bijective %{{.*}} : !layout.swizzle<3,4,3>
  %j = layout.is_bijective %w : !layout.swizzle<3,4,3>
  %x = layout.const #layout.layout<Sw<1,0,1> o 0 o (2,2):(1,2)>
  %k = layout.is_bijective %x : !layout.layout<Sw<1,0,1> o 0 o (2,2):(1,2)>
  // FOLD: %[[T:.*]] = arith.constant true
  // FOLD-NEXT: return %[[T]], %[[T]], %[[T]] : i1, i1, i1
  return %i, %j, %k : i1, i1, i1
}

// A linear layout of 2 input bits into 3 output bits misses half of [0, 8).
// FOLD-LABEL: func.func @linear
func.func @linear() -> i1 {
  %a = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"offset","size":8}]}>
  %i = layout.is_bijective %a : !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[2]]}],"out_dims":[{"name":"offset","size":8}]}>
  // FOLD: %[[F:.*]] = arith.constant false
  // FOLD-NEXT: return %[[F]] : i1
  return %i : i1
}

// A runtime leaf: no fold.
// FOLD-LABEL: func.func @dynamic
func.func @dynamic(%n: index) -> i1 {
  %a = layout.make %n, %n : !layout.layout<(?,8):(1,?)>
  // FOLD: layout.is_bijective %{{.*}} : !layout.layout<(?,8):(1,?)>
  %i = layout.is_bijective %a : !layout.layout<(?,8):(1,?)>
  return %i : i1
}
