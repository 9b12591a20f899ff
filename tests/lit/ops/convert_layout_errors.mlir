// layout.convert_layout: both encodings must be register layouts of the tensor, over the
// same dimensions and warps; shape and element type are kept.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @no_encoding(%x: tensor<64x64xf32>) {
  // expected-error@+1 {{'layout.convert_layout' op the source must be a register tensor encoded by a #layout.linear<...>, found 'tensor<64x64xf32>'}}
  %0 = layout.convert_layout %x : tensor<64x64xf32> -> tensor<64x64xf32, #blocked>
  return
}

// -----

#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @cute_encoding(%x: tensor<64x64xf32, #blocked>) {
  // expected-error@+1 {{'layout.convert_layout' op the result must be a register tensor encoded by a #layout.linear<...>}}
  %0 = layout.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #layout.layout<(64,64):(64,1)>>
  return
}

// -----

#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#small = #layout.linear<tensor<32x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @extents(%x: tensor<64x64xf32, #blocked>) {
  // expected-error@+1 {{'layout.convert_layout' op the result encoding lays out a tensor of out dimensions [dim0=32, dim1=64], but the tensor has extents [64, 64]: out dimension j must be tensor dimension j}}
  %0 = layout.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #small>
  return
}

// -----

#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#eight = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>>>
func.func @warps(%x: tensor<64x64xf32, #blocked>) {
  // expected-error@+1 {{'layout.convert_layout' op the source encoding spreads the tensor over 4 warps and the result encoding over 8: a conversion keeps the CTA}}
  %0 = layout.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #eight>
  return
}

// -----

#toy = #layout.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = []}>
#blocked = #layout.linear<tensor<2x2xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>>
func.func @lanes(%x: tensor<2x2xf32, #toy>) {
  // expected-error@+1 {{'layout.convert_layout' op the source encoding has 2 lanes; a warp has 32 (lane must have 5 bits)}}
  %0 = layout.convert_layout %x : tensor<2x2xf32, #toy> -> tensor<2x2xf32, #blocked>
  return
}

// -----

#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#tr = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>>
func.func @element(%x: tensor<64x64xf32, #blocked>) {
  // expected-error@+1 {{'layout.convert_layout' op requires the same element type for all operands and results}}
  %0 = layout.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf16, #tr>
  return
}
