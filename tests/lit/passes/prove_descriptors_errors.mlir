// --layout-prove-descriptors catches wrong descriptors: the testing hook layout.prove_fault
// perturbs the derived value (a faulty encoder); each error names a witness coordinate and
// both addresses. Also: an unknown fault, and a form the decoders do not cover.
// RUN: layout-opt %s --split-input-file --verify-diagnostics --layout-prove-descriptors

// SBO off by one core matrix (128 bytes) on a K-major 128B-swizzled WGMMA operand.
func.func @wgmma_sbo() -> i64 {
  // expected-error @+1 {{at (mn, k) = (8, 0) the descriptor gives byte 1168, the tile layout byte 1024}}
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, layout.prove_fault = "sbo+128", tile = #layout.layout<Sw<3,3,3> o 0 o (64,16):(64,1)>}
  return %0 : i64
}

// -----

// The wrong swizzle mode: 64B (WGMMA layout type 2) for a 128B-swizzled tile.
func.func @wgmma_swizzle() -> i64 {
  // expected-error @+1 {{layout type 64B) does not address its tile Sw<3,3,3> o 0 o (64,16):(64,1): at (mn, k) = (1, 0) the descriptor gives byte 64, the tile layout byte 144}}
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, layout.prove_fault = "layout=2", tile = #layout.layout<Sw<3,3,3> o 0 o (64,16):(64,1)>}
  return %0 : i64
}

// -----

// LBO off by 16 bytes on an interleaved (unswizzled) K-major tile.
func.func @wgmma_lbo() -> i64 {
  // expected-error @+1 {{LBO 2064, SBO 128, layout type interleave (none)) does not address its tile (64,(8,2)):(8,(1,1024)): at (mn, k) = (0, 8) the descriptor gives byte 2064, the tile layout byte 2048}}
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, layout.prove_fault = "lbo+16", tile = #layout.layout<(64,(8,2)):(8,(1,1024))>}
  return %0 : i64
}

// -----

// MN-major: SBO off.
func.func @wgmma_mn() -> i64 {
  // expected-error @+1 {{SBO 2048, layout type 128B) does not address its tile Sw<3,3,3> o 0 o (64,(8,2)):(1,(64,512)): at (mn, k) = (0, 8) the descriptor gives byte 2048, the tile layout byte 1024}}
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<MN>, layout.prove_fault = "sbo+1024", tile = #layout.layout<Sw<3,3,3> o 0 o (64,(8,2)):(1,(64,512))>}
  return %0 : i64
}

// -----

