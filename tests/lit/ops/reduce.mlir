// layout.reduce and layout.broadcast on register tensors: the reduced tensor's encoding is the
// source's slice along the dimension (Triton's #ttg.slice), the broadcast's operand the
// result's slice; both round-trip through the generic form.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#row = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>>>
#blk = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>>>
#col = #layout.linear<tensor<64xf16, #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>}>>>

// CHECK-LABEL: func.func @rows
// CHECK: %[[M:.*]] = layout.reduce %arg0 {dim = 1 : i64, kind = "maxnumf"} : tensor<64x64xf32, #layout.linear<
// CHECK: layout.broadcast %[[M]] {dim = 1 : i64} : tensor<64xf32, #layout.linear<
// CHECK: layout.reduce %arg1 {dim = 0 : i64, kind = "addf"} : tensor<32x64xf16, #layout.linear<
func.func @rows(%x: tensor<64x64xf32, #mma>, %h: tensor<32x64xf16, #blk>) -> (tensor<64x64xf32, #mma>, tensor<64xf16, #col>) {
  %m = layout.reduce %x {dim = 1 : i64, kind = "maxnumf"} : tensor<64x64xf32, #mma> -> tensor<64xf32, #row>
  %b = layout.broadcast %m {dim = 1 : i64} : tensor<64xf32, #row> -> tensor<64x64xf32, #mma>
  %c = layout.reduce %h {dim = 0 : i64, kind = "addf"} : tensor<32x64xf16, #blk> -> tensor<64xf16, #col>
  return %b, %c : tensor<64x64xf32, #mma>, tensor<64xf16, #col>
}

// Rows spread over the 4 warps (the columns of the mma accumulator): verified here; the
// lowering combines the warps through shared memory (tests/lit/nvvm/reduce_run.mlir).
#ccol = #layout.linear<tensor<64xf32, #ttg.slice<{dim = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>>>
// CHECK-LABEL: func.func @columns_over_warps
// CHECK: layout.reduce %arg0 {dim = 0 : i64, kind = "addf"} : tensor<64x64xf32, #layout.linear<
func.func @columns_over_warps(%x: tensor<64x64xf32, #mma>) -> tensor<64xf32, #ccol> {
  %c = layout.reduce %x {dim = 0 : i64, kind = "addf"} : tensor<64x64xf32, #mma> -> tensor<64xf32, #ccol>
  return %c : tensor<64xf32, #ccol>
}
