// layout.smem_layout: the shared-memory layout of a WGMMA operand tile in stages, chosen by the
// algebra's smem_layout (the widest swizzle atom tiled to the tile and its stages, certified),
// as the op's result type; it folds to a layout.const and flows into the hardware ops.
// RUN: layout-opt %s | layout-opt | FileCheck %s --check-prefix=ROUND
// RUN: layout-opt %s --canonicalize | FileCheck %s
// RUN: layout-opt %s --layout-lower-to-nvvm --canonicalize | FileCheck %s --check-prefix=DESC

// ROUND-LABEL: func.func @gemm_a
// ROUND: layout.smem_layout {elem = f16, k = 64 : i64, major = #layout.major<K>, mn = 128 : i64, stages = 4 : i64}
// The A operand of the sm_90 GEMM example: 128-byte rows, four 16 KiB stages.
// CHECK-LABEL: func.func @gemm_a
// CHECK: layout.const #layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))>
func.func @gemm_a() -> !layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))> {
  %a = layout.smem_layout {elem = f16, major = #layout.major<K>, mn = 128 : i64, k = 64 : i64, stages = 4 : i64}
  return %a : !layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))>
}

// MN-major: the MN mode is tiled first.
// CHECK-LABEL: func.func @mn_major
// CHECK: layout.const #layout.layout<Sw<3,3,3> o 0 o ((64,2),(8,8),(1,4)):((1,4096),(64,512),(0,8192))>
func.func @mn_major() -> !layout.layout<Sw<3,3,3> o 0 o ((64,2),(8,8),(1,4)):((1,4096),(64,512),(0,8192))> {
  %a = layout.smem_layout {elem = f16, major = #layout.major<MN>, mn = 128 : i64, k = 64 : i64, stages = 4 : i64}
  return %a : !layout.layout<Sw<3,3,3> o 0 o ((64,2),(8,8),(1,4)):((1,4096),(64,512),(0,8192))>
}

// One instruction's K (16 f16 = 32 bytes): the 32-byte swizzle. Its stage-0 tile feeds
// layout.wgmma_desc as an SSA operand; the descriptor is the one the algebra's certificate
// gives (0xc000001000010000).
// DESC-LABEL: func.func @one_k_block
// DESC: llvm.mlir.constant(-4611685949707845632 : i64) : i64
func.func @one_k_block() -> i64 {
  %a = layout.smem_layout {elem = f16, major = #layout.major<K>, mn = 64 : i64, k = 16 : i64}
  %t = layout.select %a modes [0, 1] : !layout.layout<Sw<1,3,3> o 0 o ((8,8),(16,1),(1,1)):((16,128),(1,0),(0,0))>
  %d = layout.wgmma_desc tile(%t : !layout.layout<Sw<1,3,3> o 0 o ((8,8),(16,1)):((16,128),(1,0))>) {elem = f16, major = #layout.major<K>}
  return %d : i64
}
