// The threads that run a tcgen05.ld/st (tmem_load, tmem_store): each warp of the fragment
// moves its own TMEM lanes, so the block (or the enclosing scf.if on tid.x) must hold every
// warp of the fragment. Found by `layout-fuzz --target kernel` (a 128-lane read in a block of
// 32 threads compiled, and warps 1..3 of the tile were never read).
// RUN: layout-opt %s --layout-lower-tensors -split-input-file -verify-diagnostics

gpu.module @kernels {
  gpu.func @few_threads(%t: i32, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    // expected-error @+1 {{'layout.tmem_load' op runs on 32 threads (known_block_size = array<i32: 32, 1, 1>), but its fragment is moved by warps 0..3 (128 threads: tcgen05.ld/st moves the lanes of the warp that issues it): warps 1..3 of the fragment would never move}}
    %r = layout.tmem_load %t {tmem = #layout.layout<(128,128):(65536,1)>, fragment = #layout.layout<(128,128):(1,128)>} : vector<128xi32>
    llvm.store %r, %out : vector<128xi32>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A 128-lane write under a guard of 64 threads: warps 2..3 of the fragment never write.
gpu.module @kernels {
  gpu.func @guarded(%t: i32, %v: vector<4xi32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %lt = arith.cmpi ult, %tid, %c64 : index
    scf.if %lt {
      // expected-error @+1 {{'layout.tmem_store' op runs on 64 threads (an enclosing scf.if on tid.x < 64), but its fragment is moved by warps 0..3 (128 threads: tcgen05.ld/st moves the lanes of the warp that issues it): warps 2..3 of the fragment would never move}}
      layout.tmem_store %t, %v {tmem = #layout.layout<(128,4):(65536,1)>, fragment = #layout.layout<(128,4):(1,128)>} : vector<4xi32>
    }
    gpu.return
  }
}

// -----

// Enough threads: no diagnostic.
gpu.module @kernels {
  gpu.func @enough(%t: i32, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %r = layout.tmem_load %t {tmem = #layout.layout<(128,128):(65536,1)>, fragment = #layout.layout<(128,128):(1,128)>} : vector<128xi32>
    llvm.store %r, %out : vector<128xi32>, !llvm.ptr<1>
    gpu.return
  }
}
