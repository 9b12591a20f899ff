// Round trip of layout.equal: custom form, reparse, generic form; folding to exact i1
// constants across layout kinds (CuTe against linear, a swizzled layout against its linear
// form, subtly unequal pairs), with a remark naming the witness of each false (checked in equal_errors.mlir).
// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: layout-opt %s --canonicalize 2>/dev/null | FileCheck %s --check-prefix=FOLD

// CuTe (4,8):(1,4) is the identity on [0, 32), as is the linear layout with bases 1..16.
// CHECK-LABEL: func.func @cute_vs_linear
// FOLD-LABEL: func.func @cute_vs_linear
func.func @cute_vs_linear() -> i1 {
  // CHECK: %[[A:.*]] = layout.const #layout.layout<(4,8):(1,4)>
  %a = layout.const #layout.layout<(4,8):(1,4)>
  %b = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[2]]},{"name":"dim1","size":8,"bases":[[4],[8],[16]]}],"out_dims":[{"name":"offset","size":32}]}>
  // CHECK: layout.equal %[[A]], %{{.*}} : !layout.layout<(4,8):(1,4)>, !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":{{\[\[}}1],[2]]},{"name":"dim1","size":8,"bases":{{\[\[}}4],[8],[16]]}],"out_dims":[{"name":"offset","size":32}]}>
  // GENERIC: "layout.equal"(%{{[0-9]+}}, %{{[0-9]+}}) : (!layout.layout<(4,8):(1,4)>, !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":{{\[\[}}1],[2]]},{"name":"dim1","size":8,"bases":{{\[\[}}4],[8],[16]]}],"out_dims":[{"name":"offset","size":32}]}>) -> i1
  %e = layout.equal %a, %b : !layout.layout<(4,8):(1,4)>, !layout.linear<{"in_dims":[{"name":"dim0","size":4,"bases":[[1],[2]]},{"name":"dim1","size":8,"bases":[[4],[8],[16]]}],"out_dims":[{"name":"offset","size":32}]}>
  // FOLD: %[[T:.*]] = arith.constant true
  // FOLD-NEXT: return %[[T]] : i1
  return %e : i1
}

// The 128-byte swizzle of an 8x64 tile of 16-bit elements and its linear form (the bases of
// dim0 carry the XOR: 144 = 128 ^ 16, 288 = 256 ^ 32).
// CHECK-LABEL: func.func @swizzled_vs_linear
// FOLD-LABEL: func.func @swizzled_vs_linear
func.func @swizzled_vs_linear() -> i1 {
  %s = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %l = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[288]]},{"name":"dim1","size":64,"bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}>
  // CHECK: layout.equal %{{.*}}, %{{.*}} : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, !layout.linear<
  %e = layout.equal %s, %l : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, !layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[288]]},{"name":"dim1","size":64,"bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}>
  // FOLD: %[[T:.*]] = arith.constant true
  // FOLD-NEXT: return %[[T]] : i1
  return %e : i1
}

// One basis of the linear form loses its XOR bit (288 -> 256): unequal where dim0 has bit 2
// set and the swizzle flips bit 5. At 261 = 5 + 8*32: the swizzle maps 352 to 320, the
// broken form gives 64 ^ 256 ^ 32 = 352.
// FOLD-LABEL: func.func @swizzled_vs_broken_linear
func.func @swizzled_vs_broken_linear() -> i1 {
  %s = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %l = layout.const #layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[256]]},{"name":"dim1","size":64,"bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}>
  %e = layout.equal %s, %l : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>, !layout.linear<{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[256]]},{"name":"dim1","size":64,"bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}>
  // FOLD: %[[F:.*]] = arith.constant false
  // FOLD-NEXT: return %[[F]] : i1
  return %e : i1
}

// A swizzle that acts only where bits 3-4 of the offset are set: unequal to the plain layout
// at coordinate 18 = 2 + 8*2 (offset 10 = 0b1010, whose bit 3 flips bit 0).
// FOLD-LABEL: func.func @swizzle_vs_plain
func.func @swizzle_vs_plain() -> i1 {
  %p = layout.const #layout.layout<(8,4):(4,1)>
  %q = layout.const #layout.layout<Sw<2,0,3> o 0 o (8,4):(4,1)>
  %e = layout.equal %p, %q : !layout.layout<(8,4):(4,1)>, !layout.layout<Sw<2,0,3> o 0 o (8,4):(4,1)>
  // FOLD: %[[F:.*]] = arith.constant false
  // FOLD-NEXT: return %[[F]] : i1
  return %e : i1
}

// Equality is of functions on the flat coordinate: different shapes can be equal
// ((2,4):(1,2) and 8:1), transposed ones differ ((4,2):(2,1) vs (2,4):(4,1) at 5 = 1 + 4*1).
// FOLD-LABEL: func.func @shapes
func.func @shapes() -> (i1, i1) {
  %a = layout.const #layout.layout<(2,4):(1,2)>
  %b = layout.const #layout.layout<8:1>
  %e = layout.equal %a, %b : !layout.layout<(2,4):(1,2)>, !layout.layout<8:1>
  %x = layout.const #layout.layout<(4,2):(2,1)>
  %y = layout.const #layout.layout<(2,4):(4,1)>
  %f = layout.equal %x, %y : !layout.layout<(4,2):(2,1)>, !layout.layout<(2,4):(4,1)>
  // FOLD-DAG: %[[T:.*]] = arith.constant true
  // FOLD-DAG: %[[F:.*]] = arith.constant false
  // FOLD: return %[[T]], %[[F]] : i1, i1
  return %e, %f : i1, i1
}

// A prefix is not equal: the domains differ.
// FOLD-LABEL: func.func @domains
func.func @domains() -> i1 {
  %a = layout.const #layout.layout<8:1>
  %b = layout.const #layout.layout<16:1>
  %e = layout.equal %a, %b : !layout.layout<8:1>, !layout.layout<16:1>
  // FOLD: %[[F:.*]] = arith.constant false
  // FOLD-NEXT: return %[[F]] : i1
  return %e : i1
}

// A layout with a runtime leaf has no affine relation (a `?` stride times a coordinate):
// no fold, no diagnostic.
// FOLD-LABEL: func.func @dynamic
func.func @dynamic(%n: index) -> i1 {
  %a = layout.make %n : !layout.layout<(4,?):(1,4)>
  %b = layout.const #layout.layout<(4,8):(1,4)>
  // FOLD: layout.equal %{{.*}}, %{{.*}} : !layout.layout<(4,?):(1,4)>, !layout.layout<(4,8):(1,4)>
  %e = layout.equal %a, %b : !layout.layout<(4,?):(1,4)>, !layout.layout<(4,8):(1,4)>
  return %e : i1
}
