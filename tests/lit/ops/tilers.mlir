// Tilers as CuTe reads them (issue 16), through the dialect: a tuple of integers used as a
// tiler is by-mode (`(2,4)` = `[2,4]`, also nested), the zipped forms follow CuTe's zip2_by
// (rank-1 tuples kept, `_` splits a rank-2 mode), ceil_div takes a layout or by-mode tiler, and
// blocked_product, raked_product and tile_to_shape do not coalesce (CUTLASS >= v3.8). Every
// folded constant is the text CuTe C++ prints for the same call
// (tests/data/oracle/cute_cpp_tiler_cases.jsonl). Custom form, reparse and the folded constant.
// RUN: layout-opt %s -split-input-file | FileCheck %s
// RUN: layout-opt %s -split-input-file | layout-opt -split-input-file | FileCheck %s
// RUN: layout-opt %s -split-input-file --mlir-print-op-generic | layout-opt -split-input-file | FileCheck %s
// RUN: layout-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefix=FOLD

// No coalesce (CUTLASS >= v3.8): mode i is (A_i, B_i).
// CHECK-LABEL: func.func @blocked_product_uncoalesced
func.func @blocked_product_uncoalesced() -> !layout.layout<((3,2),(4,5)):((4,12),(1,24))> {
  %a = layout.const #layout.layout<(3,4):(4,1)>
  %t = layout.const #layout.layout<(2,5):(1,2)>
  // CHECK: layout.blocked_product %{{.*}}, %{{.*}} : !layout.layout<(3,4):(4,1)>, !layout.layout<(2,5):(1,2)>
  %r = layout.blocked_product %a, %t : !layout.layout<(3,4):(4,1)>, !layout.layout<(2,5):(1,2)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((3,2),(4,5)):((4,12),(1,24))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((3,2),(4,5)):((4,12),(1,24))>
}

// -----

// By a layout: shape(complement(T, S)), the rest mode of a divide (CuTe).
// CHECK-LABEL: func.func @ceil_div_layout_tiler
func.func @ceil_div_layout_tiler() -> !layout.tuple<16> {
  %a = layout.const #layout.tuple<(16,32)>
  %t = layout.const #layout.layout<(4,8):(1,4)>
  // CHECK: layout.ceil_div %{{.*}}, %{{.*}} : !layout.tuple<(16,32)>, !layout.layout<(4,8):(1,4)>
  %r = layout.ceil_div %a, %t : !layout.tuple<(16,32)>, !layout.layout<(4,8):(1,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.tuple<16>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.tuple<16>
}

// By mode, each item a layout.
// CHECK-LABEL: func.func @ceil_div_bymode_tiler
func.func @ceil_div_bymode_tiler() -> !layout.tuple<(4,2)> {
  %a = layout.const #layout.tuple<(8,8)>
  %t = layout.const #layout.tiler<[2:1,4:2]>
  // CHECK: layout.ceil_div %{{.*}}, %{{.*}} : !layout.tuple<(8,8)>, !layout.tiler<[2:1,4:2]>
  %r = layout.ceil_div %a, %t : !layout.tuple<(8,8)>, !layout.tiler<[2:1,4:2]>
  // FOLD: %[[C:.*]] = layout.const #layout.tuple<(4,2)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.tuple<(4,2)>
}

// -----

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result. Modes of A past the tiler are dropped.
// CHECK-LABEL: func.func @composition_tuple_tiler
func.func @composition_tuple_tiler() -> !layout.layout<(4,3):(1,8)> {
  %a = layout.const #layout.layout<(8,6,4):(1,8,48)>
  %t = layout.const #layout.tuple<(4,3)>
  // CHECK: layout.composition %{{.*}}, %{{.*}} : !layout.layout<(8,6,4):(1,8,48)>, !layout.tuple<(4,3)>
  %r = layout.composition %a, %t : !layout.layout<(8,6,4):(1,8,48)>, !layout.tuple<(4,3)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4,3):(1,8)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(4,3):(1,8)>
}

// -----

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result.
// CHECK-LABEL: func.func @flat_divide_tuple_tiler
func.func @flat_divide_tuple_tiler() -> !layout.layout<(4,3,2,2,4):(1,8,4,24,48)> {
  %a = layout.const #layout.layout<(8,6,4):(1,8,48)>
  %t = layout.const #layout.tuple<(4,3)>
  // CHECK: layout.flat_divide %{{.*}}, %{{.*}} : !layout.layout<(8,6,4):(1,8,48)>, !layout.tuple<(4,3)>
  %r = layout.flat_divide %a, %t : !layout.layout<(8,6,4):(1,8,48)>, !layout.tuple<(4,3)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4,3,2,2,4):(1,8,4,24,48)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(4,3,2,2,4):(1,8,4,24,48)>
}

