// --layout-lower-register-tensors: a register tensor (a tensor encoded by #layout.linear)
// becomes the struct of the registers one thread holds; elementwise ops run per register, a
// splat constant fills every register, layout.convert_layout becomes layout.convert with the
// thread index and the module's shared buffer (as large as its largest plan), and functions,
// calls, returns, scf.for and the casts at the boundary with struct-level code follow.
// RUN: layout-opt %s --layout-lower-register-tensors | FileCheck %s
// RUN: layout-opt %s --layout-lower-register-tensors | layout-opt --layout-lower-to-nvvm | FileCheck %s --check-prefix=NVVM

#mma = #layout.linear<tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#blocked = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>

// The buffer of the module's conversions: the largest plan (64x64 f16 through shared memory,
// 8192 bytes).
// CHECK: llvm.mlir.global internal @__layout_convert_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8192 x i8>

// 64x64 over 128 threads: 32 registers each.
// CHECK-LABEL: func.func @epilogue(
// CHECK-SAME: %[[ACC:.*]]: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)
// CHECK-SAME: -> !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
// The truncf, register by register.
// CHECK: %[[E0:.*]] = llvm.extractvalue %[[ACC]][0]
// CHECK-NEXT: %[[T0:.*]] = arith.truncf %[[E0]] : f32 to f16
// CHECK-NEXT: llvm.insertvalue %[[T0]], %{{.*}}[0]
// CHECK-COUNT-31: arith.truncf %{{.*}} : f32 to f16
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[BUF:.*]] = llvm.mlir.addressof @__layout_convert_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[C:.*]] = layout.convert %{{.*}} smem(%[[BUF]] : !llvm.ptr<3>) thread(%[[TID]]) {elem = f16, from = #layout.linear<{{.*}}>, sm = 90 : i64, smemBudget = 49152 : i64, to = #layout.linear<{{.*}}>}
// CHECK-NEXT: return %[[C]]
// NVVM-LABEL: func.func @epilogue(
// NVVM-COUNT-4: nvvm.stmatrix
// NVVM: nvvm.barrier0
// NVVM-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> vector<8xf16>
func.func @epilogue(%acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf16, #blocked> {
  %h = arith.truncf %acc : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
  %b = layout.convert_layout %h : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
  return %b : tensor<64x64xf16, #blocked>
}

// A zero accumulator carried by a loop and added to: the splat fills 32 registers; the loop
// carries the struct.
// CHECK-LABEL: func.func @accumulate(
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-COUNT-32: llvm.insertvalue %[[Z]]
// CHECK: scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (!llvm.struct<(f32,
// CHECK: func.call @tile(%{{.*}}) : (index) -> !llvm.struct<(f32,
// CHECK-COUNT-32: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: scf.yield %{{.*}} : !llvm.struct<(f32,
// CHECK-NOT: unrealized_conversion_cast
func.func private @tile(index) -> tensor<64x64xf32, #mma>
func.func @accumulate(%n: index) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) {
    %t = func.call @tile(%k) : (index) -> tensor<64x64xf32, #mma>
    %s = arith.addf %acc, %t : tensor<64x64xf32, #mma>
    scf.yield %s : tensor<64x64xf32, #mma>
  }
  return %r : tensor<64x64xf32, #mma>
}

// The boundary with struct-level code: casts between the struct and the register tensor fold.
// CHECK-LABEL: func.func @boundary(
// CHECK-NEXT: llvm.mlir.undef
// CHECK-NEXT: %[[N:.*]] = llvm.extractvalue %arg0[0]
// CHECK-NEXT: %[[M:.*]] = arith.negf %[[N]] : f16
// CHECK-NOT: unrealized_conversion_cast
!regs = !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
func.func @boundary(%s: !regs) -> !regs {
  %x = builtin.unrealized_conversion_cast %s : !regs to tensor<64x64xf16, #blocked>
  %y = arith.negf %x : tensor<64x64xf16, #blocked>
  %z = builtin.unrealized_conversion_cast %y : tensor<64x64xf16, #blocked> to !regs
  return %z : !regs
}

// A vector of the thread's registers in order (as tcgen05.ld gives them) cast to a register
// tensor: its struct, field r = element r.
// CHECK-LABEL: func.func @from_vector(
// CHECK: %[[E0:.*]] = llvm.extractelement %arg0[%{{.*}} : i32] : vector<32xf16>
// CHECK-NEXT: llvm.insertvalue %[[E0]], %{{.*}}[0]
// CHECK: %[[C31:.*]] = arith.constant 31 : i32
// CHECK-NEXT: %[[E31:.*]] = llvm.extractelement %arg0[%[[C31]] : i32] : vector<32xf16>
// CHECK-NEXT: llvm.insertvalue %[[E31]], %{{.*}}[31]
// CHECK-NOT: unrealized_conversion_cast
func.func @from_vector(%v: vector<32xf16>) -> !regs {
  %x = builtin.unrealized_conversion_cast %v : vector<32xf16> to tensor<64x64xf16, #blocked>
  %y = arith.negf %x : tensor<64x64xf16, #blocked>
  %z = builtin.unrealized_conversion_cast %y : tensor<64x64xf16, #blocked> to !regs
  return %z : !regs
}
