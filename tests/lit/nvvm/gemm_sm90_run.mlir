// examples/gemm_sm90.mlir run end to end on the CPU: --lower-to-nvvm makes the PTX (f16, and
// bf16 from the same source), its host function encode_tensor_maps is compiled as in
// example_gemm_sm90_host.mlir but linked with tools/ptx-emu/tensor_map_record.c, which stores every
// argument of cuTensorMapEncodeTiled in the 128-byte map, and the PTX emulator tools/ptx-emu runs every
// thread of every cluster of 2 CTAs x 384 threads: the maps lie in emulated global memory and
// the kernel's TMA instructions decode them from there, so the host function and the kernel
// are checked together. The emulator models (independently of this repository's code, from
// the PTX ISA and the driver's documentation) the cluster (both CTAs in one scheduler,
// %cluster_ctarank, mapa, barrier.cluster), mbarriers (arrival counts, transaction bytes,
// phases, try_wait.parity), TMA loads (boxes clipped and zero-filled at the extents, the 128B
// swizzle, multicast to the CTAs of the mask with complete_tx at the same offset in each,
// landing a scheduler round after the issue), TMA stores (clipped, bulk groups), WGMMA
// m64n256k16 from shared-memory descriptors (start address, LBO, SBO, swizzle mode) with the
// accumulator fragment of the PTX ISA (CuTe's CLayout_64xN), its results visible only once
// wgmma.wait_group retires the group, stmatrix, and a race detector on shared memory (vector
// clocks through the barriers, the mbarriers and the TMA copies), and checks C = A B^T against
// a float64 reference:
//   |C - ref| <= 2^-p |ref| + 2 K 2^-24 (|A| |B|) + 2^-p_min (p = 11 for f16, 8 for bf16);
// the products being exact (multiples of 1/64) and the f32 sums too, every element must
// moreover equal the reference rounded to f16/bf16. Shapes:
//   256x256x384: two whole M tiles (one cluster), 6 k-tiles: the 4-stage ring wraps;
//   200x264x136: 2x2 tiles (two clusters), partial in M, N and K; N mod 8 = 0: TMA store
//     clipped at the extents;
//   136x260x72: N mod 8 != 0: no tensor map of C, the predicated st.global.b16 epilogue;
//   bf16 72x136x200: one M tile: CTA 1 of the cluster has none and runs its pair's pipeline
//     (it stores nothing), 4 k-tiles, the last one partial.
//
// Why a wrong kernel fails: A and B are small multiples of 1/8; shared memory starts as 0xFF
// bytes (f16/bf16 NaN), so data read before a TMA copy lands poisons C; C starts as a NaN
// sentinel, every element of M x N must be stored and none outside; any race fails the run. The
// negative runs break the PTX on purpose: the consumers' full-barrier try_wait replaced by a
// true predicate (they read stages before they land: NaN, races); wgmma.wait_group 1 -> 2 in
// the loop (a stage is released while the wgmma reading it is still in flight: the producer's
// refill overwrites its operands); wgmma.wait_group 0 -> 1 before the epilogue (it reads
// accumulators of a group in flight); the descriptors' swizzle mode 128B -> 64B (wrong
// values); B's multicast removed (each CTA gets half its B stage: the full barriers never
// complete, a deadlock); the producer's empty-barrier wait removed (an arrival on a phase
// with none pending); the fence.proxy.async before the TMA store removed (the async proxy
// reads the generic proxy's stmatrix writes unfenced).
//
// UNSUPPORTED: plugin-driver
// DEFINE: %{emu} = %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/gemm_sm90.py
//
// RUN: layout-opt %S/../../../examples/gemm_sm90.mlir --lower-to-nvvm="ptx=%t.ptx" -o %t.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.lowered.mlir -o %t.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.ll -o %t.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.host.ll -o %t.host.o
// RUN: cc -shared -fPIC %t.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.host.so
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set shape=256,256,384 | FileCheck %s --check-prefix=WRAP
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set shape=200,264,136 | FileCheck %s --check-prefix=CLIP
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set shape=136,260,72 | FileCheck %s --check-prefix=ODD
// RUN: sed -E 's/(^|[^b])f16/\1bf16/g' %S/../../../examples/gemm_sm90.mlir > %t.bf16.mlir
// RUN: layout-opt %t.bf16.mlir --lower-to-nvvm="ptx=%t.bf16.ptx" -o %t.bf16.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.bf16.lowered.mlir -o %t.bf16.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.bf16.ll -o %t.bf16.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.bf16.host.ll -o %t.bf16.host.o
// RUN: cc -shared -fPIC %t.bf16.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.bf16.host.so
// RUN: %{emu} --ptx %t.bf16.ptx --host %t.bf16.host.so --set elem=bf16 --set shape=72,136,200 | FileCheck %s --check-prefix=BF16
//
// RUN: awk '/try_wait/ && ++n >= 2 {sub(/mbarrier\.try_wait\.parity\.shared\.b64 P1, \[[^]]*\], [^,]*, [0-9]+/, "setp.eq.b32 P1, 0, 0")} 1' %t.ptx > %t.nowait.ptx
// RUN: not %{emu} --ptx %t.nowait.ptx --host %t.host.so --set shape=128,256,64 | FileCheck %s --check-prefix=NOWAIT
// RUN: sed -E 's/(wgmma\.wait_group\.sync\.aligned[[:space:]]+)1;/\12;/' %t.ptx > %t.wait2.ptx
// RUN: not %{emu} --ptx %t.wait2.ptx --host %t.host.so --set shape=128,256,320 | FileCheck %s --check-prefix=WAIT2
// RUN: sed -E 's/(wgmma\.wait_group\.sync\.aligned[[:space:]]+)0;/\11;/' %t.ptx > %t.wait0.ptx
// RUN: not %{emu} --ptx %t.wait0.ptx --host %t.host.so --set shape=128,256,64 | FileCheck %s --check-prefix=WAIT0
// RUN: sed -E 's/4611686293305360384/9223372311732731904/' %t.ptx > %t.sw64.ptx
// RUN: not %{emu} --ptx %t.sw64.ptx --host %t.host.so --set shape=128,256,64 | FileCheck %s --check-prefix=SW64
// RUN: sed -E '/multicast::cluster/ { s/\.multicast::cluster//; s/, %rs[0-9]+;/;/; }' %t.ptx > %t.nomc.ptx
// RUN: not %{emu} --ptx %t.nomc.ptx --host %t.host.so --set shape=128,256,64 | FileCheck %s --check-prefix=NOMC
// RUN: awk '/try_wait/ && ++n == 1 {sub(/mbarrier\.try_wait\.parity\.shared\.b64 P1, \[[^]]*\], [^,]*, [0-9]+/, "setp.eq.b32 P1, 0, 0")} 1' %t.ptx > %t.nofree.ptx
// RUN: not %{emu} --ptx %t.nofree.ptx --host %t.host.so --set shape=128,256,320 | FileCheck %s --check-prefix=NOFREE
// RUN: sed '/fence\.proxy\.async/d' %t.ptx > %t.nofence.ptx
// RUN: not %{emu} --ptx %t.nofence.ptx --host %t.host.so --set shape=128,256,64 | FileCheck %s --check-prefix=NOFENCE

