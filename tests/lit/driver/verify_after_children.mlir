// After a top-level --canonicalize and after a pipeline nested in the module (any(...),
// func.func(...), the lower-to-index pipeline), layout-opt verifies what the pass manager would
// verify itself: each function after its rewrite, then the module with the functions' bodies
// set aside when no function holds a symbol user (tools/layout-opt/cpp/ModuleVerification.cpp).
// The output and the diagnostics, in order, must be those of MLIR's own canonicalize and
// adaptor (--layout-whole-module-canonicalize), with and without calls between the functions,
// and when the module is wrong (the parse's verification turned off so that a bad module
// reaches the passes): a symbol defined twice, a call to no function, wrong result types.
// UNSUPPORTED: plugin-driver
// RUN: python3 %S/Inputs/many_functions.py --no-calls > %t.mlir
// RUN: layout-opt %t.mlir --canonicalize -o %t.ours
// RUN: layout-opt %t.mlir --canonicalize --layout-whole-module-canonicalize -o %t.theirs
// RUN: diff %t.ours %t.theirs
// RUN: FileCheck %s --input-file=%t.ours
// RUN: layout-opt %t.mlir --pass-pipeline='builtin.module(any(canonicalize),func.func(cse))' -o %t.nested.ours
// RUN: layout-opt %t.mlir --pass-pipeline='builtin.module(any(canonicalize),func.func(cse))' --layout-whole-module-canonicalize -o %t.nested.theirs
// RUN: diff %t.nested.ours %t.nested.theirs
// RUN: diff %t.nested.ours %t.ours
// RUN: layout-opt %t.mlir --pass-pipeline='builtin.module(any(canonicalize),func.func(cse))' --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
//
// RUN: python3 %S/Inputs/many_functions.py --no-calls --duplicate 250 > %t.dup.mlir
// RUN: not layout-opt %t.dup.mlir --mlir-very-unsafe-disable-verifier-on-parsing --canonicalize -o /dev/null 2> %t.dup.ours
// RUN: not layout-opt %t.dup.mlir --mlir-very-unsafe-disable-verifier-on-parsing --canonicalize --layout-whole-module-canonicalize -o /dev/null 2> %t.dup.theirs
// RUN: diff %t.dup.ours %t.dup.theirs
// RUN: FileCheck %s --check-prefix=DUPLICATE --input-file=%t.dup.ours
// RUN: not layout-opt %t.dup.mlir --mlir-very-unsafe-disable-verifier-on-parsing --pass-pipeline='builtin.module(any(canonicalize))' -o /dev/null 2> %t.dup.nested.ours
// RUN: not layout-opt %t.dup.mlir --mlir-very-unsafe-disable-verifier-on-parsing --pass-pipeline='builtin.module(any(canonicalize))' --layout-whole-module-canonicalize -o /dev/null 2> %t.dup.nested.theirs
// RUN: diff %t.dup.nested.ours %t.dup.nested.theirs
// RUN: diff %t.dup.nested.ours %t.dup.ours
//
// RUN: python3 %S/Inputs/many_functions.py --undefined 390 > %t.undef.mlir
// RUN: not layout-opt %t.undef.mlir --mlir-very-unsafe-disable-verifier-on-parsing --canonicalize -o /dev/null 2> %t.undef.ours
// RUN: not layout-opt %t.undef.mlir --mlir-very-unsafe-disable-verifier-on-parsing --canonicalize --layout-whole-module-canonicalize -o /dev/null 2> %t.undef.theirs
// RUN: diff %t.undef.ours %t.undef.theirs
// RUN: FileCheck %s --check-prefix=UNDEFINED --input-file=%t.undef.ours
// RUN: not layout-opt %t.undef.mlir --mlir-very-unsafe-disable-verifier-on-parsing --pass-pipeline='builtin.module(func.func(canonicalize))' -o /dev/null 2> %t.undef.nested.ours
// RUN: not layout-opt %t.undef.mlir --mlir-very-unsafe-disable-verifier-on-parsing --pass-pipeline='builtin.module(func.func(canonicalize))' --layout-whole-module-canonicalize -o /dev/null 2> %t.undef.nested.theirs
// RUN: diff %t.undef.nested.ours %t.undef.nested.theirs
// RUN: FileCheck %s --check-prefix=UNDEFINED --input-file=%t.undef.nested.ours
//
// RUN: python3 %S/Inputs/many_functions.py --no-calls --verify-error 300 --verify-error-also 20 > %t.ver.mlir
// RUN: not layout-opt %t.ver.mlir --mlir-very-unsafe-disable-verifier-on-parsing --canonicalize -o /dev/null 2> %t.ver.ours
// RUN: not layout-opt %t.ver.mlir --mlir-very-unsafe-disable-verifier-on-parsing --canonicalize --layout-whole-module-canonicalize -o /dev/null 2> %t.ver.theirs
// RUN: diff %t.ver.ours %t.ver.theirs
// RUN: FileCheck %s --check-prefix=VERIFY --input-file=%t.ver.ours
// RUN: not layout-opt %t.ver.mlir --mlir-very-unsafe-disable-verifier-on-parsing --pass-pipeline='builtin.module(any(canonicalize))' -o /dev/null 2> %t.ver.nested.ours
// RUN: not layout-opt %t.ver.mlir --mlir-very-unsafe-disable-verifier-on-parsing --pass-pipeline='builtin.module(any(canonicalize))' --layout-whole-module-canonicalize -o /dev/null 2> %t.ver.nested.theirs
// RUN: diff %t.ver.nested.ours %t.ver.nested.theirs
// RUN: FileCheck %s --check-prefix=VERIFY --input-file=%t.ver.nested.ours

// CHECK: module {
// CHECK-NEXT: func.func private @g0(index) -> index
// CHECK-NEXT: func.func @f0(%arg0: index) -> (!layout.layout<(2,2):(2,1)>, index) {
// CHECK-NOT: call
// CHECK: func.func @f399(

// The nested pipelines ran in the parallel pass, as MLIR's pipelines (their timers are reported
// beside the pass's own, the timing of a dynamic pipeline run from other threads). The report
// lists siblings by decreasing time, so their order varies from run to run:
// TIMING-DAG: ParallelChildPipelines
// TIMING-DAG: ParallelChildPipelines
// TIMING-DAG: 'any' Pipeline
// TIMING-DAG: Canonicalizer
// TIMING-DAG: 'func.func' Pipeline
// TIMING-DAG: CSE

// The error of the module's symbol table, with the whole function printed (its body restored
// before MLIR's verifier reports):
// DUPLICATE: .mlir:2052:1: error: redefinition of symbol named 'f249'
// DUPLICATE: note: see current operation:
// DUPLICATE-NEXT: "func.func"() <{function_type = (index) -> (!layout.layout<(20,5):(15,3)>, index), sym_name = "f249"}> ({
// DUPLICATE-NEXT: ^bb0(%arg0: index):
// DUPLICATE-NEXT: "arith.constant"
// DUPLICATE: note: see existing symbol definition here
// DUPLICATE-NOT: error

// UNDEFINED: error: 'func.call' op 'undefined' does not reference a valid function
// UNDEFINED-NOT: error

// Both functions' errors, in function order, and nothing of the module:
// VERIFY: error: type of return operand 0 ('!layout.layout<(22,9):(9,1)>') doesn't match function result type ('!layout.layout<(4,4):(1,4)>') in function @f20
// VERIFY: error: type of return operand 0 ('!layout.layout<(12,3):(3,1)>') doesn't match function result type ('!layout.layout<(4,4):(1,4)>') in function @f300
// VERIFY-NOT: error
