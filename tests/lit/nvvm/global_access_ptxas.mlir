// The copy kernels of global_access.mlir, assembled by ptxas for sm_90a: all three, none
// spilling.
// REQUIRES: ptxas
// RUN: layout-opt %S/global_access.mlir --layout-assign-layouts --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2> %t.log
// RUN: grep -c "Compiling entry function" %t.log | FileCheck %s
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.log | FileCheck %s

// CHECK: 3
