// tcgen05.mma, TMEM loads/stores and tcgen05.cp from layouts, lowered to the upstream NVVM
// tcgen05 ops: the instruction descriptor is a constant (umma_instr_desc), the tcgen05.ld/st
// shape and .num come from the fragment and the TMEM layout (tmem_copy).
// RUN: layout-opt %s --layout-lower-to-nvvm --canonicalize | FileCheck %s

// kind::f16, M = 128, N = 256, K-major A and B, f32 D: idesc 0x08400010.
// CHECK-LABEL: llvm.func @mma
// CHECK-DAG: %[[ID:.*]] = llvm.mlir.constant(138412048 : i32)
// e4m3 x e4m3, B MN-major, negated A: idesc 0x08212010.
// CHECK-DAG: %[[ID2:.*]] = llvm.mlir.constant(136388624 : i32)
// bf16, M = 256 on a CTA pair: idesc 0x10400490.
// CHECK-DAG: %[[ID3:.*]] = llvm.mlir.constant(272630928 : i32)
// CHECK-DAG: %[[D:.*]] = llvm.inttoptr %arg0 : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.mma %[[D]], %arg1, %arg2, %[[ID]], %arg3 {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>}
// CHECK: nvvm.tcgen05.mma %{{.*}}, %arg1, %arg2, %[[ID2]], %arg3 {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f8f6f4>}
// CHECK: nvvm.tcgen05.mma %{{.*}}, %arg1, %arg2, %[[ID3]], %arg3 {ctaGroup = #nvvm.cta_group<cta_2>, kind = #nvvm.tcgen05_mma_kind<f16>}
llvm.func @mma(%d: i32, %a: i64, %b: i64, %acc: i1) {
  layout.tcgen05_mma %d, %a, %b, %acc {elemA = f16, elemB = f16, elemD = f32, m = 128, n = 256, majorA = #layout.major<K>, majorB = #layout.major<K>}
  layout.tcgen05_mma %d, %a, %b, %acc {elemA = f8E4M3FN, elemB = f8E4M3FN, elemD = f32, m = 128, n = 128, majorA = #layout.major<K>, majorB = #layout.major<MN>, negA}
  layout.tcgen05_mma %d, %a, %b, %acc {elemA = bf16, elemB = bf16, elemD = f32, m = 256, n = 256, majorA = #layout.major<K>, majorB = #layout.major<K>, ctaGroup = 2}
  llvm.return
}

// The M = 128 accumulator (row i in lane i) read by a warpgroup: 32x32b.x128, warp w at lane 32 w
// (TMEM address + w << 21).
// CHECK-LABEL: llvm.func @load_accumulator
// CHECK-DAG: %[[STEP:.*]] = llvm.mlir.constant(2097152 : i32)
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[W0:.*]] = llvm.lshr %[[TID]]
// CHECK: %[[W:.*]] = llvm.and %[[W0]]
// CHECK: %[[OFF:.*]] = llvm.mul %[[W]], %[[STEP]]
// CHECK: %[[A:.*]] = llvm.add %arg0, %[[OFF]]
// CHECK: %[[P:.*]] = llvm.inttoptr %[[A]] : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.ld %[[P]] {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<128xi32>
// CHECK: nvvm.tcgen05.wait <load>
llvm.func @load_accumulator(%t: i32) -> vector<128xi32> {
  %r = layout.tmem_load %t {tmem = #layout.layout<(128,128):(65536,1)>, fragment = #layout.layout<(128,128):(1,128)>} : vector<128xi32>
  llvm.return %r : vector<128xi32>
}

// One warp, 16 lanes x 8 columns: 16x256b.x1 (4 registers); 16x32bx2 with the half offset 3.
// CHECK-LABEL: llvm.func @store_shapes
// CHECK: %[[IMM:.*]] = llvm.mlir.constant(3 : i64)
// CHECK: %[[T:.*]] = llvm.inttoptr %arg0 : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.st %[[T]], %arg1 {shape = #nvvm.tcgen05_ldst_shape<shape_16x256b>} : vector<4xi32>
// CHECK: nvvm.tcgen05.wait <store>
// CHECK: nvvm.tcgen05.st %{{.*}}, %arg2, %[[IMM]] {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<2xi32>
llvm.func @store_shapes(%t: i32, %v: vector<4xi32>, %w: vector<2xi32>) {
  layout.tmem_store %t, %v {tmem = #layout.layout<(16,8):(65536,1)>, fragment = #layout.layout<((4,8),(2,2)):((32,1),(16,8))>} : vector<4xi32>
  layout.tmem_store %t, %w {tmem = #layout.layout<(16,5):(65536,1)>, fragment = #layout.layout<((16,2),2):((1,48),16)>} : vector<2xi32>
  llvm.return
}

// tcgen05.cp of a 128 x 32-byte f16 tile (128B swizzle): descriptor hi 0x4000404000010000 with
// the start address from the pointer, shape 128x256b.
// CHECK-LABEL: llvm.func @copy
// CHECK-DAG: %[[HI:.*]] = llvm.mlir.constant(4611756662049538048 : i64)
// CHECK: %[[P:.*]] = llvm.ptrtoint %arg1 : !llvm.ptr<3> to i64
// CHECK: %[[D:.*]] = llvm.or %[[HI]], %{{.*}}
// CHECK: %[[T:.*]] = llvm.inttoptr %arg0 : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.cp %[[T]], %[[D]] {shape = #nvvm.tcgen05_cp_shape<shape_128x256b>}
llvm.func @copy(%t: i32, %s: !llvm.ptr<3>) {
  layout.tcgen05_cp %t, %s {elem = f16, tile = #layout.layout<Sw<3,3,3> o 0 o (128,16):(64,1)>} : !llvm.ptr<3>
  llvm.return
}

// Warps 1 and 3 read columns 8..15, warps 0 and 2 columns 0..7: the four warp bases are not
// evenly spaced, so the base comes from a table indexed by the warp.
// CHECK-LABEL: llvm.func @load_uneven_warps
// CHECK-DAG: %[[TAB:.*]] = llvm.mlir.constant(dense<[0, 2097160, 4194304, 6291464]> : vector<4xi32>)
// CHECK: %[[W:.*]] = llvm.and
// CHECK: %[[B:.*]] = llvm.extractelement %[[TAB]][%[[W]] : i32]
// CHECK: llvm.add %arg0, %[[B]]
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<8xi32>
llvm.func @load_uneven_warps(%t: i32) -> vector<8xi32> {
  %r = layout.tmem_load %t {tmem = #layout.layout<(128,16):(65536,1)>, fragment = #layout.layout<((32,2,2),8):((1,1056,64),128)>} : vector<8xi32>
  llvm.return %r : vector<8xi32>
}
