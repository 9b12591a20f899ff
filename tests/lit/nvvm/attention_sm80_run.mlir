// examples/attention_sm80.mlir (FlashAttention-2's forward pass for sm_80: cp.async, ldmatrix,
// mma.sync; d = 64) and attention_sm80_d128.mlir (d = 128) with the sm_90a kernel's interface
// (attention(q, k, v, o, lse, SQ, SK, BH, causal): 3-D tensors tiled by local_tile at (tile, 0,
// head), runtime SQ and SK, causal top-left, the log-sum-exp output, bf16 by substitution),
// lowered for sm_80, assembled by ptxas without spills, proven (--layout-prove-descriptors), and
// run on the PTX emulator (tools/ptx-emu/specs/attention_sm80.py: the reference and bounds of
// tools/ptx-emu/specs/_attention.py, shared with the sm_90a spec:
// |O - ref| <= 4u (sum_j p_j |V_j|) / l + 2u |ref| + 2^-20, u = 2^-11 for f16 and 2^-8 for bf16,
// and |LSE - ref| <= 2^-14 (|ref| + 1)):
//   - one head, SQ = SK = 64: one Q tile, one K/V tile;
//   - ragged lengths: two heads, SQ = 100, SK = 150 (a partial Q tile whose rows past SQ cp.async
//     zero-fills and whose stores of O and LSE are masked; three K/V tiles, the last partial:
//     zero-filled past SK and its columns masked, so both stages are refilled and the softmax
//     rescales twice);
//   - causal with SQ > SK (200 and 130) and SQ < SK (100 and 230: the loop stops at the Q tile's
//     last row);
//   - head dim 128 (two 64-wide halves), ragged and causal;
//   - bf16 (the same source with bf16 for f16; mma.sync with bf16 operands), d = 64 ragged and
//     causal, d = 128 ragged.
// Every element of O and LSE is written exactly once (LSE by one lane of each quad).
// The kernel's instructions: cp.async.cg of 16 bytes with a src-size (the rows past the tensor
// read 0 bytes), ldmatrix.x4 for Q and for K^T (a view of K's tile whose k, the head dimension,
// is contiguous: no .trans, the k steps and key blocks as immediate offsets of address
// registers), ldmatrix.x4.trans for V, 64 mma.sync per K/V tile, the row reductions by butterfly
// shuffles, ex2.approx.f32, P handed from the accumulator to the A operand in registers (the
// convert_layout folds: no shared memory), lg2.approx.f32 for the LSE.
// Deliberately broken variants fail: the rescale of O dropped (the source with O * alpha
// replaced by O), the mask of the keys past SK dropped (the zero-filled keys get weight), the
// cp.async src-size dropped in the PTX (the copies read past K), the cp.async.wait_group of the
// loop removed (ldmatrix reads copies in flight), the CTA barrier after it removed (reads of
// other threads' copies unordered), the barrier that ends a K/V tile removed (the next copy
// overwrites a stage other warps still read: a race, the numbers happen to survive), and the
// softmax scale changed in the PTX.
// UNSUPPORTED: plugin-driver
// REQUIRES: ptxas
// DEFINE: %{emu} = %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/attention_sm80.py

// RUN: layout-opt %S/../../../examples/attention_sm80.mlir --lower-to-nvvm="ptx=%t.ptx chip=sm_80" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %ptxas --gpu-name sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: layout-opt %S/../../../examples/attention_sm80.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROOF
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: not grep -E 'st\.shared|ld\.shared|__layout_convert_smem' %t.ptx
// RUN: %{emu} --ptx %t.ptx --set bh=1 --set sq=64 --set sk=64 | FileCheck %s --check-prefix=ONE
// RUN: %{emu} --ptx %t.ptx --set bh=2 --set sq=100 --set sk=150 | FileCheck %s --check-prefix=RAGGED
// RUN: %{emu} --ptx %t.ptx --set bh=2 --set sq=200 --set sk=130 --set causal=1 | FileCheck %s --check-prefix=CAUSAL
// RUN: %{emu} --ptx %t.ptx --set bh=1 --set sq=100 --set sk=230 --set causal=1 | FileCheck %s --check-prefix=CAUSALK

