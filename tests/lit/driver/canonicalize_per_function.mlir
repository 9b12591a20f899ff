// layout-opt runs a top-level --canonicalize once per isolated child of the module, in parallel
// (docs/dialect.md): the output, locations included, and the diagnostics, in order, must be those
// of mlir-opt's single rewrite over the whole module (--layout-whole-module-canonicalize,
// sequential).
// UNSUPPORTED: plugin-driver
// RUN: layout-opt %s --canonicalize --mlir-print-debuginfo -o %t.par 2> %t.par.err
// RUN: layout-opt %s --canonicalize --mlir-print-debuginfo --layout-whole-module-canonicalize --mlir-disable-threading -o %t.seq 2> %t.seq.err
// RUN: diff %t.par %t.seq
// RUN: diff %t.par.err %t.seq.err
// RUN: FileCheck %s --input-file=%t.par
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.par.err
// RUN: FileCheck %s --check-prefix=LOC --input-file=%t.par
// The options of the canonicalizer carry over (here: no region simplification, top-down off):
// RUN: layout-opt %s '--canonicalize=region-simplify=disabled top-down=false' -o %t.opt 2>/dev/null
// RUN: layout-opt %s '--canonicalize=region-simplify=disabled top-down=false' --layout-whole-module-canonicalize -o %t.opt.seq 2>/dev/null
// RUN: diff %t.opt %t.opt.seq

// Calls between functions.
// CHECK-LABEL: func.func @first() -> index
// CHECK-NEXT: %[[C:.*]] = arith.constant 32 : index loc(#[[L1:loc[0-9]*]])
// CHECK-NEXT: return %[[C]] : index
// LOC: module
// LOC: arith.constant 32 : index loc(#[[L1:loc[0-9]*]])
func.func @first() -> index {
  %l = layout.const #layout.layout<(4,8):(8,1)>
  // LOC: #[[L1]] = loc("{{.*}}canonicalize_per_function.mlir":[[@LINE+1]]:8)
  %s = layout.size %l : !layout.layout<(4,8):(8,1)>
  return %s : index
}

// CHECK-LABEL: func.func @second
// CHECK: call @first() : () -> index
// CHECK: call @fourth() : () -> !layout.layout<(4,3):(6,2)>
func.func @second() -> (index, !layout.layout<(4,3):(6,2)>) {
  %a = func.call @first() : () -> index
  %b = func.call @fourth() : () -> !layout.layout<(4,3):(6,2)>
  return %a, %b : index, !layout.layout<(4,3):(6,2)>
}

// Warnings at verification, each once, in file order ...
// DIAG: canonicalize_per_function.mlir:[[@LINE+6]]:8: warning: composition reads A = 6:1 outside its domain
// CHECK-LABEL: func.func @third
// CHECK-NEXT: layout.const #layout.layout<(4,3):(3,1)>
func.func @third() -> !layout.layout<(4,3):(3,1)> {
  %a = layout.const #layout.layout<6:1>
  %b = layout.const #layout.layout<(4,3):(3,1)>
  %c = layout.composition %a, %b : !layout.layout<6:1>, !layout.layout<(4,3):(3,1)>
  return %c : !layout.layout<(4,3):(3,1)>
}

// ... the second one.
// DIAG: canonicalize_per_function.mlir:[[@LINE+7]]:8: warning: composition reads A = 3:2 outside its domain
// DIAG-NOT: warning
// CHECK-LABEL: func.func @fourth
// CHECK-NEXT: layout.const #layout.layout<(4,3):(6,2)>
func.func @fourth() -> !layout.layout<(4,3):(6,2)> {
  %a = layout.const #layout.layout<3:2>
  %b = layout.const #layout.layout<(4,3):(3,1)>
  %d = layout.composition %a, %b : !layout.layout<3:2>, !layout.layout<(4,3):(3,1)>
  return %d : !layout.layout<(4,3):(6,2)>
}

// A nested module is one isolated child; its functions are canonicalized inside it.
// CHECK-LABEL: module @inner
// CHECK: func.func @cosize() -> index
// CHECK-NEXT: arith.constant 30 : index
module @inner {
  func.func @cosize() -> index {
    %l = layout.const #layout.layout<(4,3):(9,1)>
    %s = layout.cosize %l : !layout.layout<(4,3):(9,1)>
    return %s : index
  }
}

// A private declaration (no body).
// CHECK-LABEL: func.func private @declared() attributes {note = "} { ( [ \22 //"}
func.func private @declared() attributes {note = "} { ( [ \" //"}

// CHECK-LABEL: func.func @last
// CHECK-NEXT: arith.constant 8 : index
func.func @last() -> index {
  %l = layout.const #layout.layout<(2,4):(4,1)>
  %s = layout.size %l : !layout.layout<(2,4):(4,1)>
  return %s : index
}
