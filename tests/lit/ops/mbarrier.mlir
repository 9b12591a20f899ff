// layout.mbarrier_init / mbarrier_wait / mbarrier_arrive on a ring of mbarriers (an i64 shared
// tensor): position k is barrier k mod S in its phase k div S; `free` waits for the phase of
// position k - S. Round-trips; the lowering is in tests/lit/nvvm/tensor_ops_sm90.mlir.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
// CHECK-LABEL: func.func @ring
// CHECK: layout.mbarrier_init %arg0 {arrivals = 2 : i64} : !layout.tensor<i64, shared, !layout.layout<4:1>>
// CHECK: layout.mbarrier_wait %arg0[%arg1] : !layout.tensor<i64, shared, !layout.layout<4:1>>
// CHECK: layout.mbarrier_wait %arg0[%arg1] {free} : !layout.tensor<i64, shared, !layout.layout<4:1>>
// CHECK: layout.mbarrier_arrive %arg0[%arg1] : !layout.tensor<i64, shared, !layout.layout<4:1>>
// CHECK: layout.mbarrier_arrive %arg0[%arg1] {multicast = 2 : i64} : !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @ring(%r: !ring, %k: index) {
  layout.mbarrier_init %r {arrivals = 2 : i64} : !ring
  layout.mbarrier_wait %r[%k] : !ring
  layout.mbarrier_wait %r[%k] {free} : !ring
  layout.mbarrier_arrive %r[%k] : !ring
  layout.mbarrier_arrive %r[%k] {multicast = 2 : i64} : !ring
  return
}
