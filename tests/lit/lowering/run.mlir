// The lowered index math survives the upstream conversion to LLVM and runs: a checksum
// sum_i L(i) * (i + 1) over the whole domain, compared with the algebra's table
// (`layout eval 'eval(L)'`).
// RUN: layout-opt %s --lower-to-index | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e swizzled -entry-point-result=i64 | FileCheck %s --check-prefix=SWIZZLED
// RUN: layout-opt %s --lower-to-index | mlir-opt --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e dynamic -entry-point-result=i64 | FileCheck %s --check-prefix=DYNAMIC

// SWIZZLED: 33813376
func.func @swizzled() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 512 : index
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %o = layout.crd2idx %l[%i] : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
    %w = arith.addi %i, %c1 : index
    %t = arith.muli %o, %w : index
    %a = arith.addi %acc, %t : index
    scf.yield %a : index
  }
  %r = arith.index_cast %s : index to i64
  return %r : i64
}

// (3,(4,5)):(7,(1,30)) built at run time as (?,(4,?)):(?,(1,30)).
// DYNAMIC: 169060
func.func @dynamic() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %n = arith.constant 60 : index
  %l = layout.make %c3, %c5, %c7 : !layout.layout<(?,(4,?)):(?,(1,30))>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %o = layout.crd2idx %l[%i] : !layout.layout<(?,(4,?)):(?,(1,30))>
    %w = arith.addi %i, %c1 : index
    %t = arith.muli %o, %w : index
    %a = arith.addi %acc, %t : index
    scf.yield %a : index
  }
  %r = arith.index_cast %s : index to i64
  return %r : i64
}