// WRAP: sm90a f16 256x256x384 (2x1 tiles, 6 k-tiles): C: 65536 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// WRAP-NEXT: 65536 of 65536 elements equal the reference rounded to f16
// WRAP-NEXT: emulated 8 CTAs (clusters of 2) x 384 threads: {{[0-9]+}} instructions, 96 wgmma, 24 TMA loads, 12 TMA multicast loads, 8 TMA stores, 256 stmatrix, 22 mbarrier phases, 2 cluster barriers, 4 CTA barriers; {{[0-9.]+}} s
// WRAP-NEXT: checks: none failed
// WRAP-NEXT: PASS
// CLIP: sm90a f16 200x264x136 (2x2 tiles, 3 k-tiles): C: 52800 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// CLIP-NEXT: 52800 of 52800 elements equal the reference rounded to f16
// CLIP-NEXT: emulated 16 CTAs (clusters of 2) x 384 threads: {{[0-9]+}} instructions, 96 wgmma, 24 TMA loads, 12 TMA multicast loads, 16 TMA stores, 512 stmatrix, 20 mbarrier phases, 4 cluster barriers, 8 CTA barriers; {{[0-9.]+}} s
// CLIP-NEXT: checks: none failed
// CLIP-NEXT: PASS
// ODD: sm90a f16 136x260x72 (2x2 tiles, 2 k-tiles): C: 35360 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// ODD-NEXT: 35360 of 35360 elements equal the reference rounded to f16
// ODD-NEXT: emulated 16 CTAs (clusters of 2) x 384 threads: {{[0-9]+}} instructions, 64 wgmma, 16 TMA loads, 8 TMA multicast loads, 12 mbarrier phases, 4 cluster barriers; {{[0-9.]+}} s
// ODD-NEXT: checks: none failed
// ODD-NEXT: PASS
// BF16: sm90a bf16 72x136x200 (1x1 tiles, 4 k-tiles): C: 9792 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// BF16-NEXT: 9792 of 9792 elements equal the reference rounded to bf16
// BF16-NEXT: emulated 8 CTAs (clusters of 2) x 384 threads: {{[0-9]+}} instructions, 64 wgmma, 16 TMA loads, 8 TMA multicast loads, 4 TMA stores, 128 stmatrix, 14 mbarrier phases, 2 cluster barriers, 2 CTA barriers; {{[0-9.]+}} s
// BF16-NEXT: checks: none failed
// BF16-NEXT: PASS

