// Round trip of layout.max_common_layout: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @max_common_layout
func.func @max_common_layout() -> !layout.layout<32:1> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,8):(1,4)>
  %a0 = layout.const #layout.layout<(4,8):(1,4)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<(4,8):(1,4)>
  %a1 = layout.const #layout.layout<(4,8):(1,4)>
  // CHECK: %[[R:.*]] = layout.max_common_layout %[[A0]], %[[A1]] : !layout.layout<(4,8):(1,4)>, !layout.layout<(4,8):(1,4)>
  // GENERIC: "layout.max_common_layout"(%0, %1) : (!layout.layout<(4,8):(1,4)>, !layout.layout<(4,8):(1,4)>) -> !layout.layout<32:1>
  %r = layout.max_common_layout %a0, %a1 : !layout.layout<(4,8):(1,4)>, !layout.layout<(4,8):(1,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<32:1>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<32:1>
}
