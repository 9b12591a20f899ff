// A module of many top-level functions is parsed and printed on several threads
// (docs/cli.md, tools/layout-opt/cpp/OptDriver.cpp). The output and the diagnostics, in order,
// must be those of the sequential parse and print (--mlir-disable-threading), for a module with
// warnings, with locations printed, with a syntax error, with a verifier error, and with an alias
// definition (which keeps the parse sequential).
// UNSUPPORTED: plugin-driver
// RUN: python3 %S/Inputs/many_functions.py --warnings > %t.mlir
// RUN: layout-opt %t.mlir --canonicalize -o %t.par 2> %t.par.err
// RUN: layout-opt %t.mlir --canonicalize --mlir-disable-threading -o %t.seq 2> %t.seq.err
// RUN: diff %t.par %t.seq
// RUN: diff %t.par.err %t.seq.err
// RUN: FileCheck %s --input-file=%t.par
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.par.err
// RUN: layout-opt %t.mlir --canonicalize --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
//
// Locations printed: the parse is parallel, the print sequential (aliased locations).
// RUN: layout-opt %t.mlir --mlir-print-debuginfo -o %t.loc.par 2>/dev/null
// RUN: layout-opt %t.mlir --mlir-print-debuginfo --mlir-disable-threading -o %t.loc.seq 2>/dev/null
// RUN: diff %t.loc.par %t.loc.seq
// RUN: FileCheck %s --check-prefix=LOC --input-file=%t.loc.par
//
// RUN: python3 %S/Inputs/many_functions.py --parse-error 300 > %t.bad.mlir
// RUN: not layout-opt %t.bad.mlir --canonicalize -o /dev/null 2> %t.bad.par
// RUN: not layout-opt %t.bad.mlir --canonicalize --mlir-disable-threading -o /dev/null 2> %t.bad.seq
// RUN: diff %t.bad.par %t.bad.seq
// RUN: FileCheck %s --check-prefix=PARSE --input-file=%t.bad.par
//
// RUN: python3 %S/Inputs/many_functions.py --verify-error 300 --verify-error-also 20 > %t.ver.mlir
// RUN: not layout-opt %t.ver.mlir --canonicalize -o /dev/null 2> %t.ver.par
// RUN: not layout-opt %t.ver.mlir --canonicalize --mlir-disable-threading -o /dev/null 2> %t.ver.seq
// RUN: diff %t.ver.par %t.ver.seq
// RUN: FileCheck %s --check-prefix=VERIFY --input-file=%t.ver.par
//
// RUN: python3 %S/Inputs/many_functions.py --duplicate 250 > %t.dup.mlir
// RUN: not layout-opt %t.dup.mlir --canonicalize -o /dev/null 2> %t.dup.par
// RUN: not layout-opt %t.dup.mlir --canonicalize --mlir-disable-threading -o /dev/null 2> %t.dup.seq
// RUN: diff %t.dup.par %t.dup.seq
// RUN: FileCheck %s --check-prefix=DUPLICATE --input-file=%t.dup.par
// RUN: python3 %S/Inputs/many_functions.py --undefined 390 > %t.undef.mlir
// RUN: not layout-opt %t.undef.mlir --canonicalize -o /dev/null 2> %t.undef.par
// RUN: not layout-opt %t.undef.mlir --canonicalize --mlir-disable-threading -o /dev/null 2> %t.undef.seq
// RUN: diff %t.undef.par %t.undef.seq
// RUN: FileCheck %s --check-prefix=UNDEFINED --input-file=%t.undef.par
//
// An affine map in a late function (an alias of the whole module's print): the pieces before
// it are written to the output file as they are printed, then the file is cut back and the
// module printed sequentially; to -o, to a redirected stdout, and appended to a file (where
// nothing is written early):
// RUN: python3 %S/Inputs/many_functions.py --late-alias 390 > %t.late.mlir
// RUN: layout-opt %t.late.mlir --canonicalize -o %t.late.par
// RUN: layout-opt %t.late.mlir --canonicalize > %t.late.stdout
// RUN: layout-opt %t.late.mlir --canonicalize --mlir-disable-threading -o %t.late.seq
// RUN: diff %t.late.par %t.late.seq
// RUN: diff %t.late.stdout %t.late.seq
// RUN: echo "// before" > %t.late.app
// RUN: layout-opt %t.late.mlir --canonicalize >> %t.late.app
// RUN: echo "// before" > %t.late.app.seq
// RUN: cat %t.late.seq >> %t.late.app.seq
// RUN: diff %t.late.app %t.late.app.seq
// RUN: FileCheck %s --check-prefix=LATE --input-file=%t.late.par
// The module without it, to a redirected stdout and appended:
// RUN: layout-opt %t.mlir --canonicalize > %t.stdout
// RUN: diff %t.stdout %t.seq
// RUN: echo "// before" > %t.app
// RUN: layout-opt %t.mlir --canonicalize >> %t.app
// RUN: echo "// before" > %t.app.seq
// RUN: cat %t.seq >> %t.app.seq
// RUN: diff %t.app %t.app.seq
//
// RUN: python3 %S/Inputs/many_functions.py --alias > %t.alias.mlir
// RUN: layout-opt %t.alias.mlir --canonicalize --mlir-timing -o %t.alias.par 2> %t.alias.timing
// RUN: layout-opt %t.alias.mlir --canonicalize --mlir-disable-threading -o %t.alias.seq
// RUN: diff %t.alias.par %t.alias.seq
// RUN: FileCheck %s --check-prefix=ALIAS --input-file=%t.alias.timing

