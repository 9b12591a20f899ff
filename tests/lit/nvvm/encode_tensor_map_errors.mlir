// layout.encode_tensor_map refused by --layout-lower-tensors before any rewrite, naming the
// rule: the tensor map of a tile (the kernel tiles the tma tensor, the host encodes the whole
// tensor), a box whose inner dimension is not the swizzle span, a global layout whose
// innermost dimension is not contiguous, and a TMA dimension that merges two leaves of static
// strides but has a runtime extent (no one leaf holds it).
// RUN: layout-opt %s --split-input-file --layout-lower-tensors --verify-diagnostics

!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>>
func.func @a_tile(%map: !llvm.ptr, %p: !llvm.ptr, %m: index, %k: index) -> i32 {
  %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
  %A = layout.make_tensor %p, %l : !llvm.ptr -> !gmem
  %t = layout.local_tile %A[%m, %k] {tile = #layout.tuple<(128,64)>} : !gmem -> !tile
  // expected-error@+1 {{'layout.encode_tensor_map' op encodes the tensor map of a whole tensor, made by layout.make_tensor in its function (the kernel tiles the tma tensor), found a tensor that is not}}
  %s = layout.encode_tensor_map %map, %t {smem = #layout.layout<(128,64):(64,1)>} : !llvm.ptr, !tile
  return %s : i32
}

// -----

!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @swizzle_span(%map: !llvm.ptr, %p: !llvm.ptr, %m: index, %k: index) -> i32 {
  %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
  %A = layout.make_tensor %p, %l : !llvm.ptr -> !gmem
  // expected-error@+1 {{'layout.encode_tensor_map' op tma_desc: with the 128B swizzle the inner box dimension must be exactly the swizzle span of 128 bytes (64 f16 elements), found 32 elements = 64 bytes}}
  %s = layout.encode_tensor_map %map, %A {smem = #layout.layout<Sw<3,3,3> o 0 o (128,32):(32,1)>} : !llvm.ptr, !gmem
  return %s : i32
}

// -----

!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(1,?)>>
func.func @not_contiguous(%map: !llvm.ptr, %p: !llvm.ptr, %m: index, %k: index) -> i32 {
  %l = layout.make %m, %k, %m : !layout.layout<(?,?):(1,?)>
  %A = layout.make_tensor %p, %l : !llvm.ptr -> !gmem
  // expected-error@+1 {{'layout.encode_tensor_map' op tma_desc: TMA dim 0 must be contiguous (stride 1), but the smem box's innermost dimension runs along gmem mode 1 whose stride is dynamic ('?')}}
  %s = layout.encode_tensor_map %map, %A {smem = #layout.layout<(128,64):(64,1)>} : !llvm.ptr, !gmem
  return %s : i32
}

// -----

!gmem = !layout.tensor<f16, global, !layout.layout<(8,?):(1,8)>>
func.func @merged_runtime_extent(%map: !llvm.ptr, %p: !llvm.ptr, %n: index) -> i32 {
  %l = layout.make %n : !layout.layout<(8,?):(1,8)>
  %A = layout.make_tensor %p, %l : !llvm.ptr -> !gmem
  // expected-error@+1 {{'layout.encode_tensor_map' op tma_desc: the extent of TMA dim 0 is dynamic, but the dim merges the gmem leaves 0, 1 (contiguous static strides): its extent is not one leaf's; give those leaves static extents}}
  %s = layout.encode_tensor_map %map, %A {smem = #layout.layout<(8,32):(1,8)>} : !llvm.ptr, !gmem
  return %s : i32
}
