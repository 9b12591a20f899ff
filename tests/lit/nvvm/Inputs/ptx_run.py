"""A numeric CPU emulator of PTX (a SIMT interpreter in pure Python) and, on it, end-to-end
runs of the sm_80 GEMM kernel (examples/gemm_sm80.mlir), of the sm_90a GEMM kernel
(examples/gemm_sm90.mlir: clusters, TMA, mbarriers, WGMMA) and of the sm_100a GEMM kernel
(examples/gemm_sm100.mlir: TMA, mbarriers, tcgen05 UMMA into tensor memory, tcgen05.ld) checked
against a float64 reference.

    ptx_run.py gemm-sm80 KERNEL.ptx --elem f16|bf16 --shape M,N,K [--ld LDA,LDB,LDC]
               [--seed S] [--quantum Q] [--max-steps S]
    ptx_run.py gemm-sm90 KERNEL.ptx --host HOST.so --elem f16|bf16 --shape M,N,K
               [--smem BYTES] [--delay ROUNDS] [--seed S] [--quantum Q] [--max-steps S]
    ptx_run.py gemm-sm100 KERNEL.ptx --host HOST.so --elem f16|bf16 --shape M,N,K [--ldc LDC]
               [--tmem-alloc low|high] [--smem BYTES] [--delay ROUNDS] [--seed S] [--quantum Q] [--max-steps S]

gemm-sm90: HOST.so is the kernel module's host function encode_tensor_maps (compiled as in
tests/lit/nvvm/example_gemm_sm90_host.mlir) linked with Inputs/tensor_map_record.c, a stand-in
cuTensorMapEncodeTiled that stores its arguments in the 128-byte map (format in that file). It
is called (ctypes) with the emulated addresses of A (M x K), B (N x K) and C (M x N, row-major)
and the sizes M, N, K (i32, as the kernel takes them: the function is derived from the kernel);
the three maps are copied into an emulated global buffer whose addresses are the kernel's
parameters gemm(mapA, mapB, mapC, C, M, N, K). Launch: 8 ceil(N/256) ceil(ceil(M/128)/8) CTAs
of 384 threads, clusters from the PTX's .reqnctapercluster, --smem bytes (197696) of dynamic
shared memory.

gemm-sm100: HOST.so as for gemm-sm90, encode_tensor_maps(mapA, A, mapB, B, M, N, K, ldc) (two maps);
the kernel gemm_sm100(mapA, mapB, C, M, N, K, ldc) runs on a grid (ceil(N/128), ceil(M/128)) of
CTAs of 128 threads with --smem bytes (132176) of dynamic shared memory; C has ceil(M/128) * 128
rows of --ldc (default: N rounded up to 8, plus 8) elements, a store outside M x N counts.

What is modelled
----------------
- Parsing: the `.entry` (its `.param`s by position), `.reg` declarations (`%r<268>` ranges),
  labels, predicated statements (`@%p` / `@!%p`), statements spread over several lines, vector
  operands `{%r1, _}`, addresses `[%rd1+16]` / `[symbol]`, immediates (decimal, 0x.., 0fXXXXXXXX,
  0dXXXXXXXXXXXXXXXX). Every statement is decoded once into an `Inst` (a closure) through the
  opcode table `HANDLERS`; an opcode, a type or a qualifier the table does not know is an error
  naming the statement: nothing is skipped.
- Threads: each has its own PC and registers (Python ints masked to the operation's width: 32-
  and 64-bit wraparound; signedness from the type letter, so setp.lt.s64 and setp.lo.u64
  differ). Registers read before any write are an error. The scheduler runs the threads of a
  CTA round-robin, each for `quantum` instructions or until it blocks (default: until it
  blocks, i.e. a warp runs as far as it can before the next one: the order that exposes a
  missing barrier). Branches go anywhere (loops). A thread blocks on a CTA barrier, on a warp
  collective, or on a condition (`Thread.wait_until`, polled by the scheduler: the hook for
  mbarrier phases). A global step budget bounds the run ("runaway") and a round in which no
  thread can run is a deadlock; both print every thread's state and PC.
- Warp collectives (ldmatrix, mma.sync, shfl.sync, bar.warp.sync) execute once every lane of
  their member mask (all 32 for `.aligned`) has arrived at that same instruction; a lane that
  arrives at another collective meanwhile is a divergence error.
- CTA barriers: `bar.sync` / `barrier.sync` `id{, count}` wait for `count` (default: all)
  threads.
- Memory: byte-level little-endian. Global memory is the buffers the harness allocates (at
  distinct 64-bit bases, with gaps): an access outside every buffer, a store into a read-only
  one, or a misaligned access is an error naming the instruction, the thread and the address.
  Shared memory: the module's `.shared` arrays (in the entry's body too, where LLVM demotes
  them) at addresses chosen here (their `.align` respected, a gap between arrays, so an access
  that leaves its array is an error), filled with 0xFF (f16/bf16 NaN) at launch: data read
  from bytes nobody wrote poisons the result. Generic addresses: `cvta` maps shared addresses
  into a window of the generic space; generic ld/st resolve through it.
- cp.async: a copy does not happen at issue; it happens when the issuing thread completes its
  group: `cp.async.wait_group N` completes all but the newest N committed groups,
  `cp.async.wait_all` all of them (uncommitted copies stay in flight). Only then are the
  source bytes read (src-size of them; the rest of cp-size is zero-filled; `ignore-src`
  zero-fills all) and written to shared memory. A kernel that reads shared memory before the
  wait reads stale or poisoned bytes.
- Races on shared memory (vector clocks: a barrier joins the clocks of the threads it
  releases, bar.warp.sync those of its lanes): a read or write of a byte whose last write was
  by another thread not ordered before it, a write (or cp.async issue) over a read by another
  thread not ordered before it, and any access to a byte a cp.async is still in flight to
  (issued, its group not completed) are races: reported (the first few, with both
  instructions) and counted; the run continues. ldmatrix reads each 16-byte row on behalf of
  the lane that supplied its address.
- ldmatrix .m8n8 .x1/.x2/.x4 (.trans) .b16 and mma.sync.aligned.m16n8k16.row.col.f32
  .{f16,bf16}.{f16,bf16}.f32 follow the PTX ISA fragment tables (groupID = lane >> 2,
  threadID_in_group = lane % 4; A: row groupID (+8 for a2,a3,a6,a7), column 2*tig + (i&1)
  (+8 for a4..a7); B: row 2*tig + (i&1) (+8 for b2,b3), column groupID; C/D: row groupID (+8
  for c2,c3), column 2*tig + (i&1); ldmatrix: lanes 8j..8j+7 address the rows of matrix j,
  lane l receives row l>>2, columns 2(l%4), 2(l%4)+1, or with .trans rows 2(l%4), 2(l%4)+1 of
  column l>>2). Each D element is the exactly rounded float64 sum of the 16 products and C
  (math.fsum), rounded to f32. f16 by struct 'e' (round to nearest even, overflow to inf),
  bf16 by round-to-nearest-even on the f32 bits. cvt.rn.{f16x2,bf16x2}.f32 d, a, b puts a in
  the upper half of d and b in the lower half.

- sm_90a (gemm-sm90). Scope blocks `{ ... }` (inline assembly) are opened, the names they declare
  (`.reg`, labels) renamed per block. `.extern .shared` arrays get the launch's dynamic size.
  Clusters: the CTAs of a cluster (.reqnctapercluster; consecutive CTA indices) run in one
  scheduler, their threads interleaved; vector clocks are cluster-wide (race messages number
  threads rank * 384 + tid). %cluster_ctarank / %cluster_nctarank / %cluster_ctaid /
  %cluster_nctaid / %clusterid / %nclusterid. A .shared::cluster address is a .shared::cta one
  (the executing CTA) or, from `mapa.shared::cluster`, one with 1 + the target rank in bits 24..;
  `cvta.to.shared::cluster` of a generic shared address is the executing CTA's.
  barrier.cluster.arrive / wait: a wait completes once every thread of the cluster has arrived
  (a release / acquire of all their clocks).
- mbarrier (init, arrive{.expect_tx} local and .shared::cluster remote, try_wait.parity): an
  expected count, pending arrivals and a signed transaction count per phase; the phase completes
  when no arrival is pending and the transaction count is 0, then the count re-arms and the
  phase number grows. try_wait.parity P is true once the phase of parity P completed (the
  current phase has the other parity: a fresh barrier's "previous" phase, parity 1, counts as
  completed); a thread whose try_wait is false is suspended until it holds (the ISA's
  time-limited suspension), then reads true. An arrival on a phase with no arrival pending, a
  transaction count below zero with none pending, or a barrier not initialized are errors.
  Arrivals and complete_tx release the clocks into the phase, a successful wait acquires them.
- TMA (cp.async.bulk.tensor.2d): the map is read from emulated global memory at the address
  the kernel passes (64-byte aligned; the driver's rules on address, strides, box checked).
  Loads (.shared::cluster.global.tile.mbarrier::complete_tx::bytes{.multicast::cluster}): the box
  at coordinates (innermost first, signed) lands in the destination CTA (or at the same
  CTA-relative offset in every CTA of the mask), elements outside the extents zero-filled (NaN
  with the NaN oob fill), the transaction bytes always the whole box, with the swizzle of the
  map (128B: address bits 4-6 XOR bits 7-9; 64B / 32B likewise on 2 / 1 bits), applied on the
  shared address; complete_tx goes to the mbarrier at the same offset in each destination. A
  load lands `--delay` scheduler rounds (default 1) after its issue: until then its bytes are in
  flight (a read of them is a race, and shared memory nobody wrote reads as NaN). The write is
  attributed to the issuing thread with its clock at the issue (a write over bytes read by
  threads not ordered before the issue is a race). Stores (.global.shared::cta.tile.bulk_group):
  recorded at issue, carried out by cp.async.bulk.wait_group{.read} N (all but the newest N
  committed groups) or at the thread's exit (counted): the box read from shared memory (with
  the swizzle) and written to global memory clipped to the extents. A byte written by the
  generic proxy (st.shared, stmatrix) that a TMA store reads must have been followed by a
  fence.proxy.async of its writer (else a race).
- WGMMA: wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16} is a warpgroup collective (128
  threads at the same instruction, the same descriptors and scale-d). The descriptors: start
  address bits 0-13, LBO 16-29, SBO 32-45 (each >> 4), base offset 49-51 (only 0), swizzle
  62-63 (0 none, 1 128B, 2 64B, 3 32B); K-major operands only (imm-trans 0): row r of A (64
  rows) or B (N rows), 16 bytes per half of the k16 block: with a swizzle at start + (r mod 8)
  * span + (r div 8) * SBO + 16 h, then the swizzle XOR of the address bits; without, at
  start + (r mod 8) * 16 + (r div 8) * SBO + h * LBO. D[m][n] = sum_k A[m][k] B[n][k] (+ D when
  scale-d; imm-scale-a/b +-1), exactly rounded (math.fsum) to f32. The accumulator fragment (PTX
  ISA; CuTe's CLayout_64xN): thread l of the warpgroup, register i: row 16 (l div 32) + (l mod
  32) div 4 + 8 ((i div 2) mod 2), column 8 (i div 4) + 2 (l mod 4) + (i mod 2). The product is
  computed at issue but its registers are removed from the thread until wgmma.wait_group N
  retires its group (commit_group closes a group; the newest N stay in flight): reading one
  before is an error, writing one is an error at the retirement, and a later wgmma of the
  chain takes its accumulator from the pending result (the hardware's chaining). The operands
  are read at issue (races and unlanded bytes count then) and again at the retirement (the
  asynchronous proxy may read until then): bytes that changed are a race. wgmma.fence is a
  no-op.
- stmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16: the inverse of ldmatrix (lanes 8j..
  8j+7 address the rows of matrix j, lane l holds row l>>2, columns 2(l%4), 2(l%4)+1, or with
  .trans rows 2(l%4), 2(l%4)+1 of column l>>2); each row stored on behalf of its lane.
- Also: div / rem on integers, mapa, fence.proxy.async (recorded for the TMA store check),
  fence.mbarrier_init.release.cluster (a no-op: the cluster barrier that follows orders it).
- sm_100a (gemm-sm100), from the PTX ISA's tcgen05 chapter, cross-checked with CUTLASS
  cute/arch/mma_sm100_desc.hpp. Tensor memory: per CTA 128 lanes x 512 columns of 32-bit cells,
  None (read as NaN, counted as "unwritten TMEM cells read") until an MMA writes them; an
  address is lane << 16 | column. tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
  [smem], ncols (warp collective; ncols a power of 2 in 32..512) takes the lowest free column
  range aligned to ncols and stores its address to shared memory (as lane 0 of the warp);
  tcgen05.dealloc must name an allocation exactly and no MMA in flight may write it; after
  relinquish_alloc_permit an alloc is an error; an allocation not freed when the CTA ends
  counts (fails the run); every TMEM access outside the allocations is an error.
  tcgen05.mma.cta_group::1.kind::f16{.collector::a::discard} [d], a-desc, b-desc, idesc,
  enable-input-d (issued by one thread): the instruction descriptor (sparsity 0-2 and saturate 3
  zero, D type 4-5 = 1 (F32), A type 7-9 / B type 10-12 (0 F16, 1 BF16), negate 13 / 14,
  transpose 15 / 16 (0 only: K-major), N >> 3 at 17-22, M >> 4 at 24-28, reserved 6, 23, 29
  and max shift 30-31 zero; M and N must be a cta_group::1 shape (M 64 or 128, N 8..256 step
  8), only M = 128 is modelled: D row i in lane i, column j at the address's column + j, lane
  field 0). The shared memory descriptors: start address bits 0-13, LBO 16-29, SBO 32-45 (each
  >> 4), bits 46-48 must be the fixed 0b001, base offset 49-51 (0 only), LBO mode 52 (0 only),
  53-60 zero, layout type 61-63 (0 none, 2 128B, 4 64B, 6 32B; 1, 128B with 32B atoms, is not
  modelled; 3, 5, 7 are invalid); the M x 16 (A) and N x 16 (B) K-major operands: with a swizzle,
  row r at start + (r mod 8) * span + (r div 8) * SBO + 16 h, then the XOR of address bits 4-6
  with bits 7-9 (128B; 64B / 32B on 2 / 1 bits); without, start + (r mod 8) * 16 + (r div 8) *
  SBO + h * LBO. The operands are read at the issue (through the race detector: unlanded TMA
  bytes, unordered writes) and the MMA is asynchronous: it executes when the tcgen05.commit that
  tracks it completes; then its operands are read again (bytes changed since the issue, or a
  TMA load in flight to them, are a race: the asynchronous proxy may read them until then) and
  D[i][j] = sum_k A[i][k] B[j][k] (+ D when enable-input-d), exactly rounded (math.fsum) to f32.
  tcgen05.commit.cta_group::1.mbarrier::arrive::one{.shared::cluster}.b64 [mbar] tracks every
  MMA the thread issued since its previous commit (earlier ones complete earlier): `--delay`
  scheduler rounds after the commit they execute in issue order and the commit arrives (count
  1) on the mbarrier, releasing the committing thread's clock at the commit. tcgen05.ld.sync.
  aligned.32x32b.xN.b32 (warp collective, one TMEM address for the warp): warp w of its
  warpgroup (warp id mod 4) may read lanes 32w..32w+31 only, the address's lane must be 32w;
  thread l gets lane 32w + l, register j column + j; reading columns an MMA in flight writes,
  or whose last MMA's commit is not ordered before the reader (vector clocks, through the
  mbarrier wait), is a race. The registers are withheld until tcgen05.wait::ld (reading one
  before is an error, writing one before is an error at the wait). tcgen05.fence::before_
  thread_sync / after_thread_sync are no-ops (the barriers and mbarriers give the order). A
  thread exiting with MMAs never committed or tcgen05.ld results never waited for counts.

What is not modelled
--------------------
- No memory-model reordering beyond the cp.async groups and the barriers: ld/st take effect
  in program order, at once, for every space; races are detected on shared memory only (not
  on global memory). cp.async reads its source when its group completes.
- No timing, no bank conflicts, no warp-level scheduling other than the round-robin above;
  floating-point arithmetic other than cvt to f16/bf16 and mma.sync is not implemented (an
  error, not a guess). No local memory.
- sm_90a: no memory-model reordering of mbarrier arrivals or of generic accesses (they take
  effect in program order; .release/.acquire/.cluster qualifiers are accepted, their ordering
  is what the vector clocks give); TMA loads read global memory when they land; only 2-d
  tile-mode TMA without interleave, element strides 1, and an inner box of exactly the swizzle
  span when swizzled; no L2 hints, cache hints or TMA reductions; WGMMA only from shared-memory
  descriptors (no register A), K-major, f32 accumulate, base offset 0; wgmma.fence is not
  checked (registers written before a wgmma without a fence go unnoticed); the generic-to-async
  proxy fence is checked for TMA stores only (the kernel's wgmma operands come from TMA, the
  async proxy); mbarrier.test_wait, try_wait without .parity, and expect_tx alone are errors;
  the clusters of a grid run one after the other (they are independent), the CTAs of a cluster
  together.
- sm_100a: only cta_group::1, kind::f16 with an F32 accumulator, dense, M = 128 (the M = 64 TMEM
  layouts are not modelled), both operands from shared memory descriptors, K-major, base offset
  0; no tcgen05.mma.ws, no disable-output-lane / scale-input-d operands, no tcgen05.st / cp /
  shift, no other tcgen05.ld shapes than 32x32b, no multicast commit, no CTA pair; the MMA has
  no real latency (it completes `--delay` rounds after its commit, so a kernel that reads the
  operands correctly only because the hardware is slow is not exposed, and one that overwrites
  a stage after the MMA completed here but before it would on hardware is not either); the
  collector buffer hint is accepted (discard only) and ignored; tcgen05.fence is not checked
  (the ordering of tcgen05 operations across a thread barrier without the fences goes
  unnoticed); races on TMEM are checked for tcgen05.ld against the MMAs, not for MMAs against
  earlier tcgen05.ld (the kernel reads the accumulator once, at the end). The alloc's column
  choice (the lowest aligned free range, or with --tmem-alloc high the highest: a kernel that
  assumes column 0 instead of the address alloc wrote then fails) is this emulator's, the
  hardware's may differ.
"""

import argparse
import math
import random
import re
import struct
import sys
import time
from collections import deque

from ptx_moves import _OPERAND  # the operand splitter: `{...}`, `[...]` and plain operands


class EmuError(Exception):
    """An error of the emulated program (or a construct the emulator does not model)."""


# -- numeric formats -----------------------------------------------------------------------

_F32 = struct.Struct("<f")
_U32 = struct.Struct("<I")
_F16 = struct.Struct("<e")
_U16 = struct.Struct("<H")


def f32_from_bits(b):
    return _F32.unpack(_U32.pack(b & 0xFFFFFFFF))[0]


def f32_bits(x):
    """The f32 nearest to x (ties to even), overflow to infinity, as bits."""
    try:
        return _U32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return 0xFF800000 if x < 0 else 0x7F800000


