// Round trip of layout.nullspace: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @nullspace
func.func @nullspace() -> !layout.layout<2:4> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,2):(1,0)>
  %a0 = layout.const #layout.layout<(4,2):(1,0)>
  // CHECK: %[[R:.*]] = layout.nullspace %[[A0]] : !layout.layout<(4,2):(1,0)>
  // GENERIC: "layout.nullspace"(%0) : (!layout.layout<(4,2):(1,0)>) -> !layout.layout<2:4>
  %r = layout.nullspace %a0 : !layout.layout<(4,2):(1,0)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<2:4>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<2:4>
}
