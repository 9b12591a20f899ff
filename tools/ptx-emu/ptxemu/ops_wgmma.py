"""sm_90a warpgroup MMA: wgmma.mma_async from shared-memory matrix descriptors, its groups; and
the warpgroup's register budget, setmaxnreg."""

import math
import re
import struct
from functools import lru_cache
from itertools import chain
from operator import itemgetter

from .decode import CONTROL, HANDLERS, Inst, parse_imm, qualifiers, simple
from .errors import EmuError
from .numeric import f32_from_bits, half_table, mma_rows
from .tma import swizzle

_FP8 = {}


def fp8_table(kind):
    """The value of each of the 256 .e4m3 / .e5m2 bit patterns (PTX ISA, "Alternate
    Floating-Point Data Formats"): e4m3 sign, 4 exponent bits (bias 7), 3 mantissa bits, no
    infinity, S.1111.111 NaN; e5m2 sign, 5 exponent bits (bias 15), 2 mantissa bits, IEEE
    infinities and NaNs."""
    if kind not in _FP8:
        ebits, mbits = (4, 3) if kind == "e4m3" else (5, 2)
        bias = (1 << (ebits - 1)) - 1
        out = []
        for b in range(256):
            s = -1.0 if b >> 7 else 1.0
            e, m = (b >> mbits) & ((1 << ebits) - 1), b & ((1 << mbits) - 1)
            if kind == "e4m3" and e == 15 and m == 7:
                out.append(math.nan)
            elif kind == "e5m2" and e == 31:
                out.append(s * math.inf if m == 0 else math.nan)
            elif e == 0:
                out.append(s * m / (1 << mbits) * 2.0 ** (1 - bias))
            else:
                out.append(s * (1 + m / (1 << mbits)) * 2.0 ** (e - bias))
        _FP8[kind] = out
    return _FP8[kind]


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
        ins = simple(st, lambda th: wg_wait(th.cta, th, n, ins))
        return ins
    if sub != "mma_async":
        raise EmuError(f"wgmma.{sub} is not modelled")
    if len(q) != 7 or q[1:3] != ["sync", "aligned"]:
        raise EmuError(f"{st.op} is not modelled (wgmma.mma_async.sync.aligned.shape.dtype.atype.btype)")
    m = re.fullmatch(r"m64n(\d+)k(\d+)", q[3])
    dtype, atype, btype = q[4:7]
    if not m:
        raise EmuError(f"wgmma shape .{q[3]} is not modelled")
    n, k = int(m.group(1)), int(m.group(2))
    if dtype != "f32":
        raise EmuError(f"{st.op}: a .{dtype} accumulator is not modelled (only .f32)")
    if atype in ("f16", "bf16") and btype == atype:
        fp8 = False
    elif atype in ("e4m3", "e5m2") and btype in ("e4m3", "e5m2"):
        fp8 = True
    else:
        raise EmuError(f"{st.op}: .{atype} x .{btype} operands are not modelled (only f16, bf16, e4m3 / e5m2)")
    if k != (32 if fp8 else 16) or n % 8 or not 8 <= n <= 256:
        raise EmuError(f"{st.op}: shape m64n{n}k{k} is not a wgmma shape of .{atype}")
    ta_, tb_ = (fp8_table(atype), fp8_table(btype)) if fp8 else (half_table(atype), half_table(atype))
    dnames = [dec.dst(x) for x in dec.vector(args[0])]
    a_regs = args[1].strip().startswith("{")
    # With A in registers there is no imm-trans-a (PTX ISA: A from registers is K-major).
    nargs = 6 if fp8 else (7 if a_regs else 8)
    if len(dnames) != n // 2 or len(args) != nargs:
        raise EmuError("operands: {d...}, " + ("{a0, a1, a2, a3}" if a_regs else "a-desc") + ", b-desc, scale-d, imm-scale-a, imm-scale-b"
                       + ("" if fp8 else (", imm-trans-b" if a_regs else ", imm-trans-a, imm-trans-b")))
    if a_regs:
        a_names = [dec.src(x, 32) for x in dec.vector(args[1])]
        if len(a_names) != 4:
            raise EmuError(f"{st.op}: A from registers is four .b32 registers")
        ga = None
    else:
        ga = dec.src(args[1], 64)
    gb, sd = dec.src(args[2], 64), dec.src(args[3], 1)
    ia, ib = parse_imm(args[4]), parse_imm(args[5])
    if fp8:
        ta, tb = 0, 0
    elif a_regs:
        ta, tb = 0, parse_imm(args[6])
    else:
        ta, tb = parse_imm(args[6]), parse_imm(args[7])
    if ia not in (1, -1) or ib not in (1, -1) or ta not in (0, 1) or tb not in (0, 1):
        raise EmuError("imm-scale / imm-trans operands")
    esize = 1 if fp8 else 2
    sa, sb = float(ia), float(ib)
    ins = Inst(st, CONTROL, lambda cta, th: cta.group_arrive(th, ins, 128))
    to_rows, to_lanes = accumulator_maps(n)
    get_d, dset, dnames_t = itemgetter(*dnames), set(dnames), tuple(dnames)

    def collective(cta, lanes):
        lead = lanes[0]
        da = None if a_regs else ga(lead)
        db, scale = gb(lead), sd(lead)
        for th in lanes:
            if (not a_regs and ga(th) != da) or gb(th) != db or sd(th) != scale:
                raise EmuError(f"{cta.who(th)}: {ins.where()}: the descriptors or scale-d differ across the warpgroup")
        if a_regs:
            A, ra = register_a(lanes, a_names, ta_, esize), []
        else:
            A, ra = wg_operand(cta, lead, da, 64, k, esize, ta, ins, ta_)
        B, rb = wg_operand(cta, lead, db, n, k, esize, tb, ins, tb_)
        if sa != 1.0:
            A = [[sa * x for x in r] for r in A]
        if sb != 1.0:
            B = [[sb * x for x in r] for r in B]
        C = [[0.0] * n for _ in range(64)]  # (an addend +0.0 without scale-d, as the sum's sign of zero goes)
        addends, wg = None, lead.tid // 128
        if scale:
            def gather():
                bits = []
                for th in lanes:
                    pend, regs = th.wg_pending, th.regs
                    if not pend:
                        bits += get_d(regs)
                    elif pend.keys() >= dset:  # chained: every accumulator from the wgmma before
                        bits += get_d(pend)
                    else:
                        bits += [pend[nm] if nm in pend else regs[nm] for nm in dnames]
                return bits

            def C(bits=None):
                bits = gather() if bits is None else bits
                vals = to_rows(struct.unpack(f"<{len(bits)}f", struct.pack(f"<{len(bits)}I", *bits)))
                return [vals[r * n:r * n + n] for r in range(64)]
            # C = the exact D of this warpgroup's last wgmma: every lane still holds it (its
            # wg_stamp: set with it, dropped when a wgmma.wait_group retires any of its
            # accumulators), or the gathered bits are the same
            last = cta.wg_exact.get(wg)
            if last is not None and last[2] == dnames_t and all(th.wg_stamp is last for th in lanes):
                addends = last[1]
            else:
                bits = gather()
                if last is not None and last[0] == bits:
                    addends = last[1]
                C = C(bits)
        exact = []
        D = mma_rows(A, B, C, atype, btype, addends, exact)
        flat = list(chain.from_iterable(D))
        out = []
        entry = None if exact[0] is None else (out, exact[0], dnames_t)
        seqs = {}  # sequence number -> {register: it} (the lanes' numbers are usually all equal)
        for th, pick in zip(lanes, to_lanes):
            regs, mine = th.regs, pick(flat)
            out += mine
            th.wg_pending.update(zip(dnames, mine))
            sq = th.wg_seq
            if sq not in seqs:
                seqs[sq] = dict.fromkeys(dnames, sq)
            th.wg_pseq.update(seqs[sq])
            th.wg_stamp = entry
            for nm in regs.keys() & dset:
                del regs[nm]
        if entry is not None:
            cta.wg_exact[wg] = entry  # the accumulators in (lane, register) order, as gathered
        else:
            cta.wg_exact.pop(wg, None)
        lead.wg_reads.append((lead.wg_seq, ins, ra + rb))
        cta.stats["wgmma"] += 1
    ins.collective = collective
    return ins




