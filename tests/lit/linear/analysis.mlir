// Linear-layout analyses as folding ops (layout_algebra::linear): linear_vector_width,
// linear_bank_conflicts (register + shared layout, or the register -> offset map),
// linear_choose_swizzle (CuTe and Triton-direction shared layouts), linear_optimal_swizzling.
// Round trip of the custom form, reparse, generic form (the `bits` property, the inferred
// result type) and the folded constants, computed with `layout batch` (docs/linear.md).
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// Two register bits along dim1, the fastest dimension of the row-major dim0 x dim1 tensor:
// 4 consecutive elements per thread.
// CHECK-LABEL: func.func @vector_width
// CHECK: layout.linear_vector_width %{{.*}} : !layout.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}1, 0]]}>
// GENERIC-LABEL: sym_name = "vector_width"
// GENERIC: "layout.linear_vector_width"(%{{.*}}) : (!layout.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}1, 0]]}>) -> index
// FOLD-LABEL: func.func @vector_width
// FOLD-NEXT: %[[C:.*]] = arith.constant 4 : index
// FOLD-NEXT: return %[[C]] : index
func.func @vector_width() -> index {
  %r = layout.const #layout.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0]]}>
  %c = layout.linear_vector_width %r : !layout.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0]]}>
  return %c : index
}

// Registers along dim0, the slow dimension: 1 element (issue 32: the dimension order).
// FOLD-LABEL: func.func @vector_width_rows
// FOLD-NEXT: %[[C:.*]] = arith.constant 1 : index
// FOLD-NEXT: return %[[C]] : index
func.func @vector_width_rows() -> index {
  %r = layout.const #layout.linear<{register = [[1, 0], [2, 0]], lane = [[0, 1]]}>
  %c = layout.linear_vector_width %r : !layout.linear<{register = [[1, 0], [2, 0]], lane = [[0, 1]]}>
  return %c : index
}

