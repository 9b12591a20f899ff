"""Run the data movement of a straight-line PTX kernel for every thread of a CTA, on the CPU,
and check where each input element ends up.

The kernel loads a struct of `n` elements from its first parameter, moves them (registers,
shuffles, shared memory) and stores a struct to its second parameter; the third, if any, is
the shared buffer (or a module-level `.shared` array). Every input byte is a token `("in", thread, byte offset in its struct)`; values are byte lists
whose bytes are integers or tokens, so moves, packing (`mov.b32 {a, b}`, shifts and masks by
whole bytes, `prmt`, `cvt`) keep the tokens while address arithmetic stays integer. Threads
run in lockstep; `stmatrix`, `ldmatrix` and `shfl.sync` act on the 32 lanes of a warp with
their PTX semantics. Shared memory records, per byte, the last writer and the barrier epoch: a
read or write that crosses threads without a barrier between them is an error (a race), as is
an address that depends on data.

check(ptx, kernel, threads, elem_bytes, expected): `expected(t, r)` is the set of input
(thread, field) pairs whose element belongs in field r of thread t's output.

check_shared(ptx, kernel, threads, copy): the kernel copies a row-major tile from global memory
(`cp.async`) into shared memory laid out by a 2-D CuTe layout (`copy["smem"]`, swizzle
allowed): every byte must land at its shared offset. With `origin` and `valid`, the tile starts
at that element of the tensor and only `valid` rows and columns of it lie inside: the others
must be zero (cp.async's src-size); `params` are the kernel's parameters after the first;
`shared_offset` (elements) moves the whole tile in shared memory (a stage of a staged layout).

check_copy(ptx, kernel, threads, copy): the kernel copies a row-major tensor in global memory
(`copy`: `shape` [rows, columns], `stride` in elements, element `bytes`; the stride is the
kernel's third parameter, or `params` are the parameters after the first two) from its first
parameter to its second, through whatever registers, shuffles and shared memory: input bytes
are tokens `("in", -1, byte offset)` (the same for every thread), and every byte of every
element of the output (of `region`, [[r0, r1], [c0, c1]], when given) must be written, by each
writer with the input byte at the same offset, and nothing else.

Forward branches are followed (a thread that branches resumes at the label, where it
reconverges with the others); a backward branch (a loop) and a barrier in divergent code are
refused.
"""

import re
import sys

_OPERAND = re.compile(r"\{[^}]*\}|\[[^\]]*\]|[^,\s][^,]*")


class Fail(Exception):
    pass


def statements(ptx, kernel):
    start = ptx.index(".entry " + kernel)
    body = ptx[ptx.index("{", start) + 1:]
    depth, end = 1, 0
    for i, ch in enumerate(body):
        depth += ch == "{"
        depth -= ch == "}"
        if depth == 0:
            end = i
            break
    out = []
    for line in body[:end].split("\n"):
        line = line.split("//")[0].strip()
        if line.endswith(":"):
            out.append(line)  # a label: where threads that branched to it resume
            continue
        if not line or line.startswith("."):
            continue
        for stmt in line.split(";"):
            if stmt.strip():
                out.append(stmt.strip())
    return out


def width(op):
    m = re.search(r"\.[bsuf](8|16|32|64)\b", op)
    return int(m.group(1)) // 8 if m else 4


def from_int(x, n):
    return [(x >> (8 * i)) & 0xFF for i in range(n)]


def to_int(v):
    if any(not isinstance(b, int) for b in v):
        raise Fail("an integer operation reads data bytes")
    return sum(b << (8 * i) for i, b in enumerate(v))


def fit(v, n):
    return (list(v) + [0] * n)[:n]