def register_a(lanes, names, table, esize=2):
    """The 64 x K A operand from registers (PTX ISA, wgmma "Register Fragments and Shared
    Memory Matrix Layouts", matrix A of .m64nNk16 / .m64nNk32 in registers): warp w of the
    warpgroup holds rows 16 w .. 16 w + 15; thread lane l (g = l / 4, q = l % 4) holds its
    fields in four .b32 registers, e = 4 / esize per register, field a_(e p + h) in element h of
    register p (low bits first).
      16-bit (k16): a_i at row 16 w + g + 8 [i in {2, 3, 6, 7}], column 2 q + (i % 2) + 8 [i >= 4];
      8-bit (k32):  a_i at row 16 w + g + 8 [(i / 4) odd],        column 4 q + (i % 4) + 16 [i >= 8]."""
    per = 4 // esize
    bits, mask = 8 * esize, (1 << (8 * esize)) - 1
    A = [[0.0] * (8 * per) for _ in range(64)]
    for t, th in enumerate(lanes):
        w, lane = t >> 5, t & 31
        g, q = lane >> 2, lane & 3
        for p, get in enumerate(names):
            word = get(th)
            for h in range(per):
                i = per * p + h
                if per == 2:
                    row = 16 * w + g + (8 if i in (2, 3, 6, 7) else 0)
                    col = 2 * q + (i & 1) + (8 if i >= 4 else 0)
                else:
                    row = 16 * w + g + (8 if (i >> 2) & 1 else 0)
                    col = 4 * q + (i & 3) + (16 if i >= 8 else 0)
                A[row][col] = table[(word >> (bits * h)) & mask]
    return A


