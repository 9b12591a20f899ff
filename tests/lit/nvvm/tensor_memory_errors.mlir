// layout.tensor_memory_load / tensor_memory_store: a register tensor no tcgen05.ld/st shape
// moves is refused by --layout-lower-tensors before any rewrite, with the rule each shape
// breaks.
// RUN: layout-opt %s --split-input-file --verify-diagnostics --layout-lower-tensors

// mma.sync's accumulator of 128 rows: warp 0 holds rows 0-15 and 64-79, past its quadrant.
#mma = #layout.linear<tensor<128x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
!acc = !layout.tensor<f32, tmem, !layout.layout<(128,64):(65536,1)>>
gpu.module @kernels {
  gpu.func @no_shape(%t: !llvm.ptr<6>) kernel {
    %l = layout.const #layout.layout<(128,64):(65536,1)>
    %D = layout.make_tensor %t, %l : !llvm.ptr<6> -> !acc
    // expected-error@+1 {{'layout.tensor_memory_load' op no tcgen05.ld moves this register tensor: tmem_copy: no tcgen05.ld/st shape moves this fragment (32x32b: warp 0 thread 0 register 2 is at (lane 8, column 0), the shape puts it at (lane 0, column 2);}}
    %r = layout.tensor_memory_load %D : !acc -> tensor<128x64xf32, #mma>
    gpu.return
  }
}

// -----

// Eight warps: tcgen05.ld/st is run by a warp or a warpgroup.
#rows = #layout.linear<tensor<128x128xf32, #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [1, 0]}>>>
!acc = !layout.tensor<f32, tmem, !layout.layout<(128,128):(65536,1)>>
gpu.module @kernels {
  gpu.func @warps(%t: !llvm.ptr<6>, %v: tensor<128x128xf32, #rows>) kernel {
    %l = layout.const #layout.layout<(128,128):(65536,1)>
    %D = layout.make_tensor %t, %l : !llvm.ptr<6> -> !acc
    // expected-error@+1 {{'layout.tensor_memory_store' op no tcgen05.st moves this register tensor: tmem_copy: the fragment's thread mode has 256 threads; tcgen05.ld/st is a warp instruction (32 threads, or 128 for a warpgroup)}}
    layout.tensor_memory_store %v, %D : tensor<128x128xf32, #rows>, !acc
    gpu.return
  }
}

// -----

// Registers spread by a swizzle (lane bit 2 moves the row by 4 and flips column bit 0) have no
// (thread, value) fragment.
#sw = #layout.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 1], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
!acc = !layout.tensor<f32, tmem, !layout.layout<(128,4):(65536,1)>>
gpu.module @kernels {
  gpu.func @swizzled(%t: !llvm.ptr<6>) kernel {
    %l = layout.const #layout.layout<(128,4):(65536,1)>
    %D = layout.make_tensor %t, %l : !llvm.ptr<6> -> !acc
    // expected-error@+1 {{'layout.tensor_memory_load' op no tcgen05.ld moves this register tensor: thread_value: the registers are not a shape:stride function of (thread, register)}}
    %r = layout.tensor_memory_load %D : !acc -> tensor<128x4xf32, #sw>
    gpu.return
  }
}