// NOWAIT: C: 32768 elements, {{.*}}, 32768 wrong, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// NOWAIT: {{[1-9][0-9]*}} unwritten shared bytes read
// NOWAIT: race (read after write) in CTA (0, 0): thread 0 at line {{[0-9]+}} `wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{.*}}` touches shared byte smem+{{[0-9]+}}, last written by thread 256 at line {{[0-9]+}} `cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes {{.*}}`, with no barrier between
// NOWAIT: wrong: C[0][0] = nan
// NOWAIT: FAIL
// WAIT2: C: 32768 elements, {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// WAIT2: race (wgmma operand overwritten in flight) in CTA (0, 0): the shared bytes at {{.*}} (smem+0) read by the wgmma of thread 0 at line {{[0-9]+}} `wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{.*}}` changed before line {{[0-9]+}} `wgmma.wait_group.sync.aligned 2` retired it
// WAIT2: FAIL
// WAIT0: error: CTA (0, 0) thread {{[0-9]+}}: line {{[0-9]+}} `cvt.rn.f16.f32 %rs1, %r[[R:[0-9]+]]`: reads %r[[R]], an accumulator of a wgmma group still in flight (no wgmma.wait_group has retired it)
// SW64: C: 32768 elements, {{.*}}, {{[1-9][0-9]*}} wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// SW64: wrong: C[0][{{[0-9]+}}] =
// SW64: FAIL
// NOMC: error: deadlock: no thread of the cluster of CTAs [0, 1] can run; threads:
// NOMC-NEXT: CTA (0, 0) (rank 0, threads 0..):
// NOMC-NEXT: threads 0-255: waiting line {{[0-9]+}} `mbarrier.try_wait.parity.shared.b64 {{.*}}`
// NOFREE: error: CTA (0, 0) thread 256: line {{[0-9]+}} `mbarrier.arrive.expect_tx.shared.b64 {{.*}}`: arrive (count 1) on the mbarrier at smem+196608 of CTA (0, 0), whose phase 0 has 0 arrivals pending
// NOFENCE: C: 32768 elements, {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// NOFENCE: race (async-proxy read of a generic-proxy write without fence.proxy.async) in CTA (0, 0): the TMA store of thread 0 at line {{[0-9]+}} `cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group {{.*}}` reads shared byte smem+65536, written by thread 0 at line {{[0-9]+}} `stmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}`, which did not execute fence.proxy.async after the write
// NOFENCE: FAIL
