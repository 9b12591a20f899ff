// --layout-lower-tensors refuses what the sm_90a tensor ops cannot become: a slice of a tma
// tensor (its tiles are addressed by coordinates), a ring of more barriers than it initializes,
// an MMA operand with no contiguous mode or an MN-major fp8 one, a tensor it cannot trace to its tensor map, a layout
// the WGMMA descriptor cannot describe.
// RUN: layout-opt %s --split-input-file --layout-lower-tensors --verify-diagnostics

!map = !layout.tensor<f16, tma, !layout.layout<(?,?,?):(?,1,?)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @tma_slice(%map: !llvm.ptr, %s: !s, %r: !ring, %m: index, %k: index, %b: index) {
  %l = layout.make %m, %k, %k, %b, %k : !layout.layout<(?,?,?):(?,1,?)>
  %A = layout.make_tensor %map, %l : !llvm.ptr -> !map
  %one = layout.slice_tensor %A[%b] {modes = array<i64: 2>} : !map -> !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
  %g = layout.local_tile %one[%m, %k] {tile = #layout.tuple<(128,64)>} : !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>> -> !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
  // expected-error@+1 {{'layout.tma_copy' op reads a slice of the tma tensor '!layout.tensor<f16, tma, !layout.layout<(?,?,?):(?,1,?)>>': a tma tensor's tiles are addressed by TMA coordinates, so it is tiled by layout.local_tile only}}
  layout.tma_copy %g to %s barrier(%r[%k] : !ring) : !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>, !s
  return
}

// -----

func.func @many_barriers(%p: !llvm.ptr<3>) {
  %l = layout.const #layout.layout<512:1>
  %r = layout.make_tensor %p, %l : !llvm.ptr<3> -> !layout.tensor<i64, shared, !layout.layout<512:1>>
  // expected-error@+1 {{'layout.mbarrier_init' op initializes 1 to 256 barriers, '!layout.tensor<i64, shared, !layout.layout<512:1>>' holds 512}}
  layout.mbarrier_init %r {arrivals = 1 : i64} : !layout.tensor<i64, shared, !layout.layout<512:1>>
  return
}

// -----

#acc = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
!a = !layout.tensor<f16, shared, !layout.layout<(64,64):(2,128)>>
!b = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
func.func @no_contiguous_mode(%pa: !llvm.ptr<3>, %pb: !llvm.ptr<3>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
  %la = layout.const #layout.layout<(64,64):(2,128)>
  %lb = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>
  %a = layout.make_tensor %pa, %la : !llvm.ptr<3> -> !a
  %b = layout.make_tensor %pb, %lb : !llvm.ptr<3> -> !b
  // expected-error@+1 {{'layout.mma_async' op neither mode of A's shared layout '!layout.layout<(64,64):(2,128)>' is contiguous (stride 1): the MMA reads K- or MN-major tiles}}
  %d = layout.mma_async %a, %b, %c : !a, !b, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
  return %d : tensor<64x64xf32, #acc>
}

// -----

// fp8 operands are read K-major only (WGMMA transposes 16-bit types alone).
#acc = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>>
!a = !layout.tensor<f8E4M3FN, shared, !layout.layout<Sw<3,4,3> o 0 o (64,128):(128,1)>>
!b = !layout.tensor<f8E5M2, shared, !layout.layout<Sw<3,4,3> o 0 o (64,128):(1,128)>>
func.func @fp8_mn_major(%pa: !llvm.ptr<3>, %pb: !llvm.ptr<3>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
  %la = layout.const #layout.layout<Sw<3,4,3> o 0 o (64,128):(128,1)>
  %lb = layout.const #layout.layout<Sw<3,4,3> o 0 o (64,128):(1,128)>
  %a = layout.make_tensor %pa, %la : !llvm.ptr<3> -> !a
  %b = layout.make_tensor %pb, %lb : !llvm.ptr<3> -> !b
  // expected-error@+1 {{'layout.mma_async' op B's shared layout '!layout.layout<Sw<3,4,3> o 0 o (64,128):(1,128)>' is MN-major, but 'f8E5M2' operands are read K-major only (WGMMA transposes 16-bit types alone)}}
  %d = layout.mma_async %a, %b, %c : !a, !b, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
  return %d : tensor<64x64xf32, #acc>
}

// -----

!g = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @argument(%g: !g, %s: !s, %r: !ring, %k: index) {
  // expected-error@+1 {{'layout.tma_copy' op reads a tensor that is not made in its function by layout.make_tensor, layout.local_tile, layout.slice_tensor and views (a block argument): its pointer and layout cannot be resolved}}
  layout.tma_copy %g to %s barrier(%r[%k] : !ring) : !g, !s
  return
}

// -----

!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!g = !layout.tensor<f16, tma, !layout.layout<(128,32):(?,1)>>
!s = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,32):(32,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
func.func @box(%map: !llvm.ptr, %ps: !llvm.ptr<3>, %pr: !llvm.ptr<3>, %m: index, %k: index) {
  %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
  %A = layout.make_tensor %map, %l : !llvm.ptr -> !map
  %g = layout.local_tile %A[%m, %k] {tile = #layout.tuple<(128,32)>} : !map -> !g
  %ls = layout.const #layout.layout<Sw<3,3,3> o 0 o (128,32):(32,1)>
  %s = layout.make_tensor %ps, %ls : !llvm.ptr<3> -> !s
  %lr = layout.const #layout.layout<4:1>
  %r = layout.make_tensor %pr, %lr : !llvm.ptr<3> -> !ring
  // expected-error@+1 {{'layout.tma_copy' op tma_desc: with the 128B swizzle the inner box dimension must be exactly the swizzle span of 128 bytes (64 f16 elements), found 32 elements = 64 bytes (a narrower box would not fill the swizzle atom rows the smem layout describes)}}
  layout.tma_copy %g to %s barrier(%r[%k] : !ring) : !g, !s
  return
}

// -----

// A multicast load needs a kernel whose cluster has as many CTAs as it names.
!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!gb = !layout.tensor<f16, tma, !layout.layout<(256,64):(?,1)>>
!sb = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>>
!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
gpu.module @no_cluster {
  gpu.func @k(%map: !llvm.ptr, %smem: !llvm.ptr<3>, %n: index, %k: index, %i: index) kernel {
    %s, %r = layout.shared_alloc %smem : !llvm.ptr<3> -> !sb, !ring
    %l = layout.make %n, %k, %k : !layout.layout<(?,?):(?,1)>
    %B = layout.make_tensor %map, %l : !llvm.ptr -> !map
    %g = layout.local_tile %B[%i, %k] {tile = #layout.tuple<(256,64)>} : !map -> !gb
    // expected-error@+1 {{'layout.tma_copy' op multicast = 2 reaches the CTAs 0..1 of a cluster of 2 CTAs, but the kernel declares no cluster (nvvm.cluster_dim = array<i32: 2, 1, 1>)}}
    layout.tma_copy %g to %s barrier(%r[%k] : !ring) {multicast = 2 : i64} : !gb, !sb
    gpu.return
  }
}

// -----

!ring = !layout.tensor<i64, shared, !layout.layout<4:1>>
gpu.module @other_cluster {
  gpu.func @k(%smem: !llvm.ptr<3>, %k: index) kernel attributes {nvvm.cluster_dim = array<i32: 2, 2, 1>} {
    %r = layout.shared_alloc %smem : !llvm.ptr<3> -> !ring
    // expected-error@+1 {{'layout.mbarrier_arrive' op multicast = 2 reaches the CTAs 0..1 of a cluster of 2 CTAs, but the kernel declares a cluster of 4 CTAs (nvvm.cluster_dim)}}
    layout.mbarrier_arrive %r[%k] {multicast = 2 : i64} : !ring
    gpu.return
  }
}

// -----

// Five stages of A (128 x 64) and B (256 x 64) do not fit the 227 KiB of an sm_90 CTA.
!sA = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,5):(64,1,8192)>>
!sB = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64,5):(64,1,16384)>>
func.func @too_many_stages(%smem: !llvm.ptr<3>) {
  // expected-error@+1 {{'layout.shared_alloc' op needs 246768 bytes of shared memory from a 16-byte aligned base, more than the 232448 bytes (227 KiB) a CTA of sm_90 may have: #0 at byte 0 (81920 bytes, aligned to 1024), #1 at byte 81920 (163840 bytes, aligned to 1024)}}
  %a, %b = layout.shared_alloc %smem : !llvm.ptr<3> -> !sA, !sB
  return
}

// -----

// A base that is a global of static size holds what shared_alloc places in it (issue 51: 16 KiB
// carved from 16 bytes compiled).
gpu.module @small_global {
  llvm.mlir.global internal @small() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<16 x i8>
  gpu.func @carve() kernel {
    %p = llvm.mlir.addressof @small : !llvm.ptr<3>
    // expected-error@+1 {{'layout.shared_alloc' op needs 16384 bytes of shared memory from the 16-byte aligned @small, which holds 16 bytes ('!llvm.array<16 x i8>'): #0 at byte 0 (16384 bytes, aligned to 16)}}
    %a = layout.shared_alloc %p : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<(128,64):(64,1)>>
    %t = layout.tensor_ptr %a : !layout.tensor<f16, shared, !layout.layout<(128,64):(64,1)>> -> !llvm.ptr<3>
    gpu.return
  }
}

// -----

// The padding to a swizzle's 1024-byte period counts when the global is aligned to less.
gpu.module @padding {
  llvm.mlir.global internal @buf() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8192 x i8>
  gpu.func @pad() kernel {
    %p = llvm.mlir.addressof @buf : !llvm.ptr<3>
    // expected-error@+1 {{'layout.shared_alloc' op needs 9200 bytes of shared memory from the 16-byte aligned @buf, which holds 8192 bytes ('!llvm.array<8192 x i8>'): #0 at byte 0 (8192 bytes, aligned to 1024)}}
    %a = layout.shared_alloc %p : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
    %t = layout.tensor_ptr %a : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>> -> !llvm.ptr<3>
    gpu.return
  }
}

// -----

gpu.module @unaligned_global {
  llvm.mlir.global internal @bytes() {addr_space = 3 : i32, alignment = 4 : i64} : !llvm.array<8192 x i8>
  gpu.func @carve() kernel {
    %p = llvm.mlir.addressof @bytes : !llvm.ptr<3>
    // expected-error@+1 {{'layout.shared_alloc' op places its tensors at 16-byte boundaries from a 16-byte aligned base, but @bytes is aligned to 4 bytes (give the global alignment = 16 or more)}}
    %a = layout.shared_alloc %p : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<(8,64):(64,1)>>
    %t = layout.tensor_ptr %a : !layout.tensor<f16, shared, !layout.layout<(8,64):(64,1)>> -> !llvm.ptr<3>
    gpu.return
  }
}
