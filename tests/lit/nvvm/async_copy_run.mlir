// The cp.async kernels of async_copy.mlir, end to end: --lower-to-nvvm to PTX for sm_80 and
// sm_90a, ptxas for both (no spills), and Inputs/ptx_moves.py runs the PTX for every thread
// of the CTA on the CPU: every byte of the global tile (row strides 72, 68 and 64 elements)
// lands at the shared offset its layout names (the 128B swizzle included), nothing else is
// written (the 64B swizzle's 8-byte copies too). A shared layout that differs from the op's (the swizzle dropped) is caught.
// REQUIRES: ptxas
// RUN: layout-opt %S/async_copy.mlir --lower-to-nvvm="ptx=%t.80.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.80.ptx -o %t.80.cubin 2> %t.80.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.80.log | FileCheck %s --check-prefix=ENTRIES
// RUN: FileCheck %s --check-prefix=PTX < %t.80.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.80.ptx %S/Inputs/async_copy_cases.json | FileCheck %s --check-prefix=MOVES
// RUN: layout-opt %S/async_copy.mlir --lower-to-nvvm="ptx=%t.90.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.90.ptx -o %t.90.cubin 2> %t.90.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.90.log | FileCheck %s --check-prefix=ENTRIES
// RUN: %python %S/Inputs/ptx_moves.py %t.90.ptx %S/Inputs/async_copy_cases.json | FileCheck %s --check-prefix=MOVES
// RUN: sed 's/Sw<3,3,3> o 0 o //' %S/Inputs/async_copy_cases.json > %t.unswizzled.json
// RUN: not %python %S/Inputs/ptx_moves.py %t.80.ptx %t.unswizzled.json | FileCheck %s --check-prefix=WRONG

// ENTRIES: 4
// PTX-LABEL: .entry swizzled
// PTX-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 16;
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 0;
// PTX-LABEL: .entry eight_bytes
// PTX-COUNT-8: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 8;
// PTX-LABEL: .entry swizzle_splits
// PTX-COUNT-8: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 8;
// PTX-LABEL: .entry columns
// PTX-COUNT-32: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 4;
// MOVES: swizzled: 4096 elements copied into shared memory by 128 threads: all right
// MOVES: eight_bytes: 4096 elements copied into shared memory by 128 threads: all right
// MOVES: swizzle_splits: 4096 elements copied into shared memory by 128 threads: all right
// MOVES: columns: 4096 elements copied into shared memory by 128 threads: all right
// WRONG: swizzled: 4096 elements copied into shared memory by 128 threads: {{[0-9]+}} bytes wrong
