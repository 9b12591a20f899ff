// Round trip of layout.logical_divide: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @logical_divide
func.func @logical_divide() -> !layout.layout<((2,2),(2,3)):((4,1),(2,8))> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,2,3):(2,1,8)>
  %a0 = layout.const #layout.layout<(4,2,3):(2,1,8)>
  // CHECK: %[[A1:.*]] = layout.const #layout.layout<4:2>
  %a1 = layout.const #layout.layout<4:2>
  // CHECK: %[[R:.*]] = layout.logical_divide %[[A0]], %[[A1]] : !layout.layout<(4,2,3):(2,1,8)>, !layout.layout<4:2>
  // GENERIC: "layout.logical_divide"(%0, %1) : (!layout.layout<(4,2,3):(2,1,8)>, !layout.layout<4:2>) -> !layout.layout<((2,2),(2,3)):((4,1),(2,8))>
  %r = layout.logical_divide %a0, %a1 : !layout.layout<(4,2,3):(2,1,8)>, !layout.layout<4:2>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,2),(2,3)):((4,1),(2,8))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,2),(2,3)):((4,1),(2,8))>
}

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result.
// CHECK-LABEL: func.func @tuple_tiler
func.func @tuple_tiler() -> !layout.layout<((2,4),(4,2)):((8,16),(1,4))> {
  %a = layout.const #layout.layout<(8,8):(8,1)>
  %t = layout.const #layout.tuple<(2,4)>
  // CHECK: layout.logical_divide %{{.*}}, %{{.*}} : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4)>
  %r = layout.logical_divide %a, %t : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(4,2)):((8,16),(1,4))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(4,2)):((8,16),(1,4))>
}

// The by-mode tiler of the case above: the same result.
// CHECK-LABEL: func.func @bymode_tiler
func.func @bymode_tiler() -> !layout.layout<((2,4),(4,2)):((8,16),(1,4))> {
  %a = layout.const #layout.layout<(8,8):(8,1)>
  %t = layout.const #layout.tiler<[2,4]>
  // CHECK: layout.logical_divide %{{.*}}, %{{.*}} : !layout.layout<(8,8):(8,1)>, !layout.tiler<[2,4]>
  %r = layout.logical_divide %a, %t : !layout.layout<(8,8):(8,1)>, !layout.tiler<[2,4]>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(4,2)):((8,16),(1,4))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(4,2)):((8,16),(1,4))>
}

// A nested tuple is by-mode inside its mode.
// CHECK-LABEL: func.func @nested_tuple_tiler
func.func @nested_tuple_tiler() -> !layout.layout<((2,4),((2,2),(2,2))):((1,2),((8,16),(32,64)))> {
  %a = layout.const #layout.layout<(8,(4,4)):(1,(8,32))>
  %t = layout.const #layout.tuple<(2,(2,2))>
  // CHECK: layout.logical_divide %{{.*}}, %{{.*}} : !layout.layout<(8,(4,4)):(1,(8,32))>, !layout.tuple<(2,(2,2))>
  %r = layout.logical_divide %a, %t : !layout.layout<(8,(4,4)):(1,(8,32))>, !layout.tuple<(2,(2,2))>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),((2,2),(2,2))):((1,2),((8,16),(32,64)))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),((2,2),(2,2))):((1,2),((8,16),(32,64)))>
}
