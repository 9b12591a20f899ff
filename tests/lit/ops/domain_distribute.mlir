// Round trip of layout.domain_distribute: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @domain_distribute
func.func @domain_distribute() -> !layout.layout<4:1> {
  // CHECK: %[[A0:.*]] = layout.const #layout.tuple<(4,8)>
  %a0 = layout.const #layout.tuple<(4,8)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tuple<4>
  %a1 = layout.const #layout.tuple<4>
  // CHECK: %[[R:.*]] = layout.domain_distribute %[[A0]], %[[A1]] : !layout.tuple<(4,8)>, !layout.tuple<4>
  // GENERIC: "layout.domain_distribute"(%0, %1) : (!layout.tuple<(4,8)>, !layout.tuple<4>) -> !layout.layout<4:1>
  %r = layout.domain_distribute %a0, %a1 : !layout.tuple<(4,8)>, !layout.tuple<4>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<4:1>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<4:1>
}
