// layout-lower-to-index emits its final form itself (issue 15): one arith.constant per value
// per block, at the start of the block; one op per distinct computation in a block (the
// lowerings of ops of the same block share them); values computed and then folded away
// (x mod a + (x div a) * a = x) and arith.constant coordinates folded into the result are
// erased. `--lower-to-index` is this pass alone: no canonicalize or cse runs afterwards.
// RUN: layout-opt %s --layout-lower-to-index | FileCheck %s
// RUN: layout-opt %s --lower-to-index | FileCheck %s

// Two layouts that both split %i by 3: one divui, one remui, and each constant once.
// CHECK-LABEL: func.func @shared
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[C5:.*]] = arith.constant 5 : index
// CHECK-NOT: arith.constant
// CHECK: %[[R:.*]] = arith.remui %arg0, %[[C3]] : index
// CHECK-NOT: arith.remui
// CHECK: %[[Q:.*]] = arith.divui %arg0, %[[C3]] : index
// CHECK-NOT: arith.divui
// CHECK: arith.muli %[[Q]], %[[C5]]
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: return
func.func @shared(%i: index) -> (index, index, index) {
  %a = layout.const #layout.layout<(3,4):(4,1)>
  %x = layout.crd2idx %a[%i] : !layout.layout<(3,4):(4,1)>
  %b = layout.const #layout.layout<(3,4):(4,1)>
  %y = layout.crd2idx %b[%i] : !layout.layout<(3,4):(4,1)>
  %c = layout.const #layout.layout<(3,4):(1,5)>
  %z = layout.crd2idx %c[%i] : !layout.layout<(3,4):(1,5)>
  return %x, %y, %z : index, index, index
}

// The same layout applied twice is one computation: both results are the same value.
// CHECK-LABEL: func.func @same_twice
// CHECK: %[[V:.*]] = arith.addi
// CHECK-NEXT: return %[[V]], %[[V]] : index, index
func.func @same_twice(%i: index) -> (index, index) {
  %a = layout.const #layout.layout<(3,4):(4,1)>
  %x = layout.crd2idx %a[%i] : !layout.layout<(3,4):(4,1)>
  %y = layout.crd2idx %a[%i] : !layout.layout<(3,4):(4,1)>
  return %x, %y : index, index
}

// x mod m + (x div m) * m is x: nothing is left of the remui/divui/muli the builders made.
// CHECK-LABEL: func.func @recombined
// CHECK-NEXT: return %arg0 : index
func.func @recombined(%m: index) -> index {
  %l = layout.make %m, %m : !layout.layout<(?,8):(1,?)>
  %o = layout.crd2idx %l[%m] : !layout.layout<(?,8):(1,?)>
  return %o : index
}

// A constant coordinate folds; the arith.constant that fed only the crd2idx goes with it.
// CHECK-LABEL: func.func @folded
// CHECK-NEXT: %[[K:.*]] = arith.constant 27 : index
// CHECK-NEXT: return %[[K]] : index
func.func @folded() -> index {
  %c3 = arith.constant 3 : index
  %l = layout.const #layout.layout<(4,8):(8,1)>
  %o = layout.crd2idx %l[%c3, %c3] : !layout.layout<(4,8):(8,1)>
  return %o : index
}

// Each block has its own pool: the loop body's constants are at the start of the body, and
// the function's at the start of the function.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.for %[[J:[a-z0-9]+]] = %[[C0]]
// CHECK-NEXT: %[[D3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[D2:.*]] = arith.constant 2 : index
// CHECK-NEXT: arith.remui %[[J]], %[[D3]] : index
// CHECK: scf.yield
// CHECK: arith.remui %arg0, %[[C3]] : index
func.func @nested(%i: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %a = layout.const #layout.layout<(3,4):(4,1)>
    %x = layout.crd2idx %a[%j] : !layout.layout<(3,4):(4,1)>
    scf.yield %x : index
  }
  %b = layout.const #layout.layout<(3,4):(4,1)>
  %y = layout.crd2idx %b[%i] : !layout.layout<(3,4):(4,1)>
  %s = arith.addi %r, %y : index
  return %s : index
}
