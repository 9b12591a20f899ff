// The whole path: layout ops -> NVVM -> LLVM dialect -> PTX for sm_90a (LLVM's NVPTX backend in
// process, `--lower-to-nvvm=ptx=<file>`) -> ptxas. The PTX holds the instructions the layouts
// asked for, with the descriptor constant folded into the wgmma.
// REQUIRES: ptxas
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" | FileCheck %s --check-prefix=LLVM
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin
// `ptx=-`: the PTX on stdout (the output IR goes to -o), the same text as the file.
// RUN: layout-opt %s --lower-to-nvvm="ptx=-" -o %t.out.mlir > %t.stdout.ptx
// RUN: FileCheck %s --check-prefix=PTX --implicit-check-not=gpu.binary < %t.stdout.ptx
// RUN: diff %t.ptx %t.stdout.ptx

// LLVM: gpu.binary @kernels
// PTX: .target sm_90a
// PTX-LABEL: .entry all_ops
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: wgmma.fence.sync.aligned
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 4611686293305360384, %rd{{[0-9]+}}
// PTX: wgmma.commit_group.sync.aligned
// PTX: wgmma.wait_group.sync.aligned
// PTX: mbarrier.arrive.expect_tx.shared.b64 {{.*}}
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: fence.proxy.async.shared::cta
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
gpu.module @kernels {
  gpu.func @all_ops(%p: !llvm.ptr<3>, %map: !llvm.ptr, %bar: !llvm.ptr<3>, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %k: i32, %x: i32, %y: i32, %out: !llvm.ptr) kernel {
    %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
    %a = llvm.extractvalue %r[0] : !llvm.struct<(i32, i32, i32, i32)>
    %b = llvm.extractvalue %r[1] : !llvm.struct<(i32, i32, i32, i32)>
    %c = llvm.extractvalue %r[2] : !llvm.struct<(i32, i32, i32, i32)>
    %d = llvm.extractvalue %r[3] : !llvm.struct<(i32, i32, i32, i32)>
    layout.stmatrix %p, %a, %b, %c, %d {elem = f16, smem = #layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
    %d0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (64,16):(64,1)>}
    %d1 = layout.wgmma_desc base(%p : !llvm.ptr<3>) k(%k) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>}
    %w = layout.wgmma %d0, %d1, %acc {n = 64, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    %w0 = llvm.extractvalue %w[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
    llvm.store %w0, %out : f32, !llvm.ptr
    layout.tma_load %p, %map, %bar[%x, %y] {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
    layout.tma_store %map, %p[%x, %y] {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr<3>
    gpu.return
  }
}
