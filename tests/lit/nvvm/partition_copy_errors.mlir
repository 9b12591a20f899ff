// --layout-lower-tensors refuses, before rewriting anything, the copies of partitions it cannot
// lower: a synchronous copy of a partition of a tile that may reach past its tensor (only
// cp.async's src-size predicates), a cp.async whose partitions allow less than 4 bytes per
// access (each thread's values down a column of a row-major tile: every element alone), and a
// copy between partitions of different tiled copies (values along rows on one side, down
// columns on the other: thread 0's element 1 is (0, 1) of the source tile but (1, 0) of the
// destination's; the witness is the first element, thread by thread, that differs), also
// when one side is a tiled MMA's partition (the C fragments of sm80_16x8x16 against a tiled
// copy of 8 x 16 threads: thread 0's first four elements agree, its fifth is row 32 of one
// tile and row 16 of the other).
// RUN: layout-opt %s --layout-lower-tensors --split-input-file --verify-diagnostics

!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>
!gpart = !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
!stile = !layout.tensor<f16, shared, !layout.layout<(64,64):(64,1)>>
!spart = !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),1024,0)>>
gpu.module @k {
  gpu.func @sync_partial(%pa: !llvm.ptr<1>, %ps: !llvm.ptr<3>, %m: index, %k: index, %bm: index, %tid: index) kernel {
    %c0 = arith.constant 0 : index
    %l = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
    %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !gmem
    %gA = layout.local_tile %A[%bm, %c0] {tile = #layout.tuple<(64,64)>} : !gmem -> !tile
    %ls = layout.const #layout.layout<(64,64):(64,1)>
    %sA = layout.make_tensor %ps, %ls : !llvm.ptr<3> -> !stile
    %tAgA = layout.partition %gA[%tid] {thr = #layout.layout<(16,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !tile -> !gpart
    %tAsA = layout.partition %sA[%tid] {thr = #layout.layout<(16,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !stile -> !spart
    // expected-error@+1 {{'layout.copy' op the source may reach past its tensor (a tile whose extents do not divide the tensor's): layout.copy predicates only the source partition (layout.partition) of an async copy, whose cp.async zero-fills what lies outside}}
    layout.copy %tAgA to %tAsA {align = 16 : i64} : !gpart, !spart
    gpu.return
  }
}

// -----

!g = !layout.tensor<f16, global, !layout.layout<(64,64):(64,1)>>
!gpart = !layout.tensor<f16, global, !layout.layout<((8,1),2,1):((64,0),2048,0)>>
!s = !layout.tensor<f16, shared, !layout.layout<(64,64):(64,1)>>
gpu.module @k {
  gpu.func @narrow(%pa: !llvm.ptr<1>, %ps: !llvm.ptr<3>, %tid: index) kernel {
    %lg = layout.const #layout.layout<(64,64):(64,1)>
    %A = layout.make_tensor %pa, %lg : !llvm.ptr<1> -> !g
    %sA = layout.make_tensor %ps, %lg : !llvm.ptr<3> -> !s
    %tAgA = layout.partition %A[%tid] {thr = #layout.layout<(4,64):(64,1)>, val = #layout.layout<(8,1):(1,0)>, vector = 8 : i64} : !g -> !gpart
    %tAsA = layout.partition %sA[%tid] {thr = #layout.layout<(4,64):(64,1)>, val = #layout.layout<(8,1):(1,0)>, vector = 8 : i64} : !s -> !layout.tensor<f16, shared, !layout.layout<((8,1),2,1):((64,0),2048,0)>>
    // expected-error@+1 {{'layout.copy' op cp.async moves 4, 8 or 16 bytes, but the partitions allow vectors of 1 elements (2 bytes): at most 8 elements (16 bytes and align 16); runs of the source 1, of the destination 1}}
    layout.copy %tAgA to %tAsA {align = 16 : i64, async} : !gpart, !layout.tensor<f16, shared, !layout.layout<((8,1),2,1):((64,0),2048,0)>>
    gpu.return
  }
}

// -----

!g = !layout.tensor<f32, global, !layout.layout<(32,32):(32,1)>>
!s = !layout.tensor<f32, shared, !layout.layout<(32,32):(32,1)>>
!p = !layout.tensor<f32, global, !layout.layout<((4,1),4,1):((1,0),256,0)>>
!q = !layout.tensor<f32, shared, !layout.layout<((4,1),1,4):((32,0),0,8)>>
gpu.module @k {
  gpu.func @other_values(%pa: !llvm.ptr<1>, %ps: !llvm.ptr<3>, %tid: index) kernel {
    %l = layout.const #layout.layout<(32,32):(32,1)>
    %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !g
    %sA = layout.make_tensor %ps, %l : !llvm.ptr<3> -> !s
    %a = layout.partition %A[%tid] {thr = #layout.layout<(8,8):(8,1)>, val = #layout.layout<(1,4):(0,1)>, vector = 4 : i64} : !g -> !p
    %b = layout.partition %sA[%tid] {thr = #layout.layout<(8,8):(8,1)>, val = #layout.layout<(4,1):(1,0)>, vector = 4 : i64} : !s -> !q
    // expected-error@+1 {{'layout.copy' op copies element 1 of thread 0 from coordinate (0, 1) of the source tile to (1, 0) of the destination tile: the partitions are of different tiled copies (source thr = #layout.layout<(8,8):(8,1)>, val = #layout.layout<(1,4):(0,1)>, vector = 4; destination thr = #layout.layout<(8,8):(8,1)>, val = #layout.layout<(4,1):(1,0)>, vector = 4)}}
    layout.copy %a to %b {align = 16 : i64} : !p, !q
    gpu.return
  }
}

// -----

!g = !layout.tensor<f32, global, !layout.layout<(64,64):(64,1)>>
!s = !layout.tensor<f32, shared, !layout.layout<(64,64):(64,1)>>
!p = !layout.tensor<f32, global, !layout.layout<((2,2),2,4):((1,512),2048,16)>>
!q = !layout.tensor<f32, shared, !layout.layout<((2,1),8,2):((1,0),512,32)>>
gpu.module @k {
  gpu.func @mma_against_copy(%pa: !llvm.ptr<1>, %ps: !llvm.ptr<3>, %tid: index) kernel {
    %l = layout.const #layout.layout<(64,64):(64,1)>
    %C = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !g
    %sC = layout.make_tensor %ps, %l : !llvm.ptr<3> -> !s
    %a = layout.partition_mma %C[%tid] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>} : !g -> !p
    %b = layout.partition %sC[%tid] {thr = #layout.layout<(8,16):(16,1)>, val = #layout.layout<(1,2):(0,1)>, vector = 2 : i64} : !s -> !q
    // expected-error@+1 {{'layout.copy' op copies element 4 of thread 0 from coordinate (32, 0) of the source tile to (16, 0) of the destination tile: the partitions are of different tiled copies (source atom = sm80_16x8x16, operand = C, atoms = [2, 2, 1]; destination thr = #layout.layout<(8,16):(16,1)>, val = #layout.layout<(1,2):(0,1)>, vector = 2)}}
    layout.copy %a to %b {align = 8 : i64} : !p, !q
    gpu.return
  }
}
