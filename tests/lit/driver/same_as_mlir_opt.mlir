// layout-opt is MlirOptMain with our dialects registered: on input of upstream dialects it
// prints what mlir-opt-22 prints, on stdout and stderr, with the same exit code, for the
// everyday command lines (plain, --canonicalize, a nested pipeline, -o, --split-input-file,
// --mlir-print-ir-after-all with stdout and stderr in one file, generic form, debug info). The
// IR dumps of functions run in parallel come in the order their threads finish, in mlir-opt
// as in layout-opt, so that comparison runs on one thread.
// UNSUPPORTED: plugin-driver
// RUN: layout-opt %S/Inputs/upstream.mlir > %t.ours 2>&1
// RUN: mlir-opt %S/Inputs/upstream.mlir > %t.theirs 2>&1
// RUN: diff %t.ours %t.theirs
// RUN: layout-opt %S/Inputs/upstream.mlir --canonicalize --cse -o %t.ours.o
// RUN: mlir-opt %S/Inputs/upstream.mlir --canonicalize --cse -o %t.theirs.o
// RUN: diff %t.ours.o %t.theirs.o
// RUN: layout-opt %S/Inputs/upstream.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-after-all --mlir-disable-threading > %t.ours.all 2>&1
// RUN: mlir-opt %S/Inputs/upstream.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-after-all --mlir-disable-threading > %t.theirs.all 2>&1
// RUN: diff %t.ours.all %t.theirs.all
// RUN: layout-opt %S/Inputs/upstream.mlir --split-input-file --mlir-print-op-generic --mlir-print-debuginfo > %t.ours.split
// RUN: mlir-opt %S/Inputs/upstream.mlir --split-input-file --mlir-print-op-generic --mlir-print-debuginfo > %t.theirs.split
// RUN: diff %t.ours.split %t.theirs.split
// RUN: FileCheck %s --input-file=%t.ours.o
// RUN: not layout-opt %S/Inputs/upstream.mlir --verify-diagnostics 2> %t.ours.err
// RUN: not mlir-opt %S/Inputs/upstream.mlir --verify-diagnostics 2> %t.theirs.err
// RUN: diff %t.ours.err %t.theirs.err
// RUN: FileCheck %s --check-prefix=UNMET --input-file=%t.ours.err

// CHECK-LABEL: func.func @fold
// CHECK-NEXT: %[[C:.*]] = arith.constant 8 : index
// CHECK-NEXT: return %[[C]]
// CHECK-LABEL: func.func @cse
// CHECK-NEXT: %[[A:.*]] = arith.addi
// CHECK-NEXT: return %[[A]], %[[A]]
// UNMET: expected remark "not checked without -verify-diagnostics" was not produced
