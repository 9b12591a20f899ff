// The tile GEMM of mma.mlir (global loads, conversions to the dot-operand layouts, 16
// mma.sync, global stores), assembled by ptxas for sm_90a (and sm_80, the instruction's
// architecture): no spills.
// REQUIRES: ptxas
// RUN: layout-opt %S/mma.mlir --layout-assign-layouts --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2> %t.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.log | FileCheck %s
// RUN: layout-opt %S/mma.mlir --layout-assign-layouts --lower-to-nvvm="ptx=%t.80.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.80.ptx -o %t.80.cubin 2> %t.80.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.80.log | FileCheck %s

// CHECK: 1
