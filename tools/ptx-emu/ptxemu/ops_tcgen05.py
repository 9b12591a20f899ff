"""sm_100a tcgen05: tensor memory allocation, tcgen05.mma (kind::f16) from shared-memory
descriptors, commit, tcgen05.ld."""

import math
import re
import struct

from .decode import CONTROL, HANDLERS, Inst, qualifiers, simple
from .errors import EmuError
from .numeric import half_table, mma_rows
from .ops_warp import _full
from .machine import TMEM_COLS, TMEM_LANES, release
from .tma import swizzle


# -- sm_100a: tensor memory and tcgen05 ------------------------------------------------------

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
                    umma_execute(cta, op, clock)
                mb = tcta.mbars.get(off)
                if mb is None:
                    raise EmuError(f"{ins.where()}: tcgen05.commit arrives on {tcta.name_of(off)} of CTA {tcta.ctaid[:2]}, where no mbarrier is initialized")
                mb.pending -= 1
                mb.clocks.append(clock)
                cl.mb_complete(mb, f"{ins.where()} (the arrive of thread {th.gid}'s tcgen05.commit)")
            cl.landing.append((cl.round + cl.delay, land))
            cta.stats["tcgen05.commit"] += 1
        ins = simple(st, commit)
        return ins
    raise EmuError(f"tcgen05.{sub} is not modelled")




def umma_execute(cta, op, clock):
    """A tcgen05.mma completing (at its commit): the operands read again (bytes that changed
    since the issue, or a TMA load in flight to them, are a race: the asynchronous proxy may
    read them until the completion), D[i][j] (TMEM lane i, column col + j) = sum_k A[i][k]
    B[j][k] (+ D when enable-input-d), exactly rounded (math.fsum) to f32."""
    f, ins = op.idesc, op.ins
    vals = []
    for a, data in op.reads:
        off = a - cta.sh_base
        fl = cta.flight[off]
        now = bytes(cta.smem[off:off + 16])
        if now != data or fl is not None:
            cta.report(("umma operand", ins.index, None), lambda: (
                f"race (tcgen05.mma operand overwritten in flight) in CTA {cta.ctaid[:2]}: the shared bytes at {a:#x} "
                f"({cta.name_of(off)}) read by the tcgen05.mma of thread {op.gid} at {ins.where()} "
                f"{'are the destination of a TMA load in flight' if fl is not None else 'changed'} before the tcgen05.commit that tracks it completed"))
        vals.append(now)
    ta, tb = half_table(f["a"]), half_table(f["b"])
    m, n = f["m"], f["n"]
    A = [[ta[x] * f["na"] for x in struct.unpack("<8H", vals[2 * r]) + struct.unpack("<8H", vals[2 * r + 1])] for r in range(m)]
    B = [[tb[x] * f["nb"] for x in struct.unpack("<8H", vals[2 * (m + r)]) + struct.unpack("<8H", vals[2 * (m + r) + 1])] for r in range(n)]
    cells, col = cta.tmem, op.col
    C = addends = None
    if op.acc:
        raw = [cells[i * TMEM_COLS + col:i * TMEM_COLS + col + n] for i in range(m)]
        last = cta.tmem_exact.get(col)
        if last is not None and last[0] == raw:  # D = the exact result of the last MMA into these cells
            addends = last[1]

        def C(raw=raw):
            rows = []
            for row in raw:
                if None in row:
                    row = [0x7FFFFFFF if x is None else x for x in row]  # never written: NaN
                rows.append(struct.unpack(f"<{n}f", struct.pack(f"<{n}I", *row)))
            return rows
        if addends is None:
            C = C()
    exact = []
    D = mma_rows(A, B, C, f["a"], f["b"], addends, exact)
    for i in range(m):
        cells[i * TMEM_COLS + col:i * TMEM_COLS + col + n] = D[i]
    if exact[0] is not None:
        cta.tmem_exact[col] = (D, exact[0])  # (kept while the cells hold D: compared at the next use)
    else:
        cta.tmem_exact.pop(col, None)
    if op.acc:
        cta.stats["tcgen05.mma accumulating"] += 1
    for c in range(col, col + n):
        cta.tmem_pending[c] -= 1
        # the write precedes the arrive of the commit, which released clock[gid]
        cta.tmem_w[c] = (op.gid, clock[op.gid] - 1, ins)


HANDLERS.update({
    "tcgen05": h_tcgen05,
})
