// Round trip of layout.max_alignment: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @max_alignment
func.func @max_alignment() -> index {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a0 = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: %[[R:.*]] = layout.max_alignment %[[A0]] : !layout.layout<(4,8):(8,1)>
  // GENERIC: "layout.max_alignment"(%0) : (!layout.layout<(4,8):(8,1)>) -> index
  %r = layout.max_alignment %a0 : !layout.layout<(4,8):(8,1)>
  // FOLD: %[[C:.*]] = arith.constant 32 : index
  // FOLD-NEXT: return %[[C]]
  return %r : index
}
