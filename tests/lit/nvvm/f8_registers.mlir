// f8 elements (f8E4M3FN, f8E5M2) have no LLVM type: register tensors of them are structs of i8
// and copies of them move i8 (issue 51: LLVM's translation used to crash on a GEP over f8).
// Loads, stores, conversions, splat constants, bitcasts to i8 and layout.copy lower; arithmetic
// on f8 registers is refused (register_tensors_errors.mlir).
// RUN: layout-opt %s --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t.ptx -o /dev/null %}

#rows = #layout.linear<tensor<64x64xf8E4M3FN, #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsi = #layout.linear<tensor<64x64xi8, #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#cols = #layout.linear<tensor<64x64xf8E4M3FN, #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>>>

// CHECK-LABEL: .entry copy_rows(
// CHECK-COUNT-2: ld.global.v4.b32
// CHECK-COUNT-2: st.global.v4.b32
// CHECK-LABEL: .entry moves(
// 1.0 in f8E4M3FN is 0x38.
// CHECK: st.global.b8 {{.*}}, 56;
// CHECK-LABEL: .entry copy(
// CHECK-COUNT-4: st.global.v4.b32
gpu.module @kernels {
  gpu.func @copy_rows(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %stride: i64) kernel {
    %x = layout.global_load %in[%stride] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf8E4M3FN, #rows>
    layout.global_store %x, %out[%stride] {align = 16 : i64} : tensor<64x64xf8E4M3FN, #rows>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @moves(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ones: !llvm.ptr<1>, %stride: i64) kernel {
    %x = layout.global_load %in[%stride] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf8E4M3FN, #rows>
    %i = arith.bitcast %x : tensor<64x64xf8E4M3FN, #rows> to tensor<64x64xi8, #rowsi>
    %y = layout.convert_layout %x : tensor<64x64xf8E4M3FN, #rows> -> tensor<64x64xf8E4M3FN, #cols>
    %z = arith.constant dense<1.0> : tensor<64x64xf8E4M3FN, #cols>
    layout.global_store %z, %ones[%stride] {align = 1 : i64} : tensor<64x64xf8E4M3FN, #cols>, !llvm.ptr<1>
    layout.global_store %y, %out[%stride] {align = 1 : i64} : tensor<64x64xf8E4M3FN, #cols>, !llvm.ptr<1>
    layout.global_store %i, %out[%stride] {align = 16 : i64} : tensor<64x64xi8, #rowsi>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @copy(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel {
    %tid = gpu.thread_id x
    %l = layout.const #layout.layout<(128,64):(64,1)>
    %a = layout.make_tensor %in, %l : !llvm.ptr<1> -> !layout.tensor<f8E4M3FN, global, !layout.layout<(128,64):(64,1)>>
    %b = layout.make_tensor %out, %l : !llvm.ptr<1> -> !layout.tensor<f8E4M3FN, global, !layout.layout<(128,64):(64,1)>>
    %pa = layout.partition %a[%tid] {thr = #layout.layout<(32,4):(4,1)>, val = #layout.layout<(1,16):(0,1)>, vector = 16 : i64} : !layout.tensor<f8E4M3FN, global, !layout.layout<(128,64):(64,1)>> -> !layout.tensor<f8E4M3FN, global, !layout.layout<((16,1),4,1):((1,0),2048,0)>>
    %pb = layout.partition %b[%tid] {thr = #layout.layout<(32,4):(4,1)>, val = #layout.layout<(1,16):(0,1)>, vector = 16 : i64} : !layout.tensor<f8E4M3FN, global, !layout.layout<(128,64):(64,1)>> -> !layout.tensor<f8E4M3FN, global, !layout.layout<((16,1),4,1):((1,0),2048,0)>>
    layout.copy %pa to %pb {align = 16 : i64} : !layout.tensor<f8E4M3FN, global, !layout.layout<((16,1),4,1):((1,0),2048,0)>>, !layout.tensor<f8E4M3FN, global, !layout.layout<((16,1),4,1):((1,0),2048,0)>>
    gpu.return
  }
}
