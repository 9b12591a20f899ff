// layout.tensor_memory_load / tensor_memory_store: the tcgen05.ld/st shape is derived from the
// TMEM tensor's layout and the register tensor's encoding (its thread-value layout is the
// fragment), and a remark names it. Thread t of a blocked 128-row tensor holds row t: 32x32b,
// one register per column. mma.sync's accumulator (4 warps along M of 64 rows) in the M = 64
// TMEM layout (rows 16 w .. 16 w + 15 in lanes 32 w ..): 16x256b, whose lanes t/4 + 8 (j/2 mod 2)
// and columns 8 (j/4) + 2 (t mod 4) + j mod 2 are that fragment. Then the whole path to PTX
// that ptxas accepts for sm_100a.
// REQUIRES: ptxas
// RUN: layout-opt %s --layout-lower-tensors -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: layout-opt %s --layout-lower-tensors 2>/dev/null | FileCheck %s --check-prefix=TENSORS
// RUN: layout-opt %s --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas --gpu-name sm_100a %t.ptx -o %t.cubin

// REMARK-DAG: remark: 'layout.tensor_memory_load' op tcgen05.ld.sync.aligned.32x32b.x128.b32: 128 registers per thread
// REMARK-DAG: remark: 'layout.tensor_memory_store' op tcgen05.st.sync.aligned.32x32b.x128.b32: 128 registers per thread
// REMARK-DAG: remark: 'layout.tensor_memory_load' op tcgen05.ld.sync.aligned.16x256b.x8.b32: 32 registers per thread
// REMARK-DAG: remark: 'layout.tensor_memory_store' op tcgen05.st.sync.aligned.16x256b.x8.b32: 32 registers per thread

// TENSORS-LABEL: gpu.func @rows
// TENSORS: %[[A:.*]] = llvm.ptrtoint %arg0 : !llvm.ptr<6> to i32
// TENSORS: %[[R:.*]] = layout.tmem_load %[[A]] {fragment = #layout.linear<{{.*}}>, tmem = #layout.layout<(128,128):(65536,1)>} : vector<128xi32>
// TENSORS: %[[F:.*]] = llvm.bitcast %[[R]] : vector<128xi32> to vector<128xf32>
// TENSORS: %[[T:.*]] = builtin.unrealized_conversion_cast %[[F]] : vector<128xf32> to tensor<128x128xf32
// TENSORS: %[[S:.*]] = arith.mulf %[[T]], %[[T]]
// TENSORS: %[[V:.*]] = builtin.unrealized_conversion_cast %[[S]] : tensor<128x128xf32, {{.*}} to vector<128xf32>
// TENSORS: %[[I:.*]] = llvm.bitcast %[[V]] : vector<128xf32> to vector<128xi32>
// TENSORS: layout.tmem_store %{{.*}}, %[[I]] {fragment = #layout.linear<{{.*}}>, tmem = #layout.layout<(128,128):(65536,1)>} : vector<128xi32>
// TENSORS-LABEL: gpu.func @mma
// TENSORS: layout.tmem_load %{{.*}} {fragment = #layout.linear<{{.*}}>, tmem = #layout.layout<((16,4),64):((65536,2097152),1)>} : vector<32xi32>
// TENSORS: layout.tmem_store {{.*}} : vector<32xi32>
// TENSORS-NOT: layout.tensor_memory

// PTX: .target sm_100a
// PTX-LABEL: .entry rows
// PTX: tcgen05.ld.sync.aligned.32x32b.x128.b32
// PTX-NEXT: tcgen05.wait::ld.sync.aligned
// PTX-COUNT-64: mul.rn.f32x2
// PTX: tcgen05.st.sync.aligned.32x32b.x128.b32
// PTX-NEXT: tcgen05.wait::st.sync.aligned
// PTX-LABEL: .entry mma
// PTX: tcgen05.ld.sync.aligned.16x256b.x8.b32
// PTX: tcgen05.st.sync.aligned.16x256b.x8.b32

#rows = #layout.linear<tensor<128x128xf32, #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
!acc = !layout.tensor<f32, tmem, !layout.layout<(128,128):(65536,1)>>
!m64 = !layout.tensor<f32, tmem, !layout.layout<((16,4),64):((65536,2097152),1)>>
gpu.module @kernels {
  gpu.func @rows(%t: !llvm.ptr<6>) kernel {
    %l = layout.const #layout.layout<(128,128):(65536,1)>
    %D = layout.make_tensor %t, %l : !llvm.ptr<6> -> !acc
    %r = layout.tensor_memory_load %D : !acc -> tensor<128x128xf32, #rows>
    %s = arith.mulf %r, %r : tensor<128x128xf32, #rows>
    layout.tensor_memory_store %s, %D : tensor<128x128xf32, #rows>, !acc
    gpu.return
  }
  gpu.func @mma(%t: !llvm.ptr<6>) kernel {
    %l = layout.const #layout.layout<((16,4),64):((65536,2097152),1)>
    %D = layout.make_tensor %t, %l : !llvm.ptr<6> -> !m64
    %r = layout.tensor_memory_load %D : !m64 -> tensor<64x64xf32, #mma>
    %s = arith.addf %r, %r : tensor<64x64xf32, #mma>
    layout.tensor_memory_store %s, %D : tensor<64x64xf32, #mma>, !m64
    gpu.return
  }
}
