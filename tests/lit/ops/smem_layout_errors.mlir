// layout.smem_layout: a tile the selector refuses is a diagnostic with the rule.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

func.func @mn() {
  // expected-error @+1 {{'layout.smem_layout' op smem_layout: MN = 100 is not a multiple of 8 (an atom has 8 rows along the other mode)}}
  %a = layout.smem_layout {elem = "f16", major = "K", mn = 100 : i64, k = 64 : i64}
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{'layout.smem_layout' op smem_layout: K = 24 is not a multiple of one WGMMA instruction's K (16 f16 elements, 32 bytes)}}
  %a = layout.smem_layout {elem = "f16", major = "K", mn = 128 : i64, k = 24 : i64}
  return
}

// -----

func.func @stages() {
  // expected-error @+1 {{'layout.smem_layout' op smem_layout: 8 stages of 256 x 64 f16 are 262144 bytes, more than the 232448 bytes of shared memory of an sm_90 CTA}}
  %a = layout.smem_layout {elem = "f16", major = "K", mn = 256 : i64, k = 64 : i64, stages = 8 : i64}
  return
}

// -----

func.func @elem() {
  // expected-error @+1 {{'layout.smem_layout' op unknown element type 'f17'}}
  %a = layout.smem_layout {elem = "f17", major = "K", mn = 128 : i64, k = 64 : i64}
  return
}
