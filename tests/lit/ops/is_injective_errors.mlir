// Diagnostics of layout.is_injective: operands the relation layer has no relation for, and
// its own refusals.
// Each false verdict is a remark at the op naming the witness (emitted when the op folds):
// RUN: layout-opt %s -split-input-file --canonicalize -verify-diagnostics

func.func @tuple() {
  %t = layout.const #layout.tuple<(4,8)>
  // expected-error@+1 {{'layout.is_injective' op operand #0 must be a layout (!layout.layout, !layout.swizzle, !layout.linear or !layout.bijective), but got '!layout.tuple<(4,8)>'}}
  %i = layout.is_injective %t : !layout.tuple<(4,8)>
  return
}

// -----

func.func @lego(%b: !layout.bijective<OrderBy(RegP([2,3],[1,2])).GroupBy([6])>) {
  // expected-error@+1 {{'layout.is_injective' op is_injective: operand #0 OrderBy(RegP([2, 3], [1, 2])).GroupBy([6]) is a bijective (LEGO) layout}}
  %i = layout.is_injective %b : !layout.bijective<OrderBy(RegP([2,3],[1,2])).GroupBy([6])>
  return
}

// -----

func.func @not_a_layout(%x: i32) {
  // expected-error@+1 {{'layout.is_injective' op operand #0 must be a layout (!layout.layout, !layout.swizzle, !layout.linear or !layout.bijective), but got 'i32'}}
  %i = layout.is_injective %x : i32
  return
}

// -----

func.func @negative_swizzle_argument(%m: memref<i1>) {
  %s = layout.const #layout.layout<Sw<1,0,1> o -4 o 4:1>
  // expected-warning@+1 {{layout.is_injective is not folded: is_injective: relation of Sw<1,0,1> o -4 o 4:1: at coordinate 0 a swizzle is applied to a negative offset (a swizzle acts on offsets >= 0)}}
  %i = layout.is_injective %s : !layout.layout<Sw<1,0,1> o -4 o 4:1>
  memref.store %i, %m[] : memref<i1>
  return
}

// -----

// The result is an i1.
func.func @result_type() {
  %a = layout.const #layout.layout<4:1>
  // expected-error@+1 {{'layout.is_injective' op result #0 must be 1-bit signless integer, but got 'index'}}
  %i = "layout.is_injective"(%a) : (!layout.layout<4:1>) -> index
  return
}

// -----

func.func @remark_overlap(%r: memref<i1>) {
  %c = layout.const #layout.layout<(4,2):(1,2)>
  // expected-remark@+1 {{layout.is_injective folds to false: coordinates 2 and 4 both map to offset 2}}
  %k = layout.is_injective %c : !layout.layout<(4,2):(1,2)>
  memref.store %k, %r[] : memref<i1>
  return
}

// -----

func.func @remark_broadcast(%r: memref<i1>) {
  %b = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[0]]}],"out_dims":[{"name":"offset","size":2}]}>
  // Decided over F2 (as the CLI does): the least colliding pair (0, k), k the least nonzero
  // element of the kernel.
  // expected-remark@+1 {{layout.is_injective folds to false: coordinates 0 and 2 both map to offset 0}}
  %j = layout.is_injective %b : !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[0]]}],"out_dims":[{"name":"offset","size":2}]}>
  memref.store %j, %r[] : memref<i1>
  return
}
