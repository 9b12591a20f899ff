// Round trip of layout.zipped_divide: custom form, reparse, generic form; the inferred result type;
// the folded constant.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @zipped_divide
func.func @zipped_divide() -> !layout.layout<((2,4),(2,2)):((8,1),(16,4))> {
  // CHECK: %[[A0:.*]] = layout.const #layout.layout<(4,8):(8,1)>
  %a0 = layout.const #layout.layout<(4,8):(8,1)>
  // CHECK: %[[A1:.*]] = layout.const #layout.tiler<[2:1,4:1]>
  %a1 = layout.const #layout.tiler<[2:1,4:1]>
  // CHECK: %[[R:.*]] = layout.zipped_divide %[[A0]], %[[A1]] : !layout.layout<(4,8):(8,1)>, !layout.tiler<[2:1,4:1]>
  // GENERIC: "layout.zipped_divide"(%0, %1) : (!layout.layout<(4,8):(8,1)>, !layout.tiler<[2:1,4:1]>) -> !layout.layout<((2,4),(2,2)):((8,1),(16,4))>
  %r = layout.zipped_divide %a0, %a1 : !layout.layout<(4,8):(8,1)>, !layout.tiler<[2:1,4:1]>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(2,2)):((8,1),(16,4))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(2,2)):((8,1),(16,4))>
}

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result.
// CHECK-LABEL: func.func @tuple_tiler
func.func @tuple_tiler() -> !layout.layout<((2,4),(4,2)):((8,1),(16,4))> {
  %a = layout.const #layout.layout<(8,8):(8,1)>
  %t = layout.const #layout.tuple<(2,4)>
  // CHECK: layout.zipped_divide %{{.*}}, %{{.*}} : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4)>
  %r = layout.zipped_divide %a, %t : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(4,2)):((8,1),(16,4))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(4,2)):((8,1),(16,4))>
}

// Nested by-mode tilers keep rank-1 tuples (CuTe zip2_by).
// CHECK-LABEL: func.func @rank1_tiles
func.func @rank1_tiles() -> !layout.layout<(((128),(128)),((1),(1))):(((1),(128)),((0),(0)))> {
  %a = layout.const #layout.layout<(128,128):(1,128)>
  %t = layout.const #layout.tuple<((128),(128))>
  // CHECK: layout.zipped_divide %{{.*}}, %{{.*}} : !layout.layout<(128,128):(1,128)>, !layout.tuple<((128),(128))>
  %r = layout.zipped_divide %a, %t : !layout.layout<(128,128):(1,128)>, !layout.tuple<((128),(128))>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(((128),(128)),((1),(1))):(((1),(128)),((0),(0)))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(((128),(128)),((1),(1))):(((1),(128)),((0),(0)))>
}

// A `_` item leaves a rank-2 mode undivided: it splits into tile and rest (CuTe zip2_by).
// CHECK-LABEL: func.func @underscore_on_rank2_mode
func.func @underscore_on_rank2_mode() -> !layout.layout<((2,4),(4,4)):((1,8),(2,32))> {
  %a = layout.const #layout.layout<(8,(4,4)):(1,(8,32))>
  %t = layout.const #layout.tiler<[2:1,_]>
  // CHECK: layout.zipped_divide %{{.*}}, %{{.*}} : !layout.layout<(8,(4,4)):(1,(8,32))>, !layout.tiler<[2:1,_]>
  %r = layout.zipped_divide %a, %t : !layout.layout<(8,(4,4)):(1,(8,32))>, !layout.tiler<[2:1,_]>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(4,4)):((1,8),(2,32))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(4,4)):((1,8),(2,32))>
}
