// examples/attention_sm90.mlir (attention, first cut: O = softmax(Q K^T / 8) V, d = 64, f16)
// lowered, assembled by ptxas without spills, and run on the PTX emulator
// (tools/ptx-emu/specs/attention_sm90.py: the float64 reference with its bound
// |O - ref| <= 2^-9 (sum_j p_j |V_j|) / l + 2^-10 |ref| + 2^-20):
//   - one head, seq 64: one K/V tile;
//   - two heads, seq 192: three K/V tiles per Q tile, so the online softmax rescales the
//     running output and sum twice (6 CTAs);
//   - head dim 128 (examples/attention_sm90_d128.mlir: two swizzle atoms along d, m64n128
//     for O; ptxas without spills), one head, seq 128;
//   - causal (the mask from layout.coordinate, the loop to the diagonal): d = 64 with two
//     heads and seq 192, d = 128 with one head and seq 128.
// Its descriptors and shared-memory plans are proven (--layout-prove-descriptors).
// The kernel's instructions: two wgmma groups per K/V tile (S = Q K^T from shared memory,
// O += P V with P from registers), the row reductions by butterfly shuffles (max.f32, add),
// ex2.approx.f32 for the exponentials, no shared memory for the softmax.
// Deliberately broken variants fail: the rescale of O dropped (the source with O * alpha
// replaced by O), the wgmma.wait_group before the scores are read removed (the emulator sees
// accumulators read in flight), and the softmax scale changed in the PTX.
// UNSUPPORTED: plugin-driver
// REQUIRES: ptxas
// DEFINE: %{emu} = %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/attention_sm90.py
// RUN: layout-opt %S/../../../examples/attention_sm90.mlir --lower-to-nvvm="ptx=%t.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: layout-opt %S/../../../examples/attention_sm90.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROOF
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %{emu} --ptx %t.ptx --set bh=1 --set seq=64 | FileCheck %s --check-prefix=ONE
// RUN: %{emu} --ptx %t.ptx --set bh=2 --set seq=192 | FileCheck %s --check-prefix=THREE
// RUN: layout-opt %S/../../../examples/attention_sm90_d128.mlir --lower-to-nvvm="ptx=%t.d128.ptx" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.d128.ptx -o %t.d128.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %{emu} --ptx %t.d128.ptx --set bh=1 --set seq=128 --set d=128 | FileCheck %s --check-prefix=D128
// RUN: %{emu} --ptx %t.ptx --set bh=2 --set seq=192 --set causal=1 | FileCheck %s --check-prefix=CAUSAL
// RUN: %{emu} --ptx %t.d128.ptx --set bh=1 --set seq=128 --set d=128 --set causal=1 | FileCheck %s --check-prefix=CAUSAL128
// RUN: sed 's/%%os = arith.mulf %%o, %%ab : !accT/%%os = arith.addf %%o, %%zacc : !accT/' %S/../../../examples/attention_sm90.mlir > %t.norescale.mlir
// RUN: layout-opt %t.norescale.mlir --lower-to-nvvm="ptx=%t.norescale.ptx" -o /dev/null 2>/dev/null
// RUN: not %{emu} --ptx %t.norescale.ptx --set bh=1 --set seq=192 | FileCheck %s --check-prefix=NORESCALE
// RUN: awk '/wgmma\.wait_group\.sync\.aligned[[:space:]]+0;/ && !done {done=1; next} 1' %t.ptx > %t.nowait.ptx
// RUN: not %{emu} --ptx %t.nowait.ptx --set bh=1 --set seq=64 | FileCheck %s --check-prefix=NOWAIT
// RUN: sed 's/0f3E38AA3B/0f3E000000/' %t.ptx > %t.scale.ptx
// RUN: not %{emu} --ptx %t.scale.ptx --set bh=1 --set seq=64 | FileCheck %s --check-prefix=SCALE

// REMARKS-DAG: remark: 'layout.reduce' op reduce: 16 register(s) per result register in-thread, 2 butterfly shuffle(s) (lane masks 1, 2); 2 result register(s) per thread
// REMARKS-DAG: remark: 'layout.mma_async' op mma_async: 1 warpgroup(s) of m64n64k16, accumulator field i in register i; A from registers
// REMARKS-DAG: remark: 'layout.mma_async' op mma_async: 1 warpgroup(s) of m64n64k16, accumulator field i in register i
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// The WGMMA descriptors of Q, K and the V^T view, and the shared stores of the tiles, proven.
// PROOF: remark: 'builtin.module' op proved 19 obligations of 19 ops
// PTX-LABEL: .entry attention(
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p,
// PTX: wgmma.wait_group.sync.aligned
// PTX: shfl.sync.bfly.b32
// PTX: ex2.approx.f32
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p,
// ONE: attention sm90a f16 bh=1 seq=64 d=64: o: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// ONE: PASS
// THREE: attention sm90a f16 bh=2 seq=192 d=64: o: 24576 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// THREE: emulated 6 CTAs x 128 threads: {{[0-9]+}} instructions, 144 wgmma, 36 CTA barriers
// THREE: PASS
// D128: attention sm90a f16 bh=1 seq=128 d=128: o: 16384 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// D128: PASS
// CAUSAL: attention sm90a f16 bh=2 seq=192 d=64 causal: o: 24576 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// CAUSAL: PASS
// CAUSAL128: attention sm90a f16 bh=1 seq=128 d=128 causal: o: 16384 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// CAUSAL128: PASS
// NORESCALE: {{[1-9][0-9]*}} wrong
// NORESCALE: FAIL
// NOWAIT: error: CTA (0, 0) thread {{[0-9]+}}: line {{[0-9]+}} `mul.rn.f32 {{.*}}`: reads %r{{[0-9]+}}, an accumulator of a wgmma group still in flight
// SCALE: {{[1-9][0-9]*}} wrong
// SCALE: FAIL
