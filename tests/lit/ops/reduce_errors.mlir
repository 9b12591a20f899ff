// The verifiers of layout.reduce and layout.broadcast name the layout and the rule: a
// dimension the tensor does not have, a result that is not the source's slice, a combiner of
// another type, an operand that is not the broadcast's slice.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#row = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>>>
func.func @no_such_dim(%x: tensor<64x64xf32, #mma>) {
  // expected-error@+1 {{'layout.reduce' op reduce: dimension 2 is not a dimension of the rank-2 tensor}}
  %m = layout.reduce %x {dim = 2 : i64, kind = "addf"} : tensor<64x64xf32, #mma> -> tensor<64xf32, #row>
  return
}

// -----

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#blk = #layout.linear<tensor<64xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>>
func.func @not_the_slice(%x: tensor<64x64xf32, #mma>) {
  // expected-error@+1 {{'layout.reduce' op reduce: the result encoding must be the source's slice along dimension 1}}
  %m = layout.reduce %x {dim = 1 : i64, kind = "addf"} : tensor<64x64xf32, #mma> -> tensor<64xf32, #blk>
  return
}

// -----

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#row = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>>>
func.func @integer_combiner(%x: tensor<64x64xf32, #mma>) {
  // expected-error@+1 {{'layout.reduce' op kind "addi" is not a combiner of 'f32' (floats: addf, mulf, maxnumf, minnumf, maximumf, minimumf; integers: addi, muli, maxsi, minsi, maxui, minui, andi, ori, xori)}}
  %m = layout.reduce %x {dim = 1 : i64, kind = "addi"} : tensor<64x64xf32, #mma> -> tensor<64xf32, #row>
  return
}

// -----

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#col = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>>>
func.func @broadcast_other_dim(%m: tensor<64xf32, #col>) {
  // expected-error@+1 {{'layout.broadcast' op broadcast: register basis 0 of the source encoding is}}
  %b = layout.broadcast %m {dim = 1 : i64} : tensor<64xf32, #col> -> tensor<64x64xf32, #mma>
  return
}
