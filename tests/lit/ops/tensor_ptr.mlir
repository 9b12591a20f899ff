// layout.tensor_ptr: the pointer of a tensor's first element (CuTe's t.data()), in the tensor's
// address space (a global tensor's may be generic; a tma tensor's is its map). Round-trips;
// --layout-lower-tensors resolves it (tests/lit/nvvm/example_gemm_sm100.mlir).
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

// CHECK-LABEL: func.func @pointers
// CHECK: layout.tensor_ptr %arg0 : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>> -> !llvm.ptr<3>
// CHECK: layout.tensor_ptr %arg1 : !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>> -> !llvm.ptr
// CHECK: layout.tensor_ptr %arg1 : !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>> -> !llvm.ptr<1>
func.func @pointers(%s: !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>, %g: !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>) {
  %a = layout.tensor_ptr %s : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>> -> !llvm.ptr<3>
  %b = layout.tensor_ptr %g : !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>> -> !llvm.ptr
  %c = layout.tensor_ptr %g : !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>> -> !llvm.ptr<1>
  return
}
