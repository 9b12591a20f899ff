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

// -----

// align promises every stride times the element size a multiple of align: a static stride of
// the tensor, or a constant stride operand, that breaks it is refused (issue 51: 16-byte vector
// stores on rows 130 bytes apart).
#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @static_stride(%t: !layout.tensor<f16, global, !layout.layout<(64,64):(65,1)>>, %x: tensor<64x64xf16, #rows>) {
  // expected-error@+1 {{'layout.global_store' op the base's strides break the alignment: align = 16 promises 16-byte aligned rows, but dimension 0 has the static stride 65 (130 bytes), not a multiple of 16: rows of this tile are at most 2-byte aligned (align <= 2)}}
  layout.global_store %x, %t[] {align = 16 : i64} : tensor<64x64xf16, #rows>, !layout.tensor<f16, global, !layout.layout<(64,64):(65,1)>>
  return
}

// -----

#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @constant_stride(%p: !llvm.ptr<1>) {
  %s = arith.constant 68 : i64
  // expected-error@+1 {{'layout.global_load' op the base's strides break the alignment: align = 16 promises 16-byte aligned rows, but dimension 0 has the static stride 68 (136 bytes), not a multiple of 16: rows of this tile are at most 8-byte aligned (align <= 8)}}
  %x = layout.global_load %p[%s] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf16, #rows>
  return
}

// -----

// Found by layout-fuzz (a mutated sizePerThread): 2^49 elements per thread were walked one by
// one and the verifier never returned; a register tensor holds at most 2^12 per thread.
#huge = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [8, 70368744177664], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>>
func.func @huge_registers(%p: !llvm.ptr<1>) {
  %s = arith.constant 64 : i64
  // expected-error@+1 {{'layout.global_load' op the register layout gives each thread 2^49 elements of the tensor; a register tensor holds at most 2^12 = 4096 per thread (a thread has 255 32-bit registers)}}
  %x = layout.global_load %p[%s] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf16, #huge>
  return
}
