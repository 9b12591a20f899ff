// layout-opt schedules two things differently from mlir-opt, with the same output: a top-level
// --canonicalize runs once per isolated child of the module, in parallel (docs/dialect.md), and
// an input of at least --layout-parallel-parse-min-bytes (1 MiB; 0 here) is parsed top-level op
// by top-level op in parallel. Both runs below must print the same module, locations included,
// and the same diagnostics in the same order as the sequential whole-module run of mlir-opt's
// own flow (--layout-whole-module-canonicalize --mlir-disable-threading).
// UNSUPPORTED: plugin-driver
// RUN: layout-opt %s --canonicalize --mlir-print-debuginfo --layout-parallel-parse-min-bytes=0 -o %t.par 2> %t.par.err
// RUN: layout-opt %s --canonicalize --mlir-print-debuginfo --layout-whole-module-canonicalize --mlir-disable-threading -o %t.seq 2> %t.seq.err
// RUN: diff %t.par %t.seq
// RUN: diff %t.par.err %t.seq.err
// RUN: FileCheck %s --input-file=%t.par
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.par.err
// RUN: FileCheck %s --check-prefix=LOC --input-file=%t.par
// The parallel parse did run (the timing report says into how many parts):
// RUN: layout-opt %s --layout-parallel-parse-min-bytes=0 --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: Parser
// TIMING-NEXT: {{[2-9][0-9]*}} parts parsed in parallel
// When the parallel parse declines (here: one thread), mlir-opt's flow runs and reports once:
// RUN: layout-opt %s --mlir-disable-threading --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONCE
// ONCE: Execution time report
// ONCE-NOT: parts parsed in parallel
// ONCE-NOT: Execution time report

// Calls between functions of different parts: symbols resolve in the merged module.
// CHECK-LABEL: func.func @first() -> index
// CHECK-NEXT: %[[C:.*]] = arith.constant 32 : index loc(#[[L1:loc[0-9]*]])
// CHECK-NEXT: return %[[C]] : index
// LOC: module
// LOC: arith.constant 32 : index loc(#[[L1:loc[0-9]*]])
func.func @first() -> index {
  %l = layout.const #layout.layout<(4,8):(8,1)>
  // LOC: #[[L1]] = loc("{{.*}}parallel.mlir":[[@LINE+1]]:8)
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

// A warning at verification, from the first part ...
// DIAG: parallel.mlir:[[@LINE+6]]:8: warning: composition reads A = 6:1 outside its domain
// CHECK-LABEL: func.func @third
// CHECK-NEXT: layout.const #layout.layout<(4,3):(3,1)>
func.func @third() -> !layout.layout<(4,3):(3,1)> {
  %a = layout.const #layout.layout<6:1>
  %b = layout.const #layout.layout<(4,3):(3,1)>
  %c = layout.composition %a, %b : !layout.layout<6:1>, !layout.layout<(4,3):(3,1)>
  return %c : !layout.layout<(4,3):(3,1)>
}

// ... and one from a later part, in file order, each once.
// DIAG: parallel.mlir:[[@LINE+7]]:8: warning: composition reads A = 3:2 outside its domain
// DIAG-NOT: warning
// CHECK-LABEL: func.func @fourth
// CHECK-NEXT: layout.const #layout.layout<(4,3):(6,2)>
func.func @fourth() -> !layout.layout<(4,3):(6,2)> {
  %a = layout.const #layout.layout<3:2>
  %b = layout.const #layout.layout<(4,3):(3,1)>
  %d = layout.composition %a, %b : !layout.layout<3:2>, !layout.layout<(4,3):(3,1)>
  return %d : !layout.layout<(4,3):(6,2)>
}

// A nested module is one top-level op; its functions are canonicalized inside it.
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

// A private declaration (no body) and a string with braces do not confuse the cut.
// CHECK-LABEL: func.func private @declared() attributes {note = "} { ( [ \22 //"}
func.func private @declared() attributes {note = "} { ( [ \" //"}

// CHECK-LABEL: func.func @last
// CHECK-NEXT: arith.constant 8 : index
func.func @last() -> index {
  %l = layout.const #layout.layout<(2,4):(4,1)>
  %s = layout.size %l : !layout.layout<(2,4):(4,1)>
  return %s : index
}
