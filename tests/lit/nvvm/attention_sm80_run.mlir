// examples/attention_sm80.mlir (FlashAttention-2's forward pass for sm_80: O = softmax(Q K^T / 8) V,
// d = 64, f16; cp.async, ldmatrix, mma.sync) and attention_sm80_d128.mlir (d = 128) lowered for
// sm_80, assembled by ptxas without spills, and run on the PTX emulator
// (tools/ptx-emu/specs/attention_sm80.py: the float64 reference with its bound
// |O - ref| <= 2^-9 (sum_j p_j |V_j|) / l + 2^-10 |ref| + 2^-20):
//   - one head, seq 64: one K/V tile;
//   - two heads, seq 192: three K/V tiles per Q tile, so both cp.async stages are refilled and
//     the online softmax rescales the running output and sum twice (6 CTAs);
//   - causal (the mask from layout.coordinate, the loop to the diagonal), two heads, seq 192;
//   - head dim 128 (two 64-wide halves, one buffer each for Q, K and V), one head, seq 128,
//     and causal with seq 192.
// Their cp.async copies, ldmatrix loads and stores are proven (--layout-prove-descriptors).
// The kernel's instructions: cp.async.cg of 16 bytes, ldmatrix.x4 for Q and for K^T (a view
// of K's tile whose k, the head dimension, is contiguous: no .trans, the k steps and key
// blocks as immediate offsets of 4 address registers), ldmatrix.x4.trans for V, 64 mma.sync
// per K/V tile, the row reductions by butterfly shuffles, ex2.approx.f32, and P handed from
// the accumulator to the A operand in registers (the convert_layout folds: no shared memory).
// Deliberately broken variants fail: the rescale of O dropped (the source with O * alpha
// replaced by O), the cp.async.wait_group of the loop removed (ldmatrix reads copies in
// flight), the CTA barrier after it removed (reads of other threads' copies unordered), the
// barrier that ends a K/V tile removed (the next copy overwrites a stage other warps still
// read: a race, the numbers happen to survive), and the softmax scale changed in the PTX.
// UNSUPPORTED: plugin-driver
// REQUIRES: ptxas
// DEFINE: %{emu} = %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/attention_sm80.py
// RUN: layout-opt %S/../../../examples/attention_sm80.mlir --lower-to-nvvm="ptx=%t.ptx chip=sm_80" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %ptxas --gpu-name sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: layout-opt %S/../../../examples/attention_sm80.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROOF
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: not grep -E 'st\.shared|ld\.shared|__layout_convert_smem' %t.ptx
// RUN: %{emu} --ptx %t.ptx --set bh=1 --set seq=64 | FileCheck %s --check-prefix=ONE
// RUN: %{emu} --ptx %t.ptx --set bh=2 --set seq=192 | FileCheck %s --check-prefix=THREE
// RUN: %{emu} --ptx %t.ptx --set bh=2 --set seq=192 --set causal=1 | FileCheck %s --check-prefix=CAUSAL
// RUN: layout-opt %S/../../../examples/attention_sm80_d128.mlir --lower-to-nvvm="ptx=%t.d128.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %ptxas --gpu-name sm_80 -v %t.d128.ptx -o %t.d128.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: layout-opt %S/../../../examples/attention_sm80_d128.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROOF128
// RUN: %{emu} --ptx %t.d128.ptx --set bh=1 --set seq=128 --set d=128 | FileCheck %s --check-prefix=D128
// RUN: %{emu} --ptx %t.d128.ptx --set bh=1 --set seq=192 --set d=128 --set causal=1 | FileCheck %s --check-prefix=CAUSAL128
// RUN: sed 's/%%os = arith.mulf %%o, %%ab : !accT/%%os = arith.addf %%o, %%zacc : !accT/' %S/../../../examples/attention_sm80.mlir > %t.norescale.mlir
// RUN: layout-opt %t.norescale.mlir --lower-to-nvvm="ptx=%t.norescale.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: not %{emu} --ptx %t.norescale.ptx --set bh=1 --set seq=192 | FileCheck %s --check-prefix=NORESCALE
// RUN: awk '/cp\.async\.wait_group/ && ++n == 2 {next} 1' %t.ptx > %t.nowait.ptx
// RUN: not %{emu} --ptx %t.nowait.ptx --set bh=1 --set seq=192 | FileCheck %s --check-prefix=NOWAIT
// RUN: awk '/bar\.sync/ && ++n == 2 {next} 1' %t.ptx > %t.nobar.ptx
// RUN: not %{emu} --ptx %t.nobar.ptx --set bh=1 --set seq=192 | FileCheck %s --check-prefix=NOBAR
// RUN: awk '/bar\.sync/ && ++n == 3 {next} 1' %t.ptx > %t.noend.ptx
// RUN: not %{emu} --ptx %t.noend.ptx --set bh=1 --set seq=192 | FileCheck %s --check-prefix=NOEND
// RUN: sed 's/0f3E38AA3B/0f3E000000/' %t.ptx > %t.scale.ptx
// RUN: not %{emu} --ptx %t.scale.ptx --set bh=1 --set seq=64 | FileCheck %s --check-prefix=SCALE

