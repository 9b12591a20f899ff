// --layout-composition-domain: the exact set of B's coordinates at which a composition reads A
// past size(A), over B's natural coordinate (no integer divisions), as a remark; nothing else
// changes. The verifier's warning names only the range.
// RUN: layout-opt %s --layout-composition-domain -verify-diagnostics | FileCheck %s

func.func @past_size() -> !layout.layout<(4,3):(3,1)> {
  %a = layout.const #layout.layout<6:1>
  %b = layout.const #layout.layout<(4,3):(3,1)>
  // Offsets 3*c0 + c1 >= 6 in the box 0 <= c0 < 4, 0 <= c1 < 3 (so c0 is 2 or 3).
  // expected-warning@+2 {{reaches indices [6, 12) past size(A) = 6}}
  // expected-remark@+1 {{'layout.composition' op the coordinates of B = (4,3):(3,1) that read A past size(A) = 6: { [c0, c1] : c0 <= 3 and c1 >= 0 and 6 - 3c0 <= c1 <= 2 } (B's natural coordinate, one variable per leaf)}}
  %c = layout.composition %a, %b : !layout.layout<6:1>, !layout.layout<(4,3):(3,1)>
  return %c : !layout.layout<(4,3):(3,1)>
}

// The reproducer of issue 29 (its flat-coordinate set kept ISL busy for minutes).
func.func @reproducer() -> !layout.layout<(((4,8),2)):(((8,1),4))> {
  %a = layout.const #layout.layout<((8,4)):((4,1))>
  %b = layout.const #layout.layout<((32,2)):((2,1))>
  // expected-warning@+2 {{reaches indices [32, 64)}}
  // expected-remark@+1 {{that read A past size(A) = 32: { [c0, c1] : c0 <= 31 and c1 >= 0 and 32 - 2c0 <= c1 <= 1 }}}
  %c = layout.composition %a, %b : !layout.layout<((8,4)):((4,1))>, !layout.layout<((32,2)):((2,1))>
  return %c : !layout.layout<(((4,8),2)):(((8,1),4))>
}

// Inside the domain: no warning, no remark.
func.func @inside() -> !layout.layout<(5,4):(8,2)> {
  %a = layout.const #layout.layout<(20):(2)>
  %b = layout.const #layout.layout<(5,4):(4,1)>
  %c = layout.composition %a, %b : !layout.layout<(20):(2)>, !layout.layout<(5,4):(4,1)>
  return %c : !layout.layout<(5,4):(8,2)>
}

// CHECK-LABEL: func.func @past_size
// CHECK: layout.composition %{{.*}}, %{{.*}} : !layout.layout<6:1>, !layout.layout<(4,3):(3,1)>
