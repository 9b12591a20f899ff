// RUN: layout-opt %s --split-input-file --verify-diagnostics

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>

// f16 rows into a column-major tile: in shared memory the next column is 64 elements away,
// so a copy holds one element (2 bytes), and cp.async copies 4, 8 or 16.
func.func @column_major(%src: !llvm.ptr<1>, %ld: i64, %dst: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.async_copy' op async_copy: cp.async copies 4, 8 or 16 bytes, but the widest copy both layouts allow is 1 element(s) of 2 bytes (2 bytes): 16 elements: register bit 3 selects the element at [16, 0], not the next along dimension 1; 8 elements: register bit 0 is at shared offset 64, not 1 (the next element in shared memory); 4 elements: register bit 0 is at shared offset 64, not 1 (the next element in shared memory); 2 elements: register bit 0 is at shared offset 64, not 1 (the next element in shared memory)}}
  layout.async_copy %src[%ld] to %dst {align = 16 : i64, smem = #layout.layout<(64,64):(1,64)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>

// Rows padded to 72 halves: the shared layout is not linear over F2.
func.func @padded(%src: !llvm.ptr<1>, %ld: i64, %dst: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.async_copy' op async_copy: the shared layout is not linear:}}
  layout.async_copy %src[%ld] to %dst {align = 16 : i64, smem = #layout.layout<(64,64):(72,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>

// A shared layout of another tile.
func.func @wrong_tile(%src: !llvm.ptr<1>, %ld: i64, %dst: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.async_copy' op async_copy: the shared layout covers 32 along dim0, the tile 64}}
  layout.async_copy %src[%ld] to %dst {align = 16 : i64, smem = #layout.layout<(32,64):(64,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>

func.func @not_shared(%src: !llvm.ptr<1>, %ld: i64, %dst: !llvm.ptr<1>) {
  // expected-error @+1 {{'layout.async_copy' op the destination must be !llvm.ptr<3> (shared memory) or a shared tensor, found '!llvm.ptr<1>'}}
  layout.async_copy %src[%ld] to %dst {align = 16 : i64, smem = #layout.layout<(64,64):(64,1)>} : !llvm.ptr<1>, !llvm.ptr<1>, tensor<64x64xf16, #rows>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>

func.func @strides(%src: !llvm.ptr<1>, %ld: i64, %dst: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.async_copy' op takes one i64 stride per dimension but the last: 1 expected, found 2}}
  layout.async_copy %src[%ld, %ld] to %dst {align = 16 : i64, smem = #layout.layout<(64,64):(64,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf16, #rows>
  return
}

// -----

func.func @no_encoding(%src: !llvm.ptr<1>, %ld: i64, %dst: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.async_copy' op the tile}}
  layout.async_copy %src[%ld] to %dst {align = 16 : i64, smem = #layout.layout<(64,64):(64,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf16>
  return
}

// -----

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>

func.func @tuple_smem(%src: !llvm.ptr<1>, %ld: i64, %dst: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.async_copy' op the shared layout must be a CuTe layout or a linear layout, found #layout.tuple<(64,64)>}}
  layout.async_copy %src[%ld] to %dst {align = 16 : i64, smem = #layout.tuple<(64,64)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf16, #rows>
  return
}
