// --layout-prove-lowering: the index math --lower-to-index emits for every static
// layout.crd2idx / layout.idx2crd is translated into an ISL relation and proven equal to the
// layout's relation over the whole domain (symbolically). The pass only proves: the IR is left
// as it was (the scratch lowering is erased), and the real lowering runs after it.
// A wrong lowering is an error with a witness: see prove_lowering_errors.mlir.
// RUN: layout-opt %s --layout-prove-lowering | FileCheck %s
// RUN: layout-opt %s --layout-prove-lowering --lower-to-index | FileCheck %s --check-prefix=LOWERED
// RUN: layout-opt %s --pass-pipeline="builtin.module(func.func(layout-prove-lowering))" | FileCheck %s

// The pass leaves every op in place and emits nothing.
// CHECK-LABEL: func.func @row_major
// CHECK-NEXT: layout.const
// CHECK-NEXT: layout.crd2idx
// CHECK-NEXT: return
// LOWERED-LABEL: func.func @row_major
// LOWERED: arith.andi
// LOWERED-NOT: layout.
func.func @row_major(%i: index) -> index {
  %l = layout.const #layout.layout<(8,64):(64,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(8,64):(64,1)>
  return %o : index
}

// Plain, non-power-of-two: div/rem by constants.
// CHECK-LABEL: func.func @plain
// CHECK-NOT: arith.
// CHECK: return
func.func @plain(%i: index) -> index {
  %l = layout.const #layout.layout<(6,10):(10,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(6,10):(10,1)>
  return %o : index
}

// Hierarchical, with one coordinate per top-level mode.
// CHECK-LABEL: func.func @hierarchical_modes
// CHECK-NEXT: layout.const
// CHECK-NEXT: layout.crd2idx
func.func @hierarchical_modes(%i: index, %j: index) -> index {
  %l = layout.const #layout.layout<((2,4),(3,5)):((1,24),(2,8))>
  %o = layout.crd2idx %l[%i, %j] : !layout.layout<((2,4),(3,5)):((1,24),(2,8))>
  return %o : index
}

// Hierarchical with a linear index.
// CHECK-LABEL: func.func @hierarchical_linear
// CHECK-NOT: arith.
// CHECK: return
func.func @hierarchical_linear(%i: index) -> index {
  %l = layout.const #layout.layout<((2,3),(4,5)):((1,2),(6,24))>
  %o = layout.crd2idx %l[%i] : !layout.layout<((2,3),(4,5)):((1,2),(6,24))>
  return %o : index
}

// Negative strides (offsets below zero on part of the domain).
// CHECK-LABEL: func.func @negative
// CHECK-NOT: arith.
// CHECK: return
func.func @negative(%i: index, %j: index) -> index {
  %l = layout.const #layout.layout<((2,4),(3,5)):((1,-6),(2,-30))>
  %o = layout.crd2idx %l[%i, %j] : !layout.layout<((2,4),(3,5)):((1,-6),(2,-30))>
  return %o : index
}

// CHECK-LABEL: func.func @negative_linear
// CHECK-NOT: arith.
// CHECK: return
func.func @negative_linear(%i: index) -> index {
  %l = layout.const #layout.layout<(4,7):(-7,3)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,7):(-7,3)>
  return %o : index
}

// Swizzled: and/shift/xor, proven by bit decomposition.
// CHECK-LABEL: func.func @swizzled
// CHECK-NOT: arith.
// CHECK: return
func.func @swizzled(%i: index) -> index {
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  return %o : index
}

// CHECK-LABEL: func.func @swizzled_modes
// CHECK-NOT: arith.
// CHECK: return
func.func @swizzled_modes(%i: index, %j: index) -> index {
  %l = layout.const #layout.layout<Sw<2,3,3> o 32 o ((8,2),(4,8)):((64,512),(1,16))>
  %o = layout.crd2idx %l[%i, %j] : !layout.layout<Sw<2,3,3> o 32 o ((8,2),(4,8)):((64,512),(1,16))>
  return %o : index
}

