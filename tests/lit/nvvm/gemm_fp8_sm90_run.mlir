// examples/gemm_fp8_sm90.mlir run end to end on the CPU, as gemm_sm90_run.mlir runs the f16
// GEMM: --lower-to-nvvm makes the PTX, its host function encode_tensor_maps is linked with
// tools/ptx-emu/tensor_map_record.c, and the PTX emulator (tools/ptx-emu, spec
// specs/gemm_fp8_sm90.py) runs every thread of every cluster of 2 CTAs x 384 threads: TMA loads
// of e4m3 tiles (UINT8 tensor maps, the 128B swizzle, B multicast), WGMMA m64n256k32.e4m3.e4m3
// from shared-memory descriptors (the PTX ISA's e4m3 values: sign, 4 exponent bits of bias 7,
// 3 mantissa bits), the bf16 epilogue (cvt.rn.bf16.f32, stmatrix, TMA store or st.global), and
// checks C = A B^T against a float64 reference with the bound
//   |C - ref| <= 2^-8 |ref| + 2 K 2^-24 (|A| |B|) + 2^-133
// (bf16 rounding of exact f32 sums: A and B are multiples of 1/8 of at most 4 significant bits,
// every one an e4m3 value), and every element must equal the reference rounded to bf16. Shapes:
//   256x256x768: two whole M tiles (one cluster), 6 k-tiles: the 4-stage ring wraps;
//   200x264x144: 2x2 tiles (two clusters), partial in M, N and K (the second k-tile holds 16
//     of 128 columns: TMA zero-fills the rest); N mod 8 = 0: the TMA store clipped at the
//     extents;
//   136x260x80: N mod 8 != 0: no tensor map of C, the predicated st.global.b16 epilogue.
// The negative runs break the PTX on purpose: the operands read as e5m2 (wrong values); the
// descriptors' swizzle mode 128B -> 64B (wrong values); wgmma.wait_group 1 -> 2 in the loop (a
// stage is released while the wgmma reading it is in flight: a race); the consumers'
// full-barrier try_wait replaced by a true predicate (stages read before they land).
//
// UNSUPPORTED: plugin-driver
// DEFINE: %{emu} = %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/gemm_fp8_sm90.py
//
// RUN: layout-opt %S/../../../examples/gemm_fp8_sm90.mlir --lower-to-nvvm="ptx=%t.ptx" -o %t.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.lowered.mlir -o %t.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.ll -o %t.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.host.ll -o %t.host.o
// RUN: cc -shared -fPIC %t.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.host.so
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set shape=256,256,768 | FileCheck %s --check-prefix=WRAP
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set shape=200,264,144 | FileCheck %s --check-prefix=CLIP
// RUN: %{emu} --ptx %t.ptx --host %t.host.so --set shape=136,260,80 | FileCheck %s --check-prefix=ODD
//
// RUN: sed -E 's/k32\.f32\.e4m3\.e4m3/k32.f32.e5m2.e5m2/' %t.ptx > %t.e5m2.ptx
// RUN: not %{emu} --ptx %t.e5m2.ptx --host %t.host.so --set shape=128,256,128 | FileCheck %s --check-prefix=E5M2
// RUN: sed -E 's/4611686293305360384/9223372311732731904/' %t.ptx > %t.sw64.ptx
// RUN: not %{emu} --ptx %t.sw64.ptx --host %t.host.so --set shape=128,256,128 | FileCheck %s --check-prefix=SW64
// RUN: sed -E 's/(wgmma\.wait_group\.sync\.aligned[[:space:]]+)1;/\12;/' %t.ptx > %t.wait2.ptx
// RUN: not %{emu} --ptx %t.wait2.ptx --host %t.host.so --set shape=128,256,640 | FileCheck %s --check-prefix=WAIT2
// RUN: awk '/try_wait/ && ++n >= 2 {sub(/mbarrier\.try_wait\.parity\.shared\.b64 P1, \[[^]]*\], [^,]*, [0-9]+/, "setp.eq.b32 P1, 0, 0")} 1' %t.ptx > %t.nowait.ptx
// RUN: not %{emu} --ptx %t.nowait.ptx --host %t.host.so --set shape=128,256,128 | FileCheck %s --check-prefix=NOWAIT

// WRAP: sm90a e4m3 -> bf16 256x256x768 (2x1 tiles, 6 k-tiles): C: 65536 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// WRAP-NEXT: 65536 of 65536 elements equal the reference rounded to bf16
// WRAP-NEXT: emulated 8 CTAs (clusters of 2) x 384 threads: {{[0-9]+}} instructions, 96 wgmma, 24 TMA loads, 12 TMA multicast loads, 8 TMA stores, 256 stmatrix, 22 mbarrier phases, 2 cluster barriers, 4 CTA barriers; {{[0-9.]+}} s
// WRAP-NEXT: checks: none failed
// WRAP-NEXT: PASS
// CLIP: sm90a e4m3 -> bf16 200x264x144 (2x2 tiles, 2 k-tiles): C: 52800 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// CLIP-NEXT: 52800 of 52800 elements equal the reference rounded to bf16
// CLIP-NEXT: emulated 16 CTAs (clusters of 2) x 384 threads: {{[0-9]+}} instructions, 64 wgmma, 16 TMA loads, 8 TMA multicast loads, 16 TMA stores, 512 stmatrix, 12 mbarrier phases, 4 cluster barriers, 8 CTA barriers; {{[0-9.]+}} s
// CLIP-NEXT: checks: none failed
// CLIP-NEXT: PASS
// ODD: sm90a e4m3 -> bf16 136x260x80 (2x2 tiles, 1 k-tiles): C: 35360 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// ODD-NEXT: 35360 of 35360 elements equal the reference rounded to bf16
// ODD-NEXT: emulated 16 CTAs (clusters of 2) x 384 threads: {{[0-9]+}} instructions, 32 wgmma, 8 TMA loads, 4 TMA multicast loads, 4 mbarrier phases, 4 cluster barriers; {{[0-9.]+}} s
// ODD-NEXT: checks: none failed
// ODD-NEXT: PASS

// E5M2: C: 32768 elements, {{.*}}, {{[1-9][0-9]*}} wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// E5M2: FAIL
// SW64: C: 32768 elements, {{.*}}, {{[1-9][0-9]*}} wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// SW64: wrong: C[0][{{[0-9]+}}] =
// SW64: FAIL
// WAIT2: race (wgmma operand overwritten in flight) in CTA (0, 0): the shared bytes at {{.*}} read by the wgmma of thread 0 at line {{[0-9]+}} `wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3 {{.*}}` changed before line {{[0-9]+}} `wgmma.wait_group.sync.aligned 2` retired it
// WAIT2: FAIL
// NOWAIT: C: 32768 elements, {{.*}}, {{[1-9][0-9]*}} wrong, 0 writes outside C, 0 unwritten, {{[0-9]+}} stored twice, {{[1-9][0-9]*}} races
// NOWAIT: race (read after write) in CTA (0, 0): thread 0 at line {{[0-9]+}} `wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3 {{.*}}` touches shared byte smem+{{[0-9]+}}, last written by thread 256 at line {{[0-9]+}} `cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes {{.*}}`, with no barrier between
// NOWAIT: FAIL