// A Triton encoding with its shape (issue 32): sizePerThread [1, 8], order [1, 0] holds 8
// consecutive elements of a row. The attribute stores the #ttg.linear body of its layout.
// CHECK-LABEL: func.func @vector_width_blocked
// CHECK: layout.const #layout.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4]], lane = {{\[\[}}0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = {{\[\[}}4, 0], [8, 0]], block = []}>
// FOLD-LABEL: func.func @vector_width_blocked
// FOLD-NEXT: %[[C:.*]] = arith.constant 8 : index
// FOLD-NEXT: return %[[C]] : index
func.func @vector_width_blocked() -> index {
  %r = layout.const #layout.linear<tensor<16x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
  %c = layout.linear_vector_width %r : !layout.linear<{register = [[0, 1], [0, 2], [0, 4]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
  return %c : index
}

// A row-major 32x32 f32 tile read column-wise (lane i reads row i, column 0): all 32 lanes
// hit the same bank, 31 conflicts per phase.
// CHECK-LABEL: func.func @column_read
// CHECK: layout.linear_bank_conflicts %{{.*}}, %{{.*}} {bits = 32 : i64} : !layout.linear<{register = [], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
// GENERIC-LABEL: sym_name = "column_read"
// GENERIC: "layout.linear_bank_conflicts"(%{{.*}}, %{{.*}}) <{bits = 32 : i64}> : (!layout.linear<{register = [], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>) -> index
// FOLD-LABEL: func.func @column_read
// FOLD-NEXT: %[[C:.*]] = arith.constant 31 : index
// FOLD-NEXT: return %[[C]] : index
func.func @column_read() -> index {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  %c = layout.linear_bank_conflicts %r, %s {bits = 32 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
  return %c : index
}

// Each lane reads a 16-byte vector of its own row: 8 lanes per phase, in 8 rows of the same
// banks, 7 conflicts.
// CHECK-LABEL: func.func @row_vectors
// CHECK: layout.linear_bank_conflicts %{{.*}}, %{{.*}} {bits = 32 : i64} : !layout.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
// GENERIC-LABEL: sym_name = "row_vectors"
// GENERIC: "layout.linear_bank_conflicts"(%{{.*}}, %{{.*}}) <{bits = 32 : i64}> : (!layout.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>) -> index
// FOLD-LABEL: func.func @row_vectors
// FOLD-NEXT: %[[C:.*]] = arith.constant 7 : index
// FOLD-NEXT: return %[[C]] : index
func.func @row_vectors() -> index {
  %r = layout.const #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  %c = layout.linear_bank_conflicts %r, %s {bits = 32 : i64} : !layout.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
  return %c : index
}

// Lanes along a row (dim1, stride 1): 32 consecutive words, no conflict.
// CHECK-LABEL: func.func @conflict_free
// CHECK: layout.linear_bank_conflicts %{{.*}}, %{{.*}} {bits = 32 : i64} : !layout.linear<{register = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.layout<(32,32):(32,1)>
// GENERIC-LABEL: sym_name = "conflict_free"
// GENERIC: "layout.linear_bank_conflicts"(%{{.*}}, %{{.*}}) <{bits = 32 : i64}> : (!layout.linear<{register = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.layout<(32,32):(32,1)>) -> index
// FOLD-LABEL: func.func @conflict_free
// FOLD-NEXT: %[[C:.*]] = arith.constant 0 : index
// FOLD-NEXT: return %[[C]] : index
func.func @conflict_free() -> index {
  %r = layout.const #layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  %c = layout.linear_bank_conflicts %r, %s {bits = 32 : i64} : !layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.layout<(32,32):(32,1)>
  return %c : index
}

// The same column read through the shared layout in Triton's direction (offset -> tensor).
// CHECK-LABEL: func.func @triton_direction
// CHECK: layout.linear_bank_conflicts %{{.*}}, %{{.*}} {bits = 32 : i64} : !layout.linear<{register = [], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
// GENERIC-LABEL: sym_name = "triton_direction"
// GENERIC: "layout.linear_bank_conflicts"(%{{.*}}, %{{.*}}) <{bits = 32 : i64}> : (!layout.linear<{register = [], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>) -> index
// FOLD-LABEL: func.func @triton_direction
// FOLD-NEXT: %[[C:.*]] = arith.constant 31 : index
// FOLD-NEXT: return %[[C]] : index
func.func @triton_direction() -> index {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %c = layout.linear_bank_conflicts %r, %s {bits = 32 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  return %c : index
}

// The one-operand form: the register -> element-offset map. f16 pairs, lanes 64 elements
// (128 bytes) apart: one bank for the whole warp, 31 conflicts.
// CHECK-LABEL: func.func @offset_map_strided
// CHECK: layout.linear_bank_conflicts %{{.*}} {bits = 16 : i64} : !layout.linear<{"in_dims":[{"name":"register","size":2,"bases":{{\[\[}}1]]},{"name":"lane","size":32,"bases":{{\[\[}}64],[128],[256],[512],[1024]]}],"out_dims":[{"name":"offset","size":2048}]}>
// GENERIC-LABEL: sym_name = "offset_map_strided"
// GENERIC: "layout.linear_bank_conflicts"(%{{.*}}) <{bits = 16 : i64}> : (!layout.linear<{"in_dims":[{"name":"register","size":2,"bases":{{\[\[}}1]]},{"name":"lane","size":32,"bases":{{\[\[}}64],[128],[256],[512],[1024]]}],"out_dims":[{"name":"offset","size":2048}]}>) -> index
// FOLD-LABEL: func.func @offset_map_strided
// FOLD-NEXT: %[[C:.*]] = arith.constant 31 : index
// FOLD-NEXT: return %[[C]] : index
func.func @offset_map_strided() -> index {
  %m = layout.const #layout.linear<{"in_dims":[{"name":"register","size":2,"bases":[[1]]},{"name":"lane","size":32,"bases":[[64],[128],[256],[512],[1024]]}],"out_dims":[{"name":"offset","size":2048}]}>
  %c = layout.linear_bank_conflicts %m {bits = 16 : i64} : !layout.linear<{"in_dims":[{"name":"register","size":2,"bases":[[1]]},{"name":"lane","size":32,"bases":[[64],[128],[256],[512],[1024]]}],"out_dims":[{"name":"offset","size":2048}]}>
  return %c : index
}

// f16 pairs, lanes contiguous: conflict-free.
// CHECK-LABEL: func.func @offset_map_contiguous
// CHECK: layout.linear_bank_conflicts %{{.*}} {bits = 16 : i64} : !layout.linear<{"in_dims":[{"name":"register","size":2,"bases":{{\[\[}}1]]},{"name":"lane","size":32,"bases":{{\[\[}}2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":64}]}>
// GENERIC-LABEL: sym_name = "offset_map_contiguous"
// GENERIC: "layout.linear_bank_conflicts"(%{{.*}}) <{bits = 16 : i64}> : (!layout.linear<{"in_dims":[{"name":"register","size":2,"bases":{{\[\[}}1]]},{"name":"lane","size":32,"bases":{{\[\[}}2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":64}]}>) -> index
// FOLD-LABEL: func.func @offset_map_contiguous
// FOLD-NEXT: %[[C:.*]] = arith.constant 0 : index
// FOLD-NEXT: return %[[C]] : index
func.func @offset_map_contiguous() -> index {
  %m = layout.const #layout.linear<{"in_dims":[{"name":"register","size":2,"bases":[[1]]},{"name":"lane","size":32,"bases":[[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":64}]}>
  %c = layout.linear_bank_conflicts %m {bits = 16 : i64} : !layout.linear<{"in_dims":[{"name":"register","size":2,"bases":[[1]]},{"name":"lane","size":32,"bases":[[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":64}]}>
  return %c : index
}

// The swizzle for the column read: Sw<5,0,5> on the offsets of the CuTe layout, giving the
// layout a CuTe kernel allocates; the conflicts through it fold to 0.
// CHECK-LABEL: func.func @choose_swizzle_cute
// CHECK: %[[W:.*]] = layout.linear_choose_swizzle %{{.*}}, %{{.*}} {bits = 32 : i64} : !layout.linear<{register = [], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
// CHECK: layout.linear_bank_conflicts %{{.*}}, %[[W]] {bits = 32 : i64} : !layout.linear<{register = [], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<Sw<5,0,5> o 0 o (32,32):(32,1)>
// GENERIC-LABEL: sym_name = "choose_swizzle_cute"
// GENERIC: "layout.linear_choose_swizzle"(%{{.*}}, %{{.*}}) <{bits = 32 : i64}> : (!layout.linear<{register = [], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>) -> !layout.layout<Sw<5,0,5> o 0 o (32,32):(32,1)>
// FOLD-LABEL: func.func @choose_swizzle_cute
// FOLD-DAG: %[[Z:.*]] = arith.constant 0 : index
// FOLD-DAG: %[[L:.*]] = layout.const #layout.layout<Sw<5,0,5> o 0 o (32,32):(32,1)>
// FOLD: return %[[L]], %[[Z]]
func.func @choose_swizzle_cute() -> (!layout.layout<Sw<5,0,5> o 0 o (32,32):(32,1)>, index) {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.layout<(32,32):(32,1)>
  %w = layout.linear_choose_swizzle %r, %s {bits = 32 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<(32,32):(32,1)>
  %c = layout.linear_bank_conflicts %r, %w {bits = 32 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.layout<Sw<5,0,5> o 0 o (32,32):(32,1)>
  return %w, %c : !layout.layout<Sw<5,0,5> o 0 o (32,32):(32,1)>, index
}

// A shared layout in Triton's direction gives the swizzled linear layout (the swizzle XORs the
// row bits into the column bits).
// CHECK-LABEL: func.func @choose_swizzle_linear
// CHECK: layout.linear_choose_swizzle %{{.*}}, %{{.*}} {bits = 32 : i64} : !layout.linear<{register = [], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
// GENERIC-LABEL: sym_name = "choose_swizzle_linear"
// GENERIC: "layout.linear_choose_swizzle"(%{{.*}}, %{{.*}}) <{bits = 32 : i64}> : (!layout.linear<{register = [], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>) -> !layout.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}>
// FOLD-LABEL: func.func @choose_swizzle_linear
// FOLD-NEXT: %[[L:.*]] = layout.const #layout.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}>
// FOLD-NEXT: return %[[L]]
func.func @choose_swizzle_linear() -> !layout.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}> {
  %r = layout.const #layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %s = layout.const #layout.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %w = layout.linear_choose_swizzle %r, %s {bits = 32 : i64} : !layout.linear<{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  return %w : !layout.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}>
}

// A conversion between register layouts through shared memory: src holds columns (lanes along
// dim1), dst rows (lanes along dim0). The shared layout of linear_optimal_swizzling serves both
// without conflicts (vector 1: they share no register image).
// CHECK-LABEL: func.func @optimal_swizzling
// CHECK: %[[M:.*]] = layout.linear_optimal_swizzling %{{.*}}, %{{.*}} {bits = 32 : i64} : !layout.linear<{register = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
// CHECK: layout.linear_bank_conflicts %{{.*}}, %[[M]] {bits = 32 : i64} : !layout.linear<{register = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.linear<{offset = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}>
// GENERIC-LABEL: sym_name = "optimal_swizzling"
// GENERIC: "layout.linear_optimal_swizzling"(%{{.*}}, %{{.*}}) <{bits = 32 : i64}> : (!layout.linear<{register = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>) -> !layout.linear<{offset = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}>
// FOLD-LABEL: func.func @optimal_swizzling
// FOLD-DAG: %[[Z:.*]] = arith.constant 0 : index
// FOLD-DAG: %[[L:.*]] = layout.const #layout.linear<{offset = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}>
// FOLD: return %[[L]], %[[Z]], %[[Z]]
func.func @optimal_swizzling() -> (!layout.linear<{offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}>, index, index) {
  %src = layout.const #layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>
  %dst = layout.const #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %m = layout.linear_optimal_swizzling %src, %dst {bits = 32 : i64} : !layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>
  %cw = layout.linear_bank_conflicts %src, %m {bits = 32 : i64} : !layout.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}>, !layout.linear<{offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}>
  %cr = layout.linear_bank_conflicts %dst, %m {bits = 32 : i64} : !layout.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>, !layout.linear<{offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}>
  return %m, %cw, %cr : !layout.linear<{offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}>, index, index
}
