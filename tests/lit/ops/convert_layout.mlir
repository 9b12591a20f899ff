// layout.convert_layout: the same register tensor in another distribution over the threads.
// It round-trips; it folds away when both encodings are equal, and a convert of a convert
// becomes one convert of the first operand (or nothing when it comes back).
// RUN: layout-opt %s | layout-opt | FileCheck %s --check-prefix=ROUND
// RUN: layout-opt %s --canonicalize | FileCheck %s

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#tr = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>>
// The same blocked layout as a #ttg.linear basis list: the attribute is canonical, so it is
// the same encoding.
#blocked_bases = #layout.linear<#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>>

// ROUND-LABEL: func.func @convert
// ROUND: layout.convert_layout %arg0 : tensor<64x64xf32, #layout.linear<{register = {{\[\[0, 1\], \[8, 0\], \[0, 8\]}}{{.*}}>> -> tensor<64x64xf32, #layout.linear<{register = {{\[\[0, 1\], \[0, 2\], \[0, 4\], \[16, 0\]}}{{.*}}>>
// CHECK-LABEL: func.func @convert
// CHECK-NEXT: %[[C:.*]] = layout.convert_layout %arg0
// CHECK-NEXT: return %[[C]]
func.func @convert(%acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #blocked> {
  %0 = layout.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  return %0 : tensor<64x64xf32, #blocked>
}

// CHECK-LABEL: func.func @same
// CHECK-NEXT: return %arg0
func.func @same(%x: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked_bases> {
  %0 = layout.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked_bases>
  return %0 : tensor<64x64xf32, #blocked_bases>
}

// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = layout.convert_layout %arg0 : tensor<64x64xf32, #layout.linear<{register = {{\[\[0, 1\], \[8, 0\]}}
// CHECK-SAME: -> tensor<64x64xf32, #layout.linear<{register = {{\[\[1, 0\], \[2, 0\], \[4, 0\]}}
// CHECK-NEXT: return %[[C]]
func.func @chain(%acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #tr> {
  %0 = layout.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  %1 = layout.convert_layout %0 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #tr>
  return %1 : tensor<64x64xf32, #tr>
}

// CHECK-LABEL: func.func @back
// CHECK-NEXT: return %arg0
func.func @back(%acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %0 = layout.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  %1 = layout.convert_layout %0 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
  return %1 : tensor<64x64xf32, #mma>
}