@lru_cache(maxsize=None)
def accumulator_maps(n):
    """The accumulator fragment of m64nN as index maps: thread l of the warpgroup, register i
    holds row 16 (l / 32) + (l % 32) / 4 + 8 ((i / 2) % 2), column 8 (i / 4) + 2 (l % 4) + i % 2.
    Returns (the row-major 64 x n from the registers in (lane, register) order, per lane its
    registers from the row-major matrix)."""
    nd = n // 2
    cells = [[(16 * (l >> 5) + ((l & 31) >> 2) + 8 * ((i >> 1) & 1), 8 * (i >> 2) + 2 * (l & 3) + (i & 1))
              for i in range(nd)] for l in range(128)]
    at = {rc: l * nd + i for l, where in enumerate(cells) for i, rc in enumerate(where)}
    return (itemgetter(*(at[(r, c)] for r in range(64) for c in range(n))),
            [itemgetter(*(r * n + c for r, c in where)) for where in cells])


def wg_wait(cta, th, n, ins):
    """wgmma.wait_group n: the groups but the newest n retire: their accumulators become
    visible (written while in flight is an error), and their shared-memory operands are read
    again (the asynchronous proxy may read them until the retirement)."""
    while len(th.wg_groups) > n:
        s = th.wg_groups.popleft()
        pend, pseq, regs = th.wg_pending, th.wg_pseq, th.regs
        done = [nm for nm, sq in pseq.items() if sq <= s]
        if regs.keys() & done:
            nm = next(nm for nm in done if nm in regs)
            raise EmuError(f"{cta.who(th)}: {ins.where()}: {nm}, an accumulator of a wgmma group in flight, "
                           f"was written before the group retired")
        regs.update(zip(done, map(pend.pop, done)))
        for nm in done:
            del pseq[nm]
        if done:
            th.wg_stamp = None  # its accumulators are no longer all those of its last wgmma
        keep = []
        for sq, wins, reads in th.wg_reads:
            if sq > s:
                keep.append((sq, wins, reads))
                continue
            for a, data in reads:
                now = cta.sh_read(th, cta.sh_offset(th, a, 16, wins), 16, wins)
                if now != data:
                    cta.report(("wgmma operand", wins.index, None), lambda: (
                        f"race (wgmma operand overwritten in flight) in CTA {cta.ctaid[:2]}: the shared bytes at {a:#x} "
                        f"({cta.name_of(a - cta.sh_base)}) read by the wgmma of thread {th.gid} at {wins.where()} changed "
                        f"before {ins.where()} retired it"))
        th.wg_reads = keep

