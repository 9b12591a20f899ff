// Round trip of layout.make_layout_like: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @make_layout_like
func.func @make_layout_like() -> !layout.layout<(4,8):(8,1)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a0 = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: %[[R:.*]] = layout.make_layout_like %[[A0]] : !layout.layout<(4,8):(8,1)>
  // GENERIC: "layout.make_layout_like"(%0) : (!layout.layout<(4,8):(8,1)>) -> !layout.layout<(4,8):(8,1)>
  %r = layout.make_layout_like %a0 : !layout.layout<(4,8):(8,1)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(4,8):(8,1)>
}
