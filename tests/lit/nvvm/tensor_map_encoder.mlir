// `layout.tensor_map_encoder = @encode` on a kernel: --layout-lower-tensors derives the host
// function @encode that encodes the kernel's tensor maps, then lowers it with the rest. The
// kernel below has three maps (arguments 0, 2 and 4; argument 1 is a plain pointer, which the
// host function does not take) and the sizes %M, %n, %K (i32, index, i32: the host function
// takes them with their types, after the (map, data) pairs). Its layouts are computed from the
// sizes (index casts, a product) and cloned into the host function. The boxes are the shared
// tiles of the kernel's copies: A's (128,64) stage; half of B's (256,64) stage, which the
// cluster of 2 multicasts (each CTA loads (128,64)); C's whole (128,(64,2)) tile, stored by TMA
// (tma_desc reads its box, one swizzle span, off it). The kernel asks layout.tma_encodable of
// C, so C's map is optional: encoded only when the same predicate holds (scf.if), else status 0.
// RUN: layout-opt %s --layout-lower-tensors 2>/dev/null | FileCheck %s
// RUN: layout-opt %s --lower-to-nvvm -o %t.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.lowered.mlir -o %t.ll
// RUN: llvm-extract --func=encode -S %t.ll -o %t.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.host.ll -o %t.o
// RUN: cc -shared -fPIC %t.o %S/Inputs/tensor_map_stub.c -o %t.so
// RUN: %python %S/Inputs/call_function.py %t.so encode ptr:maps ptr:0xa000 ptr:maps+128 ptr:0xb000 ptr:maps+256 ptr:0xc000 i32:1000 i64:512 i32:320 | FileCheck %s --check-prefix=ALIGNED
// RUN: %python %S/Inputs/call_function.py %t.so encode ptr:maps ptr:0xa000 ptr:maps+128 ptr:0xb000 ptr:maps+256 ptr:0xc000 i32:1000 i64:502 i32:320 | FileCheck %s --check-prefix=ODD

// CHECK-LABEL: func.func @encode(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: !llvm.ptr, %arg5: !llvm.ptr, %arg6: i32, %arg7: index, %arg8: i32) -> i32
// CHECK-DAG: %[[M:.*]] = arith.index_castui %arg6 : i32 to index
// CHECK-DAG: %[[K:.*]] = arith.index_castui %arg8 : i32 to index
// CHECK: layout.make %[[M]], %[[K]], %[[K]] : !layout.layout<(?,?):(?,1)>
// CHECK: layout.tma_desc %arg0, %arg1 dims({{.*}}) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>}
// CHECK: layout.make %arg7, %[[K]], %[[K]] : !layout.layout<(?,?):(?,1)>
// CHECK: layout.tma_desc %arg2, %arg3 dims({{.*}}) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>}
// CHECK: %[[LDC:.*]] = arith.muli %arg7, %{{.*}} : index
// CHECK: %[[LC:.*]] = layout.make %[[M]], %arg7, %[[LDC]] : !layout.layout<(?,?):(?,1)>
// CHECK: layout.stride_leaf %[[LC]] modes [0]
// CHECK-NOT: layout.stride_leaf %[[LC]] modes [1]
// CHECK: %[[C:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: layout.tma_desc %arg4, %arg5 dims({{.*}}) {elem = f16, gmem = #layout.layout<(?,?):(?,1)>, smem = #layout.layout<Sw<3,3,3> o 0 o (128,(64,2)):(64,(1,8192))>}
// CHECK: } else {
// CHECK-NEXT: scf.yield %c0_i32 : i32
// CHECK: arith.ori %{{.*}}, %[[C]] : i32
// CHECK: gpu.func @gemm_part
// CHECK-NOT: layout.tensor_map_encoder

// A: dims [K, M] = [320, 1000], rows of 640 bytes; B: [320, 512]; C: [512, 1000], rows of
// ldc = 2n = 1024 elements (2048 bytes); the same boxes [64, 128]. With n = 502 C's rows are
// 2008 bytes, not a multiple of 16: no map of C, status 0.
// ALIGNED: encode global 0xa000 dtype 6 rank 2 dims [320, 1000] strides [640] box [64, 128] element_strides [1, 1] interleave 0 swizzle 3 l2 2 oob 0
// ALIGNED-NEXT: encode global 0xb000 dtype 6 rank 2 dims [320, 512] strides [640] box [64, 128] element_strides [1, 1] interleave 0 swizzle 3 l2 2 oob 0
// ALIGNED-NEXT: encode global 0xc000 dtype 6 rank 2 dims [512, 1000] strides [2048] box [64, 128] element_strides [1, 1] interleave 0 swizzle 3 l2 2 oob 0
// ALIGNED-NEXT: encode = 0
// ODD: encode global 0xa000
// ODD-NEXT: encode global 0xb000 dtype 6 rank 2 dims [320, 502]
// ODD-NOT: encode global
// ODD: encode = 0

!map = !layout.tensor<f16, tma, !layout.layout<(?,?):(?,1)>>
!tileA = !layout.tensor<f16, tma, !layout.layout<(128,64):(?,1)>>
!tileB = !layout.tensor<f16, tma, !layout.layout<(256,64):(?,1)>>
!tileC = !layout.tensor<f16, tma, !layout.layout<(128,128):(?,1)>>
!stageA = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,64):(64,1)>>
!stageB = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (256,64):(64,1)>>
!stageC = !layout.tensor<f16, shared, !layout.layout<Sw<3,3,3> o 0 o (128,(64,2)):(64,(1,8192))>>
!bar = !layout.tensor<i64, shared, !layout.layout<1:1>>
module {
  gpu.module @kernels {
    llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
    gpu.func @gemm_part(%mapA: !llvm.ptr, %out: !llvm.ptr, %mapB: !llvm.ptr, %M: i32, %n: index, %mapC: !llvm.ptr, %K: i32) kernel attributes {nvvm.cluster_dim = array<i32: 2, 1, 1>, layout.tensor_map_encoder = @encode} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %m = arith.index_castui %M : i32 to index
      %k = arith.index_castui %K : i32 to index
      %ldc = arith.muli %n, %c2 : index
      %la = layout.make %m, %k, %k : !layout.layout<(?,?):(?,1)>
      %lb = layout.make %n, %k, %k : !layout.layout<(?,?):(?,1)>
      %lc = layout.make %m, %n, %ldc : !layout.layout<(?,?):(?,1)>
      %A = layout.make_tensor %mapA, %la : !llvm.ptr -> !map
      %B = layout.make_tensor %mapB, %lb : !llvm.ptr -> !map
      %C = layout.make_tensor %mapC, %lc : !llvm.ptr -> !map
      %base = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %sA, %sB, %sC, %full = layout.shared_alloc %base : !llvm.ptr<3> -> !stageA, !stageB, !stageC, !bar
      %ga = layout.local_tile %A[%c0, %c0] {tile = #layout.tuple<(128,64)>} : !map -> !tileA
      %gb = layout.local_tile %B[%c0, %c0] {tile = #layout.tuple<(256,64)>} : !map -> !tileB
      layout.tma_copy %ga to %sA barrier(%full[%c0] : !bar) : !tileA, !stageA
      layout.tma_copy %gb to %sB barrier(%full[%c0] : !bar) {multicast = 2 : i64} : !tileB, !stageB
      %mapped = layout.tma_encodable %C : !map
      scf.if %mapped {
        %gc = layout.local_tile %C[%c0, %c0] {tile = #layout.tuple<(128,128)>} : !map -> !tileC
        layout.tma_copy %sC to %gc : !stageC, !tileC
      }
      gpu.return
    }
  }
}
