// The GEMM examples and the sm_90a attention kernels (f16, fp8) through upstream canonicalize, cse and
// loop-invariant-code-motion before --lower-to-nvvm, then run on the PTX emulator as the first
// run of gemm_sm80_run.mlir, gemm_sm90_run.mlir, gemm_fp8_sm90_run.mlir, gemm_sm100_run.mlir
// and the ragged run of attention_sm90_run.mlir (the fp8 attention: its one-tile run) does (same flags, host function, spec, shape and
// expectations): the memory effects of the kernel ops (docs/dialect.md "Memory effects") let
// the passes run over a kernel without merging, erasing or moving an op that touches memory or
// synchronizes. What the passes change: the constants (layout.const, arith.constant,
// llvm.mlir.addressof) move to the top of the kernel, out of the loops and branches that used
// them; every other op stays, which the counts of the layout and nvvm ops before and after
// show (the examples hold no duplicate or loop-invariant view to merge or hoist); in the
// attention kernel the two layout.convert_layout between the equal row slices of the scores'
// and the output's accumulators fold away (the same registers).
//
// UNSUPPORTED: plugin-driver
// DEFINE: %{pipeline} = --pass-pipeline='builtin.module(canonicalize,cse,loop-invariant-code-motion)'
// DEFINE: %{ops} = grep -oE '^ *(layout|nvvm)\.[a-z0-9_.]+|= (layout|nvvm)\.[a-z0-9_.]+'
//
// sm_80: cp.async, ldmatrix, mma.sync.
// RUN: layout-opt %S/../../../examples/gemm_sm80.mlir -o %t.sm80.orig.mlir
// RUN: layout-opt %S/../../../examples/gemm_sm80.mlir %{pipeline} -o %t.sm80.mlir
// RUN: FileCheck %s --check-prefix=SM80-IR < %t.sm80.mlir
// RUN: %{ops} %t.sm80.orig.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.sm80.orig.ops
// RUN: %{ops} %t.sm80.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.sm80.ops
// RUN: diff %t.sm80.orig.ops %t.sm80.ops
// RUN: FileCheck %s --check-prefix=SM80-OPS --match-full-lines < %t.sm80.ops
// RUN: layout-opt %t.sm80.mlir --lower-to-nvvm="ptx=%t.sm80.ptx chip=sm_80" -o /dev/null 2>/dev/null
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/gemm_sm80.py --ptx %t.sm80.ptx --set elem=f16 --set shape=64,64,128 --set ld=128,64,64 | FileCheck %s --check-prefix=TILES
//
// sm_90a: TMA (multicast), mbarrier rings, wgmma, the derived host function.
// RUN: layout-opt %S/../../../examples/gemm_sm90.mlir -o %t.sm90.orig.mlir
// RUN: layout-opt %S/../../../examples/gemm_sm90.mlir %{pipeline} -o %t.sm90.mlir
// RUN: FileCheck %s --check-prefix=SM90-IR < %t.sm90.mlir
// RUN: %{ops} %t.sm90.orig.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.sm90.orig.ops
// RUN: %{ops} %t.sm90.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.sm90.ops
// RUN: diff %t.sm90.orig.ops %t.sm90.ops
// RUN: FileCheck %s --check-prefix=SM90-OPS --match-full-lines < %t.sm90.ops
// RUN: layout-opt %t.sm90.mlir --lower-to-nvvm="ptx=%t.sm90.ptx" -o %t.sm90.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.sm90.lowered.mlir -o %t.sm90.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.sm90.ll -o %t.sm90.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.sm90.host.ll -o %t.sm90.host.o
// RUN: cc -shared -fPIC %t.sm90.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.sm90.host.so
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/gemm_sm90.py --ptx %t.sm90.ptx --host %t.sm90.host.so --set shape=256,256,384 | FileCheck %s --check-prefix=WRAP90
//
// sm_90a fp8: the same kernel on e4m3 operands (m64n256k32) with a bf16 epilogue.
// RUN: layout-opt %S/../../../examples/gemm_fp8_sm90.mlir -o %t.fp8.orig.mlir
// RUN: layout-opt %S/../../../examples/gemm_fp8_sm90.mlir %{pipeline} -o %t.fp8.mlir
// RUN: %{ops} %t.fp8.orig.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.fp8.orig.ops
// RUN: %{ops} %t.fp8.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.fp8.ops
// RUN: diff %t.fp8.orig.ops %t.fp8.ops
// RUN: diff %t.sm90.ops %t.fp8.ops
// RUN: layout-opt %t.fp8.mlir --lower-to-nvvm="ptx=%t.fp8.ptx" -o %t.fp8.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.fp8.lowered.mlir -o %t.fp8.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.fp8.ll -o %t.fp8.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.fp8.host.ll -o %t.fp8.host.o
// RUN: cc -shared -fPIC %t.fp8.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.fp8.host.so
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/gemm_fp8_sm90.py --ptx %t.fp8.ptx --host %t.fp8.host.so --set shape=200,264,144 | FileCheck %s --check-prefix=CLIPFP8
//
// sm_90a attention: a producer and two consumer warpgroups, TMA into a K/V ring, two
// overlapped WGMMAs, register-tensor softmax, setmaxnreg, the derived host function.
// RUN: layout-opt %S/../../../examples/attention_sm90.mlir -o %t.att.orig.mlir
// RUN: layout-opt %S/../../../examples/attention_sm90.mlir %{pipeline} -o %t.att.mlir
// RUN: %{ops} %t.att.orig.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.att.orig.ops
// RUN: %{ops} %t.att.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.att.ops
// RUN: FileCheck %s --check-prefix=ATT-ORIG --match-full-lines < %t.att.orig.ops
// RUN: not grep convert_layout %t.att.ops
// RUN: grep -v convert_layout %t.att.orig.ops > %t.att.kept.ops
// RUN: diff %t.att.kept.ops %t.att.ops
// RUN: FileCheck %s --check-prefix=ATT-OPS --match-full-lines < %t.att.ops
// RUN: layout-opt %t.att.mlir --lower-to-nvvm="ptx=%t.att.ptx" -o %t.att.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.att.lowered.mlir -o %t.att.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.att.ll -o %t.att.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.att.host.ll -o %t.att.host.o
// RUN: cc -shared -fPIC %t.att.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.att.host.so
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/attention_sm90.py --ptx %t.att.ptx --host %t.att.host.so --set bh=2 --set sq=200 --set sk=330 | FileCheck %s --check-prefix=ATT
//
// sm_90a fp8 attention: P rounded to e4m3 and shuffled into WGMMA's 8-bit A fragment (its
// layout.convert_layout stays: the layouts differ), V^T's view; every op kept.
// RUN: layout-opt %S/../../../examples/attention_fp8_sm90.mlir -o %t.att8.orig.mlir
// RUN: layout-opt %S/../../../examples/attention_fp8_sm90.mlir %{pipeline} -o %t.att8.mlir
// RUN: %{ops} %t.att8.orig.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.att8.orig.ops
// RUN: %{ops} %t.att8.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.att8.ops
// RUN: diff %t.att8.orig.ops %t.att8.ops
// RUN: grep -q 'layout.convert_layout' %t.att8.ops
// RUN: layout-opt %t.att8.mlir --lower-to-nvvm="ptx=%t.att8.ptx" -o %t.att8.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.att8.lowered.mlir -o %t.att8.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.att8.ll -o %t.att8.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.att8.host.ll -o %t.att8.host.o
// RUN: cc -shared -fPIC %t.att8.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.att8.host.so
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/attention_fp8_sm90.py --ptx %t.att8.ptx --host %t.att8.host.so --set bh=1 --set sq=128 --set sk=128 | FileCheck %s --check-prefix=ATT8
// ATT8: attention sm90a fp8 e4m3 bh=1 sq=128 sk=128 d=128: o: 16384 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// ATT8: PASS
//
// sm_100a: tcgen05.mma into TMEM, tcgen05.ld, TMA, mbarrier rings, the derived host function.
// RUN: layout-opt %S/../../../examples/gemm_sm100.mlir -o %t.sm100.orig.mlir
// RUN: layout-opt %S/../../../examples/gemm_sm100.mlir %{pipeline} -o %t.sm100.mlir
// RUN: FileCheck %s --check-prefix=SM100-IR < %t.sm100.mlir
// RUN: %{ops} %t.sm100.orig.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.sm100.orig.ops
// RUN: %{ops} %t.sm100.mlir | sed -E 's/^ *(= )?//' | sort | uniq -c > %t.sm100.ops
// RUN: diff %t.sm100.orig.ops %t.sm100.ops
// RUN: FileCheck %s --check-prefix=SM100-OPS --match-full-lines < %t.sm100.ops
// RUN: layout-opt %t.sm100.mlir --lower-to-nvvm="chip=sm_100a features=+ptx86 ptx=%t.sm100.ptx" -o %t.sm100.lowered.mlir 2>/dev/null
// RUN: mlir-translate --mlir-to-llvmir %t.sm100.lowered.mlir -o %t.sm100.ll
// RUN: llvm-extract --func=encode_tensor_maps -S %t.sm100.ll -o %t.sm100.host.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic %t.sm100.host.ll -o %t.sm100.host.o
// RUN: cc -shared -fPIC %t.sm100.host.o %S/../../../tools/ptx-emu/tensor_map_record.c -o %t.sm100.host.so
// RUN: %python %S/../../../tools/ptx-emu/ptx_emu.py run %S/../../../tools/ptx-emu/specs/gemm_sm100.py --ptx %t.sm100.ptx --host %t.sm100.host.so --set shape=256,256,384 | FileCheck %s --check-prefix=WRAP100

