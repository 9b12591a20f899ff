// --layout-assign-layouts: a conversion that cannot be planned within the shared-memory
// budget makes every assignment impossible; the pass fails at the function with
// convert_plan's reason and leaves the function as it was. A budget that is not a positive
// integer is refused.
// RUN: layout-opt %s --split-input-file --layout-assign-layouts -verify-diagnostics

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func private @store(tensor<64x64xf32, #blocked>)
// 16 KiB through shared memory, and the two layouts share one register bit to tile over.
// expected-error@+1 {{'func.func' op layout assignment: every choice of the candidate layouts needs a conversion that is impossible: convert_plan: the conversion needs 16384 bytes of shared memory, more than the budget of 4096; tiling it needs 2 register bits common to both layouts (and independent of their lanes and warps), and they have 1}}
func.func @over_budget(%acc: tensor<64x64xf32, #mma>) attributes {layout.smem_budget = 4096} {
  %0 = arith.negf %acc : tensor<64x64xf32, #mma>
  %1 = layout.convert_layout %0 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  func.call @store(%1) : (tensor<64x64xf32, #blocked>) -> ()
  return
}

// -----

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
// The budget of the module applies to its functions.
module attributes {layout.smem_budget = 64} {
  func.func private @store(tensor<64x64xf32, #blocked>)
  // expected-error@+1 {{more than the budget of 64}}
  func.func @module_budget(%acc: tensor<64x64xf32, #mma>) {
    %0 = layout.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    func.call @store(%0) : (tensor<64x64xf32, #blocked>) -> ()
    return
  }
}

// -----

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
// expected-error@+1 {{'func.func' op layout.smem_budget must be an integer (bytes)}}
func.func @not_integer(%acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #blocked> attributes {layout.smem_budget = "large"} {
  %0 = layout.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  return %0 : tensor<64x64xf32, #blocked>
}

// -----

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
// expected-error@+1 {{'func.func' op layout.smem_budget must be positive, got 0}}
func.func @zero(%acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #blocked> attributes {layout.smem_budget = 0 : i64} {
  %0 = layout.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  return %0 : tensor<64x64xf32, #blocked>
}
