// layout.tensor_ptr: the pointer is in the tensor's address space.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

func.func @space(%s: !layout.tensor<f16, shared, !layout.layout<64:1>>) {
  // expected-error@+1 {{'layout.tensor_ptr' op the pointer of a tensor in shared memory is an !llvm.ptr<3>, found '!llvm.ptr<1>'}}
  %a = layout.tensor_ptr %s : !layout.tensor<f16, shared, !layout.layout<64:1>> -> !llvm.ptr<1>
  return
}

// -----

func.func @not_a_pointer(%s: !layout.tensor<f16, global, !layout.layout<64:1>>) {
  // expected-error@+1 {{'layout.tensor_ptr' op the pointer of a tensor in global memory is an !llvm.ptr<1> or !llvm.ptr, found 'i64'}}
  %a = layout.tensor_ptr %s : !layout.tensor<f16, global, !layout.layout<64:1>> -> i64
  return
}