// The zero accumulator, the shared layouts, the shared buffers' addresses and the tile shape
// lead the kernel (the accumulator was defined after the prologue's copies).
// SM80-IR-LABEL: gpu.func @gemm_sm80
// SM80-IR-NEXT: arith.constant dense<0.000000e+00> : tensor<64x64xf32
// SM80-IR-NEXT: layout.const #layout.layout<Sw<3,3,3> o 0 o (32,64,2):(64,1,2048)>
// SM80-IR-NEXT: layout.const #layout.layout<Sw<2,3,3> o 0 o (64,32,2):(32,1,2048)>
// SM80-IR-NEXT: llvm.mlir.addressof @smem_b
// SM80-IR-NEXT: llvm.mlir.addressof @smem_a
// SM80-IR-NEXT: layout.const #layout.tuple<(64,32)>
// SM80-IR: scf.for
// SM80-IR-NOT: arith.constant dense
// SM80-IR: gpu.return
// Every op that touches memory or synchronizes is still there, as often as before.
// SM80-OPS: 4 layout.async_copy
// SM80-OPS: 1 layout.global_store
// SM80-OPS: 2 layout.shared_load
// SM80-OPS: 2 nvvm.barrier0
// SM80-OPS: 2 nvvm.cp.async.commit.group
// SM80-OPS: 1 nvvm.cp.async.wait.group