// RUN: layout-opt %S/../../../examples/attention_sm80_d128.mlir --lower-to-nvvm="ptx=%t.d128.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.d128.ptx -o %t.d128.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: layout-opt %S/../../../examples/attention_sm80_d128.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROOF128
// RUN: %{emu} --ptx %t.d128.ptx --set d=128 --set bh=2 --set sq=100 --set sk=150 | FileCheck %s --check-prefix=D128
// RUN: %{emu} --ptx %t.d128.ptx --set d=128 --set bh=1 --set sq=190 --set sk=170 --set causal=1 | FileCheck %s --check-prefix=CAUSAL128

// RUN: sed -E 's/(^|[^b])f16/\1bf16/g' %S/../../../examples/attention_sm80.mlir > %t.bf16.mlir
// RUN: layout-opt %t.bf16.mlir --lower-to-nvvm="ptx=%t.bf16.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.bf16.ptx -o %t.bf16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=BF16PTX < %t.bf16.ptx
// RUN: %{emu} --ptx %t.bf16.ptx --set elem=bf16 --set bh=2 --set sq=150 --set sk=260 --set causal=1 | FileCheck %s --check-prefix=BF16
// RUN: sed -E 's/(^|[^b])f16/\1bf16/g' %S/../../../examples/attention_sm80_d128.mlir > %t.bf16.d128.mlir
// RUN: layout-opt %t.bf16.d128.mlir --lower-to-nvvm="ptx=%t.bf16.d128.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.bf16.d128.ptx -o %t.bf16.d128.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %{emu} --ptx %t.bf16.d128.ptx --set elem=bf16 --set d=128 --set bh=1 --set sq=100 --set sk=150 | FileCheck %s --check-prefix=BF16D128

// RUN: sed 's/%%os = arith.mulf %%o, %%ab : !accT/%%os = arith.addf %%o, %%zacc : !accT/' %S/../../../examples/attention_sm80.mlir > %t.norescale.mlir
// RUN: layout-opt %t.norescale.mlir --lower-to-nvvm="ptx=%t.norescale.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: not %{emu} --ptx %t.norescale.ptx --set bh=1 --set sq=64 --set sk=192 | FileCheck %s --check-prefix=NORESCALE
// RUN: sed 's/%%keep = arith.andi %%causalok, %%inside/%%keep = arith.andi %%causalok, %%causalok/' %S/../../../examples/attention_sm80.mlir > %t.nomask.mlir
// RUN: layout-opt %t.nomask.mlir --lower-to-nvvm="ptx=%t.nomask.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: not %{emu} --ptx %t.nomask.ptx --set bh=1 --set sq=64 --set sk=100 | FileCheck %s --check-prefix=NOMASK
// RUN: sed -E 's/(cp\.async\.cg\.shared\.global .*, 16), %%r[0-9]+;/\1;/' %t.ptx > %t.nozfill.ptx
// RUN: not %{emu} --ptx %t.nozfill.ptx --set bh=1 --set sq=64 --set sk=100 | FileCheck %s --check-prefix=NOZFILL
// RUN: awk '/cp\.async\.wait_group/ && ++n == 2 {next} 1' %t.ptx > %t.nowait.ptx
// RUN: not %{emu} --ptx %t.nowait.ptx --set bh=1 --set sq=64 --set sk=192 | FileCheck %s --check-prefix=NOWAIT
// RUN: awk '/bar\.sync/ && ++n == 2 {next} 1' %t.ptx > %t.nobar.ptx
// RUN: not %{emu} --ptx %t.nobar.ptx --set bh=1 --set sq=64 --set sk=192 | FileCheck %s --check-prefix=NOBAR
// RUN: awk '/bar\.sync/ && ++n == 3 {next} 1' %t.ptx > %t.noend.ptx
// RUN: not %{emu} --ptx %t.noend.ptx --set bh=1 --set sq=64 --set sk=192 | FileCheck %s --check-prefix=NOEND
// RUN: sed 's/0f3E38AA3B/0f3E000000/' %t.ptx > %t.scale.ptx
// RUN: not %{emu} --ptx %t.scale.ptx --set bh=1 --set sq=64 --set sk=64 | FileCheck %s --check-prefix=SCALE

