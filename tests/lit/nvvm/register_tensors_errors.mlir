// --layout-lower-register-tensors: what it cannot lower is an error at the op.
// RUN: layout-opt %s --split-input-file --layout-lower-register-tensors -verify-diagnostics

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
func.func @iota() -> tensor<2x64xf32, #layout.linear<tensor<2x64xf32, #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>>> {
  // expected-error@+1 {{'arith.constant' op a constant register tensor must be a splat: each thread holds other elements, so a non-splat constant has no per-thread value}}
  %c = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0], [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]]> : tensor<2x64xf32, #layout.linear<tensor<2x64xf32, #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>>>
  return %c : tensor<2x64xf32, #layout.linear<tensor<2x64xf32, #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>>>>
}

// -----

// The encoding must lay out the tensor's extents.
#blocked = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
// expected-error@+1 {{that is not one: the encoding lays out a tensor of out dimensions [dim0=64, dim1=64], but the tensor has extents [32, 64]}}
func.func @extents(%a: tensor<32x64xf32, #blocked>) {
  return
}

// -----

// A 128x128 f32 conversion through shared memory takes 64 KiB untiled: the module's budget of
// 64 KiB lets the plan take it all, more than a static shared array can hold.
#mma = #layout.linear<tensor<128x128xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#blocked = #layout.linear<tensor<128x128xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
// expected-error@+1 {{'builtin.module' op its conversions need a shared buffer of 65536 bytes, more than static shared memory holds (49152): a smaller layout.smem_budget tiles them}}
module attributes {layout.smem_budget = 65536 : i64} {
  func.func @big(%a: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #blocked> {
    %b = layout.convert_layout %a : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    return %b : tensor<128x128xf32, #blocked>
  }
}

// -----

// A vector is cast only when it has one element per register (32 here) of their type.
#blocked = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @short_vector(%v: vector<16xf16>) -> tensor<64x64xf16, #blocked> {
  // expected-error@+2 {{'builtin.unrealized_conversion_cast' op casts to a register tensor whose registers are '!llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>', from 'vector<16xf16>'}}
  // expected-error@+1 {{failed to legalize operation 'builtin.unrealized_conversion_cast'}}
  %x = builtin.unrealized_conversion_cast %v : vector<16xf16> to tensor<64x64xf16, #blocked>
  return %x : tensor<64x64xf16, #blocked>
}

// -----

// The threads that run a register-tensor op are exactly the warps its layouts span, times 32
// (issue 51): known_block_size, or the bound of an enclosing scf.if on tid.x < N. Too few
// threads leave warps of the layout uncomputed.
#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
gpu.module @kernels {
  gpu.func @too_few(%in: !llvm.ptr<1>, %stride: i64) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error@+1 {{'layout.global_load' op runs on 64 threads (known_block_size = array<i32: 64, 1, 1>), but its register layouts span 4 warps (128 threads): the threads that run a register-tensor op are exactly the warps of its layouts (warps 2..3 of the layout would never be computed)}}
    %x = layout.global_load %in[%stride] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf16, #rows>
    gpu.return
  }
}

// -----

// Too many threads repeat the layout's warps or address past its tile: the extra warps are
// idle only where the kernel guards the op.
#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
gpu.module @kernels {
  gpu.func @too_many(%out: !llvm.ptr<1>, %stride: i64, %x: tensor<64x64xf16, #rows>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error@+1 {{'layout.global_store' op runs on 256 threads (known_block_size = array<i32: 256, 1, 1>), but its register layouts span 4 warps (128 threads): the threads that run a register-tensor op are exactly the warps of its layouts; guard it with scf.if on gpu.thread_id x < 128 (warps 4.. would repeat the layout's warps or address past its tile)}}
    layout.global_store %x, %out[%stride] {align = 16 : i64} : tensor<64x64xf16, #rows>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
gpu.module @kernels {
  gpu.func @guard_too_small(%out: !llvm.ptr<1>, %stride: i64, %x: tensor<64x64xf16, #rows>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tid = gpu.thread_id x
    %c96 = arith.constant 96 : index
    %g = arith.cmpi ult, %tid, %c96 : index
    scf.if %g {
      // expected-error@+1 {{'layout.global_store' op runs on 96 threads (an enclosing scf.if on tid.x < 96 of known_block_size = array<i32: 256, 1, 1>), but its register layouts span 4 warps (128 threads): the threads that run a register-tensor op are exactly the warps of its layouts (warps 3..3 of the layout would never be computed)}}
      layout.global_store %x, %out[%stride] {align = 16 : i64} : tensor<64x64xf16, #rows>, !llvm.ptr<1>
    }
    gpu.return
  }
}

// -----

// A guard on tid.x < 128 (here with a condition every thread shares) leaves the 4 warps of the
// layout; a condition on the thread the lowering cannot read is not checked.
#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
gpu.module @kernels {
  gpu.func @guarded(%out: !llvm.ptr<1>, %stride: i64, %x: tensor<64x64xf16, #rows>, %go: i1) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tid = gpu.thread_id x
    %c128 = arith.constant 128 : index
    %g = arith.cmpi ult, %tid, %c128 : index
    %both = arith.andi %g, %go : i1
    scf.if %both {
      layout.global_store %x, %out[%stride] {align = 16 : i64} : tensor<64x64xf16, #rows>, !llvm.ptr<1>
    }
    %c7 = arith.constant 7 : index
    %odd = arith.andi %tid, %c7 : index
    %c0 = arith.constant 0 : index
    %h = arith.cmpi eq, %odd, %c0 : index
    scf.if %h {
      layout.global_store %x, %out[%stride] {align = 16 : i64} : tensor<64x64xf16, #rows>, !llvm.ptr<1>
    }
    // expected-error@+1 {{'layout.global_store' op runs on 256 threads}}
    layout.global_store %x, %out[%stride] {align = 16 : i64} : tensor<64x64xf16, #rows>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// f8 registers are held as i8 and moved, not computed on (LLVM has no f8 type).
#f8 = #layout.linear<tensor<64x64xf8E4M3FN, #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#f32 = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
func.func @f8_compute(%x: tensor<64x64xf8E4M3FN, #f8>) -> tensor<64x64xf32, #f32> {
  // expected-error@+1 {{'arith.extf' op computes on registers of 'f8E4M3FN', which LLVM has no type for: a register tensor of 'f8E4M3FN' is held as 'i8' and only moved (loads, stores, layout.convert_layout, arith.bitcast to 'i8')}}
  %f = arith.extf %x : tensor<64x64xf8E4M3FN, #f8> to tensor<64x64xf32, #f32>
  return %f : tensor<64x64xf32, #f32>
}