// TILES: sm80 f16 64x64x128 (ld 128,64,64; grid 1x1): C: 4096 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// TILES-NEXT: 4096 of 4096 elements equal the reference rounded to f16
// TILES-NEXT: emulated 1 CTAs x 128 threads: {{[0-9]+}} instructions, 256 mma.sync, 128 ldmatrix, 2048 cp.async, 9 CTA barriers{{(, [0-9]+ cp.async sources past a buffer)?}}; {{[0-9.]+}} s
// TILES-NEXT: checks: none failed
// TILES: PASS

// The epilogue's shared layout and the zero accumulator leave their scf.if nests; the shared
// allocation, the barriers, the TMA copies and the MMAs stay in the branches of their warps.
// SM90-IR-LABEL: gpu.func @gemm
// SM90-IR-NEXT: layout.const #layout.layout<Sw<3,3,3> o 0 o (128,(64,4)):(64,(1,8192))>
// SM90-IR-NEXT: arith.constant dense<0.000000e+00> : tensor<128x256xf32
// SM90-IR-NEXT: llvm.mlir.addressof @smem
// SM90-IR: scf.if
// SM90-IR-NEXT: layout.shared_alloc
// SM90-IR-NOT: arith.constant dense
// SM90-IR: gpu.return
// SM90-OPS: 1 layout.global_store
// SM90-OPS: 1 layout.mbarrier_arrive
// SM90-OPS: 2 layout.mbarrier_init
// SM90-OPS: 2 layout.mbarrier_wait
// SM90-OPS: 1 layout.mma_async
// SM90-OPS: 1 layout.shared_store
// SM90-OPS: 3 layout.tma_copy
// SM90-OPS: 2 nvvm.barrier
// SM90-OPS: 2 nvvm.cluster.arrive
// SM90-OPS: 2 nvvm.cluster.wait
// SM90-OPS: 1 nvvm.fence.proxy
// SM90-OPS: 2 nvvm.wgmma.wait.group.sync.aligned

