// layout.thrfrg: the partition of a layout among the threads of a tiled MMA (CuTe's
// TiledMMA::thrfrg_A/B/C): ((ThrV, (ThrM, ThrN)), (FrgV, (RestM, RestN))). The answers are CuTe
// C++'s (mma_atom.hpp's lines compiled on the host) for the SM80_16x8x16 C fragment over a
// 64 x 64 row-major tile with 2 x 2 atoms, over a 32 x 32 column-major tile with 1 x 4 atoms (a
// grid extent 1 tiles as 1:0), and with the permutation tile [32:1, (8,2,2):(1,16,8)] (the two
// N atoms of a warp side by side), an optional fifth operand. Round trip, generic form, the folded
// constant; a runtime row stride stays a leaf.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

!tv = !layout.layout<((4,8),(2,2)):((32,1),(16,8))>
// CHECK-LABEL: func.func @c_rows
func.func @c_rows() -> !layout.layout<(((4,8),(2,2)),((2,2),(2,4))):(((2,64),(1024,8)),((1,512),(2048,16)))> {
  %t = layout.const #layout.layout<(64,64):(64,1)>
  %tv = layout.const #layout.layout<((4,8),(2,2)):((32,1),(16,8))>
  %a = layout.const #layout.tuple<(16,8)>
  %g = layout.const #layout.tuple<(2,2)>
  // CHECK: layout.thrfrg %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !layout.layout<(64,64):(64,1)>, !layout.layout<((4,8),(2,2)):((32,1),(16,8))>, !layout.tuple<(16,8)>, !layout.tuple<(2,2)>
  // GENERIC: "layout.thrfrg"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!layout.layout<(64,64):(64,1)>, !layout.layout<((4,8),(2,2)):((32,1),(16,8))>, !layout.tuple<(16,8)>, !layout.tuple<(2,2)>) -> !layout.layout<(((4,8),(2,2)),((2,2),(2,4))):(((2,64),(1024,8)),((1,512),(2048,16)))>
  %r = layout.thrfrg %t, %tv, %a, %g : !layout.layout<(64,64):(64,1)>, !tv, !layout.tuple<(16,8)>, !layout.tuple<(2,2)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(((4,8),(2,2)),((2,2),(2,4))):(((2,64),(1024,8)),((1,512),(2048,16)))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(((4,8),(2,2)),((2,2),(2,4))):(((2,64),(1024,8)),((1,512),(2048,16)))>
}

// CHECK-LABEL: func.func @c_columns
// FOLD-LABEL: func.func @c_columns
// FOLD: layout.const #layout.layout<(((4,8),(1,4)),((2,2),(2,1))):(((64,1),(0,256)),((32,8),(16,0)))>
// FOLD: layout.thrfrg %{{.*}} : !layout.layout<(64,64):(?,1)>
func.func @c_columns(%ld: index) -> (!layout.layout<(((4,8),(1,4)),((2,2),(2,1))):(((64,1),(0,256)),((32,8),(16,0)))>, !layout.layout<(((4,8),(2,2)),((2,2),(2,4))):(((2,?),(?,8)),((1,?),(?,16)))>) {
  %t = layout.const #layout.layout<(32,32):(1,32)>
  %tv = layout.const #layout.layout<((4,8),(2,2)):((32,1),(16,8))>
  %a = layout.const #layout.tuple<(16,8)>
  %g = layout.const #layout.tuple<(1,4)>
  %r = layout.thrfrg %t, %tv, %a, %g : !layout.layout<(32,32):(1,32)>, !tv, !layout.tuple<(16,8)>, !layout.tuple<(1,4)>
  %d = layout.make %ld : !layout.layout<(64,64):(?,1)>
  %g2 = layout.const #layout.tuple<(2,2)>
  // CHECK: layout.thrfrg %{{.*}} : !layout.layout<(64,64):(?,1)>
  %q = layout.thrfrg %d, %tv, %a, %g2 : !layout.layout<(64,64):(?,1)>, !tv, !layout.tuple<(16,8)>, !layout.tuple<(2,2)>
  return %r, %q : !layout.layout<(((4,8),(1,4)),((2,2),(2,1))):(((64,1),(0,256)),((32,8),(16,0)))>, !layout.layout<(((4,8),(2,2)),((2,2),(2,4))):(((2,?),(?,8)),((1,?),(?,16)))>
}

// CHECK-LABEL: func.func @permuted
// CHECK: layout.thrfrg %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !layout.layout<(64,64):(64,1)>, !layout.layout<((4,8),(2,2)):((32,1),(16,8))>, !layout.tuple<(16,8)>, !layout.tuple<(2,2)>, !layout.tiler<[32:1,(8,2,2):(1,16,8)]>
// FOLD-LABEL: func.func @permuted
// FOLD: layout.const #layout.layout<(((4,8),(2,2)),((2,2),(2,(2,2)))):(((2,64),(1024,16)),((1,512),(2048,(8,32))))>
func.func @permuted() -> !layout.layout<(((4,8),(2,2)),((2,2),(2,(2,2)))):(((2,64),(1024,16)),((1,512),(2048,(8,32))))> {
  %t = layout.const #layout.layout<(64,64):(64,1)>
  %tv = layout.const #layout.layout<((4,8),(2,2)):((32,1),(16,8))>
  %a = layout.const #layout.tuple<(16,8)>
  %g = layout.const #layout.tuple<(2,2)>
  %p = layout.const #layout.tiler<[32:1,(8,2,2):(1,16,8)]>
  %r = layout.thrfrg %t, %tv, %a, %g, %p : !layout.layout<(64,64):(64,1)>, !tv, !layout.tuple<(16,8)>, !layout.tuple<(2,2)>, !layout.tiler<[32:1,(8,2,2):(1,16,8)]>
  return %r : !layout.layout<(((4,8),(2,2)),((2,2),(2,(2,2)))):(((2,64),(1024,16)),((1,512),(2048,(8,32))))>
}
