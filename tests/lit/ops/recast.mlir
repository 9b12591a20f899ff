// Round trip of layout.recast: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @recast
func.func @recast() -> !layout.layout<(4,4):(4,1)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a0 = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tuple<16>
  %a1 = layout.const #layout.tuple<16>
  // CHECK: %[[A2:.*]] = layout.const #layout.tuple<32>
  %a2 = layout.const #layout.tuple<32>
  // CHECK: %[[R:.*]] = layout.recast %[[A0]], %[[A1]], %[[A2]] : !layout.layout<(4,8):(8,1)>, !layout.tuple<16>, !layout.tuple<32>
  // GENERIC: "layout.recast"(%0, %1, %2) : (!layout.layout<(4,8):(8,1)>, !layout.tuple<16>, !layout.tuple<32>) -> !layout.layout<(4,4):(4,1)>
  %r = layout.recast %a0, %a1, %a2 : !layout.layout<(4,8):(8,1)>, !layout.tuple<16>, !layout.tuple<32>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4,4):(4,1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(4,4):(4,1)>
}
