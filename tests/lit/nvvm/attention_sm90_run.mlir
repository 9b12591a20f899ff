// examples/attention_sm90.mlir (d = 64) and attention_sm90_d128.mlir (d = 128): TMA loads of Q, K
// and V into a two-stage K/V ring fed by a producer warpgroup, two consumer warpgroups (WGMMA
// S = Q K^T, the online softmax in registers, WGMMA O += P V with P from registers, the two
// overlapped as FA3 does: S_j in flight with O += P_{j-1} V_{j-1}, and the two warpgroups in
// ping-pong on named barriers), setmaxnreg (24 / 240), the
// stmatrix + TMA-store epilogue and the log-sum-exp output; lowered, assembled by ptxas without
// spills, proven (--layout-prove-descriptors), and run on the PTX emulator with the tensor maps
// of the derived host function (tools/ptx-emu/specs/attention_sm90.py: the float64 reference
// with the bounds |O - ref| <= 4u (sum_j p_j |V_j|) / l + 2u |ref| + 2^-20, u = 2^-11 for f16
// and 2^-8 for bf16, and |LSE - ref| <= 2^-14 (|ref| + 1)):
//   - one head, SQ = SK = 128: one Q tile, one K/V tile;
//   - ragged lengths: two heads, SQ = 200, SK = 330 (a partial Q tile whose rows past SQ TMA
//     zero-fills and whose store it clips; three K/V tiles, the last partial: its columns past
//     SK masked, so the ring wraps and the softmax rescales twice);
//   - causal with SQ > SK (300 and 200: the loop stops at the Q tile's last row or at SK);
//   - head dim 128 (64-row K/V tiles, two swizzle atoms along d), ragged and causal;
//   - bf16 (the same source with bf16 for f16), ragged and causal.
// Every element of O and LSE is written exactly once (LSE by one lane of each quad).
// Deliberately broken variants fail: the rescale of O dropped, the producer's wait for a free
// K stage with the wrong parity (it waits for the phase the consumers have not started: a
// deadlock), the consumers' waits for V removed (the WGMMA reads V's stage while its TMA load
// is in flight), the first tile's wgmma.wait_group 0 removed and the loop's wait_group 1 made 2
// (the scores read while their WGMMA is in flight), warpgroup 1's first arrival on warpgroup 0's
// scheduler barrier dropped (both wait for the other: a deadlock), and the softmax scale
// changed in the PTX.
// UNSUPPORTED: plugin-driver
// REQUIRES: ptxas
// DEFINE: %{emu} = %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/attention_sm90.py

// RUN: layout-opt %S/../../../examples/attention_sm90.mlir --lower-to-nvvm="ptx=%t.ptx" -o %t.lowered.mlir 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %ptxas --gpu-name sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: layout-opt %S/../../../examples/attention_sm90.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROOF
// RUN: mlir-translate --mlir-to-llvmir %t.lowered.mlir -o %t.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.ll -o %t.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.host.ll -o %t.host.o
// RUN: cc -shared -fPIC %t.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.host.so
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=128 | FileCheck %s --check-prefix=ONE
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set bh=2 --set sq=200 --set sk=330 | FileCheck %s --check-prefix=RAGGED
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set bh=2 --set sq=300 --set sk=200 --set causal=1 | FileCheck %s --check-prefix=CAUSAL

// RUN: layout-opt %S/../../../examples/attention_sm90_d128.mlir --lower-to-nvvm="ptx=%t.d128.ptx" -o %t.d128.lowered.mlir 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.d128.ptx -o %t.d128.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: layout-opt %S/../../../examples/attention_sm90_d128.mlir --layout-lower-tensors --layout-prove-descriptors -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROOF128
// RUN: mlir-translate --mlir-to-llvmir %t.d128.lowered.mlir -o %t.d128.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.d128.ll -o %t.d128.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.d128.host.ll -o %t.d128.host.o
// RUN: cc -shared -fPIC %t.d128.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.d128.host.so
// RUN: %{emu} --ptx %t.d128.ptx --host %t.d128.host.so --set d=128 --set smem=99408 --set bh=2 --set sq=200 --set sk=150 | FileCheck %s --check-prefix=D128
// RUN: %{emu} --ptx %t.d128.ptx --host %t.d128.host.so --set d=128 --set smem=99408 --set bh=1 --set sq=256 --set sk=300 --set causal=1 | FileCheck %s --check-prefix=CAUSAL128

