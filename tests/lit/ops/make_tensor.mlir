// layout.make_tensor: a tensor in memory from a pointer and a layout value (runtime leaves
// allowed). The type !layout.tensor<T, space, !layout.layout<...>> round-trips in the custom and
// the generic form; the layout operand's type is the tensor type's layout.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

// CHECK-LABEL: func.func @global
// CHECK: %[[L:.*]] = layout.make %arg1, %arg2, %arg3 : !layout.layout<(?,?):(?,1)>
// CHECK: layout.make_tensor %arg0, %[[L]] : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @global(%p: !llvm.ptr<1>, %m: index, %k: index, %ld: index) -> !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>> {
  %l = layout.make %m, %k, %ld : !layout.layout<(?,?):(?,1)>
  %t = layout.make_tensor %p, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
  return %t : !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
}

// A generic pointer for global memory; a swizzled layout in shared memory; bf16 in a static
// hierarchical layout.
// CHECK-LABEL: func.func @spaces
// CHECK: layout.make_tensor %arg0, %{{.*}} : !llvm.ptr -> !layout.tensor<f32, global, !layout.layout<(8,4):(1,8)>>
// CHECK: layout.make_tensor %arg1, %{{.*}} : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
// CHECK: layout.make_tensor %arg0, %{{.*}} : !llvm.ptr -> !layout.tensor<bf16, global, !layout.layout<((2,4),8):((1,16),2)>>
func.func @spaces(%g: !llvm.ptr, %s: !llvm.ptr<3>) {
  %a = layout.const #layout.layout<(8,4):(1,8)>
  %t = layout.make_tensor %g, %a : !llvm.ptr -> !layout.tensor<f32, global, !layout.layout<(8,4):(1,8)>>
  %b = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>
  %u = layout.make_tensor %s, %b : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
  %c = layout.const #layout.layout<((2,4),8):((1,16),2)>
  %v = layout.make_tensor %g, %c : !llvm.ptr -> !layout.tensor<bf16, global, !layout.layout<((2,4),8):((1,16),2)>>
  return
}