// Composed: a layout after a layout, with an offset.
// CHECK-LABEL: func.func @composed
// CHECK-NOT: arith.
// CHECK: return
func.func @composed(%i: index) -> index {
  %l = layout.const #layout.layout<(4,8):(8,1) o 3 o (2,4):(4,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(4,8):(8,1) o 3 o (2,4):(4,1)>
  return %o : index
}

// idx2crd: the colexicographic split, one result per leaf.
// CHECK-LABEL: func.func @split
// CHECK-NEXT: layout.const
// CHECK-NEXT: layout.idx2crd
func.func @split(%i: index) -> (index, index, index) {
  %l = layout.const #layout.layout<((2,3),8):((1,16),2)>
  %x:3 = layout.idx2crd %l[%i] : !layout.layout<((2,3),8):((1,16),2)> -> index, index, index
  return %x#0, %x#1, %x#2 : index, index, index
}

// A constant coordinate is proven at its value; one value passed twice is one coordinate.
// CHECK-LABEL: func.func @constant_and_repeated
// CHECK: layout.crd2idx
// CHECK: layout.crd2idx
func.func @constant_and_repeated(%i: index) -> (index, index) {
  %c = arith.constant 5 : index
  %l = layout.const #layout.layout<(6,10):(10,1)>
  %a = layout.crd2idx %l[%c, %i] : !layout.layout<(6,10):(10,1)>
  %b = layout.crd2idx %l[%i, %i] : !layout.layout<(6,10):(10,1)>
  return %a, %b : index, index
}

// Runtime leaves (layouts made by layout.make): the runtime extents are ISL parameters, and a
// runtime stride, which multiplies a coordinate, is kept as its multiple: each result is proven
// as the vector [static part, multiple of R0, R1, ..] (R_i the make's distinct non-constant
// operands, extents assumed in [1, 2^31 - 1], strides in [-(2^31 - 1), 2^31 - 1]). Row-major
// with a runtime leading dimension, per mode:
// CHECK-LABEL: func.func @runtime_row_major
// CHECK-NEXT: layout.make
// CHECK-NEXT: layout.crd2idx
// LOWERED-LABEL: func.func @runtime_row_major
// LOWERED: arith.muli %arg0, %arg4
// LOWERED-NOT: layout.
func.func @runtime_row_major(%i: index, %j: index, %m: index, %n: index, %ld: index) -> index {
  %l = layout.make %m, %n, %ld : !layout.layout<(?,?):(?,1)>
  %o = layout.crd2idx %l[%i, %j] : !layout.layout<(?,?):(?,1)>
  return %o : index
}

// One integral coordinate: (i mod 8) * ld + i / 8, the runtime extent last.
// CHECK-LABEL: func.func @runtime_flat
func.func @runtime_flat(%i: index, %m: index, %ld: index) -> index {
  %l = layout.make %m, %ld : !layout.layout<(8,?):(?,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(8,?):(?,1)>
  return %o : index
}

// Nested modes with two runtime strides, one value used twice, and a constant operand (part of
// the layout, as the lowering folds it).
// CHECK-LABEL: func.func @runtime_nested
// CHECK-LABEL: func.func @runtime_shared
// CHECK-LABEL: func.func @runtime_constant
func.func @runtime_nested(%i: index, %j: index, %m: index, %s: index, %t: index) -> index {
  %l = layout.make %m, %s, %t : !layout.layout<((4,?),8):((?,?),1)>
  %o = layout.crd2idx %l[%i, %j] : !layout.layout<((4,?),8):((?,?),1)>
  return %o : index
}
func.func @runtime_shared(%i: index, %m: index) -> index {
  %l = layout.make %m, %m : !layout.layout<(8,?):(?,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<(8,?):(?,1)>
  return %o : index
}
func.func @runtime_constant(%i: index, %j: index, %n: index) -> index {
  %c = arith.constant 40 : index
  %l = layout.make %n, %c : !layout.layout<(?,8):(?,1)>
  %o = layout.crd2idx %l[%i, %j] : !layout.layout<(?,8):(?,1)>
  return %o : index
}
