// examples/attention_fp8_sm90.mlir (FlashAttention-class forward attention in fp8: Q, K and V^T in
// e4m3, f32 scores and statistics, O in bf16, head dim 128), lowered, accepted by ptxas without
// spills, its data paths proven, and run end to end on the PTX emulator against a float64
// reference (tools/ptx-emu/specs/attention_fp8_sm90.py: |O - ref| <= 4u (sum p|V|)/l +
// 2u_bf16 |ref| + 2^-20 with u = 2^-4, P's rounding to e4m3; |LSE - ref| <= 2^-14 (|ref| + 1)):
// one tile; partial Q and K/V tiles with fp8 descale factors (Q / 2, V * 2, undone by scale_qk and
// scale_v); causal with SQ > SK. P reaches WGMMA's 8-bit A fragment by 16 word shuffles per tile
// (linear::convert_shuffle); the same PTX with one shuffle reading lane 0, or with P rounded to
// e5m2 where WGMMA reads e4m3, fails.
// REQUIRES: ptxas
// DEFINE: %{emu} = %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/attention_fp8_sm90.py
// RUN: layout-opt %S/../../../examples/attention_fp8_sm90.mlir --lower-to-nvvm="ptx=%t.ptx" -o %t.lowered.mlir 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: layout-opt %S/../../../examples/attention_fp8_sm90.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROOF
// RUN: mlir-translate --mlir-to-llvmir %t.lowered.mlir -o %t.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.ll -o %t.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.host.ll -o %t.host.o
// RUN: cc -shared -fPIC %t.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.host.so
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=128 | FileCheck %s --check-prefix=ONE
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set bh=1 --set sq=200 --set sk=336 --set descale=1 | FileCheck %s --check-prefix=RAGGED
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set bh=1 --set sq=300 --set sk=208 --set causal=1 | FileCheck %s --check-prefix=CAUSAL
// RUN: awk '/shfl.sync.idx.b32/ && !done { sub(/, %%r[0-9]+, 31, -1;/, ", 0, 31, -1;"); done = 1 } 1' %t.ptx > %t.lane.ptx
// RUN: not %{emu} --ptx %t.lane.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=128 | FileCheck %s --check-prefix=BROKEN
// RUN: sed 's/e4m3x2/e5m2x2/' %t.ptx > %t.e5m2.ptx
// RUN: not %{emu} --ptx %t.e5m2.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=128 | FileCheck %s --check-prefix=BROKEN

// REMARKS-DAG: remark: 'layout.tma_copy' op tma_copy: load, 1 x cp.async.bulk.tensor.3d of the box [128, 128, 1] (16384 bytes each, CU_TENSOR_MAP_SWIZZLE_128B; TMA coordinates (?,128,?):(1@0,1@1,1@2))
// REMARKS-DAG: remark: 'layout.tma_copy' op tma_copy: store, 2 x cp.async.bulk.tensor.3d of the box [64, 128, 1]
// REMARKS-DAG: remark: 'layout.mma_async' op mma_async: 2 warpgroup(s) of m64n128k32, accumulator field i in register i
// REMARKS-DAG: remark: 'layout.mma_async' op mma_async: 2 warpgroup(s) of m64n128k32, accumulator field i in register i; A from registers
// REMARKS-DAG: remark: 'layout.convert' op convert: path shuffle; 16 x shfl.sync.idx.b32; 32 x selp.b32; 16 shuffles per warp, lower bound 16
// REMARKS-DAG: remark: 'layout.shared_store' op shared_store: 8 x stmatrix.sync.aligned.m8n8.x4.shared.b16 per thread
// REMARKS-DAG: remark: 'layout.shared_alloc' op needs 115776 bytes of shared memory
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PROOF: remark: 'builtin.module' op proved 34 obligations of 26 ops
// PTX-LABEL: .entry attention(
// PTX-DAG: cvt.rn.satfinite.e4m3x2.f32
// PTX-DAG: shfl.sync.idx.b32
// PTX-DAG: prmt.b32
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p,
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p,
// ONE: attention sm90a fp8 e4m3 bh=1 sq=128 sk=128 d=128: o: 16384 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// ONE: attention sm90a fp8 e4m3 bh=1 sq=128 sk=128 d=128: lse: 128 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// ONE: PASS
// RAGGED: attention sm90a fp8 e4m3 bh=1 sq=200 sk=336 d=128 descaled: o: 25600 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// RAGGED: lse: 200 elements, max error {{.*}}, 0 wrong
// RAGGED: PASS
// CAUSAL: attention sm90a fp8 e4m3 bh=1 sq=300 sk=208 d=128 causal: o: 38400 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// CAUSAL: lse: 300 elements, max error {{.*}}, 0 wrong
// CAUSAL: PASS
// BROKEN: o: 16384 elements, max error {{.*}}, {{[1-9][0-9]*}} wrong
// BROKEN: FAIL