// RUN: sed -E 's/(^|[^b])f16/\1bf16/g' %S/../../../examples/attention_sm90.mlir > %t.bf16.mlir
// RUN: layout-opt %t.bf16.mlir --lower-to-nvvm="ptx=%t.bf16.ptx" -o %t.bf16.lowered.mlir 2>/dev/null
// RUN: %ptxas --gpu-name sm_90a -v %t.bf16.ptx -o %t.bf16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: mlir-translate --mlir-to-llvmir %t.bf16.lowered.mlir -o %t.bf16.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.bf16.ll -o %t.bf16.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.bf16.host.ll -o %t.bf16.host.o
// RUN: cc -shared -fPIC %t.bf16.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.bf16.host.so
// RUN: %{emu} --ptx %t.bf16.ptx --host %t.bf16.host.so --set elem=bf16 --set bh=2 --set sq=150 --set sk=260 --set causal=1 | FileCheck %s --check-prefix=BF16

// RUN: sed 's/%%os = arith.mulf %%o1, %%ab : !oT/%%os = arith.addf %%o1, %%zo : !oT/' %S/../../../examples/attention_sm90.mlir > %t.norescale.mlir
// RUN: layout-opt %t.norescale.mlir --lower-to-nvvm="ptx=%t.norescale.ptx" -o /dev/null 2>/dev/null
// RUN: not %{emu} --ptx %t.norescale.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=300 | FileCheck %s --check-prefix=NORESCALE
// RUN: sed 's/layout.mbarrier_wait %%kempty\[%%j\] {free}/layout.mbarrier_wait %%kempty[%%j]/' %S/../../../examples/attention_sm90.mlir > %t.parity.mlir
// RUN: layout-opt %t.parity.mlir --lower-to-nvvm="ptx=%t.parity.ptx" -o /dev/null 2>/dev/null
// RUN: not %{emu} --ptx %t.parity.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=300 | FileCheck %s --check-prefix=PARITY
// RUN: grep -v 'layout.mbarrier_wait %%vfull' %S/../../../examples/attention_sm90.mlir > %t.novwait.mlir
// RUN: layout-opt %t.novwait.mlir --lower-to-nvvm="ptx=%t.novwait.ptx" -o /dev/null 2>/dev/null
// RUN: not %{emu} --ptx %t.novwait.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=300 | FileCheck %s --check-prefix=NOVWAIT
// RUN: awk '/wgmma\.wait_group\.sync\.aligned[[:space:]]+0;/ && !done {done=1; next} 1' %t.ptx > %t.nowait.ptx
// RUN: not %{emu} --ptx %t.nowait.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=128 | FileCheck %s --check-prefix=NOWAIT
// RUN: sed -E 's/(wgmma\.wait_group\.sync\.aligned[[:space:]]+)1;/\12;/' %t.ptx > %t.wait2.ptx
// RUN: not %{emu} --ptx %t.wait2.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=300 | FileCheck %s --check-prefix=WAIT2
// RUN: sed -E 's/^([[:space:]]*)bar\.arrive 2, 256;/\1\/\/ dropped/' %t.ptx > %t.nopp.ptx
// RUN: not %{emu} --ptx %t.nopp.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=128 | FileCheck %s --check-prefix=PINGPONG
// RUN: sed 's/0f3E38AA3B/0f3E000000/' %t.ptx > %t.scale.ptx
// RUN: not %{emu} --ptx %t.scale.ptx --host %t.host.so --set bh=1 --set sq=128 --set sk=128 | FileCheck %s --check-prefix=SCALE

