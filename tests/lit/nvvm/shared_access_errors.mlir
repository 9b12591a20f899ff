// RUN: layout-opt %s --split-input-file --verify-diagnostics

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>

func.func @not_shared(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{'layout.shared_load' op the base must be !llvm.ptr<3> (shared memory) or a shared tensor, found '!llvm.ptr<1>'}}
  %t = layout.shared_load %p {smem = #layout.layout<(64,32):(32,1)>} : !llvm.ptr<1> -> tensor<64x32xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>

// Rows padded to 40 halves: no linear layout.
func.func @padded(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.shared_load' op shared_load: the shared layout is not linear:}}
  %t = layout.shared_load %p {smem = #layout.layout<(64,32):(40,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>

func.func @wrong_tile(%t: tensor<64x32xf16, #rows>, %p: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.shared_store' op shared_access: the shared layout covers 64 along dim1, the tile 32}}
  layout.shared_store %t, %p {smem = #layout.layout<(64,64):(64,1)>} : tensor<64x32xf16, #rows>, !llvm.ptr<3>
  return
}

// -----

func.func @no_encoding(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.shared_load' op the result}}
  %t = layout.shared_load %p {smem = #layout.layout<(64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>

func.func @tiler(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.shared_load' op the shared layout must be a CuTe layout or a linear layout, found #layout.tiler<[64:1,32:1]>}}
  %t = layout.shared_load %p {smem = #layout.tiler<[64:1,32:1]>} : !llvm.ptr<3> -> tensor<64x32xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>

func.func @both(%p: !llvm.ptr<3>, %l: !layout.layout<(64,32):(32,1)>) {
  // expected-error @+1 {{'layout.shared_load' op takes the shared layout as the attribute smem or as the operand smem(...), not both}}
  %t = layout.shared_load %p smem(%l : !layout.layout<(64,32):(32,1)>) {smem = #layout.layout<(64,32):(32,1)>} : !llvm.ptr<3> -> tensor<64x32xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>

func.func @neither(%t: tensor<64x32xf16, #rows>, %p: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.shared_store' op requires the shared layout: an attribute smem = #layout.layout<...> or an operand smem(%l : !layout.layout<...>)}}
  layout.shared_store %t, %p : tensor<64x32xf16, #rows>, !llvm.ptr<3>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>

func.func @dynamic(%src: !llvm.ptr<1>, %ld: i64, %p: !llvm.ptr<3>, %l: !layout.layout<(64,32):(?,1)>) {
  // expected-error @+1 {{'layout.async_copy' op the shared layout operand must be a static layout, found '!layout.layout<(64,32):(?,1)>'}}
  layout.async_copy %src[%ld] to %p smem(%l : !layout.layout<(64,32):(?,1)>) {align = 16 : i64} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x32xf16, #rows>
  return
}
