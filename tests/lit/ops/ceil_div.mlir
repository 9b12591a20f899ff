// Round trip of layout.ceil_div: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @ceil_div
func.func @ceil_div() -> !layout.tuple<(4,3)> {
  // CHECK: %[[A0:.*]] = layout.const #layout.tuple<(7,9)>
  %a0 = layout.const #layout.tuple<(7,9)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tuple<(2,4)>
  %a1 = layout.const #layout.tuple<(2,4)>
  // CHECK: %[[R:.*]] = layout.ceil_div %[[A0]], %[[A1]] : !layout.tuple<(7,9)>, !layout.tuple<(2,4)>
  // GENERIC: "layout.ceil_div"(%0, %1) : (!layout.tuple<(7,9)>, !layout.tuple<(2,4)>) -> !layout.tuple<(4,3)>
  %r = layout.ceil_div %a0, %a1 : !layout.tuple<(7,9)>, !layout.tuple<(2,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.tuple<(4,3)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.tuple<(4,3)>
}

// By a layout: shape(complement(T, S)), the rest mode of a divide (CuTe).
// CHECK-LABEL: func.func @layout_tiler
func.func @layout_tiler() -> !layout.tuple<16> {
  %a = layout.const #layout.tuple<(16,32)>
  %t = layout.const #layout.layout<(4,8):(1,4)>
  // CHECK: layout.ceil_div %{{.*}}, %{{.*}} : !layout.tuple<(16,32)>, !layout.layout<(4,8):(1,4)>
  %r = layout.ceil_div %a, %t : !layout.tuple<(16,32)>, !layout.layout<(4,8):(1,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.tuple<16>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.tuple<16>
}

// By mode, each item a layout.
// CHECK-LABEL: func.func @bymode_tiler
func.func @bymode_tiler() -> !layout.tuple<(4,2)> {
  %a = layout.const #layout.tuple<(8,8)>
  %t = layout.const #layout.tiler<[2:1,4:2]>
  // CHECK: layout.ceil_div %{{.*}}, %{{.*}} : !layout.tuple<(8,8)>, !layout.tiler<[2:1,4:2]>
  %r = layout.ceil_div %a, %t : !layout.tuple<(8,8)>, !layout.tiler<[2:1,4:2]>
  // FOLD: %[[C:.*]] = layout.const #layout.tuple<(4,2)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.tuple<(4,2)>
}
