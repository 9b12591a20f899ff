// layout.global_load / layout.global_store: each thread moves the registers its encoding gives
// it between registers and a row-major tensor in global memory, in the widest vectors the
// layout and the guaranteed alignment allow (linear::global_access; a remark names the width
// and why each wider one was rejected). Kernels that copy a tensor through two layouts are
// lowered to PTX and run for every thread on the CPU by Inputs/ptx_moves.py: every byte of
// the output must come from the same byte of the input.
// RUN: layout-opt %s | layout-opt | FileCheck %s --check-prefix=ROUND
// RUN: layout-opt %s --layout-lower-register-tensors -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: layout-opt %s --layout-assign-layouts --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.ptx %S/Inputs/global_access_cases.json | FileCheck %s --check-prefix=COPY
// For sm_80 the conversions use no stmatrix (sm_90 only): the copies are right there too.
// RUN: layout-opt %s --layout-assign-layouts --lower-to-nvvm="ptx=%t.80.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=SM80 < %t.80.ptx
// RUN: %python %S/Inputs/ptx_moves.py %t.80.ptx %S/Inputs/global_access_cases.json | FileCheck %s --check-prefix=COPY
// SM80-NOT: stmatrix
// A store that skips a register is caught.
// RUN: sed -e '0,/st.global.v4.b32/{/st.global.v4.b32/d}' %t.ptx > %t.dropped.ptx
// RUN: not %python %S/Inputs/ptx_moves.py %t.dropped.ptx %S/Inputs/global_access_cases.json | FileCheck %s --check-prefix=DROPPED

// ROUND: layout.global_load %{{.*}}[%{{.*}}] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf16, #layout.linear<
// ROUND: layout.global_store %{{.*}}, %{{.*}}[%{{.*}}] {align = 16 : i64} : tensor<64x64xf16, #layout.linear<

// REMARK: remark: 'layout.global_load' op global_load: 4 x ld.global.v4.b32 per thread (8 elements of 2 bytes each); wider: 16 elements: register bit 3 selects the element at [16, 0], not the next along dimension 1
// REMARK: remark: 'layout.global_store' op global_store: 4 x st.global.v4.b32 per thread (8 elements of 2 bytes each)
// REMARK: remark: 'layout.global_load' op global_load: 4 x ld.global.v4.b32 per thread
// REMARK: remark: 'layout.global_store' op global_store: 16 x st.global.b32 per thread (2 elements of 2 bytes each); wider: 4 elements: register bit 1 selects the element at [8, 0], not the next along dimension 1
// REMARK: remark: 'layout.global_load' op global_load: 32 x ld.global.b16 per thread (1 element of 2 bytes each); wider: 2 elements: register bit 0 selects the element at [1, 0], not the next along dimension 1
// REMARK: remark: 'layout.global_store' op global_store: 16 x st.global.b32 per thread (2 elements of 2 bytes each); wider: 4 elements: 8 bytes, more than the guaranteed alignment (4 bytes)

// PTX-LABEL: .entry copy_rows
// PTX-COUNT-4: ld.global.v4.b32
// PTX-COUNT-4: st.global.v4.b32
// PTX-LABEL: .entry copy_rows_to_mma
// PTX-COUNT-4: ld.global.v4.b32
// PTX: bar.sync
// PTX-COUNT-16: st.global.b32
// PTX-LABEL: .entry copy_columns_padded
// PTX-COUNT-32: ld.global.b16
// COPY: copy_rows: 4096 elements copied by 128 threads: all right
// COPY: copy_rows_to_mma: 4096 elements copied by 128 threads: all right
// COPY: copy_columns_padded: 4096 elements copied by 128 threads: all right
// DROPPED: copy_rows: 4096 elements copied by 128 threads: {{[0-9]+}} bytes wrong

#rows = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>>
#mma = #layout.linear<tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>>
#cols = #layout.linear<tensor<64x64xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>>
gpu.module @kernels {
  gpu.func @copy_rows(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %stride: i64) kernel {
    %x = layout.global_load %in[%stride] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf16, #rows>
    layout.global_store %x, %out[%stride] {align = 16 : i64} : tensor<64x64xf16, #rows>, !llvm.ptr<1>
    gpu.return
  }
  // Loaded in rows, converted through shared memory, stored by the MMA accumulator's pairs.
  gpu.func @copy_rows_to_mma(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %stride: i64) kernel {
    %x = layout.global_load %in[%stride] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf16, #rows>
    %i = arith.bitcast %x : tensor<64x64xf16, #rows> to tensor<64x64xi16, #rows>
    %y = layout.convert_layout %i : tensor<64x64xi16, #rows> -> tensor<64x64xi16, #mma>
    %f = arith.bitcast %y : tensor<64x64xi16, #mma> to tensor<64x64xf16, #mma>
    layout.global_store %f, %out[%stride] {align = 16 : i64} : tensor<64x64xf16, #mma>, !llvm.ptr<1>
    gpu.return
  }
  // Column-major threads over rows padded to 128 elements: single elements in, pairs out
  // (only 4-byte alignment is promised).
  gpu.func @copy_columns_padded(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %stride: i64) kernel {
    %x = layout.global_load %in[%stride] {align = 16 : i64} : !llvm.ptr<1> -> tensor<64x64xf16, #cols>
    %y = layout.convert_layout %x : tensor<64x64xf16, #cols> -> tensor<64x64xf16, #rows>
    layout.global_store %y, %out[%stride] {align = 4 : i64} : tensor<64x64xf16, #rows>, !llvm.ptr<1>
    gpu.return
  }
}
