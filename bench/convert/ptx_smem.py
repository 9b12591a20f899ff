"""Shared-memory traffic (and shuffles, barriers, selects) of a straight-line PTX kernel, by interpreting its integer address
arithmetic for every thread of the CTA.

Each thread runs the kernel body: `%tid.x` is its index, the shared window (`.extern .shared`)
starts at 0, values loaded from global memory are unknown. Every `st.shared`, `ld.shared`,
`stmatrix`, `ldmatrix`, `shfl.sync` and `bar.sync` a thread executes is recorded with its
address; a shared access whose address depends on an unknown value is an error (the count
would be made up). Wavefronts per warp-wide access follow NVIDIA's model: 32 banks of 4 bytes;
a vector access of at most 4, 8 or 16 bytes per lane is served 32, 16 or 8 lanes at a time, an
`ldmatrix`/`stmatrix` one 8x8 matrix (8 rows of 16 bytes) at a time; in each phase a bank
serves one distinct word per wavefront.
"""

import re
from collections import defaultdict

MASK = {16: 0xFFFF, 32: 0xFFFFFFFF, 64: 0xFFFFFFFFFFFFFFFF}

_OPERAND = re.compile(r"\{[^}]*\}|\[[^\]]*\]|[^,\s][^,]*")


def _statements(ptx):
    """The kernel's statements, in order, without comments, directives or labels."""
    body = ptx[ptx.index("{", ptx.index(".entry")) + 1:]
    out = []
    for line in body.split("\n"):
        line = line.split("//")[0].strip()
        if not line or line.startswith(".") or line.endswith(":") or line in ("{", "}"):
            continue
        for stmt in line.split(";"):
            stmt = stmt.strip()
            if stmt:
                out.append(stmt)
    return out


def _split(stmt):
    pred = None
    if stmt.startswith("@"):
        pred, stmt = stmt.split(None, 1)
    parts = stmt.split(None, 1)
    op = parts[0]
    args = [a.strip() for a in _OPERAND.findall(parts[1])] if len(parts) > 1 else []
    return pred, op, args


def _bits(op):
    m = re.search(r"\.[bsu](8|16|32|64)\b", op)
    return int(m.group(1)) if m else 32


def _bytes(op):
    m = re.search(r"\.v(\d)", op)
    return (int(m.group(1)) if m else 1) * max(_bits(op), 8) // 8


class Unknown(Exception):
    pass


def run_thread(stmts, tid):
    """The shared-memory events of thread `tid`: (statement index, kind, op, address)."""
    regs = {}
    events = []

    def val(a):
        a = a.strip()
        if a.startswith("%tid.x"):
            return tid
        if a.startswith("%tid") or a.startswith("%ctaid") or a.startswith("%nctaid"):
            return 0
        if a == "global_smem":
            return 0
        if a.startswith("%"):
            v = regs.get(a)
            if v is None:
                raise Unknown(a)
            return v
        if re.fullmatch(r"-?0[xX][0-9a-fA-F]+[uU]?", a):
            return int(a.rstrip("uU"), 16)
        if re.fullmatch(r"-?\d+", a):
            return int(a)
        raise Unknown(a)

    def addr(a):
        inner = a.strip()[1:-1].replace(" ", "")
        m = re.fullmatch(r"([%\w.]+)(\+(-?\d+))?", inner)
        if not m:
            raise Unknown(a)
        return val(m.group(1)) + (int(m.group(3)) if m.group(3) else 0)

    for i, stmt in enumerate(stmts):
        pred, op, args = _split(stmt)
        if pred is not None:
            neg = pred.startswith("@!")
            try:
                p = val(pred[2:] if neg else pred[1:])
            except Unknown:
                p = None
            if p is None:
                if any(k in op for k in ("shared", "matrix", "shfl", "bar")):
                    raise Unknown(f"predicate {pred} of `{stmt}`")
                if args and args[0].startswith("%"):
                    regs[args[0]] = None
                continue
            if bool(p) == neg:
                continue
        base = op.split(".")[0]
        try:
            if op.startswith("bar.") or op.startswith("barrier."):
                events.append((i, "bar", op, None))
            elif base in ("st", "ld") and ".shared" in op:
                a = args[0] if base == "st" else args[1]
                events.append((i, base, op, addr(a)))
                if base == "ld":
                    for r in re.findall(r"%[\w]+", args[0]):
                        regs[r] = None
            elif base in ("stmatrix", "ldmatrix"):
                a = args[0] if base == "stmatrix" else args[1]
                events.append((i, base, op, addr(a)))
                if base == "ldmatrix":
                    for r in re.findall(r"%[\w]+", args[0]):
                        regs[r] = None
            elif base == "shfl":
                events.append((i, "shfl", op, None))
                for r in re.findall(r"%[\w]+", args[0].split("|")[0]):
                    regs[r] = None
            elif base in ("ret", "exit", "bra"):
                if base == "bra":
                    raise Unknown(f"branch `{stmt}`: only straight-line kernels are read")
                break
            elif args and args[0].startswith("%") and not args[0].startswith("{"):
                if base == "selp":
                    events.append((i, "alu", op, None))
                regs[args[0]] = _eval(op, base, [a for a in args[1:]], val)
        except Unknown:
            if base in ("st", "ld", "stmatrix", "ldmatrix") and (".shared" in op or "matrix" in op):
                raise
            if args and args[0].startswith("%"):
                regs[args[0]] = None
    return events