// REMARKS-DAG: remark: 'layout.async_copy' op async_copy: 4 x cp.async.cg.shared.global of 16 bytes per thread (8 elements of 2 bytes each)
// REMARKS-DAG: remark: 'layout.shared_load' op shared_load: 4 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread (instead of 16 x ld.shared.b32)
// REMARKS-DAG: remark: 'layout.shared_load' op shared_load: 16 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread (instead of 64 x ld.shared.b32)
// REMARKS-DAG: remark: 'layout.shared_load' op shared_load: 16 x ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 per thread (instead of 128 x ld.shared.b16)
// REMARKS-DAG: remark: 'layout.mma' op mma: 32 x mma.sync.aligned.m16n8k16.row.col per thread (8 accumulator tiles of 16x8, 4 k steps each)
// REMARKS-DAG: remark: 'layout.reduce' op reduce: 16 register(s) per result register in-thread, 2 butterfly shuffle(s) (lane masks 1, 2); 2 result register(s) per thread
// REMARKS-DAG: remark: 'layout.global_store' op global_store: 16 x st.global.b32 per thread (2 elements of 2 bytes each)
// REMARKS-DAG: remark: 'layout.global_store' op global_store: 2 x st.global.b32 per thread (1 element of 4 bytes each), by the threads whose lane bits 0x3 and warp bits 0x0 are clear (the others hold copies)
// REMARKS-NOT: layout.convert
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// The cp.async copies of Q and of K and V's stages, Q's, K^T's and V's ldmatrix loads, the
// stores of O and LSE, proven.
// PROOF: remark: 'builtin.module' op proved 10 obligations of 10 ops
// PROOF128: remark: 'builtin.module' op proved 17 obligations of 17 ops
// PTX-LABEL: .entry attention(
// PTX: .minnctapersm 1
// PTX-COUNT-4: cp.async.cg.shared.global {{.*}}, 16, %r{{[0-9]+}};
// PTX: cp.async.commit_group;
// PTX-COUNT-8: cp.async.cg.shared.global {{.*}}, 16, %r{{[0-9]+}};
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group{{[[:space:]]+}}1;
// PTX-NEXT: bar.sync{{[[:space:]]+}}0;
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: cp.async.commit_group;
// PTX-NEXT: cp.async.wait_group{{[[:space:]]+}}1;
// PTX-NEXT: bar.sync{{[[:space:]]+}}0;
// K^T: two address registers, the other 14 loads at immediate offsets from them.
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, [%rd[[K0:[0-9]+]]];
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, [%rd[[K1:[0-9]+]]];
// PTX-NEXT: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, [%rd[[K0]]+1024];
// PTX-NEXT: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, [%rd[[K1]]+1024];
// PTX-COUNT-12: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, [%rd{{[0-9]+}}+{{[0-9]+}}];
// PTX-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: shfl.sync.bfly.b32
// PTX: ex2.approx.f32
// PTX-COUNT-16: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: bar.sync{{[[:space:]]+}}0;
// PTX-COUNT-8: cp.async.cg.shared.global
// PTX: st.global.b32
// PTX: lg2.approx.f32
// BF16PTX-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// ONE: attention sm80 f16 bh=1 sq=64 sk=64 d=64: o: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// ONE: attention sm80 f16 bh=1 sq=64 sk=64 d=64: lse: 64 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// ONE: emulated 1 CTAs x 128 threads: {{[0-9]+}} instructions, 256 mma.sync, 144 ldmatrix, 1536 cp.async, 3 CTA barriers
// ONE: checks: none failed
// ONE: PASS
// RAGGED: attention sm80 f16 bh=2 sq=100 sk=150 d=64: o: 12800 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// RAGGED: attention sm80 f16 bh=2 sq=100 sk=150 d=64: lse: 200 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// RAGGED: emulated 4 CTAs x 128 threads: {{[0-9]+}} instructions, 3072 mma.sync, 1600 ldmatrix, 14336 cp.async, 28 CTA barriers
// RAGGED: checks: none failed
// RAGGED: PASS
// CAUSAL: attention sm80 f16 bh=2 sq=200 sk=130 d=64 causal: o: 25600 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// CAUSAL: lse: 400 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// CAUSAL: emulated 8 CTAs x 128 threads: {{[0-9]+}} instructions, 4608 mma.sync
// CAUSAL: checks: none failed
// CAUSAL: PASS
// CAUSALK: attention sm80 f16 bh=1 sq=100 sk=230 d=64 causal: o: 6400 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// CAUSALK: lse: 100 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// CAUSALK: emulated 2 CTAs x 128 threads: {{[0-9]+}} instructions, 768 mma.sync
// CAUSALK: PASS
// D128: attention sm80 f16 bh=2 sq=100 sk=150 d=128: o: 25600 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// D128: lse: 200 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// D128: checks: none failed
// D128: PASS
// CAUSAL128: attention sm80 f16 bh=1 sq=190 sk=170 d=128 causal: o: 24320 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// CAUSAL128: lse: 190 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// CAUSAL128: checks: none failed
// CAUSAL128: PASS
// BF16: attention sm80 bf16 bh=2 sq=150 sk=260 d=64 causal: o: 19200 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// BF16: lse: 300 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// BF16: checks: none failed
// BF16: PASS
// BF16D128: attention sm80 bf16 bh=1 sq=100 sk=150 d=128: o: 12800 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// BF16D128: lse: 100 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// BF16D128: PASS
// NORESCALE: o: 4096 elements, max error {{.*}}, {{[1-9][0-9]*}} wrong
// NORESCALE: FAIL
// NOMASK: o: 4096 elements, max error {{.*}}, {{[1-9][0-9]*}} wrong
// NOMASK: lse: 64 elements, max error {{.*}}, 64 wrong
// NOMASK: FAIL
// NOZFILL: error: CTA (0, 0) thread {{[0-9]+}}: line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}, 16`: cp.async reads 16 bytes at {{.*}} (k + {{[0-9]+}}, k has 12800 bytes) outside every allocation
// NOWAIT: checks: {{.*}}cp.async never completed
// NOWAIT: race (read of a cp.async destination in flight) in CTA (0, 0): thread {{[0-9]+}} at line {{[0-9]+}} `ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}` reads shared byte sk+{{[0-9]+}} while the cp.async of thread {{[0-9]+}} at line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}` into it is in flight
// NOWAIT: FAIL
// NOBAR: {{[1-9][0-9]*}} wrong, 0 writes outside o, 0 unwritten, 0 stored twice, {{[1-9][0-9]*}} races
// NOBAR: race (read after write) in CTA (0, 0): thread {{[0-9]+}} at line {{[0-9]+}} `ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}` touches shared byte sk+{{[0-9]+}}, last written by thread {{[0-9]+}} at line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}`, with no barrier between
// NOBAR: FAIL
// NOEND: o: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, {{[1-9][0-9]*}} races
// NOEND: race (write after read) in CTA (0, 0): thread {{[0-9]+}} at line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}` touches shared byte sk+{{[0-9]+}}, last read by thread {{[0-9]+}} at line {{[0-9]+}} `ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}`, with no barrier between
// NOEND: FAIL
// SCALE: {{[1-9][0-9]*}} wrong
// SCALE: FAIL
