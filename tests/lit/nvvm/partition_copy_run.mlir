// The kernels of partition_copy.mlir, end to end: --lower-to-nvvm to PTX for sm_80, ptxas (no
// spills), and Inputs/ptx_moves.py runs the copy of every thread of the CTA on the CPU. The
// partitioned cp.async copy of a tile of a runtime M x K tensor (leading dimension 80) into a
// 128B-swizzled shared tile, for four tiles: an interior one; the corner tile of a 100 x 72
// tensor (36 rows and 8 columns inside); a tile with a K residue of 6, so the run of 8 halves
// at column 64 reads 12 of its 16 bytes; the last row tile of a 61-row tensor. Every byte
// inside the tensor lands at its swizzled shared offset, every byte past it is zero, nothing
// else is written. The synchronous copy with column-major threads, for two tiles of a static
// tensor. Claiming the whole corner tile fails. Partitioning the shared tile with other threads
// than the global one (column-major there, row-major here) does not compile: the lowering
// compares the tile coordinates of both partitions for every thread and names a witness.
// REQUIRES: ptxas
// RUN: layout-opt %S/partition_copy.mlir --lower-to-nvvm="ptx=%t.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.ptx -o %t.cubin 2> %t.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.log | FileCheck %s --check-prefix=ENTRIES
// RUN: %python %S/Inputs/ptx_moves.py %t.ptx %S/Inputs/partition_copy_cases.json | FileCheck %s --check-prefix=MOVES
// RUN: sed 's/"valid": \[36, 8\]/"valid": [64, 64]/' %S/Inputs/partition_copy_cases.json > %t.whole.json
// RUN: not %python %S/Inputs/ptx_moves.py %t.ptx %t.whole.json | FileCheck %s --check-prefix=WRONG
// RUN: sed 's/\(layout.partition .sA\[.tid\] {thr = #layout.layout<\)(16,8):(8,1)>/\1(16,8):(1,16)>/' %S/partition_copy.mlir > %t.mixed.mlir
// RUN: not layout-opt %t.mixed.mlir --lower-to-nvvm="ptx=%t.mixed.ptx chip=sm_80" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIXED

// ENTRIES: 2
// MOVES-COUNT-4: partitioned: 4096 elements copied into shared memory by 128 threads: all right
// MOVES-COUNT-2: partitioned_sync: 4096 elements copied into shared memory by 128 threads: all right
// WRONG: partitioned: 4096 elements copied into shared memory by 128 threads: all right
// WRONG: partitioned: 4096 elements copied into shared memory by 128 threads: {{[0-9]+}} bytes wrong
// MIXED: error: 'layout.copy' op copies element 0 of thread 1 from coordinate (0, 8) of the source tile to (1, 0) of the destination tile: the partitions are of different tiled copies (source thr = #layout.layout<(16,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8; destination thr = #layout.layout<(16,8):(1,16)>, val = #layout.layout<(1,8):(0,1)>, vector = 8)
