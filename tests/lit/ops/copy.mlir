// layout.copy: element i of one thread's tensor to element i of another; global or shared
// memory, the same element type and number of elements; `async` marks a cp.async copy from
// global to shared memory. It round-trips (custom and generic forms).
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

!g = !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
!s = !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),2048,0)>>
// CHECK-LABEL: func.func @copies
// CHECK: layout.copy %arg0 to %arg1 {align = 16 : i64, async} : !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>, !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),2048,0)>>
// CHECK: layout.copy %arg1 to %arg0 {align = 4 : i64} : !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),2048,0)>>, !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
// A shared tile of another shape with as many elements.
// CHECK: layout.copy %arg0 to %arg2 {align = 16 : i64} : !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>, !layout.tensor<f16, shared, !layout.layout<(32):(1)>>
func.func @copies(%a: !g, %b: !s, %c: !layout.tensor<f16, shared, !layout.layout<(32):(1)>>) {
  layout.copy %a to %b {align = 16 : i64, async} : !g, !s
  layout.copy %b to %a {align = 4 : i64} : !s, !g
  layout.copy %a to %c {align = 16 : i64} : !g, !layout.tensor<f16, shared, !layout.layout<(32):(1)>>
  return
}
