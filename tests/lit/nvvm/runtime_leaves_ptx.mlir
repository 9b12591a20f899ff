// A kernel indexing a tile of a runtime-sized global tensor: the tile's layout comes from
// zipped_divide of (m,n):(ld,1) in the IR, and its runtime leaves are computed in the kernel
// (lowering/src/runtime_leaves.rs); the complement's condition becomes a cf.assert, which
// convert-gpu-to-nvvm turns into __assertfail. The PTX is assembled by ptxas.
// REQUIRES: ptxas
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" | FileCheck %s --check-prefix=LLVM
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin

// LLVM: gpu.binary @kernels
// PTX: .target sm_90a
// PTX: .extern .func __assertfail
// PTX-LABEL: .entry tile_offset
// PTX: div.s64
// PTX: call.uni __assertfail
gpu.module @kernels {
  gpu.func @tile_offset(%m: index, %n: index, %ld: index, %x: index, %out: !llvm.ptr) kernel {
    %a = layout.make %m, %n, %ld : !layout.layout<(?,?):(?,1)>
    %t = layout.const #layout.tiler<[128:1,64:1]>
    %z = layout.zipped_divide %a, %t : !layout.layout<(?,?):(?,1)>, !layout.tiler<[128:1,64:1]>
    %bid = gpu.block_id x
    %o = layout.crd2idx %z[%x, %bid] : !layout.layout<((128,64),(?,?)):((?,1),(?,64))>
    %c = layout.make %m : !layout.layout<(?,8):(1,4)>
    %r = layout.complement %c : !layout.layout<(?,8):(1,4)>
    %p = layout.crd2idx %r[%x] : !layout.layout<(?,?):(?,32)>
    %s = arith.addi %o, %p : index
    %v = arith.index_cast %s : index to i64
    llvm.store %v, %out : i64, !llvm.ptr
    gpu.return
  }
}
