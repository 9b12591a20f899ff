// layout.tma_copy: a load (tma -> shared) completes on a ring barrier, a store (shared -> tma)
// takes none; the elements agree; the tile and the shared tensor have the same extents (a tile's extra modes
// extent 1); a tma
// tensor comes from a tensor map and a flat layout.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!g = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @no_barrier(%g: !g, %s: !s) {
  // expected-error@+1 {{'layout.tma_copy' op a TMA load completes on a barrier: barrier(%ring[%k] : ...)}}
  layout.tma_copy %g to %s : !g, !s
  return
}

// -----

!g = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @store_barrier(%g: !g, %s: !s, %r: !ring, %k: index) {
  // expected-error@+1 {{'layout.tma_copy' op a TMA store takes no barrier}}
  layout.tma_copy %s to %g barrier(%r[%k] : !ring) : !s, !g
  return
}

// -----

!g = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @extents(%g: !g, %s: !s, %r: !ring, %k: index) {
  // expected-error@+1 {{'layout.tma_copy' op the tile '!layout.layout<(128,64):(?,1)>' and the shared tensor '!layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>' must have the same static extent in each mode}}
  layout.tma_copy %g to %s barrier(%r[%k] : !ring) : !g, !s
  return
}

// -----

!g = !layout.tensor<f16, tma, !layout.layout<(128,64,2):(64,1,?)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @extra_mode_not_one(%g: !g, %s: !s, %r: !ring, %k: index) {
  // expected-error@+1 {{'layout.tma_copy' op the tile '!layout.layout<(128,64,2):(64,1,?)>' and the shared tensor '!layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>' must have the same static extent in each mode (modes of the tile past the shared tensor's of extent 1)}}
  layout.tma_copy %g to %s barrier(%r[%k] : !ring) : !g, !s
  return
}

// -----

!g = !layout.tensor<bf16, tma, !layout.layout<(128,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @elements(%g: !g, %s: !s, %r: !ring, %k: index) {
  // expected-error@+1 {{'layout.tma_copy' op the destination must hold 'bf16', found 'f16'}}
  layout.tma_copy %g to %s barrier(%r[%k] : !ring) : !g, !s
  return
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @not_tma(%g: !g, %s: !s, %r: !ring, %k: index) {
  // expected-error@+1 {{'layout.tma_copy' op copies between a tma tensor and a shared tensor (a load tma -> shared, a store shared -> tma), found '!layout.tensor<f16, global, !layout.layout<(128,64):(?,1)>>' -> '!layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>'}}
  layout.tma_copy %g to %s barrier(%r[%k] : !ring) : !g, !s
  return
}

// -----

func.func @map_space(%p: !llvm.ptr<1>, %l: !layout.layout<(?,?):(?,1)>) {
  // expected-error@+1 {{'layout.make_tensor' op a tma tensor is made from its tensor map, an !llvm.ptr, found '!llvm.ptr<1>'}}
  %t = layout.make_tensor %p, %l : !llvm.ptr<1> -> !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
  return
}

// -----

func.func @nested(%p: !llvm.ptr, %l: !layout.layout<((8,?),?):((?,?),1)>) {
  // expected-error@+1 {{'layout.make_tensor' op a tma tensor's layout is a plain layout of 1 to 5 modes (the tensor map's dimensions), found '!layout.layout<((8,?),?):((?,?),1)>'}}
  %t = layout.make_tensor %p, %l : !llvm.ptr -> !layout.tensor<f16, tma, !layout.layout<((8,?),?):((?,?),1)>>
  return
}

// -----

!tile = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
func.func @multicast_store(%g: !tile, %s: !s) {
  // expected-error@+1 {{'layout.tma_copy' op multicast is a property of TMA loads; a store writes its own CTA's tile}}
  layout.tma_copy %s to %g {multicast = 2 : i64} : !s, !tile
  return
}

// -----

!tile = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @multicast_slices(%g: !tile, %s: !s, %r: !ring, %k: index) {
  // expected-error@+1 {{'layout.tma_copy' op multicast = 3 cuts mode 0 of the tile '!layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>' (extent 128) in 3 slices: the extent must be a multiple of 3}}
  layout.tma_copy %g to %s barrier(%r[%k] : !ring) {multicast = 3 : i64} : !tile, !s
  return
}

// -----

!tile = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @multicast_many(%g: !tile, %s: !s, %r: !ring, %k: index) {
  // expected-error@+1 {{'layout.tma_copy' op multicast names 2 to 16 CTAs of a cluster, found 32}}
  layout.tma_copy %g to %s barrier(%r[%k] : !ring) {multicast = 32 : i64} : !tile, !s
  return
}

// -----

// Four slices of 4 rows of a 128B-swizzled tile: slice r starts 512 r bytes in, inside the
// 1024-byte span the swizzle reads (TMA swizzles by the shared address).
!tile = !layout.tensor<f16, tma, !layout.layout<(16,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @multicast_slice_inside_the_swizzle(%g: !tile, %s: !s, %r: !ring, %k: index) {
  // expected-error@+1 {{'layout.tma_copy' op multicast = 4 cuts mode 0 of the shared tile '!layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>' in slices of (4,64) that are not one slice moved: mode 1 of Sw<3,3,3> o 0 o ((4,64),(4,1)):((64,1),(256,0)) has the stride 256, not a static multiple of 512}}
  layout.tma_copy %g to %s barrier(%r[%k] : !ring) {multicast = 4 : i64} : !tile, !s
  return
}