class Cta:
    def __init__(self, stmts, threads, params, shared_input=False):
        self.stmts, self.n, self.params = stmts, threads, params
        self.shared_input = shared_input
        self.regs = [dict() for _ in range(threads)]
        self.shared = {}  # byte address -> (value, writer thread, (global epoch, warp epoch))
        self.reads = {}  # byte address -> set of (thread, global epoch, warp epoch)
        self.epoch = 0
        self.warp_epoch = [0] * (threads // 32)
        self.out = {}  # (thread, byte offset) -> byte
        self.writes = {}  # byte offset -> the bytes written there by any thread

    # -- values -----------------------------------------------------------------------
    def val(self, t, a, n):
        a = a.strip()
        if a.startswith("%tid.x"):
            return from_int(t, n)
        if a.startswith("%tid") or a.startswith("%ctaid"):
            return from_int(0, n)
        if a.startswith("%"):
            if a not in self.regs[t]:
                raise Fail(f"thread {t} reads {a} before it is written")
            return fit(self.regs[t][a], n)
        if re.fullmatch(r"-?(0[xX][0-9a-fA-F]+|\d+)[uU]?", a):
            return from_int(int(a.rstrip("uU"), 0) & ((1 << (8 * n)) - 1), n)
        raise Fail(f"operand {a}")

    def addr(self, t, a):
        inner = a.strip()[1:-1].replace(" ", "")
        m = re.fullmatch(r"([%\w.]+?)(\+(-?\d+))?", inner)
        if not m:
            raise Fail(f"address {a}")
        base = m.group(1)
        x = self.params[base] if base in self.params else to_int(self.val(t, base, 8))
        return x + (int(m.group(3)) if m.group(3) else 0)

    # -- shared memory with race detection ------------------------------------------
    def stamp(self, t):
        return (self.epoch, self.warp_epoch[t // 32])

    def ordered(self, t, other, when):
        if other == t:
            return True
        if other // 32 == t // 32:
            return self.warp_epoch[t // 32] > when[1]
        return self.epoch > when[0]

    def sh_write(self, t, a, data):
        for i, b in enumerate(data):
            old = self.shared.get(a + i)
            if old and not self.ordered(t, old[1], old[2]):
                raise Fail(f"race: thread {t} overwrites byte {a + i} of thread {old[1]} without a barrier")
            for (r, ge, we) in self.reads.get(a + i, ()):
                if not self.ordered(t, r, (ge, we)):
                    raise Fail(f"race: thread {t} writes byte {a + i} that thread {r} reads without a barrier")
            self.shared[a + i] = (b, t, self.stamp(t))
            self.reads.pop(a + i, None)

    def sh_read(self, t, a, n):
        out = []
        for i in range(n):
            cell = self.shared.get(a + i)
            if cell is None:
                raise Fail(f"thread {t} reads byte {a + i} of shared memory that nobody wrote")
            if not self.ordered(t, cell[1], cell[2]):
                raise Fail(f"race: thread {t} reads byte {a + i} written by thread {cell[1]} without a barrier")
            self.reads.setdefault(a + i, set()).add((t,) + self.stamp(t))
            out.append(cell[0])
        return out

    # -- execution --------------------------------------------------------------------
    def run(self):
        # Forward branches only: a thread that branches waits for its label (reconverging
        # there); a backward branch (a loop) is refused.
        labels = {st[:-1]: i for i, st in enumerate(self.stmts) if st.endswith(":")}
        waiting = [None] * self.n  # the label a thread waits for, or "exit"
        for at, stmt in enumerate(self.stmts):
            if stmt.endswith(":"):
                waiting = [None if w == stmt[:-1] else w for w in waiting]
                continue
            pred = None
            if stmt.startswith("@"):
                pred, stmt = stmt.split(None, 1)
            op, _, rest = stmt.partition(" ")
            args = [x.strip() for x in _OPERAND.findall(rest)]
            running = [t for t in range(self.n) if waiting[t] is None]
            active = running
            if pred:
                neg = pred.startswith("@!")
                name = pred[2:] if neg else pred[1:]
                active = [t for t in active if bool(to_int(self.val(t, name, 1))) != neg]
            base = op.split(".")[0]
            if base in ("ret", "exit"):
                for t in active:
                    waiting[t] = "exit"
                if all(w == "exit" for w in waiting):
                    break
                continue
            if base == "bra":
                target = args[0]
                if labels.get(target, -1) <= at:
                    raise Fail(f"branch to {target}: only forward branches are followed")
                for t in active:
                    waiting[t] = target
                continue
            if op.startswith("bar.sync") or op.startswith("barrier.sync"):
                if len(active) != self.n:
                    raise Fail("bar.sync under a predicate or in divergent code")
                self.epoch += 1
                self.warp_epoch = [e + 1 for e in self.warp_epoch]
                continue
            if op.startswith("bar.warp.sync"):
                for w in range(self.n // 32):
                    self.warp_epoch[w] += 1
                continue
            if op.startswith("cp.async.commit_group") or op.startswith("cp.async.wait_group"):
                continue  # copies land at once here: the groups order nothing more
            if op.startswith("cp.async") and ".shared.global" in op:
                for t in active:
                    self.cp_async(t, args)
                continue
            if base in ("stmatrix", "ldmatrix"):
                self.matrix(op, args, active)
                continue
            if base == "shfl":
                self.shfl(op, args, active)
                continue
            for t in active:
                self.step(t, op, base, args)
        return self

    def cp_async(self, t, args):
        """`cp.async.{ca,cg}.shared.global [dst], [src], bytes{, src-size}`: global bytes to
        shared memory; with src-size, only the first src-size bytes are read and the others
        are zero-filled (integer 0)."""
        dst, src, n = self.addr(t, args[0]), self.addr(t, args[1]), int(args[2])
        if n not in (4, 8, 16) or dst % n or (src - self.params["in"]) % n:
            raise Fail(f"thread {t}: cp.async of {n} bytes from {src:#x} to {dst} (sizes 4, 8, 16, aligned)")
        size = n if len(args) < 4 else to_int(self.val(t, args[3], 4))
        if isinstance(size, tuple) or not 0 <= size <= n:
            raise Fail(f"thread {t}: cp.async src-size {size} of a {n}-byte copy")
        self.sh_write(t, dst, [("in", -1, src - self.params["in"] + i) if i < size else 0 for i in range(n)])

    def dests(self, a):
        return [x.strip() for x in a.strip("{}").split(",")]

    def step(self, t, op, base, args):
        regs = self.regs[t]
        n = width(op)
        if base == "ld" and ".param" in op:
            regs[args[0]] = from_int(self.params[args[1].strip("[] ")], 8)
        elif base == "ld":
            a = self.addr(t, args[1])
            ds = self.dests(args[0])
            vec = re.search(r"\.v(\d)", op)
            for k, d in enumerate(ds):
                at = a + k * n
                if ".shared" in op:
                    data = self.sh_read(t, at, n)
                else:
                    who = -1 if self.shared_input else t
                    data = [("in", who, at - self.params["in"] + i) for i in range(n)]
                if d != "_":
                    regs[d] = data
            if vec and len(ds) != int(vec.group(1)):
                raise Fail(f"vector arity of `{op}`")
        elif base == "st":
            a = self.addr(t, args[0])
            for k, s in enumerate(self.dests(args[1])):
                data = self.val(t, s, n)
                if ".shared" in op:
                    self.sh_write(t, a + k * n, data)
                else:
                    for i, b in enumerate(data):
                        self.out[(t, a + k * n - self.params["out"] + i)] = b
                        self.writes.setdefault(a + k * n - self.params["out"] + i, set()).add(b)
        elif base in ("mov", "cvta") and args[1].startswith("{"):
            parts = self.dests(args[1])
            size = n // len(parts)
            regs[args[0]] = sum((self.val(t, p, size) for p in parts), [])
        elif base == "mov" and args[0].startswith("{"):
            ds = self.dests(args[0])
            v = self.val(t, args[1], n)
            size = n // len(ds)
            for k, d in enumerate(ds):
                if d != "_":
                    regs[d] = v[k * size:(k + 1) * size]
        elif base in ("mov", "cvta"):
            if args[1] in self.params:
                regs[args[0]] = from_int(self.params[args[1]], 8)
            else:
                regs[args[0]] = self.val(t, args[1], n)
        elif base == "cvt":
            types = re.findall(r"\.([bsuf])(8|16|32|64)\b", op)
            dn, sn = int(types[0][1]) // 8, int(types[-1][1]) // 8
            v = self.val(t, args[1], sn)
            if types[-1][0] == "s" and dn > sn:
                x = to_int(v)
                if x >> (8 * sn - 1):
                    x -= 1 << (8 * sn)
                regs[args[0]] = from_int(x & ((1 << (8 * dn)) - 1), dn)
            else:
                regs[args[0]] = fit(v, dn)
        else:
            regs[args[0]] = self.alu(t, op, base, args[1:], n)

    def alu(self, t, op, base, srcs, n):
        v = [self.val(t, s, n) for s in srcs]
        concrete = all(isinstance(b, int) for x in v for b in x)
        if base in ("shl", "shr") and isinstance(v[1][0], int):
            k = to_int(v[1])
            if k % 8 == 0 and not concrete:
                k //= 8
                x = v[0]
                return fit([0] * k + x, n) if base == "shl" else fit(x[k:], n)
        if base in ("or", "xor", "and") and not concrete:
            out = []
            for a, b in zip(v[0], v[1]):
                if base == "and":
                    if a == 0 or b == 0:
                        out.append(0)
                    elif a == 0xFF:
                        out.append(b)
                    elif b == 0xFF:
                        out.append(a)
                    else:
                        raise Fail(f"`{op}` masks part of a data byte")
                elif a == 0:
                    out.append(b)
                elif b == 0:
                    out.append(a)
                else:
                    raise Fail(f"`{op}` combines two data bytes")
            return out
        if base == "selp" and isinstance(v[2][0], int):
            return v[0] if to_int(v[2]) else v[1]
        if base == "prmt":
            src = fit(v[0], 4) + fit(v[1], 4)
            c = to_int(v[2])
            out = []
            for i in range(4):
                sel = (c >> (4 * i)) & 0xF
                if sel & 8:
                    raise Fail("prmt sign replication of data")
                out.append(src[sel & 7])
            return out
        if not concrete:
            raise Fail(f"`{op}` computes on data")
        x = [to_int(a) for a in v]
        m = (1 << (8 * n)) - 1
        signed = lambda y: y - (1 << (8 * n)) if y >> (8 * n - 1) else y
        r = {
            "add": lambda: x[0] + x[1], "sub": lambda: x[0] - x[1], "and": lambda: x[0] & x[1],
            "or": lambda: x[0] | x[1], "xor": lambda: x[0] ^ x[1], "not": lambda: ~x[0],
            "shl": lambda: x[0] << x[1], "shr": lambda: (signed(x[0]) if ".s" in op else x[0]) >> x[1],
            "mul": lambda: x[0] * x[1], "mad": lambda: x[0] * x[1] + x[2], "neg": lambda: -x[0],
            "min": lambda: min(*((signed(x[0]), signed(x[1])) if ".s" in op else x[:2])),
            "max": lambda: max(*((signed(x[0]), signed(x[1])) if ".s" in op else x[:2])),
            "selp": lambda: x[0] if x[2] else x[1],
            "bfe": lambda: bfe(x, ".s" in op),
        }.get(base)
        if base == "setp":
            cmp = op.split(".")[1]
            a, b = (signed(x[0]), signed(x[1])) if ".s" in op else (x[0], x[1])
            ok = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b,
                  "lo": a < b, "ls": a <= b, "hi": a > b, "hs": a >= b}[cmp]
            return [int(ok)]
        if r is None:
            raise Fail(f"unsupported instruction `{op}`")
        if op.endswith(".pred"):  # predicates are one bit (not.pred: the other one)
            return [r() & 1]
        return from_int(r() & m, n)

    def matrix(self, op, args, active):
        x = int(re.search(r"\.x(\d)", op).group(1))
        trans = ".trans" in op
        store = op.startswith("stmatrix")
        addr_arg, regs_arg = (args[0], args[1]) if store else (args[1], args[0])
        for w in range(self.n // 32):
            lanes = [32 * w + l for l in range(32)]
            if any(t not in active for t in lanes):
                raise Fail(f"{op} under a predicate")
            rows = [self.addr(t, addr_arg) for t in lanes]
            names = self.dests(regs_arg)
            for l, t in enumerate(lanes):
                for j in range(x):
                    if trans:
                        places = [rows[8 * j + 2 * (l % 4) + q] + 2 * (l // 4) for q in range(2)]
                        parts = [(p, 2) for p in places]
                    else:
                        parts = [(rows[8 * j + l // 4] + 4 * (l % 4), 4)]
                    if any(p % 16 + k > 16 for p, k in parts):
                        raise Fail(f"{op}: a row crosses 16 bytes")
                    if store:
                        data = self.val(t, names[j], 4)
                        k = 0
                        for p, size in parts:
                            self.sh_write(t, p, data[k:k + size])
                            k += size
                    else:
                        data = []
                        for p, size in parts:
                            data += self.sh_read(t, p, size)
                        if names[j] != "_":
                            self.regs[t][names[j]] = data

    def shfl(self, op, args, active):
        if ".idx" not in op:
            raise Fail(f"{op}: only shfl.sync.idx")
        d = args[0].split("|")[0]
        for w in range(self.n // 32):
            lanes = [32 * w + l for l in range(32)]
            vals = {t: self.val(t, args[1], 4) for t in lanes}
            got = {}
            for t in lanes:
                if t in active:
                    src = to_int(self.val(t, args[2], 4))
                    if src > 31:
                        raise Fail("shfl source lane past 31")
                    got[t] = vals[32 * w + src]
            for t, v in got.items():
                self.regs[t][d] = v


def bfe(x, signed):
    """PTX bfe: `x[2]` bits of `x[0]` from bit `x[1]`, sign-extended for .s types."""
    f = (x[0] >> x[1]) & ((1 << x[2]) - 1)
    if signed and x[2] and f >> (x[2] - 1) & 1:
        f -= 1 << x[2]
    return f


def kernel_params(ptx, kernel, values):
    """The kernel's u64 parameters by position (`values`, then 0), `in` and `out`, and any
    module-level shared array (`.shared .align 16 .b8 name[bytes];`) as the shared buffer."""
    params = {}
    for i, name in enumerate(re.findall(r"\.param \.u64[^,\n)]* (\w+)", ptx[ptx.index(".entry " + kernel):])):
        params[name] = values[i] if i < len(values) else 0
    params["in"], params["out"] = 0x10000000, 0x20000000
    for name in re.findall(r"\.shared\s+\.align\s+\d+\s+\.b8\s+(\w+)\[", ptx):
        params[name] = 0
    return params


def check(ptx, kernel, threads, elem_bytes, fields_out, expected):
    params = kernel_params(ptx, kernel, [0x10000000, 0x20000000, 0])
    cta = Cta(statements(ptx, kernel), threads, params).run()
    wrong = 0
    for t in range(threads):
        for r in range(fields_out):
            got = [cta.out.get((t, r * elem_bytes + i)) for i in range(elem_bytes)]
            if any(g is None for g in got):
                raise Fail(f"thread {t} stores no field {r}")
            srcs = {(g[1], g[2] // elem_bytes) for g in got if isinstance(g, tuple)}
            bytes_ok = all(isinstance(g, tuple) and g[2] % elem_bytes == i for i, g in enumerate(got))
            if len(srcs) != 1 or not bytes_ok or srcs.pop() not in expected(t, r):
                wrong += 1
                if wrong <= 5:
                    print(f"thread {t} field {r}: got {got}, expected one of {sorted(expected(t, r))[:4]}")
    return wrong


def check_copy(ptx, kernel, threads, copy):
    params = kernel_params(ptx, kernel, [0x10000000, 0x20000000] + copy.get("params", [copy["stride"]]))
    cta = Cta(statements(ptx, kernel), threads, params, shared_input=True).run()
    rows, cols = copy["shape"]
    n = copy["bytes"]
    # Only the elements of `region` ([[r0, r1], [c0, c1]], default all) are copied.
    (r0, r1), (c0, c1) = copy.get("region", [[0, rows], [0, cols]])
    wrong, expected = 0, set()
    for i in range(r0, r1):
        for j in range(c0, c1):
            for b in range(n):
                o = (i * copy["stride"] + j) * n + b
                expected.add(o)
                got = cta.writes.get(o)
                if got != {("in", -1, o)}:
                    wrong += 1
                    if wrong <= 5:
                        print(f"element ({i}, {j}) byte {b}: got {got}")
    stray = sorted(set(cta.writes) - expected)
    if stray:
        raise Fail(f"writes outside the tensor, first at byte {stray[0]}")
    return wrong


def cute_offset(text, i, j):
    """The offset of coordinate (i, j) under a 2-D CuTe layout `(R,C):(s0,s1)`, optionally
    swizzled, `Sw<B,M,S> o 0 o (R,C):(s0,s1)` (the test cases' shared layouts)."""
    m = re.fullmatch(r"(?:Sw<(\d+),(\d+),(\d+)> o 0 o )?\((\d+),(\d+)\):\((\d+),(\d+)\)", text)
    if not m:
        raise Fail(f"shared layout {text}")
    o = i * int(m.group(6)) + j * int(m.group(7))
    if m.group(1):
        b, mm, sh = int(m.group(1)), int(m.group(2)), int(m.group(3))
        yyy = ((1 << b) - 1) << (mm + sh)
        o ^= (o & yyy) >> sh
    return o


def check_shared(ptx, kernel, threads, copy):
    """The kernel copies a row-major tile of global memory (its first parameter, `stride` the
    second) into shared memory laid out by `copy["smem"]`: every byte of every element must end
    at its shared offset, nothing else written."""
    params = kernel_params(ptx, kernel, [0x10000000] + copy.get("params", [copy["stride"]]))
    cta = Cta(statements(ptx, kernel), threads, params, shared_input=True).run()
    rows, cols = copy["shape"]
    n = copy["bytes"]
    # A tile at `origin` of the global tensor of which `valid` rows and columns are inside:
    # the others must be zero-filled.
    (r0, c0), (vr, vc) = copy.get("origin", (0, 0)), copy.get("valid", (rows, cols))
    wrong, expected = 0, set()
    for i in range(rows):
        for j in range(cols):
            at = (copy.get("shared_offset", 0) + cute_offset(copy["smem"], i, j)) * n
            for b in range(n):
                expected.add(at + b)
                cell = cta.shared.get(at + b)
                inside = i < vr and j < vc
                want = ("in", -1, ((r0 + i) * copy["stride"] + c0 + j) * n + b) if inside else 0
                if cell is None or cell[0] != want:
                    wrong += 1
                    if wrong <= 5:
                        print(f"element ({i}, {j}) byte {b} at shared {at + b}: got {cell and cell[0]}, expected {want}")
    stray = sorted(set(cta.shared) - expected)
    if stray:
        raise Fail(f"writes outside the tile's shared bytes, first at byte {stray[0]}")
    return wrong


def elements(layout):
    """(in-dimension bases as packed element ids, out sizes) of a linear layout's JSON."""
    outs = [d["size"] for d in layout["out_dims"]]
    def pack(v):
        x, shift = 0, 0
        for c, s in zip(v, outs):
            x |= c << shift
            shift += s.bit_length() - 1
        return x
    dims = {d["name"]: [pack(b) for b in d["bases"]] for d in layout["in_dims"]}
    return dims


def apply(dims, name, i):
    x = 0
    for k, b in enumerate(dims.get(name, [])):
        if i >> k & 1:
            x ^= b
    return x


def main():
    import argparse
    import json
    ap = argparse.ArgumentParser()
    ap.add_argument("ptx")
    ap.add_argument("cases")
    a = ap.parse_args()
    ptx = open(a.ptx).read()
    failed = 0
    for case in json.load(open(a.cases)):
        mode = "shared" if "shared" in case else "copy" if "copy" in case else None
        if mode:
            c = case[mode]
            run = check_shared if mode == "shared" else check_copy
            try:
                wrong = run(ptx, case["kernel"], case["threads"], c)
            except Fail as e:
                print(f"{case['kernel']}: {e}")
                failed += 1
                continue
            (r0, r1), (c0, c1) = c.get("region", [[0, c["shape"][0]], [0, c["shape"][1]]])
            elems = (r1 - r0) * (c1 - c0)
            where = " into shared memory" if mode == "shared" else ""
            print(f"{case['kernel']}: {elems} elements copied{where} by {case['threads']} threads: {'all right' if wrong == 0 else f'{wrong} bytes wrong'}")
            failed += wrong != 0
            continue
        src, dst = elements(case["src"]), elements(case["dst"])
        warps = 1 << len(src.get("warp", []))
        threads = 32 * warps
        held = {}
        for t in range(threads):
            for r in range(1 << len(src["register"])):
                e = apply(src, "lane", t % 32) ^ apply(src, "warp", t // 32) ^ apply(src, "register", r)
                held.setdefault(e, set()).add((t, r))
        def expected(t, r):
            e = apply(dst, "lane", t % 32) ^ apply(dst, "warp", t // 32) ^ apply(dst, "register", r)
            return held[e]
        try:
            wrong = check(ptx, case["kernel"], threads, case["bytes"], 1 << len(dst["register"]), expected)
        except Fail as e:
            print(f"{case['kernel']}: {e}")
            failed += 1
            continue
        print(f"{case['kernel']}: {threads} threads x {1 << len(dst['register'])} fields: {'all moved right' if wrong == 0 else f'{wrong} wrong'}")
        failed += wrong != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
