// Round trip of layout.make_identity_layout: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @make_identity_layout
func.func @make_identity_layout() -> !layout.layout<(4,8):(1@0,1@1)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.tuple<(4,8)>
  %a0 = layout.const #layout.tuple<(4,8)>
  // CHECK: %[[R:.*]] = layout.make_identity_layout %[[A0]] : !layout.tuple<(4,8)>
  // GENERIC: "layout.make_identity_layout"(%0) : (!layout.tuple<(4,8)>) -> !layout.layout<(4,8):(1@0,1@1)>
  %r = layout.make_identity_layout %a0 : !layout.tuple<(4,8)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4,8):(1@0,1@1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(4,8):(1@0,1@1)>
}
