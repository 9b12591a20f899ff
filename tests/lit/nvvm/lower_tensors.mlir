// --layout-lower-tensors: tensors in memory (layout.make_tensor, layout.local_tile) resolved at
// the copies that read and write them. The tile's pointer is the tensor's plus rest(c), rest =
// mode 1 of zipped_divide(L, tile); its strides are the stride leaves of mode 0; a mode whose
// extent is not a static multiple of the tile's gets the predicate of its residue
// (extent - c * tile), the others the static tile extent. The run of these kernels on the CPU
// is lower_tensors_run.mlir.
// RUN: layout-opt %s --layout-lower-tensors | FileCheck %s
// RUN: layout-opt %s --layout-lower-tensors --layout-lower-to-index --canonicalize --cse | FileCheck %s --check-prefix=INDEX

#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
// 64x32 halves, 8 consecutive per thread (the sm_80 GEMM's copies of A).
#rowsa = #layout.linear<tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
!rm = !layout.layout<(?,?):(?,1)>
!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>

module attributes {gpu.container_module} {
  gpu.module @k {
    llvm.mlir.global internal @buf() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8192 x i8>

    // A tile of a runtime M x K tensor at (bm, bk), copied to a 128B-swizzled shared tile; its
    // rows and columns past M and K are zero-filled (cp.async's src-size).
    // CHECK-LABEL: gpu.func @ragged
    // CHECK-NOT: layout.make_tensor
    // CHECK-NOT: layout.local_tile
    // CHECK: %[[T:.*]] = layout.const #layout.tuple<(64,64)>
    // CHECK: %[[L:.*]] = layout.make %arg1, %arg2, %arg3 : !layout.layout<(?,?):(?,1)>
    // CHECK: %[[M0:.*]] = layout.get %[[L]] modes [0]
    // CHECK: %[[M:.*]] = layout.size %[[M0]]
    // CHECK: %[[K1:.*]] = layout.get %[[L]] modes [1]
    // CHECK: %[[K:.*]] = layout.size %[[K1]]
    // CHECK: %[[Z:.*]] = layout.zipped_divide %[[L]], %[[T]]
    // CHECK: %[[IN:.*]] = layout.get %[[Z]] modes [0] : !layout.layout<((64,64),(?,?)):((?,1),(?,64))>
    // CHECK: %[[REST:.*]] = layout.get %[[Z]] modes [1] : !layout.layout<((64,64),(?,?)):((?,1),(?,64))>
    // CHECK: %[[OFF:.*]] = layout.crd2idx %[[REST]][%arg4, %arg5] : !layout.layout<(?,?):(?,64)>
    // CHECK: %[[OFF64:.*]] = arith.index_cast %[[OFF]] : index to i64
    // CHECK: %[[P:.*]] = llvm.getelementptr %arg0[%[[OFF64]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
    // CHECK: %[[RM:.*]] = arith.subi %[[M]], %{{.*}} : index
    // CHECK: %[[RK:.*]] = arith.subi %[[K]], %{{.*}} : index
    // CHECK: %[[S:.*]] = layout.stride_leaf %[[IN]] modes [0] : !layout.layout<(64,64):(?,1)>
    // CHECK: %[[S64:.*]] = arith.index_cast %[[S]] : index to i64
    // CHECK: %[[BM:.*]] = arith.index_cast %[[RM]] : index to i64
    // CHECK: %[[BK:.*]] = arith.index_cast %[[RK]] : index to i64
    // CHECK: layout.async_copy %[[P]][%[[S64]]] bounds(%[[BM]], %[[BK]]) to
    // INDEX-LABEL: gpu.func @ragged
    // INDEX-NOT: layout.
    // INDEX: layout.async_copy %{{.*}}[%{{.*}}] bounds(%{{.*}}, %{{.*}}) to
    gpu.func @ragged(%pa: !llvm.ptr<1>, %m: index, %k: index, %ld: index, %bm: index, %bk: index) kernel {
      %l = layout.make %m, %k, %ld : !rm
      %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !gmem
      %t = layout.local_tile %A[%bm, %bk] {tile = #layout.tuple<(64,64)>} : !gmem -> !tile
      %dst = llvm.mlir.addressof @buf : !llvm.ptr<3>
      layout.async_copy %t[] to %dst {align = 16 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>} : !tile, !llvm.ptr<3>, tensor<64x64xf16, #rows>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      gpu.return
    }

    // Static extents that the tile divides: no predicate, no bounds.
    // CHECK-LABEL: gpu.func @whole
    // CHECK: layout.async_copy %{{.*}}[%{{.*}}] to
    gpu.func @whole(%pa: !llvm.ptr<1>, %ld: index, %bm: index, %bk: index) kernel {
      %l = layout.make %ld : !layout.layout<(256,128):(?,1)>
      %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(256,128):(?,1)>>
      %t = layout.local_tile %A[%bm, %bk] {tile = #layout.tuple<(64,64)>} : !layout.tensor<f16, global, !layout.layout<(256,128):(?,1)>> -> !tile
      %dst = llvm.mlir.addressof @buf : !llvm.ptr<3>
      layout.async_copy %t[] to %dst {align = 16 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>} : !tile, !llvm.ptr<3>, tensor<64x64xf16, #rows>
      gpu.return
    }

    // Only K is ragged: M's bound is the tile extent (64), K's the residue.
    // CHECK-LABEL: gpu.func @ragged_k
    // CHECK: %[[C64:.*]] = arith.constant 64 : i64
    // CHECK: layout.global_load %{{.*}}[%{{.*}}] bounds(%[[C64]], %{{.*}}) {align = 16 : i64}
    gpu.func @ragged_k(%pa: !llvm.ptr<1>, %k: index, %ld: index, %bm: index, %bk: index, %out: !llvm.ptr<1>) kernel {
      %l = layout.make %k, %ld : !layout.layout<(256,?):(?,1)>
      %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(256,?):(?,1)>>
      %t = layout.local_tile %A[%bm, %bk] {tile = #layout.tuple<(64,64)>} : !layout.tensor<f16, global, !layout.layout<(256,?):(?,1)>> -> !tile
      %v = layout.global_load %t[] {align = 16 : i64} : !tile -> tensor<64x64xf16, #rows>
      %c64 = arith.constant 64 : i64
      layout.global_store %v, %out[%c64] {align = 16 : i64} : tensor<64x64xf16, #rows>, !llvm.ptr<1>
      gpu.return
    }

    // A stage of a staged shared layout: the tile's pointer moves by crd2idx((0,0,s)) of the
    // staged layout, its layout is the stage's (the swizzle reads no bit of 2048).
    // CHECK-LABEL: gpu.func @staged
    // CHECK: %[[OFF:.*]] = layout.crd2idx %{{.*}}[%{{.*}}, %{{.*}}, %arg2] : !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>
    // CHECK: %[[OFF64:.*]] = arith.index_cast %[[OFF]] : index to i64
    // CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[OFF64]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
    // CHECK: layout.async_copy %arg0[%{{.*}}] to %[[P]] {align = 16 : i64, smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>}
    gpu.func @staged(%pa: !llvm.ptr<1>, %ld: index, %s: index) kernel {
      %l = layout.make %ld : !layout.layout<(64,32):(?,1)>
      %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>
      %p = llvm.mlir.addressof @buf : !llvm.ptr<3>
      %st = layout.const #layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>
      %S = layout.make_tensor %p, %st : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>>
      %d = layout.slice_tensor %S[%s] {modes = array<i64: 2>} : !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>> -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>
      layout.async_copy %A[] to %d {align = 16 : i64} : !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>, !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>, tensor<64x32xf16, #rowsa>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      gpu.return
    }

    // A pointer source and a shared tensor destination, and the other way round: only the
    // tensor side is resolved.
    // CHECK-LABEL: gpu.func @mixed
    // CHECK: layout.async_copy %arg0[%arg1] to %{{.*}} {align = 16 : i64, smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>}
    // CHECK: layout.async_copy %{{.*}}[%{{.*}}] to %{{.*}} {align = 16 : i64, smem = #layout.layout<(64,32):(32,1)>}
    gpu.func @mixed(%pa: !llvm.ptr<1>, %ld: i64, %s: index, %ldi: index) kernel {
      %p = llvm.mlir.addressof @buf : !llvm.ptr<3>
      %st = layout.const #layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>
      %S = layout.make_tensor %p, %st : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>>
      %d = layout.slice_tensor %S[%s] {modes = array<i64: 2>} : !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>> -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>
      layout.async_copy %pa[%ld] to %d {align = 16 : i64} : !llvm.ptr<1>, !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>, tensor<64x32xf16, #rowsa>
      %l = layout.make %ldi : !layout.layout<(64,32):(?,1)>
      %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>
      layout.async_copy %A[] to %p {align = 16 : i64, smem = #layout.layout<(64,32):(32,1)>} : !layout.tensor<f16, global, !layout.layout<(64,32):(?,1)>>, !llvm.ptr<3>, tensor<64x32xf16, #rowsa>
      gpu.return
    }

    // A tile of a runtime M x K tensor loaded into registers and stored to the same tile of
    // another: whole tiles take the plain vector accesses, partial ones the masked ones.
    // CHECK-LABEL: gpu.func @ragged_copy
    // CHECK: layout.global_load %{{.*}}[%{{.*}}] bounds(%{{.*}}, %{{.*}})
    // CHECK: layout.global_store %{{.*}}, %{{.*}}[%{{.*}}] bounds(%{{.*}}, %{{.*}})
    gpu.func @ragged_copy(%src: !llvm.ptr<1>, %dst: !llvm.ptr<1>, %ld: index, %m: index, %k: index, %bm: index, %bk: index) kernel {
      %l = layout.make %m, %k, %ld : !rm
      %A = layout.make_tensor %src, %l : !llvm.ptr<1> -> !gmem
      %C = layout.make_tensor %dst, %l : !llvm.ptr<1> -> !gmem
      %ta = layout.local_tile %A[%bm, %bk] {tile = #layout.tuple<(64,64)>} : !gmem -> !tile
      %tc = layout.local_tile %C[%bm, %bk] {tile = #layout.tuple<(64,64)>} : !gmem -> !tile
      %v = layout.global_load %ta[] {align = 16 : i64} : !tile -> tensor<64x64xf16, #rows>
      layout.global_store %v, %tc[] {align = 16 : i64} : tensor<64x64xf16, #rows>, !tile
      gpu.return
    }

    // One head of a (seq, 64, heads) tensor: the tile (64,64,1) at (t, 0, h) is a 2-D tile whose
    // pointer moves by h (seq 64) + t 64 64; the head mode (tiled by 1) needs no bound, the rows
    // past seq are the residue, the columns the tile's 64. Copied to shared memory and stored
    // from registers (the sm_80 attention kernels' tiles).
    // CHECK-LABEL: gpu.func @heads
    // CHECK: %[[C64:.*]] = arith.constant 64 : i64
    // CHECK: %[[OFF:.*]] = layout.crd2idx %{{.*}}[%arg4, %{{.*}}, %arg5] : !layout.layout<(?,1,?):(4096,0,?)>
    // CHECK: %[[OFF64:.*]] = arith.index_cast %[[OFF]] : index to i64
    // CHECK: %[[P:.*]] = llvm.getelementptr %arg0[%[[OFF64]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
    // CHECK: layout.async_copy %[[P]][%{{.*}}] bounds(%{{.*}}, %[[C64]]) to
    // CHECK: layout.global_store %{{.*}}, %{{.*}}[%{{.*}}] bounds(%{{.*}}, %{{.*}}) {align = 4 : i64}
    // INDEX-LABEL: gpu.func @heads
    // INDEX-NOT: layout.make
    // INDEX: layout.async_copy %{{.*}}[%{{.*}}] bounds(%{{.*}}, %{{.*}}) to
    gpu.func @heads(%pq: !llvm.ptr<1>, %po: !llvm.ptr<1>, %seq: index, %bh: index, %t: index, %h: index, %v: tensor<64x64xf16, #rows>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %sd = arith.muli %seq, %c64 : index
      %l = layout.make %seq, %bh, %sd : !layout.layout<(?,64,?):(64,1,?)>
      %Q = layout.make_tensor %pq, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(?,64,?):(64,1,?)>>
      %O = layout.make_tensor %po, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(?,64,?):(64,1,?)>>
      %tq = layout.local_tile %Q[%t, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !layout.tensor<f16, global, !layout.layout<(?,64,?):(64,1,?)>> -> !layout.tensor<f16, global, !layout.layout<(64,64,1):(64,1,?)>>
      %dst = llvm.mlir.addressof @buf : !llvm.ptr<3>
      layout.async_copy %tq[] to %dst {align = 16 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>} : !layout.tensor<f16, global, !layout.layout<(64,64,1):(64,1,?)>>, !llvm.ptr<3>, tensor<64x64xf16, #rows>
      %to = layout.local_tile %O[%t, %c0, %h] {tile = #layout.tuple<(64,64,1)>} : !layout.tensor<f16, global, !layout.layout<(?,64,?):(64,1,?)>> -> !layout.tensor<f16, global, !layout.layout<(64,64,1):(64,1,?)>>
      layout.global_store %v, %to[] {align = 4 : i64} : tensor<64x64xf16, #rows>, !layout.tensor<f16, global, !layout.layout<(64,64,1):(64,1,?)>>
      gpu.return
    }

    // A tile of a tile: the inner tile's residue is the outer one's minus its own start.
    // CHECK-LABEL: gpu.func @nested
    // CHECK: layout.global_store %{{.*}}, %{{.*}}[%{{.*}}] bounds(%{{.*}}, %{{.*}})
    gpu.func @nested(%pc: !llvm.ptr<1>, %m: index, %n: index, %ld: index, %i: index, %j: index, %v: tensor<64x64xf16, #rows>) kernel {
      %l = layout.make %m, %n, %ld : !rm
      %C = layout.make_tensor %pc, %l : !llvm.ptr<1> -> !gmem
      %big = layout.local_tile %C[%i, %j] {tile = #layout.tuple<(128,128)>} : !gmem -> !layout.tensor<f16, global, !layout.layout<(128,128):(?,1)>>
      %c1 = arith.constant 1 : index
      %t = layout.local_tile %big[%c1, %c1] {tile = #layout.tuple<(64,64)>} : !layout.tensor<f16, global, !layout.layout<(128,128):(?,1)>> -> !tile
      layout.global_store %v, %t[] {align = 16 : i64} : tensor<64x64xf16, #rows>, !tile
      gpu.return
    }
  }
}
