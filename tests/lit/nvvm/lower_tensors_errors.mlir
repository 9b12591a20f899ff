// Copies of tensors in memory: a global tensor is of the tile's element type, with one flat
// mode per dimension of the tile's extents and a last mode of stride 1, then only modes of
// extent 1 (one head's tile, whose mode must not reach past the tensor); it carries its strides;
// bounds are one per dimension. A shared tensor carries its (static) layout. --layout-lower-tensors
// resolves a tensor only when it is made in its function by layout.make_tensor,
// layout.local_tile and layout.slice_tensor, and only the copies may read it.
// RUN: layout-opt %s --split-input-file --verify-diagnostics --layout-lower-tensors
// RUN: not layout-opt %s --split-input-file --layout-lower-register-tensors 2>&1 | FileCheck %s --check-prefix=ALONE

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @element(%t: !layout.tensor<f32, global, !layout.layout<(64,64):(?,1)>>) {
  // expected-error@+1 {{'layout.global_load' op the base tensor holds 'f32', the tile 'f16'}}
  %v = layout.global_load %t[] {align = 16 : i64} : !layout.tensor<f32, global, !layout.layout<(64,64):(?,1)>> -> tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @extent(%t: !layout.tensor<f16, global, !layout.layout<(?,64):(?,1)>>) {
  // expected-error@+1 {{'layout.global_load' op mode 0 of the base tensor's layout '!layout.layout<(?,64):(?,1)>' has extent ?, the tile 64}}
  %v = layout.global_load %t[] {align = 16 : i64} : !layout.tensor<f16, global, !layout.layout<(?,64):(?,1)>> -> tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @column_major(%t: !layout.tensor<f16, global, !layout.layout<(64,64):(1,?)>>, %v: tensor<64x64xf16, #rows>) {
  // expected-error@+1 {{'layout.global_store' op the last mode of the base tensor's layout '!layout.layout<(64,64):(1,?)>' must have stride 1 (its elements are consecutive)}}
  layout.global_store %v, %t[] {align = 16 : i64} : tensor<64x64xf16, #rows>, !layout.tensor<f16, global, !layout.layout<(64,64):(1,?)>>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @nested(%t: !layout.tensor<f16, global, !layout.layout<((8,8),64):((64,512),1)>>) {
  // expected-error@+1 {{'layout.global_load' op mode 0 of the base tensor's layout '!layout.layout<((8,8),64):((64,512),1)>' is not a single extent and stride}}
  %v = layout.global_load %t[] {align = 16 : i64} : !layout.tensor<f16, global, !layout.layout<((8,8),64):((64,512),1)>> -> tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @strides(%t: !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>, %ld: i64) {
  // expected-error@+1 {{'layout.global_load' op a tensor operand carries its strides: no stride operands, found 1}}
  %v = layout.global_load %t[%ld] {align = 16 : i64} : !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>> -> tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @bounds(%p: !llvm.ptr<1>, %ld: i64, %b: i64) {
  // expected-error@+1 {{'layout.global_load' op takes one i64 bound per dimension (2) or none, found 1}}
  %v = layout.global_load %p[%ld] bounds(%b) {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @shared_source(%t: !layout.tensor<f16, shared, !layout.layout<(64,64):(64,1)>>, %dst: !llvm.ptr<3>) {
  // expected-error@+1 {{'layout.async_copy' op the source tensor must be in global memory, found '!layout.tensor<f16, shared, !layout.layout<(64,64):(64,1)>>'}}
  layout.async_copy %t[] to %dst {align = 16 : i64, smem = #layout.layout<(64,64):(64,1)>} : !layout.tensor<f16, shared, !layout.layout<(64,64):(64,1)>>, !llvm.ptr<3>, tensor<64x64xf16, #rows>
  return
}

// -----

// A tensor that reaches the copy as a block argument: its pointer and layout are not known here.
#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @argument(%t: !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>) -> tensor<64x64xf16, #rows> {
  // expected-error@+1 {{'layout.global_load' op reads a tensor that is not made in its function by layout.make_tensor, layout.local_tile, layout.slice_tensor and views (a block argument): its pointer and layout cannot be resolved}}
  %v = layout.global_load %t[] {align = 16 : i64} : !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>> -> tensor<64x64xf16, #rows>
  return %v : tensor<64x64xf16, #rows>
}

// -----

func.func @escapes(%p: !llvm.ptr<1>, %ld: index) -> !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>> {
  %l = layout.make %ld : !layout.layout<(64,64):(?,1)>
  %t = layout.make_tensor %p, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>
  // expected-error@+1 {{'func.return' op takes a tensor in memory ('!layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>'); only layout.local_tile, layout.slice_tensor, the views (select_tensor, group_tensor, recast_tensor), layout.partition, partition_mma and the copies (layout.copy, layout.async_copy, global_load, global_store, shared_load, shared_store, tma_copy), mbarrier_init, mbarrier_wait, mbarrier_arrive, mma_async, mma_tmem, tensor_memory_load, tensor_memory_store, tensor_ptr, encode_tensor_map and tma_encodable read them}}
  return %t : !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @shared_smem_twice(%t: !layout.tensor<f16, shared, !layout.layout<(64,64):(64,1)>>) {
  // expected-error@+1 {{'layout.shared_load' op a shared tensor carries its layout: no smem attribute or operand}}
  %v = layout.shared_load %t {smem = #layout.layout<(64,64):(64,1)>} : !layout.tensor<f16, shared, !layout.layout<(64,64):(64,1)>> -> tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @shared_runtime(%t: !layout.tensor<f16, shared, !layout.layout<(64,64):(?,1)>>) {
  // expected-error@+1 {{'layout.shared_load' op the shared tensor's layout must be static, found '!layout.layout<(64,64):(?,1)>'}}
  %v = layout.shared_load %t : !layout.tensor<f16, shared, !layout.layout<(64,64):(?,1)>> -> tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @global_dst(%t: !layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>, %v: tensor<64x64xf16, #rows>) {
  // expected-error@+1 {{'layout.shared_store' op the shared-memory tensor must be in shared memory, found '!layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>'}}
  layout.shared_store %v, %t : tensor<64x64xf16, #rows>, !layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @shared_element(%t: !layout.tensor<f32, shared, !layout.layout<(64,64):(64,1)>>) {
  // expected-error@+1 {{'layout.shared_load' op the base tensor holds 'f32', the tile 'f16'}}
  %v = layout.shared_load %t : !layout.tensor<f32, shared, !layout.layout<(64,64):(64,1)>> -> tensor<64x64xf16, #rows>
  return
}

// -----

// --layout-lower-register-tensors alone does not resolve tensors.
// ALONE: 'layout.global_load' op reads the tensor in memory '!layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>' unresolved: --layout-lower-tensors (the first pass of --lower-to-nvvm) resolves it to a pointer first
#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @unresolved(%p: !llvm.ptr<1>) -> tensor<64x64xf16, #rows> {
  %l = layout.const #layout.layout<(64,64):(64,1)>
  %t = layout.make_tensor %p, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>
  %v = layout.global_load %t[] {align = 16 : i64} : !layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>> -> tensor<64x64xf16, #rows>
  return %v : tensor<64x64xf16, #rows>
}

// -----

// ctaGroup = 2 needs a kernel whose cluster pairs its CTAs.
!a = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!d = !layout.tensor<f32, tmem, !layout.layout<(128,256):(65536,1)>>
gpu.module @kernels {
  gpu.func @pair_without_cluster(%pa: !llvm.ptr<3>, %t6: !llvm.ptr<6>, %acc: i1) kernel {
    %la = layout.const #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>
    %ld = layout.const #layout.layout<(128,256):(65536,1)>
    %A = layout.make_tensor %pa, %la : !llvm.ptr<3> -> !a
    %D = layout.make_tensor %t6, %ld : !llvm.ptr<6> -> !d
    // expected-error@+1 {{'layout.mma_tmem' op ctaGroup = 2 runs on a CTA pair (cluster ranks 2i, 2i+1), but the kernel declares no cluster (nvvm.cluster_dim)}}
    layout.mma_tmem %A, %A, %D accumulate(%acc) {ctaGroup = 2 : i64} : !a, !a, !d
    gpu.return
  }
}

// -----

// A tensor made from the address of a global of static size lies inside it (issue 51).
gpu.module @small_global {
  llvm.mlir.global internal @small() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<16 x i8>
  gpu.func @carve() kernel {
    %p = llvm.mlir.addressof @small : !llvm.ptr<3>
    %l = layout.const #layout.layout<(128,64):(64,1)>
    // expected-error@+1 {{'layout.make_tensor' op the tensor reaches 16384 bytes (cosize 8192 of '!layout.layout<(128,64):(64,1)>' times 16 bits), past the end of @small, which holds 16 bytes ('!llvm.array<16 x i8>'): a tensor made from a global lies inside it}}
    %a = layout.make_tensor %p, %l : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<(128,64):(64,1)>>
    %t = layout.tensor_ptr %a : !layout.tensor<f16, shared, !layout.layout<(128,64):(64,1)>> -> !llvm.ptr<3>
    gpu.return
  }
}

// -----

// A kernel argument is what a launch passes: a tensor is made in the kernel from its pointer.
gpu.module @arguments {
  // expected-error@+1 {{'gpu.func' op kernel argument #1 has the layout type '!layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>': a kernel takes what a launch passes (pointers, integers, floats), so pass the tensor's pointer and the runtime leaves of its layout and make the tensor in the kernel (layout.make, layout.make_tensor)}}
  gpu.func @tensor_argument(%p: !llvm.ptr<1>, %t: !layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @arguments {
  // expected-error@+1 {{'gpu.func' op kernel argument #0 has the layout type '!layout.layout<(?,64):(64,1)>': a kernel takes what a launch passes (pointers, integers, floats), so pass the runtime leaves of the layout and build it in the kernel (layout.make)}}
  gpu.func @layout_argument(%l: !layout.layout<(?,64):(64,1)>) kernel {
    gpu.return
  }
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @two_heads(%t: !layout.tensor<f16, global, !layout.layout<(64,64,2):(64,1,?)>>, %v: tensor<64x64xf16, #rows>) {
  // expected-error@+1 {{'layout.global_store' op mode 2 of the base tensor's layout '!layout.layout<(64,64,2):(64,1,?)>' is past the 2 dimensions of the 'tensor<64x64xf16, #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>>' tile and has extent 2: modes past the tile's must have extent 1}}
  layout.global_store %v, %t[] {align = 16 : i64} : tensor<64x64xf16, #rows>, !layout.tensor<f16, global, !layout.layout<(64,64,2):(64,1,?)>>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
// A head of a tile of two heads: the pair may reach past the tensor's runtime head count, so the
// head's tile may lie outside it, and a 2-D copy has no bound for it.
func.func @partial_head(%p: !llvm.ptr<1>, %seq: index, %bh: index, %sd: index, %v: tensor<64x64xf16, #rows>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = layout.make %seq, %bh, %sd : !layout.layout<(?,64,?):(64,1,?)>
  %T = layout.make_tensor %p, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(?,64,?):(64,1,?)>>
  %pair = layout.local_tile %T[%c0, %c0, %c0] {tile = #layout.tuple<(64,64,2)>} : !layout.tensor<f16, global, !layout.layout<(?,64,?):(64,1,?)>> -> !layout.tensor<f16, global, !layout.layout<(64,64,2):(64,1,?)>>
  %one = layout.local_tile %pair[%c0, %c0, %c1] {tile = #layout.tuple<(64,64,1)>} : !layout.tensor<f16, global, !layout.layout<(64,64,2):(64,1,?)>> -> !layout.tensor<f16, global, !layout.layout<(64,64,1):(64,1,?)>>
  // expected-error@+1 {{'layout.global_store' op mode 2 of the tile, past its 2 dimensions, may reach past the tensor: the bounds of a partial tile are one per dimension of the copied tile}}
  layout.global_store %v, %one[] {align = 16 : i64} : tensor<64x64xf16, #rows>, !layout.tensor<f16, global, !layout.layout<(64,64,1):(64,1,?)>>
  return
}