def f16_bits(x):
    """The f16 nearest to x (ties to even), overflow to infinity, as bits."""
    try:
        return _U16.unpack(_F16.pack(x))[0]
    except OverflowError:
        return 0xFC00 if x < 0 else 0x7C00


def bf16_bits(x):
    """The bf16 nearest to the f32 nearest to x (round to nearest even on the f32 bits)."""
    b = f32_bits(x)
    if (b & 0x7F800000) == 0x7F800000 and b & 0x7FFFFF:
        return (b >> 16) | 0x40  # NaN stays NaN (quiet)
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF


_TABLES = {}


def half_table(kind):
    """The float value of each of the 65536 f16 or bf16 bit patterns."""
    if kind not in _TABLES:
        if kind == "f16":
            _TABLES[kind] = [_F16.unpack(_U16.pack(h))[0] for h in range(65536)]
        else:
            _TABLES[kind] = [f32_from_bits(h << 16) for h in range(65536)]
    return _TABLES[kind]


def to_half_bits(kind, x):
    return f16_bits(x) if kind == "f16" else bf16_bits(x)


# -- parsing -------------------------------------------------------------------------------

_TYPE = re.compile(r"(pred|[bsuf](8|16|32|64|128)|f16x2|bf16x2|bf16)$")


def type_bits(t):
    """(kind letter, bits) of a PTX type name without the dot: b32 -> ('b', 32)."""
    if t == "pred":
        return "p", 1
    if t in ("f16x2", "bf16x2"):
        return "b", 32
    if t == "bf16":
        return "f", 16
    m = re.fullmatch(r"([bsuf])(8|16|32|64|128)", t)
    if not m:
        raise EmuError(f"type .{t}")
    return m.group(1), int(m.group(2))


class Stmt:
    __slots__ = ("pred", "neg", "op", "args", "text", "line")

    def __init__(self, pred, neg, op, args, text, line):
        self.pred, self.neg, self.op, self.args, self.text, self.line = pred, neg, op, args, text, line


