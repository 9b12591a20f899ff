// A linear layout as an SSA value: layout.const #layout.linear<...> has type
// !layout.linear<...> with the canonical text (Triton's body when the layout has a Triton
// form, else the canonical JSON); the type is accepted as a block argument and a result.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @triton() -> !layout.linear<{register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-NEXT: %[[V:.*]] = layout.const #layout.linear<{register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-NEXT: return %[[V]] : !layout.linear<{register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// GENERIC: "layout.const"() <{value = #layout.linear<{register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>}> : () -> !layout.linear<{register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @triton() -> !layout.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}> {
  // The #ttg.linear<...> wrapper and the spacing are not kept.
  %0 = layout.const #layout.linear<#ttg.linear<{register = [[0,1], [8,0]], lane = [[0,2], [0,4], [1,0], [2,0], [4,0]], warp = [], block = []}>>
  return %0 : !layout.linear<#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>>
}

// JSON written with bare out-dim names and spaces: canonical JSON with every size. A layout whose
// out dims are dim0, dim1 with the inferred sizes prints as Triton text.
// CHECK-LABEL: func.func @json
// CHECK-NEXT: layout.const #layout.linear<{"in_dims":[{"name":"in","size":8,"bases":{{\[\[}}1],[2],[4]]}],"out_dims":[{"name":"out","size":8}]}>
// CHECK-NEXT: layout.const #layout.linear<{register = {{\[\[}}1, 0], [0, 1]]}>
// GENERIC: "layout.const"() <{value = #layout.linear<{"in_dims":[{"name":"in","size":8,"bases":{{\[\[}}1],[2],[4]]}],"out_dims":[{"name":"out","size":8}]}>}> : () -> !layout.linear<{"in_dims":[{"name":"in","size":8,"bases":{{\[\[}}1],[2],[4]]}],"out_dims":[{"name":"out","size":8}]}>
func.func @json() {
  %0 = layout.const #layout.linear<{"in_dims": [{"name": "in", "bases": [[1], [2], [4]]}], "out_dims": ["out"]}>
  %1 = layout.const #layout.linear<{"in_dims": [{"name": "register", "bases": [[1, 0], [0, 1]]}], "out_dims": [{"name": "dim0", "size": 2}, {"name": "dim1", "size": 2}]}>
  return
}

// A linear layout value passed as a block argument.
// CHECK-LABEL: func.func @arg(%arg0: !layout.linear<{register = {{\[\[}}1]]}>) -> !layout.linear<{register = {{\[\[}}1]]}>
// CHECK-NEXT: return %arg0 : !layout.linear<{register = {{\[\[}}1]]}>
func.func @arg(%x: !layout.linear<{register = [[1]]}>) -> !layout.linear<{register = [[1]]}> {
  return %x : !layout.linear<{register = [[1]]}>
}
