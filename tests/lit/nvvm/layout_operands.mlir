// Every layout parameter of a hardware op (smem, fragment, tile, gmem, tmem) may be an SSA
// operand of layout type instead of an attribute, so layouts the algebra computes flow into the
// ops. The lowering and the proof read the layout the operand's type holds: the two forms
// lower to the same code (the two ldmatrix functions lower to the same text, checked below by
// diff), and --layout-prove-descriptors proves (and, with a fault, refutes)
// the descriptor of the operand form. Round trip of the syntax first.
// RUN: layout-opt %s | layout-opt | FileCheck %s --check-prefix=ROUND
// RUN: layout-opt %s --layout-prove-descriptors -o /dev/null
// RUN: layout-opt %s --layout-lower-to-nvvm --canonicalize -o %t.lowered
// RUN: FileCheck %s --input-file=%t.lowered
// RUN: %python %S/Inputs/function_body.py %t.lowered ld_attr > %t.attr
// RUN: %python %S/Inputs/function_body.py %t.lowered ld_ssa > %t.ssa
// RUN: diff %t.attr %t.ssa

// ROUND-LABEL: func.func @desc_ssa
// ROUND: %[[T:.*]] = layout.composition
// ROUND: layout.wgmma_desc tile(%[[T]] : !layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>) {elem = f16, major = #layout.major<K>}
// ROUND-LABEL: llvm.func @ld_ssa
// ROUND: layout.ldmatrix %{{.*}} smem(%{{.*}} : !layout.layout<(16,16):(16,1)>) fragment(%{{.*}} : !layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>) {elem = f16}

// The 128B-swizzled K-major tile, built by the algebra (Sw<3,3,3> o the tile): the same
// descriptor constant as the attribute form.
// CHECK-LABEL: func.func @desc_attr
// CHECK-NEXT: %[[D:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
// CHECK-NEXT: return %[[D]]
func.func @desc_attr() -> i64 {
  %d = layout.wgmma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>}
  return %d : i64
}
// CHECK-LABEL: func.func @desc_ssa
// CHECK-NEXT: %[[D:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
// CHECK-NEXT: return %[[D]]
func.func @desc_ssa() -> i64 {
  %sw = layout.const #layout.swizzle<3,3,3>
  %l = layout.const #layout.layout<((8,8),64):((64,512),1)>
  %t = layout.composition %sw, %l : !layout.swizzle<3,3,3>, !layout.layout<((8,8),64):((64,512),1)>
  %d = layout.wgmma_desc tile(%t : !layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>) {elem = f16, major = #layout.major<K>}
  return %d : i64
}

// ldmatrix x4 with the shared layout computed by a composition and the fragment a constant:
// the lane arithmetic and the instruction of the attribute form, and no layout op left.
// CHECK-LABEL: llvm.func @ld_attr
// CHECK: nvvm.read.ptx.sreg.laneid
// CHECK: llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK-LABEL: llvm.func @ld_ssa
// CHECK-NOT: layout.
// CHECK: nvvm.read.ptx.sreg.laneid
// CHECK: llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK-NOT: layout.
// CHECK: llvm.return
llvm.func @ld_attr(%p: !llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)> {
  %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return %r : !llvm.struct<(i32, i32, i32, i32)>
}
llvm.func @ld_ssa(%p: !llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)> {
  %a = layout.const #layout.layout<256:1>
  %b = layout.const #layout.layout<(16,16):(16,1)>
  %s = layout.composition %a, %b : !layout.layout<256:1>, !layout.layout<(16,16):(16,1)>
  %f = layout.const #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>
  %r = layout.ldmatrix %p smem(%s : !layout.layout<(16,16):(16,1)>) fragment(%f : !layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>) {elem = f16} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return %r : !llvm.struct<(i32, i32, i32, i32)>
}
