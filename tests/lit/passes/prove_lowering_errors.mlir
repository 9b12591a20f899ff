// --layout-prove-lowering rejects a wrong lowering with a witness coordinate and both values.
// The test-only unit attribute layout.test_wrong_lowering makes the proof see the lowering
// with its first non-zero constant incremented by one (a wrong mask, shift, divisor or stride).
// RUN: layout-opt %s --layout-prove-lowering -split-input-file -verify-diagnostics

// (8,64):(64,1) lowers to ((i & 7) << 6) + (i >> 3); with the mask 8, i = 243 = 3 + 8*30 gives
// 0 + 30 instead of 3*64 + 30 (the witness is any point of the difference ISL finds).
func.func @mask(%i: index) -> index {
  %l = layout.const #layout.layout<(8,64):(64,1)>
  // expected-error @+1 {{'layout.crd2idx' op lowering is wrong for (8,64):(64,1): at coordinate 243 the lowered index math gives 30 and the layout gives 222}}
  %o = layout.crd2idx %l[%i] {layout.test_wrong_lowering} : !layout.layout<(8,64):(64,1)>
  return %o : index
}

// -----

// Swizzled: the wrong mask in the inner layout changes the swizzled offset too.
func.func @swizzled(%i: index) -> index {
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  // expected-error @+1 {{'layout.crd2idx' op lowering is wrong for Sw<3,4,3> o 0 o (8,64):(64,1): at coordinate 1 the lowered index math gives 0 and the layout gives 64}}
  %o = layout.crd2idx %l[%i] {layout.test_wrong_lowering} : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  return %o : index
}

// -----

// One coordinate per mode, negative strides.
func.func @modes(%i: index, %j: index) -> index {
  %l = layout.const #layout.layout<((2,4),(3,5)):((1,-6),(2,30))>
  // expected-error @+1 {{'layout.crd2idx' op lowering is wrong for ((2,4),(3,5)):((1,-6),(2,30)): at coordinate (1, 0) the lowered index math gives 0 and the layout gives 1}}
  %o = layout.crd2idx %l[%i, %j] {layout.test_wrong_lowering} : !layout.layout<((2,4),(3,5)):((1,-6),(2,30))>
  return %o : index
}

// -----

// idx2crd: the witness names all coordinates of both sides.
func.func @split(%i: index) -> (index, index, index) {
  %l = layout.const #layout.layout<(2,(3,5)):(1,(2,6))>
  // expected-error @+1 {{'layout.idx2crd' op lowering is wrong for (2,(3,5)):(1,(2,6)): at coordinate 1 the lowered index math gives (0, 0, 0) and the layout gives (1, 0, 0)}}
  %x:3 = layout.idx2crd %l[%i] {layout.test_wrong_lowering} : !layout.layout<(2,(3,5)):(1,(2,6))> -> index, index, index
  return %x#0, %x#1, %x#2 : index, index, index
}

// -----

// A lowering without constants (the identity 32:1) has nothing to corrupt: said, not ignored.
func.func @nothing_to_corrupt(%i: index) -> index {
  %l = layout.const #layout.layout<32:1>
  // expected-error @+1 {{'layout.crd2idx' op layout.test_wrong_lowering: the lowering emits no non-zero constant to corrupt}}
  %o = layout.crd2idx %l[%i] {layout.test_wrong_lowering} : !layout.layout<32:1>
  return %o : index
}

// -----

// Runtime leaves: (8,?):(?,1) lowers to ((i & 7) * R1) + (i >> 3); with the mask 8, i = 7 gives
// no multiple of the runtime stride R1 where the layout gives 7 (results as [static part,
// multiple of R0, multiple of R1]).
func.func @runtime_mask(%i: index, %m: index, %ld: index) -> index {
  %l = layout.make %m, %ld : !layout.layout<(8,?):(?,1)>
  // expected-error @+1 {{lowering is wrong for (8,?):(?,1) (runtime values R0.. = the make's non-constant operands, each result as [static part, multiple of R0, ..]): at coordinate 7 the lowered index math gives (0, 0, 0) and the layout gives (0, 0, 7)}}
  %o = layout.crd2idx %l[%i] {layout.test_wrong_lowering} : !layout.layout<(8,?):(?,1)>
  return %o : index
}

// -----

// What a quasi-affine relation cannot express is an error naming it: one integral coordinate
// over a runtime extent followed by another leaf divides by the runtime value.
func.func @runtime_extent_inside(%i: index, %m: index, %ld: index) -> index {
  %l = layout.make %m, %ld : !layout.layout<(?,8):(1,?)>
  // expected-error @+1 {{cannot prove the lowering of (?,8):(1,?): relation of ((?,8)):((1,?)): mode 0 leaf 0 has a runtime extent before leaf 1: the coordinate of that leaf divides by a runtime value, which a quasi-affine relation cannot}}
  %o = layout.crd2idx %l[%i] : !layout.layout<(?,8):(1,?)>
  return %o : index
}