class Module:
    """The parsed entry: params [(name, bits)], regs {name: bits}, shared [(name, align, bytes)],
    stmts [Stmt], labels {label: statement index}."""

    def __init__(self, ptx, kernel):
        code = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n") or " ", ptx, flags=re.S)
        code = re.sub(r"//[^\n]*", "", code)
        m = re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*\(", code)
        if not m:
            raise EmuError(f"no .entry {kernel} in the PTX")
        self.kernel = kernel
        close = code.index(")", m.end())
        self.params = []
        for p in code[m.end():close].split(","):
            if not p.strip():
                continue
            words = p.split()
            if "[" in p or words[0] != ".param":
                raise EmuError(f"parameter `{p.strip()}`")
            kinds = [w[1:] for w in words if _TYPE.fullmatch(w[1:])]
            self.params.append((words[-1], type_bits(kinds[0])[1]))
        start = code.index("{", close)
        depth, end = 0, None
        for i in range(start, len(code)):
            depth += code[i] == "{"
            depth -= code[i] == "}"
            if depth == 0:
                end = i
                break
        body = flatten_scopes(code[start + 1:end])
        first_line = code.count("\n", 0, start + 1) + 1
        head = code[close:start]
        cm = re.search(r"\.reqnctapercluster\s+(\d+)\s*,\s*(\d+)\s*,\s*(\d+)", head)
        self.cluster = tuple(int(x) for x in cm.groups()) if cm else (1, 1, 1)
        # Module-level text: everything outside the bodies of the functions.
        outside, depth = [], 0
        for ch in code:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif depth == 0:
                outside.append(ch)
        self.shared, self.dynamic = [], None
        for text in ("".join(outside), body):
            dm = re.search(r"\.extern\s+\.shared\s+(?:\.align\s+(\d+)\s+)?\.[bsuf](?:8|16|32|64)\s+([\w$]+)\s*\[\s*\]", text)
            if dm:
                if self.dynamic:
                    raise EmuError("two dynamic shared arrays")
                self.dynamic = (dm.group(2), int(dm.group(1) or 1))
            elif re.search(r"\.extern\s+\.shared", text):
                raise EmuError("this .extern .shared declaration is not modelled")
            for sm in re.finditer(r"\.shared\s+(?:\.align\s+(\d+)\s+)?\.([bsuf](?:8|16|32|64))\s+([\w$]+)\s*\[(\d+)\]", text):
                self.shared.append((sm.group(3), int(sm.group(1) or 1), type_bits(sm.group(2))[1] // 8 * int(sm.group(4))))
        self.regs, self.labels, self.stmts = {}, {}, []
        pos = 0
        for chunk in body.split(";"):
            at, pos = pos, pos + len(chunk) + 1
            s = chunk
            while True:  # labels before the statement
                lead = len(s) - len(s.lstrip())
                lm = re.match(r"([$\w.]+)\s*:(?!:)", s[lead:])
                if not lm:
                    break
                self.labels[lm.group(1)] = len(self.stmts)
                at += lead + lm.end()
                s = s[lead + lm.end():]
            at += len(s) - len(s.lstrip())
            s = s.strip()
            if not s:
                continue
            line = first_line + body.count("\n", 0, at)
            if s.startswith("{") or s.startswith("}"):
                raise EmuError(f"line {line}: nested scope blocks are not modelled: `{s[:40]}`")
            if s.startswith("."):
                self.directive(s, line)
                continue
            pred, neg = None, False
            pm = re.match(r"@(!?)(%?[\w$.]+)\s+", s)
            if pm:
                neg, pred, s = pm.group(1) == "!", pm.group(2), s[pm.end():]
            om = re.match(r"(\S+)\s*(.*)", s, re.S)
            op, args = om.group(1), [a.strip() for a in _OPERAND.findall(om.group(2))]
            text = (f"@{'!' if neg else ''}{pred} " if pred else "") + op
            if args:
                text += " " + ", ".join(" ".join(a.split()) for a in args)
            self.stmts.append(Stmt(pred, neg, op, args, text, line))

    def directive(self, s, at):
        words = s.split()
        if words[0] == ".reg":
            if len(words) < 3 or not words[1].startswith(".") or words[1] == ".v2" or words[1] == ".v4":
                raise EmuError(f"line {at}: `{s}`")
            bits = type_bits(words[1][1:])[1]
            for name in " ".join(words[2:]).split(","):
                name = name.strip()
                rm = re.fullmatch(r"(%[\w$]+)<(\d+)>", name)
                if rm:
                    for i in range(int(rm.group(2))):
                        self.regs[rm.group(1) + str(i)] = bits
                else:
                    self.regs[name] = bits
        elif words[0] not in (".shared", ".pragma", ".loc"):  # .shared: collected above
            raise EmuError(f"line {at}: directive `{s}` is not modelled")


def flatten_scopes(body):
    """The body with its nested scope blocks `{ ... }` (inline assembly) opened: the braces become
    blanks and the names declared in a block (its `.reg`s and labels) get a suffix unique to the
    block, so two blocks may both declare `P1` and `DONE`. Newlines are kept (line numbers)."""
    counter = [0]

    def flat(text):
        out, i, n, start = [], 0, len(text), True
        while i < n:
            c = text[i]
            if c == "{" and start:
                depth, j = 0, i
                while True:
                    if j >= n:
                        raise EmuError("unbalanced scope block")
                    depth += text[j] == "{"
                    depth -= text[j] == "}"
                    if depth == 0:
                        break
                    j += 1
                inner = flat(text[i + 1:j])
                counter[0] += 1
                names = set()
                for m in re.finditer(r"\.reg\s+\.\w+\s+([^;]+);", inner):
                    for nm in m.group(1).split(","):
                        if "<" in nm:
                            raise EmuError(f"register range `{nm.strip()}` in a scope block")
                        names.add(nm.strip())
                for m in re.finditer(r"(?:^|[;\s])([$\w]+)\s*:(?!:)", inner):
                    names.add(m.group(1))
                for nm in sorted(names, key=len, reverse=True):
                    inner = re.sub(r"(?<![\w$%.])" + re.escape(nm) + r"(?![\w$])", f"{nm}_s{counter[0]}", inner)
                out.append(" " + inner + " ")
                i, start = j + 1, True
                continue
            out.append(c)
            if c in ";:":
                start = True
            elif not c.isspace():
                start = False
            i += 1
        return "".join(out)
    return flat(body)


# -- decoding ------------------------------------------------------------------------------

SIMPLE, JUMP, CONTROL = 0, 1, 2


class Inst:
    """A decoded statement: `fn(th)` for SIMPLE (the PC then advances), `target` for JUMP,
    `fn(cta, th)` for CONTROL (it advances the PC or blocks the thread itself); a collective
    has `members(th)` (its lane mask) and `collective(cta, lanes)`."""
    __slots__ = ("text", "line", "pred", "neg", "kind", "fn", "target", "members", "collective", "index")

    def __init__(self, st, kind, fn=None):
        self.text, self.line, self.pred, self.neg = st.text, st.line, st.pred, st.neg
        self.kind, self.fn = kind, fn
        self.target = self.members = self.collective = None

    def where(self):
        text = self.text if len(self.text) <= 160 else self.text[:150] + " ..."
        return f"line {self.line} `{text}`"


SHARED_GENERIC = 0x7F0000000000  # where the shared window lies in the generic address space


def parse_imm(a):
    """The integer an immediate operand denotes (f32/f64 immediates as their bits), else None."""
    a = a.strip()
    m = re.fullmatch(r"0[fF]([0-9a-fA-F]{8})", a)
    if m:
        return int(m.group(1), 16)
    m = re.fullmatch(r"0[dD]([0-9a-fA-F]{16})", a)
    if m:
        return int(m.group(1), 16)
    m = re.fullmatch(r"(-?)(?:0[xX]([0-9a-fA-F]+)|0([0-7]*)|([1-9]\d*))[uU]?", a)
    if not m:
        return None
    hexa, octal, dec = m.group(2), m.group(3), m.group(4)
    v = int(hexa, 16) if hexa else int(octal or "0", 8) if dec is None else int(dec)
    return -v if m.group(1) else v


class Decoder:
    def __init__(self, module, shared_addr):
        self.mod, self.regs, self.shared_addr = module, module.regs, shared_addr
        self.params = {name: bits for name, bits in module.params}

    def decode(self):
        code = []
        for st in self.mod.stmts:
            base = st.op.split(".")[0]
            handler = HANDLERS.get(base)
            if handler is None:
                raise EmuError(f"line {st.line}: unsupported instruction `{st.text}`")
            if st.pred is not None and self.regs.get(st.pred) != 1:
                raise EmuError(f"line {st.line}: guard {st.pred} is not a declared .pred register")
            try:
                ins = handler(self, st, st.op.split("."), st.args)
            except EmuError as e:
                raise EmuError(f"line {st.line}: `{st.text}`: {e}") from None
            except IndexError:
                raise EmuError(f"line {st.line}: `{st.text}`: too few operands") from None
            ins.index = len(code)
            code.append(ins)
        for ins in code:
            if ins.kind == JUMP and isinstance(ins.target, str):
                if ins.target not in self.mod.labels:
                    raise EmuError(f"{ins.where()}: no label {ins.target}")
                ins.target = self.mod.labels[ins.target]
        return code

    # operands
    def dst(self, a):
        a = a.strip()
        if a not in self.regs:
            raise EmuError(f"destination {a} is not a declared register")
        return a

    def src(self, a, bits, signed=False):
        """A getter th -> the operand's value, masked to `bits` (sign-extended when signed)."""
        a = a.strip()
        mask = (1 << bits) - 1
        half = 1 << (bits - 1)
        if a.startswith("!"):
            inner = self.src(a[1:], 1)
            return lambda th: 1 - inner(th)
        if a in self.regs:
            if signed:
                return lambda th: ((th.regs[a] & mask) ^ half) - half
            return lambda th: th.regs[a] & mask
        if a.startswith("%"):
            sp = self.special(a)
            if sp is None:
                raise EmuError(f"operand {a} is not a declared register")
            return lambda th: sp(th) & mask
        v = parse_imm(a)
        if v is None:
            sym = self.symbol(a)
            if sym is None:
                raise EmuError(f"operand {a}")
            v = sym
        v &= mask
        if signed:
            v = (v ^ half) - half
        return lambda th: v

    def special(self, a):
        m = re.fullmatch(r"%(tid|ntid|ctaid|nctaid)\.([xyz])", a)
        if m:
            i = "xyz".index(m.group(2))
            attr = {"tid": "tidv", "ntid": "ntid", "ctaid": "ctaid", "nctaid": "nctaid"}[m.group(1)]
            if attr == "tidv":
                return lambda th: th.tidv[i]
            return lambda th: getattr(th.cta, attr)[i]
        m = re.fullmatch(r"%(cluster_ctaid|cluster_nctaid|clusterid|nclusterid)\.([xyz])", a)
        if m:
            i = "xyz".index(m.group(2))
            attr = m.group(1)
            return lambda th: getattr(th.cta, attr)[i]
        if a in ("%cluster_ctarank", "%cluster_nctarank", "%is_explicit_cluster"):
            attr = a[1:]
            return lambda th: getattr(th.cta, attr)
        if a == "%laneid":
            return lambda th: th.lane
        if a == "%warpid":
            return lambda th: th.warp
        return None

    def symbol(self, a):
        """The address a symbol operand denotes (a shared array: its shared-window address)."""
        m = re.fullmatch(r"([\w$]+)(?:\+(\d+))?", a)
        if m and m.group(1) in self.shared_addr:
            return self.shared_addr[m.group(1)] + int(m.group(2) or 0)
        return None

    def addr(self, a):
        """A getter th -> the address `[base+offset]` denotes (64 bits)."""
        a = a.strip()
        if not (a.startswith("[") and a.endswith("]")):
            raise EmuError(f"address operand {a}")
        inner = a[1:-1].replace(" ", "")
        m = re.fullmatch(r"([%\w$.]+?)(?:\+(-?(?:0[xX][0-9a-fA-F]+|\d+)))?", inner)
        if not m:
            raise EmuError(f"address operand {a}")
        off = int(m.group(2), 0) if m.group(2) else 0
        base = m.group(1)
        if base in self.regs:
            return lambda th: (th.regs[base] + off) & 0xFFFFFFFFFFFFFFFF
        v = parse_imm(base)
        if v is None:
            v = self.symbol(base)
        if v is None:
            raise EmuError(f"address operand {a}")
        v += off
        return lambda th: v

    def vector(self, a):
        a = a.strip()
        if not (a.startswith("{") and a.endswith("}")):
            raise EmuError(f"vector operand {a}")
        return [x.strip() for x in a[1:-1].split(",")]


def qualifiers(parts, allowed):
    for q in parts:
        if q not in allowed:
            raise EmuError(f"qualifier .{q} is not modelled")


# -- handlers: one builder per base opcode, (decoder, statement, op parts, args) -> Inst ------

def simple(st, fn):
    return Inst(st, SIMPLE, fn)


def h_mov(dec, st, parts, args):
    qualifiers(parts[1:-1], ())
    k, bits = type_bits(parts[-1])
    if len(args) != 2:
        raise EmuError("two operands")
    if args[0].startswith("{"):  # unpack: {lo, hi} = x
        names = dec.vector(args[0])
        size = bits // len(names)
        x = dec.src(args[1], bits)
        outs = [(dec.dst(n), i * size) for i, n in enumerate(names) if n != "_"]
        m = (1 << size) - 1

        def unpack(th):
            v = x(th)
            for n, sh in outs:
                th.regs[n] = (v >> sh) & m
        return simple(st, unpack)
    d = dec.dst(args[0])
    if args[1].startswith("{"):  # pack: x = {lo, hi}
        names = dec.vector(args[1])
        size = bits // len(names)
        gs = [(dec.src(n, size), i * size) for i, n in enumerate(names)]

        def pack(th):
            v = 0
            for g, sh in gs:
                v |= g(th) << sh
            th.regs[d] = v
        return simple(st, pack)
    x = dec.src(args[1], bits)

    def mov(th):
        th.regs[d] = x(th)
    return simple(st, mov)


def _binary(op, bits, signed):
    mask = (1 << bits) - 1
    if op == "add":
        return lambda a, b: (a + b) & mask
    if op == "sub":
        return lambda a, b: (a - b) & mask
    if op == "and":
        return lambda a, b: a & b
    if op == "or":
        return lambda a, b: a | b
    if op == "xor":
        return lambda a, b: a ^ b
    if op == "min":
        return lambda a, b: min(a, b) & mask
    if op == "max":
        return lambda a, b: max(a, b) & mask
    if op == "shl":
        return lambda a, b: (a << b) & mask if b < bits else 0
    if op == "shr":
        if signed:
            return lambda a, b: (a >> min(b, bits - 1)) & mask
        return lambda a, b: a >> b if b < bits else 0
    raise EmuError(op)


def h_binary(dec, st, parts, args):
    """add sub and or xor min max shl shr (integer and .pred types)."""
    op = parts[0]
    qualifiers(parts[1:-1], ())
    k, bits = type_bits(parts[-1])
    if k == "f" or (k == "p" and op not in ("and", "or", "xor")):
        raise EmuError(f"type .{parts[-1]} of {op} is not modelled")
    if op in ("min", "max") and k == "b":
        raise EmuError(f"{op} needs a signed or unsigned type")
    signed = k == "s" and op in ("min", "max", "shr")
    if len(args) != 3:
        raise EmuError("three operands")
    d = dec.dst(args[0])
    a = dec.src(args[1], bits, signed)
    b = dec.src(args[2], 32) if op in ("shl", "shr") else dec.src(args[2], bits, signed)
    f = _binary(op, bits, signed)

    def run(th):
        th.regs[d] = f(a(th), b(th))
    return simple(st, run)


def h_unary(dec, st, parts, args):
    """not neg abs."""
    op = parts[0]
    qualifiers(parts[1:-1], ())
    k, bits = type_bits(parts[-1])
    if k == "f" or (k == "p" and op != "not"):
        raise EmuError(f"type .{parts[-1]} of {op} is not modelled")
    mask = (1 << bits) - 1
    d = dec.dst(args[0])
    a = dec.src(args[1], bits, op == "abs")
    f = {"not": lambda x: ~x & mask, "neg": lambda x: -x & mask, "abs": lambda x: abs(x) & mask}[op]

    def run(th):
        th.regs[d] = f(a(th))
    return simple(st, run)


def h_mul(dec, st, parts, args):
    """mul.{lo,hi,wide} and mad.{lo,hi,wide} on integers."""
    op, mode = parts[0], parts[1] if len(parts) == 3 else None
    if mode not in ("lo", "hi", "wide"):
        raise EmuError(f"{op} needs .lo, .hi or .wide (float {op} is not modelled)")
    k, bits = type_bits(parts[-1])
    if k not in ("s", "u"):
        raise EmuError(f"type .{parts[-1]}")
    signed = k == "s"
    d = dec.dst(args[0])
    a, b = dec.src(args[1], bits, signed), dec.src(args[2], bits, signed)
    out = 2 * bits if mode == "wide" else bits
    mask = (1 << out) - 1
    c = dec.src(args[3], out, signed) if op == "mad" else (lambda th: 0)
    if op == "mad" and len(args) != 4 or op == "mul" and len(args) != 3:
        raise EmuError("operand count")
    if mode == "hi":
        def run(th):
            th.regs[d] = (((a(th) * b(th)) >> bits) + c(th)) & mask
    else:
        def run(th):
            th.regs[d] = (a(th) * b(th) + c(th)) & mask
    return simple(st, run)


def h_bfe(dec, st, parts, args):
    """bfe.{u32,s32,u64,s64} d, a, pos, len: the bit loop of the PTX ISA."""
    k, bits = type_bits(parts[-1])
    if k not in ("s", "u") or bits not in (32, 64):
        raise EmuError(f"type .{parts[-1]}")
    msb = bits - 1
    mask = (1 << bits) - 1
    d = dec.dst(args[0])
    a, pos, ln = dec.src(args[1], bits), dec.src(args[2], 32), dec.src(args[3], 32)

    def run(th):
        x, p, n = a(th), pos(th) & 0xFF, ln(th) & 0xFF
        sbit = 0 if k == "u" else (x >> min(p + n - 1, msb)) & 1 if n else 0
        r = 0
        for i in range(bits):
            bit = (x >> (p + i)) & 1 if (i < n and p + i <= msb) else sbit
            r |= bit << i
        th.regs[d] = r & mask
    return simple(st, run)


def h_cvt(dec, st, parts, args):
    q = parts[1:]
    d = dec.dst(args[0])
    if q in (["rn", "f16x2", "f32"], ["rn", "bf16x2", "f32"]):
        kind = q[1][:-2]
        a, b = dec.src(args[1], 32), dec.src(args[2], 32)

        def pack(th):  # a to the upper half, b to the lower half
            th.regs[d] = (to_half_bits(kind, f32_from_bits(a(th))) << 16) | to_half_bits(kind, f32_from_bits(b(th)))
        return simple(st, pack)
    if q in (["rn", "f16", "f32"], ["rn", "bf16", "f32"]):
        kind = q[1]
        a = dec.src(args[1], 32)

        def one(th):
            th.regs[d] = to_half_bits(kind, f32_from_bits(a(th)))
        return simple(st, one)
    if q in (["f32", "f16"], ["f32", "bf16"]):
        table = half_table(q[1])
        a = dec.src(args[1], 16)

        def widen(th):
            th.regs[d] = f32_bits(table[a(th)])
        return simple(st, widen)
    sat = "sat" in q
    q = [x for x in q if x != "sat"]
    if len(q) != 2:
        raise EmuError("this conversion is not modelled")
    (dk, db), (sk, sb) = type_bits(q[0]), type_bits(q[1])
    if dk not in "bsu" or sk not in "bsu":
        raise EmuError("this conversion is not modelled")
    a = dec.src(args[1], sb, sk == "s")
    mask = (1 << db) - 1
    lo, hi = (-(1 << (db - 1)), (1 << (db - 1)) - 1) if dk == "s" else (0, mask)

    def conv(th):
        v = a(th)
        if sat:
            v = min(max(v, lo), hi)
        th.regs[d] = v & mask
    return simple(st, conv)


_CMP = {
    "eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
    "lt": lambda a, b: a < b, "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b,
    "lo": lambda a, b: a < b, "ls": lambda a, b: a <= b, "hi": lambda a, b: a > b, "hs": lambda a, b: a >= b,
}


def h_setp(dec, st, parts, args):
    """setp.cmp{.bool}.type p{|q}, a, b{, c}."""
    cmp, rest = parts[1], parts[2:]
    boolop = rest[0] if rest[0] in ("and", "or", "xor") else None
    if boolop:
        rest = rest[1:]
    if len(rest) != 1:
        raise EmuError("setp form")
    k, bits = type_bits(rest[0])
    if k == "f":
        if bits != 32:
            raise EmuError(f"setp on .{rest[0]} is not modelled")
        ordered = {"eq", "ne", "lt", "le", "gt", "ge"}
        unordered = {c + "u": c for c in ordered}
        if cmp not in ordered and cmp not in unordered and cmp not in ("num", "nan"):
            raise EmuError(f"comparison .{cmp}")
        ga, gb = dec.src(args[1], 32), dec.src(args[2], 32)

        def fcmp(th):
            x, y = f32_from_bits(ga(th)), f32_from_bits(gb(th))
            nan = x != x or y != y
            if cmp == "num":
                return not nan
            if cmp == "nan":
                return nan
            if nan:
                return cmp in unordered
            return _CMP[unordered.get(cmp, cmp)](x, y)
        test = fcmp
    else:
        if cmp not in _CMP or (k == "b" and cmp not in ("eq", "ne")) or (k == "s" and cmp in ("lo", "ls", "hi", "hs")):
            raise EmuError(f"comparison .{cmp} on .{rest[0]}")
        ga, gb = dec.src(args[1], bits, k == "s"), dec.src(args[2], bits, k == "s")
        f = _CMP[cmp]

        def test(th):
            return f(ga(th), gb(th))
    outs = args[0].split("|")
    p = dec.dst(outs[0])
    q = dec.dst(outs[1]) if len(outs) > 1 else None
    if boolop:
        c = dec.src(args[3], 1)
        comb = {"and": lambda x, y: x & y, "or": lambda x, y: x | y, "xor": lambda x, y: x ^ y}[boolop]

        def run(th):
            t, cv = int(test(th)), c(th)
            th.regs[p] = comb(t, cv)
            if q:
                th.regs[q] = comb(1 - t, cv)
    else:
        if len(args) != 3:
            raise EmuError("operand count")

        def run(th):
            t = int(test(th))
            th.regs[p] = t
            if q:
                th.regs[q] = 1 - t
    return simple(st, run)


def h_selp(dec, st, parts, args):
    k, bits = type_bits(parts[-1])
    d = dec.dst(args[0])
    a, b, c = dec.src(args[1], bits), dec.src(args[2], bits), dec.src(args[3], 1)

    def run(th):
        th.regs[d] = a(th) if c(th) else b(th)
    return simple(st, run)


def h_bra(dec, st, parts, args):
    qualifiers(parts[1:], ("uni",))
    ins = Inst(st, JUMP)
    ins.target = args[0]
    return ins


def h_exit(dec, st, parts, args):
    qualifiers(parts[1:], ("uni",))
    return Inst(st, CONTROL, lambda cta, th: cta.exit(th))


_MEM_QUALS = {"volatile", "weak", "relaxed", "cta", "gpu", "sys", "nc", "ca", "cg", "cs", "lu", "cv", "wb", "wt"}
_SPACES = {"param": "param", "shared": "shared", "shared::cta": "shared", "global": "global"}


def _mem_form(parts):
    space, vec, quals = "generic", 1, []
    for q in parts[1:-1]:
        if q in _SPACES:
            space = _SPACES[q]
        elif q in ("v2", "v4", "v8"):
            vec = int(q[1])
        elif q in ("local", "const", "shared::cluster"):
            raise EmuError(f"state space .{q} is not modelled")
        else:
            quals.append(q)
    qualifiers(quals, _MEM_QUALS)
    k, bits = type_bits(parts[-1])
    if k == "p":
        raise EmuError("type .pred")
    return space, vec, k, bits


def h_ld(dec, st, parts, args):
    space, vec, k, bits = _mem_form(parts)
    n = bits // 8
    names = dec.vector(args[0]) if vec > 1 else [args[0]]
    if len(names) != vec:
        raise EmuError("vector arity")
    if space == "param":
        m = re.fullmatch(r"\[\s*([\w$]+)\s*\]", args[1])
        if not m or m.group(1) not in dec.params:
            raise EmuError(f"parameter {args[1]}")
        pname, d = m.group(1), dec.dst(args[0])
        mask = (1 << bits) - 1

        def ldp(th):
            th.regs[d] = th.cta.params[pname] & mask
        return simple(st, ldp)
    outs = []
    for i, nm in enumerate(names):
        if nm == "_":
            continue
        rb = dec.regs[dec.dst(nm)]
        outs.append((nm, i * n, (1 << (bits - 1)) if k == "s" and rb > bits else 0, (1 << rb) - 1))
    addr = dec.addr(args[1])
    total = n * vec
    ins = None

    def ld(th):
        data = th.cta.load(space, th, addr(th), total, ins)
        for nm, off, sign, rmask in outs:
            v = int.from_bytes(data[off:off + n], "little")
            if sign:
                v = ((v ^ sign) - sign) & rmask
            th.regs[nm] = v
    ins = simple(st, ld)
    return ins


def h_st(dec, st, parts, args):
    space, vec, k, bits = _mem_form(parts)
    if space == "param":
        raise EmuError("st.param is not modelled")
    n = bits // 8
    names = dec.vector(args[1]) if vec > 1 else [args[1]]
    if len(names) != vec:
        raise EmuError("vector arity")
    gets = [dec.src(nm, bits) for nm in names]
    addr = dec.addr(args[0])
    ins = None

    def st_(th):
        data = b"".join(g(th).to_bytes(n, "little") for g in gets)
        th.cta.store(space, th, addr(th), data, ins)
    ins = simple(st, st_)
    return ins


def h_cvta(dec, st, parts, args):
    q = parts[1:-1]
    if parts[-1] not in ("u64", "u32"):
        raise EmuError(f"type .{parts[-1]}")
    to = q[:1] == ["to"]
    space = q[1:] if to else q
    if space not in (["global"], ["shared"], ["shared::cta"]) and not (to and space == ["shared::cluster"]):
        raise EmuError(f"cvta .{'.'.join(q)}")
    d = dec.dst(args[0])
    a = dec.src(args[1], 64)
    shared = space != ["global"]
    mask = (1 << type_bits(parts[-1])[1]) - 1

    def run(th):
        v = a(th)
        if shared:
            v = v - SHARED_GENERIC if to else v + SHARED_GENERIC
        th.regs[d] = v & mask
    return simple(st, run)


def h_cp(dec, st, parts, args):
    """cp.async (ca/cg .shared.global), cp.async.commit_group, wait_group N, wait_all."""
    if parts[1] != "async" or len(parts) < 3:
        raise EmuError("only cp.async is modelled")
    sub = parts[2]
    if sub == "bulk":
        return h_bulk(dec, st, parts, args)
    if sub == "commit_group":
        return simple(st, lambda th: th.commit())
    if sub == "wait_group":
        n = parse_imm(args[0])
        if n is None:
            raise EmuError("wait_group needs an immediate")
        return simple(st, lambda th: th.cta.wait_groups(th, n))
    if sub == "wait_all":
        def wait_all(th):
            th.commit()
            th.cta.wait_groups(th, 0)
        return simple(st, wait_all)
    if sub not in ("ca", "cg"):
        raise EmuError(f"cp.async.{sub} is not modelled")
    rest = parts[3:]
    if rest[:2] not in (["shared", "global"], ["shared::cta", "global"]):
        raise EmuError("cp.async needs .shared.global")
    extra = rest[2:]
    hint = "L2::cache_hint" in extra
    qualifiers([x for x in extra if x != "L2::cache_hint"], ("L2::64B", "L2::128B", "L2::256B"))
    ops = args[:-1] if hint else args
    dst, src = dec.addr(ops[0]), dec.addr(ops[1])
    size = parse_imm(ops[2])
    if size not in (4, 8, 16) or (sub == "cg" and size != 16):
        raise EmuError(f"cp-size {ops[2]}")
    src_size = lambda th: size
    if len(ops) == 4:
        if dec.regs.get(ops[3].lstrip("!")) == 1:  # ignore-src predicate
            ig = dec.src(ops[3], 1)
            src_size = lambda th: 0 if ig(th) else size
        else:
            src_size = dec.src(ops[3], 32)
    elif len(ops) != 3:
        raise EmuError("operand count")
    ins = None

    def issue(th):
        th.cta.cp_async(th, dst(th), src(th), size, src_size(th), ins)
    ins = simple(st, issue)
    return ins


def h_bar(dec, st, parts, args):
    """bar.sync / barrier.sync{.aligned} id{, count}; bar.warp.sync membermask."""
    q = parts[1:]
    if parts[0] == "barrier" and q[:1] == ["cluster"]:
        return h_barrier_cluster(dec, st, parts, args)
    if q == ["warp", "sync"]:
        mask = dec.src(args[0], 32)
        ins = Inst(st, CONTROL, lambda cta, th: cta.warp_arrive(th, ins))
        ins.members = mask
        ins.collective = lambda cta, lanes: cta.join(lanes)
        return ins
    if q not in (["sync"], ["sync", "aligned"]) or (parts[0] == "bar" and q != ["sync"]):
        raise EmuError(f"{st.op} is not modelled")
    bid = dec.src(args[0], 32) if args else (lambda th: 0)
    count = dec.src(args[1], 32) if len(args) > 1 else None
    ins = Inst(st, CONTROL, lambda cta, th: cta.bar_arrive(th, bid(th), count(th) if count else None, ins))
    return ins


def _full(th):
    return 0xFFFFFFFF


def h_ldmatrix(dec, st, parts, args):
    q = parts[1:]
    x = next((int(p[1]) for p in q if p in ("x1", "x2", "x4")), None)
    trans = "trans" in q
    qualifiers([p for p in q if p not in ("x1", "x2", "x4", "trans")], ("sync", "aligned", "m8n8", "shared", "shared::cta", "b16"))
    if not {"sync", "aligned", "m8n8", "b16"} <= set(q) or x is None or not ({"shared", "shared::cta"} & set(q)):
        raise EmuError("only ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16 is modelled")
    names = [dec.dst(n) for n in dec.vector(args[0])]
    if len(names) != x:
        raise EmuError("vector arity")
    addr = dec.addr(args[1])
    ins = Inst(st, CONTROL, lambda cta, th: cta.warp_arrive(th, ins))
    ins.members = _full

    def collective(cta, lanes):
        rows = []
        for i in range(8 * x):  # lane i supplies row i % 8 of matrix i // 8
            a = addr(lanes[i])
            if a % 16:
                raise EmuError(f"{ins.where()}: lane {i} row address {a:#x} is not 16-byte aligned")
            rows.append(cta.load("shared", lanes[i], a, 16, ins))
        for j in range(x):
            m = rows[8 * j:8 * j + 8]
            nm = names[j]
            for l, th in enumerate(lanes):
                if trans:
                    r, c = 2 * (l & 3), 2 * (l >> 2)
                    v = m[r][c] | m[r][c + 1] << 8 | m[r + 1][c] << 16 | m[r + 1][c + 1] << 24
                else:
                    r, c = l >> 2, 4 * (l & 3)
                    v = int.from_bytes(m[r][c:c + 4], "little")
                th.regs[nm] = v
        cta.stats["ldmatrix"] += 1
    ins.collective = collective
    return ins


def _fragments():
    """The m16n8k16 .f16/.bf16 fragment tables of the PTX ISA: per lane, the (row, col) of each
    element of A (a0..a7), B (b0..b3) and C/D (c0..c3); element 2i is the low half of register i
    (A, B), element i is register i (C, D)."""
    ta, tb, tc = [], [], []
    for lane in range(32):
        g, t = lane >> 2, lane & 3
        ta.append([(g + 8 * ((i >> 1) & 1), 2 * t + (i & 1) + 8 * (i >> 2)) for i in range(8)])
        tb.append([(2 * t + (i & 1) + 8 * (i >> 1), g) for i in range(4)])
        tc.append([(g + 8 * (i >> 1), 2 * t + (i & 1)) for i in range(4)])
    for table, rows, cols, per in ((ta, 16, 16, 8), (tb, 16, 8, 4), (tc, 16, 8, 4)):
        cells = {rc for lane in table for rc in lane}
        assert len(cells) == rows * cols == 32 * per, "a fragment table is not a bijection"
    return ta, tb, tc


FRAG_A, FRAG_B, FRAG_C = _fragments()


def h_mma(dec, st, parts, args):
    q = parts[1:]
    if q[:5] != ["sync", "aligned", "m16n8k16", "row", "col"] or len(q) != 9 or q[5] != "f32" or q[8] != "f32" \
            or q[6] != q[7] or q[6] not in ("f16", "bf16"):
        raise EmuError("only mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32 is modelled")
    table = half_table(q[6])
    d, a, b, c = (dec.vector(v) for v in args)
    if (len(d), len(a), len(b), len(c)) != (4, 4, 2, 4):
        raise EmuError("fragment arity")
    d = [dec.dst(n) for n in d]
    for n in a + b + c:
        dec.src(n, 32)
    ins = Inst(st, CONTROL, lambda cta, th: cta.warp_arrive(th, ins))
    ins.members = _full
    fsum = math.fsum

    def collective(cta, lanes):
        A = [[0.0] * 16 for _ in range(16)]
        B = [[0.0] * 16 for _ in range(8)]  # B transposed: B[col][k]
        C = [[0.0] * 8 for _ in range(16)]
        for l, th in enumerate(lanes):
            regs = th.regs
            fa, fb, fc = FRAG_A[l], FRAG_B[l], FRAG_C[l]
            for i, n in enumerate(a):
                v = regs[n]
                r, cc = fa[2 * i]
                A[r][cc] = table[v & 0xFFFF]
                r, cc = fa[2 * i + 1]
                A[r][cc] = table[(v >> 16) & 0xFFFF]
            for i, n in enumerate(b):
                v = regs[n]
                r, cc = fb[2 * i]
                B[cc][r] = table[v & 0xFFFF]
                r, cc = fb[2 * i + 1]
                B[cc][r] = table[(v >> 16) & 0xFFFF]
            for i, n in enumerate(c):
                r, cc = fc[i]
                C[r][cc] = f32_from_bits(regs[n])
        for l, th in enumerate(lanes):
            for i in range(4):
                r, cc = FRAG_C[l][i]
                terms = [x * y for x, y in zip(A[r], B[cc])]
                terms.append(C[r][cc])
                try:
                    s = fsum(terms)
                except (ValueError, OverflowError):
                    s = sum(terms)  # infinities and NaN: IEEE semantics of the plain sum
                th.regs[d[i]] = f32_bits(s)
        cta.stats["mma"] += 1
    ins.collective = collective
    return ins


def h_shfl(dec, st, parts, args):
    """shfl.sync.{up,down,bfly,idx}.b32 d{|p}, a, b, c, membermask (the PTX ISA's pseudocode)."""
    if len(parts) != 4 or parts[1] != "sync" or parts[2] not in ("up", "down", "bfly", "idx") or parts[3] != "b32":
        raise EmuError("only shfl.sync.{up,down,bfly,idx}.b32 is modelled")
    mode = parts[2]
    outs = args[0].split("|")
    d = dec.dst(outs[0])
    p = dec.dst(outs[1]) if len(outs) > 1 else None
    ga, gb, gc = dec.src(args[1], 32), dec.src(args[2], 32), dec.src(args[3], 32)
    ins = Inst(st, CONTROL, lambda cta, th: cta.warp_arrive(th, ins))
    ins.members = dec.src(args[4], 32)

    def collective(cta, lanes):
        by_lane = {th.lane: th for th in lanes}
        vals = {th.lane: ga(th) for th in lanes}
        res = []
        for th in lanes:
            lane, bval, cv = th.lane, gb(th) & 31, gc(th)
            cval, seg = cv & 31, (cv >> 8) & 31
            max_lane = (lane & seg) | (cval & ~seg & 31)
            min_lane = lane & seg
            if mode == "up":
                j = lane - bval
                ok = j >= max_lane
            elif mode == "down":
                j = lane + bval
                ok = j <= max_lane
            elif mode == "bfly":
                j = lane ^ bval
                ok = j <= max_lane
            else:
                j = min_lane | (bval & ~seg & 31)
                ok = j <= max_lane
            if not ok:
                j = lane
            if j not in by_lane:
                raise EmuError(f"{ins.where()}: lane {lane} reads lane {j}, which is not in the member mask")
            res.append((th, vals[j], int(ok)))
        for th, v, ok in res:
            th.regs[d] = v
            if p:
                th.regs[p] = ok
    ins.collective = collective
    return ins


def h_div(dec, st, parts, args):
    """div / rem on integers (division by zero is an error)."""
    op = parts[0]
    qualifiers(parts[1:-1], ())
    k, bits = type_bits(parts[-1])
    if k not in ("s", "u"):
        raise EmuError(f"type .{parts[-1]} of {op} is not modelled")
    d = dec.dst(args[0])
    a, b = dec.src(args[1], bits, k == "s"), dec.src(args[2], bits, k == "s")
    mask = (1 << bits) - 1
    ins = None

    def run(th):
        x, y = a(th), b(th)
        if y == 0:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: division by zero")
        q = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
        th.regs[d] = (q if op == "div" else x - q * y) & mask
    ins = simple(st, run)
    return ins


def h_mapa(dec, st, parts, args):
    """mapa.shared::cluster.{u32,u64} d, a, rank: the shared::cluster address of a's
    CTA-relative offset in CTA `rank` (here: bits 24.. hold 1 + the rank)."""
    if len(parts) != 3 or parts[1] != "shared::cluster" or parts[2] not in ("u32", "u64"):
        raise EmuError("only mapa.shared::cluster.{u32,u64} is modelled")
    d, a, r = dec.dst(args[0]), dec.src(args[1], 64), dec.src(args[2], 32)
    ins = None

    def run(th):
        rank = r(th)
        if rank >= th.cta.cluster_nctarank:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: rank {rank} in a cluster of {th.cta.cluster_nctarank}")
        th.regs[d] = ((rank + 1) << 24) | (a(th) & 0xFFFFFF)
    ins = simple(st, run)
    return ins


def h_fence(dec, st, parts, args):
    """fence.proxy.async{.shared::cta} (recorded for the TMA store's proxy check) and
    fence.mbarrier_init.release.cluster (the cluster barrier that follows orders it here)."""
    q = parts[1:]
    if q in (["proxy", "async", "shared::cta"], ["proxy", "async"]):
        def run(th):
            th.cta.proxy_fence[th.gid] = th.vc[th.gid]
        return simple(st, run)
    if q == ["mbarrier_init", "release", "cluster"]:
        return simple(st, lambda th: None)
    raise EmuError(f"{st.op} is not modelled")


def _space_addr(dec, space_parts, a):
    """An mbarrier / TMA address operand and whether it is a shared::cluster one."""
    if "shared::cluster" in space_parts:
        return dec.addr(a), True
    if "shared" in space_parts or "shared::cta" in space_parts:
        return dec.addr(a), False
    raise EmuError("only .shared, .shared::cta and .shared::cluster addresses are modelled")


def h_mbarrier(dec, st, parts, args):
    q = parts[1:]
    if q[-1] != "b64":
        raise EmuError("mbarrier needs .b64")
    sub = q[0]
    rest = q[1:-1]
    sems = {"release", "acquire", "relaxed", "cta", "cluster"}
    spaces = [x for x in rest if x.startswith("shared")]
    if sub == "init":
        qualifiers(rest, ("shared", "shared::cta"))
        addr, _ = _space_addr(dec, spaces, args[0])
        count = dec.src(args[1], 32)
        ins = None

        def init(th):
            cta, a = th.cta, addr(th)
            if a % 8:
                raise EmuError(f"{cta.who(th)}: {ins.where()}: mbarrier at {a:#x} is not 8-byte aligned")
            off = cta.sh_offset(th, a, 8, ins)
            n = count(th)
            if not 1 <= n < 1 << 20:
                raise EmuError(f"{cta.who(th)}: {ins.where()}: mbarrier count {n}")
            cta.sh_write(th, off, bytes(8), ins)
            cta.mbars[off] = MBarrier(n, cta.cluster.nclk)
        ins = simple(st, init)
        return ins
    if sub == "arrive":
        expect = "expect_tx" in rest
        qualifiers([x for x in rest if x not in sems and x != "expect_tx"], ("shared", "shared::cta", "shared::cluster"))
        addr, cluster = _space_addr(dec, spaces, args[1])
        dst = None if args[0].strip() == "_" else dec.dst(args[0])
        if cluster and dst is not None:
            raise EmuError("a remote arrive has no state result (`_`)")
        if expect:
            tx, count = dec.src(args[2], 32), (lambda th: 1)
        else:
            tx, count = (lambda th: 0), (dec.src(args[2], 32) if len(args) > 2 else (lambda th: 1))
        ins = None

        def arrive(th):
            a = addr(th)
            if cluster:
                cta, off = th.cta.sh_local(th, a, 8, ins)
            else:
                cta, off = th.cta, th.cta.sh_offset(th, a, 8, ins)
            state = cta.cluster.mb_arrive(th, cta, off, count(th), tx(th), ins)
            if dst is not None:
                th.regs[dst] = state
        ins = simple(st, arrive)
        return ins
    if sub == "try_wait":
        if "parity" not in rest:
            raise EmuError("only mbarrier.try_wait.parity is modelled")
        qualifiers([x for x in rest if x not in sems and x != "parity"], ("shared", "shared::cta"))
        p = dec.dst(args[0])
        addr, _ = _space_addr(dec, spaces, args[1])
        parity = dec.src(args[2], 32)
        if len(args) == 4:
            dec.src(args[3], 32)  # the suspend-time hint
        ins = None

        def wait(cta, th):
            off = cta.sh_offset(th, addr(th), 8, ins)
            cta.cluster.mb_try_wait(th, cta, off, parity(th) & 1, p, ins)
        ins = Inst(st, CONTROL, wait)
        return ins
    raise EmuError(f"mbarrier.{sub} is not modelled")


def h_bulk(dec, st, parts, args):
    """cp.async.bulk.tensor.2d loads (shared::cluster <- global, mbarrier complete_tx,
    optionally multicast) and stores (global <- shared::cta, bulk groups), commit_group,
    wait_group{.read} N."""
    q = parts[3:]
    if q == ["commit_group"]:
        def commit(th):
            th.bulk_groups.append(th.bulk_uncommitted)
            th.bulk_uncommitted = []
        return simple(st, commit)
    if q[:1] == ["wait_group"]:
        qualifiers(q[1:], ("read",))
        n = parse_imm(args[0])
        ins = None
        ins = simple(st, lambda th: th.cta.bulk_wait(th, n, ins))
        return ins
    if q[:1] != ["tensor"] or len(q) < 2 or not re.fullmatch(r"[1-5]d", q[1]):
        raise EmuError(f"{st.op} is not modelled")
    dims = int(q[1][0])
    rest = q[2:]
    mm = re.fullmatch(r"\[\s*([^,\]]+?)\s*,\s*\{([^}]*)\}\s*\]", args[1] if rest[:2] == ["shared::cluster", "global"] else args[0])
    if not mm:
        raise EmuError("tensor operand [map, {coordinates}]")
    tmap = dec.src(mm.group(1), 64)
    coords = [dec.src(c, 32, True) for c in mm.group(2).split(",")]
    if len(coords) != dims:
        raise EmuError("coordinate count")
    if rest[:2] == ["shared::cluster", "global"]:
        extra = rest[2:]
        multicast = "multicast::cluster" in extra
        qualifiers([x for x in extra if x != "multicast::cluster"], ("tile", "mbarrier::complete_tx::bytes"))
        if "mbarrier::complete_tx::bytes" not in extra:
            raise EmuError("a TMA load needs .mbarrier::complete_tx::bytes")
        dst, mbar = dec.addr(args[0]), dec.addr(args[2])
        mask = dec.src(args[3], 16) if multicast else None
        if len(args) != (4 if multicast else 3):
            raise EmuError("operand count (cache hints are not modelled)")
        ins = None

        def load(th):
            th.cta.cluster.tma_load(th, dst(th), tmap(th), [c(th) for c in coords], mbar(th), mask(th) if mask else None, ins)
        ins = simple(st, load)
        return ins
    if rest[:2] in (["global", "shared::cta"], ["global", "shared"]):
        qualifiers(rest[2:], ("tile", "bulk_group"))
        if "bulk_group" not in rest:
            raise EmuError("a TMA store needs .bulk_group")
        src = dec.addr(args[1])
        ins = None

        def store(th):
            m = decode_tensor_map(th.cta, th, tmap(th), ins)
            if m["rank"] != dims or dims != 2:
                raise EmuError(f"{ins.where()}: only 2-d TMA with a rank-2 map is modelled")
            th.bulk_uncommitted.append((m, [c(th) for c in coords], src(th), ins))
        ins = simple(st, store)
        return ins
    raise EmuError(f"{st.op} is not modelled")


def h_barrier_cluster(dec, st, parts, args):
    q = parts[2:]
    qualifiers([x for x in q[1:]], ("aligned", "release", "acquire", "relaxed"))
    if q[:1] == ["arrive"]:
        ins = None
        ins = simple(st, lambda th: th.cta.cluster.cb_arrive(th, ins))
        return ins
    if q[:1] == ["wait"]:
        ins = Inst(st, CONTROL, lambda cta, th: cta.cluster.cb_wait(th, ins))
        return ins
    raise EmuError(f"{st.op} is not modelled")


def h_wgmma(dec, st, parts, args):
    q = parts[1:]
    sub = q[0]
    if sub in ("fence", "commit_group", "wait_group"):
        qualifiers(q[1:], ("sync", "aligned"))
        if sub == "fence":
            return simple(st, lambda th: None)
        if sub == "commit_group":
            def commit(th):
                th.wg_groups.append(th.wg_seq)
                th.wg_seq += 1
            return simple(st, commit)
        n = parse_imm(args[0])
        if n is None or not 0 <= n <= 7:
            raise EmuError("wait_group needs an immediate 0..7")
        ins = None
        ins = simple(st, lambda th: th.cta.wg_wait(th, n, ins))
        return ins
    if sub != "mma_async":
        raise EmuError(f"wgmma.{sub} is not modelled")
    m = re.fullmatch(r"m64n(\d+)k16", q[3]) if len(q) == 7 else None
    if q[1:3] != ["sync", "aligned"] or not m or q[4] != "f32" or q[5] != q[6] or q[5] not in ("f16", "bf16"):
        raise EmuError("only wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16}.{f16,bf16} is modelled")
    n = int(m.group(1))
    table = half_table(q[5])
    dnames = [dec.dst(x) for x in dec.vector(args[0])]
    if len(dnames) != n // 2 or len(args) != 8:
        raise EmuError("operands: {d...}, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b")
    ga, gb, sd = dec.src(args[1], 64), dec.src(args[2], 64), dec.src(args[3], 1)
    ia, ib, ta, tb = (parse_imm(x) for x in args[4:8])
    if ia not in (1, -1) or ib not in (1, -1) or ta not in (0, 1) or tb not in (0, 1):
        raise EmuError("imm-scale / imm-trans operands")
    if ta or tb:
        raise EmuError("transposed (MN-major) wgmma operands are not modelled")
    sa, sb = float(ia), float(ib)
    ins = Inst(st, CONTROL, lambda cta, th: cta.group_arrive(th, ins, 128))
    fsum, mul = math.fsum, float.__mul__

    def collective(cta, lanes):
        lead = lanes[0]
        da, db, scale = ga(lead), gb(lead), sd(lead)
        for th in lanes:
            if ga(th) != da or gb(th) != db or sd(th) != scale:
                raise EmuError(f"{cta.who(th)}: {ins.where()}: the descriptors or scale-d differ across the warpgroup")
        A, ra = cta.wg_operand(lead, da, 64, ins, table)
        B, rb = cta.wg_operand(lead, db, n, ins, table)
        if sa != 1.0:
            A = [[sa * x for x in r] for r in A]
        if sb != 1.0:
            B = [[sb * x for x in r] for r in B]
        C = [[0.0] * n for _ in range(64)]
        where = []
        for l, th in enumerate(lanes):
            w, ln = l >> 5, l & 31
            r0, c0 = 16 * w + (ln >> 2), 2 * (ln & 3)
            pend, regs = th.wg_pending, th.regs
            cells = [(r0 + 8 * ((i >> 1) & 1), 8 * (i >> 2) + c0 + (i & 1)) for i in range(n // 2)]
            where.append(cells)
            if scale:
                for nm, (r, c) in zip(dnames, cells):
                    C[r][c] = f32_from_bits(pend[nm][0] if nm in pend else regs[nm])
        D = []
        for r in range(64):
            Ar, Cr = A[r], C[r]
            out = []
            for c in range(n):
                try:
                    out.append(fsum((*map(mul, Ar, B[c]), Cr[c])))
                except (ValueError, OverflowError):
                    out.append(sum(map(mul, Ar, B[c])) + Cr[c])
            D.append(out)
        for th, cells in zip(lanes, where):
            pend, regs, seq = th.wg_pending, th.regs, th.wg_seq
            for nm, (r, c) in zip(dnames, cells):
                pend[nm] = (f32_bits(D[r][c]), seq)
                regs.pop(nm, None)
        lead.wg_reads.append((lead.wg_seq, ins, ra + rb))
        cta.stats["wgmma"] += 1
    ins.collective = collective
    return ins


def h_stmatrix(dec, st, parts, args):
    """stmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16: the inverse of ldmatrix (lanes
    8j..8j+7 address the rows of matrix j; lane l holds row l>>2, columns 2(l%4), 2(l%4)+1 of
    it, or with .trans rows 2(l%4), 2(l%4)+1 of column l>>2); each 16-byte row is stored on
    behalf of the lane that supplied its address."""
    q = parts[1:]
    x = next((int(p[1]) for p in q if p in ("x1", "x2", "x4")), None)
    trans = "trans" in q
    qualifiers([p for p in q if p not in ("x1", "x2", "x4", "trans")], ("sync", "aligned", "m8n8", "shared", "shared::cta", "b16"))
    if not {"sync", "aligned", "m8n8", "b16"} <= set(q) or x is None or not ({"shared", "shared::cta"} & set(q)):
        raise EmuError("only stmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16 is modelled")
    addr = dec.addr(args[0])
    srcs = [dec.src(nm, 32) for nm in dec.vector(args[1])]
    if len(srcs) != x:
        raise EmuError("vector arity")
    ins = Inst(st, CONTROL, lambda cta, th: cta.warp_arrive(th, ins))
    ins.members = _full

    def collective(cta, lanes):
        for j in range(x):
            m = [bytearray(16) for _ in range(8)]
            for l, th in enumerate(lanes):
                v = srcs[j](th)
                if trans:
                    r, c = 2 * (l & 3), 2 * (l >> 2)
                    m[r][c:c + 2] = (v & 0xFFFF).to_bytes(2, "little")
                    m[r + 1][c:c + 2] = (v >> 16).to_bytes(2, "little")
                else:
                    r, c = l >> 2, 4 * (l & 3)
                    m[r][c:c + 4] = v.to_bytes(4, "little")
            for i in range(8):
                th = lanes[8 * j + i]
                a = addr(th)
                if a % 16:
                    raise EmuError(f"{ins.where()}: lane {8 * j + i} row address {a:#x} is not 16-byte aligned")
                cta.store("shared", th, a, bytes(m[i]), ins)
        cta.stats["stmatrix"] += 1
    ins.collective = collective
    return ins


# -- sm_100a: tensor memory and tcgen05 ------------------------------------------------------

TMEM_LANES, TMEM_COLS = 128, 512
UMMA_LAYOUT = {0: (0, 16, "none"), 2: (3, 128, "128B"), 4: (2, 64, "64B"), 6: (1, 32, "32B")}


def umma_smem_desc(desc, where):
    """The fields of a tcgen05 shared memory descriptor (PTX ISA, tcgen05 "Shared Memory
    Descriptor"): start address bits 0-13, leading byte offset 16-29, stride byte offset 32-45
    (each >> 4), the fixed 0b001 at 46-48, base offset 49-51, LBO mode 52, zero 53-60, layout /
    swizzle type 61-63 (0 none, 1 128B with 32B atoms, 2 128B, 4 64B, 6 32B)."""
    if (desc >> 46) & 7 != 1:
        raise EmuError(f"{where}: descriptor {desc:#018x}: bits 46-48 are {(desc >> 46) & 7:#05b}, not the fixed 0b001")
    if (desc >> 14) & 3 or (desc >> 30) & 3 or (desc >> 53) & 0xFF:
        raise EmuError(f"{where}: descriptor {desc:#018x}: reserved bits set")
    if (desc >> 49) & 7:
        raise EmuError(f"{where}: descriptor {desc:#018x}: matrix base offset {(desc >> 49) & 7} is not modelled")
    if (desc >> 52) & 1:
        raise EmuError(f"{where}: descriptor {desc:#018x}: the absolute LBO mode is not modelled")
    lt = desc >> 61
    if lt not in UMMA_LAYOUT:
        raise EmuError(f"{where}: descriptor {desc:#018x}: layout type {lt} " + ("(128B with 32B atoms) is not modelled" if lt == 1 else "is invalid"))
    tmode, width, name = UMMA_LAYOUT[lt]
    return {"start": (desc & 0x3FFF) << 4, "lbo": ((desc >> 16) & 0x3FFF) << 4, "sbo": ((desc >> 32) & 0x3FFF) << 4,
            "tmode": tmode, "width": width, "name": name}


def umma_instr_desc(idesc, where):
    """The fields of a kind::f16 instruction descriptor (PTX ISA, tcgen05 "Instruction
    descriptor"): sparsity 0-2, saturate 3, D type 4-5 (1 = F32), A type 7-9 and B type 10-12
    (0 = F16, 1 = BF16), negate A 13 / B 14, transpose A 15 / B 16, N >> 3 at 17-22, M >> 4 at
    24-28, max shift 30-31 (.ws only)."""
    if idesc & 0xF:
        raise EmuError(f"{where}: instruction descriptor {idesc:#010x}: sparsity / saturate bits are not modelled")
    if (idesc >> 4) & 3 != 1:
        raise EmuError(f"{where}: instruction descriptor {idesc:#010x}: D type {(idesc >> 4) & 3} (only F32 = 1 is modelled)")
    if (idesc >> 6) & 1 or (idesc >> 23) & 1 or (idesc >> 29) & 1 or idesc >> 30:
        raise EmuError(f"{where}: instruction descriptor {idesc:#010x}: reserved / max-shift bits set")
    at, bt = (idesc >> 7) & 7, (idesc >> 10) & 7
    if at > 1 or bt > 1:
        raise EmuError(f"{where}: instruction descriptor {idesc:#010x}: A type {at}, B type {bt} (kind::f16: 0 F16, 1 BF16)")
    if (idesc >> 15) & 3:
        raise EmuError(f"{where}: instruction descriptor {idesc:#010x}: transposed (MN-major) operands are not modelled")
    n, m = ((idesc >> 17) & 0x3F) << 3, ((idesc >> 24) & 0x1F) << 4
    if m not in (64, 128) or not 8 <= n <= 256:
        raise EmuError(f"{where}: instruction descriptor {idesc:#010x}: M = {m}, N = {n} is not a shape of "
                       f"tcgen05.mma.cta_group::1.kind::f16 (M 64 or 128, N 8..256 in steps of 8)")
    if m != 128:
        raise EmuError(f"{where}: instruction descriptor {idesc:#010x}: M = {m}: only M = 128 (row i in TMEM lane i) is modelled")
    return {"m": m, "n": n, "a": ("f16", "bf16")[at], "b": ("f16", "bf16")[bt],
            "na": -1.0 if (idesc >> 13) & 1 else 1.0, "nb": -1.0 if (idesc >> 14) & 1 else 1.0}


def umma_rows(f, rows):
    """(row, half, shared address) of the rows x 16 (2 x 16 bytes) K-major operand of a tcgen05
    descriptor: the canonical K-major layouts (PTX ISA, tcgen05 "Shared memory layout"): with a
    swizzle, row r at start + (r mod 8) * span + (r div 8) * SBO + 16 h, then the XOR of the
    address bits; without, 8 x 16-byte core matrices: start + (r mod 8) * 16 + (r div 8) * SBO
    + h * LBO."""
    out = []
    for r in range(rows):
        for h in range(2):
            if f["tmode"] == 0:
                a = f["start"] + (r % 8) * 16 + (r // 8) * f["sbo"] + h * f["lbo"]
            else:
                a = f["start"] + (r % 8) * f["width"] + (r // 8) * f["sbo"] + h * 16
            out.append((r, h, swizzle(a, f["tmode"])))
    return out


class UmmaOp:
    __slots__ = ("ins", "gid", "col", "idesc", "fa", "fb", "acc", "reads", "ia", "ib")


def tmem_check(cta, th, ins, lane, col, nlanes, ncols, what):
    if lane + nlanes > TMEM_LANES or not any(c <= col and col + ncols <= c + n for c, n in cta.tmem_alloc.items()):
        raise EmuError(f"{cta.who(th)}: {ins.where()}: {what} TMEM lanes {lane}..{lane + nlanes - 1}, columns {col}..{col + ncols - 1}, "
                       f"outside every allocation ({', '.join(f'columns {c}..{c + n - 1}' for c, n in sorted(cta.tmem_alloc.items())) or 'none'})")


def h_tcgen05(dec, st, parts, args):
    q = parts[1:]
    sub = q[0]
    if sub in ("fence::before_thread_sync", "fence::after_thread_sync"):
        qualifiers(q[1:], ())
        return simple(st, lambda th: None)  # ordering markers: the barriers give the order here
    if sub == "wait::ld":
        qualifiers(q[1:], ("sync", "aligned"))
        ins = None

        def wait_ld(th):
            for nm, v in th.tc_ld.items():
                if nm in th.regs:
                    raise EmuError(f"{th.cta.who(th)}: {ins.where()}: {nm}, a tcgen05.ld destination, was written before tcgen05.wait::ld")
                th.regs[nm] = v
            th.tc_ld = {}
        ins = simple(st, wait_ld)
        return ins
    if sub in ("alloc", "dealloc", "relinquish_alloc_permit"):
        want = {"alloc": ["cta_group::1", "sync", "aligned", "shared::cta", "b32"],
                "dealloc": ["cta_group::1", "sync", "aligned", "b32"],
                "relinquish_alloc_permit": ["cta_group::1", "sync", "aligned"]}[sub]
        if q[1:] != want:
            raise EmuError(f"only tcgen05.{sub}.{'.'.join(want)} is modelled")
        ins = Inst(st, CONTROL, lambda cta, th: cta.warp_arrive(th, ins))
        ins.members = _full
        if sub == "alloc":
            addr, ncols = dec.addr(args[0]), dec.src(args[1], 32)

            def collective(cta, lanes):
                a, n = addr(lanes[0]), ncols(lanes[0])
                if any(addr(t) != a or ncols(t) != n for t in lanes):
                    raise EmuError(f"{ins.where()}: operands differ across the warp")
                if cta.tmem_relinquished:
                    raise EmuError(f"{cta.who(lanes[0])}: {ins.where()}: tcgen05.alloc after tcgen05.relinquish_alloc_permit")
                if n < 32 or n > TMEM_COLS or n & (n - 1):
                    raise EmuError(f"{ins.where()}: {n} columns (a power of 2 in 32..512)")
                used = [(c, c + k) for c, k in cta.tmem_alloc.items()]
                order = range(TMEM_COLS - n, -1, -n) if cta.tmem_high else range(0, TMEM_COLS, n)
                col = next((c for c in order if all(c + n <= s or e <= c for s, e in used)), None)
                if col is None:
                    raise EmuError(f"{ins.where()}: {n} TMEM columns requested, not available (the hardware would block)")
                cta.tmem_alloc[col] = n
                cta.store("shared", lanes[0], a, col.to_bytes(4, "little"), ins)  # lane 0, column col
                cta.stats["tcgen05.alloc"] += 1
        elif sub == "dealloc":
            taddr, ncols = dec.src(args[0], 32), dec.src(args[1], 32)

            def collective(cta, lanes):
                t, n = taddr(lanes[0]), ncols(lanes[0])
                if any(taddr(x) != t or ncols(x) != n for x in lanes):
                    raise EmuError(f"{ins.where()}: operands differ across the warp")
                col = t & 0xFFFF
                if t >> 16 or cta.tmem_alloc.get(col) != n:
                    raise EmuError(f"{cta.who(lanes[0])}: {ins.where()}: dealloc of {t:#x}, {n} columns: not an allocation")
                if any(cta.tmem_pending[c] for c in range(col, col + n)):
                    raise EmuError(f"{cta.who(lanes[0])}: {ins.where()}: dealloc of TMEM columns a tcgen05.mma in flight writes")
                del cta.tmem_alloc[col]
        else:
            def collective(cta, lanes):
                cta.tmem_relinquished = True
        ins.collective = collective
        return ins
    if sub == "ld":
        qualifiers(q[1:], ("sync", "aligned", "32x32b", "x1", "x2", "x4", "x8", "x16", "x32", "x64", "x128", "b32"))
        num = next((int(x[1:]) for x in q if re.fullmatch(r"x\d+", x)), None)
        if not {"sync", "aligned", "32x32b", "b32"} <= set(q) or num is None:
            raise EmuError("only tcgen05.ld.sync.aligned.32x32b.xN.b32 is modelled")
        names = [dec.dst(x) for x in dec.vector(args[0])]
        if len(names) != num:
            raise EmuError("vector arity")
        taddr = dec.addr(args[1])
        ins = Inst(st, CONTROL, lambda cta, th: cta.warp_arrive(th, ins))
        ins.members = _full

        def collective(cta, lanes):
            t = taddr(lanes[0]) & 0xFFFFFFFF
            if any(taddr(x) & 0xFFFFFFFF != t for x in lanes):
                raise EmuError(f"{ins.where()}: the TMEM address differs across the warp")
            lane, col = t >> 16, t & 0xFFFF
            w = lanes[0].warp % 4
            if lane != 32 * w:
                raise EmuError(f"{cta.who(lanes[0])}: {ins.where()}: warp {lanes[0].warp} (warp {w} of its warpgroup) reads TMEM lanes "
                               f"{lane}..{lane + 31}; it may access lanes {32 * w}..{32 * w + 31} only")
            tmem_check(cta, lanes[0], ins, lane, col, 32, num, "reads")
            for c in range(col, col + num):
                if cta.tmem_pending[c]:
                    op = cta.tmem_pending_op[c]
                    cta.report(("tmem in flight", ins.index, op.ins.index), lambda: (
                        f"race (tcgen05.ld of an accumulator a tcgen05.mma in flight writes) in CTA {cta.ctaid[:2]}: warp "
                        f"{lanes[0].warp} at {ins.where()} reads TMEM column {c}, written by the tcgen05.mma of thread {op.gid} at "
                        f"{op.ins.where()}, whose tcgen05.commit has not completed"))
                wr = cta.tmem_w[c]
                if wr is not None:
                    g, clk, wins = wr
                    for th in lanes:
                        if th.gid != g and th.vc[g] <= clk:
                            cta.report(("tmem unordered", ins.index, wins.index), lambda: (
                                f"race (tcgen05.ld not ordered after the tcgen05.commit of the tcgen05.mma that wrote TMEM) in CTA "
                                f"{cta.ctaid[:2]}: thread {th.gid} at {ins.where()} reads TMEM column {c}, written by the tcgen05.mma "
                                f"of thread {g} at {wins.where()}, with no mbarrier wait on its commit between"))
                            break
            cells = cta.tmem
            for l, th in enumerate(lanes):
                base = (lane + l) * TMEM_COLS + col
                for j, nm in enumerate(names):
                    v = cells[base + j]
                    if v is None:
                        cta.stats["unwritten TMEM cells read"] += 1
                        v = 0x7FFFFFFF  # poison: NaN
                    th.tc_ld[nm] = v
                    th.regs.pop(nm, None)
            cta.stats["tcgen05.ld"] += 1
        ins.collective = collective
        return ins
    if sub == "mma":
        extra = q[3:]
        if q[1:3] != ["cta_group::1", "kind::f16"] or extra not in ([], ["collector::a::discard"]):
            raise EmuError("only tcgen05.mma.cta_group::1.kind::f16{.collector::a::discard} is modelled")
        if len(args) != 5:
            raise EmuError("operands: [d-tmem], a-desc, b-desc, idesc, enable-input-d (disable-output-lane, scale-input-d are not modelled)")
        if args[1].strip().startswith("["):
            raise EmuError("A from tensor memory is not modelled")
        dt, ga, gb, gi, en = dec.addr(args[0]), dec.src(args[1], 64), dec.src(args[2], 64), dec.src(args[3], 32), dec.src(args[4], 1)
        ins = None

        def issue(th):
            cta = th.cta
            d, where = dt(th) & 0xFFFFFFFF, f"{cta.who(th)}: {ins.where()}"
            op = UmmaOp()
            op.ins, op.gid, op.acc = ins, th.gid, en(th)
            op.idesc = f = umma_instr_desc(gi(th), where)
            op.fa, op.fb = umma_smem_desc(ga(th), where + " (A)"), umma_smem_desc(gb(th), where + " (B)")
            lane, op.col = d >> 16, d & 0xFFFF
            if lane:
                raise EmuError(f"{where}: D at TMEM lane {lane}: M = 128 needs lane 0")
            tmem_check(cta, th, ins, 0, op.col, f["m"], f["n"], "D in")
            # the operands as the issue sees them (after the thread's waits): races, unlanded bytes
            op.reads = []
            for rows, fd in ((f["m"], op.fa), (f["n"], op.fb)):
                for r, h, a in umma_rows(fd, rows):
                    op.reads.append((a, cta.sh_read(th, cta.sh_offset(th, a, 16, ins), 16, ins)))
            for c in range(op.col, op.col + f["n"]):
                cta.tmem_pending[c] += 1
                cta.tmem_pending_op[c] = op
            th.tc_mmas.append(op)
            cta.stats["tcgen05.mma"] += 1
        ins = simple(st, issue)
        return ins
    if sub == "commit":
        qualifiers(q[1:], ("cta_group::1", "mbarrier::arrive::one", "shared::cluster", "b64"))
        if "cta_group::1" not in q or "mbarrier::arrive::one" not in q or len(args) != 1:
            raise EmuError("only tcgen05.commit.cta_group::1.mbarrier::arrive::one{.shared::cluster}.b64 [mbar] is modelled")
        addr = dec.addr(args[0])
        ins = None

        def commit(th):
            cta = th.cta
            tcta, off = cta.sh_local(th, addr(th), 8, ins)
            ops, th.tc_mmas = th.tc_mmas, []
            clock = list(release(th))
            cl = cta.cluster

            def land():  # the tracked MMAs complete (in issue order), then the arrive-one
                for op in ops:
                    cta.umma_execute(op, clock)
                mb = tcta.mbars.get(off)
                if mb is None:
                    raise EmuError(f"{ins.where()}: tcgen05.commit arrives on {tcta.name_of(off)} of CTA {tcta.ctaid[:2]}, where no mbarrier is initialized")
                mb.pending -= 1
                mb.clock = list(map(max, mb.clock, clock))
                cl.mb_complete(mb, f"{ins.where()} (the arrive of thread {th.gid}'s tcgen05.commit)")
            cl.landing.append((cl.round + cl.delay, land))
            cta.stats["tcgen05.commit"] += 1
        ins = simple(st, commit)
        return ins
    raise EmuError(f"tcgen05.{sub} is not modelled")


HANDLERS = {
    "mov": h_mov, "add": h_binary, "sub": h_binary, "and": h_binary, "or": h_binary, "xor": h_binary,
    "min": h_binary, "max": h_binary, "shl": h_binary, "shr": h_binary,
    "not": h_unary, "neg": h_unary, "abs": h_unary, "mul": h_mul, "mad": h_mul, "bfe": h_bfe,
    "cvt": h_cvt, "setp": h_setp, "selp": h_selp, "bra": h_bra, "ret": h_exit, "exit": h_exit,
    "ld": h_ld, "st": h_st, "cvta": h_cvta, "cp": h_cp, "bar": h_bar, "barrier": h_bar,
    "ldmatrix": h_ldmatrix, "mma": h_mma, "shfl": h_shfl,
    "div": h_div, "rem": h_div, "mapa": h_mapa, "fence": h_fence, "mbarrier": h_mbarrier,
    "wgmma": h_wgmma, "stmatrix": h_stmatrix, "tcgen05": h_tcgen05,
}


# -- machine state ---------------------------------------------------------------------------

READY, BLOCKED, WAITING, EXITED = "ready", "blocked", "waiting", "exited"


class Thread:
    __slots__ = ("cta", "tid", "gid", "tidv", "lane", "warp", "pc", "regs", "state", "cond", "resume",
                 "vc", "uncommitted", "groups", "wg_pending", "wg_seq", "wg_groups", "wg_reads",
                 "bulk_uncommitted", "bulk_groups", "cb_phase", "tc_ld", "tc_mmas")

    def __init__(self, cta, tid, ntid, gid=None):
        self.cta, self.tid = cta, tid
        self.gid = tid if gid is None else gid  # the index of the thread's clock (cluster-wide)
        self.wg_pending, self.wg_seq, self.wg_groups, self.wg_reads = {}, 0, deque(), []
        self.bulk_uncommitted, self.bulk_groups, self.cb_phase = [], deque(), None
        self.tc_ld, self.tc_mmas = {}, []  # tcgen05.ld results before wait::ld; MMAs not committed
        self.tidv = (tid % ntid[0], tid // ntid[0] % ntid[1], tid // (ntid[0] * ntid[1]))
        self.lane, self.warp = tid % 32, tid // 32
        self.pc, self.regs, self.state = 0, {}, READY
        self.cond = self.resume = None
        self.vc = None  # vector clock (set by the CTA)
        self.uncommitted, self.groups = [], deque()

    def commit(self):
        self.groups.append(self.uncommitted)
        self.uncommitted = []

    def wait_until(self, cond, resume):
        """Block until `cond()` holds (polled by the scheduler), then run `resume()`, which
        advances the PC (the hook for mbarrier waits)."""
        self.state, self.cond, self.resume = WAITING, cond, resume


class Warp:
    __slots__ = ("pc", "ins", "mask", "arrived")

    def __init__(self):
        self.pc = self.ins = self.mask = None
        self.arrived = []


class Global:
    """Global memory: the buffers of a launch at distinct bases, with the bytes each store wrote."""

    def __init__(self):
        self.bufs = []  # [name, base, data, writable, writes]
        self.next = 0x7A0000000000

    def alloc(self, name, data, writable):
        base = self.next
        self.next += (len(data) + 0xFFFFF) // 0x10000 * 0x10000 + 0x100000
        buf = [name, base, bytearray(data), writable, bytearray(len(data))]
        self.bufs.append(buf)
        return buf

    def find(self, a, n):
        for buf in self.bufs:
            if buf[1] <= a and a + n <= buf[1] + len(buf[2]):
                return buf
        return None

    def where(self, a):
        near = min(self.bufs, key=lambda b: min(abs(a - b[1]), abs(a - b[1] - len(b[2]))))
        return f"{a:#x} ({near[0]} + {a - near[1]}, {near[0]} has {len(near[2])} bytes)"


class Cta:
    def __init__(self, code, layout, ctaid, nctaid, ntid, params, gmem, stats, cluster=(1, 1, 1)):
        self.code, self.ctaid, self.nctaid, self.ntid = code, ctaid, nctaid, ntid
        self.params, self.gmem, self.stats = params, gmem, stats
        n = ntid[0] * ntid[1] * ntid[2]
        self.n = n
        # cluster coordinates (the cluster's CTAs are consecutive in x, then y, then z)
        self.cluster_nctaid = cluster
        self.cluster_ctaid = tuple(c % d for c, d in zip(ctaid, cluster))
        self.clusterid = tuple(c // d for c, d in zip(ctaid, cluster))
        self.nclusterid = tuple(c // d for c, d in zip(nctaid, cluster))
        cx, cy, cz = self.cluster_ctaid
        self.cluster_ctarank = cx + cluster[0] * (cy + cluster[1] * cz)
        self.cluster_nctarank = cluster[0] * cluster[1] * cluster[2]
        self.is_explicit_cluster = int(self.cluster_nctarank > 1)
        self.cluster = None  # the Cluster that runs this CTA
        self.mbars = {}  # shared offset -> MBarrier
        g0 = self.cluster_ctarank * n
        self.threads = [Thread(self, t, ntid, g0 + t) for t in range(n)]
        for th in self.threads:
            th.vc = [0] * n
        self.warps = [Warp() for _ in range((n + 31) // 32)]
        self.live = n
        self.steps = 0
        self.bars = {}  # barrier id -> (expected, [threads])
        # shared memory: [base, end) of the window, arrays [(name, start, end)], poison 0xFF
        self.sh_arrays, self.sh_base, size = layout
        self.smem = bytearray(b"\xff" * size)
        self.w_thr = [-1] * size  # last writer thread of each byte, its clock, its instruction
        self.w_clk = [0] * size
        self.w_ins = [None] * size
        self.reads = [None] * size  # {reader: (clock, instruction)} since the last write
        self.flight = [None] * size  # (thread, instruction) of a cp.async in flight to the byte
        self.races, self.race_keys = [], set()
        self.wgroups = {}  # warpgroup -> [pc, instruction, threads arrived]
        self.proxy_fence = {}  # thread -> its clock at its last fence.proxy.async
        # tensor memory: 128 lanes x 512 columns of 32-bit cells (None: never written, NaN),
        # the allocations {column: columns}, per column the MMAs in flight writing it and the
        # (thread, clock at its commit, instruction) of the last MMA that wrote it
        self.tmem = [None] * (TMEM_LANES * TMEM_COLS)
        self.tmem_alloc, self.tmem_relinquished = {}, False
        self.tmem_high = False  # tcgen05.alloc takes the highest free columns (else the lowest)
        self.tmem_pending, self.tmem_pending_op, self.tmem_w = [0] * TMEM_COLS, [None] * TMEM_COLS, [None] * TMEM_COLS

    # -- shared memory and races ------------------------------------------------------
    def sh_offset(self, th, a, n, ins):
        for name, s, e in self.sh_arrays:
            if s <= a and a + n <= e:
                return a - self.sh_base
        where = ", ".join(f"{nm} [{s:#x}, {e:#x})" for nm, s, e in self.sh_arrays)
        raise EmuError(f"{self.who(th)}: {ins.where()}: {n} bytes at shared address {a:#x} lie outside every .shared array ({where})")

    def name_of(self, off):
        a = off + self.sh_base
        for name, s, e in self.sh_arrays:
            if s <= a < e:
                return f"{name}+{a - s}"
        return f"{a:#x}"

    def report(self, key, message):
        """Count a racy byte; keep the message of the first byte of each kind and pair of
        instructions."""
        self.stats["races"] += 1
        if key not in self.race_keys and len(self.races) < 8:
            self.race_keys.add(key)
            self.races.append(message())

    def race(self, kind, off, th, ins, other, oins):
        self.report((kind, ins.index, oins.index if oins else None), lambda:
                    f"race ({kind}) in CTA {self.ctaid[:2]}: thread {th.gid} at {ins.where()} "
                              f"touches shared byte {self.name_of(off)}, last {'read' if kind == 'write after read' else 'written'} by thread {other} at "
                    f"{oins.where() if oins else '?'}, with no barrier between")

    def sh_read(self, th, off, n, ins):
        t, vc = th.gid, th.vc
        clk = vc[t]
        w_thr, w_clk, reads, flight = self.w_thr, self.w_clk, self.reads, self.flight
        for b in range(off, off + n):
            f = flight[b]
            if f is not None:
                self.report(("in flight", ins.index, f[1].index), lambda: (
                    f"race (read of a {f[2] if len(f) > 2 else 'cp.async'} destination in flight) in CTA {self.ctaid[:2]}: thread {th.gid} at "
                    f"{ins.where()} reads shared byte {self.name_of(b)} while the {f[2] if len(f) > 2 else 'cp.async'} of thread {f[0]} at "
                    f"{f[1].where()} into it is in flight ({f[3] if len(f) > 3 else 'no cp.async.wait_group completed it'})"))
            w = w_thr[b]
            if w < 0:
                self.stats["unwritten shared bytes read"] += 1
            elif w != t and vc[w] <= w_clk[b]:
                self.race("read after write", b, th, ins, w, self.w_ins[b])
            r = reads[b]
            if r is None:
                reads[b] = {t: (clk, ins)}
            else:
                r[t] = (clk, ins)
        return bytes(self.smem[off:off + n])

    def sh_check_write(self, th, off, n, ins, record, from_async=False):
        t, vc = th.gid, th.vc
        w_thr, w_clk, reads, flight = self.w_thr, self.w_clk, self.reads, self.flight
        clk = vc[t]
        for b in range(off, off + n):
            f = flight[b]
            if f is not None and not (from_async and record and f[0] == t):
                self.report(("write in flight", ins.index, f[1].index), lambda: (
                    f"race (write over a cp.async destination in flight) in CTA {self.ctaid[:2]}: thread {th.gid} "
                    f"at {ins.where()} writes shared byte {self.name_of(b)} while the cp.async of thread {f[0]} at "
                    f"{f[1].where()} into it is in flight"))
            w = w_thr[b]
            if w >= 0 and w != t and vc[w] <= w_clk[b]:
                self.race("write after write", b, th, ins, w, self.w_ins[b])
            r = reads[b]
            if r:
                for rt, (rc, rins) in r.items():
                    if rt != t and vc[rt] <= rc:
                        self.race("write after read", b, th, ins, rt, rins)
                        break
            if record:
                reads[b] = None
                w_thr[b], w_clk[b], self.w_ins[b] = t, clk, ins

    def sh_write(self, th, off, data, ins, from_async=False):
        self.sh_check_write(th, off, len(data), ins, True, from_async)
        self.smem[off:off + len(data)] = data

    # -- memory access by space ----------------------------------------------------------
    def who(self, th):
        return f"CTA {self.ctaid[:2]} thread {th.tid}"

    def sh_local(self, th, a, n, ins, what="access"):
        """(CTA, shared offset) of a .shared::cluster address: a .shared::cta address is one of
        the executing CTA; mapa sets bits 24.. to 1 + the rank of the CTA it names."""
        r = a >> 24
        cta = self
        if r:
            ranks = self.cluster.ctas
            if r - 1 >= len(ranks):
                raise EmuError(f"{self.who(th)}: {ins.where()}: shared::cluster address {a:#x} names CTA rank {r - 1} of a cluster of {len(ranks)}")
            cta = ranks[r - 1]
        return cta, cta.sh_offset(th, a & 0xFFFFFF, n, ins)

    def resolve(self, space, a):
        if space == "generic":
            if SHARED_GENERIC <= a < SHARED_GENERIC + (1 << 32):
                return "shared", a - SHARED_GENERIC
            return "global", a
        return space, a

    def load(self, space, th, a, n, ins):
        space, a = self.resolve(space, a)
        if a % n:
            raise EmuError(f"{self.who(th)}: {ins.where()}: misaligned {n}-byte load at {a:#x}")
        if space == "shared":
            return self.sh_read(th, self.sh_offset(th, a, n, ins), n, ins)
        buf = self.gmem.find(a, n)
        if buf is None:
            raise EmuError(f"{self.who(th)}: {ins.where()}: {n}-byte load at {self.gmem.where(a)} outside every allocation")
        o = a - buf[1]
        return bytes(buf[2][o:o + n])

    def store(self, space, th, a, data, ins):
        n = len(data)
        space, a = self.resolve(space, a)
        if a % n:
            raise EmuError(f"{self.who(th)}: {ins.where()}: misaligned {n}-byte store at {a:#x}")
        if space == "shared":
            self.sh_write(th, self.sh_offset(th, a, n, ins), data, ins)
            return
        buf = self.gmem.find(a, n)
        if buf is None:
            raise EmuError(f"{self.who(th)}: {ins.where()}: {n}-byte store at {self.gmem.where(a)} outside every allocation")
        if not buf[3]:
            raise EmuError(f"{self.who(th)}: {ins.where()}: store into the read-only buffer {buf[0]} at {self.gmem.where(a)}")
        o = a - buf[1]
        buf[2][o:o + n] = data
        w = buf[4]
        for i in range(o, o + n):
            w[i] = min(w[i] + 1, 255)

    # -- cp.async ----------------------------------------------------------------------
    def cp_async(self, th, dst, src, size, src_size, ins):
        if dst % size or src % size:
            raise EmuError(f"{self.who(th)}: {ins.where()}: cp.async of {size} bytes from {src:#x} to shared {dst:#x}: not {size}-byte aligned")
        if not 0 <= src_size <= size:
            raise EmuError(f"{self.who(th)}: {ins.where()}: src-size {src_size} of a {size}-byte cp.async")
        off = self.sh_offset(th, dst, size, ins)
        # The copy may land at any time until its group completes: accesses of other threads
        # not ordered before the issue race with it; it is in flight from now on.
        self.sh_check_write(th, off, size, ins, False)
        for b in range(off, off + size):
            self.flight[b] = (th.gid, ins)
        th.uncommitted.append((off, src, size, src_size, ins))
        self.stats["cp.async"] += 1
        if src_size < size and self.gmem.find(src, size) is None:
            self.stats["cp.async sources past a buffer"] += 1  # legal: only src-size bytes are read

    def wait_groups(self, th, n):
        while len(th.groups) > n:
            for off, src, size, src_size, ins in th.groups.popleft():
                data = b""
                if src_size:
                    buf = self.gmem.find(src, src_size)
                    if buf is None:
                        raise EmuError(f"{self.who(th)}: {ins.where()}: cp.async reads {src_size} bytes at {self.gmem.where(src)} outside every allocation")
                    o = src - buf[1]
                    data = bytes(buf[2][o:o + src_size])
                for b in range(off, off + size):
                    if self.flight[b] is not None and self.flight[b][0] == th.gid:
                        self.flight[b] = None
                self.sh_write(th, off, data + bytes(size - src_size), ins, from_async=True)

    # -- synchronization -----------------------------------------------------------------
    def join(self, ths):
        """Order everything each of `ths` did before with everything each does after."""
        for th in ths:
            th.vc[th.gid] += 1
        joined = [max(col) for col in zip(*(th.vc for th in ths))]
        for th in ths:
            th.vc = list(joined)

    def bar_arrive(self, th, bid, count, ins):
        expected = self.n if count is None else count
        if count is not None and (count % 32 or count <= 0 or count > self.n):
            raise EmuError(f"{self.who(th)}: {ins.where()}: barrier count {count}")
        exp, arrived = self.bars.setdefault(bid, (expected, []))
        if exp != expected:
            raise EmuError(f"{self.who(th)}: {ins.where()}: barrier {bid} with count {expected}, others arrived with {exp}")
        arrived.append(th)
        th.state = BLOCKED
        if len(arrived) == expected:
            del self.bars[bid]
            self.join(arrived)
            for t in arrived:
                t.pc += 1
                t.state = READY
            self.stats["barriers"] += 1

    def warp_arrive(self, th, ins):
        w = self.warps[th.warp]
        mask = ins.members(th)
        if not (mask >> th.lane) & 1:
            raise EmuError(f"{self.who(th)}: {ins.where()}: lane {th.lane} is not in the member mask {mask:#x}")
        if w.pc is None:
            w.pc, w.ins, w.mask, w.arrived = th.pc, ins, mask, []
        elif w.pc != th.pc:
            raise EmuError(f"{self.who(th)}: divergence: lane {th.lane} of warp {th.warp} arrives at {ins.where()} while lanes "
                           f"{[t.lane for t in w.arrived]} wait at {w.ins.where()}")
        elif w.mask != mask:
            raise EmuError(f"{self.who(th)}: {ins.where()}: member masks {mask:#x} and {w.mask:#x} differ")
        w.arrived.append(th)
        th.state = BLOCKED
        if len(w.arrived) == bin(mask).count("1"):
            lanes = sorted(w.arrived, key=lambda t: t.lane)
            w.pc = None
            ins.collective(self, lanes)
            for t in lanes:
                t.pc += 1
                t.state = READY

    def exit(self, th):
        if th.bulk_uncommitted or th.bulk_groups:  # the hardware still completes them
            self.stats["TMA stores not waited for"] += len(th.bulk_uncommitted) + sum(len(g) for g in th.bulk_groups)
            th.bulk_groups.append(th.bulk_uncommitted)
            th.bulk_uncommitted = []
            self.bulk_wait(th, 0, None)
        if th.wg_pending:
            self.stats["threads exiting with wgmma results in flight"] += 1
        if th.tc_mmas:
            self.stats["tcgen05.mma never committed"] += len(th.tc_mmas)
        if th.tc_ld:
            self.stats["threads exiting with tcgen05.ld results not waited for"] += 1
        th.state = EXITED
        self.live -= 1

    def group_arrive(self, th, ins, size):
        """A collective of the `size` consecutive threads of th's group (a warpgroup: 128): it
        runs once all of them have arrived at this same instruction."""
        key = th.tid // size
        g = self.wgroups.get(key)
        if g is None:
            g = self.wgroups[key] = [th.pc, ins, []]
        elif g[0] != th.pc:
            raise EmuError(f"{self.who(th)}: divergence: thread {th.tid} arrives at {ins.where()} while threads "
                           f"{[t.tid for t in g[2]][:8]} of its warpgroup wait at {g[1].where()}")
        g[2].append(th)
        th.state = BLOCKED
        if len(g[2]) == size:
            del self.wgroups[key]
            lanes = sorted(g[2], key=lambda t: t.tid)
            ins.collective(self, lanes)
            for t in lanes:
                t.pc += 1
                t.state = READY

    # -- scheduling ------------------------------------------------------------------------
    def run_thread(self, th, limit):
        code, regs, n = self.code, th.regs, 0
        ins = None
        try:
            while n < limit and th.state is READY:
                ins = code[th.pc]
                n += 1
                p = ins.pred
                if p is not None and (regs[p] != 0) == ins.neg:
                    th.pc += 1
                    continue
                k = ins.kind
                if k == SIMPLE:
                    ins.fn(th)
                    th.pc += 1
                elif k == JUMP:
                    th.pc = ins.target
                else:
                    ins.fn(self, th)
        except KeyError as e:
            if e.args[0] in th.tc_ld:
                raise EmuError(f"{self.who(th)}: {ins.where()}: reads {e.args[0]}, a destination of a tcgen05.ld not yet "
                               f"waited for (no tcgen05.wait::ld since)") from None
            if e.args[0] in th.wg_pending:
                raise EmuError(f"{self.who(th)}: {ins.where()}: reads {e.args[0]}, an accumulator of a wgmma group still in "
                               f"flight (no wgmma.wait_group has retired it)") from None
            raise EmuError(f"{self.who(th)}: {ins.where()}: reads {e.args[0]} before any write of it") from None
        except IndexError:
            if th.pc >= len(code):
                raise EmuError(f"{self.who(th)}: runs past the end of the kernel") from None
            raise
        return n

    def run(self, quantum, budget):
        Cluster([self], self.stats).run(quantum, budget)

    # -- TMA stores (bulk groups) and WGMMA groups ---------------------------------------
    def bulk_wait(self, th, n, ins):
        while len(th.bulk_groups) > n:
            for op in th.bulk_groups.popleft():
                self.cluster.tma_store_run(th, op, ins)

    def wg_wait(self, th, n, ins):
        """wgmma.wait_group n: the groups but the newest n retire: their accumulators become
        visible (written while in flight is an error), and their shared-memory operands are read
        again (the asynchronous proxy may read them until the retirement)."""
        while len(th.wg_groups) > n:
            s = th.wg_groups.popleft()
            pend = th.wg_pending
            for nm in [nm for nm, (v, sq) in pend.items() if sq <= s]:
                if nm in th.regs:
                    raise EmuError(f"{self.who(th)}: {ins.where()}: {nm}, an accumulator of a wgmma group in flight, "
                                   f"was written before the group retired")
                th.regs[nm] = pend.pop(nm)[0]
            keep = []
            for sq, wins, reads in th.wg_reads:
                if sq > s:
                    keep.append((sq, wins, reads))
                    continue
                for a, data in reads:
                    now = self.sh_read(th, self.sh_offset(th, a, 16, wins), 16, wins)
                    if now != data:
                        self.report(("wgmma operand", wins.index, None), lambda: (
                            f"race (wgmma operand overwritten in flight) in CTA {self.ctaid[:2]}: the shared bytes at {a:#x} "
                            f"({self.name_of(a - self.sh_base)}) read by the wgmma of thread {th.gid} at {wins.where()} changed "
                            f"before {ins.where()} retired it"))
            th.wg_reads = keep

    def wg_operand(self, th, desc, rows, ins, table):
        """The rows x 16 K-major operand a wgmma matrix descriptor denotes (PTX ISA matrix
        descriptor: start address bits 0-13, leading byte offset 16-29, stride byte offset 32-45,
        all >> 4; base offset 49-51; swizzle 62-63: 0 none, 1 128B, 2 64B, 3 32B): rows of the
        8-row core matrices / swizzle atoms SBO apart; without swizzle the two 8-element K halves
        are LBO apart, with swizzle the 16-byte chunks of a row are consecutive before the XOR
        of the address bits. Returns the values and [(shared address, 16 bytes)] read."""
        start = (desc & 0x3FFF) << 4
        lbo = ((desc >> 16) & 0x3FFF) << 4
        sbo = ((desc >> 32) & 0x3FFF) << 4
        if (desc >> 49) & 7:
            raise EmuError(f"{ins.where()}: matrix base offset {(desc >> 49) & 7} is not modelled")
        mode = desc >> 62
        tmode, width = {0: (0, 16), 1: (3, 128), 2: (2, 64), 3: (1, 32)}[mode]
        vals, reads = [], []
        for r in range(rows):
            row = []
            for h in range(2):
                if mode == 0:
                    a = start + (r % 8) * 16 + (r // 8) * sbo + h * lbo
                else:
                    a = start + (r % 8) * width + (r // 8) * sbo + h * 16
                a = swizzle(a, tmode)
                data = self.sh_read(th, self.sh_offset(th, a, 16, ins), 16, ins)
                reads.append((a, data))
                row += [table[x] for x in struct.unpack("<8H", data)]
            vals.append(row)
        return vals, reads

    def umma_execute(self, op, clock):
        """A tcgen05.mma completing (at its commit): the operands read again (bytes that changed
        since the issue, or a TMA load in flight to them, are a race: the asynchronous proxy may
        read them until the completion), D[i][j] (TMEM lane i, column col + j) = sum_k A[i][k]
        B[j][k] (+ D when enable-input-d), exactly rounded (math.fsum) to f32."""
        f, ins = op.idesc, op.ins
        vals = []
        for a, data in op.reads:
            off = a - self.sh_base
            fl = self.flight[off]
            now = bytes(self.smem[off:off + 16])
            if now != data or fl is not None:
                self.report(("umma operand", ins.index, None), lambda: (
                    f"race (tcgen05.mma operand overwritten in flight) in CTA {self.ctaid[:2]}: the shared bytes at {a:#x} "
                    f"({self.name_of(off)}) read by the tcgen05.mma of thread {op.gid} at {ins.where()} "
                    f"{'are the destination of a TMA load in flight' if fl is not None else 'changed'} before the tcgen05.commit that tracks it completed"))
            vals.append(now)
        ta, tb = half_table(f["a"]), half_table(f["b"])
        m, n = f["m"], f["n"]
        A = [[ta[x] * f["na"] for x in struct.unpack("<8H", vals[2 * r]) + struct.unpack("<8H", vals[2 * r + 1])] for r in range(m)]
        B = [[tb[x] * f["nb"] for x in struct.unpack("<8H", vals[2 * (m + r)]) + struct.unpack("<8H", vals[2 * (m + r) + 1])] for r in range(n)]
        cells, col, fsum, mul = self.tmem, op.col, math.fsum, float.__mul__
        for i in range(m):
            Ar, base = A[i], i * TMEM_COLS + col
            for j in range(n):
                old = cells[base + j]
                c = (f32_from_bits(0x7FFFFFFF if old is None else old),) if op.acc else ()
                try:
                    v = fsum((*map(mul, Ar, B[j]), *c))
                except (ValueError, OverflowError):
                    v = sum(map(mul, Ar, B[j])) + (c[0] if c else 0.0)
                cells[base + j] = f32_bits(v)
        if op.acc:
            self.stats["tcgen05.mma accumulating"] += 1
        for c in range(col, col + n):
            self.tmem_pending[c] -= 1
            self.tmem_w[c] = (op.gid, clock[op.gid], ins)

    def states(self):
        groups = {}
        for th in self.threads:
            key = (th.state, th.pc)
            groups.setdefault(key, []).append(th.tid)
        lines = []
        for (state, pc), tids in sorted(groups.items(), key=lambda kv: kv[1][0]):
            at = self.code[pc].where() if state != EXITED and pc < len(self.code) else ""
            span = f"{tids[0]}-{tids[-1]}" if tids == list(range(tids[0], tids[-1] + 1)) and len(tids) > 1 else ",".join(map(str, tids))
            lines.append(f"  threads {span}: {state} {at}")
        return "\n".join(lines)


class MBarrier:
    """An mbarrier object: the expected arrival count, the arrivals still pending and the
    transaction count of the current phase, the phase number, the clock its arrivals and
    complete_tx released into, and the clock of the last completed phase of each parity."""
    __slots__ = ("count", "pending", "tx", "phase", "clock", "done")

    def __init__(self, count, nclk):
        self.count = self.pending = count
        self.tx, self.phase = 0, 0
        self.clock = [0] * nclk
        self.done = [[0] * nclk, [0] * nclk]


class Agent:
    """An asynchronous copy as the race detector sees it when it lands: the issuing thread's
    identity and its vector clock at the issue."""
    __slots__ = ("gid", "tid", "vc")

    def __init__(self, th):
        self.gid, self.tid, self.vc = th.gid, th.tid, list(th.vc)


def release(th):
    """th's clock, advanced: what a release (an arrive) publishes."""
    th.vc[th.gid] += 1
    return th.vc


def acquire(th, clock):
    th.vc = list(map(max, th.vc, clock))


# CUtensorMapDataType -> element bytes
TMAP_ELEM = {0: 1, 1: 2, 2: 4, 3: 4, 4: 8, 5: 8, 6: 2, 7: 4, 8: 8, 9: 2, 10: 4, 11: 4, 12: 4}
TMAP_SWIZZLE_BYTES = {1: 32, 2: 64, 3: 128}


def swizzle(a, mode):
    """The shared address a 16-byte chunk at shared address `a` lands at under the swizzle
    mode (CUtensorMapSwizzle numbering: 1 = 32B, 2 = 64B, 3 = 128B): the chunk index (address
    bits 4..) XOR the row (bits 7..) within the 256/512/1024-byte pattern."""
    if mode == 3:
        return a ^ (((a >> 7) & 7) << 4)
    if mode == 2:
        return a ^ (((a >> 7) & 3) << 4)
    if mode == 1:
        return a ^ (((a >> 7) & 1) << 4)
    return a


def decode_tensor_map(cta, th, a, ins):
    """The tensor map at global address `a`, in the format of Inputs/tensor_map_record.c, with
    the driver's requirements on its arguments checked."""
    where = f"{cta.who(th)}: {ins.where()}: tensor map at {a:#x}"
    if a % 64:
        raise EmuError(f"{where}: not 64-byte aligned")
    buf = cta.gmem.find(a, 128)
    if buf is None:
        raise EmuError(f"{where} ({cta.gmem.where(a)}) lies outside every allocation")
    o = a - buf[1]
    b = bytes(buf[2][o:o + 128])
    if struct.unpack_from("<I", b, 0)[0] != 0x50414D54:
        raise EmuError(f"{where}: no tensor map there (the host function did not encode one)")
    dtype, rank, inter, swz, l2, oob = b[4:10]
    if dtype not in TMAP_ELEM or not 1 <= rank <= 5:
        raise EmuError(f"{where}: data type {dtype}, rank {rank}")
    m = {"dtype": dtype, "esize": TMAP_ELEM[dtype], "rank": rank, "interleave": inter, "swizzle": swz, "oob": oob,
         "global": struct.unpack_from("<Q", b, 16)[0],
         "dims": list(struct.unpack_from(f"<{rank}Q", b, 24)),
         "strides": list(struct.unpack_from(f"<{rank - 1}Q", b, 64)) if rank > 1 else [],
         "box": list(struct.unpack_from(f"<{rank}H", b, 96)), "estrides": list(b[106:106 + rank])}
    if inter != 0 or any(e != 1 for e in m["estrides"]) or swz not in (0, 1, 2, 3) or oob not in (0, 1):
        raise EmuError(f"{where}: interleave {inter}, element strides {m['estrides']}, swizzle {swz}, oob fill {oob}: not modelled")
    if m["global"] % 16 or any(st % 16 or st >= 1 << 40 for st in m["strides"]) or any(not 1 <= d <= 1 << 32 for d in m["dims"]):
        raise EmuError(f"{where}: global address {m['global']:#x}, dims {m['dims']}, strides {m['strides']} break the driver's rules")
    if any(not 1 <= x <= 256 for x in m["box"]) or m["box"][0] * m["esize"] % 16:
        raise EmuError(f"{where}: box {m['box']} breaks the driver's rules")
    inner = m["box"][0] * m["esize"]
    if swz and inner != TMAP_SWIZZLE_BYTES[swz]:
        raise EmuError(f"{where}: swizzle {swz} with an inner box of {inner} bytes is not modelled")
    return m


class Cluster:
    """The CTAs of one cluster, their threads interleaved in one scheduler; the cluster barrier,
    the mbarriers (in each CTA's shared memory) and the asynchronous copies in flight."""

    def __init__(self, ctas, stats, delay=1):
        self.ctas, self.stats, self.delay = ctas, stats, delay
        self.threads = [th for c in ctas for th in c.threads]
        nclk = self.nclk = len(self.threads)
        for c in ctas:
            c.cluster = self
        for th in self.threads:
            th.vc = [0] * nclk
        self.round, self.steps = 0, 0
        self.landing = deque()  # (round, fn): asynchronous copies in flight, landing at that round
        self.cb_count, self.cb_phase, self.cb_clock, self.cb_done = 0, 0, [0] * nclk, {}

    def name(self):
        if len(self.ctas) == 1:
            return f"CTA {self.ctas[0].ctaid[:2]}"
        return f"the cluster of CTAs {[c.ctaid[0] if c.ctaid[1:] == (0, 0) else c.ctaid for c in self.ctas]}"

    def states(self):
        if len(self.ctas) == 1:
            return self.ctas[0].states()
        return "\n".join(f" CTA {c.ctaid[:2]} (rank {c.cluster_ctarank}, threads {c.cluster_ctarank * c.n}..):\n" + c.states() for c in self.ctas)

    def run(self, quantum, budget):
        threads = self.threads
        while any(c.live for c in self.ctas):
            self.round += 1
            landed = 0
            while self.landing and self.landing[0][0] <= self.round:
                self.landing.popleft()[1]()
                landed += 1
            progressed = False
            for th in threads:
                if th.state is WAITING and th.cond():
                    th.state = READY
                    th.resume()
                if th.state is READY:
                    left = budget - self.steps
                    if left <= 0:
                        raise EmuError(f"runaway: {self.name()} exceeded {budget} steps; threads:\n" + self.states())
                    self.steps += th.cta.run_thread(th, min(quantum, left))
                    progressed = True
            if not progressed and not landed and not self.landing and any(c.live for c in self.ctas):
                raise EmuError(f"deadlock: no thread of {self.name()} can run; threads:\n" + self.states())
        while self.landing:  # copies still in flight when every thread has exited
            self.landing.popleft()[1]()
            self.stats["TMA loads landing after exit"] += 1
        self.stats["TMEM allocations not freed"] += sum(len(c.tmem_alloc) for c in self.ctas)
        self.stats["instructions"] += self.steps
        self.stats["uncompleted cp.async"] += sum(len(g) for th in threads for g in th.groups) + sum(len(th.uncommitted) for th in threads)

    # -- the cluster barrier -------------------------------------------------------------
    def cb_arrive(self, th, ins):
        if th.cb_phase is not None:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: a second barrier.cluster.arrive before its wait")
        th.cb_phase = self.cb_phase
        self.cb_clock = list(map(max, self.cb_clock, release(th)))
        self.cb_count += 1
        if self.cb_count == self.nclk:
            self.cb_done[self.cb_phase] = self.cb_clock
            self.cb_phase += 1
            self.cb_count, self.cb_clock = 0, [0] * self.nclk
            self.stats["cluster barriers"] += 1

    def cb_wait(self, th, ins):
        ph = th.cb_phase
        if ph is None:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: barrier.cluster.wait without an arrive")

        def resume():
            acquire(th, self.cb_done[ph])
            th.cb_phase = None
            th.pc += 1
        if self.cb_phase > ph:
            resume()
        else:
            th.wait_until(lambda: self.cb_phase > ph, resume)

    # -- mbarriers ---------------------------------------------------------------------------
    def mbar(self, th, cta, off, ins):
        mb = cta.mbars.get(off)
        if mb is None:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: no mbarrier is initialized at {cta.name_of(off)} of CTA {cta.ctaid[:2]}")
        return mb

    def mb_complete(self, mb, who):
        if mb.pending == 0 and mb.tx < 0:
            raise EmuError(f"{who}: the transaction count of an mbarrier went below zero ({mb.tx}) with no arrival pending")
        if mb.pending == 0 and mb.tx == 0:
            mb.done[mb.phase & 1] = mb.clock
            mb.phase += 1
            mb.pending, mb.clock = mb.count, [0] * self.nclk
            self.stats["mbarrier phases"] += 1

    def mb_arrive(self, th, cta, off, count, tx, ins):
        mb = self.mbar(th, cta, off, ins)
        mb.tx += tx
        if not 0 < count <= mb.pending:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: arrive (count {count}) on the mbarrier at {cta.name_of(off)} of CTA "
                           f"{cta.ctaid[:2]}, whose phase {mb.phase} has {mb.pending} arrivals pending")
        state = mb.phase
        mb.pending -= count
        mb.clock = list(map(max, mb.clock, release(th)))
        self.mb_complete(mb, f"{th.cta.who(th)}: {ins.where()}")
        return state

    def mb_try_wait(self, th, cta, off, parity, dst, ins):
        mb = self.mbar(th, cta, off, ins)

        def done():  # the current phase has the other parity: the one of `parity` has completed
            return (mb.phase & 1) != parity

        def resume():
            acquire(th, mb.done[parity])
            th.regs[dst] = 1
            th.pc += 1
        if done():
            resume()
        else:
            th.wait_until(done, resume)  # try_wait suspends the thread until the phase completes

    # -- TMA -------------------------------------------------------------------------------
    def tma_load(self, th, dst, mapaddr, coords, mbar, mask, ins):
        cta = th.cta
        m = decode_tensor_map(cta, th, mapaddr, ins)
        if m["rank"] != len(coords):
            raise EmuError(f"{cta.who(th)}: {ins.where()}: a {len(coords)}-d copy with a rank {m['rank']} tensor map")
        if len(coords) != 2:
            raise EmuError(f"{cta.who(th)}: {ins.where()}: only 2-d TMA is modelled")
        esz, (b0, b1) = m["esize"], m["box"]
        row, total = b0 * esz, b0 * b1 * esz
        if dst % 128:
            raise EmuError(f"{cta.who(th)}: {ins.where()}: TMA destination {dst:#x} is not 128-byte aligned")
        local, mblocal = dst & 0xFFFFFF, mbar & 0xFFFFFF
        if mask is None:
            rank_of = lambda a: (a >> 24) - 1 if a >> 24 else cta.cluster_ctarank
            ranks = [rank_of(dst)]
            if rank_of(mbar) != ranks[0]:
                raise EmuError(f"{cta.who(th)}: {ins.where()}: the mbarrier and the destination lie in different CTAs")
        else:
            ranks = [r for r in range(len(self.ctas)) if (mask >> r) & 1]
            if not ranks or mask >> len(self.ctas):
                raise EmuError(f"{cta.who(th)}: {ins.where()}: cta mask {mask:#x} in a cluster of {len(self.ctas)}")
        dests = []
        for r in ranks:
            c = self.ctas[r]
            off = c.sh_offset(th, local, total, ins)
            mboff = c.sh_offset(th, mblocal, 8, ins)
            for b in range(off, off + total):  # in flight from now on: reading it is a race
                c.flight[b] = (th.gid, ins, "TMA load", "its mbarrier phase has not completed for the reader")
            dests.append((c, off, mboff))
        agent = Agent(th)
        clock = list(release(th))
        self.stats["TMA loads"] += 1
        self.stats["TMA multicast loads"] += mask is not None
        c0, c1 = coords
        gmem = cta.gmem

        def land():
            data = bytearray(b"\xff" * total if m["oob"] == 1 else bytes(total))
            d0, d1 = m["dims"]
            g, s1 = m["global"], m["strides"][0]
            x0, x1 = max(c0, 0), min(c0 + b0, d0)
            for y in range(b1):
                gy = c1 + y
                if not 0 <= gy < d1 or x0 >= x1:
                    continue
                src, n = g + gy * s1 + x0 * esz, (x1 - x0) * esz
                buf = gmem.find(src, n)
                if buf is None:
                    raise EmuError(f"{ins.where()}: the TMA load reads {n} bytes at {gmem.where(src)} outside every allocation "
                                   f"(row {gy} of the tensor map)")
                o = src - buf[1]
                data[y * row + (x0 - c0) * esz:y * row + (x1 - c0) * esz] = buf[2][o:o + n]
            for c, off, mboff in dests:
                for b in range(off, off + total):
                    c.flight[b] = None
                base = c.sh_base + off
                for i in range(0, total, 16):
                    a = swizzle(base + i, m["swizzle"])
                    c.sh_write(agent, a - c.sh_base, bytes(data[i:i + 16]), ins, from_async=True)
                mb = c.mbars.get(mboff)
                if mb is None:
                    raise EmuError(f"{ins.where()}: complete_tx on {c.name_of(mboff)} of CTA {c.ctaid[:2]}, where no mbarrier is initialized")
                mb.tx -= total
                mb.clock = list(map(max, mb.clock, clock))
                self.mb_complete(mb, f"{ins.where()} (complete_tx of thread {agent.gid}'s TMA load)")
        self.landing.append((self.round + self.delay, land))

    def tma_store_run(self, th, op, ins_wait):
        """A TMA store (global <- shared::cta) of th, carried out: the box read from shared memory
        (swizzled) and written to global memory, clipped to the tensor's extents."""
        cta = th.cta
        m, coords, src, ins = op
        esz, (b0, b1) = m["esize"], m["box"]
        row, total = b0 * esz, b0 * b1 * esz
        off = cta.sh_offset(th, src, total, ins)
        base = cta.sh_base + off
        data = bytearray()
        fence = cta.proxy_fence
        for i in range(0, total, 16):
            a = swizzle(base + i, m["swizzle"])
            o = a - cta.sh_base
            for b in range(o, o + 16):  # generic-proxy writes must be fenced before an async-proxy read
                w = cta.w_thr[b]
                if w >= 0 and not cta.w_ins[b].text.startswith("cp.async.bulk") and fence.get(w, -1) < cta.w_clk[b]:
                    cta.report(("proxy", ins.index, cta.w_ins[b].index), lambda: (
                        f"race (async-proxy read of a generic-proxy write without fence.proxy.async) in CTA {cta.ctaid[:2]}: "
                        f"the TMA store of thread {th.gid} at {ins.where()} reads shared byte {cta.name_of(b)}, written by "
                        f"thread {w} at {cta.w_ins[b].where()}, which did not execute fence.proxy.async after the write"))
                    break
            data += cta.sh_read(th, o, 16, ins)
        d0, d1 = m["dims"]
        g, s1 = m["global"], m["strides"][0]
        c0, c1 = coords
        x0, x1 = max(c0, 0), min(c0 + b0, d0)
        for y in range(b1):
            gy = c1 + y
            if not 0 <= gy < d1 or x0 >= x1:
                continue
            dst, n = g + gy * s1 + x0 * esz, (x1 - x0) * esz
            buf = cta.gmem.find(dst, n)
            if buf is None or not buf[3]:
                raise EmuError(f"{ins.where()}: the TMA store writes {n} bytes at {cta.gmem.where(dst)}, outside every writable allocation")
            o = dst - buf[1]
            buf[2][o:o + n] = data[y * row + (x0 - c0) * esz:y * row + (x1 - c0) * esz]
            w = buf[4]
            for i in range(o, o + n):
                w[i] = min(w[i] + 1, 255)
        self.stats["TMA stores"] += 1


def shared_layout(module, base=0x1000, gap=0x1000, dynamic=0):
    """Addresses of the module's .shared arrays: in declaration order from `base`, aligned, a
    gap after each (an access that leaves its array is an error). Returns ({name: address},
    ([(name, start, end)], base, window bytes))."""
    addr, arrays, at = {}, [], base
    for name, align, size in module.shared:
        at = (at + align - 1) // align * align
        addr[name] = at
        arrays.append((name, at, at + size))
        at += size + gap
    if module.dynamic:  # the dynamic array last, `dynamic` bytes (the launch's)
        name, align = module.dynamic
        at = (at + align - 1) // align * align
        addr[name] = at
        arrays.append((name, at, at + dynamic))
        at += dynamic + gap
    if at >= 1 << 18:
        raise EmuError("shared memory beyond 256 KiB")
    return addr, (arrays, base, max(at - base, 1))


class Launch:
    """A decoded kernel, launched CTA by CTA (they are independent) on a Global memory."""

    def __init__(self, ptx, kernel, dynamic_smem=0):
        self.module = Module(ptx, kernel)
        self.shared_addr, self.layout = shared_layout(self.module, dynamic=dynamic_smem)
        self.code = Decoder(self.module, self.shared_addr).decode()
        self.races = []
        self.stats = {k: 0 for k in ("instructions", "mma", "ldmatrix", "cp.async", "barriers", "races",
                                     "unwritten shared bytes read", "uncompleted cp.async",
                                     "cp.async sources past a buffer", "wgmma", "stmatrix", "TMA loads",
                                     "TMA multicast loads", "TMA stores", "mbarrier phases", "cluster barriers",
                                     "TMA stores not waited for", "threads exiting with wgmma results in flight",
                                     "TMA loads landing after exit", "tcgen05.alloc", "tcgen05.mma",
                                     "tcgen05.mma accumulating", "tcgen05.commit", "tcgen05.ld",
                                     "unwritten TMEM cells read", "tcgen05.mma never committed",
                                     "threads exiting with tcgen05.ld results not waited for",
                                     "TMEM allocations not freed")}

    def run(self, gmem, grid, block, args, quantum=1 << 62, max_steps=5_000_000, delay=1, tmem_high=False):
        """Runs the grid cluster by cluster (the clusters are independent; the CTAs of one run
        together); `delay`: the scheduler rounds a TMA load takes to land."""
        if len(args) != len(self.module.params):
            raise EmuError(f"{self.module.kernel} takes {len(self.module.params)} parameters, {len(args)} given")
        params = {name: v & ((1 << bits) - 1) for (name, bits), v in zip(self.module.params, args)}
        cl = self.module.cluster
        if any(g % c for g, c in zip(grid, cl)):
            raise EmuError(f"grid {grid} is not a multiple of the cluster shape {cl}")
        for z in range(0, grid[2], cl[2]):
            for y in range(0, grid[1], cl[1]):
                for x in range(0, grid[0], cl[0]):
                    ctas = [Cta(self.code, self.layout, (x + i, y + j, z + k), grid, block, params, gmem, self.stats, cl)
                            for k in range(cl[2]) for j in range(cl[1]) for i in range(cl[0])]
                    for cta in ctas:
                        cta.tmem_high = tmem_high
                    Cluster(ctas, self.stats, delay).run(quantum, max_steps)
                    for cta in ctas:
                        self.races += cta.races


# -- the sm_80 GEMM check ------------------------------------------------------------------------

# -- checking C -----------------------------------------------------------------------------------

def random_operands(seed, M, N, K, b_n_by_k):
    """A (M x K) and B (K x N, or N x K when b_n_by_k) of small multiples of 1/8 (exact products
    and, at these sizes, exact f32 sums)."""
    rng = random.Random(seed)
    Av = [[rng.randint(-16, 16) / 8 for _ in range(K)] for _ in range(M)]
    if b_n_by_k:
        Bv = [[rng.randint(-16, 16) / 8 for _ in range(K)] for _ in range(N)]
    else:
        Bv = [[rng.randint(-16, 16) / 8 for _ in range(N)] for _ in range(K)]
    return Av, Bv


def check_c(elem, C, rows_c, ldc, M, N, K, products):
    """C (the emulated buffer of rows_c x ldc 16-bit elements) against the float64 reference:
    products(i, j) lists the K products of C[i][j]. Every element inside M x N must be written
    and within |C - ref| <= 2^-p |ref| + 2 K 2^-24 (|A| |B|) + 2^-p_min of the reference, none
    outside written."""
    table = half_table(elem)
    p, tiny = (11, 2.0 ** -24) if elem == "f16" else (8, 2.0 ** -133)
    cbits = struct.unpack(f"<{rows_c * ldc}H", C[2])
    written = C[4]
    r = {"wrong": [], "outside": [], "unwritten": [], "twice": 0, "max_err": -1.0, "max_ratio": 0.0,
         "at_bound": 0.0, "rounded": 0}
    for i in range(rows_c):
        for j in range(ldc):
            e = i * ldc + j
            w = written[2 * e] or written[2 * e + 1]
            if i >= M or j >= N:
                if w:
                    r["outside"].append((i, j))
                continue
            if not w:
                r["unwritten"].append((i, j))
                continue
            r["twice"] += written[2 * e] > 1
            prods = products(i, j)
            ref = math.fsum(prods)
            mag = math.fsum(abs(x) for x in prods)
            bound = abs(ref) * 2.0 ** -p + mag * 2 * K * 2.0 ** -24 + tiny
            got = table[cbits[e]]
            r["rounded"] += cbits[e] == to_half_bits(elem, ref)
            err = abs(got - ref)
            if not err <= bound:  # NaN too
                r["wrong"].append((i, j, got, cbits[e], ref, bound))
            else:
                if err > r["max_err"]:
                    r["max_err"], r["at_bound"] = err, bound
                r["max_ratio"] = max(r["max_ratio"], err / bound)
    return r


def summary(head, elem, M, N, r, races):
    """The two summary lines of a GEMM check (`head`: kernel, type, shape, launch)."""
    print(f"{head}: {M * N} elements, max error {max(r['max_err'], 0):.3g} (bound there {r['at_bound']:.3g}; "
          f"max error/bound {r['max_ratio']:.3g}), {len(r['wrong'])} wrong, {len(r['outside'])} writes outside C, "
          f"{len(r['unwritten'])} unwritten, {races} races")
    print(f"{r['rounded']} of {M * N} elements equal the reference rounded to {elem} (A and B are multiples of 1/8: "
          f"the f32 sums are exact)")


def verdict(launch, r, M, N, *failures):
    """The first races and wrong, unwritten and outside elements, then PASS or FAIL (also on
    any of the kernel's own `failures` counts); the exit status."""
    for x in launch.races[:4]:
        print(x)
    for i, j, got, bits, ref, bound in r["wrong"][:5]:
        print(f"wrong: C[{i}][{j}] = {got!r} ({bits:#06x}), reference {ref!r} (bound {bound:.3g})")
    for i, j in r["unwritten"][:3]:
        print(f"unwritten: C[{i}][{j}] (inside {M}x{N}) was never stored")
    for i, j in r["outside"][:3]:
        print(f"outside: C[{i}][{j}] (outside {M}x{N}) was stored")
    ok = not (r["wrong"] or r["outside"] or r["unwritten"] or launch.stats["races"] or any(failures))
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


def gemm_sm80(a):
    M, N, K = (int(x) for x in a.shape.split(","))
    elem = a.elem
    if a.ld:
        lda, ldb, ldc = (int(x) for x in a.ld.split(","))
    else:
        lda, ldb, ldc = ((x + 7) // 8 * 8 + 8 for x in (K, N, N))
    if lda < K or ldb < N or ldc < N or lda % 8 or ldb % 8 or ldc % 8:
        raise SystemExit(f"leading dimensions {lda},{ldb},{ldc} must be multiples of 8 and cover K, N, N")
    nan_pad = 0x7E01 if elem == "f16" else 0x7FC1  # A's columns past K, B's past N
    sentinel = 0x7E5A if elem == "f16" else 0x7FDA  # C everywhere before the run
    Av, Bv = random_operands(a.seed, M, N, K, False)

    def encode(rows, cols, ld, vals):
        out = bytearray()
        for r in range(rows):
            row = [to_half_bits(elem, vals[r][c]) if c < cols else nan_pad for c in range(ld)]
            out += struct.pack(f"<{ld}H", *row)
        return out

    rows_c = (M + 63) // 64 * 64  # C's rows padded to whole tiles: stray rows count as outside
    gmem = Global()
    A = gmem.alloc("A", encode(M, K, lda, Av), False)
    B = gmem.alloc("B", encode(K, N, ldb, Bv), False)
    C = gmem.alloc("C", struct.pack(f"<{rows_c * ldc}H", *([sentinel] * (rows_c * ldc))), True)
    ptx = open(a.ptx).read()
    t0 = time.time()
    try:
        launch = Launch(ptx, "gemm_sm80")
        grid = ((N + 63) // 64, (M + 63) // 64, 1)
        launch.run(gmem, grid, (128, 1, 1), [A[1], B[1], C[1], M, N, K, lda, ldb, ldc], a.quantum, a.max_steps)
    except EmuError as e:
        print(f"error: {e}")
        return 2
    took = time.time() - t0
    r = check_c(elem, C, rows_c, ldc, M, N, K, lambda i, j: [Av[i][k] * Bv[k][j] for k in range(K)])
    summary(f"sm80 {elem} {M}x{N}x{K} (ld {lda},{ldb},{ldc}; grid {grid[0]}x{grid[1]})", elem, M, N, r,
            launch.stats["races"])
    s = launch.stats
    print(f"emulated {grid[0] * grid[1]} CTAs x 128 threads: {s['instructions']} instructions, {s['mma']} mma.sync, "
          f"{s['ldmatrix']} ldmatrix, {s['cp.async']} cp.async, {s['barriers']} barriers, "
          f"{s['unwritten shared bytes read']} unwritten shared bytes read, {r['twice']} elements of C stored twice, "
          f"{s['uncompleted cp.async']} cp.async never completed; {took:.1f} s")
    print(f"{s['cp.async sources past a buffer']} cp.async name a 16-byte source reaching past the buffers "
          f"(their src-size reads only the bytes inside)")
    return verdict(launch, r, M, N)


# -- the sm_90a GEMM check -----------------------------------------------------------------------

def encode_maps(host, scalars, A, B, C=None):
    """The 128-byte tensor maps the kernel module's host function encode_tensor_maps writes
    (through Inputs/tensor_map_record.c) for the emulated buffers A, B and, when given, C (its
    signature then has C's map and pointer too); `scalars` (ctypes values) are the kernel's
    integer arguments, which the derived host function takes after the maps (layout.tensor_map_encoder);
    the status and the maps."""
    import ctypes
    import os
    lib = ctypes.CDLL(os.path.abspath(host))
    lib.encode_tensor_maps.restype = ctypes.c_int32
    n = 2 if C is None else 3
    maps = (ctypes.c_uint8 * (128 * n))()
    base = ctypes.addressof(maps)
    args = []
    for q, ptr in enumerate((A, B, C)[:n]):
        args += [ctypes.c_void_p(base + 128 * q), ctypes.c_void_p(ptr)]
    status = lib.encode_tensor_maps(*args, *scalars)
    return status, bytes(maps)


def tma_operands(a, M, N, K, rows_c, ldc, c_map):
    """A (M x K) and B (N x K) in emulated global memory, C (rows_c x ldc) filled with a NaN
    sentinel, and the tensor maps of A, B and (c_map) C that the host function writes, placed
    in global memory too. None (after printing the error) when the host function fails."""
    elem = a.elem
    sentinel = 0x7E5A if elem == "f16" else 0x7FDA  # C everywhere before the run
    Av, Bv = random_operands(a.seed, M, N, K, True)  # B is N x K

    def encode(vals):
        return b"".join(struct.pack(f"<{len(r)}H", *(to_half_bits(elem, v) for v in r)) for r in vals)

    gmem = Global()
    A = gmem.alloc("A", encode(Av), False)
    B = gmem.alloc("B", encode(Bv), False)
    C = gmem.alloc("C", struct.pack(f"<{rows_c * ldc}H", *([sentinel] * (rows_c * ldc))), True)
    import ctypes
    # The kernels' integer arguments: gemm(..., M, N, K: i32), gemm_sm100(..., M, N, K, ldc: index).
    scalars = ([ctypes.c_int32(x) for x in (M, N, K)] if c_map else
               [ctypes.c_int64(x) for x in (M, N, K, ldc)])
    status, maps = encode_maps(a.host, scalars, A[1], B[1], C[1] if c_map else None)
    if status:
        print(f"error: encode_tensor_maps returned {status}")
        return None
    MP = gmem.alloc("tensor maps", maps, False)
    return Av, Bv, gmem, C, MP


def gemm_sm90(a):
    M, N, K = (int(x) for x in a.shape.split(","))
    elem = a.elem
    tm, tn = (M + 127) // 128, (N + 255) // 256
    rows_c = tm * 128  # C's rows padded to whole tiles: stray rows count as outside
    operands = tma_operands(a, M, N, K, rows_c, N, True)
    if operands is None:
        return 2
    Av, Bv, gmem, C, MP = operands
    grid = (8 * tn * ((tm + 7) // 8), 1, 1)
    ptx = open(a.ptx).read()
    t0 = time.time()
    try:
        launch = Launch(ptx, "gemm", a.smem)
        cl = launch.module.cluster
        launch.run(gmem, grid, (384, 1, 1), [MP[1], MP[1] + 128, MP[1] + 256, C[1], M, N, K], a.quantum,
                   a.max_steps, a.delay)
    except EmuError as e:
        print(f"error: {e}")
        return 2
    took = time.time() - t0
    r = check_c(elem, C, rows_c, N, M, N, K, lambda i, j: [x * y for x, y in zip(Av[i], Bv[j])])
    s = launch.stats
    summary(f"sm90a {elem} {M}x{N}x{K} (grid {grid[0]} CTAs in clusters of {cl[0]}, {tm}x{tn} tiles, "
            f"{(K + 63) // 64} k-tiles)", elem, M, N, r, s["races"])
    print(f"emulated {grid[0]} CTAs x 384 threads: {s['instructions']} instructions, {s['wgmma']} wgmma, {s['TMA loads']} TMA loads "
          f"({s['TMA multicast loads']} multicast), {s['TMA stores']} TMA stores, {s['stmatrix']} stmatrix, {s['mbarrier phases']} mbarrier phases, "
          f"{s['cluster barriers']} cluster barriers, {s['barriers']} CTA barriers; {took:.1f} s")
    print(f"{s['unwritten shared bytes read']} unwritten shared bytes read, {r['twice']} elements of C stored twice, "
          f"{s['TMA stores not waited for']} TMA stores not waited for, {s['threads exiting with wgmma results in flight']} threads exiting "
          f"with wgmma results in flight, {s['TMA loads landing after exit']} TMA loads landing after exit")
    return verdict(launch, r, M, N, s['TMA stores not waited for'],
                   s['threads exiting with wgmma results in flight'], s['TMA loads landing after exit'])


# -- the sm_100a GEMM check ----------------------------------------------------------------------

def gemm_sm100(a):
    M, N, K = (int(x) for x in a.shape.split(","))
    elem = a.elem
    ldc = a.ldc if a.ldc is not None else (N + 7) // 8 * 8 + 8
    if ldc < N or ldc % 8:
        raise SystemExit(f"ldc {ldc} must be a multiple of 8 and cover N")
    tm, tn = (M + 127) // 128, (N + 127) // 128
    rows_c = tm * 128  # C's rows padded to whole tiles: stray rows count as outside
    operands = tma_operands(a, M, N, K, rows_c, ldc, False)
    if operands is None:
        return 2
    Av, Bv, gmem, C, MP = operands
    grid = (tn, tm, 1)
    ptx = open(a.ptx).read()
    t0 = time.time()
    try:
        launch = Launch(ptx, "gemm_sm100", a.smem)
        launch.run(gmem, grid, (128, 1, 1), [MP[1], MP[1] + 128, C[1], M, N, K, ldc], a.quantum, a.max_steps, a.delay,
                   a.tmem_alloc == "high")
    except EmuError as e:
        print(f"error: {e}")
        return 2
    took = time.time() - t0
    r = check_c(elem, C, rows_c, ldc, M, N, K, lambda i, j: [x * y for x, y in zip(Av[i], Bv[j])])
    s = launch.stats
    summary(f"sm100a {elem} {M}x{N}x{K} (ldc {ldc}; grid {grid[0]}x{grid[1]} CTAs, {(K + 63) // 64} k-tiles)",
            elem, M, N, r, s["races"])
    print(f"emulated {grid[0] * grid[1]} CTAs x 128 threads: {s['instructions']} instructions, {s['tcgen05.mma']} tcgen05.mma "
          f"({s['tcgen05.mma accumulating']} accumulating), {s['tcgen05.commit']} tcgen05.commit, {s['tcgen05.ld']} tcgen05.ld, "
          f"{s['tcgen05.alloc']} tcgen05.alloc, {s['TMA loads']} TMA loads, {s['mbarrier phases']} mbarrier phases, "
          f"{s['barriers']} CTA barriers; {took:.1f} s")
    print(f"{s['unwritten shared bytes read']} unwritten shared bytes read, {s['unwritten TMEM cells read']} unwritten TMEM cells read, "
          f"{r['twice']} elements of C stored twice, {s['tcgen05.mma never committed']} tcgen05.mma never committed, "
          f"{s['threads exiting with tcgen05.ld results not waited for']} threads exiting with tcgen05.ld results not waited for, "
          f"{s['TMEM allocations not freed']} TMEM allocations not freed, {s['TMA loads landing after exit']} TMA loads / commits landing after exit")
    return verdict(launch, r, M, N, s['tcgen05.mma never committed'],
                   s['threads exiting with tcgen05.ld results not waited for'], s['TMEM allocations not freed'],
                   s['TMA loads landing after exit'], s['unwritten TMEM cells read'])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gemm-sm80", help="run examples/gemm_sm80.mlir's PTX and check C = A B")
    g.add_argument("ptx")
    g.add_argument("--elem", choices=("f16", "bf16"), default="f16")
    g.add_argument("--shape", required=True, help="M,N,K")
    g.add_argument("--ld", help="LDA,LDB,LDC (multiples of 8; default: the extents rounded up to 8, plus 8)")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--quantum", type=int, default=1 << 62, help="instructions a thread runs before the next (default: until it blocks)")
    g.add_argument("--max-steps", type=int, default=5_000_000, help="instruction budget of each CTA")
    g = sub.add_parser("gemm-sm90", help="run examples/gemm_sm90.mlir's PTX and check C = A B^T")
    g.add_argument("ptx")
    g.add_argument("--host", required=True, help="the kernel module's encode_tensor_maps, linked with Inputs/tensor_map_record.c")
    g.add_argument("--elem", choices=("f16", "bf16"), default="f16")
    g.add_argument("--shape", required=True, help="M,N,K")
    g.add_argument("--smem", type=int, default=197696, help="dynamic shared memory bytes of the launch")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--delay", type=int, default=1, help="scheduler rounds a TMA load takes to land")
    g.add_argument("--quantum", type=int, default=1 << 62, help="instructions a thread runs before the next (default: until it blocks)")
    g.add_argument("--max-steps", type=int, default=20_000_000, help="instruction budget of each cluster")
    g = sub.add_parser("gemm-sm100", help="run examples/gemm_sm100.mlir's PTX and check C = A B^T")
    g.add_argument("ptx")
    g.add_argument("--host", required=True, help="the kernel module's encode_tensor_maps, linked with Inputs/tensor_map_record.c")
    g.add_argument("--elem", choices=("f16", "bf16"), default="f16")
    g.add_argument("--shape", required=True, help="M,N,K")
    g.add_argument("--ldc", type=int, help="leading dimension of C (a multiple of 8; default: N rounded up to 8, plus 8)")
    g.add_argument("--smem", type=int, default=132176, help="dynamic shared memory bytes of the launch")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--delay", type=int, default=1, help="scheduler rounds a TMA load or a tcgen05.commit takes to land")
    g.add_argument("--tmem-alloc", choices=("low", "high"), default="low",
                   help="tcgen05.alloc takes the lowest (default) or the highest free TMEM columns")
    g.add_argument("--quantum", type=int, default=1 << 62, help="instructions a thread runs before the next (default: until it blocks)")
    g.add_argument("--max-steps", type=int, default=20_000_000, help="instruction budget of each CTA")
    a = ap.parse_args()
    return {"gemm-sm90": gemm_sm90, "gemm-sm100": gemm_sm100}.get(a.cmd, gemm_sm80)(a)


if __name__ == "__main__":
    sys.exit(main())
