// examples/gemm_sm80.mlir run end to end on the CPU: --lower-to-nvvm makes the PTX (f16, and
// bf16 from the same source), and the PTX emulator tools/ptx-emu, a SIMT interpreter of PTX (each thread its
// own PC and registers, warp collectives when all 32 lanes arrive, CTA barriers, cp.async
// groups whose copies land only when a cp.async.wait_group completes them, ldmatrix and
// mma.sync per the PTX ISA fragment tables, a race detector on shared memory), runs every
// thread of every CTA and checks C = A B against a float64 reference:
//   |C - ref| <= 2^-p |ref| + 2 K 2^-24 (|A| |B|) + 2^-p_min (p = 11 for f16, 8 for bf16),
// the bound of bench/gpu/run_gemm.py; the products being exact (multiples of 1/64) and the f32
// sums too, every element must moreover equal the reference rounded to f16/bf16. Shapes:
// 64x64x128 (whole tiles, tight leading dimensions, four k steps: each cp.async stage is
// refilled), 70x76x44 (partial in M, N and K, a 2x2 grid, a 16-byte copy with src-size 8),
// bf16 40x100x72 (three k steps, a 2x1 grid).
//
// Why a wrong kernel fails: A and B are small multiples of 1/8 (exact products); A's columns
// past K and B's past N hold NaN and both end at their last element (a read past K poisons C,
// one past the buffer is an error); shared memory starts as 0xFF bytes (f16 and bf16 NaN), so
// data read before it is copied poisons C; C starts as a NaN sentinel, every element of M x N
// must be stored and none outside it; any shared-memory race fails the run. The negative
// runs break the PTX on purpose: without the cp.async.wait_group the ldmatrix reads copies in
// flight (NaN); without the barrier after it, or the epilogue's, threads read other threads'
// data before it is there; without the barrier that ends the k step, the next stage's
// cp.async overwrites bytes other warps are still reading (a race; the numbers happen to
// survive); without .trans the B fragments are wrong; without src-size the copies read past
// the tensors; a missing store leaves C unwritten; without the partial-tile branch the
// epilogue stores outside M x N.
//
// UNSUPPORTED: plugin-driver
// DEFINE: %{emu} = %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/gemm_sm80.py
//
// RUN: layout-opt %S/../../../examples/gemm_sm80.mlir --lower-to-nvvm="ptx=%t.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %{emu} --ptx %t.ptx --set elem=f16 --set shape=64,64,128 --set ld=128,64,64 | FileCheck %s --check-prefix=TILES
// RUN: %{emu} --ptx %t.ptx --set elem=f16 --set shape=70,76,44 --set ld=48,80,128 | FileCheck %s --check-prefix=RAGGED
// RUN: sed -E 's/(^|[^b])f16/\1bf16/g' %S/../../../examples/gemm_sm80.mlir > %t.bf16.mlir
// RUN: layout-opt %t.bf16.mlir --lower-to-nvvm="ptx=%t.bf16.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %{emu} --ptx %t.bf16.ptx --set elem=bf16 --set shape=40,100,72 --set ld=80,104,104 | FileCheck %s --check-prefix=BF16
//
// RUN: sed '/cp\.async\.wait_group/d' %t.ptx > %t.nowait.ptx
// RUN: not %{emu} --ptx %t.nowait.ptx --set shape=70,76,44 --set ld=48,80,128 | FileCheck %s --check-prefix=NOWAIT
// RUN: awk '/bar\.sync/ && ++n == 1 {next} 1' %t.ptx > %t.nobar1.ptx
// RUN: not %{emu} --ptx %t.nobar1.ptx --set shape=70,76,44 --set ld=48,80,128 | FileCheck %s --check-prefix=NOBAR1
// RUN: awk '/bar\.sync/ && ++n == 2 {next} 1' %t.ptx > %t.nobar2.ptx
// RUN: not %{emu} --ptx %t.nobar2.ptx --set shape=64,64,128 --set ld=128,64,64 | FileCheck %s --check-prefix=NOBAR2
// RUN: awk '/bar\.sync/ && ++n == 3 {next} 1' %t.ptx > %t.nobar3.ptx
// RUN: not %{emu} --ptx %t.nobar3.ptx --set shape=70,76,44 --set ld=48,80,128 | FileCheck %s --check-prefix=NOBAR3
// RUN: sed 's/\.trans\././' %t.ptx > %t.notrans.ptx
// RUN: not %{emu} --ptx %t.notrans.ptx --set shape=70,76,44 --set ld=48,80,128 | FileCheck %s --check-prefix=NOTRANS
// RUN: sed -E 's/, 16, [^;]+;/, 16;/' %t.ptx > %t.nosize.ptx
// RUN: not %{emu} --ptx %t.nosize.ptx --set shape=70,76,44 --set ld=48,80,128 | FileCheck %s --check-prefix=NOSIZE
// RUN: awk '/st\.global\.v4\.b32/ && ++n == 2 {next} 1' %t.ptx > %t.nostore.ptx
// RUN: not %{emu} --ptx %t.nostore.ptx --set shape=64,64,128 --set ld=128,64,64 | FileCheck %s --check-prefix=NOSTORE
// RUN: awk '/ld\.shared\.v4/ {s = 1} s && /@.* bra/ && !d {d = 1; next} 1' %t.ptx > %t.nopartial.ptx
// RUN: not %{emu} --ptx %t.nopartial.ptx --set shape=70,76,44 --set ld=48,80,128 | FileCheck %s --check-prefix=NOPARTIAL

