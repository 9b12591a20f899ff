// examples/gemm_sm100.mlir (the Blackwell GEMM) run end to end on the CPU: no GPU the project
// has can run sm_100a, so this is the only execution this kernel gets. --lower-to-nvvm makes the
// PTX (f16, and bf16 from the same source), its host function encode_tensor_maps is compiled as
// in gemm_sm90_run.mlir and linked with tools/ptx-emu/tensor_map_record.c (the maps of A and B lie in
// emulated global memory, and the kernel's TMA loads decode them from there), and
// the PTX emulator tools/ptx-emu runs every thread of every CTA (128 threads, grid (ceil(N/128),
// ceil(M/128)), 132176 bytes of dynamic shared memory). The emulator models (independently of
// this repository's code, from the PTX ISA's tcgen05 chapter, cross-checked with CUTLASS's
// cute/arch/mma_sm100_desc.hpp) tensor memory (128 lanes x 512 columns per CTA, poison until an
// MMA writes it; tcgen05.alloc writes the address to shared memory, accesses outside the
// allocation are errors, dealloc / relinquish_alloc_permit), tcgen05.mma.cta_group::1.kind::f16
// from the shared memory descriptors (start address, LBO, SBO, the fixed 0b001 at bits 46-48,
// base offset, layout type at 61-63) and the instruction descriptor (D type, A/B types,
// transpose, N >> 3 at 17-22, M >> 4 at 24-28), asynchronous: it executes when the
// tcgen05.commit that tracks it completes (a scheduler round after the commit), which then
// arrives on the mbarrier; its shared operands are read at the issue and again at the
// completion (a change, or a TMA load in flight to them, is a race); tcgen05.ld 32x32b.x128
// (warp w reads TMEM lanes 32w..32w+31, thread l row 32w + l) whose registers exist only after
// tcgen05.wait::ld; a tcgen05.ld of columns an MMA in flight writes, or not ordered (vector
// clocks through the mbarriers) after the commit of the MMA that wrote them, is a race; with
// the TMA loads, mbarriers and the race detector on shared memory of gemm_sm90_run.mlir. C =
// A B^T is checked against a float64 reference:
//   |C - ref| <= 2^-p |ref| + 2 K 2^-24 (|A| |B|) + 2^-p_min (p = 11 for f16, 8 for bf16);
// the products being exact (multiples of 1/64) and the f32 sums too, every element must
// moreover equal the reference rounded to f16/bf16. Shapes:
//   256x256x384: 2x2 whole tiles, 6 k-tiles: the 4-stage ring wraps (the producer waits for
//     the MMA commits of k tiles 0 and 1 before it refills their stages);
//   200x264x136: 3x2 tiles, partial in M, N and K (TMA zero fill, predicated stores); TMEM
//     allocated at columns 384..511 (--tmem-alloc high: the kernel must use the address
//     tcgen05.alloc wrote, not column 0);
//   136x260x72: N mod 8 != 0, ldc 296 (not N rounded up);
//   bf16 72x136x200: one partial M tile, 4 k-tiles, the last one partial.
//
// Why a wrong kernel fails: A and B are small multiples of 1/8; shared memory starts as 0xFF
// bytes (NaN), TMEM as NaN; C starts as a NaN sentinel (and has 8 or more columns past N), every
// element of M x N must be stored and none outside; any race, an MMA never committed, TMEM not
// deallocated, a tcgen05.ld never waited for fail the run. The negative runs break the PTX on
// purpose: the epilogue's wait on the barrier of the last commit replaced by a true predicate
// (it reads TMEM while the MMAs are in flight: poison, races); the UMMA descriptors' layout type
// 128B (2) -> 64B (4) (wrong values); the instruction descriptor's N 128 -> 64 (columns 64..127
// never written: NaN) and M 128 -> 256 (not a cta_group::1 shape: an error); tcgen05.wait::ld
// removed (the registers are read before it); the producer's wait on the MMA commit of a stage
// removed (the refill's TMA load lands on the operands of MMAs in flight); the MMA issuer's
// wait on the full barrier removed (the MMAs read stages before the TMA lands); the tcgen05.ld
// address without the warp's lane offset (32w << 16: warp w may read only its 32 lanes).
//
// UNSUPPORTED: plugin-driver
// DEFINE: %{emu} = %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/gemm_sm100.py
//
// RUN: layout-opt %S/../../../examples/gemm_sm100.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.ptx" -o %t.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.lowered.mlir -o %t.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.ll -o %t.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.host.ll -o %t.host.o
// RUN: cc -shared -fPIC %t.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.host.so
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set shape=256,256,384 | FileCheck %s --check-prefix=WRAP
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set shape=200,264,136 --set tmem_alloc=high | FileCheck %s --check-prefix=CLIP
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set shape=136,260,72 --set ldc=296 | FileCheck %s --check-prefix=ODD
// RUN: sed -E 's/(^|[^b])f16/\1bf16/g' %S/../../../examples/gemm_sm100.mlir > %t.bf16.mlir
// RUN: layout-opt %t.bf16.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.bf16.ptx" -o %t.bf16.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.bf16.lowered.mlir -o %t.bf16.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.bf16.ll -o %t.bf16.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.bf16.host.ll -o %t.bf16.host.o
// RUN: cc -shared -fPIC %t.bf16.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.bf16.host.so
// RUN: %{emu} --ptx %t.bf16.ptx --host %t.bf16.host.so --set elem=bf16 --set shape=72,136,200 | FileCheck %s --check-prefix=BF16
//
// The instruction descriptors: f16 0x08200010 (D F32, A = B = F16, K-major, N >> 3 = 16, M >> 4
// = 8), bf16 0x08200490 (A = B = BF16); the UMMA descriptors 0x4000404000010000 | (address >> 4).
// RUN: FileCheck %s --check-prefix=DESC < %t.ptx
// RUN: FileCheck %s --check-prefix=DESC16 < %t.bf16.ptx
//
// RUN: awk '/try_wait/ && ++n == 3 {sub(/mbarrier\.try_wait\.parity\.shared\.b64 P1, \[[^]]*\], [^,]*, [0-9]+/, "setp.eq.b32 P1, 0, 0")} 1' %t.ptx > %t.nodone.ptx
// RUN: not %{emu} --ptx %t.nodone.ptx --host %t.host.so --set shape=128,128,64 | FileCheck %s --check-prefix=NODONE
// RUN: sed -E 's/4611756662049538048/9223442680476925952/' %t.ptx > %t.sw64.ptx
// RUN: not %{emu} --ptx %t.sw64.ptx --host %t.host.so --set shape=128,128,64 | FileCheck %s --check-prefix=SW64
// RUN: sed -E 's/136314896;/135266320;/' %t.ptx > %t.n64.ptx
// RUN: not %{emu} --ptx %t.n64.ptx --host %t.host.so --set shape=128,128,64 | FileCheck %s --check-prefix=N64
// RUN: sed -E 's/136314896;/270532624;/' %t.ptx > %t.m256.ptx
// RUN: not %{emu} --ptx %t.m256.ptx --host %t.host.so --set shape=128,128,64 | FileCheck %s --check-prefix=M256
// RUN: sed '/tcgen05\.wait::ld/d' %t.ptx > %t.nowaitld.ptx
// RUN: not %{emu} --ptx %t.nowaitld.ptx --host %t.host.so --set shape=128,128,64 | FileCheck %s --check-prefix=NOWAITLD
// RUN: awk '/try_wait/ && ++n == 1 {sub(/mbarrier\.try_wait\.parity\.shared\.b64 P1, \[[^]]*\], [^,]*, [0-9]+/, "setp.eq.b32 P1, 0, 0")} 1' %t.ptx > %t.nofree.ptx
// RUN: not %{emu} --ptx %t.nofree.ptx --host %t.host.so --set shape=128,128,384 | FileCheck %s --check-prefix=NOFREE
// RUN: awk '/try_wait/ && ++n == 2 {sub(/mbarrier\.try_wait\.parity\.shared\.b64 P1, \[[^]]*\], [^,]*, [0-9]+/, "setp.eq.b32 P1, 0, 0")} 1' %t.ptx > %t.nofull.ptx
// RUN: not %{emu} --ptx %t.nofull.ptx --host %t.host.so --set shape=128,128,64 | FileCheck %s --check-prefix=NOFULL
// RUN: awk '/ld\.shared\.b32/ {t = $2; sub(/,/, "", t)} /tcgen05\.ld\.sync/ {sub(/\[%r[0-9]+\]/, "[" t "]")} 1' %t.ptx > %t.ldlane.ptx
// RUN: not %{emu} --ptx %t.ldlane.ptx --host %t.host.so --set shape=128,128,64 | FileCheck %s --check-prefix=LDLANE

