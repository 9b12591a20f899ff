// A layout parameter of a hardware op comes from its attribute or from its operand, exactly
// one of them, and an operand must be a static layout; the hardware rules apply to a layout
// given as an operand as to an attribute; the proof of a descriptor whose tile is an operand
// catches a faulty encoder.
// RUN: layout-opt %s --split-input-file --verify-diagnostics --layout-prove-descriptors

func.func @both() -> i64 {
  %t = layout.const #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>
  // expected-error @+1 {{'layout.wgmma_desc' op takes the layout 'tile' as an attribute or as an operand, not both}}
  %d = layout.wgmma_desc tile(%t : !layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>) {elem = f16, major = #layout.major<K>, tile = #layout.layout<Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)>}
  return %d : i64
}

// -----

llvm.func @neither(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'layout.ldmatrix' op requires the layout 'smem': an attribute smem = #layout.layout<...> or an operand smem(%l : !layout.layout<...>)}}
  %r = layout.ldmatrix %p {elem = f16, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return
}

// -----

func.func @dynamic(%p: !llvm.ptr<3>, %n: index) {
  %s = layout.make %n : !layout.layout<(16,16):(?,1)>
  // expected-error @+1 {{'layout.ldmatrix' op the layout operand 'smem' must be a static layout, found '!layout.layout<(16,16):(?,1)>' (a layout with runtime leaves has no hardware parameters to derive)}}
  %r = layout.ldmatrix %p smem(%s : !layout.layout<(16,16):(?,1)>) {elem = f16, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  return
}

// -----

// The row rule of ldmatrix on a shared layout given as an operand.
llvm.func @rule(%p: !llvm.ptr<3>) {
  %s = layout.const #layout.layout<(16,16):(32,2)>
  // expected-error @+1 {{ldmatrix: no .x4 form matches the fragment: plain: matrix 0 row 0 would start at byte 0 (thread 0 value 0) and at byte 2 (thread 0 value 1 at byte 4): the row is not 16 contiguous bytes in shared memory}}
  %r = layout.ldmatrix %p smem(%s : !layout.layout<(16,16):(32,2)>) {elem = f16, fragment = #layout.layout<((4,8),(2,2,2)):((32,1),(16,8,128))>} : !llvm.ptr<3> -> !llvm.struct<(i32, i32, i32, i32)>
  llvm.return
}

// -----

// SBO off by one core matrix on a tile given as an operand: the proof refutes it.
func.func @fault() -> i64 {
  %t = layout.const #layout.layout<Sw<3,3,3> o 0 o (64,16):(64,1)>
  // expected-error @+1 {{at (mn, k) = (8, 0) the descriptor gives byte 1168, the tile layout byte 1024}}
  %d = layout.wgmma_desc tile(%t : !layout.layout<Sw<3,3,3> o 0 o (64,16):(64,1)>) {elem = f16, major = #layout.major<K>, layout.prove_fault = "sbo+128"}
  return %d : i64
}