// WRAP90: sm90a f16 256x256x384 (2x1 tiles, 6 k-tiles): C: 65536 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// WRAP90-NEXT: 65536 of 65536 elements equal the reference rounded to f16
// WRAP90-NEXT: emulated 8 CTAs (clusters of 2) x 384 threads: {{[0-9]+}} instructions, 96 wgmma, 24 TMA loads, 12 TMA multicast loads, 8 TMA stores, 256 stmatrix, 22 mbarrier phases, 2 cluster barriers, 4 CTA barriers; {{[0-9.]+}} s
// WRAP90-NEXT: checks: none failed
// WRAP90-NEXT: PASS
// CLIPFP8: sm90a e4m3 -> bf16 200x264x144 (2x2 tiles, 2 k-tiles): C: 52800 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// CLIPFP8-NEXT: 52800 of 52800 elements equal the reference rounded to bf16
// CLIPFP8: checks: none failed
// CLIPFP8-NEXT: PASS

// The TMEM layout leaves the straight-line code after the TMEM allocation.
// SM100-IR-LABEL: gpu.func @gemm_sm100
// SM100-IR-NEXT: layout.const #layout.layout<(128,128):(65536,1)>
// SM100-IR-NEXT: layout.const #layout.tuple<(128,64)>
// SM100-IR-NEXT: llvm.mlir.addressof @smem
// SM100-IR: nvvm.tcgen05.alloc
// SM100-IR: llvm.load
// SM100-IR-NEXT: llvm.inttoptr
// SM100-IR-NEXT: layout.make_tensor
// SM100-IR: gpu.return
// SM100-OPS: 1 layout.global_store
// SM100-OPS: 3 layout.mbarrier_init
// SM100-OPS: 3 layout.mbarrier_wait
// SM100-OPS: 1 layout.mma_tmem
// SM100-OPS: 1 layout.tensor_memory_load
// SM100-OPS: 2 layout.tma_copy
// SM100-OPS: 2 nvvm.barrier0
// SM100-OPS: 1 nvvm.tcgen05.alloc
// SM100-OPS: 1 nvvm.tcgen05.commit
// SM100-OPS: 1 nvvm.tcgen05.dealloc
// SM100-OPS: 5 nvvm.tcgen05.fence
// SM100-OPS: 1 nvvm.tcgen05.relinquish_alloc_permit

// WRAP100: sm100a f16 256x256x384 (ldc 264; grid 2x2 CTAs, 6 k-tiles): C: 65536 elements, max error {{.*}}, 0 wrong, 0 writes outside C, 0 unwritten, 0 stored twice, 0 races
// WRAP100-NEXT: 65536 of 65536 elements equal the reference rounded to f16
// WRAP100-NEXT: emulated 4 CTAs x 128 threads: {{[0-9]+}} instructions, 96 tcgen05.mma, 92 tcgen05.mma accumulating, 28 tcgen05.commit, 16 tcgen05.ld, 4 tcgen05.alloc, 48 TMA loads, 52 mbarrier phases, 8 CTA barriers; {{[0-9.]+}} s
// WRAP100-NEXT: checks: none failed
// WRAP100-NEXT: PASS

// ATT-ORIG: 2 layout.convert_layout
// ATT-OPS: 1 layout.global_store
// ATT-OPS: 2 layout.mbarrier_arrive
// ATT-OPS: 5 layout.mbarrier_init
// ATT-OPS: 6 layout.mbarrier_wait
// ATT-OPS: 3 layout.mma_async
// ATT-OPS: 2 layout.reduce
// ATT-OPS: 1 layout.shared_store
// ATT-OPS: 4 layout.tma_copy
// ATT-OPS: 3 nvvm.barrier
// ATT-OPS: 2 nvvm.barrier.arrive
// ATT-OPS: 1 nvvm.barrier0
// ATT-OPS: 1 nvvm.fence.proxy
// ATT-OPS: 2 nvvm.setmaxregister
// ATT-OPS: 4 nvvm.wgmma.wait.group.sync.aligned
// ATT: attention sm90a f16 bh=2 sq=200 sk=330 d=64: o: 25600 elements, max error {{.*}}, 0 wrong, 0 writes outside o, 0 unwritten, 0 stored twice, 0 races
// ATT: lse: 400 elements, max error {{.*}}, 0 wrong, 0 writes outside lse, 0 unwritten, 0 stored twice, 0 races
// ATT: checks: none failed
// ATT-NEXT: PASS
