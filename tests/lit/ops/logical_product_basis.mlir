// layout.logical_product of a scaled-basis layout and an integer layout: (A, complement(A) o B).
// The folded constants are CuTe IR's answers (its lit tests; cute-opt), docs/algebra.md
// "Scaled-basis strides".
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @logical_product_0
// FOLD-LABEL: func.func @logical_product_0
func.func @logical_product_0() -> !layout.layout<((4,3),(2,5)):((1@0,1@1),(3@1,6@1))> {
  %a = layout.const #layout.layout<(4,3):(1@0,1@1)>
  %b = layout.const #layout.layout<(2,5):(1,2)>
  // CHECK: layout.logical_product %{{.*}}, %{{.*}} : !layout.layout<(4,3):(1@0,1@1)>, !layout.layout<(2,5):(1,2)>
  %r = layout.logical_product %a, %b : !layout.layout<(4,3):(1@0,1@1)>, !layout.layout<(2,5):(1,2)>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<((4,3),(2,5)):((1@0,1@1),(3@1,6@1))>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<((4,3),(2,5)):((1@0,1@1),(3@1,6@1))>
}

// CHECK-LABEL: func.func @logical_product_1
// FOLD-LABEL: func.func @logical_product_1
func.func @logical_product_1() -> !layout.layout<(8,4):(1@0,16@0)> {
  %a = layout.const #layout.layout<8:1@0>
  %b = layout.const #layout.layout<4:2>
  // CHECK: layout.logical_product %{{.*}}, %{{.*}} : !layout.layout<8:1@0>, !layout.layout<4:2>
  %r = layout.logical_product %a, %b : !layout.layout<8:1@0>, !layout.layout<4:2>
  // FOLD: %[[C:.*]] = layout.const #layout.layout<(8,4):(1@0,16@0)>
  // FOLD-NEXT: return %[[C]]
  return %r : !layout.layout<(8,4):(1@0,16@0)>
}
