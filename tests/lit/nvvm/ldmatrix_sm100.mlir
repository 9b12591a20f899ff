// The sm_100 ldmatrix/stmatrix forms chosen from layouts: ldmatrix.m16n16.trans.b8 (8-bit,
// transposed, 16 rows per matrix), ldmatrix.m8n16.b8x16.b6x16_p32 (packed 6-bit values unpacked
// to bytes), stmatrix.m16n8.trans.b8; through NVVM to PTX for sm_100a and ptxas.
// REQUIRES: ptxas
// RUN: layout-opt %s --layout-lower-to-nvvm --canonicalize | FileCheck %s --check-prefix=IR
// RUN: layout-opt %s --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas --gpu-name sm_100a %t.ptx -o %t.cubin
// For an older target the lowering refuses the sm_100 forms by name (LLVM's NVPTX backend would
// abort: it cannot select them).
// RUN: not layout-opt %s --lower-to-nvvm="ptx=%t.sm90.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// SM90: error: 'layout.ldmatrix' op cannot be lowered to NVVM: ldmatrix.m16n16.trans.b8 needs sm_100 or later; the target is sm_90 (--lower-to-nvvm's chip)

// IR-LABEL: gpu.func @ld_sm100
// IR: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b8>, layout = #nvvm.mma_layout<col>, num = 2 : i32, shape = #nvvm.ld_st_matrix_shape<m = 16, n = 16>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// IR: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b8x16.b6x16_p32>, layout = #nvvm.mma_layout<row>, num = 1 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 16>} : (!llvm.ptr<3>) -> i32
// IR: nvvm.stmatrix %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b8>, layout = #nvvm.mma_layout<col>, shape = #nvvm.ld_st_matrix_shape<m = 16, n = 8>}
// PTX: .target sm_100a
// PTX: ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}
// PTX: ldmatrix.sync.aligned.m8n16.x1.shared.b8x16.b6x16_p32
// PTX-COUNT-2: stmatrix.sync.aligned.m16n8.x1.trans.shared.b8
gpu.module @kernels {
  gpu.func @ld_sm100(%p: !llvm.ptr<3>, %out: !llvm.ptr<1>) kernel {
    %r = layout.ldmatrix %p {elem = ui8, smem = #layout.layout<(32,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2,2)):((4,32),(1,256,2,16))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
    %a = llvm.extractvalue %r[0] : !llvm.struct<(i32, i32, i32, i32)>
    %q = layout.ldmatrix %p {elem = f6E2M3FN, smem = #layout.layout<(8,16):(16,1)>, fragment = #layout.layout<((4,8),4):((32,1),8)>} : !llvm.ptr<3> -> i32
    layout.stmatrix %p, %a {elem = si8, smem = #layout.layout<(8,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2)):((2,8),(1,64))>} : !llvm.ptr<3>, i32
    layout.stmatrix %p, %q {elem = si8, smem = #layout.layout<(8,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2)):((2,8),(1,64))>} : !llvm.ptr<3>, i32
    gpu.return
  }
}
