// The Blackwell GEMM (examples/gemm_sm100.mlir: runtime M, N, K, a grid of 128 x 128 tiles, the
// k loop over TMA loads and UMMA into the TMEM accumulator, a tcgen05.ld epilogue with the rows
// and columns past C left unwritten, 4 stages) lowers to PTX that ptxas accepts for sm_100a
// without spills; tcgen05.wait::ld follows tcgen05.ld at once (no use of its registers between).
// The host encodes the tensor maps with the runtime extents and row stride; in the kernel, the
// UMMA descriptors of layout.mma_tmem are constant but for the address (their fields 0x4000404000010000 and the
// instruction descriptor 0x08200010 as in the tile demo), and each k tile waits for ring
// position j of both barriers (parity j mod 2). Its tensor ops become the TMA loads of the k
// tile (the coordinates of local_tile(A, (128,64), (m, j)): k*64 innermost, then m*128).
// REQUIRES: ptxas
// RUN: layout-opt %S/../../../examples/gemm_sm100.mlir --layout-lower-tensors 2>/dev/null | FileCheck %s --check-prefix=TENSORS
// The data paths proven (--layout-prove-descriptors: the TMA boxes, the UMMA descriptors of the
// four k blocks of both operands, the epilogue's tcgen05.ld):
// RUN: layout-opt %S/../../../examples/gemm_sm100.mlir --layout-lower-tensors --layout-prove-descriptors -o %t.proved 2>/dev/null
// RUN: FileCheck %s --check-prefix=PROVED < %t.proved
// RUN: layout-opt %S/../../../examples/gemm_sm100.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86" | FileCheck %s --check-prefix=IR
// RUN: layout-opt %S/../../../examples/gemm_sm100.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.ptx" -o /dev/null
// RUN: %ptxas --gpu-name sm_100a -v %t.ptx -o %t.cubin 2> %t.log
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.log | FileCheck %s --check-prefix=ONE

// TENSORS-NOT: layout.tensor_ptr
// TENSORS-NOT: layout.mma_tmem
// TENSORS-COUNT-2: layout.tma_load {{.*}} {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>}
// TENSORS: nvvm.mbarrier.try_wait.parity
// mma_tmem: per k block, the UMMA descriptors of both stages and one tcgen05_mma (the first adds
// when the k tile is not the first, the others always).
// TENSORS: %[[FIRST:.*]] = arith.cmpi ne, %{{.*}}, %c0 : index
// TENSORS: %[[TMEM:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<6> to i32
// TENSORS: layout.umma_desc base(%{{.*}} : !llvm.ptr<3>) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>}
// TENSORS: layout.tcgen05_mma %[[TMEM]], %{{.*}}, %{{.*}}, %[[FIRST]] {elemA = f16, elemB = f16, elemD = f32, m = 128 : i64, majorA = #layout.major<K>, majorB = #layout.major<K>, n = 128 : i64}
// TENSORS: layout.umma_desc base(%{{.*}} : !llvm.ptr<3>) {elem = f16, k = 3 : i64, major = #layout.major<K>
// TENSORS: layout.tcgen05_mma %[[TMEM]], %{{.*}}, %{{.*}}, %true
// TENSORS: nvvm.tcgen05.commit
// TENSORS: nvvm.mbarrier.try_wait.parity
// The epilogue's tensor_memory_load: tcgen05.ld of the register tensor's encoding from the
// accumulator's layout.
// TENSORS: layout.tmem_load %{{.*}} {fragment = #layout.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [64, 0]], block = []}>, tmem = #layout.layout<(128,128):(65536,1)>} : vector<128xi32>
// TENSORS-NOT: layout.tensor_memory_load
// PROVED-COUNT-2: layout.tma_load
// PROVED-COUNT-8: layout.umma_desc
// PROVED: layout.tmem_load
// IR-COUNT-2: llvm.call @cuTensorMapEncodeTiled
// IR: gpu.module @kernels
// IR-DAG: llvm.mlir.constant(4611756662049538048 : i64)
// IR-DAG: llvm.mlir.constant(136314896 : i32)

// PTX: .target sm_100a
// PTX: .entry gemm_sm100
// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX-COUNT-4: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard
// PTX-COUNT-2: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// PTX: tcgen05.ld.sync.aligned.32x32b.x128.b32
// PTX-NEXT: tcgen05.wait::ld.sync.aligned
// PTX-COUNT-16: st.global.v4.b32
// PTX-COUNT-128: st.global.b16
// PTX: tcgen05.dealloc.cta_group::1.sync.aligned.b32
// ONE: 1