// TILES: sm80 f16 64x64x128 (ld 128,64,64; grid 1x1): C: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// TILES-NEXT: 4096 of 4096 elements equal the reference rounded to f16
// TILES-NEXT: emulated 1 CTAs x 128 threads: {{[0-9]+}} instructions, 256 mma.sync, 128 ldmatrix, 2048 cp.async, 9 CTA barriers{{(, [0-9]+ cp.async sources past a buffer)?}}; {{[0-9.]+}} s
// TILES-NEXT: checks: none failed
// TILES: PASS
// RAGGED: sm80 f16 70x76x44 (ld 48,80,128; grid 2x2): C: 5320 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// RAGGED-NEXT: 5320 of 5320 elements equal the reference rounded to f16
// RAGGED-NEXT: emulated 4 CTAs x 128 threads: {{[0-9]+}} instructions, 512 mma.sync, 256 ldmatrix, 4096 cp.async, 20 CTA barriers{{(, [0-9]+ cp.async sources past a buffer)?}}; {{[0-9.]+}} s
// RAGGED-NEXT: checks: none failed
// RAGGED: PASS
// BF16: sm80 bf16 40x100x72 (ld 80,104,104; grid 2x1): C: 4000 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// BF16-NEXT: 4000 of 4000 elements equal the reference rounded to bf16
// BF16-NEXT: emulated 2 CTAs x 128 threads: {{[0-9]+}} instructions, 384 mma.sync, 192 ldmatrix, 3072 cp.async, 14 CTA barriers{{(, [0-9]+ cp.async sources past a buffer)?}}; {{[0-9.]+}} s
// BF16-NEXT: checks: none failed
// BF16: PASS

// NOWAIT: C: 5320 elements, {{.*}}, 5320 wrong, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// NOWAIT: checks: {{.*}}4096 cp.async never completed
// NOWAIT: race (read of a cp.async destination in flight) in CTA (0, 0): thread 0 at line {{[0-9]+}} `ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}` reads shared byte smem_a+0 while the cp.async of thread 0 at line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}` into it is in flight (no cp.async.wait_group completed it)
// NOWAIT: wrong: C[0][0] = nan
// NOWAIT: FAIL
// NOBAR1: C: 5320 elements, {{.*}}, {{[1-9][0-9]*}} wrong, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// NOBAR1: race (read after write) in CTA (0, 0): thread {{[0-9]+}} at line {{[0-9]+}} `ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}` touches shared byte smem_a+{{[0-9]+}}, last written by thread {{[0-9]+}} at line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}`, with no barrier between
// NOBAR1: wrong: C[{{[0-9]+}}][{{[0-9]+}}] = nan
// NOBAR1: FAIL
// NOBAR2: C: 4096 elements, {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// NOBAR2: race (write after read) in CTA (0, 0): thread {{[0-9]+}} at line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}` touches shared byte smem_a+{{[0-9]+}}, last read by thread {{[0-9]+}} at line {{[0-9]+}} `ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}`, with no barrier between
// NOBAR2: FAIL
// NOBAR3: C: 5320 elements, {{.*}}, {{[1-9][0-9]*}} wrong, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// NOBAR3: race (read after write) in CTA (0, 0): thread {{[0-9]+}} at line {{[0-9]+}} `ld.shared.v4.b32 {{.*}}` touches shared byte __layout_convert_smem+{{[0-9]+}}, last written by thread {{[0-9]+}} at line {{[0-9]+}} `st.shared.v2.b32 {{.*}}`, with no barrier between
// NOBAR3: FAIL
// NOTRANS: C: 5320 elements, {{.*}}, {{[1-9][0-9]*}} wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// NOTRANS: wrong: C[0][0] = {{.*}}, reference -3.671875
// NOTRANS: FAIL
// NOSIZE: error: CTA (0, 0) thread {{[0-9]+}}: line {{[0-9]+}} `cp.async.cg.shared.global {{.*}}, 16`: cp.async reads 16 bytes at {{.*}} (B + {{[0-9]+}}, B has 7040 bytes) outside every allocation
// NOSTORE: C: 4096 elements, {{.*}}, 0 wrong, 0 writes outside C, 1024 unwritten, 0 stored twice, 0 races
// NOSTORE: unwritten: C[16][0] (inside 64x64) was never stored
// NOSTORE: FAIL
// NOPARTIAL: C: 5320 elements, {{.*}}, 0 wrong, {{[1-9][0-9]*}} writes outside C, 0 unwritten, 0 stored twice, 0 races
// NOPARTIAL: outside: C[0][76] (outside 70x76) was stored
// NOPARTIAL: FAIL
