// The example kernel examples/lego/nw_antidiag.mlir (Rodinia NW with its shared buffer in the
// anti-diagonal layout) lowers to index math: no layout op is left, the loads and the store
// address the buffer through the anti-diagonal's comparisons and selects, and the copy-out
// inverts the layout. (The values of the anti-diagonal index math are checked point by point
// by lowering/tests/eval.rs.)
// RUN: layout-opt %S/../../../examples/lego/nw_antidiag.mlir --lower-to-index | FileCheck %s

// CHECK-LABEL: func.func @nw_cell
// CHECK-NOT: layout.
// CHECK: arith.cmpi
// CHECK: arith.select
// CHECK: memref.load %arg0[
// CHECK: memref.load %arg0[
// CHECK: memref.load %arg0[
// CHECK: memref.store %{{.*}}, %arg0[
// CHECK-LABEL: func.func @copy_out
// CHECK-NOT: layout.
// CHECK: arith.cmpi
// CHECK: memref.store
