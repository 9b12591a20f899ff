// Hardware rules of the NVGPU ops, checked by the verifiers (through layout_algebra::hw) before
// any lowering: each illegal op is one precise error.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

llvm.func @ldmatrix_row_not_contiguous(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{ldmatrix: no .x4 form matches the fragment: plain: matrix 0 row 0 would start at byte 0 (thread 0 value 0) and at byte 2 (thread 0 value 1 at byte 4): the row is not 16 contiguous bytes in shared memory}}
  %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<(16,16):(32,2)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return
}

// -----

llvm.func @ldmatrix_result_count(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{the result must be !llvm.struct of 4 i32 (the derived form has 4 matrices), found '!llvm.struct<(i32, i32)>'}}
  %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

llvm.func @ldmatrix_not_shared(%p: !llvm.ptr) {
  // expected-error @+1 {{the base must be !llvm.ptr<3> (shared memory), found '!llvm.ptr'}}
  %r = layout.ldmatrix %p {elem = f16, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return
}

// -----

llvm.func @ldmatrix_bytes_per_thread(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{ldmatrix: each thread holds 8 f32 values = 32 bytes, but ldmatrix moves 4, 8 or 16 bytes per thread}}
  %r = layout.ldmatrix %p {elem = f32, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((2,16),(1,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return
}

// -----

llvm.func @stmatrix_value_count(%p: !llvm.ptr<3>, %a: i32) {
  // expected-error @+1 {{takes one i32 per matrix: the derived form has 4 matrices, found 1 values}}
  layout.stmatrix %p, %a {elem = f16, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3>, i32
  llvm.return
}

// -----

llvm.func @desc_byte_swizzle_on_elements() -> i64 {
  // expected-error @+1 {{Sw<3,4,3> is not the 128B swizzle on f16 elements: that is Sw<3,3,3>}}
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,4,3> o 0 o (64,16):(64,1)>}
  llvm.return %0 : i64
}

// -----

llvm.func @desc_atom_width() -> i64 {
  // expected-error @+1 {{K-major f16 with 128B swizzle: the 8 rows of a core matrix must be 128 bytes apart (the 128B swizzle atom width), found 64 bytes}}
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (64,16):(32,1)>}
  llvm.return %0 : i64
}

// -----

llvm.func @desc_not_8_rows() -> i64 {
  // expected-error @+1 {{not an 8-row core-matrix arrangement: the MN extent 60 is not a multiple of 8 rows}}
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (60,16):(64,1)>}
  llvm.return %0 : i64
}

// -----

llvm.func @desc_misaligned() -> i64 {
  // expected-error @+1 {{misaligned base: the block starts at byte 8}}
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, address = 8, tile = #layout.layout<Sw<3,3,3> o 0 o (64,16):(64,1)>}
  llvm.return %0 : i64
}

// -----

llvm.func @desc_k_outside() -> i64 {
  // expected-error @+1 {{k block 4 is outside [0, 4) for a tile of K extent 64}}
  %0 = layout.wgmma_desc {elem = f16, major = #layout.major<K>, k = 4, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>}
  llvm.return %0 : i64
}

// -----

llvm.func @desc_runtime_k_single_block(%k: i32) -> i64 {
  // expected-error @+1 {{a runtime k needs a tile with more than one operand block after block 0}}
  %0 = layout.wgmma_desc k(%k) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o (64,16):(64,1)>}
  llvm.return %0 : i64
}

// -----

llvm.func @wgmma_tf32_mn_major(%a: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  // expected-error @+1 {{operand A: wgmma: tf32 operands must be K-major in shared memory (MN-major, i.e. transposed, operands exist only for f16 and bf16)}}
  %r = layout.wgmma %a, %a, %acc {n = 8, elemA = tf32, majorA = #layout.major<MN>, elemB = tf32, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_f32_operand(%a: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  // expected-error @+1 {{operand A: wgmma: f32 is not a wgmma operand type (use tf32 for 32-bit inputs)}}
  %r = layout.wgmma %a, %a, %acc {n = 8, elemA = f32, majorA = #layout.major<K>, elemB = f32, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_accumulator(%a: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  // expected-error @+1 {{the accumulator of m64n16 with f32 D is 8 f32 per thread (!llvm.struct of 8 f32), found '!llvm.struct<(f32, f32, f32, f32)>'}}
  %r = layout.wgmma %a, %a, %acc {n = 16, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_n(%a: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  // expected-error @+1 {{n must be a multiple of 8 in [8, 256] (m64nNk), found 12}}
  %r = layout.wgmma %a, %a, %acc {n = 12, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_mixed(%a: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  // expected-error @+1 {{A is f16 and B is bf16: wgmma takes equal A/B types}}
  %r = layout.wgmma %a, %a, %acc {n = 8, elemA = f16, majorA = #layout.major<K>, elemB = bf16, majorB = #layout.major<K>, elemD = f32} : i64, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

func.func @tma_box_narrower_than_swizzle(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  // expected-error @+1 {{with the 128B swizzle the inner box dimension must be exactly the swizzle span of 128 bytes (64 f16 elements), found 32 elements = 64 bytes}}
  %s = layout.tma_desc %map, %g {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),32):((32,256),1)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

func.func @tma_stride_alignment(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  // expected-error @+1 {{the global stride of dim 1 is 4100 elements = 8200 bytes, not a positive multiple of 16 bytes (cuTensorMapEncodeTiled)}}
  %s = layout.tma_desc %map, %g {elem = f16, gmem = #layout.layout<(1024,4100):(4100,1)>, smem = #layout.layout<(128,64):(64,1)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

func.func @tma_dim0_contiguous(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  // expected-error @+1 {{TMA dim 0 must be contiguous (stride 1)}}
  %s = layout.tma_desc %map, %g {elem = f16, gmem = #layout.layout<(1024,4096):(1,1024)>, smem = #layout.layout<(512,8):(8,1)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

func.func @tma_box_dim(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  // expected-error @+1 {{box dim 0 is 512 elements, outside [1, 256] (cuTensorMapEncodeTiled)}}
  %s = layout.tma_desc %map, %g {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, smem = #layout.layout<(8,512):(512,1)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

func.func @tma_dynamic_operands(%map: !llvm.ptr, %g: !llvm.ptr) -> i32 {
  // expected-error @+1 {{needs one i64 operand per dynamic globalDim/globalStrides entry: 1 expected, found 0}}
  %s = layout.tma_desc %map, %g {elem = f16, gmem = #layout.layout<(?,4096):(4096,1)>, smem = #layout.layout<(128,64):(64,1)>} : !llvm.ptr, !llvm.ptr
  return %s : i32
}

// -----

llvm.func @tma_load_rank(%dst: !llvm.ptr<3>, %map: !llvm.ptr, %bar: !llvm.ptr<3>, %x: i32) {
  // expected-error @+1 {{takes one i32 coordinate per TMA dimension: rank 2, found 1}}
  layout.tma_load %dst, %map, %bar[%x] {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
  llvm.return
}

// -----

llvm.func @tma_b1(%dst: !llvm.ptr<3>, %map: !llvm.ptr, %bar: !llvm.ptr<3>, %x: i32) {
  // expected-error @+1 {{b1 has no CUtensorMapDataType}}
  layout.tma_load %dst, %map, %bar[%x, %x] {elem = i1, gmem = #layout.layout<(1024,4096):(4096,1)>, smem = #layout.layout<(128,512):(512,1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
  llvm.return
}

// -----

llvm.func @tma_store_not_shared(%map: !llvm.ptr, %src: !llvm.ptr, %x: i32) {
  // expected-error @+1 {{the source must be !llvm.ptr<3> (shared memory), found '!llvm.ptr'}}
  layout.tma_store %map, %src[%x, %x] {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)>} : !llvm.ptr, !llvm.ptr
  llvm.return
}

// -----

llvm.func @wgmma_registers_a_mn(%a: !llvm.struct<(i32, i32, i32, i32)>, %b: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  // expected-error @+1 {{A from registers is K-major (the register fragment has no transpose), found majorA = #layout.major<MN>}}
  %r = layout.wgmma %a, %b, %acc {n = 8, elemA = f16, majorA = #layout.major<MN>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : !llvm.struct<(i32, i32, i32, i32)>, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_registers_a_count(%a: !llvm.struct<(i32, i32)>, %b: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  // expected-error @+1 {{A from registers must be !llvm.struct of 4 i32 (the m64 x 32-byte A fragment of one warp), found '!llvm.struct<(i32, i32)>'}}
  %r = layout.wgmma %a, %b, %acc {n = 8, elemA = f16, majorA = #layout.major<K>, elemB = f16, majorB = #layout.major<K>, elemD = f32} : !llvm.struct<(i32, i32)>, !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

// The element types of the hardware ops are MLIR types; a signless i8 names no MMA or
// copy element (its signedness matters to an MMA): si8 or ui8.
func.func @elem_signless(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'elem' must be one of f16, bf16, tf32, f32, f8E4M3FN, f8E5M2, si8, ui8, i1, f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E8M0FNU for these instructions, found i8}}
  %r = layout.ldmatrix %p {elem = i8, smem = #layout.layout<(16,32):(32,1)>, fragment = #layout.layout<((4,8),(4,2,2)):((64,1),(16,8,256))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  return
}

// -----

func.func @elem_unknown(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.ldmatrix' op 'elem' must be one of the element types f16, bf16, tf32, f32, f64, f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN, f8E8M0FNU, si8, ui8, si32, i1, i8, i16, i32, i64; found si16}}
  %r = layout.ldmatrix %p {elem = si16, smem = #layout.layout<(16,16):(16,1)>, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  return
}

// -----

llvm.func @tma_load_multicast_one(%dst: !llvm.ptr<3>, %map: !llvm.ptr, %bar: !llvm.ptr<3>, %x: i32) {
  // expected-error@+1 {{a TMA load multicasts to 2 to 16 CTAs of a cluster, found multicast = 1}}
  layout.tma_load %dst, %map, %bar[%x, %x] {elem = f16, gmem = #layout.layout<(1024,4096):(4096,1)>, multicast = 1 : i64, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>} : !llvm.ptr<3>, !llvm.ptr, !llvm.ptr<3>
  llvm.return
}
