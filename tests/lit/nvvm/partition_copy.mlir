// layout.partition and layout.copy lowered by --layout-lower-tensors: thread t's partition of a
// tile is the tile's pointer moved by R(t, 0, 0), R = tidfrg(L, thr, val, vector) (a
// `layout.tidfrg` on the tile's layout value, so a runtime stride stays index math on the
// layout.make's operands), laid out by slice((0,_,(_,_)), R). layout.copy copies element i to
// element i with one access per run of contiguous, aligned elements, the width read off the
// two partitions: 16-byte cp.async for 8 f16 along K (the remark names it and what bounds it).
// A partition of a tile that may reach past M or K is predicated: each cp.async reads the
// bytes of its run inside the tensor (src-size), min over the modes of the elements left, from
// the thread's coordinate in the mode (tidfrg of the mode's coordinate layout at (t, 0, 0)) and
// the residue of the mode. A copy without async is a vector ld + st. The run of these kernels
// on the CPU is partition_copy_run.mlir.
// RUN: layout-opt %s --layout-lower-tensors 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: layout-opt %s --layout-lower-tensors 2>/dev/null | FileCheck %s
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!tile = !layout.tensor<f16, global, !layout.layout<(64,64):(?,1)>>
!stile = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>>
// 128 threads as 16 rows of 8 (row-major), 8 consecutive halves each: a (16,64) copy tile.
!gpart = !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>
!spart = !layout.tensor<f16, shared, !layout.layout<((8,1),4,1):((1,0),1024,0)>>
// The same threads column-major (threads 0..15 down the rows).
!gpartc = !layout.tensor<f16, global, !layout.layout<((8,1),4,1):((1,0),?,0)>>

module attributes {gpu.container_module} {
  gpu.module @k {
    llvm.mlir.global internal @buf() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<8192 x i8>

    // REMARK-DAG: remark: copy: 4 x cp.async.cg.shared.global of 16 bytes (vectors of 8 'f16': at most 8 elements (16 bytes and align 16); runs of the source 8, of the destination 8)
    // CHECK-LABEL: gpu.func @partitioned
    // CHECK-NOT: layout.partition
    // CHECK: %[[R:.*]] = layout.tidfrg %{{.*}} : !layout.layout<(64,64):(?,1)>, !layout.layout<(16,8):(8,1)>, !layout.layout<(1,8):(0,1)>, !layout.tuple<8>
    // CHECK: layout.crd2idx %[[R]][%{{.*}}, %{{.*}}, %{{.*}}] : !layout.layout<((8,16),(8,1),(4,1)):((8,?),(1,0),(?,0))>
    // CHECK: layout.slice %{{.*}}, %[[R]] : !layout.tuple<(0,_,(_,_))>
    // The thread's row and column: tidfrg of the coordinate layouts of M and of K.
    // CHECK-DAG: layout.crd2idx %{{.*}} : !layout.layout<((8,16),(8,1),(4,1)):((0,1),(0,0),(16,0))>
    // CHECK-DAG: layout.crd2idx %{{.*}} : !layout.layout<((8,16),(8,1),(4,1)):((8,0),(1,0),(0,0))>
    // CHECK-COUNT-4: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
    // CHECK-NOT: nvvm.cp.async.shared.global
    // CHECK: gpu.return
    gpu.func @partitioned(%pa: !llvm.ptr<1>, %m: index, %k: index, %ld: index, %bm: index, %bk: index) kernel {
      %l = layout.make %m, %k, %ld : !layout.layout<(?,?):(?,1)>
      %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !gmem
      %gA = layout.local_tile %A[%bm, %bk] {tile = #layout.tuple<(64,64)>} : !gmem -> !tile
      %buf = llvm.mlir.addressof @buf : !llvm.ptr<3>
      %ls = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>
      %sA = layout.make_tensor %buf, %ls : !llvm.ptr<3> -> !stile
      %tid = gpu.thread_id x
      %tAgA = layout.partition %gA[%tid] {thr = #layout.layout<(16,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !tile -> !gpart
      %tAsA = layout.partition %sA[%tid] {thr = #layout.layout<(16,8):(8,1)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !stile -> !spart
      layout.copy %tAgA to %tAsA {align = 16 : i64, async} : !gpart, !spart
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      gpu.return
    }

    // A static tensor that the tile divides: no predicate. Threads column-major; the copy is
    // synchronous: vector loads and stores.
    // REMARK-DAG: remark: copy: 4 x ld.global + st.shared of 16 bytes (vectors of 8 'f16'
    // CHECK-LABEL: gpu.func @partitioned_sync
    // CHECK-NOT: arith.minsi
    // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
    // CHECK-NOT: llvm.load
    gpu.func @partitioned_sync(%pa: !llvm.ptr<1>, %ld: index, %bm: index, %bk: index) kernel {
      %l = layout.make %ld : !layout.layout<(256,128):(?,1)>
      %A = layout.make_tensor %pa, %l : !llvm.ptr<1> -> !layout.tensor<f16, global, !layout.layout<(256,128):(?,1)>>
      %gA = layout.local_tile %A[%bm, %bk] {tile = #layout.tuple<(64,64)>} : !layout.tensor<f16, global, !layout.layout<(256,128):(?,1)>> -> !tile
      %buf = llvm.mlir.addressof @buf : !llvm.ptr<3>
      %ls = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>
      %sA = layout.make_tensor %buf, %ls : !llvm.ptr<3> -> !stile
      %tid = gpu.thread_id x
      %tAgA = layout.partition %gA[%tid] {thr = #layout.layout<(16,8):(1,16)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !tile -> !gpartc
      %tAsA = layout.partition %sA[%tid] {thr = #layout.layout<(16,8):(1,16)>, val = #layout.layout<(1,8):(0,1)>, vector = 8 : i64} : !stile -> !spart
      layout.copy %tAgA to %tAsA {align = 16 : i64} : !gpartc, !spart
      gpu.return
    }
  }
}

// PTX-LABEL: .entry partitioned(
// PTX-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 16, %r{{[0-9]+}};
// PTX-LABEL: .entry partitioned_sync(
// PTX-COUNT-4: ld.global.v4.b32
// PTX-NOT: ld.global