// The compositions folded, calls into later functions kept, in order:
// CHECK: module {
// CHECK-NEXT: func.func private @g0(index) -> index
// CHECK-NEXT: func.func @f0(%arg0: index) -> (!layout.layout<(4,3):(3,1)>, index) {
// CHECK: func.func @f1(%arg0: index) -> (!layout.layout<(3,3):(6,2)>, index) {
// CHECK-NEXT: %[[C:.*]] = layout.const #layout.layout<(3,3):(6,2)>
// CHECK-NEXT: %[[Y:.*]] = arith.addi %arg0, %arg0 : index
// CHECK-NEXT: return %[[C]], %[[Y]]
// CHECK: func.func @f7(
// CHECK: call @g8(
// CHECK: func.func @f399(
// CHECK-NEXT: layout.const #layout.layout<(24,11):(44,4)>
// CHECK: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NOT: {{.}}

// Eight warnings (functions 0, 50, ..., 350), in the order of the functions:
// WARN-COUNT-8: warning: composition reads A = 6:1 outside its domain
// WARN-NOT: warning

// LATE: #map = affine_map<(d0) -> (d0 * 2)>
// LATE-NEXT: module {
// LATE: func.func @f389(
// LATE: func.func @f390(%arg0: index) -> (!layout.layout<{{.*}}>, index) attributes {m = #map} {
// LATE: func.func @f399(

// TIMING: Parser
// TIMING-NEXT: Parallel parse
// TIMING: Output
// TIMING-NEXT: Parallel print

// The first and the last function's constants keep their lines (the last one is in another
// piece of the parallel parse):
// LOC: layout.const #layout.layout<6:1> loc(#[[L:loc[0-9]+]])
// LOC: layout.const #layout.layout<264:4> loc(#[[M:loc[0-9]+]])
// LOC-DAG: #[[L]] = loc("{{.*}}.mlir":3:8)
// LOC-DAG: #[[M]] = loc("{{.*}}.mlir":3332:8)

// PARSE: .mlir:2509:27: error: expected non-function type
// PARSE-NOT: error

// Both failing functions are reported, in order:
// VERIFY: .mlir:175:3: error: type of return operand 0 ('!layout.layout<(22,9):(9,1)>') doesn't match function result type ('!layout.layout<(4,4):(1,4)>') in function @f20
// VERIFY: .mlir:2511:3: error: type of return operand 0 ('!layout.layout<(12,3):(3,1)>') doesn't match function result type ('!layout.layout<(4,4):(1,4)>') in function @f300
// VERIFY-NOT: error

// DUPLICATE: .mlir:2088:1: error: redefinition of symbol named 'f249'
// DUPLICATE-NOT: error

// UNDEFINED: .mlir:3262:8: error: 'func.call' op 'undefined' does not reference a valid function
// UNDEFINED-NOT: error

// ALIAS: Parser
// ALIAS-NOT: Parallel parse
// ALIAS: Parallel print