// WRAP: sm100a f16 256x256x384 (ldc 264; grid 2x2 CTAs, 6 k-tiles): C: 65536 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// WRAP-NEXT: 65536 of 65536 elements equal the reference rounded to f16
// WRAP-NEXT: emulated 4 CTAs x 128 threads: {{[0-9]+}} instructions, 96 tcgen05.mma, 92 tcgen05.mma accumulating, 28 tcgen05.commit, 16 tcgen05.ld, 4 tcgen05.alloc, 48 TMA loads, 52 mbarrier phases, 8 CTA barriers; {{[0-9.]+}} s
// WRAP-NEXT: checks: none failed
// WRAP-NEXT: PASS
// CLIP: sm100a f16 200x264x136 (ldc 272; grid 3x2 CTAs, 3 k-tiles): C: 52800 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// CLIP-NEXT: 52800 of 52800 elements equal the reference rounded to f16
// CLIP-NEXT: emulated 6 CTAs x 128 threads: {{[0-9]+}} instructions, 72 tcgen05.mma, 66 tcgen05.mma accumulating, 24 tcgen05.commit, 24 tcgen05.ld, 6 tcgen05.alloc, 36 TMA loads, 42 mbarrier phases, 12 CTA barriers; {{[0-9.]+}} s
// CLIP-NEXT: checks: none failed
// CLIP-NEXT: PASS
// ODD: sm100a f16 136x260x72 (ldc 296; grid 3x2 CTAs, 2 k-tiles): C: 35360 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// ODD-NEXT: 35360 of 35360 elements equal the reference rounded to f16
// ODD-NEXT: emulated 6 CTAs x 128 threads: {{[0-9]+}} instructions, 48 tcgen05.mma, 42 tcgen05.mma accumulating, 18 tcgen05.commit, 24 tcgen05.ld, 6 tcgen05.alloc, 24 TMA loads, 30 mbarrier phases, 12 CTA barriers; {{[0-9.]+}} s
// ODD-NEXT: checks: none failed
// ODD-NEXT: PASS
// BF16: sm100a bf16 72x136x200 (ldc 144; grid 2x1 CTAs, 4 k-tiles): C: 9792 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// BF16-NEXT: 9792 of 9792 elements equal the reference rounded to bf16
// BF16-NEXT: emulated 2 CTAs x 128 threads: {{[0-9]+}} instructions, 32 tcgen05.mma, 30 tcgen05.mma accumulating, 10 tcgen05.commit, 8 tcgen05.ld, 2 tcgen05.alloc, 16 TMA loads, 18 mbarrier phases, 4 CTA barriers; {{[0-9.]+}} s
// BF16-NEXT: checks: none failed
// BF16-NEXT: PASS
// DESC: or.b64 {{.*}}, 4611756662049538048;
// DESC: mov.b32 {{.*}}, 136314896;
// DESC-NEXT: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [{{.*}}], {{.*}}, {{.*}}, {{.*}}, {{.*}};
// DESC16: mov.b32 {{.*}}, 136316048;

