// The plugin run of the suite (mlir-opt-22 + liblayout_plugin.so) leaves out the emulator runs
// of the example kernels (nvvm/gemm_*_run.mlir are UNSUPPORTED there: they check the PTX, and
// running the emulator twice doubles the suite's time). What they would check is the same as in
// the layout-opt run exactly when both drivers emit the same PTX and the same host function:
// this test makes sure they do, byte for byte, for every example kernel and element type that
// the emulator runs (the same commands as the *_run.mlir tests).
//
// REQUIRES: plugin-driver, layout-opt-exe
// RUN: sed -E 's/(^|[^b])f16/\1bf16/g' %S/../../../examples/gemm_sm80.mlir > %t.sm80.bf16.mlir
// RUN: sed -E 's/(^|[^b])f16/\1bf16/g' %S/../../../examples/gemm_sm90.mlir > %t.sm90.bf16.mlir
// RUN: sed -E 's/(^|[^b])f16/\1bf16/g' %S/../../../examples/gemm_sm100.mlir > %t.sm100.bf16.mlir
//
// sm_80 (cp.async, ldmatrix, mma.sync), f16 and bf16:
// RUN: %layout_opt_exe %S/../../../examples/gemm_sm80.mlir --lower-to-nvvm="ptx=%t.sm80.opt.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: layout-opt %S/../../../examples/gemm_sm80.mlir --lower-to-nvvm="ptx=%t.sm80.plugin.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: diff %t.sm80.opt.ptx %t.sm80.plugin.ptx
// RUN: %layout_opt_exe %t.sm80.bf16.mlir --lower-to-nvvm="ptx=%t.sm80.bf16.opt.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: layout-opt %t.sm80.bf16.mlir --lower-to-nvvm="ptx=%t.sm80.bf16.plugin.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: diff %t.sm80.bf16.opt.ptx %t.sm80.bf16.plugin.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.plugin.ptx
// SM80: .target sm_80
// SM80: .entry gemm_sm80
// SM80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
//
// sm_90a (TMA, mbarriers, WGMMA, clusters) and its host function encode_tensor_maps:
// RUN: %layout_opt_exe %S/../../../examples/gemm_sm90.mlir --lower-to-nvvm="ptx=%t.sm90.opt.ptx" -o %t.sm90.opt.mlir 2>/dev/null
// RUN: layout-opt %S/../../../examples/gemm_sm90.mlir --lower-to-nvvm="ptx=%t.sm90.plugin.ptx" -o %t.sm90.plugin.mlir 2>/dev/null
// RUN: diff %t.sm90.opt.ptx %t.sm90.plugin.ptx
// RUN: mlir-translate --mlir-to-llvmir %t.sm90.opt.mlir | llvm-extract --func=encode_tensor_maps -S -o %t.sm90.opt.host.ll
// RUN: mlir-translate --mlir-to-llvmir %t.sm90.plugin.mlir | llvm-extract --func=encode_tensor_maps -S -o %t.sm90.plugin.host.ll
// RUN: diff %t.sm90.opt.host.ll %t.sm90.plugin.host.ll
// RUN: %layout_opt_exe %t.sm90.bf16.mlir --lower-to-nvvm="ptx=%t.sm90.bf16.opt.ptx" -o /dev/null 2>/dev/null
// RUN: layout-opt %t.sm90.bf16.mlir --lower-to-nvvm="ptx=%t.sm90.bf16.plugin.ptx" -o /dev/null 2>/dev/null
// RUN: diff %t.sm90.bf16.opt.ptx %t.sm90.bf16.plugin.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.plugin.ptx
// RUN: FileCheck %s --check-prefix=HOST < %t.sm90.plugin.host.ll
// SM90: .target sm_90a
// SM90: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// HOST: define {{.*}} @encode_tensor_maps(
// HOST: call {{.*}} @cuTensorMapEncodeTiled(
//
// sm_100a (tcgen05, TMEM) and its host function:
// RUN: %layout_opt_exe %S/../../../examples/gemm_sm100.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.sm100.opt.ptx" -o %t.sm100.opt.mlir 2>/dev/null
// RUN: layout-opt %S/../../../examples/gemm_sm100.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.sm100.plugin.ptx" -o %t.sm100.plugin.mlir 2>/dev/null
// RUN: diff %t.sm100.opt.ptx %t.sm100.plugin.ptx
// RUN: mlir-translate --mlir-to-llvmir %t.sm100.opt.mlir | llvm-extract --func=encode_tensor_maps -S -o %t.sm100.opt.host.ll
// RUN: mlir-translate --mlir-to-llvmir %t.sm100.plugin.mlir | llvm-extract --func=encode_tensor_maps -S -o %t.sm100.plugin.host.ll
// RUN: diff %t.sm100.opt.host.ll %t.sm100.plugin.host.ll
// RUN: %layout_opt_exe %t.sm100.bf16.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.sm100.bf16.opt.ptx" -o /dev/null 2>/dev/null
// RUN: layout-opt %t.sm100.bf16.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.sm100.bf16.plugin.ptx" -o /dev/null 2>/dev/null
// RUN: diff %t.sm100.bf16.opt.ptx %t.sm100.bf16.plugin.ptx
// RUN: FileCheck %s --check-prefix=SM100 < %t.sm100.plugin.ptx
// SM100: .target sm_100a
// SM100: tcgen05.mma.cta_group::1.kind::f16
