// layout-canonicalize (and upstream canonicalize): static folding, and filter_zeros/coalesce
// only where the op observes just the function or the footprint. The evaluation of every
// rewrite before and after is in dialect/tests/api.rs.
// RUN: layout-opt %s --layout-canonicalize | FileCheck %s
// RUN: layout-opt %s --canonicalize | FileCheck %s
// RUN: layout-opt %s --pass-pipeline="builtin.module(layout-canonicalize)" | FileCheck %s

// A linear index observes the function: the layout is coalesced.
// CHECK-LABEL: func.func @crd2idx_linear
// CHECK-NEXT: %[[L:.*]] = layout.const #layout.layout<8:1>
// CHECK-NEXT: %[[O:.*]] = layout.crd2idx %[[L]][%arg0] : !layout.layout<8:1>
// CHECK-NEXT: return %[[O]]
func.func @crd2idx_linear(%i: index) -> index {
  %l = layout.const #layout.layout<(2,4):(1,2)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(2,4):(1,2)>
  return %o : index
}

// A coordinate per mode observes the coordinate interface: no rewrite.
// CHECK-LABEL: func.func @crd2idx_modes
// CHECK: layout.crd2idx %{{.*}}[%arg0, %arg1] : !layout.layout<(2,4):(1,2)>
func.func @crd2idx_modes(%i: index, %j: index) -> index {
  %l = layout.const #layout.layout<(2,4):(1,2)>
  %o = layout.crd2idx %l[%i, %j] : !layout.layout<(2,4):(1,2)>
  return %o : index
}

// Runtime leaves: the static part is coalesced, `?` leaves stay runtime values.
// CHECK-LABEL: func.func @crd2idx_dynamic
// CHECK-NEXT: %[[M:.*]] = layout.make %arg1 : !layout.layout<(4,2,?):(1,4,8)>
// CHECK-NEXT: %[[C:.*]] = layout.coalesce %[[M]] : !layout.layout<(4,2,?):(1,4,8)>
// CHECK-NEXT: layout.crd2idx %[[C]][%arg0] : !layout.layout<(8,?):(1,8)>
func.func @crd2idx_dynamic(%i: index, %m: index) -> index {
  %l = layout.make %m : !layout.layout<(4,2,?):(1,4,8)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,2,?):(1,4,8)>
  return %o : index
}

// cosize observes the footprint: the layout is filtered (stride-0 modes dropped, coalesced).
// CHECK-LABEL: func.func @cosize_dynamic
// CHECK-NEXT: %[[M:.*]] = layout.make %arg0 : !layout.layout<(4,2,?):(1,0,4)>
// CHECK-NEXT: %[[F:.*]] = layout.filter %[[M]] : !layout.layout<(4,2,?):(1,0,4)>
// CHECK-NEXT: layout.cosize %[[F]] : !layout.layout<(4,?):(1,4)>
func.func @cosize_dynamic(%m: index) -> index {
  %l = layout.make %m : !layout.layout<(4,2,?):(1,0,4)>
  %c = layout.cosize %l : !layout.layout<(4,2,?):(1,0,4)>
  return %c : index
}

// size observes the coordinate count, which filter would change: no rewrite.
// CHECK-LABEL: func.func @size_dynamic
// CHECK-NEXT: layout.make
// CHECK-NEXT: layout.size %{{.*}} : !layout.layout<(4,2,?):(1,0,4)>
func.func @size_dynamic(%m: index) -> index {
  %l = layout.make %m : !layout.layout<(4,2,?):(1,0,4)>
  %c = layout.size %l : !layout.layout<(4,2,?):(1,0,4)>
  return %c : index
}

// Static algebra folds completely.
// CHECK-LABEL: func.func @static
// CHECK-NEXT: %[[C:.*]] = arith.constant 16 : index
// CHECK-NEXT: return %[[C]]
func.func @static() -> index {
  %a = layout.const #layout.layout<(4,2,3):(1,0,4)>
  %f = layout.filter %a : !layout.layout<(4,2,3):(1,0,4)>
  %c = layout.cosize %f : !layout.layout<12:1>
  %d = layout.const #layout.layout<16:1>
  %s = layout.size %d : !layout.layout<16:1>
  %o = layout.crd2idx %d[%c] : !layout.layout<16:1>
  %r = arith.addi %o, %c : index
  %z = arith.subi %r, %c : index
  %y = arith.subi %z, %c : index
  %x = arith.addi %y, %s : index
  return %x : index
}
