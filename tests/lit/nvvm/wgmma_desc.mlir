// WGMMA shared-memory descriptors derived from layouts: static tiles fold to one i64 constant
// (the bits of CuTe's make_gmma_desc); a runtime base pointer or k only touches the 14-bit
// start-address field. Hex in the comments, decimal in the IR.
// RUN: layout-opt %s --layout-lower-to-nvvm --canonicalize | FileCheck %s

// CHECK-LABEL: llvm.func @k_major
llvm.func @k_major() -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)> {
  // f16 K-major 128B (CuTe): 0x4000004000010000 (LBO 1, SBO 64 = 1024 B, layout type 1)
  // CHECK-DAG: llvm.mlir.constant(4611686293305360384 : i64)
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (64,16):(64,1)>}
  // f16 K-major, no swizzle (CuTe): 0x0000000800800000 (LBO 128 = 2048 B, SBO 8 = 128 B)
  // CHECK-DAG: llvm.mlir.constant(34368126976 : i64)
  %1 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<(64,(8,2)):(8,(1,1024))>}
  // f16 K-major 64B: 0x8000002000010000 (SBO 32 = 512 B, layout type 2)
  // CHECK-DAG: llvm.mlir.constant(-9223371899415756800 : i64)
  %2 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<2,3,3> o 0 o ((8,8),16):((32,256),1)>}
  // f16 K-major 32B: 0xc000001000010000 (SBO 16 = 256 B, layout type 3)
  // CHECK-DAG: llvm.mlir.constant(-4611685949707845632 : i64)
  %3 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<1,3,3> o 0 o ((8,8),16):((16,128),1)>}
  // 8-bit (e4m3) K-major 128B, 32 elements of K, at byte 2048: 0x4000004000010080
  // CHECK-DAG: llvm.mlir.constant(4611686293305360512 : i64)
  %4 = layout.wgmma_desc {elem = f8E4M3FN, major = #layout.major<K>, address = 2048, tile = #layout.layout<Sw<3,4,3> o 0 o ((8,8),32):((128,1024),1)>}
  // 32-bit (tf32) K-major 128B, 8 elements of K, at byte 4096: 0x4000004000010100
  // CHECK-DAG: llvm.mlir.constant(4611686293305360640 : i64)
  %5 = layout.wgmma_desc {elem = tf32, major = #layout.major<K>, address = 4096, tile = #layout.layout<Sw<3,2,3> o 0 o ((8,8),8):((32,256),1)>}
  // block k = 1 of a 64x64 f16 128B tile at byte 1024: start (1024 + 32) >> 4 = 0x42
  // CHECK-DAG: llvm.mlir.constant(4611686293305360450 : i64)
  %6 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, k = 1, address = 1024, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>}
  %u = llvm.mlir.undef : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r0 = llvm.insertvalue %0, %u[0] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r1 = llvm.insertvalue %1, %r0[1] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r2 = llvm.insertvalue %2, %r1[2] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r3 = llvm.insertvalue %3, %r2[3] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r4 = llvm.insertvalue %4, %r3[4] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r5 = llvm.insertvalue %5, %r4[5] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r6 = llvm.insertvalue %6, %r5[6] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  // CHECK: llvm.insertvalue %{{.*}}[4]
  // CHECK: llvm.insertvalue %{{.*}}[5]
  llvm.return %r6 : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
}

