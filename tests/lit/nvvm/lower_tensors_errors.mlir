// Copies of tensors in memory: the tensor is in global memory, of the tile's element type, with
// one flat mode per dimension of the tile's extents and a last mode of stride 1; it carries its
// strides; bounds are one per dimension. --layout-lower-tensors resolves a tensor only when it
// is made in its function by layout.make_tensor and layout.local_tile, and only the copies may
// read it.
// RUN: layout-opt %s --split-input-file --verify-diagnostics --layout-lower-tensors

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
  // expected-error@+1 {{'layout.global_load' op reads a tensor that is not made in its function by layout.make_tensor and layout.local_tile (a block argument): its pointer and layout cannot be resolved}}
  %v = layout.global_load %t[] {align = 16 : i64} : !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>> -> tensor<64x64xf16, #rows>
  return %v : tensor<64x64xf16, #rows>
}

// -----

func.func @escapes(%p: !llvm.ptr<1>, %ld: index) -> !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>> {
  %l = layout.make %ld : !layout.layout<(64,64):(?,1)>
  %t = layout.make_tensor %p, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>
  // expected-error@+1 {{'func.return' op takes a tensor in memory ('!layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>'); only layout.local_tile, layout.async_copy, layout.global_load and layout.global_store read them}}
  return %t : !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>
}
