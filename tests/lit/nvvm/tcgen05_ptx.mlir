// The Blackwell ops through the whole path: layout ops -> NVVM tcgen05 -> LLVM dialect -> PTX for
// sm_100a (LLVM's NVPTX backend) -> ptxas. Every tcgen05.ld/st shape the layouts select, the
// instruction descriptors of three kinds, tcgen05.cp with a derived source descriptor.
// REQUIRES: ptxas
// RUN: layout-opt %s --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.ptx" -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas --gpu-name sm_100a %t.ptx -o %t.cubin

// CHECK: .target sm_100a
// CHECK-LABEL: .entry tcgen05_ops
// kind::f16 0x08400010, kind::f8f6f4 0x08212010 (negate A, B MN-major), kind::i8 0x082004a0 (s8 x s8 -> s32)
// CHECK: mov.b32 {{%r[0-9]+}}, 138412048;
// CHECK: tcgen05.mma.cta_group::1.kind::f16
// CHECK: mov.b32 {{%r[0-9]+}}, 136388624;
// CHECK: tcgen05.mma.cta_group::1.kind::f8f6f4
// CHECK: mov.b32 {{%r[0-9]+}}, 136316064;
// CHECK: tcgen05.mma.cta_group::1.kind::i8
// CHECK: tcgen05.cp.cta_group::1.128x256b
// CHECK: tcgen05.st.sync.aligned.16x256b.x1.b32
// CHECK: tcgen05.wait::st.sync.aligned
// CHECK: tcgen05.st.sync.aligned.16x128b.x2.b32
// CHECK: tcgen05.st.sync.aligned.16x64b.x4.b32
// CHECK: tcgen05.st.sync.aligned.16x32bx2.x2.b32 [{{%r[0-9]+}}], 3,
// CHECK: tcgen05.ld.sync.aligned.32x32b.x4.b32
// CHECK: tcgen05.wait::ld.sync.aligned
gpu.module @kernels {
  gpu.func @tcgen05_ops(%t: i32, %a: i64, %b: i64, %s: !llvm.ptr<3>, %v4: vector<4xi32>, %v2: vector<2xi32>, %out: !llvm.ptr<1>) kernel {
    %true = llvm.mlir.constant(true) : i1
    layout.tcgen05_mma %t, %a, %b, %true {elemA = f16, elemB = f16, elemD = f32, m = 128, n = 256, majorA = #layout.major<K>, majorB = #layout.major<K>}
    layout.tcgen05_mma %t, %a, %b, %true {elemA = f8E4M3FN, elemB = f8E4M3FN, elemD = f32, m = 128, n = 128, majorA = #layout.major<K>, majorB = #layout.major<MN>, negA}
    layout.tcgen05_mma %t, %a, %b, %true {elemA = si8, elemB = si8, elemD = si32, m = 128, n = 128, majorA = #layout.major<K>, majorB = #layout.major<K>}
    layout.tcgen05_cp %t, %s {elem = f16, tile = #layout.layout<Sw<3,3,3> o 0 o (128,16):(64,1)>} : !llvm.ptr<3>
    layout.tmem_store %t, %v4 {tmem = #layout.layout<(16,8):(65536,1)>, fragment = #layout.layout<((4,8),(2,2)):((32,1),(16,8))>} : vector<4xi32>
    layout.tmem_store %t, %v4 {tmem = #layout.layout<(16,8):(65536,1)>, fragment = #layout.layout<((4,8),(2,2)):((16,1),(8,64))>} : vector<4xi32>
    layout.tmem_store %t, %v4 {tmem = #layout.layout<(16,8):(65536,1)>, fragment = #layout.layout<((2,2,8),4):((8,16,1),32)>} : vector<4xi32>
    layout.tmem_store %t, %v2 {tmem = #layout.layout<(16,5):(65536,1)>, fragment = #layout.layout<((16,2),2):((1,48),16)>} : vector<2xi32>
    %r = layout.tmem_load %t {tmem = #layout.layout<(32,4):(65536,1)>, fragment = #layout.layout<(32,4):(1,32)>} : vector<4xi32>
    llvm.store %r, %out : vector<4xi32>, !llvm.ptr<1>
    gpu.return
  }
}
