// Round trip of layout.flat_divide: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @flat_divide
func.func @flat_divide() -> !layout.layout<(2,4,2,2):(8,1,16,4)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a0 = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tiler<[2:1,4:1]>
  %a1 = layout.const #layout.tiler<[2:1,4:1]>
  // CHECK: %[[R:.*]] = layout.flat_divide %[[A0]], %[[A1]] : !layout.layout<(4,8):(8,1)>, !layout.tiler<[2:1,4:1]>
  // GENERIC: "layout.flat_divide"(%0, %1) : (!layout.layout<(4,8):(8,1)>, !layout.tiler<[2:1,4:1]>) -> !layout.layout<(2,4,2,2):(8,1,16,4)>
  %r = layout.flat_divide %a0, %a1 : !layout.layout<(4,8):(8,1)>, !layout.tiler<[2:1,4:1]>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(2,4,2,2):(8,1,16,4)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(2,4,2,2):(8,1,16,4)>
}
