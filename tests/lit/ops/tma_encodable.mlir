// layout.tma_encodable: whether the driver can encode a TMA tensor map of a tma or global
// tensor's extents and strides (an i1 the kernel branches on). Round-trips, generic form
// included; the lowering is in tests/lit/nvvm/tma_encodable.mlir.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!gmem = !layout.tensor<bf16, global, !layout.layout<(64,?):(1,?)>>
// CHECK-LABEL: func.func @encodable
// CHECK: %[[C:.*]] = layout.make_tensor %arg0, %{{.*}} : !llvm.ptr -> !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
// CHECK: %{{.*}} = layout.tma_encodable %[[C]] : !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
// CHECK: %{{.*}} = layout.tma_encodable %{{.*}} : !layout.tensor<bf16, global, !layout.layout<(64,?):(1,?)>>
func.func @encodable(%map: !llvm.ptr, %p: !llvm.ptr, %m: index, %n: index) -> (i1, i1) {
  %l = layout.make %m, %n, %n : !layout.layout<(?,?):(?,1)>
  %C = layout.make_tensor %map, %l : !llvm.ptr -> !map
  %a = layout.tma_encodable %C : !map
  %lg = layout.make %n, %m : !layout.layout<(64,?):(1,?)>
  %G = layout.make_tensor %p, %lg : !llvm.ptr -> !gmem
  %b = layout.tma_encodable %G : !gmem
  return %a, %b : i1, i1
}
