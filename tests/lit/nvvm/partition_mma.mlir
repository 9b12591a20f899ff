// layout.partition_mma lowered by --layout-lower-tensors: thread t's part of a tile under a
// tiled MMA (sm80_16x8x16 over 2 x 2 atoms: 128 threads) starts at thrfrg(L, ...) at the
// thread's mode-0 coordinate, itself a layout of the thread index ((32,2,2,1):(1,32,64,0) for C:
// lane + 32 (atom row + 2 atom column)), and is laid out by slice(((0,(0,0)),(_,(_,_))), R).
// A copy between the C partitions of two tiles moves each thread's accumulator fragment: the
// pairs of f32 that the m16n8k16 fragment keeps in a row, 8-byte vectors (16 per thread). The
// run: Inputs/ptx_moves.py executes all 128 threads on the CPU for two tiles of a 128 x 128
// tensor of leading dimension 136: every element of the tile is copied to its place, nothing
// else is written; claiming another tile fails. The same with CuTe's permutation
// [_, (8,2,2):(1,16,8), _] (each thread's N values of its two atoms 8 columns apart): the
// thrfrg takes the operand's two modes of it, and the copy still moves every element once.
// REQUIRES: ptxas
// RUN: layout-opt %s --layout-lower-tensors 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: layout-opt %s --layout-lower-tensors 2>/dev/null | FileCheck %s
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.ptx -o %t.cubin 2> %t.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.log | FileCheck %s --check-prefix=ENTRIES
// RUN: %python %S/Inputs/ptx_moves.py %t.ptx %S/Inputs/partition_mma_cases.json | FileCheck %s --check-prefix=MOVES
// RUN: sed 's/"region": \[\[64, 128\], \[0, 64\]\]/"region": [[0, 64], [0, 64]]/' %S/Inputs/partition_mma_cases.json > %t.other.json
// RUN: not %python %S/Inputs/ptx_moves.py %t.ptx %t.other.json | FileCheck %s --check-prefix=WRONG

!l = !layout.layout<(128,128):(?,1)>
!g = !layout.tensor<f32, global, !layout.layout<(128,128):(?,1)>>
!tile = !layout.tensor<f32, global, !layout.layout<(64,64):(?,1)>>
!frag = !layout.tensor<f32, global, !layout.layout<((2,2),2,4):((1,?),?,16)>>
!pfrag = !layout.tensor<f32, global, !layout.layout<((2,2),2,(2,2)):((1,?),?,(8,32))>>

module attributes {gpu.container_module} {
  gpu.module @k {
    // REMARK: remark: copy: 16 x ld.global + st.global of 8 bytes (vectors of 2 'f32': at most 2 elements (16 bytes and align 8); runs of the source 2, of the destination 2)
    // CHECK-LABEL: gpu.func @c_tile
    // CHECK-NOT: layout.partition_mma
    // CHECK: %[[R:.*]] = layout.thrfrg %{{.*}} : !layout.layout<(64,64):(?,1)>, !layout.layout<((4,8),(2,2)):((32,1),(16,8))>, !layout.tuple<(16,8)>, !layout.tuple<(2,2)>
    // CHECK: %[[T:.*]] = layout.crd2idx %{{.*}}[%{{.*}}] : !layout.layout<(32,2,2,1):(1,32,64,0)>
    // CHECK: layout.crd2idx %[[R]][%[[T]], %{{.*}}] : !layout.layout<(((4,8),(2,2)),((2,2),(2,4))):(((2,?),(?,8)),((1,?),(?,16)))>
    // CHECK: layout.slice %{{.*}}, %[[R]] : !layout.tuple<((0,(0,0)),(_,(_,_)))>
    // CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
    gpu.func @c_tile(%src: !llvm.ptr<1>, %dst: !llvm.ptr<1>, %ld: index, %bm: index, %bn: index) kernel {
      %l = layout.make %ld : !l
      %S = layout.make_tensor %src, %l : !llvm.ptr<1> -> !g
      %D = layout.make_tensor %dst, %l : !llvm.ptr<1> -> !g
      %gS = layout.local_tile %S[%bm, %bn] {tile = #layout.tuple<(64,64)>} : !g -> !tile
      %gD = layout.local_tile %D[%bm, %bn] {tile = #layout.tuple<(64,64)>} : !g -> !tile
      %tid = gpu.thread_id x
      %a = layout.partition_mma %gS[%tid] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>} : !tile -> !frag
      %b = layout.partition_mma %gD[%tid] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>} : !tile -> !frag
      layout.copy %a to %b {align = 8 : i64} : !frag, !frag
      gpu.return
    }
    // REMARK: remark: copy: 16 x ld.global + st.global of 8 bytes
    // CHECK-LABEL: gpu.func @c_permuted
    // CHECK: %[[P:.*]] = layout.const #layout.tiler<[32:1,(8,2,2):(1,16,8)]>
    // CHECK: layout.thrfrg %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[P]] : !layout.layout<(64,64):(?,1)>, !layout.layout<((4,8),(2,2)):((32,1),(16,8))>, !layout.tuple<(16,8)>, !layout.tuple<(2,2)>, !layout.tiler<[32:1,(8,2,2):(1,16,8)]>
    // CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
    gpu.func @c_permuted(%src: !llvm.ptr<1>, %dst: !llvm.ptr<1>, %ld: index, %bm: index, %bn: index) kernel {
      %l = layout.make %ld : !l
      %S = layout.make_tensor %src, %l : !llvm.ptr<1> -> !g
      %D = layout.make_tensor %dst, %l : !llvm.ptr<1> -> !g
      %gS = layout.local_tile %S[%bm, %bn] {tile = #layout.tuple<(64,64)>} : !g -> !tile
      %gD = layout.local_tile %D[%bm, %bn] {tile = #layout.tuple<(64,64)>} : !g -> !tile
      %tid = gpu.thread_id x
      %a = layout.partition_mma %gS[%tid] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>, permutation = #layout.tiler<[32:1,(8,2,2):(1,16,8),_]>} : !tile -> !pfrag
      %b = layout.partition_mma %gD[%tid] {atom = "sm80_16x8x16", operand = "C", atoms = array<i64: 2, 2, 1>, permutation = #layout.tiler<[32:1,(8,2,2):(1,16,8),_]>} : !tile -> !pfrag
      layout.copy %a to %b {align = 8 : i64} : !pfrag, !pfrag
      gpu.return
    }
  }
}

// ENTRIES: 2
// MOVES: c_tile: 4096 elements copied by 128 threads: all right
// MOVES: c_tile: 4096 elements copied by 128 threads: all right
// MOVES: c_permuted: 4096 elements copied by 128 threads: all right
// WRONG: c_tile: writes outside the tensor
