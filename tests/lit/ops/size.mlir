// Round trip of layout.size: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @size
func.func @size() -> index {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<((2,4),8):((1,16),2)>
  %a0 = layout.const #layout.layout<((2,4),8):((1,16),2)>
  // CHECK: %[[R:.*]] = layout.size %[[A0]] : !layout.layout<((2,4),8):((1,16),2)>
  // GENERIC: "layout.size"(%0) : (!layout.layout<((2,4),8):((1,16),2)>) -> index
  %r = layout.size %a0 : !layout.layout<((2,4),8):((1,16),2)>
  // FOLD: %[[C:.*]] = arith.constant 64 : index
  // FOLD-NEXT: return %[[C]]
  return %r : index
}
