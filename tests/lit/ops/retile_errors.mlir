// layout.retile: both encodings must be register layouts of the tensor, over the same
// dimensions and warps, and the result must read only registers the thread holds: the error
// names the first bit where the encodings part and the elements it selects on each side.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

#acc = #layout.linear<tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>>
#blocked = #layout.linear<tensor<16x16xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>>>
func.func @other_threads(%x: tensor<16x16xf16, #acc>) {
  // expected-error@+1 {{'layout.retile' op retile: lane bit 0 selects element (0, 2) in the source encoding but (0, 8) in the result encoding: elements held by other threads; layout.convert_layout moves the data}}
  %0 = layout.retile %x : tensor<16x16xf16, #acc> -> tensor<16x16xf16, #blocked>
  return
}

// -----

#acc = #layout.linear<tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>>
#select = #layout.linear<#ttg.linear<{register = [[0, 1], [8, 0], [0, 8]], lane = [[8, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>>
func.func @lane_dependent_order(%x: tensor<16x16xf16, #acc>) {
  // expected-error@+1 {{'layout.retile' op retile: lane bit 0 selects element (0, 2) in the source encoding but (8, 2) in the result encoding: the same elements in another register order in each thread (a per-lane select); layout.convert_layout moves the data}}
  %0 = layout.retile %x : tensor<16x16xf16, #acc> -> tensor<16x16xf16, #select>
  return
}

// -----

#acc = #layout.linear<tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>>
#next = #layout.linear<#ttg.linear<{register = [[0, 3], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>>
func.func @register_not_held(%x: tensor<16x16xf16, #acc>) {
  // expected-error@+1 {{'layout.retile' op retile: register bit 0 of the result encoding selects element (0, 3), which no register of the source encoding holds in that thread; layout.convert_layout moves the data}}
  %0 = layout.retile %x : tensor<16x16xf16, #acc> -> tensor<16x16xf16, #next>
  return
}

// -----

#acc = #layout.linear<tensor<32x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>>>
#one_warp = #layout.linear<tensor<32x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>>
func.func @warps(%x: tensor<32x16xf16, #acc>) {
  // expected-error@+1 {{'layout.retile' op the source encoding spreads the tensor over 2 warps and the result encoding over 1: a conversion keeps the CTA}}
  %0 = layout.retile %x : tensor<32x16xf16, #acc> -> tensor<32x16xf16, #one_warp>
  return
}

// -----

#acc = #layout.linear<tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>>
func.func @no_encoding(%x: tensor<16x16xf16>) {
  // expected-error@+1 {{'layout.retile' op the source must be a register tensor encoded by a #layout.linear<...>, found 'tensor<16x16xf16>'}}
  %0 = layout.retile %x : tensor<16x16xf16> -> tensor<16x16xf16, #acc>
  return
}

// -----

#acc = #layout.linear<tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>>
func.func @element_type(%x: tensor<16x16xf16, #acc>) {
  // expected-error@+1 {{'layout.retile' op requires the same element type for all operands and results}}
  %0 = layout.retile %x : tensor<16x16xf16, #acc> -> tensor<16x16xf32, #acc>
  return
}