def _eval(op, base, srcs, val):
    w = _bits(op)
    m = MASK.get(w, MASK[64])
    if base == "mov" or base == "cvta":
        return val(srcs[0]) & MASK[64]
    if base == "cvt":
        types = re.findall(r"\.([bsuf])(8|16|32|64)\b", op)
        (dk, db), (sk, sb) = types[0], types[-1]
        v = val(srcs[0]) & MASK.get(int(sb), 0xFF)
        if sk == "s" and v >> (int(sb) - 1) & 1:
            v -= 1 << int(sb)
        return v & MASK.get(int(db), 0xFF)
    if base == "prmt":
        a, b, c = (val(x) for x in srcs[:3])
        src = [(a >> (8 * i)) & 0xFF for i in range(4)] + [(b >> (8 * i)) & 0xFF for i in range(4)]
        out = 0
        for i in range(4):
            sel = (c >> (4 * i)) & 0xF
            byte = src[sel & 7]
            if sel & 8:
                byte = 0xFF if byte & 0x80 else 0
            out |= byte << (8 * i)
        return out
    if base == "setp":
        a, b = val(srcs[0]), val(srcs[1])
        cmp = op.split(".")[1]
        return int({"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b,
                    "ge": a >= b, "lo": a < b, "ls": a <= b, "hi": a > b, "hs": a >= b}[cmp])
    if base == "selp":
        return val(srcs[0]) if val(srcs[2]) else val(srcs[1])
    a = val(srcs[0])
    if base == "not":
        return ~a & m
    if base == "neg":
        return -a & m
    b = val(srcs[1]) if len(srcs) > 1 else None
    if base == "and":
        return a & b
    if base == "or":
        return a | b
    if base == "xor":
        return a ^ b
    if base == "shl":
        return (a << b) & m
    if base == "shr":
        return (a & m) >> b
    if base == "add":
        return (a + b) & m
    if base == "sub":
        return (a - b) & m
    if base == "mul":
        return (a * b) & (MASK[64] if ".wide" in op else m)
    if base == "mad":
        return (a * b + val(srcs[2])) & (MASK[64] if ".wide" in op else m)
    if base == "min":
        return min(a, b)
    if base == "max":
        return max(a, b)
    if base == "bfe":
        n = val(srcs[2])
        f = (a >> b) & ((1 << n) - 1)
        if ".s" in op and n and f >> (n - 1) & 1:
            f = (f - (1 << n)) & m
        return f
    raise Unknown(op)


