// layout.shared_alloc refuses more shared memory than one CTA of the target may have (the
// opt-in maximum of dynamic shared memory per block): 163 KiB on sm_80 (`chip=sm_80` of
// --lower-to-nvvm), 227 KiB on sm_90 (the default; tensor_ops_sm90_errors.mlir). Six stages of
// a 256 x 64 f16 tile (192 KiB) fit sm_90a and not sm_80.
// RUN: layout-opt %s --lower-to-nvvm="chip=sm_80" --verify-diagnostics -o /dev/null
// RUN: layout-opt %s --lower-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90

// SM90: remark: 'layout.shared_alloc' op needs 196608 bytes of shared memory from a 16-byte aligned base: #0
// SM90-NOT: error: 'layout.shared_alloc'
gpu.module @k {
  llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  gpu.func @six_stages() kernel {
    %p = llvm.mlir.addressof @smem : !llvm.ptr<3>
    // expected-error@+1 {{'layout.shared_alloc' op needs 196608 bytes of shared memory from a 16-byte aligned base, more than the 166912 bytes (163 KiB) a CTA of sm_80 may have: #0 at byte 0 (196608 bytes, aligned to 16)}}
    %a = layout.shared_alloc %p : !llvm.ptr<3> -> !layout.tensor<f16, shared, !layout.layout<(256,64,6):(64,1,16384)>>
    %t = layout.tensor_ptr %a : !layout.tensor<f16, shared, !layout.layout<(256,64,6):(64,1,16384)>> -> !llvm.ptr<3>
    gpu.return
  }
}
