// layout.tidfrg: the partition of a layout among the threads of CuTe's make_tiled_copy(atom of
// V values, thr, val), CuTe's TiledCopy::tidfrg_S/D: (thread, (V, rest values), (RestM,
// RestN)). The answers are CuTe C++'s (CUTLASS 4.x, copy_atom.hpp compiled on the host):
// 256 threads (32,8):(8,1) of 8 halves over a 128 x 64 row-major tile, a 16-byte atom; and
// 128 threads column-major (16,8) of 4 values (4,1) with one-element atoms over (128,32).
// Round trip, generic form, the inferred result type and the folded constant; with a runtime
// row stride the result keeps its runtime leaves.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @rows
func.func @rows() -> !layout.layout<((8,32),(8,1),(4,1)):((8,64),(1,0),(2048,0))> {
  %t = layout.const #layout.layout<(128,64):(64,1)>
  %thr = layout.const #layout.layout<(32,8):(8,1)>
  %val = layout.const #layout.layout<(1,8):(0,1)>
  %v = layout.const #layout.tuple<8>
  // CHECK: layout.tidfrg %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !layout.layout<(128,64):(64,1)>, !layout.layout<(32,8):(8,1)>, !layout.layout<(1,8):(0,1)>, !layout.tuple<8>
  // GENERIC: "layout.tidfrg"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!layout.layout<(128,64):(64,1)>, !layout.layout<(32,8):(8,1)>, !layout.layout<(1,8):(0,1)>, !layout.tuple<8>) -> !layout.layout<((8,32),(8,1),(4,1)):((8,64),(1,0),(2048,0))>
  %r = layout.tidfrg %t, %thr, %val, %v : !layout.layout<(128,64):(64,1)>, !layout.layout<(32,8):(8,1)>, !layout.layout<(1,8):(0,1)>, !layout.tuple<8>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((8,32),(8,1),(4,1)):((8,64),(1,0),(2048,0))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((8,32),(8,1),(4,1)):((8,64),(1,0),(2048,0))>
}

// CHECK-LABEL: func.func @columns
func.func @columns() -> !layout.layout<((16,8),(1,4),(2,4)):((4,128),(0,1),(64,1024))> {
  %t = layout.const #layout.layout<(128,32):(1,128)>
  %thr = layout.const #layout.layout<(16,8):(1,16)>
  %val = layout.const #layout.layout<(4,1):(1,0)>
  %v = layout.const #layout.tuple<1>
  // FOLD: layout.const #layout.layout<((16,8),(1,4),(2,4)):((4,128),(0,1),(64,1024))>
  %r = layout.tidfrg %t, %thr, %val, %v : !layout.layout<(128,32):(1,128)>, !layout.layout<(16,8):(1,16)>, !layout.layout<(4,1):(1,0)>, !layout.tuple<1>
  return %r : !layout.layout<((16,8),(1,4),(2,4)):((4,128),(0,1),(64,1024))>
}

// A swizzled tile is partitioned through its layout; a runtime row stride stays a leaf.
// CHECK-LABEL: func.func @swizzled_and_runtime
// FOLD-LABEL: func.func @swizzled_and_runtime
// FOLD: layout.const #layout.layout<Sw<3,3,3> o 0 o ((8,16),(8,1),(4,1)):((8,64),(1,0),(1024,0))>
// FOLD: layout.tidfrg %{{.*}} : !layout.layout<(128,64):(?,1)>, !layout.layout<(32,8):(8,1)>
func.func @swizzled_and_runtime(%ld: index) -> (!layout.layout<Sw<3,3,3> o 0 o ((8,16),(8,1),(4,1)):((8,64),(1,0),(1024,0))>, !layout.layout<((8,32),(8,1),(4,1)):((8,?),(1,0),(?,0))>) {
  %s = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>
  %thr = layout.const #layout.layout<(16,8):(8,1)>
  %val = layout.const #layout.layout<(1,8):(0,1)>
  %v = layout.const #layout.tuple<8>
  %r = layout.tidfrg %s, %thr, %val, %v : !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>, !layout.layout<(16,8):(8,1)>, !layout.layout<(1,8):(0,1)>, !layout.tuple<8>
  %g = layout.make %ld : !layout.layout<(128,64):(?,1)>
  %thr2 = layout.const #layout.layout<(32,8):(8,1)>
  // CHECK: layout.tidfrg %{{.*}} : !layout.layout<(128,64):(?,1)>, !layout.layout<(32,8):(8,1)>, !layout.layout<(1,8):(0,1)>, !layout.tuple<8>
  %q = layout.tidfrg %g, %thr2, %val, %v : !layout.layout<(128,64):(?,1)>, !layout.layout<(32,8):(8,1)>, !layout.layout<(1,8):(0,1)>, !layout.tuple<8>
  return %r, %q : !layout.layout<Sw<3,3,3> o 0 o ((8,16),(8,1),(4,1)):((8,64),(1,0),(1024,0))>, !layout.layout<((8,32),(8,1),(4,1)):((8,?),(1,0),(?,0))>
}
