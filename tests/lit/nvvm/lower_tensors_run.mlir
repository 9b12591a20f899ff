// The kernels of lower_tensors.mlir, end to end: --lower-to-nvvm to PTX for sm_80 and sm_90a,
// ptxas for both (no spills), and Inputs/ptx_moves.py runs the @ragged copy for every thread of
// the CTA on the CPU, for four tiles of runtime M x K tensors (leading dimension 80): an interior
// tile; the corner tile of a 100 x 72 tensor (36 rows and 8 columns inside); a tile whose K
// residue is 6 elements, so one copy per row reads 12 of its 16 bytes (cp.async's src-size);
// the last row tile of a 61-row tensor. Every byte inside the tensor lands at its swizzled
// shared offset, every byte past it is zero, nothing else is written. A case that claims the
// whole corner tile is inside fails. The @staged copy into stage 0 and stage 1 of a staged,
// swizzled shared layout (layout.slice_tensor) lands in that stage's 4 KiB under the stage's
// swizzle. @ragged_copy loads a tile of a runtime tensor into registers and stores it to the
// same tile of another (Inputs/ptx_moves.py follows the forward branches: the whole-tile test
// and each masked element): an interior tile takes the 16-byte accesses, the corner tile and
// a tile with a 6-column K residue copy exactly the elements inside, nothing else is written;
// expecting the whole corner tile fails.
// REQUIRES: ptxas
// RUN: layout-opt %S/lower_tensors.mlir --lower-to-nvvm="ptx=%t.80.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.80.ptx -o %t.80.cubin 2> %t.80.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.80.log | FileCheck %s --check-prefix=ENTRIES
// RUN: FileCheck %s --check-prefix=PTX < %t.80.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.80.ptx %S/Inputs/lower_tensors_cases.json | FileCheck %s --check-prefix=MOVES
// RUN: layout-opt %S/lower_tensors.mlir --lower-to-nvvm="ptx=%t.90.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.90.ptx -o %t.90.cubin 2> %t.90.log
// RUN: grep -c "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" %t.90.log | FileCheck %s --check-prefix=ENTRIES
// RUN: %python %S/Inputs/ptx_moves.py %t.90.ptx %S/Inputs/lower_tensors_cases.json | FileCheck %s --check-prefix=MOVES
// RUN: sed 's/"valid": \[36, 8\]/"valid": [64, 64]/' %S/Inputs/lower_tensors_cases.json > %t.whole.json
// RUN: not %python %S/Inputs/ptx_moves.py %t.80.ptx %t.whole.json | FileCheck %s --check-prefix=WRONG
// RUN: sed 's/"region": \[\[64, 100\], \[64, 72\]\]/"region": [[64, 128], [64, 128]]/' %S/Inputs/lower_tensors_cases.json > %t.past.json
// RUN: not %python %S/Inputs/ptx_moves.py %t.80.ptx %t.past.json | FileCheck %s --check-prefix=PAST

// ENTRIES: 8
// The copies read src-size bytes; the whole-tile test picks the plain vector accesses or the
// masked ones (one predicated element store each).
// PTX-LABEL: .entry ragged
// PTX-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 16, %r{{[0-9]+}};
// PTX-LABEL: .entry whole
// PTX-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 16;
// PTX-LABEL: .entry ragged_k
// PTX: ld.global.v4.b32
// PTX: ld.global.b16
// PTX-LABEL: .entry nested
// PTX: st.global.v4.b32
// PTX: st.global.b16
// MOVES-COUNT-4: ragged: 4096 elements copied into shared memory by 128 threads: all right
// MOVES-COUNT-2: staged: 2048 elements copied into shared memory by 128 threads: all right
// MOVES: ragged_copy: 4096 elements copied by 128 threads: all right
// MOVES: ragged_copy: 288 elements copied by 128 threads: all right
// MOVES: ragged_copy: 384 elements copied by 128 threads: all right
// WRONG: ragged: 4096 elements copied into shared memory by 128 threads: {{[0-9]+}} bytes wrong
// PAST: ragged_copy: 4096 elements copied by 128 threads: {{[0-9]+}} bytes wrong
