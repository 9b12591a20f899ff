// layout.crd2idx / layout.idx2crd: round trip, folding with constant coordinates.
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @crd2idx
// FOLD-LABEL: func.func @crd2idx
func.func @crd2idx(%i: index) -> (index, index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c13 = arith.constant 13 : index
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  // (1,2) in ((2,4),8):((1,16),2): mode 0 index 1 is (1,0) -> 1, mode 1 index 2 -> 4.
  // CHECK: layout.crd2idx %{{.*}}[%{{.*}}, %{{.*}}] : !layout.layout<((2,4),8):((1,16),2)>
  %a = layout.crd2idx %l[%c1, %c2] : !layout.layout<((2,4),8):((1,16),2)>
  // Linear index 13 = (1,2,1): 1*1 + 2*16 + 1*2 = 35.
  %b = layout.crd2idx %l[%c13] : !layout.layout<((2,4),8):((1,16),2)>
  // FOLD-DAG: %[[C5:.*]] = arith.constant 5 : index
  // FOLD-DAG: %[[C35:.*]] = arith.constant 35 : index
  // Runtime coordinates do not fold.
  // FOLD: %[[D:.*]] = layout.crd2idx %{{.*}}[%{{.*}}]
  %d = layout.crd2idx %l[%i] : !layout.layout<((2,4),8):((1,16),2)>
  // FOLD: return %[[C5]], %[[C35]], %[[D]]
  return %a, %b, %d : index, index, index
}

// CHECK-LABEL: func.func @idx2crd
// FOLD-LABEL: func.func @idx2crd
func.func @idx2crd() -> (index, index, index) {
  %c13 = arith.constant 13 : index
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  // CHECK: layout.idx2crd %{{.*}}[%{{.*}}] : !layout.layout<((2,4),8):((1,16),2)> -> index, index, index
  %x:3 = layout.idx2crd %l[%c13] : !layout.layout<((2,4),8):((1,16),2)> -> index, index, index
  // 13 = 1 + 2*2 + 1*8 -> (1,2,1)
  // FOLD-DAG: %[[C1:.*]] = arith.constant 1 : index
  // FOLD-DAG: %[[C2:.*]] = arith.constant 2 : index
  // FOLD: return %[[C1]], %[[C2]], %[[C1]]
  return %x#0, %x#1, %x#2 : index, index, index
}

// One index per leaf of the shape: a hierarchical coordinate ((1,2),3) -> 1 + 2*16 + 3*2 = 39.
// CHECK-LABEL: func.func @crd2idx_hierarchical
// FOLD-LABEL: func.func @crd2idx_hierarchical
func.func @crd2idx_hierarchical(%i: index) -> (index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %l = layout.const #layout.layout<((2,4),8):((1,16),2)>
  // CHECK: layout.crd2idx %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : !layout.layout<((2,4),8):((1,16),2)>
  %a = layout.crd2idx %l[%c1, %c2, %c3] : !layout.layout<((2,4),8):((1,16),2)>
  %b = layout.crd2idx %l[%c1, %i, %c3] : !layout.layout<((2,4),8):((1,16),2)>
  // FOLD: %[[C39:.*]] = arith.constant 39 : index
  // FOLD: %[[B:.*]] = layout.crd2idx %{{.*}}[%{{.*}}, %arg0, %{{.*}}]
  // FOLD: return %[[C39]], %[[B]]
  return %a, %b : index, index
}

// A swizzled (composed) layout Sw<3,4,3> o 0 o (8,64):(64,1):
// linear 5 -> L = 320 = 0b1_0100_0000, bits [7,10) = 2 xor-ed into bits [4,7) -> 352;
// (1,9) -> L = 73, bits [7,10) = 0 -> 73.
// FOLD-LABEL: func.func @crd2idx_swizzled
func.func @crd2idx_swizzled() -> (index, index) {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %a = layout.crd2idx %l[%c5] : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %b = layout.crd2idx %l[%c1, %c9] : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  // FOLD-DAG: %[[A:.*]] = arith.constant 352 : index
  // FOLD-DAG: %[[B:.*]] = arith.constant 73 : index
  // FOLD: return %[[A]], %[[B]]
  return %a, %b : index, index
}
