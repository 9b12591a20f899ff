// layout.mma: the operands' shapes, element types and layouts are checked; a layout that does
// not hold the m16n8k16 fragments is an error naming the operand, lane, warp and element.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#dota = #layout.linear<tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#rowsb = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @b_in_rows(%a: tensor<64x32xf16, #dota>, %b: tensor<32x64xf16, #rowsb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error@+1 {{'layout.mma' op mma_sync: B holds no element at (1, 0) in lane 0 of warp 0, where an instruction needs it}}
  %d = layout.mma %a, %b, %c : tensor<64x32xf16, #dota>, tensor<32x64xf16, #rowsb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#dota = #layout.linear<tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
func.func @types(%a: tensor<64x32xf16, #dota>, %b: tensor<32x64xbf16, #dotb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error@+1 {{'layout.mma' op A and B must both be f16 or both bf16, found 'f16' and 'bf16'}}
  %d = layout.mma %a, %b, %c : tensor<64x32xf16, #dota>, tensor<32x64xbf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#dota = #layout.linear<tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
func.func @shapes(%a: tensor<64x32xf16, #dota>, %b: tensor<64x64xf16, #dotb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error@+1 {{'layout.mma' op A, B and C must be M x K, K x N and M x N}}
  %d = layout.mma %a, %b, %c : tensor<64x32xf16, #dota>, tensor<64x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

// The accumulator in a blocked layout: its tiles need A rows that lane 0 of warp 0 does not hold.
#dota = #layout.linear<tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#rowsc = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @c_in_rows(%a: tensor<64x32xf16, #dota>, %b: tensor<32x64xf16, #dotb>, %c: tensor<64x64xf32, #rowsc>) {
  // expected-error@+1 {{'layout.mma' op mma_sync: A holds no element at (16, 0) in lane 0 of warp 0, where an instruction needs it}}
  %d = layout.mma %a, %b, %c : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #rowsc> -> tensor<64x64xf32, #rowsc>
  return
}

// -----

// Triton's A layout with its two lowest lane bits swapped: lane 0 holds every element the
// instructions need, but lane 1 holds the elements of lane 2.
#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#swapped = #layout.linear<#ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 4], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>>
#dotb = #layout.linear<tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
func.func @lanes_swapped(%a: tensor<64x32xf16, #swapped>, %b: tensor<32x64xf16, #dotb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error@+1 {{'layout.mma' op mma_sync: A's layout does not hold the m16n8k16 fragment: a0 of lane 1 in warp 0 must be element (0, 2), register 0 holds (0, 4)}}
  %d = layout.mma %a, %b, %c : tensor<64x32xf16, #swapped>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}
