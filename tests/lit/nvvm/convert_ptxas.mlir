// The conversions of convert.mlir, assembled by ptxas for sm_90a: all thirteen kernels, none
// spilling.
// REQUIRES: ptxas
// RUN: layout-opt %S/convert.mlir --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2> %t.log
// RUN: grep -c "Compiling entry function" %t.log | FileCheck %s
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.log | FileCheck %s
// RUN: grep "Compiling entry function 'mma_to_rows'" -A3 %t.log | FileCheck %s --check-prefix=ROWS

// CHECK: 13
// ROWS: used 1 barriers
