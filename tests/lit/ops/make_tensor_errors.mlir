// layout.make_tensor and the tensor type: the pointer's address space is the tensor's memory
// space; the layout is a CuTe layout of known structure; elements are integers or floats.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

func.func @space(%p: !llvm.ptr<3>) {
  %l = layout.const #layout.layout<(8,4):(4,1)>
  // expected-error@+1 {{'layout.make_tensor' op a tensor in global memory is made from an !llvm.ptr<1> or !llvm.ptr, found '!llvm.ptr<3>'}}
  %t = layout.make_tensor %p, %l : !llvm.ptr<3> -> !layout.tensor<f16, global, !layout.layout<(8,4):(4,1)>>
  return
}

// -----

func.func @shared(%p: !llvm.ptr) {
  %l = layout.const #layout.layout<(8,4):(4,1)>
  // expected-error@+1 {{'layout.make_tensor' op a tensor in shared memory is made from an !llvm.ptr<3>, found '!llvm.ptr'}}
  %t = layout.make_tensor %p, %l : !llvm.ptr -> !layout.tensor<f16, shared, !layout.layout<(8,4):(4,1)>>
  return
}

// -----

func.func @not_a_pointer(%p: i64) {
  %l = layout.const #layout.layout<(8,4):(4,1)>
  // expected-error@+1 {{'layout.make_tensor' op a tensor in global memory is made from an !llvm.ptr<1> or !llvm.ptr, found 'i64'}}
  %t = layout.make_tensor %p, %l : i64 -> !layout.tensor<f16, global, !layout.layout<(8,4):(4,1)>>
  return
}

// -----

// expected-error@+1 {{a tensor's layout must be a CuTe layout (!layout.layout<...>), found '!layout.tuple<(8,4)>'}}
func.func private @tuple_layout() -> !layout.tensor<f16, global, !layout.tuple<(8,4)>>

// -----

// expected-error@+1 {{a tensor's elements must be integers or floats, found 'index'}}
func.func private @index_elements() -> !layout.tensor<index, global, !layout.layout<(8,4):(4,1)>>

// -----

// expected-error@+1 {{a tensor's layout must have a known structure (runtime leaves are allowed, !layout.layout<*> is not)}}
func.func private @unknown() -> !layout.tensor<f16, global, !layout.layout<*>>

// -----

// expected-error@+2 {{expected ::mlir::layout::MemorySpace to be one of: global, shared, tmem}}
// expected-error@+1 {{failed to parse Layout_TensorType parameter 'space'}}
func.func private @space_name() -> !layout.tensor<f16, local, !layout.layout<(8,4):(4,1)>>