// -----

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result.
// CHECK-LABEL: func.func @flat_product_tuple_tiler
func.func @flat_product_tuple_tiler() -> !layout.layout<(4,8,2,3):(1,4,4,1)> {
  %a = layout.const #layout.layout<(4,8):(1,4)>
  %t = layout.const #layout.tuple<(2,3)>
  // CHECK: layout.flat_product %{{.*}}, %{{.*}} : !layout.layout<(4,8):(1,4)>, !layout.tuple<(2,3)>
  %r = layout.flat_product %a, %t : !layout.layout<(4,8):(1,4)>, !layout.tuple<(2,3)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(4,8,2,3):(1,4,4,1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(4,8,2,3):(1,4,4,1)>
}

// -----

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result.
// CHECK-LABEL: func.func @logical_divide_tuple_tiler
func.func @logical_divide_tuple_tiler() -> !layout.layout<((2,4),(4,2)):((8,16),(1,4))> {
  %a = layout.const #layout.layout<(8,8):(8,1)>
  %t = layout.const #layout.tuple<(2,4)>
  // CHECK: layout.logical_divide %{{.*}}, %{{.*}} : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4)>
  %r = layout.logical_divide %a, %t : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(4,2)):((8,16),(1,4))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(4,2)):((8,16),(1,4))>
}

// The by-mode tiler of the case above: the same result.
// CHECK-LABEL: func.func @logical_divide_bymode_tiler
func.func @logical_divide_bymode_tiler() -> !layout.layout<((2,4),(4,2)):((8,16),(1,4))> {
  %a = layout.const #layout.layout<(8,8):(8,1)>
  %t = layout.const #layout.tiler<[2,4]>
  // CHECK: layout.logical_divide %{{.*}}, %{{.*}} : !layout.layout<(8,8):(8,1)>, !layout.tiler<[2,4]>
  %r = layout.logical_divide %a, %t : !layout.layout<(8,8):(8,1)>, !layout.tiler<[2,4]>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(4,2)):((8,16),(1,4))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(4,2)):((8,16),(1,4))>
}

// A nested tuple is by-mode inside its mode.
// CHECK-LABEL: func.func @logical_divide_nested_tuple_tiler
func.func @logical_divide_nested_tuple_tiler() -> !layout.layout<((2,4),((2,2),(2,2))):((1,2),((8,16),(32,64)))> {
  %a = layout.const #layout.layout<(8,(4,4)):(1,(8,32))>
  %t = layout.const #layout.tuple<(2,(2,2))>
  // CHECK: layout.logical_divide %{{.*}}, %{{.*}} : !layout.layout<(8,(4,4)):(1,(8,32))>, !layout.tuple<(2,(2,2))>
  %r = layout.logical_divide %a, %t : !layout.layout<(8,(4,4)):(1,(8,32))>, !layout.tuple<(2,(2,2))>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),((2,2),(2,2))):((1,2),((8,16),(32,64)))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),((2,2),(2,2))):((1,2),((8,16),(32,64)))>
}

// -----

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result.
// CHECK-LABEL: func.func @logical_product_tuple_tiler
func.func @logical_product_tuple_tiler() -> !layout.layout<((8,2),(8,4)):((8,1),(1,8))> {
  %a = layout.const #layout.layout<(8,8):(8,1)>
  %t = layout.const #layout.tuple<(2,4)>
  // CHECK: layout.logical_product %{{.*}}, %{{.*}} : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4)>
  %r = layout.logical_product %a, %t : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((8,2),(8,4)):((8,1),(1,8))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((8,2),(8,4)):((8,1),(1,8))>
}

// -----

// No coalesce (CUTLASS >= v3.8): mode i is (B_i, A_i).
// CHECK-LABEL: func.func @raked_product_uncoalesced
func.func @raked_product_uncoalesced() -> !layout.layout<((2,3),(5,4)):((12,4),(24,1))> {
  %a = layout.const #layout.layout<(3,4):(4,1)>
  %t = layout.const #layout.layout<(2,5):(1,2)>
  // CHECK: layout.raked_product %{{.*}}, %{{.*}} : !layout.layout<(3,4):(4,1)>, !layout.layout<(2,5):(1,2)>
  %r = layout.raked_product %a, %t : !layout.layout<(3,4):(4,1)>, !layout.layout<(2,5):(1,2)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,3),(5,4)):((12,4),(24,1))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,3),(5,4)):((12,4),(24,1))>
}

// -----

// No coalesce (CUTLASS >= v3.8): mode i is (block_i, tiles_i).
// CHECK-LABEL: func.func @tile_to_shape_uncoalesced
func.func @tile_to_shape_uncoalesced() -> !layout.layout<((128,8),(128,4)):((128,16384),(1,131072))> {
  %a = layout.const #layout.layout<(128,128):(128,1)>
  %t = layout.const #layout.tuple<(1024,512)>
  // CHECK: layout.tile_to_shape %{{.*}}, %{{.*}} : !layout.layout<(128,128):(128,1)>, !layout.tuple<(1024,512)>
  %r = layout.tile_to_shape %a, %t : !layout.layout<(128,128):(128,1)>, !layout.tuple<(1024,512)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((128,8),(128,4)):((128,16384),(1,131072))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((128,8),(128,4)):((128,16384),(1,131072))>
}

