"""Warp collectives: bar.sync / bar.warp.sync, ldmatrix, mma.sync m16n8k16, shfl.sync, stmatrix."""

import struct
from itertools import chain
from operator import itemgetter

from .decode import CONTROL, HANDLERS, Inst, qualifiers
from .errors import EmuError
from .numeric import f32_from_bits, half_table, mma_rows


def h_bar(dec, st, parts, args):
    """bar.sync / barrier.sync{.aligned} id{, count}; bar.arrive / barrier.arrive{.aligned} id,
    count (the thread counts toward the barrier and goes on; its writes before it are ordered
    before the waiters' reads after it); bar.warp.sync membermask."""
    q = parts[1:]
    if parts[0] == "barrier" and q[:1] == ["cluster"]:
        from .ops_async import h_barrier_cluster
        return h_barrier_cluster(dec, st, parts, args)
    if q == ["warp", "sync"]:
        mask = dec.src(args[0], 32)
        ins = Inst(st, CONTROL, lambda cta, th: cta.warp_arrive(th, ins))
        ins.members = mask
        ins.collective = lambda cta, lanes: cta.join(lanes)
        return ins
    kind = q[:1]
    if kind not in (["sync"], ["arrive"]) or q[1:] not in ([], ["aligned"]) or (parts[0] == "bar" and q[1:]):
        raise EmuError(f"{st.op} is not modelled")
    if kind == ["arrive"] and len(args) != 2:
        raise EmuError("bar.arrive takes a barrier and a thread count")
    bid = dec.src(args[0], 32) if args else (lambda th: 0)
    count = dec.src(args[1], 32) if len(args) > 1 else None
    wait = kind == ["sync"]
    ins = Inst(st, CONTROL, lambda cta, th: cta.bar_arrive(th, bid(th), count(th) if count else None, ins, wait))
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


def _index_maps():
    """The fragment tables as permutations: the registers' 16-bit halves of all lanes (lane,
    register, low / high half) to row-major A (16 x 16) and B transposed (8 x 16); C's registers
    to row-major C (16 x 8); and per lane the row-major indices of its D registers."""
    at_a = {FRAG_A[l][2 * i + h]: (4 * l + i) * 2 + h for l in range(32) for i in range(4) for h in range(2)}
    at_b = {FRAG_B[l][2 * i + h]: (2 * l + i) * 2 + h for l in range(32) for i in range(2) for h in range(2)}
    at_c = {FRAG_C[l][i]: 4 * l + i for l in range(32) for i in range(4)}
    return (itemgetter(*(at_a[(r, c)] for r in range(16) for c in range(16))),
            itemgetter(*(at_b[(k, c)] for c in range(8) for k in range(16))),
            itemgetter(*(at_c[(r, c)] for r in range(16) for c in range(8))),
            [itemgetter(*(8 * r + c for r, c in FRAG_C[l])) for l in range(32)])


MMA_A, MMA_B, MMA_C, MMA_D = _index_maps()


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

    get_a, get_b, get_c = itemgetter(*a), itemgetter(*b), itemgetter(*c)

    def gather(lanes):
        """A (16 x 16), B transposed (8 x 16: B[col][k]) and C (16 x 8) from the fragments: the
        registers of all lanes at once (lane by lane: a missing one is the same KeyError),
        through the index maps of the fragment tables."""
        va, vb, vc = [], [], []
        for th in lanes:
            regs = th.regs
            va += get_a(regs)
            vb += get_b(regs)
            vc += get_c(regs)
        try:
            ha = struct.unpack("<256H", struct.pack("<128I", *va))  # low half first
            hb = struct.unpack("<128H", struct.pack("<64I", *vb))
            fc = struct.unpack("<128f", struct.pack("<128I", *vc))
        except struct.error:  # a register wider than 32 bits: element by element
            return None
        A, B, C = MMA_A(list(map(table.__getitem__, ha))), MMA_B(list(map(table.__getitem__, hb))), MMA_C(fc)
        return ([A[16 * r:16 * r + 16] for r in range(16)], [B[16 * r:16 * r + 16] for r in range(8)],
                [C[8 * r:8 * r + 8] for r in range(16)])

    def gather_each(lanes):
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
        return A, B, C

    def collective(cta, lanes):
        A, B, C = gather(lanes) or gather_each(lanes)
        D = list(chain.from_iterable(mma_rows(A, B, C, q[6], q[6])))  # exactly rounded sums (IEEE for inf / NaN)
        for th, pick in zip(lanes, MMA_D):
            th.regs.update(zip(d, pick(D)))
        cta.stats["mma.sync"] += 1
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


HANDLERS.update({
    "bar": h_bar, "barrier": h_bar, "ldmatrix": h_ldmatrix, "mma": h_mma, "shfl": h_shfl, "stmatrix": h_stmatrix,
})