// UMMA: a start address 16 bytes late on block k = 1.
func.func @umma_start() -> i64 {
  // expected-error @+1 {{(k block 1: start 1072, LBO 16, SBO 1024, layout type 128B) does not address its tile Sw<3,3,3> o 0 o ((8,16),64):((64,512),1): at (mn, k) = (0, 0) the descriptor gives byte 1072, the tile layout byte 1056}}
  %0 = layout.umma_desc {elem = f16, major = #layout.major<K>, k = 1, address = 1024, layout.prove_fault = "start+16", tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
  return %0 : i64
}

// -----

// UMMA: 128B with 32-byte atoms (layout type 1) for a plain 128B tile.
func.func @umma_layout() -> i64 {
  // expected-error @+1 {{layout type 128B with 32B atoms) does not address its tile Sw<3,3,3> o 0 o (128,16):(64,1): at (mn, k) = (1, 0) the descriptor gives byte 160, the tile layout byte 144}}
  %0 = layout.umma_desc {elem = f16, major = #layout.major<K>, layout.prove_fault = "layout=1", tile = #layout.layout<Sw<3,3,3> o 0 o (128,16):(64,1)>}
  return %0 : i64
}

// -----

// UMMA with a runtime k: SBO off in every block.
func.func @umma_runtime_k(%p: !llvm.ptr<3>, %k: i32) -> i64 {
  // expected-error @+1 {{SBO 896, layout type 128B) does not address its tile Sw<3,3,3> o 0 o ((8,16),64):((64,512),1): at (mn, k) = (8, 0) the descriptor gives byte 1008, the tile layout byte 1024}}
  %d = layout.umma_desc base(%p : !llvm.ptr<3>) k(%k) {elem = f16, major = #layout.major<K>, layout.prove_fault = "sbo-128", tile = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>}
  return %d : i64
}

// -----

// TMA: a global row stride 16 bytes off.
func.func @tma_stride(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  // expected-error @+1 {{TMA box [32, 16] (global strides [2064]) does not move the tile (32,16):(1,32) of (512,512):(1,512): shared-memory byte 128 (before the swizzle) receives global byte 2064 by the box, 2048 by the layouts}}
  %s = layout.tma_desc %map, %g {elem = f32, layout.prove_fault = "stride1+16", gmem = #layout.layout<(512,512):(1,512)>, smem = #layout.layout<(32,16):(1,32)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

// TMA with a runtime row stride: a box 8 rows short leaves rows of the tile unmoved.
func.func @tma_runtime_box(%map: !llvm.ptr, %g: !llvm.ptr, %m: i64, %k: i64, %ld: i64) -> i32 {
  // expected-error @+1 {{proof failed: coordinate 15360 is in the domain of the layout relation only (the decoded relation does not cover it)}}
  %s = layout.tma_desc %map, %g dims(%k, %m, %ld) {elem = f16, layout.prove_fault = "box1-8", gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

// ldmatrix: lane 5 supplies the row 16 bytes off.
func.func @ldmatrix_lane(%p: !llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)> {
  // expected-error @+1 {{at (thread, value) = (20, 0) the instruction uses byte 176, the layouts byte 160}}
  %r = layout.ldmatrix %p {elem = f16, layout.prove_fault = "lane5+16", smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  return %r : !llvm.struct<(i32, i32, i32, i32)>
}

// -----

// stmatrix on a 128B-swizzled tile: lane 9 one row (128 bytes) off.
func.func @stmatrix_lane(%p: !llvm.ptr<3>, %a: i32, %b: i32, %c: i32, %d: i32) {
  // expected-error @+1 {{at (thread, value) = (4, 2) the instruction uses byte 1296, the layouts byte 1168}}
  layout.stmatrix %p, %a, %b, %c, %d {elem = f16, layout.prove_fault = "lane9+128", smem = #layout.layout<Sw<3,3,3> o 0 o (16,64):(64,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32, i32, i32, i32
  return
}

// -----

// A fault the hook does not know.
func.func @unknown_fault() -> i64 {
  // expected-error @+1 {{layout.prove_fault: unknown field 'bogus' for a descriptor (start, lbo, sbo, layout)}}
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, layout.prove_fault = "bogus+1", tile = #layout.layout<Sw<3,3,3> o 0 o (64,16):(64,1)>}
  return %0 : i64
}

// -----

// The sm_100 forms are not decoded: the pass says it cannot prove them.
func.func @sm100_form(%p: !llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)> {
  // expected-error @+1 {{cannot prove ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8: only the m8n8 lane tables are decoded}}
  %r = layout.ldmatrix %p {elem = ui8, smem = #layout.layout<(32,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2,2)):((4,32),(1,256,2,16))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  return %r : !llvm.struct<(i32, i32, i32, i32)>
}

// -----

// The demo's C tile (two 64-column 128B-swizzled boxes): a global row stride 16 bytes off.
func.func @tma_demo_c_stride(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  // expected-error @+1 {{TMA box [64, 128] (global strides [8208]) does not move the tile Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192)) of (4096,4096):(4096,1): shared-memory byte 128 (before the swizzle) receives global byte 8208 by the box, 8192 by the layouts}}
  %s = layout.tma_desc %map, %g {elem = f16, layout.prove_fault = "stride1+16", gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

// The demo's C tile with the TMA's 64B swizzle mode instead of 128B: the two swizzles are not
// equal over F2, and the least element offset of the tile where they differ is the witness
// (found point by point over the tile's offsets, the one ISL names).
func.func @tma_swizzle_mode(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  // expected-error @+1 {{TMA swizzle mode 2 is not the tile's swizzle Sw<3,3,3>: element offset 256 goes to byte 512 by the TMA, 576 by the layout}}
  %s = layout.tma_desc %map, %g {elem = f16, layout.prove_fault = "swizzle=2", gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

// The same tile with no TMA swizzle: the tile's swizzle first moves element offset 64.
func.func @tma_swizzle_none(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  // expected-error @+1 {{TMA swizzle mode 0 is not the tile's swizzle Sw<3,3,3>: element offset 64 goes to byte 128 by the TMA, 144 by the layout}}
  %s = layout.tma_desc %map, %g {elem = f16, layout.prove_fault = "swizzle=0", gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

// The demo's C tile: a box 8 rows short leaves the end of each box unfilled.
func.func @tma_demo_c_box(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  // expected-error @+1 {{proof failed: coordinate 15360 is in the domain of the layout relation only (the decoded relation does not cover it)}}
  %s = layout.tma_desc %map, %g {elem = f16, layout.prove_fault = "box1-8", gmem = #layout.layout<(4096,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

// fragment_store: register 3 of the m64n16 accumulator one column off.
llvm.func @fragment_col(%acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, %C: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{fragment_store of ((4,8,4),(2,2,2)):((128,1,16),(64,8,512)) (64-row tile): (thread, register) = (0, 3) is stored at (row, column) (8, 2) by the lowering, (8, 1) by the fragment layout}}
  layout.fragment_store %acc, %C[%i, %i] thread(%i) bounds(%i, %i) ld(%i) {elem = f16, tileRows = 64 : i64, layout.prove_fault = "col3+1", fragment = #layout.layout<((4,8,4),(2,2,2)):((128,1,16),(64,8,512))>} : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, !llvm.ptr
  llvm.return
}

// -----

// tcgen05.ld 32x32b.x128 of the M = 128 accumulator: warp 1's base one lane off.
llvm.func @tmem_lane(%t: i32) {
  // expected-error @+1 {{tcgen05.ld.sync.aligned.32x32b.x128.b32 of the fragment (128,128):(1,128) from the TMEM layout (128,128):(65536,1): (thread, register) = (32, 0) is at TMEM address 2162688 by the instruction, 2097152 by the layouts}}
  %r = layout.tmem_load %t {tmem = #layout.layout<(128,128):(65536,1)>, fragment = #layout.layout<(128,128):(1,128)>, layout.prove_fault = "lane1+1"} : vector<128xi32>
  llvm.return
}

// -----

// tcgen05.st 16x256b of mma.sync's accumulator (a register tensor's encoding) in the M = 64
// TMEM layout: warp 0's base one column off.
llvm.func @tmem_column(%t: i32, %v: vector<32xi32>) {
  // expected-error @+1 {{tcgen05.st.sync.aligned.16x256b.x8.b32 of the fragment (((4,8),4),(2,2,8)):(((128,1),16),(64,8,512)) from the TMEM layout ((16,4),64):((65536,2097152),1): (thread, register) = (0, 0) is at TMEM address 1 by the instruction, 0 by the layouts}}
  layout.tmem_store %t, %v {tmem = #layout.layout<((16,4),64):((65536,2097152),1)>, fragment = #layout.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>, layout.prove_fault = "col0+1"} : vector<32xi32>
  llvm.return
}

// -----

// shared_store (a register tensor into shared memory, after --layout-lower-tensors): the
// thread offset of lane bit 2 one row (8 halves) off in the st.shared.v4 plan; the witness is
// the first register whose element moves.
#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
func.func @shared_store_lane(%smem: !llvm.ptr<3>, %r: tensor<64x32xf16, #rows>) {
  // expected-error @+1 {{st.shared.v4.b32 of the 64x32 register tensor into the shared tile Sw<2,3,3> o 0 o (64,32):(32,1): register 0 of thread 4 (lane 4, warp 0), tile coordinate [1, 0], is at shared offset 40 (byte 80) by the lowering, 32 (byte 64) by the layouts}}
  layout.shared_store %r, %smem {smem = #layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>, layout.prove_fault = "lane2+8"} : tensor<64x32xf16, #rows>, !llvm.ptr<3>
  return
}

// -----

// shared_load by ldmatrix.x4.trans (the m16n8k16 B fragments of a 128B-swizzled K x N tile):
// the second instruction's row offset one row (64 halves) off.
#dotb = #layout.linear<{register = [[1, 0], [8, 0], [0, 8], [16, 0]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 16], [0, 32]], block = []}>
func.func @shared_load_trans(%smem: !llvm.ptr<3>) -> tensor<32x64xf16, #dotb> {
  // expected-error @+1 {{ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 of the 32x64 register tensor from the shared tile Sw<3,3,3> o 0 o (32,64):(64,1): register 8 of thread 0 (lane 0, warp 0), tile coordinate [16, 0], is at shared offset 1088 (byte 2176) by the lowering, 1024 (byte 2048) by the layouts}}
  %b = layout.shared_load %smem {smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>, layout.prove_fault = "instr1+64"} : !llvm.ptr<3> -> tensor<32x64xf16, #dotb>
  return %b : tensor<32x64xf16, #dotb>
}

// -----

// The epilogue of examples/gemm_sm90.mlir: the f16 accumulator of two m64n256k16 warpgroups
// into the 128B-swizzled tile of C by stmatrix.x4: lane bit 3's row constant one row off.
#acc = #layout.linear<tensor<128x256xf16, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>>
func.func @shared_store_stmatrix(%smem: !llvm.ptr<3>, %h: tensor<128x256xf16, #acc>) {
  // expected-error @+1 {{stmatrix.sync.aligned.m8n8.x4.shared.b16 of the 128x256 register tensor into the shared tile Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))}}
  layout.shared_store %h, %smem {smem = #layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>, layout.prove_fault = "rows3+64"} : tensor<128x256xf16, #acc>, !llvm.ptr<3>
  return
}

// -----

// A fault that names no field of the plan.
#rows64 = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @shared_fault_unknown(%smem: !llvm.ptr<3>) -> tensor<32x64xf16, #rows64> {
  // expected-error @+1 {{layout.prove_fault: unknown field 'rows0' for a shared access plan (lane<i>, warp<i>, access<a>, rows<i>, instr<k>)}}
  %b = layout.shared_load %smem {smem = #layout.layout<Sw<3,3,3> o 0 o (32,64):(64,1)>, layout.prove_fault = "rows0+8"} : !llvm.ptr<3> -> tensor<32x64xf16, #rows64>
  return %b : tensor<32x64xf16, #rows64>
}

// -----

// async_copy (cp.async of a tile into a 128B-swizzled tile, after --layout-lower-tensors):
// the second copy's shared offset 8 halves (one 16-byte chunk) off.
#rows = #layout.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @async_copy_copy(%src: !llvm.ptr<1>, %dst: !llvm.ptr<3>, %ld: i64) {
  // expected-error @+1 {{4 x cp.async.cg.shared.global of 16 bytes of the 64x64 tile into the shared tile Sw<3,3,3> o 0 o (64,64):(64,1): copy 1 of thread 0 (lane 0, warp 0) writes tile coordinate [16, 0] to shared offset 1032 (byte 2064) by the lowering, 1024 (byte 2048) by the layout}}
  layout.async_copy %src[%ld] to %dst {align = 16 : i64, layout.prove_fault = "copy1+8", smem = #layout.layout<Sw<3,3,3> o 0 o (64,64):(64,1)>} : !llvm.ptr<1>, !llvm.ptr<3>, tensor<64x64xf16, #rows>
  return
}

// -----

// global_store of mma.sync's accumulator (4-byte stores): lane bit 2's row one off.
#mma = #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
func.func @global_store_lane(%p: !llvm.ptr<1>, %ld: i64, %c: tensor<64x64xf16, #mma>) {
  // expected-error @+1 {{st.global.b32 of the 64x64 register tensor: register 0 of thread 4 (lane 4, warp 0) is stored to tile coordinate [2, 0] by the lowering, [1, 0] by the layout}}
  layout.global_store %c, %p[%ld] {align = 4 : i64, layout.prove_fault = "lane2+1"} : tensor<64x64xf16, #mma>, !llvm.ptr<1>
  return
}
