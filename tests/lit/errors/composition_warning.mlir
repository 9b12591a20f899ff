// A composition whose B reaches past size(A) reads A outside its domain (CuTe extends A along
// its last mode): a warning names the index range [size(A), cosize(B)), computed by the algebra
// (no search in the verifier); the op still folds. The exact set of B's coordinates is the
// opt-in pass's (passes/composition_domain.mlir).
// RUN: layout-opt %s -verify-diagnostics
// (MLIR 22 reports the expected-warning annotation as "not produced" without
// -verify-diagnostics: only the composition warnings are checked here.)
// RUN: layout-opt %s --canonicalize 2>&1 | FileCheck %s

func.func @past_size() -> !layout.layout<(4,3):(3,1)> {
  %a = layout.const #layout.layout<6:1>
  %b = layout.const #layout.layout<(4,3):(3,1)>
  // expected-warning@+1 {{composition reads A = 6:1 outside its domain: B = (4,3):(3,1) reaches indices [6, 12) past size(A) = 6 (A is extended along its last mode)}}
  %c = layout.composition %a, %b : !layout.layout<6:1>, !layout.layout<(4,3):(3,1)>
  return %c : !layout.layout<(4,3):(3,1)>
}

// Within the domain: no warning.
func.func @inside() -> !layout.layout<(5,4):(8,2)> {
  %a = layout.const #layout.layout<(20):(2)>
  %b = layout.const #layout.layout<(5,4):(4,1)>
  %c = layout.composition %a, %b : !layout.layout<(20):(2)>, !layout.layout<(5,4):(4,1)>
  return %c : !layout.layout<(5,4):(8,2)>
}

// The reproducer of issue 29: its exact out-of-domain set kept ISL busy for minutes when the
// verifier computed it; the range alone is immediate.
func.func @reproducer() -> !layout.layout<(((4,8),2)):(((8,1),4))> {
  %a = layout.const #layout.layout<((8,4)):((4,1))>
  %b = layout.const #layout.layout<((32,2)):((2,1))>
  // expected-warning@+1 {{reaches indices [32, 64) past size(A) = 32 (A is extended along its last mode)}}
  %c = layout.composition %a, %b : !layout.layout<((8,4)):((4,1))>, !layout.layout<((32,2)):((2,1))>
  return %c : !layout.layout<(((4,8),2)):(((8,1),4))>
}

// CHECK: warning: composition reads A = 6:1 outside its domain: B = (4,3):(3,1) reaches indices [6, 12) past size(A) = 6 (A is extended along its last mode){{$}}
// CHECK-NOT: warning: composition reads A = (20):(2)
// CHECK-LABEL: func.func @past_size
// CHECK-NEXT: %[[C:.*]] = layout.const #layout.layout<(4,3):(3,1)>
// CHECK-NEXT: return %[[C]]
