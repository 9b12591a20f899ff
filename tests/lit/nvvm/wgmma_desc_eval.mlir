// Evaluation: the runtime descriptor arithmetic of layout.wgmma_desc (base pointer and k as
// operands) JIT-run on the host equals the algebra's descriptor of the same block at the same
// address: wgmma_desc(f16, K, wgmma_k_block(f16, tile, k), base) from `layout batch`. Each entry
// folds h = h * 1000003 + desc over the bases (outer) and the k blocks (inner), mod 2^64.
// RUN: layout-opt %s --layout-lower-to-nvvm | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e tile64 -entry-point-result=i64 | FileCheck %s --check-prefix=TILE64
// RUN: layout-opt %s --layout-lower-to-nvvm | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e tile128_from_k1 -entry-point-result=i64 | FileCheck %s --check-prefix=TILE128
// RUN: layout-opt %s --layout-lower-to-nvvm | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e static_address -entry-point-result=i64 | FileCheck %s --check-prefix=STATIC

// 64x64 f16, 128B swizzle, K-major; bases 0, 1024, ..., 7168; k = 0..3.
// TILE64: 8242313653684610080
func.func @tile64() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c1024 = arith.constant 1024 : i64
  %p = arith.constant 1000003 : i64
  %h0 = arith.constant 0 : i64
  %r = scf.for %j = %c0 to %c8 step %c1 iter_args(%h = %h0) -> (i64) {
    %j64 = arith.index_cast %j : index to i64
    %addr = arith.muli %j64, %c1024 : i64
    %base = llvm.inttoptr %addr : i64 to !llvm.ptr<3>
    %r2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%g = %h) -> (i64) {
      %k32 = arith.index_cast %k : index to i32
      %d = layout.wgmma_desc base(%base : !llvm.ptr<3>) k(%k32) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>}
      %gm = arith.muli %g, %p : i64
      %gn = arith.addi %gm, %d : i64
      scf.yield %gn : i64
    }
    scf.yield %r2 : i64
  }
  return %r : i64
}

// 128x64 f16 (the demo's B tile), static k = 1 plus a runtime k = 0..2 (blocks 1..3);
// bases 0, 7168, 14336, ..., 64512 (multiples of 1024; up to the 14-bit field's range).
// TILE128: 6077611325359105392
func.func @tile128_from_k1() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %c7168 = arith.constant 7168 : i64
  %p = arith.constant 1000003 : i64
  %h0 = arith.constant 0 : i64
  %r = scf.for %j = %c0 to %c10 step %c1 iter_args(%h = %h0) -> (i64) {
    %j64 = arith.index_cast %j : index to i64
    %addr = arith.muli %j64, %c7168 : i64
    %base = llvm.inttoptr %addr : i64 to !llvm.ptr<3>
    %r2 = scf.for %k = %c0 to %c3 step %c1 iter_args(%g = %h) -> (i64) {
      %k32 = arith.index_cast %k : index to i32
      %d = layout.wgmma_desc base(%base : !llvm.ptr<3>) k(%k32) {elem = f16, major = #layout.major<K>, k = 1, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
      %gm = arith.muli %g, %p : i64
      %gn = arith.addi %gm, %d : i64
      scf.yield %gn : i64
    }
    scf.yield %r2 : i64
  }
  return %r : i64
}

// No base pointer: the tile at the static byte address 2048, runtime k = 0..3:
// 0x4000004000010080, ...82, ...84, ...86.
// STATIC: -6375116117381441500
func.func @static_address() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %p = arith.constant 1000003 : i64
  %h0 = arith.constant 0 : i64
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%g = %h0) -> (i64) {
    %k32 = arith.index_cast %k : index to i32
    %d = layout.wgmma_desc k(%k32) {elem = f16, major = #layout.major<K>, address = 2048, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>}
    %gm = arith.muli %g, %p : i64
    %gn = arith.addi %gm, %d : i64
    scf.yield %gn : i64
  }
  return %r : i64
}
