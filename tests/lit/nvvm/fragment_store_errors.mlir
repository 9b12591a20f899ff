// layout.fragment_store: what the verifier refuses, naming the layout rule.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

llvm.func @carry(%acc: !llvm.struct<(f32, f32, f32, f32)>, %C: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{fragment_store: thread rows (up to 31) plus register rows (up to 16) reach row 47 of a 32-row tile: the thread and value modes carry into each other's columns}}
  layout.fragment_store %acc, %C[%i, %i] thread(%i) bounds(%i, %i) ld(%i) {elem = f16, tileRows = 32 : i64, fragment = #layout.layout<(32,4):(1,16)>} : !llvm.struct<(f32, f32, f32, f32)>, !llvm.ptr
  llvm.return
}

// -----

llvm.func @overlap(%acc: !llvm.struct<(f32, f32, f32, f32)>, %C: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{two registers store to tile element (1, 0): the fragment is not injective}}
  layout.fragment_store %acc, %C[%i, %i] thread(%i) bounds(%i, %i) ld(%i) {elem = f16, tileRows = 16 : i64, fragment = #layout.layout<(4,4):(1,1)>} : !llvm.struct<(f32, f32, f32, f32)>, !llvm.ptr
  llvm.return
}

// -----

llvm.func @registers(%acc: !llvm.struct<(f32, f32)>, %C: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{the fragment has 4 registers per thread: the values must be !llvm.struct of 4 f32, found '!llvm.struct<(f32, f32)>'}}
  layout.fragment_store %acc, %C[%i, %i] thread(%i) bounds(%i, %i) ld(%i) {elem = f16, tileRows = 4 : i64, fragment = #layout.layout<(1,4):(0,4)>} : !llvm.struct<(f32, f32)>, !llvm.ptr
  llvm.return
}

// -----

llvm.func @element(%acc: !llvm.struct<(f32, f32, f32, f32)>, %C: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{fragment_store: stores f16, bf16 or f32 (converted from the f32 registers), found e4m3}}
  layout.fragment_store %acc, %C[%i, %i] thread(%i) bounds(%i, %i) ld(%i) {elem = f8E4M3FN, tileRows = 4 : i64, fragment = #layout.layout<(1,4):(0,4)>} : !llvm.struct<(f32, f32, f32, f32)>, !llvm.ptr
  llvm.return
}

// -----

llvm.func @shared(%acc: !llvm.struct<(f32, f32, f32, f32)>, %C: !llvm.ptr<3>, %i: i32) {
  // expected-error @+1 {{the base must be !llvm.ptr or !llvm.ptr<1> (global memory), found '!llvm.ptr<3>'}}
  layout.fragment_store %acc, %C[%i, %i] thread(%i) bounds(%i, %i) ld(%i) {elem = f16, tileRows = 4 : i64, fragment = #layout.layout<(1,4):(0,4)>} : !llvm.struct<(f32, f32, f32, f32)>, !llvm.ptr<3>
  llvm.return
}

// -----

llvm.func @rank(%acc: !llvm.struct<(f32, f32, f32, f32)>, %C: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{fragment_store: the fragment must have two modes (thread, value), found rank 3}}
  layout.fragment_store %acc, %C[%i, %i] thread(%i) bounds(%i, %i) ld(%i) {elem = f16, tileRows = 4 : i64, fragment = #layout.layout<(1,2,2):(0,4,8)>} : !llvm.struct<(f32, f32, f32, f32)>, !llvm.ptr
  llvm.return
}

// -----

llvm.func @missing(%acc: !llvm.struct<(f32, f32, f32, f32)>, %C: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{requires the layout 'fragment': an attribute fragment = #layout.layout<...> or an operand fragment(%l : !layout.layout<...>)}}
  layout.fragment_store %acc, %C[%i, %i] thread(%i) bounds(%i, %i) ld(%i) {elem = f16, tileRows = 4 : i64} : !llvm.struct<(f32, f32, f32, f32)>, !llvm.ptr
  llvm.return
}

// -----

func.func @dynamic(%acc: !llvm.struct<(f32, f32, f32, f32)>, %C: !llvm.ptr, %i: i32, %n: index) {
  %f = layout.make %n : !layout.layout<(1,?):(0,4)>
  // expected-error @+1 {{the layout operand 'fragment' must be a static layout}}
  layout.fragment_store %acc, %C[%i, %i] thread(%i) bounds(%i, %i) ld(%i) fragment(%f : !layout.layout<(1,?):(0,4)>) {elem = f16, tileRows = 4 : i64} : !llvm.struct<(f32, f32, f32, f32)>, !llvm.ptr
  return
}
