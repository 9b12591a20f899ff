// layout.global_load / layout.global_store: the base, the strides, the alignment and the
// register tensor are checked.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @strides(%p: !llvm.ptr<1>, %s: i64) {
  // expected-error@+1 {{'layout.global_load' op takes one i64 stride per dimension but the last: 1 expected, found 2}}
  %x = layout.global_load %p[%s, %s] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @shared_base(%p: !llvm.ptr<3>, %s: i64) {
  // expected-error@+1 {{'layout.global_load' op the base must be a global !layout.tensor, !llvm.ptr<1> (global) or !llvm.ptr, found '!llvm.ptr<3>'}}
  %x = layout.global_load %p[%s] {align = 16 : i64} : !llvm.ptr<3> -> tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @align(%p: !llvm.ptr<1>, %s: i64, %x: tensor<64x64xf16, #rows>) {
  // expected-error@+1 {{'layout.global_store' op global_access: the alignment must be a power of two number of bytes, got 12}}
  layout.global_store %x, %p[%s] {align = 12 : i64} : tensor<64x64xf16, #rows>, !llvm.ptr<1>
  return
}

// -----

func.func @plain(%p: !llvm.ptr<1>, %s: i64) {
  // expected-error@+1 {{'layout.global_load' op the result must be a register tensor encoded by a #layout.linear<...>, found 'tensor<64x64xf16>'}}
  %x = layout.global_load %p[%s] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf16>
  return
}

// -----

#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @extents(%p: !llvm.ptr<1>, %s: i64) {
  // expected-error@+1 {{'layout.global_load' op the register layout lays out a tensor of out dimensions [dim0=64, dim1=64], but the tensor has extents [32, 64]}}
  %x = layout.global_load %p[%s] {align = 16 : i64} : !llvm.ptr<1> -> tensor<32x64xf16, #rows>
  return
}