// CHECK-LABEL: llvm.func @mn_major
llvm.func @mn_major() -> !llvm.struct<(i64, i64, i64)> {
  // f16 MN-major 128B, one atom along MN: 0x4000004000000000 (LBO 0, SBO 64)
  // CHECK-DAG: llvm.mlir.constant(4611686293305294848 : i64)
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<MN>, tile = #layout.layout<Sw<3,3,3> o 0 o (64,(8,2)):(1,(64,512))>}
  // bf16 MN-major 64B, two atoms along MN: 0x8000002000400000 (LBO 64 = 1024 B, SBO 32 = 512 B)
  // CHECK-DAG: llvm.mlir.constant(-9223371899411628032 : i64)
  %1 = layout.wgmma_desc {elem = bf16, major = #layout.major<MN>, tile = #layout.layout<Sw<2,3,3> o 0 o ((32,2),(8,2)):((1,512),(32,256))>}
  // f16 MN-major, no swizzle: 0x0000000800400000 (LBO 64 = 1024 B, SBO 8 = 128 B)
  // CHECK-DAG: llvm.mlir.constant(34363932672 : i64)
  %2 = layout.wgmma_desc {elem = f16, major = #layout.major<MN>, tile = #layout.layout<((8,8),(8,2)):((1,64),(8,512))>}
  %u = llvm.mlir.undef : !llvm.struct<(i64, i64, i64)>
  %r0 = llvm.insertvalue %0, %u[0] : !llvm.struct<(i64, i64, i64)>
  %r1 = llvm.insertvalue %1, %r0[1] : !llvm.struct<(i64, i64, i64)>
  %r2 = llvm.insertvalue %2, %r1[2] : !llvm.struct<(i64, i64, i64)>
  llvm.return %r2 : !llvm.struct<(i64, i64, i64)>
}

// A runtime base and a runtime k: every field but the start address stays the constant
// 0x4000004000010000 with the start field cleared; start = ((base + 32 k) >> 4) & 0x3fff.
// CHECK-LABEL: llvm.func @runtime
// CHECK-DAG:  %[[HI:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
// CHECK-DAG:  %[[MASK:.*]] = llvm.mlir.constant(16383 : i64) : i64
// CHECK-DAG:  %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-DAG:  %[[ADV:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK:      %[[P:.*]] = llvm.ptrtoint %arg0 : !llvm.ptr<3> to i64
// CHECK:      %[[K:.*]] = llvm.zext %arg1 : i32 to i64
// CHECK:      %[[KOFF:.*]] = llvm.mul %[[K]], %[[ADV]] : i64
// CHECK:      %[[S:.*]] = llvm.add %[[P]], %[[KOFF]] : i64
// CHECK:      %[[U:.*]] = llvm.lshr %[[S]], %[[FOUR]] : i64
// CHECK:      %[[F:.*]] = llvm.and %[[U]], %[[MASK]] : i64
// CHECK:      %[[D:.*]] = llvm.or %[[HI]], %[[F]] : i64
// CHECK:      llvm.return %[[D]]
llvm.func @runtime(%base: !llvm.ptr<3>, %k: i32) -> i64 {
  %d = layout.wgmma_desc base(%base : !llvm.ptr<3>) k(%k) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>}
  llvm.return %d : i64
}

// The other swizzle modes on 8-bit and 32-bit elements (K-major), MN-major 32B, 8-bit without
// swizzle; each at its own address so that every constant is distinct.
// CHECK-LABEL: llvm.func @more_modes
llvm.func @more_modes() -> !llvm.struct<(i64, i64, i64, i64, i64, i64)> {
  // f16 MN-major 32B, 4 atoms of 16 along MN: 0xc000001000200000 (LBO 32 = 512 B, SBO 16 = 256 B)
  // CHECK-DAG: llvm.mlir.constant(-4611685949705814016 : i64)
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<MN>, tile = #layout.layout<Sw<1,3,3> o 0 o ((16,4),(8,2)):((1,256),(16,128))>}
  // u8 K-major 64B at byte 512: 0x8000002000010020
  // CHECK-DAG: llvm.mlir.constant(-9223371899415756768 : i64)
  %1 = layout.wgmma_desc {elem = ui8, major = #layout.major<K>, address = 512, tile = #layout.layout<Sw<2,4,3> o 0 o ((8,8),32):((64,512),1)>}
  // e5m2 K-major 32B at byte 256: 0xc000001000010010
  // CHECK-DAG: llvm.mlir.constant(-4611685949707845616 : i64)
  %2 = layout.wgmma_desc {elem = f8E5M2, major = #layout.major<K>, address = 256, tile = #layout.layout<Sw<1,4,3> o 0 o ((8,8),32):((32,256),1)>}
  // tf32 K-major 64B at byte 1536: 0x8000002000010060
  // CHECK-DAG: llvm.mlir.constant(-9223371899415756704 : i64)
  %3 = layout.wgmma_desc {elem = tf32, major = #layout.major<K>, address = 1536, tile = #layout.layout<Sw<2,2,3> o 0 o ((8,8),8):((16,128),1)>}
  // tf32 K-major 32B at byte 768: 0xc000001000010030
  // CHECK-DAG: llvm.mlir.constant(-4611685949707845584 : i64)
  %4 = layout.wgmma_desc {elem = tf32, major = #layout.major<K>, address = 768, tile = #layout.layout<Sw<1,2,3> o 0 o ((8,8),8):((8,64),1)>}
  // s8 K-major, no swizzle, at byte 16: 0x0000000800400001 (LBO 64 = 1024 B, SBO 8 = 128 B)
  // CHECK-DAG: llvm.mlir.constant(34363932673 : i64)
  %5 = layout.wgmma_desc {elem = si8, major = #layout.major<K>, address = 16, tile = #layout.layout<(64,(16,2)):(16,(1,1024))>}
  %u = llvm.mlir.undef : !llvm.struct<(i64, i64, i64, i64, i64, i64)>
  %r0 = llvm.insertvalue %0, %u[0] : !llvm.struct<(i64, i64, i64, i64, i64, i64)>
  %r1 = llvm.insertvalue %1, %r0[1] : !llvm.struct<(i64, i64, i64, i64, i64, i64)>
  %r2 = llvm.insertvalue %2, %r1[2] : !llvm.struct<(i64, i64, i64, i64, i64, i64)>
  %r3 = llvm.insertvalue %3, %r2[3] : !llvm.struct<(i64, i64, i64, i64, i64, i64)>
  %r4 = llvm.insertvalue %4, %r3[4] : !llvm.struct<(i64, i64, i64, i64, i64, i64)>
  %r5 = llvm.insertvalue %5, %r4[5] : !llvm.struct<(i64, i64, i64, i64, i64, i64)>
  llvm.return %r5 : !llvm.struct<(i64, i64, i64, i64, i64, i64)>
}
