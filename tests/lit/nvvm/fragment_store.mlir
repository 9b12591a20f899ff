// layout.fragment_store: each f32 register of an MMA fragment converted and stored, under its
// bounds predicate, at the element of a row-major tensor its fragment layout names. The plan
// (thread offsets from the thread mode, a constant (row, column) per register, adjacent
// registers as one vector) comes from layout_algebra::hw::fragment_store.
// RUN: layout-opt %s | layout-opt | FileCheck %s --check-prefix=ROUND
// RUN: layout-opt %s --layout-lower-to-nvvm --canonicalize --cse | FileCheck %s
// RUN: layout-opt %s --layout-lower-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// The lowering says which stores it chose and why each wider one was rejected.
// REMARK: remark: 'layout.fragment_store' op stores the 8 registers of each thread as 4 x st.b32 (2 x f16), each where its address is aligned and it lies inside the tensor, else one st.b16 per register; 8 x f16 (st.v4.b32) rejected: register 0 is at (row 0, column 0) of the thread's part, but column 2 of that row is not one of its registers; 4 x f16 (st.v2.b32) rejected: {{.*}}
// REMARK: remark: 'layout.fragment_store' op stores the 8 registers of each thread as 4 x st.global.b32 (2 x bf16)
// REMARK: remark: 'layout.fragment_store' op stores the 4 registers of each thread as 1 x st.v4.b32 (4 x f32), each where its address is aligned and it lies inside the tensor, else one st.b32 per register{{$}}

// ROUND-LABEL: llvm.func @wgmma_n16
// ROUND: layout.fragment_store %arg0, %arg1[%arg2, %arg3] thread(%arg4) bounds(%arg5, %arg6) ld(%arg7) {elem = f16, fragment = #layout.layout<((4,8,4),(2,2,2)):((128,1,16),(64,8,512))>, tileRows = 64 : i64} : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, !llvm.ptr

// The m64n16 WGMMA accumulator: thread t at row (t/4)%8 + 16 (t/32), column 2 (t%4); register
// pairs (0,1) (2,3) (4,5) (6,7) at (row, column) offsets (0,0) (8,0) (0,8) (8,8). Each pair is
// one predicated 4-byte store when aligned and inside M x N, else two 2-byte stores.
// CHECK-LABEL: llvm.func @wgmma_n16
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[T0:.*]] = llvm.urem %arg4, %[[C4]] : i32
// CHECK: %[[X0:.*]] = llvm.mul %[[T0]], %[[C128]] : i32
// CHECK: %[[T1:.*]] = llvm.udiv %arg4, %[[C4]] : i32
// CHECK: %[[T1M:.*]] = llvm.urem %[[T1]], %[[C8]] : i32
// CHECK: %[[S1:.*]] = llvm.add %[[X0]], %[[T1M]] : i32
// CHECK: %[[T2:.*]] = llvm.udiv %arg4, %[[C32]] : i32
// CHECK-COUNT-4: llvm.inline_asm has_side_effects "{ .reg .pred p; setp.ne.b32 p, $2, 0; @p st.b32 [$0], $1; }", "l,r,r,~{memory}"
// CHECK-NOT: st.b32
// CHECK-NOT: layout.
// CHECK: llvm.return
llvm.func @wgmma_n16(%acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, %C: !llvm.ptr, %row: i32, %col: i32, %t: i32, %M: i32, %N: i32, %ld: i32) {
  layout.fragment_store %acc, %C[%row, %col] thread(%t) bounds(%M, %N) ld(%ld) {elem = f16, tileRows = 64 : i64, fragment = #layout.layout<((4,8,4),(2,2,2)):((128,1,16),(64,8,512))>} : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, !llvm.ptr
  llvm.return
}

// The same registers as bf16 into global memory (!llvm.ptr<1>: st.global), twelve stores.
// CHECK-LABEL: llvm.func @bf16_global
// CHECK: llvm.fptrunc %{{.*}} : vector<2xf32> to vector<2xbf16>
// CHECK-COUNT-12: @p st.global.b{{16|32}} [$0], $1; }"
// CHECK: llvm.return
llvm.func @bf16_global(%acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, %C: !llvm.ptr<1>, %row: i32, %col: i32, %t: i32, %M: i32, %N: i32, %ld: i32) {
  layout.fragment_store %acc, %C[%row, %col] thread(%t) bounds(%M, %N) ld(%ld) {elem = bf16, tileRows = 64 : i64, fragment = #layout.layout<((4,8,4),(2,2,2)):((128,1,16),(64,8,512))>} : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, !llvm.ptr<1>
  llvm.return
}

// Four f32 registers along a row of a 4-row tile, one thread: one 16-byte st.v4.b32 (when
// aligned and inside) and four element stores otherwise; the layout comes as an operand.
// CHECK-LABEL: llvm.func @f32_row
// CHECK: "{ .reg .pred p; setp.ne.b32 p, $5, 0; @p st.v4.b32 [$0], {$1, $2, $3, $4}; }", "l,r,r,r,r,r,~{memory}"
// CHECK-COUNT-4: @p st.b32 [$0], $1; }"
// CHECK-NOT: layout.
// CHECK: llvm.return
llvm.func @f32_row(%acc: !llvm.struct<(f32, f32, f32, f32)>, %C: !llvm.ptr, %row: i32, %col: i32, %t: i32, %M: i32, %N: i32, %ld: i32) {
  %f = layout.const #layout.layout<(1,4):(0,4)>
  layout.fragment_store %acc, %C[%row, %col] thread(%t) bounds(%M, %N) ld(%ld) fragment(%f : !layout.layout<(1,4):(0,4)>) {elem = f32, tileRows = 4 : i64} : !llvm.struct<(f32, f32, f32, f32)>, !llvm.ptr
  llvm.return
}
