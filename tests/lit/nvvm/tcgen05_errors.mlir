// Hardware rules of the Blackwell ops (umma_desc, tcgen05_mma, tmem_load/tmem_store,
// tcgen05_cp), checked by the verifiers through layout_algebra::hw: one precise error each.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

llvm.func @a() -> i64 {
  // expected-error @+1 {{umma_desc: the 128B swizzle with 32-byte atoms (Sw<2,5,2> on bytes) exists only for MN-major operands (PTX: SWIZZLE_128B_BASE32B is not valid for K-major)}}
  %d = layout.umma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<2,4,2> o 0 o (64,16):(16,1)>}
  llvm.return %d : i64
}

// -----

llvm.func @b() -> i64 {
  // expected-error @+1 {{umma_desc: f32 is not a tcgen05.mma operand type (use tf32 for 32-bit inputs)}}
  %d = layout.umma_desc {elem = f32, major = #layout.major<K>, tile = #layout.layout<(8,4):(4,1)>}
  llvm.return %d : i64
}

// -----

llvm.func @c(%p: !llvm.ptr) -> i64 {
  // expected-error @+1 {{the base must be !llvm.ptr<3> (shared memory), found '!llvm.ptr'}}
  %d = layout.umma_desc base(%p : !llvm.ptr) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (128,16):(64,1)>}
  llvm.return %d : i64
}

// -----

llvm.func @d(%p: !llvm.ptr<3>, %k: i32) -> i64 {
  // expected-error @+1 {{a runtime k needs a tile with more than one operand block after block 0 (no per-k advance)}}
  %d = layout.umma_desc base(%p : !llvm.ptr<3>) k(%k) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (128,16):(64,1)>}
  llvm.return %d : i64
}

// -----

llvm.func @e(%d: i32, %a: i64, %b: i64, %acc: i1) {
  // expected-error @+1 {{umma_instr_desc: N = 12 is not a tcgen05.mma shape for M = 128 (cta_group::1, kind::f16): N must be a multiple of 8 in [8, 256]}}
  layout.tcgen05_mma %d, %a, %b, %acc {elemA = f16, elemB = f16, elemD = f32, m = 128, n = 12, majorA = #layout.major<K>, majorB = #layout.major<K>}
  llvm.return
}

// -----

llvm.func @f(%d: i32, %a: i64, %b: i64, %acc: i1) {
  // expected-error @+1 {{M = 256 is not a shape of cta_group::1 (cta_group::1: M = 64 or 128; cta_group::2: M = 128 or 256)}}
  layout.tcgen05_mma %d, %a, %b, %acc {elemA = f16, elemB = f16, elemD = f32, m = 256, n = 128, majorA = #layout.major<K>, majorB = #layout.major<K>}
  llvm.return
}

// -----

llvm.func @g(%d: i32, %a: i64, %b: i64, %acc: i1) {
  // expected-error @+1 {{umma_instr_desc: A (e2m3) must be K-major: MN-major operands exist only for 8-, 16- and 32-bit types (not for the 6- and 4-bit types)}}
  layout.tcgen05_mma %d, %a, %b, %acc {elemA = f6E2M3FN, elemB = f8E4M3FN, elemD = f32, m = 128, n = 128, majorA = #layout.major<MN>, majorB = #layout.major<K>}
  llvm.return
}

// -----

llvm.func @h(%d: i32, %a: i64, %b: i64, %acc: i1) {
  // expected-error @+1 {{umma_instr_desc: A (f16) and B (s8) belong to different tcgen05.mma kinds (kind::f16 and kind::i8)}}
  layout.tcgen05_mma %d, %a, %b, %acc {elemA = f16, elemB = si8, elemD = f32, m = 128, n = 128, majorA = #layout.major<K>, majorB = #layout.major<K>}
  llvm.return
}

// -----

llvm.func @i(%t: i32) -> vector<4xi32> {
  // expected-error @+1 {{tmem_copy: the quadrant rule: warp 1 reaches only TMEM lanes 32..63 (quadrant 1 = warp % 4), but its thread 0 register 0 is at lane 0}}
  %r = layout.tmem_load %t {tmem = #layout.layout<(128,4):(65536,1)>, fragment = #layout.layout<(32,4):(1,128)>, warp = 1} : vector<4xi32>
  llvm.return %r : vector<4xi32>
}

// -----

llvm.func @j(%t: i32) -> vector<8xi32> {
  // expected-error @+1 {{the result must be vector<4xi32> (the derived tcgen05 shape moves 4 32-bit registers per thread), found 'vector<8xi32>'}}
  %r = layout.tmem_load %t {tmem = #layout.layout<(128,4):(65536,1)>, fragment = #layout.layout<(32,4):(1,128)>} : vector<8xi32>
  llvm.return %r : vector<8xi32>
}

// -----

llvm.func @k(%t: i32, %v: vector<3xi32>) {
  // expected-error @+1 {{tmem_copy: no tcgen05.ld/st shape moves this fragment (32x32b: 3 registers per thread is not 1 x a power of two up to 128; 16x64b: 3 registers per thread is not}}
  layout.tmem_store %t, %v {tmem = #layout.layout<(128,4):(65536,1)>, fragment = #layout.layout<(32,3):(1,128)>} : vector<3xi32>
  llvm.return
}

// -----

llvm.func @l(%t: i32, %s: !llvm.ptr<3>) {
  // expected-error @+1 {{tcgen05.cp moves a 128-row x 32-byte tile here (shape 128x256b): the tile is 64 rows x 16 f16 elements}}
  layout.tcgen05_cp %t, %s {elem = f16, tile = #layout.layout<Sw<3,3,3> o 0 o (64,16):(64,1)>} : !llvm.ptr<3>
  llvm.return
}

// -----

llvm.func @m(%t: i32, %s: !llvm.ptr) {
  // expected-error @+1 {{the shared-memory source must be !llvm.ptr<3> (shared memory), found '!llvm.ptr'}}
  layout.tcgen05_cp %t, %s {elem = f16, tile = #layout.layout<Sw<3,3,3> o 0 o (128,16):(64,1)>} : !llvm.ptr
  llvm.return
}

// -----

llvm.func @n(%t: i32) -> i32 {
  // expected-error @+1 {{tmem_copy: tile index 128 is at TMEM lane 128, column 0 (address 0x800000): outside TMEM's 128 lanes x 512 columns}}
  %r = layout.tmem_load %t {tmem = #layout.layout<(256,4):(65536,1)>, fragment = #layout.layout<(32,1):(1,0)>} : i32
  llvm.return %r : i32
}
