// layout.retile: CuTe's retile, the registers a thread holds read through another register
// layout. It round-trips; it folds away when both encodings are equal, a retile of a retile
// becomes one retile of the first operand (or nothing when it comes back), and it stays where
// the registers differ only in order.
// RUN: layout-opt %s | layout-opt | FileCheck %s --check-prefix=ROUND
// RUN: layout-opt %s --canonicalize | FileCheck %s

// The mma.sync m16n8k16 accumulator of a 16x16 tile, and the same lanes with the registers
// in other orders.
#acc = #layout.linear<tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>>
#rows_first = #layout.linear<#ttg.linear<{register = [[0, 8], [0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>>
#halves_first = #layout.linear<#ttg.linear<{register = [[8, 0], [0, 8], [0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>>
// The accumulator spelled as a basis list: the same canonical attribute.
#acc_bases = #layout.linear<#ttg.linear<{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>>

// ROUND-LABEL: func.func @retile
// ROUND: layout.retile %arg0 : tensor<16x16xf16, #layout.linear<{register = {{\[\[0, 1\], \[8, 0\], \[0, 8\]\]}}{{.*}}>> -> tensor<16x16xf16, #layout.linear<{register = {{\[\[0, 8\], \[0, 1\], \[8, 0\]\]}}{{.*}}>>
// CHECK-LABEL: func.func @retile
// CHECK-NEXT: %[[R:.*]] = layout.retile %arg0
// CHECK-NEXT: return %[[R]]
func.func @retile(%acc: tensor<16x16xf16, #acc>) -> tensor<16x16xf16, #rows_first> {
  %0 = layout.retile %acc : tensor<16x16xf16, #acc> -> tensor<16x16xf16, #rows_first>
  return %0 : tensor<16x16xf16, #rows_first>
}

// CHECK-LABEL: func.func @same
// CHECK-NEXT: return %arg0
func.func @same(%x: tensor<16x16xf16, #acc>) -> tensor<16x16xf16, #acc_bases> {
  %0 = layout.retile %x : tensor<16x16xf16, #acc> -> tensor<16x16xf16, #acc_bases>
  return %0 : tensor<16x16xf16, #acc_bases>
}

// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[R:.*]] = layout.retile %arg0 : tensor<16x16xf16, #layout.linear<{register = {{\[\[0, 1\], \[8, 0\], \[0, 8\]\]}}
// CHECK-SAME: -> tensor<16x16xf16, #layout.linear<{register = {{\[\[8, 0\], \[0, 8\], \[0, 1\]\]}}
// CHECK-NEXT: return %[[R]]
func.func @chain(%acc: tensor<16x16xf16, #acc>) -> tensor<16x16xf16, #halves_first> {
  %0 = layout.retile %acc : tensor<16x16xf16, #acc> -> tensor<16x16xf16, #rows_first>
  %1 = layout.retile %0 : tensor<16x16xf16, #rows_first> -> tensor<16x16xf16, #halves_first>
  return %1 : tensor<16x16xf16, #halves_first>
}

// CHECK-LABEL: func.func @back
// CHECK-NEXT: return %arg0
func.func @back(%acc: tensor<16x16xf16, #acc>) -> tensor<16x16xf16, #acc> {
  %0 = layout.retile %acc : tensor<16x16xf16, #acc> -> tensor<16x16xf16, #rows_first>
  %1 = layout.retile %0 : tensor<16x16xf16, #rows_first> -> tensor<16x16xf16, #acc>
  return %1 : tensor<16x16xf16, #acc>
}
