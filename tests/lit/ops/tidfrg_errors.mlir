// layout.tidfrg: CuTe's static asserts of a tiled copy are errors that name the condition: the
// values per thread are a multiple of the atom's, the layout has the tile's modes, the threads
// and values cover their tile once.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

func.func @vector() {
  %t = layout.const #layout.layout<(64,64):(64,1)>
  %thr = layout.const #layout.layout<(16,8):(8,1)>
  %val = layout.const #layout.layout<(1,6):(0,1)>
  %v = layout.const #layout.tuple<4>
  // expected-error@+1 {{'layout.tidfrg' op tidfrg: the value layout (1,6):(0,1) holds 6 values per thread, not a multiple of the atom's 4}}
  %r = layout.tidfrg %t, %thr, %val, %v : !layout.layout<(64,64):(64,1)>, !layout.layout<(16,8):(8,1)>, !layout.layout<(1,6):(0,1)>, !layout.tuple<4>
  return
}

// -----

func.func @rank() {
  %t = layout.const #layout.layout<64:1>
  %thr = layout.const #layout.layout<(16,8):(8,1)>
  %val = layout.const #layout.layout<(1,4):(0,1)>
  %v = layout.const #layout.tuple<4>
  // expected-error@+1 {{'layout.tidfrg' op tidfrg: the layout 64:1 has fewer modes than the copy's tile (2 modes)}}
  %r = layout.tidfrg %t, %thr, %val, %v : !layout.layout<64:1>, !layout.layout<(16,8):(8,1)>, !layout.layout<(1,4):(0,1)>, !layout.tuple<4>
  return
}

// -----

func.func @not_a_bijection() {
  %t = layout.const #layout.layout<(16,16):(16,1)>
  %thr = layout.const #layout.layout<(4,2):(1,0)>
  %val = layout.const #layout.layout<(1,4):(0,1)>
  %v = layout.const #layout.tuple<2>
  // expected-error@+1 {{'layout.tidfrg' op tidfrg: raked_product(thr, val) = ((1,4),(4,2)):((0,1),(4,0)) is not a bijection onto its tile: its right inverse covers 16 of the 32 (thread, value) pairs (each tile element must be copied by exactly one thread and value)}}
  %r = layout.tidfrg %t, %thr, %val, %v : !layout.layout<(16,16):(16,1)>, !layout.layout<(4,2):(1,0)>, !layout.layout<(1,4):(0,1)>, !layout.tuple<2>
  return
}

// -----

func.func @runtime_threads(%n: index) {
  %t = layout.const #layout.layout<(16,16):(16,1)>
  %thr = layout.make %n : !layout.layout<(4,?):(1,4)>
  %val = layout.const #layout.layout<(1,4):(0,1)>
  %v = layout.const #layout.tuple<2>
  // expected-error@+1 {{'layout.tidfrg' op tidfrg: the thread layout (4,?):(1,4) must be static}}
  %r = layout.tidfrg %t, %thr, %val, %v : !layout.layout<(16,16):(16,1)>, !layout.layout<(4,?):(1,4)>, !layout.layout<(1,4):(0,1)>, !layout.tuple<2>
  return
}
