// layout-lower-to-index lowers each layout op on its own (MLIR's dialect conversion, one pattern
// per op): its constants and arith ops right before it, one per distinct value of that op, and
// the layout ops left without uses erased. Sharing between layout ops is the job of upstream
// canonicalize and cse, which the `lower-to-index` pipeline runs after the pass: constants are
// hoisted to the entry of the function and merged, the same computation of different layout ops
// is one op, coordinates folded into the lowering are erased.
// RUN: layout-opt %s --layout-lower-to-index | FileCheck %s --check-prefix=PASS
// RUN: layout-opt %s --lower-to-index | FileCheck %s
// RUN: layout-opt %s --pass-pipeline='builtin.module(func.func(layout-lower-to-index,canonicalize,cse))' | FileCheck %s

// Two layouts that both split %i by 3. The pass: each op with its own constants; no layout op
// left. The pipeline: one divui, one remui, each constant once.
// PASS-LABEL: func.func @shared
// PASS-NOT: layout.
// PASS: %[[P3:.*]] = arith.constant 3 : index
// PASS-NEXT: arith.remui %arg0, %[[P3]] : index
// PASS: %[[Q3:.*]] = arith.constant 3 : index
// PASS-NEXT: arith.remui %arg0, %[[Q3]] : index
// PASS-NOT: layout.
// PASS: return
// CHECK-LABEL: func.func @shared
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
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

// The same layout applied twice: two computations after the pass, one after cse.
// PASS-LABEL: func.func @same_twice
// PASS-COUNT-2: arith.divui
// PASS: return %{{.*}}, %{{.*}} : index, index
// CHECK-LABEL: func.func @same_twice
// CHECK: %[[V:.*]] = arith.addi
// CHECK-NEXT: return %[[V]], %[[V]] : index, index
func.func @same_twice(%i: index) -> (index, index) {
  %a = layout.const #layout.layout<(3,4):(4,1)>
  %x = layout.crd2idx %a[%i] : !layout.layout<(3,4):(4,1)>
  %y = layout.crd2idx %a[%i] : !layout.layout<(3,4):(4,1)>
  return %x, %y : index, index
}

// x mod m + (x div m) * m is x: the lowering itself leaves nothing of the remui/divui/muli its
// builders made (they are erased once the conversion has committed).
// PASS-LABEL: func.func @recombined
// PASS-NEXT: return %arg0 : index
// CHECK-LABEL: func.func @recombined
// CHECK-NEXT: return %arg0 : index
func.func @recombined(%m: index) -> index {
  %l = layout.make %m, %m : !layout.layout<(?,8):(1,?)>
  %o = layout.crd2idx %l[%m] : !layout.layout<(?,8):(1,?)>
  return %o : index
}

// A constant coordinate folds into the lowering; the arith.constant that fed only the crd2idx
// stays after the pass and goes with canonicalize.
// PASS-LABEL: func.func @folded
// PASS-NEXT: %[[C3:.*]] = arith.constant 3 : index
// PASS-NEXT: %[[K:.*]] = arith.constant 27 : index
// PASS-NEXT: return %[[K]] : index
// CHECK-LABEL: func.func @folded
// CHECK-NEXT: %[[K:.*]] = arith.constant 27 : index
// CHECK-NEXT: return %[[K]] : index
func.func @folded() -> index {
  %c3 = arith.constant 3 : index
  %l = layout.const #layout.layout<(4,8):(8,1)>
  %o = layout.crd2idx %l[%c3, %c3] : !layout.layout<(4,8):(8,1)>
  return %o : index
}

// In a loop: the pass emits the body's math in the body; canonicalize hoists the constants to
// the entry of the function, and the computations stay where they are.
// PASS-LABEL: func.func @nested
// PASS: scf.for %[[J:[a-z0-9]+]] =
// PASS-NEXT: %[[D3:.*]] = arith.constant 3 : index
// PASS-NEXT: arith.remui %[[J]], %[[D3]] : index
// CHECK-LABEL: func.func @nested
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.for %[[J:[a-z0-9]+]] = %[[C0]]
// CHECK-NEXT: arith.remui %[[J]], %[[C3]] : index
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
