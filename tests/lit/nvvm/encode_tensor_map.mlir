// layout.encode_tensor_map lowered by --layout-lower-tensors to the hardware op layout.tma_desc:
// the tensor's pointer, and the runtime arguments read off the leaves of its layout in the
// order the hardware op takes them (the dynamic global extents, TMA dims innermost first, then
// the dynamic byte strides of dims 1..): for A (M x K row-major f16 under a 128B-swizzled
// 128 x 64 box) K, M and 2K bytes; for B (a 64 x N x K bf16 tensor, mode 0 contiguous, mode 1
// stride 64, mode 2 a runtime stride, boxes 64 x 8) N, K and the stride of mode 2 times 2 bytes
// (mode 1's stride of 128 bytes is static). Then the whole host function is lowered by
// --lower-to-nvvm, compiled on the CPU and run against a stand-in for cuTensorMapEncodeTiled
// that prints what it is passed (Inputs/tensor_map_stub.c).
// RUN: layout-opt %s --layout-lower-tensors | FileCheck %s
// RUN: layout-opt %s --lower-to-nvvm -o %t.lowered.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.lowered.mlir -o %t.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.ll -o %t.o
// RUN: cc -shared -fPIC %t.o %S/Inputs/tensor_map_stub.c -o %t.so
// RUN: %python %S/Inputs/encode_tensor_maps.py %t.so 1000 24 520 | FileCheck %s --check-prefix=STUB

!gmem = !layout.tensor<f16, global, !layout.layout<(?,?):(?,1)>>
!g3 = !layout.tensor<bf16, global, !layout.layout<(64,?,?):(1,64,?)>>
// CHECK-LABEL: func.func @encode_tensor_maps
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[LA:.*]] = layout.make %arg6, %arg8, %arg8 : !layout.layout<(?,?):(?,1)>
// CHECK: %[[K:.*]] = layout.shape_leaf %[[LA]] modes [1] : !layout.layout<(?,?):(?,1)>
// CHECK: %[[K64:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK: %[[M:.*]] = layout.shape_leaf %[[LA]] modes [0] : !layout.layout<(?,?):(?,1)>
// CHECK: %[[M64:.*]] = arith.index_cast %[[M]] : index to i64
// CHECK: %[[S:.*]] = layout.stride_leaf %[[LA]] modes [0] : !layout.layout<(?,?):(?,1)>
// CHECK: %[[S64:.*]] = arith.index_cast %[[S]] : index to i64
// CHECK: %[[BYTES:.*]] = arith.muli %[[S64]], %[[C2]] : i64
// CHECK: layout.tma_desc %arg0, %arg1 dims(%[[K64]], %[[M64]], %[[BYTES]]) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>} : !llvm.ptr, !llvm.ptr
// CHECK: %[[N:.*]] = layout.shape_leaf %[[LB:.*]] modes [1] : !layout.layout<(64,?,?):(1,64,?)>
// CHECK: %[[KB:.*]] = layout.shape_leaf %[[LB]] modes [2] : !layout.layout<(64,?,?):(1,64,?)>
// CHECK: layout.stride_leaf %[[LB]] modes [2] : !layout.layout<(64,?,?):(1,64,?)>
// CHECK: layout.tma_desc %arg2, %arg3 dims(%{{.*}}, %{{.*}}, %{{.*}}) {elem = bf16, gmem = #layout.layout<(64,?,?):(1,64,?)>, smem = #layout.layout<(64,8):(1,64)>} : !llvm.ptr, !llvm.ptr
// CHECK-NOT: layout.encode_tensor_map
// CHECK-NOT: layout.make_tensor

// A: dims [K, M] = [520, 1000], row stride 2K = 1040 bytes, box [64, 128], 128B swizzle.
// B: dims [64, N, K] = [64, 24, 520], strides [128, 64 N 2 = 3072] bytes, box [64, 8, 1].
// STUB: encode global 0xa000 dtype 6 rank 2 dims [520, 1000] strides [1040] box [64, 128] element_strides [1, 1] interleave 0 swizzle 3 l2 2 oob 0
// STUB-NEXT: encode global 0xb000 dtype 9 rank 3 dims [64, 24, 520] strides [128, 3072] box [64, 8, 1] element_strides [1, 1, 1] interleave 0 swizzle 0 l2 2 oob 0
// STUB-NEXT: status 0; maps written: A=0xa000 B=0xb000 C=0x0
func.func @encode_tensor_maps(%mapA: !llvm.ptr, %pa: !llvm.ptr, %mapB: !llvm.ptr, %pb: !llvm.ptr, %mapC: !llvm.ptr, %pc: !llvm.ptr, %m: index, %n: index, %k: index) -> i32 {
  %c64 = arith.constant 64 : index
  %la = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
  %A = layout.make_tensor %pa, %la : !llvm.ptr -> !gmem
  %sa = layout.encode_tensor_map %mapA, %A {smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>} : !llvm.ptr, !gmem
  %plane = arith.muli %n, %c64 : index
  %lb = layout.make %n, %k, %plane : !layout.layout<(64,?,?):(1,64,?)>
  %B = layout.make_tensor %pb, %lb : !llvm.ptr -> !g3
  %sb = layout.encode_tensor_map %mapB, %B {smem = #layout.layout<(64,8):(1,64)>} : !llvm.ptr, !g3
  %s = arith.ori %sa, %sb : i32
  return %s : i32
}
