"""Specialized forms of the hottest scalar instructions: for a plain register or immediate
operand, one closure that reads and writes th.regs directly instead of a chain of operand
getters. Each is the generic form's arithmetic unrolled (masking first or last is the same
modulo 2^bits), reading its operands in the same order (the same KeyError for a register read
before any write); any other operand form keeps the generic path (None here)."""


def binary(dec, d, op, bits, a, b):
    """add sub and or xor (unsigned or signless) and shl: d = a op b, None if not special."""
    mask = (1 << bits) - 1
    fa = dec.form(a, bits)
    fb = dec.form(b, 32 if op == "shl" else bits)
    if fa is None or fb is None or fa[0] != "reg":
        return None
    x = fa[1]
    if op == "shl":
        if fb[0] != "imm":
            return None
        sh = fb[1]
        if sh >= bits:
            def zero(th):
                r = th.regs
                r[x]  # read (a register never written is an error) and shifted out
                r[d] = 0
            return zero

        def shl(th):
            r = th.regs
            r[d] = (r[x] << sh) & mask
        return shl
    if fb[0] == "imm":
        v = fb[1]
        if op == "add":
            def f(th):
                r = th.regs
                r[d] = (r[x] + v) & mask
        elif op == "sub":
            def f(th):
                r = th.regs
                r[d] = (r[x] - v) & mask
        elif op == "and":
            def f(th):
                r = th.regs
                r[d] = r[x] & v
        elif op == "or":
            def f(th):
                r = th.regs
                r[d] = (r[x] & mask) | v
        elif op == "xor":
            def f(th):
                r = th.regs
                r[d] = (r[x] & mask) ^ v
        else:
            return None
        return f
    y = fb[1]
    if op == "add":
        def g(th):
            r = th.regs
            r[d] = (r[x] + r[y]) & mask
    elif op == "sub":
        def g(th):
            r = th.regs
            r[d] = (r[x] - r[y]) & mask
    elif op == "and":
        def g(th):
            r = th.regs
            r[d] = r[x] & r[y] & mask
    elif op == "or":
        def g(th):
            r = th.regs
            r[d] = (r[x] | r[y]) & mask
    elif op == "xor":
        def g(th):
            r = th.regs
            r[d] = (r[x] ^ r[y]) & mask
    else:
        return None
    return g


def move(dec, d, a, bits):
    """mov d, a (a register or an immediate)."""
    fa = dec.form(a, bits)
    if fa is None:
        return None
    if fa[0] == "imm":
        v = fa[1]

        def imm(th):
            th.regs[d] = v
        return imm
    x, mask = fa[1], (1 << bits) - 1

    def reg(th):
        r = th.regs
        r[d] = r[x] & mask
    return reg


def mask_move(dec, d, a, bits, negate=False):
    """d = a & (2^bits - 1) from a register (cvt between unsigned / signless integer types), or
    with `negate` d = ~a & (2^bits - 1) (not)."""
    fa = dec.form(a, bits)
    if fa is None or fa[0] != "reg":
        return None
    x, mask = fa[1], (1 << bits) - 1

    if negate:
        def run(th):
            r = th.regs
            r[d] = ~r[x] & mask
    else:
        def run(th):
            r = th.regs
            r[d] = r[x] & mask
    return run


def invert(dec, d, a, bits):
    """not d, a (a register)."""
    return mask_move(dec, d, a, bits, negate=True)


def pack(dec, d, names, size):
    """mov d, {a, b, ...}: the registers' low `size` bits side by side, the first lowest."""
    forms = [dec.form(nm, size) for nm in names]
    if any(f is None or f[0] != "reg" for f in forms):
        return None
    mask = (1 << size) - 1
    if len(forms) == 2:
        x, y = forms[0][1], forms[1][1]

        def two(th):
            r = th.regs
            r[d] = (r[x] & mask) | (r[y] & mask) << size
        return two
    srcs = [(f[1], i * size) for i, f in enumerate(forms)]

    def many(th):
        r = th.regs
        v = 0
        for x, sh in srcs:
            v |= (r[x] & mask) << sh
        r[d] = v
    return many


def convert(dec, d, a, bits, fn):
    """d = fn(a & (2^bits - 1)) for a pure function fn of the source bits (a conversion), from a
    register: the results remembered (at most 2^16 of them; kernels convert few distinct values)."""
    fa = dec.form(a, bits)
    if fa is None or fa[0] != "reg":
        return None
    x, mask = fa[1], (1 << bits) - 1
    memo = {}

    def run(th):
        r = th.regs
        v = r[x] & mask
        out = memo.get(v)
        if out is None:
            out = fn(v)
            if len(memo) < 1 << 16:
                memo[v] = out
        r[d] = out
    return run
