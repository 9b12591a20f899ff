// layout.encode_tensor_map's verifier: the map is written through a pointer, the tensor lies in
// global memory, and smem is a static CuTe layout (the shared tile of one TMA copy).
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!s = !layout.tensor<f16, shared, !layout.layout<(128,64):(64,1)>>
func.func @shared_tensor(%map: !llvm.ptr, %t: !s) -> i32 {
  // expected-error@+1 {{'layout.encode_tensor_map' op the tensor must be a tensor in global memory, found '!layout.tensor<f16, shared, !layout.layout<(128,64):(64,1)>>'}}
  %s = layout.encode_tensor_map %map, %t {smem = #layout.layout<(128,64):(64,1)>} : !llvm.ptr, !s
  return %s : i32
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @map_not_a_pointer(%map: i64, %t: !g) -> i32 {
  // expected-error@+1 {{'layout.encode_tensor_map' op writes the tensor map through a pointer (!llvm.ptr), found 'i64'}}
  %s = layout.encode_tensor_map %map, %t {smem = #layout.layout<(128,64):(64,1)>} : i64, !g
  return %s : i32
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @smem_a_tuple(%map: !llvm.ptr, %t: !g) -> i32 {
  // expected-error@+1 {{'layout.encode_tensor_map' op smem must be a CuTe layout (the shared tile of one TMA copy), found #layout.tuple<(128,64)>}}
  %s = layout.encode_tensor_map %map, %t {smem = #layout.tuple<(128,64)>} : !llvm.ptr, !g
  return %s : i32
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @smem_dynamic(%map: !llvm.ptr, %t: !g) -> i32 {
  // expected-error@+1 {{'layout.encode_tensor_map' op smem must be static (it lays out shared memory), found #layout.layout<(128,64):(?,1)>}}
  %s = layout.encode_tensor_map %map, %t {smem = #layout.layout<(128,64):(?,1)>} : !llvm.ptr, !g
  return %s : i32
}
