// layout.shared_alloc: a shared base, at least one result, every result a shared tensor with a
// static layout.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

func.func @base(%p: !llvm.ptr<1>) {
  // expected-error@+1 {{'layout.shared_alloc' op the base must be a shared pointer (!llvm.ptr<3>), found '!llvm.ptr<1>'}}
  %a = layout.shared_alloc %p : !llvm.ptr<1> -> !layout.tensor<f16, shared, !layout.layout<64:1>>
  return
}

// -----

func.func @global_result(%p: !llvm.ptr<3>) {
  // expected-error@+1 {{'layout.shared_alloc' op the result #0 must be a tensor in shared memory, found '!layout.tensor<f16, global, !layout.layout<64:1>>'}}
  %a = layout.shared_alloc %p : !llvm.ptr<3> -> !layout.tensor<f16, global, !layout.layout<64:1>>
  return
}

// -----

func.func @runtime_layout(%p: !llvm.ptr<3>) {
  // expected-error@+1 {{'layout.shared_alloc' op the result #1's layout must be static (it lays out shared memory), found '!layout.layout<(64,?):(1,64)>'}}
  %a, %b = layout.shared_alloc %p : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<64:1>>, !layout.tensor<f16, shared, !layout.layout<(64,?):(1,64)>>
  return
}

// -----

func.func @none(%p: !llvm.ptr<3>) {
  // expected-error@+1 {{'layout.shared_alloc' op allocates at least one tensor}}
  "layout.shared_alloc"(%p) : (!llvm.ptr<3>) -> ()
  return
}
