// The register-tensor kernels of register_tensors_run.mlir, assembled by ptxas for sm_90a (with
// and without the layout assignment): all three kernels (two conversions, one retile), none
// spilling; the static shared buffer of the conversions is the module's 8 KiB.
// REQUIRES: ptxas
// RUN: layout-opt %S/register_tensors_run.mlir --layout-assign-layouts --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2> %t.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.log | FileCheck %s
// RUN: grep "Compiling entry function 'tensor_mma_to_rows'" -A3 %t.log | FileCheck %s --check-prefix=SMEM
// RUN: layout-opt %S/register_tensors_run.mlir --lower-to-nvvm="ptx=%t.input.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.input.ptx -o %t.input.cubin 2> %t.input.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.input.log | FileCheck %s

// CHECK: 3
// SMEM: 8192 bytes smem
