// layout.local_tile: the tile is a flat tuple of positive extents, one per mode of the tensor's
// layout, with one coordinate per mode; the result type is the algebra's tile of the tensor.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!t = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @result(%t: !t, %i: index) {
  // expected-error@+1 {{'layout.local_tile' op the tile of '!layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>' by #layout.tuple<(64,32)> is '!layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>', not '!layout.tensor<f16, global, !layout.layout<(32,64):(?,1)>>'}}
  %g = layout.local_tile %t[%i, %i] {tile = #layout.tuple<(64,32)>} : !t -> !layout.tensor<f16, global, !layout.layout<(32,64):(?,1)>>
  return
}

// -----

!t = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @space(%t: !t, %i: index) {
  // expected-error@+1 {{'layout.local_tile' op the tile of '!layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>' by #layout.tuple<(64,32)> is '!layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>', not '!layout.tensor<f16, shared, !layout.layout<(64,32):(?,1)>>'}}
  %g = layout.local_tile %t[%i, %i] {tile = #layout.tuple<(64,32)>} : !t -> !layout.tensor<f16, shared, !layout.layout<(64,32):(?,1)>>
  return
}

// -----

!t = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @not_a_tuple(%t: !t, %i: index) {
  // expected-error@+1 {{'layout.local_tile' op the tile must be a flat tuple of extents (#layout.tuple<(64,32)>), found #layout.layout<(64,32):(1,64)>}}
  %g = layout.local_tile %t[%i, %i] {tile = #layout.layout<(64,32):(1,64)>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @nested(%t: !t, %i: index) {
  // expected-error@+1 {{'layout.local_tile' op the tile must be a flat tuple of positive extents, found #layout.tuple<((8,8),32)>}}
  %g = layout.local_tile %t[%i, %i] {tile = #layout.tuple<((8,8),32)>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @zero(%t: !t, %i: index) {
  // expected-error@+1 {{'layout.local_tile' op the tile must be a flat tuple of positive extents, found #layout.tuple<(64,0)>}}
  %g = layout.local_tile %t[%i, %i] {tile = #layout.tuple<(64,0)>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @rank(%t: !t, %i: index) {
  // expected-error@+1 {{'layout.local_tile' op the tile #layout.tuple<(64,32,2)> has 3 modes, the tensor's layout '!layout.layout<(?,?):(?,1)>' 2: one tile extent per mode}}
  %g = layout.local_tile %t[%i, %i, %i] {tile = #layout.tuple<(64,32,2)>} : !t -> !t
  return
}

// -----

!t = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
func.func @coordinates(%t: !t, %i: index) {
  // expected-error@+1 {{'layout.local_tile' op takes one coordinate per tile mode (2), found 1}}
  %g = layout.local_tile %t[%i] {tile = #layout.tuple<(64,32)>} : !t -> !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>
  return
}

// -----

// The algebra's error, as the local_tile's.
!t = !layout.tensor<f16, global, !layout.layout<(64,32):(32,1)>>
func.func @overflow(%t: !t, %i: index) {
  // expected-error@+1 {{'layout.local_tile' op zipped_divide: the result ((4611686018427387904,1),(1,32)):((32,1),(0,1)) has size 147573952589676412928, past the largest i64 (2^63-1)}}
  %g = layout.local_tile %t[%i, %i] {tile = #layout.tuple<(4611686018427387904,1)>} : !t -> !t
  return
}

// -----

// Tiles of 4 rows of a 128B-swizzled 16 x 64 f16 tile: the move of tile c (256 c elements)
// carries the bit 8 the swizzle reads, which flips bit 5 of the tile's own offsets: tile c is
// not tile 0 moved, although the move alone passes through the swizzle unchanged.
func.func @swizzle_reads_the_move(%p: !llvm.ptr<3>, %i: index) {
  %l = layout.const #layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>
  %t = layout.make_tensor %p, %l : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>>
  // expected-error@+1 {{'layout.local_tile' op the tiles of '!layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>' are not one tile moved: mode 1 of Sw<3,3,3> o 0 o ((4,64),(4,1)):((64,1),(256,0)) has the stride 256, not a static multiple of 512}}
  %a = layout.local_tile %t[%i, %i] {tile = #layout.tuple<(4,64)>} : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>> -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (4,64):(64,1)>>
  return
}