// REMARKS-DAG: remark: 'layout.async_copy' op async_copy: 4 x cp.async.cg.shared.global of 16 bytes per thread (8 elements of 2 bytes each)
// REMARKS-DAG: remark: 'layout.shared_load' op shared_load: 4 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread (instead of 16 x ld.shared.b32)
// REMARKS-DAG: remark: 'layout.shared_load' op shared_load: 16 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread (instead of 64 x ld.shared.b32)
// REMARKS-DAG: remark: 'layout.shared_load' op shared_load: 16 x ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 per thread (instead of 128 x ld.shared.b16)
// REMARKS-DAG: remark: 'layout.mma' op mma: 32 x mma.sync.aligned.m16n8k16.row.col per thread (8 accumulator tiles of 16x8, 4 k steps each)
// REMARKS-DAG: remark: 'layout.reduce' op reduce: 16 register(s) per result register in-thread, 2 butterfly shuffle(s) (lane masks 1, 2); 2 result register(s) per thread
// REMARKS-DAG: remark: 'layout.global_store' op global_store: 16 x st.global.b32 per thread (2 elements of 2 bytes each)
// REMARKS-NOT: layout.convert
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// The cp.async copies of Q and of K and V's stages, Q's, K^T's and V's ldmatrix loads, the
// store of O, proven.
// PROOF: remark: 'builtin.module' op proved 9 obligations of 9 ops
// PROOF128: remark: 'builtin.module' op proved 16 obligations of 16 ops
// PTX-LABEL: .entry attention(
// PTX-COUNT-4: cp.async.cg.shared.global
// PTX: cp.async.commit_group;
// PTX-COUNT-8: cp.async.cg.shared.global
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
// ONE: attention sm80 f16 bh=1 seq=64 d=64: o: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// ONE: emulated 1 CTAs x 128 threads: {{[0-9]+}} instructions, 256 mma.sync, 144 ldmatrix, 1536 cp.async, 3 CTA barriers
// ONE: checks: none failed
// ONE: PASS
// THREE: attention sm80 f16 bh=2 seq=192 d=64: o: 24576 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// THREE: emulated 6 CTAs x 128 threads: {{[0-9]+}} instructions, 4608 mma.sync, 2400 ldmatrix, 21504 cp.async, 42 CTA barriers
// THREE: checks: none failed
// THREE: PASS
// CAUSAL: attention sm80 f16 bh=2 seq=192 d=64 causal: o: 24576 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// CAUSAL: checks: none failed
// CAUSAL: PASS
// D128: attention sm80 f16 bh=1 seq=128 d=128: o: 16384 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// D128: checks: none failed
// D128: PASS
// CAUSAL128: attention sm80 f16 bh=1 seq=192 d=128 causal: o: 24576 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// CAUSAL128: checks: none failed
// CAUSAL128: PASS
// NORESCALE: {{[1-9][0-9]*}} wrong
// NORESCALE: FAIL
// NOWAIT: checks: {{.*}}cp.async never completed
// NOWAIT: race (read of a cp.async destination in flight) in CTA (0, 0): thread {{[0-9]+}} at line {{[0-9]+}} `ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}` reads shared byte sk+{{[0-9]+}} while the cp.async of thread {{[0-9]+}} at line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}` into it is in flight
// NOWAIT: FAIL
// NOBAR: {{[1-9][0-9]*}} wrong, 0 writes outside o, 0 unwritten, 0 stored twice, {{[1-9][0-9]*}} races
// NOBAR: race (read after write) in CTA (0, 0): thread {{[0-9]+}} at line {{[0-9]+}} `ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}` touches shared byte sk+{{[0-9]+}}, last written by thread {{[0-9]+}} at line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}`, with no barrier between
// NOBAR: FAIL
// NOEND: 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, {{[1-9][0-9]*}} races
// NOEND: race (write after read) in CTA (0, 0): thread {{[0-9]+}} at line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}` touches shared byte sk+{{[0-9]+}}, last read by thread {{[0-9]+}} at line {{[0-9]+}} `ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}`, with no barrier between
// NOEND: FAIL
// SCALE: {{[1-9][0-9]*}} wrong
// SCALE: FAIL
