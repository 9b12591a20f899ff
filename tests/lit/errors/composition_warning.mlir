// A composition whose B reaches past size(A) reads A outside its domain (CuTe extends A along
// its last mode): a warning names the index range and, the layouts being static, the exact set
// of coordinates of B that read past size(A), computed by the relation layer on ISL (over B's
// flat coordinate and over its natural coordinate: here i + 4j with 3i + j >= 6); the op still
// folds.
// RUN: layout-opt %s -verify-diagnostics
// (MLIR 22 reports the expected-warning annotation as "not produced" without
// -verify-diagnostics: only the composition warnings are checked here.)
// RUN: layout-opt %s --canonicalize 2>&1 | FileCheck %s

func.func @past_size() -> !layout.layout<(4,3):(3,1)> {
  %a = layout.const #layout.layout<6:1>
  %b = layout.const #layout.layout<(4,3):(3,1)>
  // expected-warning@+1 {{composition reads A = 6:1 outside its domain: B = (4,3):(3,1) reaches indices [6, 12) past size(A) = 6 (A is extended along its last mode); the coordinates of B that read past it: { [c] : 0 <= c <= 11 and 11*floor((-1 - c)/4) >= -5 - 3c } (flat), { [c0, c1] : 0 <= c0 <= 3 and c1 >= 0 and 6 - 3c0 <= c1 <= 2 } (natural)}}
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

// CHECK: warning: composition reads A = 6:1 outside its domain: B = (4,3):(3,1) reaches indices [6, 12) past size(A) = 6 (A is extended along its last mode); the coordinates of B that read past it: { [c] : 0 <= c <= 11 and 11*floor((-1 - c)/4) >= -5 - 3c } (flat), { [c0, c1] : 0 <= c0 <= 3 and c1 >= 0 and 6 - 3c0 <= c1 <= 2 } (natural)
// CHECK-NOT: warning: composition
// CHECK-LABEL: func.func @past_size
// CHECK-NEXT: %[[C:.*]] = layout.const #layout.layout<(4,3):(3,1)>
// CHECK-NEXT: return %[[C]]