def wg_operand(cta, th, desc, rows, k, esize, mn_major, ins, table):
    """The rows x k operand a wgmma matrix descriptor denotes (PTX ISA, "Matrix Descriptor
    Format": start address bits 0-13, leading dimension byte offset 16-29, stride dimension byte
    offset 32-45, all >> 4; matrix base offset 49-51; swizzle 62-63: 0 none, 1 128B, 2 64B, 3 32B)
    in the canonical layouts of "Shared Memory Matrix Layout", in units of 16-byte chunks (T =
    16 / element bytes elements), S the swizzle span (16, 32, 64, 128 bytes):
      K-major:  rows ((8, m), (T, k / T)): row r at (r mod 8) * S + (r div 8) * SBO, the k / T
                chunks of a row 16 bytes apart (swizzled) or LBO apart (no swizzle);
      MN-major: ((T, S / 16, m), (8, k / 8)): T consecutive rows in a chunk, then S / 16 chunks
                16 bytes apart, then blocks LBO apart (swizzled) or SBO apart (no swizzle); the 8
                k of a core matrix S bytes apart, then SBO (swizzled) or LBO (no swizzle);
    then the swizzle: address bits 4.. XOR bits 7.. (3, 2, 1 bits for 128B, 64B, 32B). Returns
    the values (rows lists of k) and [(shared address, 16 bytes)] read."""
    start = (desc & 0x3FFF) << 4
    lbo = ((desc >> 16) & 0x3FFF) << 4
    sbo = ((desc >> 32) & 0x3FFF) << 4
    if (desc >> 49) & 7:
        raise EmuError(f"{ins.where()}: matrix base offset {(desc >> 49) & 7} is not modelled")
    mode = desc >> 62
    tmode, span = {0: (0, 16), 1: (3, 128), 2: (2, 64), 3: (1, 32)}[mode]
    T = 16 // esize
    fmt = "<8H" if esize == 2 else "16B"
    vals, reads = [[0.0] * k for _ in range(rows)], []
    if not mn_major:
        for r in range(rows):
            row = vals[r]
            for h in range(k // T):
                if mode == 0:
                    a = start + (r % 8) * 16 + (r // 8) * sbo + h * lbo
                else:
                    a = start + (r % 8) * span + (r // 8) * sbo + h * 16
                a = swizzle(a, tmode)
                data = cta.sh_read(th, cta.sh_offset(th, a, 16, ins), 16, ins)
                reads.append((a, data))
                row[h * T:h * T + T] = [table[x] for x in struct.unpack(fmt, data)]
        return vals, reads
    if rows % T:
        raise EmuError(f"{ins.where()}: an MN-major operand of {rows} rows")
    per = span // 16  # chunks of a swizzle span along MN (1 without swizzle)
    for kk in range(k):
        j0, j1 = kk % 8, kk // 8
        for qq in range(rows // T):
            if mode == 0:
                a = start + qq * sbo + j0 * 16 + j1 * lbo
            else:
                a = start + (qq % per) * 16 + (qq // per) * lbo + j0 * span + j1 * sbo
            a = swizzle(a, tmode)
            data = cta.sh_read(th, cta.sh_offset(th, a, 16, ins), 16, ins)
            reads.append((a, data))
            for t, x in enumerate(struct.unpack(fmt, data)):
                vals[qq * T + t][kk] = table[x]
    return vals, reads


def h_setmaxnreg(dec, st, parts, args):
    """setmaxnreg.{inc,dec}.sync.aligned.u32 n (PTX ISA "setmaxnreg"): every thread of the
    warpgroup executes it together (a warpgroup collective here: a warpgroup whose threads do
    not all arrive deadlocks, one that arrives at different instructions diverges), n in
    24..256 and a multiple of 8. The new count is recorded per warpgroup; an increase below a
    count the warpgroup set before, or a decrease above it, is an error (the ISA's contract).
    The registers themselves are not modelled (the interpreter's are unbounded)."""
    q = parts[1:]
    if len(q) != 4 or q[0] not in ("inc", "dec") or q[1:] != ["sync", "aligned", "u32"] or len(args) != 1:
        raise EmuError(f"{st.op} is not modelled (setmaxnreg.{{inc,dec}}.sync.aligned.u32 n)")
    n = parse_imm(args[0])
    if n is None or not 24 <= n <= 256 or n % 8:
        raise EmuError(f"setmaxnreg takes an immediate in 24..256, a multiple of 8, found {args[0]}")
    inc = q[0] == "inc"
    ins = Inst(st, CONTROL, lambda cta, th: cta.group_arrive(th, ins, 128))

    def collective(cta, lanes):
        wg = lanes[0].tid // 128
        now = cta.wg_maxnreg.get(wg)
        if now is not None and (n < now if inc else n > now):
            raise EmuError(f"{cta.who(lanes[0])}: {ins.where()}: setmaxnreg.{q[0]} to {n} registers, but warpgroup {wg} "
                           f"has {now}")
        cta.wg_maxnreg[wg] = n
        cta.stats["setmaxnreg"] += 1
    ins.collective = collective
    return ins


HANDLERS.update({
    "wgmma": h_wgmma,
    "setmaxnreg": h_setmaxnreg,
})
