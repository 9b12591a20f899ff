// Round trip of #layout.linear: custom form, reparse, generic form. Triton text stays Triton
// text (the #ttg.linear<...> wrapper is dropped); a layout without a Triton form (out dim not
// named dim0, dim1, ...) prints as canonical JSON.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

// CHECK-LABEL: func.func @triton()
// CHECK-SAME: attributes {lin = #layout.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>}
func.func @triton() attributes {lin = #layout.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>} {
  return
}

// CHECK-LABEL: func.func @wrapped()
// CHECK-SAME: attributes {lin = #layout.linear<{register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>}
func.func @wrapped() attributes {lin = #layout.linear<#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>>} {
  return
}

// CHECK-LABEL: func.func @json()
// CHECK-SAME: attributes {lin = #layout.linear<{"in_dims":[{"name":"in","size":8,"bases":{{\[\[}}1],[2],[4]]}],"out_dims":[{"name":"out","size":8}]}>}
func.func @json() attributes {lin = #layout.linear<{"in_dims": [{"name": "in", "size": 8, "bases": [[1], [2], [4]]}], "out_dims": [{"name": "out", "size": 8}]}>} {
  return
}