// NODONE: C: 16384 elements, {{.*}}, 16384 wrong, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// NODONE: checks: {{.*}}16384 unwritten TMEM cells read
// NODONE: race (tcgen05.ld of an accumulator a tcgen05.mma in flight writes) in CTA (0, 0): warp 0 at line {{[0-9]+}} `tcgen05.ld.sync.aligned.32x32b.x128.b32 {{.*}}` reads TMEM column 0, written by the tcgen05.mma of thread 0 at line {{[0-9]+}} `tcgen05.mma.cta_group::1.kind::f16{{.*}}`, whose tcgen05.commit has not completed
// NODONE: wrong: C[0][0] = nan
// NODONE: FAIL
// SW64: C: 16384 elements, {{.*}}, {{[1-9][0-9]*}} wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// SW64: checks: none failed
// SW64: wrong: C[0][{{[0-9]+}}] =
// SW64: FAIL
// N64: C: 16384 elements, {{.*}}, 8192 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// N64: checks: 8192 unwritten TMEM cells read
// N64: wrong: C[0][64] = nan
// N64: FAIL
// M256: error: CTA (0, 0) thread 0: line {{[0-9]+}} `tcgen05.mma.cta_group::1.kind::f16{{.*}}`: instruction descriptor 0x10200010: M = 256, N = 128 is not a shape of tcgen05.mma.cta_group::1.kind::f16
// NOWAITLD: error: CTA (0, 0) thread {{[0-9]+}}: line {{[0-9]+}} `cvt.rn.f16.f32 %rs1, %r{{[0-9]+}}`: reads %r{{[0-9]+}}, a destination of a tcgen05.ld not yet waited for (no tcgen05.wait::ld since)
// NOFREE: C: 16384 elements, {{.*}}, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// NOFREE: race (tcgen05.mma operand overwritten in flight) in CTA (0, 0): the shared bytes at {{.*}} (smem+0) read by the tcgen05.mma of thread 0 at line {{[0-9]+}} `tcgen05.mma.cta_group::1.kind::f16{{.*}}` are the destination of a TMA load in flight before the tcgen05.commit that tracks it completed
// NOFREE: FAIL
// NOFULL: C: 16384 elements, {{.*}}, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// NOFULL: 32768 unwritten shared bytes read;
// NOFULL: race (read of a TMA load destination in flight) in CTA (0, 0): thread 0 at line {{[0-9]+}} `tcgen05.mma.cta_group::1.kind::f16{{.*}}` reads shared byte smem+0 while the TMA load of thread 0 at line {{[0-9]+}} `cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes {{.*}}` into it is in flight
// NOFULL: FAIL
// LDLANE: error: CTA (0, 0) thread 32: line {{[0-9]+}} `tcgen05.ld.sync.aligned.32x32b.x128.b32 {{.*}}`: warp 1 (warp 1 of its warpgroup) reads TMEM lanes 0..31; it may access lanes 32..63 only
