// ldmatrix/stmatrix: the form (x1/x2/x4, .trans) and each lane's row address come from the
// shared-memory layout and the register fragment (layout_algebra::hw::matrix_copy). The lane
// table is emitted as arithmetic on the lane id: additive per lane bit for plain layouts, XOR
// per lane bit under a swizzle (checked against the table when derived).
// RUN: layout-opt %s --layout-lower-to-nvvm --canonicalize | FileCheck %s

// Row-major 16x16 f16, the mma A fragment: x4, lane l -> 32 (l % 16) + 16 (l / 16) bytes.
// CHECK-LABEL: llvm.func @x4_plain
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32)
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32)
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32)
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32)
// CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32)
// CHECK-DAG: %[[C5:.*]] = llvm.mlir.constant(5 : i32)
// CHECK:     %[[L:.*]] = nvvm.read.ptx.sreg.laneid : i32
// CHECK:     %[[B0:.*]] = llvm.and %[[L]], %[[C1]]
// CHECK:     %[[T0:.*]] = llvm.shl %[[B0]], %[[C5]]
// CHECK:     %[[B1:.*]] = llvm.and %[[L]], %[[C2]]
// CHECK:     %[[T1:.*]] = llvm.shl %[[B1]], %[[C5]]
// CHECK:     %[[S1:.*]] = llvm.add %[[T0]], %[[T1]]
// CHECK:     llvm.and %[[L]], %[[C4]]
// CHECK:     llvm.and %[[L]], %[[C8]]
// CHECK:     %[[B4:.*]] = llvm.and %[[L]], %[[C16]]
// CHECK:     %[[OFF:.*]] = llvm.add %{{.*}}, %[[B4]] : i32
// CHECK:     %[[P:.*]] = llvm.getelementptr %arg0[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK:     nvvm.ldmatrix %[[P]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
llvm.func @x4_plain(%p: !llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)> {
  %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return %r : !llvm.struct<(i32, i32, i32, i32)>
}

// The same fragment on 128-byte rows with the 128B swizzle (Sw<3,3,3> on f16): lane l ->
// 144 (l % 8) (XOR per bit: 128 row ^ 16 swizzled chunk), 1024 (l / 8 % 2), 16 (l / 16).
// Table: 0 144 288 432 576 720 864 1008 1024 ... 16 128 304 416 ...
// CHECK-LABEL: llvm.func @x4_swizzled
// CHECK-DAG: %[[C144:.*]] = llvm.mlir.constant(144 : i32)
// CHECK-DAG: %[[C288:.*]] = llvm.mlir.constant(288 : i32)
// CHECK-DAG: %[[C576:.*]] = llvm.mlir.constant(576 : i32)
// CHECK:     %[[L:.*]] = nvvm.read.ptx.sreg.laneid : i32
// CHECK:     %[[B0:.*]] = llvm.and %[[L]], %{{.*}}
// CHECK:     %[[T0:.*]] = llvm.mul %[[B0]], %[[C144]]
// CHECK:     %[[B1:.*]] = llvm.and %[[L]], %{{.*}}
// CHECK:     %[[S1:.*]] = llvm.lshr %[[B1]], %{{.*}}
// CHECK:     %[[T1:.*]] = llvm.mul %[[S1]], %[[C288]]
// CHECK:     %[[X1:.*]] = llvm.xor %[[T0]], %[[T1]]
// CHECK:     llvm.mul %{{.*}}, %[[C576]]
// CHECK:     llvm.xor
// CHECK:     llvm.shl
// CHECK:     llvm.xor
// CHECK:     %[[OFF:.*]] = llvm.xor
// CHECK:     llvm.getelementptr %arg0[%[[OFF]]]
// CHECK:     nvvm.ldmatrix
llvm.func @x4_swizzled(%p: !llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)> {
  %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return %r : !llvm.struct<(i32, i32, i32, i32)>
}

// x2 (lanes 16-31 repeat 0-15) and x1 (an i32 result).
// CHECK-LABEL: llvm.func @x2_x1
// CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}num = 2 : i32{{.*}}} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}num = 1 : i32{{.*}}} : (!llvm.ptr<3>) -> i32
llvm.func @x2_x1(%p: !llvm.ptr<3>) -> i32 {
  %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2)):((32,1),(16,8))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32)>
  %s = layout.ldmatrix %p {elem = f16, smem = #layout.layout<(8,8):(8,1)>, fragment = #layout.layout<((4,8),2):((16,1),8)>} : !llvm.ptr<3> -> i32
  %a = llvm.extractvalue %r[0] : !llvm.struct<(i32, i32)>
  %b = llvm.add %a, %s : i32
  llvm.return %b : i32
}

// The transposed fragment (the B operand of mma from a K-major tile): .trans, layout col.
// CHECK-LABEL: llvm.func @x4_trans
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
llvm.func @x4_trans(%p: !llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)> {
  %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((2,16),(1,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return %r : !llvm.struct<(i32, i32, i32, i32)>
}

// stmatrix of four registers to the swizzled tile: the same lane addresses.
// CHECK-LABEL: llvm.func @st_x4
// CHECK: nvvm.read.ptx.sreg.laneid
// CHECK: llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK: %[[P:.*]] = llvm.getelementptr %arg0
// CHECK: nvvm.stmatrix %[[P]], %arg1, %arg2, %arg3, %arg4 {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
llvm.func @st_x4(%p: !llvm.ptr<3>, %a: i32, %b: i32, %c: i32, %d: i32) {
  layout.stmatrix %p, %a, %b, %c, %d {elem = f16, smem = #layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
  llvm.return
}

// Padded rows (144 bytes) under the 128B swizzle: the lane table is neither additive nor
// XOR-linear in the lane bits, so it is a constant vector indexed by the lane.
// CHECK-LABEL: llvm.func @x4_table
// CHECK: %[[T:.*]] = llvm.mlir.constant(dense<[0, 128, 256, 384, 512, 640, 768, 896, 1168, 1328, 1424, 1648, 1680, 1840, 1936, 2160, 16, 176, 272, 496, 528, 688, 784, 1024, 1152, 1280, 1408, 1536, 1664, 1792, 1920, 2192]> : vector<32xi32>) : vector<32xi32>
// CHECK: %[[L:.*]] = nvvm.read.ptx.sreg.laneid : i32
// CHECK: %[[OFF:.*]] = llvm.extractelement %[[T]][%[[L]] : i32] : vector<32xi32>
// CHECK: %[[P:.*]] = llvm.getelementptr %arg0[%[[OFF]]]
// CHECK: nvvm.ldmatrix %[[P]]
llvm.func @x4_table(%p: !llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)> {
  %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<Sw<3,3,3> o 0 o (16,16):(72,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return %r : !llvm.struct<(i32, i32, i32, i32)>
}
