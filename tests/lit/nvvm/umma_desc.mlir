// UMMA (tcgen05) shared-memory descriptors derived from layouts: static tiles fold to one i64
// constant (the bits of CuTe's make_umma_desc: version bit 46, layout type in bits 61-63); a
// runtime base pointer or k only touches the 14-bit start-address field. Hex in the comments,
// decimal in the IR.
// RUN: layout-opt %s --layout-lower-to-nvvm --canonicalize | FileCheck %s

// CHECK-LABEL: llvm.func @static_tiles
llvm.func @static_tiles() -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)> {
  // f16 K-major 128B (CuTe): 0x4000404000010000 (LBO 1, SBO 64 = 1024 B, version 1, type 2)
  // CHECK-DAG: llvm.mlir.constant(4611756662049538048 : i64)
  %0 = layout.umma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (128,16):(64,1)>}
  // f16 K-major, no swizzle (CuTe): 0x0000400800800000 (LBO 128 = 2048 B, SBO 8 = 128 B)
  // CHECK-DAG: llvm.mlir.constant(70403112304640 : i64)
  %1 = layout.umma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<(128,(8,2)):(8,(1,1024))>}
  // f16 K-major 32B (CuTe): 0xc000401000010000 (SBO 256 B, type 6)
  // CHECK-DAG: %[[SW32:.*]] = llvm.mlir.constant(-4611615580963667968 : i64)
  %2 = layout.umma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<1,3,3> o 0 o (128,16):(16,1)>}
  // f16 K-major 64B (CuTe): 0x8000402000010000 (SBO 512 B, type 4)
  // CHECK-DAG: llvm.mlir.constant(-9223301530671579136 : i64)
  %3 = layout.umma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<2,3,3> o 0 o (64,16):(32,1)>}
  // f16 MN-major 128B with 32-byte atoms (CuTe): 0x2000408000200000 (LBO 8192 B, SBO 2048 B, type 1)
  // CHECK-DAG: llvm.mlir.constant(2305913927715782656 : i64)
  %4 = layout.umma_desc {elem = f16, major = #layout.major<MN>, tile = #layout.layout<Sw<2,4,2> o 0 o ((64,4),(4,4)):((1,256),(64,1024))>}
  // packed e2m1 K-major 32B, 64 elements = 32 bytes of K (CuTe): 0xc000401000010000, the same
  // bits as the f16 one (%2): checked at its insertvalue below.
  %5 = layout.umma_desc {elem = f4E2M1FN, major = #layout.major<K>, tile = #layout.layout<Sw<1,5,3> o 0 o (128,64):(64,1)>}
  // block k = 1 of a 128x64 f16 128B tile at byte 1024: start (1024 + 32) >> 4 = 0x42
  // CHECK-DAG: llvm.mlir.constant(4611756662049538114 : i64)
  // CHECK: llvm.insertvalue %[[SW32]], %{{.*}}[5]
  %6 = layout.umma_desc {elem = f16, major = #layout.major<K>, k = 1, address = 1024, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
  %u = llvm.mlir.undef : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r0 = llvm.insertvalue %0, %u[0] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r1 = llvm.insertvalue %1, %r0[1] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r2 = llvm.insertvalue %2, %r1[2] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r3 = llvm.insertvalue %3, %r2[3] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r4 = llvm.insertvalue %4, %r3[4] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r5 = llvm.insertvalue %5, %r4[5] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  %r6 = llvm.insertvalue %6, %r5[6] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
  llvm.return %r6 : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64)>
}

// A runtime base and k: hi = 0x4000404000010000, start = ((base + 32 k) >> 4) & 0x3fff.
// CHECK-LABEL: llvm.func @runtime_base_and_k
// CHECK-DAG: %[[HI:.*]] = llvm.mlir.constant(4611756662049538048 : i64)
// CHECK-DAG: %[[ADV:.*]] = llvm.mlir.constant(32 : i64)
// CHECK-DAG: %[[MASK:.*]] = llvm.mlir.constant(16383 : i64)
// CHECK: %[[P:.*]] = llvm.ptrtoint %arg0 : !llvm.ptr<3> to i64
// CHECK: %[[K:.*]] = llvm.zext %arg1 : i32 to i64
// CHECK: %[[KOFF:.*]] = llvm.mul %[[K]], %[[ADV]]
// CHECK: %[[S:.*]] = llvm.add %[[P]], %[[KOFF]]
// CHECK: %[[U:.*]] = llvm.lshr %[[S]]
// CHECK: %[[F:.*]] = llvm.and %[[U]], %[[MASK]]
// CHECK: llvm.or %[[HI]], %[[F]]
llvm.func @runtime_base_and_k(%p: !llvm.ptr<3>, %k: i32) -> i64 {
  %d = layout.umma_desc base(%p : !llvm.ptr<3>) k(%k) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
  llvm.return %d : i64
}
