// layout.mma: D = A B + C on register tensors with mma.sync m16n8k16 (row.col, f32 accumulate).
// The verifier derives from the three layouts which registers of each thread are each
// instruction's fragments and checks them for every lane and warp against the PTX ISA's
// fragment table (hw::mma_sync); the lowering emits one nvvm.mma.sync per 16x8 accumulator
// tile and k step with those registers. Triton's mma v2 accumulator and dot-operand layouts
// (kWidth 2) hold the fragments in order: A's registers 0-7 are the first instruction's a0-a7.
// RUN: layout-opt %s | layout-opt | FileCheck %s --check-prefix=ROUND
// RUN: layout-opt %s --layout-lower-register-tensors 2>&1 | FileCheck %s
// RUN: layout-opt %s --layout-assign-layouts --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// ROUND: layout.mma %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16, #layout.linear<
// CHECK: remark: 'layout.mma' op mma: 16 x mma.sync.aligned.m16n8k16.row.col per thread (8 accumulator tiles of 16x8, 2 k steps each)
// CHECK-LABEL: func.func @mma(
// The first instruction: c0-c3 are C's registers 0-3, a0-a7 A's 0-7, b0-b3 B's 0-3.
// CHECK: %[[C0:.*]] = llvm.extractvalue %arg2[0]
// CHECK-NEXT: %[[C1:.*]] = llvm.extractvalue %arg2[1]
// CHECK-NEXT: %[[C2:.*]] = llvm.extractvalue %arg2[2]
// CHECK-NEXT: %[[C3:.*]] = llvm.extractvalue %arg2[3]
// CHECK: llvm.extractvalue %arg0[0]
// CHECK: llvm.extractvalue %arg0[1]
// CHECK: llvm.extractvalue %arg0[2]
// CHECK: llvm.extractvalue %arg0[3]
// CHECK: llvm.extractvalue %arg0[4]
// CHECK: llvm.extractvalue %arg0[5]
// CHECK: llvm.extractvalue %arg0[6]
// CHECK: llvm.extractvalue %arg0[7]
// CHECK: llvm.extractvalue %arg1[0]
// CHECK: llvm.extractvalue %arg1[1]
// CHECK: llvm.extractvalue %arg1[2]
// CHECK: llvm.extractvalue %arg1[3]
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%[[C0]], %[[C1]], %[[C2]], %[[C3]]] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32)
// CHECK-COUNT-15: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: return %{{.*}} : !llvm.struct<(f32,
// The whole tile GEMM: A and B loaded in rows (ld.global.v4), converted to the dot-operand
// layouts through shared memory, 16 mma.sync, the accumulator converted to rows and stored.
// PTX-LABEL: .entry tile_gemm
// PTX-COUNT-4: ld.global.v4.b32
// PTX-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-COUNT-8: st.global.v4.b32

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#dota = #layout.linear<tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
#dotb = #layout.linear<tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>>
func.func @mma(%a: tensor<64x32xf16, #dota>, %b: tensor<32x64xf16, #dotb>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %d = layout.mma %a, %b, %c : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return %d : tensor<64x64xf32, #mma>
}

#rowsa = #layout.linear<tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsb = #layout.linear<tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#rowsc = #layout.linear<tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>>
gpu.module @kernels {
  gpu.func @tile_gemm(%pa: !llvm.ptr<1>, %pb: !llvm.ptr<1>, %pc: !llvm.ptr<1>, %lda: i64, %ldb: i64, %ldc: i64) kernel {
    %a = layout.global_load %pa[%lda] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x32xf16, #rowsa>
    %b = layout.global_load %pb[%ldb] {align = 16 : i64} : !llvm.ptr<1> -> tensor<32x64xf16, #rowsb>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #rowsc>
    %a2 = layout.convert_layout %a : tensor<64x32xf16, #rowsa> -> tensor<64x32xf16, #dota>
    %b2 = layout.convert_layout %b : tensor<32x64xf16, #rowsb> -> tensor<32x64xf16, #dotb>
    %z2 = layout.convert_layout %zero : tensor<64x64xf32, #rowsc> -> tensor<64x64xf32, #mma>
    %d = layout.mma %a2, %b2, %z2 : tensor<64x32xf16, #dota>, tensor<32x64xf16, #dotb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    %dc = layout.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #rowsc>
    layout.global_store %dc, %pc[%ldc] {align = 16 : i64} : tensor<64x64xf32, #rowsc>, !llvm.ptr<1>
    gpu.return
  }
}