// REMARKS-DAG: remark: 'layout.tma_copy' op tma_copy: load, 1 x cp.async.bulk.tensor.3d of the box [64, 128, 1] (16384 bytes each, CU_TENSOR_MAP_SWIZZLE_128B; TMA coordinates (?,64,?):(1@1,1@0,1@2))
// REMARKS-DAG: remark: 'layout.tma_copy' op tma_copy: store, 1 x cp.async.bulk.tensor.3d of the box [64, 128, 1]
// REMARKS-DAG: remark: 'layout.mma_async' op mma_async: 2 warpgroup(s) of m64n128k16, accumulator field i in register i
// REMARKS-DAG: remark: 'layout.mma_async' op mma_async: 2 warpgroup(s) of m64n64k16, accumulator field i in register i; A from registers
// REMARKS-DAG: remark: 'layout.reduce' op reduce: 32 register(s) per result register in-thread, 2 butterfly shuffle(s) (lane masks 1, 2); 2 result register(s) per thread
// REMARKS-DAG: remark: 'layout.shared_store' op shared_store: 4 x stmatrix.sync.aligned.m8n8.x4.shared.b16 per thread
// REMARKS-DAG: remark: 'layout.global_store' op global_store: 2 x st.global.b32 per thread (1 element of 4 bytes each), by the threads whose lane bits 0x3 and warp bits 0x0 are clear (the others hold copies)
// REMARKS-DAG: remark: 'layout.shared_alloc' op needs 83008 bytes of shared memory
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// The TMA loads and store, the WGMMA descriptors of Q, K and the V^T view, and the stmatrix
// store of O, proven.
// PROOF: remark: 'builtin.module' op proved 42 obligations of 34 ops
// PROOF128: remark: 'builtin.module' op proved {{[0-9]+}} obligations of {{[0-9]+}} ops
// PTX-LABEL: .entry attention(
// PTX: setmaxnreg.dec.sync.aligned.u32 24;
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: setmaxnreg.inc.sync.aligned.u32 240;
// PTX: bar.arrive 2, 256;
// PTX: bar.sync %r{{[0-9]+}}, 256;
// The loop: S_j (SS), then O += P_{j-1} V_{j-1} (RS) in flight while S_j's softmax runs.
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p,
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p,
// PTX: bar.arrive %r{{[0-9]+}}, 256;
// PTX: wgmma.wait_group.sync.aligned 1;
// PTX: shfl.sync.bfly.b32
// PTX: ex2.approx.f32
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p,
// PTX: cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group
// PTX: lg2.approx.f32
// ONE: attention sm90a f16 bh=1 sq=128 sk=128 d=64: o: 8192 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// ONE: attention sm90a f16 bh=1 sq=128 sk=128 d=64: lse: 128 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// ONE: PASS
// RAGGED: attention sm90a f16 bh=2 sq=200 sk=330 d=64: o: 25600 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// RAGGED: lse: 400 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// RAGGED: emulated 4 CTAs x 384 threads: {{[0-9]+}} instructions, 288 wgmma, 28 TMA loads, 4 TMA stores, {{.*}} 12 setmaxnreg
// RAGGED: PASS
// CAUSAL: attention sm90a f16 bh=2 sq=300 sk=200 d=64 causal: o: 38400 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// CAUSAL: lse: 600 elements, max error {{.*}}, 0 wrong
// CAUSAL: PASS
// D128: attention sm90a f16 bh=2 sq=200 sk=150 d=128: o: 51200 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// D128: lse: 400 elements, max error {{.*}}, 0 wrong
// D128: PASS
// CAUSAL128: attention sm90a f16 bh=1 sq=256 sk=300 d=128 causal: o: 32768 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// CAUSAL128: lse: 256 elements, max error {{.*}}, 0 wrong
// CAUSAL128: PASS
// BF16: attention sm90a bf16 bh=2 sq=150 sk=260 d=64 causal: o: 19200 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// BF16: lse: 300 elements, max error {{.*}}, 0 wrong
// BF16: PASS
// NORESCALE: o: 8192 elements, max error {{.*}}, {{[1-9][0-9]*}} wrong
// NORESCALE: FAIL
// PARITY: error: deadlock: no thread of CTA (0, 0) can run
// NOVWAIT: race (read after write) in CTA (0, 0): thread {{[0-9]+}} at line {{[0-9]+}} `wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}` touches shared byte smem+{{[0-9]+}}, last written by thread 256 at line {{[0-9]+}} `cp.async.bulk.tensor.3d
// NOVWAIT: FAIL
// NOWAIT: error: CTA (0, 0) thread {{[0-9]+}}: line {{[0-9]+}} `mul.rn.f32 {{.*}}`: reads %r{{[0-9]+}}, an accumulator of a wgmma group still in flight
// WAIT2: error: CTA (0, 0) thread {{[0-9]+}}: line {{[0-9]+}} `mul.rn.f32 {{.*}}`: reads %r{{[0-9]+}}, an accumulator of a wgmma group still in flight
// PINGPONG: error: deadlock: no thread of CTA (0, 0) can run
// SCALE: {{[1-9][0-9]*}} wrong
// SCALE: FAIL
