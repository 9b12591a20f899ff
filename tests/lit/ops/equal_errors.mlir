// Diagnostics of layout.equal: operands the relation layer has no relation for (a tuple, a
// tiler, a LEGO bijective layout, a non-layout type), kinds checked before a dynamic operand
// stops the fold, and the relation layer's own refusals.
// Each false verdict is a remark at the op naming the witness (emitted when the op folds):
// RUN: layout-opt %s -split-input-file --canonicalize -verify-diagnostics

func.func @tuple() {
  %a = layout.const #layout.layout<(4,8):(1,4)>
  %t = layout.const #layout.tuple<(4,8)>
  // expected-error@+1 {{'layout.equal' op operand #1 must be a layout (!layout.layout, !layout.swizzle, !layout.linear or !layout.bijective), but got '!layout.tuple<(4,8)>'}}
  %e = layout.equal %a, %t : !layout.layout<(4,8):(1,4)>, !layout.tuple<(4,8)>
  return
}

// -----

func.func @tiler() {
  %a = layout.const #layout.layout<(4,8):(1,4)>
  %t = layout.const #layout.tiler<[4:1,8:1]>
  // expected-error@+1 {{'layout.equal' op operand #0 must be a layout (!layout.layout, !layout.swizzle, !layout.linear or !layout.bijective), but got '!layout.tiler<[4:1,8:1]>'}}
  %e = layout.equal %t, %a : !layout.tiler<[4:1,8:1]>, !layout.layout<(4,8):(1,4)>
  return
}

// -----

// The wrong kind is reported even when the other operand is dynamic.
func.func @tuple_next_to_dynamic(%n: index) {
  %a = layout.make %n : !layout.layout<(4,?):(1,4)>
  %t = layout.const #layout.tuple<(4,8)>
  // expected-error@+1 {{'layout.equal' op operand #1 must be a layout (!layout.layout, !layout.swizzle, !layout.linear or !layout.bijective)}}
  %e = layout.equal %a, %t : !layout.layout<(4,?):(1,4)>, !layout.tuple<(4,8)>
  return
}

// -----

func.func @lego(%b: !layout.bijective<OrderBy(RegP([2,3],[1,2])).GroupBy([6])>) {
  %a = layout.const #layout.layout<6:1>
  // expected-error@+1 {{'layout.equal' op equal: operand #1 OrderBy(RegP([2, 3], [1, 2])).GroupBy([6]) is a bijective (LEGO) layout, which has no integer-set relation in the relation layer}}
  %e = layout.equal %a, %b : !layout.layout<6:1>, !layout.bijective<OrderBy(RegP([2,3],[1,2])).GroupBy([6])>
  return
}

// -----

func.func @not_a_layout(%x: index) {
  %a = layout.const #layout.layout<6:1>
  // expected-error@+1 {{'layout.equal' op operand #1 must be a layout (!layout.layout, !layout.swizzle, !layout.linear or !layout.bijective), but got 'index'}}
  %e = "layout.equal"(%a, %x) : (!layout.layout<6:1>, index) -> i1
  return
}

// -----

// A composed layout whose swizzle would act on a negative offset has no relation: the
// verifier (operand kinds, no ISL) accepts the op, the folder says why it does not fold.
func.func @negative_swizzle_argument(%m: memref<i1>) {
  %a = layout.const #layout.layout<4:1>
  %s = layout.const #layout.layout<Sw<1,0,1> o -4 o 4:1>
  // expected-warning@+1 {{layout.equal is not folded: equal: relation of Sw<1,0,1> o -4 o 4:1: at coordinate 0 a swizzle is applied to a negative offset (a swizzle acts on offsets >= 0)}}
  %e = layout.equal %a, %s : !layout.layout<4:1>, !layout.layout<Sw<1,0,1> o -4 o 4:1>
  memref.store %e, %m[] : memref<i1>
  return
}

// -----

// An unknown value (`*`) is not an error: the op stays, unfolded.
func.func @unknown(%x: !layout.layout<*>) -> i1 {
  %a = layout.const #layout.layout<4:1>
  %e = layout.equal %x, %a : !layout.layout<*>, !layout.layout<4:1>
  return %e : i1
}

// -----

// The witness of a false: the swizzle flips bit 5 of offset 352 at coordinate 261 = 5 + 8*32;
// the broken linear form (basis 288 -> 256) does not.
func.func @remark_swizzle(%r: memref<i1>) {
  %s = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %l = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[256]]},{"name":"dim1","size":64,"bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}>
  // expected-remark@+1 {{layout.equal folds to false: at coordinate 261 the left gives 320 and the right gives 352}}
  %e = layout.equal %s, %l : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, !layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[256]]},{"name":"dim1","size":64,"bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}>
  memref.store %e, %r[] : memref<i1>
  return
}

// -----

func.func @remark_transposed(%r: memref<i1>) {
  %x = layout.const #layout.layout<(4,2):(2,1)>
  %y = layout.const #layout.layout<(2,4):(4,1)>
  // expected-remark@+1 {{layout.equal folds to false: at coordinate 5 the left gives 3 and the right gives 6}}
  %f = layout.equal %x, %y : !layout.layout<(4,2):(2,1)>, !layout.layout<(2,4):(4,1)>
  memref.store %f, %r[] : memref<i1>
  return
}

// -----

func.func @remark_domains(%r: memref<i1>) {
  %a = layout.const #layout.layout<8:1>
  %b = layout.const #layout.layout<16:1>
  // expected-remark@+1 {{layout.equal folds to false: the domains differ: coordinate 8 is in the domain of the right relation only}}
  %e = layout.equal %a, %b : !layout.layout<8:1>, !layout.layout<16:1>
  memref.store %e, %r[] : memref<i1>
  return
}

// -----

// True folds silently.
func.func @no_remark_when_true(%r: memref<i1>) {
  %a = layout.const #layout.layout<(2,4):(1,2)>
  %b = layout.const #layout.layout<8:1>
  %e = layout.equal %a, %b : !layout.layout<(2,4):(1,2)>, !layout.layout<8:1>
  memref.store %e, %r[] : memref<i1>
  return
}