// -----

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result.
// CHECK-LABEL: func.func @tiled_divide_tuple_tiler
func.func @tiled_divide_tuple_tiler() -> !layout.layout<((4,3),2,2,4):((1,8),4,24,48)> {
  %a = layout.const #layout.layout<(8,6,4):(1,8,48)>
  %t = layout.const #layout.tuple<(4,3)>
  // CHECK: layout.tiled_divide %{{.*}}, %{{.*}} : !layout.layout<(8,6,4):(1,8,48)>, !layout.tuple<(4,3)>
  %r = layout.tiled_divide %a, %t : !layout.layout<(8,6,4):(1,8,48)>, !layout.tuple<(4,3)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((4,3),2,2,4):((1,8),4,24,48)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((4,3),2,2,4):((1,8),4,24,48)>
}

// -----

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result.
// CHECK-LABEL: func.func @tiled_product_tuple_tiler
func.func @tiled_product_tuple_tiler() -> !layout.layout<((4,8),2,3):((1,4),4,1)> {
  %a = layout.const #layout.layout<(4,8):(1,4)>
  %t = layout.const #layout.tuple<(2,3)>
  // CHECK: layout.tiled_product %{{.*}}, %{{.*}} : !layout.layout<(4,8):(1,4)>, !layout.tuple<(2,3)>
  %r = layout.tiled_product %a, %t : !layout.layout<(4,8):(1,4)>, !layout.tuple<(2,3)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((4,8),2,3):((1,4),4,1)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((4,8),2,3):((1,4),4,1)>
}

// -----

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result.
// CHECK-LABEL: func.func @zipped_divide_tuple_tiler
func.func @zipped_divide_tuple_tiler() -> !layout.layout<((2,4),(4,2)):((8,1),(16,4))> {
  %a = layout.const #layout.layout<(8,8):(8,1)>
  %t = layout.const #layout.tuple<(2,4)>
  // CHECK: layout.zipped_divide %{{.*}}, %{{.*}} : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4)>
  %r = layout.zipped_divide %a, %t : !layout.layout<(8,8):(8,1)>, !layout.tuple<(2,4)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(4,2)):((8,1),(16,4))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(4,2)):((8,1),(16,4))>
}

// Nested by-mode tilers keep rank-1 tuples (CuTe zip2_by).
// CHECK-LABEL: func.func @zipped_divide_rank1_tiles
func.func @zipped_divide_rank1_tiles() -> !layout.layout<(((128),(128)),((1),(1))):(((1),(128)),((0),(0)))> {
  %a = layout.const #layout.layout<(128,128):(1,128)>
  %t = layout.const #layout.tuple<((128),(128))>
  // CHECK: layout.zipped_divide %{{.*}}, %{{.*}} : !layout.layout<(128,128):(1,128)>, !layout.tuple<((128),(128))>
  %r = layout.zipped_divide %a, %t : !layout.layout<(128,128):(1,128)>, !layout.tuple<((128),(128))>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(((128),(128)),((1),(1))):(((1),(128)),((0),(0)))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(((128),(128)),((1),(1))):(((1),(128)),((0),(0)))>
}

// A `_` item leaves a rank-2 mode undivided: it splits into tile and rest (CuTe zip2_by).
// CHECK-LABEL: func.func @zipped_divide_underscore_on_rank2_mode
func.func @zipped_divide_underscore_on_rank2_mode() -> !layout.layout<((2,4),(4,4)):((1,8),(2,32))> {
  %a = layout.const #layout.layout<(8,(4,4)):(1,(8,32))>
  %t = layout.const #layout.tiler<[2:1,_]>
  // CHECK: layout.zipped_divide %{{.*}}, %{{.*}} : !layout.layout<(8,(4,4)):(1,(8,32))>, !layout.tiler<[2:1,_]>
  %r = layout.zipped_divide %a, %t : !layout.layout<(8,(4,4)):(1,(8,32))>, !layout.tiler<[2:1,_]>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((2,4),(4,4)):((1,8),(2,32))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((2,4),(4,4)):((1,8),(2,32))>
}

// -----

// A tuple of integers as a tiler is by-mode, as in CuTe (the same as the tiler [...]); CuTe C++ prints this result.
// CHECK-LABEL: func.func @zipped_product_tuple_tiler
func.func @zipped_product_tuple_tiler() -> !layout.layout<((4,8),(2,3)):((1,4),(4,1))> {
  %a = layout.const #layout.layout<(4,8):(1,4)>
  %t = layout.const #layout.tuple<(2,3)>
  // CHECK: layout.zipped_product %{{.*}}, %{{.*}} : !layout.layout<(4,8):(1,4)>, !layout.tuple<(2,3)>
  %r = layout.zipped_product %a, %t : !layout.layout<(4,8):(1,4)>, !layout.tuple<(2,3)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((4,8),(2,3)):((1,4),(4,1))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((4,8),(2,3)):((1,4),(4,1))>
}
