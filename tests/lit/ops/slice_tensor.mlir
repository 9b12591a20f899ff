// layout.slice_tensor: CuTe's T(_, _, s), the tensor with some modes fixed at runtime
// coordinates and dropped. The result's layout is `select` of the other modes; its first element
// is the element at the fixed coordinates, which must be a translation of the rest (a swizzle
// must read no bit of it). It round-trips.
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

// CHECK-LABEL: func.func @stage
// CHECK: layout.slice_tensor %{{.*}}[%arg1] {modes = array<i64: 2>} : !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>> -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>
func.func @stage(%p: !llvm.ptr<3>, %s: index) {
  %l = layout.const #layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>
  %t = layout.make_tensor %p, %l : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>>
  %u = layout.slice_tensor %t[%s] {modes = array<i64: 2>} : !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>> -> !layout.tensor<f16, shared, !layout.layout<Sw<2,3,3> o 0 o (64,32):(32,1)>>
  return
}

// A plain runtime layout: any mode may be fixed (here the rows of a (?,?,?) tensor and its
// last mode).
// CHECK-LABEL: func.func @rows
// CHECK: layout.slice_tensor %{{.*}}[%arg4, %arg5] {modes = array<i64: 0, 2>} : !layout.tensor<f32, global, !layout.layout<(?,?,?):(?,1,?)>> -> !layout.tensor<f32, global, !layout.layout<(?):(1)>>
func.func @rows(%p: !llvm.ptr<1>, %m: index, %n: index, %b: index, %i: index, %j: index, %ld: index, %bs: index) {
  %l = layout.make %m, %n, %b, %ld, %bs : !layout.layout<(?,?,?):(?,1,?)>
  %t = layout.make_tensor %p, %l : !llvm.ptr<1> -> !layout.tensor<f32, global, !layout.layout<(?,?,?):(?,1,?)>>
  %r = layout.slice_tensor %t[%i, %j] {modes = array<i64: 0, 2>} : !layout.tensor<f32, global, !layout.layout<(?,?,?):(?,1,?)>> -> !layout.tensor<f32, global, !layout.layout<(?):(1)>>
  return
}

// With `ring`, the coordinate is a ring position (stage k mod 4 of a 4-stage layout).
// CHECK-LABEL: func.func @ring
// CHECK: layout.slice_tensor %arg0[%arg1] {modes = array<i64: 2>, ring} : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>> -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
func.func @ring(%t: !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>>, %k: index) {
  %s = layout.slice_tensor %t[%k] {modes = array<i64: 2>, ring} : !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64,4):(64,1,8192)>> -> !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
  return
}