def wavefronts(op, kind, lane_addrs):
    """Wavefronts of one warp-wide access from its lanes' addresses (None: lane inactive)."""
    if kind in ("stmatrix", "ldmatrix"):
        x = int(re.search(r"\.x(\d)", op).group(1))
        total = 0
        for j in range(x):
            banks = defaultdict(set)
            for lane in range(8 * j, 8 * j + 8):
                a = lane_addrs[lane]
                if a is None:
                    continue
                for w in range(a // 4, (a + 15) // 4 + 1):
                    banks[w % 32].add(w)
            total += max((len(v) for v in banks.values()), default=0)
        return total
    nbytes = _bytes(op)
    lpp = 32 if nbytes <= 4 else (16 if nbytes == 8 else 8)
    total = 0
    for p0 in range(0, 32, lpp):
        banks = defaultdict(set)
        for lane in range(p0, p0 + lpp):
            a = lane_addrs[lane]
            if a is None:
                continue
            for w in range(a // 4, (a + nbytes - 1) // 4 + 1):
                banks[w % 32].add(w)
        if banks:
            total += max(len(v) for v in banks.values())
    return total


def smem_traffic(ptx, threads):
    """Per-thread instruction counts by PTX op and per-warp wavefronts (largest over warps)."""
    stmts = _statements(ptx)
    per_thread = [run_thread(stmts, t) for t in range(threads)]
    counts = defaultdict(int)
    for (_, kind, op, _) in per_thread[0]:
        counts[op] += 1
    worst = 0
    for w in range(threads // 32):
        total = 0
        lanes = per_thread[32 * w: 32 * w + 32]
        by_stmt = defaultdict(lambda: [None] * 32)
        order = {}
        for lane, evs in enumerate(lanes):
            seen = defaultdict(int)
            for (i, kind, op, a) in evs:
                if kind in ("bar", "shfl", "alu"):
                    continue
                key = (i, seen[i])
                seen[i] += 1
                by_stmt[key][lane] = a
                order[key] = (kind, op)
        for key, addrs in by_stmt.items():
            kind, op = order[key]
            total += wavefronts(op, kind, addrs)
        worst = max(worst, total)
    return dict(counts), worst


def self_check():
    """The wavefront model on accesses whose answer is known."""
    lanes = list(range(32))
    # 32 lanes, 4 bytes each, consecutive: one wavefront; a stride of 128 bytes: 32.
    assert wavefronts("st.shared.b32", "st", [4 * t for t in lanes]) == 1
    assert wavefronts("st.shared.b32", "st", [128 * t for t in lanes]) == 32
    # Same word from every lane: a broadcast, one wavefront.
    assert wavefronts("ld.shared.b32", "ld", [0] * 32) == 1
    # 16 bytes per lane, consecutive: four phases of 8 lanes, one wavefront each.
    assert wavefronts("st.shared.v4.b32", "st", [16 * t for t in lanes]) == 4
    # ldmatrix.x4 with rows 16 bytes apart: 4 matrices, one wavefront each; rows 128 bytes
    # apart: every row in the same 4 banks, 8 wavefronts per matrix.
    assert wavefronts("ldmatrix.sync.aligned.m8n8.x4.shared.b16", "ldmatrix", [16 * t for t in lanes]) == 4
    assert wavefronts("ldmatrix.sync.aligned.m8n8.x4.shared.b16", "ldmatrix", [128 * t for t in lanes]) == 32
    ptx = """.visible .entry k() {
    mov.u32 %r1, %tid.x;
    and.b32 %r2, %r1, 7;
    neg.s32 %r3, %r2;
    bfe.s32 %r4, %r1, 3, 1;
    prmt.b32 %r5, %r1, 0, 0x7710U;
    shl.b32 %r6, %r1, 7;
    mov.b32 %r7, global_smem;
    add.s32 %r8, %r7, %r6;
    st.shared.b32 [%r8+4], %r3;
    bar.sync 0;
    ret;
}"""
    stmts = _statements(ptx)
    ev = run_thread(stmts, 9)
    assert ev[0] == (8, "st", "st.shared.b32", 9 * 128 + 4), ev
    counts, wf = smem_traffic(ptx, 64)
    assert counts == {"st.shared.b32": 1, "bar.sync": 1} and wf == 32, (counts, wf)


if __name__ == "__main__":
    self_check()
    print("ptx_smem: self-check passed")
