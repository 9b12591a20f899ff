// Round trip of layout.group_modes: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @group_modes
func.func @group_modes() -> !layout.layout<((2,4),(8,3)):((1,16),(2,64))> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<((2,4),8,3):((1,16),2,64)>
  %a0 = layout.const #layout.layout<((2,4),8,3):((1,16),2,64)>
  // CHECK: %[[R:.*]] = layout.group_modes %[[A0]] modes [1, 3] : !layout.layout<((2,4),8,3):((1,16),2,64)>
  // GENERIC: "layout.group_modes"(%0) <{indices = array<i64: 1, 3>}> : (!layout.layout<((2,4),8,3):((1,16),2,64)>) -> !layout.layout<((2,4),(8,3)):((1,16),(2,64))>
  %r = layout.group_modes %a0 modes [1, 3] : !layout.layout<((2,4),8,3):((1,16),2,64)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(8,3)):((1,16),(2,64))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(8,3)):((1,16),(2,64))>
}
