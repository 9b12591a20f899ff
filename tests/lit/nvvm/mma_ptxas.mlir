// The tile GEMM of mma.mlir (global loads, conversions to the dot-operand layouts, 16
// mma.sync, global stores) and the K-loop GEMM tile of examples/gemm_register_tensors.mlir,
// assembled by ptxas for sm_90a and sm_80 (the instruction's architecture): no spills.
// REQUIRES: ptxas
// RUN: layout-opt %S/mma.mlir --layout-assign-layouts --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2> %t.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.log | FileCheck %s
// RUN: layout-opt %S/mma.mlir --layout-assign-layouts --lower-to-nvvm="ptx=%t.80.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.80.ptx -o %t.80.cubin 2> %t.80.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.80.log | FileCheck %s

// The K-loop GEMM tile of examples/gemm_register_tensors.mlir, for sm_80 and sm_90a.
// RUN: layout-opt %S/../../../examples/gemm_register_tensors.mlir --layout-assign-layouts --lower-to-nvvm="ptx=%t.loop80.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.loop80.ptx -o %t.loop80.cubin 2> %t.loop80.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.loop80.log | FileCheck %s
// RUN: layout-opt %S/../../../examples/gemm_register_tensors.mlir --layout-assign-layouts --lower-to-nvvm="ptx=%t.loop90.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.loop90.ptx -o %t.loop90.cubin 2> %t.loop90.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.loop90.log | FileCheck %s

// CHECK: 1
