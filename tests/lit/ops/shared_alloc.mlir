// layout.shared_alloc: shared tensors placed one after another from a shared base (each at a
// multiple of its alignment: 16 bytes or its swizzle's span). Round-trips; its lowering is in
// tests/lit/nvvm/tensor_ops_sm90.mlir.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

// CHECK-LABEL: func.func @stages
// CHECK: %{{.*}}:3 = layout.shared_alloc %arg0 : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>>, !layout.tensor<bf16, shared, !layout.layout<(32,8):(1,32)>>, !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @stages(%p: !llvm.ptr<3>) {
  %a, %b, %bars = layout.shared_alloc %p : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>>, !layout.tensor<bf16, shared, !layout.layout<(32,8):(1,32)>>, !layout.tensor<i64, shared, !layout.layout<4:1>>
  return
}
