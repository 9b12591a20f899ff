// Evaluation: the lane-address arithmetic the ldmatrix/stmatrix lowering emits (here through
// layout.lane_offset, the same IR on an explicit lane), JIT-run on the host for all 32 lanes,
// equals the algebra's table (layout_algebra::hw::matrix_copy, `layout batch`). Each entry
// returns h = fold(h * 1000003 + offset[lane]) over lanes 0..31 (mod 2^64); the expected values
// are computed from the algebra's lane_offsets.
// RUN: layout-opt %s --layout-lower-to-nvvm | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e plain -entry-point-result=i64 | FileCheck %s --check-prefix=PLAIN
// RUN: layout-opt %s --layout-lower-to-nvvm | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e swizzled -entry-point-result=i64 | FileCheck %s --check-prefix=SWIZZLED
// RUN: layout-opt %s --layout-lower-to-nvvm | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e padded -entry-point-result=i64 | FileCheck %s --check-prefix=PADDED
// RUN: layout-opt %s --layout-lower-to-nvvm | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e st_chunk -entry-point-result=i64 | FileCheck %s --check-prefix=ST_CHUNK
// RUN: layout-opt %s --layout-lower-to-nvvm | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e trans -entry-point-result=i64 | FileCheck %s --check-prefix=TRANS
// RUN: layout-opt %s --layout-lower-to-nvvm | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e x1 -entry-point-result=i64 | FileCheck %s --check-prefix=X1

// additive in the lane bits
// PLAIN: 1602214129971137536
func.func @plain() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = arith.constant 1000003 : i64
  %h0 = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %c32 step %c1 iter_args(%h = %h0) -> (i64) {
    %lane = arith.index_cast %i : index to i32
    %off = layout.lane_offset %lane {instr = "ldmatrix", elem = f16, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>}
    %o = arith.extsi %off : i32 to i64
    %hm = arith.muli %h, %p : i64
    %hn = arith.addi %hm, %o : i64
    scf.yield %hn : i64
  }
  return %r : i64
}

// XOR-linear (128B swizzle)
// SWIZZLED: 1040786883281980928
func.func @swizzled() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = arith.constant 1000003 : i64
  %h0 = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %c32 step %c1 iter_args(%h = %h0) -> (i64) {
    %lane = arith.index_cast %i : index to i32
    %off = layout.lane_offset %lane {instr = "ldmatrix", elem = f16, smem = #layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>}
    %o = arith.extsi %off : i32 to i64
    %hm = arith.muli %h, %p : i64
    %hn = arith.addi %hm, %o : i64
    scf.yield %hn : i64
  }
  return %r : i64
}

// neither: constant table
// PADDED: -8330143468163366240
func.func @padded() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = arith.constant 1000003 : i64
  %h0 = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %c32 step %c1 iter_args(%h = %h0) -> (i64) {
    %lane = arith.index_cast %i : index to i32
    %off = layout.lane_offset %lane {instr = "ldmatrix", elem = f16, smem = #layout.layout<Sw<3,3,3> o 0 o (16,16):(72,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>}
    %o = arith.extsi %off : i32 to i64
    %hm = arith.muli %h, %p : i64
    %hn = arith.addi %hm, %o : i64
    scf.yield %hn : i64
  }
  return %r : i64
}

// XOR-affine with an offset (the demo's C chunk 5)
// ST_CHUNK: -5567896146456367616
func.func @st_chunk() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = arith.constant 1000003 : i64
  %h0 = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %c32 step %c1 iter_args(%h = %h0) -> (i64) {
    %lane = arith.index_cast %i : index to i32
    %off = layout.lane_offset %lane {instr = "stmatrix", elem = f16, smem = #layout.layout<Sw<3,3,3> o 8208 o (16,16):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>}
    %o = arith.extsi %off : i32 to i64
    %hm = arith.muli %h, %p : i64
    %hn = arith.addi %hm, %o : i64
    scf.yield %hn : i64
  }
  return %r : i64
}

// .trans
// TRANS: 1040786883281980928
func.func @trans() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = arith.constant 1000003 : i64
  %h0 = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %c32 step %c1 iter_args(%h = %h0) -> (i64) {
    %lane = arith.index_cast %i : index to i32
    %off = layout.lane_offset %lane {instr = "ldmatrix", elem = f16, smem = #layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((2,16),(1,8,128))>}
    %o = arith.extsi %off : i32 to i64
    %hm = arith.muli %h, %p : i64
    %hn = arith.addi %hm, %o : i64
    scf.yield %hn : i64
  }
  return %r : i64
}

// x1, lanes 8-31 repeat 0-7
// X1: 1851506600902822144
func.func @x1() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = arith.constant 1000003 : i64
  %h0 = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %c32 step %c1 iter_args(%h = %h0) -> (i64) {
    %lane = arith.index_cast %i : index to i32
    %off = layout.lane_offset %lane {instr = "ldmatrix", elem = f16, smem = #layout.layout<(8,8):(8,1)>, fragment = #layout.layout<((4,8),2):((16,1),8)>}
    %o = arith.extsi %off : i32 to i64
    %hm = arith.muli %h, %p : i64
    %hn = arith.addi %hm, %o : i64
    scf.yield %hn : i64
  }
  return %r : i64
}
