// layout.smem_layout: a tile the selector refuses is a diagnostic with the rule.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

func.func @mn() {
  // expected-error @+1 {{'layout.smem_layout' op smem_layout: MN = 100 is not a multiple of 8 (an atom has 8 rows along the other mode)}}
  %a = layout.smem_layout {elem = f16, major = #layout.major<K>, mn = 100 : i64, k = 64 : i64}
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'layout.smem_layout' op smem_layout: K = 24 is not a multiple of one WGMMA instruction's K (16 f16 elements, 32 bytes)}}
  %a = layout.smem_layout {elem = f16, major = #layout.major<K>, mn = 128 : i64, k = 24 : i64}
  return
}

// -----

func.func @stages() {
  // expected-error @+1 {{'layout.smem_layout' op smem_layout: 8 stages of 256 x 64 f16 are 262144 bytes, more than the 232448 bytes of shared memory of an sm_90 CTA}}
  %a = layout.smem_layout {elem = f16, major = #layout.major<K>, mn = 256 : i64, k = 64 : i64, stages = 8 : i64}
  return
}

// -----

func.func @elem() {
  // expected-error @+1 {{'layout.smem_layout' op 'elem' must be one of the element types f16, bf16, tf32, f32, f64, f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN, f8E8M0FNU, si8, ui8, si32, i1, i8, i16, i32, i64; found index}}
  %a = layout.smem_layout {elem = index, major = #layout.major<K>, mn = 128 : i64, k = 64 : i64}
  return
}

// -----

// The element type is a type, not a string (as it was before the typed attributes).
func.func @elem_string() {
  // expected-error @+1 {{attribute 'elem' failed to satisfy constraint: any type attribute}}
  %a = layout.smem_layout {elem = "f16", major = #layout.major<K>, mn = 128 : i64, k = 64 : i64}
  return
}

// -----

func.func @major() {
  // expected-error @+2 {{expected ::mlir::layout::Major to be one of: K, MN}}
  // expected-error @+1 {{failed to parse Layout_MajorAttr parameter 'value' which is to be a `::mlir::layout::Major`}}
  %a = layout.smem_layout {elem = f16, major = #layout.major<M>, mn = 128 : i64, k = 64 : i64}
  return
}
