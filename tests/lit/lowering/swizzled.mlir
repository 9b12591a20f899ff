// layout-lower-to-index on swizzled layouts Sw<B,M,S> o off o L: L, then the offset, then
// x ^ ((x & yyy) >> S) with and/shift/xor.
// RUN: layout-opt %s --lower-to-index | FileCheck %s

// Sw<3,4,3> o 0 o (8,64):(64,1): yyy = 7 << 7 = 896.
// CHECK-LABEL: func.func @swizzled
// CHECK-DAG: %[[C896:.*]] = arith.constant 896 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK: %[[A:.*]] = arith.andi %arg0, %[[C7]] : index
// CHECK-NEXT: %[[B:.*]] = arith.shli %[[A]], %[[C6]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[C:.*]] = arith.shrui %arg0, %[[C3]] : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[B]], %[[C]] overflow<nsw, nuw> : index
// CHECK-NEXT: %[[E:.*]] = arith.andi %[[D]], %[[C896]] : index
// CHECK-NEXT: %[[F:.*]] = arith.shrui %[[E]], %[[C3]] : index
// CHECK-NEXT: %[[G:.*]] = arith.xori %[[D]], %[[F]] : index
// CHECK-NEXT: return %[[G]] : index
func.func @swizzled(%i: index) -> index {
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<Sw<3,4,3> o 0 o (8,64):(64,1)>
  return %o : index
}

// A swizzle whose read bits lie above every offset of the domain is the identity.
// CHECK-LABEL: func.func @identity_on_domain
// CHECK-NEXT: return %arg0 : index
func.func @identity_on_domain(%i: index) -> index {
  %l = layout.const #layout.layout<Sw<3,4,3> o 0 o 128:1>
  %o = layout.crd2idx %l[%i] : !layout.layout<Sw<3,4,3> o 0 o 128:1>
  return %o : index
}

// A runtime stride in the inner layout.
// CHECK-LABEL: func.func @dynamic_inner
// CHECK-DAG: %[[C896:.*]] = arith.constant 896 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK: %[[A:.*]] = arith.andi %arg0, %[[C7]] : index
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[A]], %arg1 : index
// CHECK-NEXT: %[[C:.*]] = arith.shrui %arg0, %[[C3]] : index
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[B]], %[[C]] : index
// CHECK-NEXT: %[[E:.*]] = arith.andi %[[D]], %[[C896]] : index
// CHECK-NEXT: %[[F:.*]] = arith.shrui %[[E]], %[[C3]] : index
// CHECK-NEXT: %[[G:.*]] = arith.xori %[[D]], %[[F]] : index
// CHECK-NEXT: return %[[G]] : index
func.func @dynamic_inner(%i: index, %ld: index) -> index {
  %l = layout.make %ld : !layout.layout<Sw<3,4,3> o 0 o (8,64):(?,1)>
  %o = layout.crd2idx %l[%i] : !layout.layout<Sw<3,4,3> o 0 o (8,64):(?,1)>
  return %o : index
}
