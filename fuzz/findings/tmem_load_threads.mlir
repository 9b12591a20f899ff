// Open finding of `layout-fuzz --target kernel` (seed 4; a mutation of
// examples/tile_gemm_sm100.mlir with known_block_size 128 -> 4): a 128-lane TMEM read (the
// fragment's thread mode has 128 threads: tcgen05.ld 32x32b in 4 warps) in a kernel whose
// block has 32 threads lowers and assembles without a diagnostic; warps 1..3 of the tile
// are never read. KernelChecks.cpp checks the block size against register-tensor layouts
// only, not against the threads of a tmem_load/tmem_store fragment.
// layout-opt fuzz/findings/tmem_load_threads.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=/tmp/t.ptx" -o /dev/null
gpu.module @kernels {
  gpu.func @few_threads(%t: i32, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %r = layout.tmem_load %t {tmem = #layout.layout<(128,128):(65536,1)>, fragment = #layout.layout<(128,128):(1,128)>} : vector<128xi32>
    llvm.store %r, %out : vector<128xi32>, !llvm.ptr<1>
    gpu.return
  }
}
