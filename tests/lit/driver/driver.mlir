// layout-opt is mlir-opt with the layout dialect: same flags, exit codes, diagnostics.
// RUN: layout-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS
// RUN: layout-opt %s -o %t && FileCheck %s --check-prefix=OUT --input-file=%t
// RUN: layout-opt %s --pass-pipeline="builtin.module(func.func(canonicalize))" | FileCheck %s --check-prefix=PIPE
// RUN: layout-opt %s --canonicalize --convert-arith-to-llvm | FileCheck %s --check-prefix=UPSTREAM
// RUN: not layout-opt %S/Inputs/bad_attr.mlir 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: layout-opt %S/Inputs/bad_attr.mlir --verify-diagnostics

// Every upstream dialect and ours.
// DIALECTS: Available Dialects:{{.*}},layout,{{.*}}nvvm

// OUT-LABEL: func.func @size
// OUT: layout.size %{{.*}} : !layout.layout<(4,8):(8,1)>
// PIPE-LABEL: func.func @size
// PIPE-NEXT: %[[C:.*]] = arith.constant 32 : index
// PIPE-NEXT: return %[[C]] : index
// UPSTREAM: llvm.mlir.constant(32 : index) : i64
func.func @size() -> index {
  %l = layout.const #layout.layout<(4,8):(8,1)>
  %s = layout.size %l : !layout.layout<(4,8):(8,1)>
  return %s : index
}

// Exit code 1 and the diagnostic at line:column of the input file.
// BAD: bad_attr.mlir:4:45: error: expected an integer, '?', '_' or '(', found 'x'
