// The conversions of convert.mlir, assembled by ptxas for sm_90a: all eight kernels, none
// spilling; the shuffle and register-move kernels use no barrier.
// REQUIRES: ptxas
// RUN: layout-opt %S/convert.mlir --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s

// CHECK: Compiling entry function 'pairs_to_quads' for 'sm_90a'
// CHECK-NEXT: Function properties for pairs_to_quads
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NEXT: used 0 barriers
// CHECK: Compiling entry function 'mma_to_dot_a' for 'sm_90a'
// CHECK-NEXT: Function properties for mma_to_dot_a
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NEXT: used 0 barriers
// CHECK-COUNT-5: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Compiling entry function 'mma_to_rows' for 'sm_90a'
// CHECK-NEXT: Function properties for mma_to_rows
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NEXT: used 1 barriers
