"""Scalar instructions: integer arithmetic, comparisons, conversions, moves, branches, ld / st /
cvta by state space."""

import math
import re

from . import fast
from .decode import CONTROL, HANDLERS, JUMP, SHARED_GENERIC, Inst, qualifiers, simple
from .errors import EmuError
from .numeric import f32_bits, f32_from_bits, fp8_satfinite_bits, half_table, to_half_bits
from .parse import type_bits


# What an unwritten register reads as where LLVM packs one as undefined bits (mov's pack).
UNDEF_FILL = 0xA5C3_96E1_5A3C_691E


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
        m = (1 << size) - 1

        def part(i, n):
            # LLVM's any-extension (a 16-bit value widened for prmt) packs it with a register it
            # never writes: the upper parts of a pack read an unwritten register as garbage
            # (UNDEF_FILL), which shows up as wrong elements if anything depends on it.
            g = dec.src(n, size)
            if i == 0 or dec.form(n, size) is None or dec.form(n, size)[0] != "reg":
                return g
            return lambda th: th.regs[n] & m if n in th.regs else UNDEF_FILL & m
        gs = [(part(i, n), i * size) for i, n in enumerate(names)]

        def pack(th):
            v = 0
            for g, sh in gs:
                v |= g(th) << sh
            th.regs[d] = v
        quick = fast.pack(dec, d, names, size)
        if quick is None:
            return simple(st, pack)

        def pack_quick(th):
            try:
                quick(th)
            except KeyError:
                pack(th)
        return simple(st, pack_quick)
    x = dec.src(args[1], bits)

    def mov(th):
        th.regs[d] = x(th)
    return simple(st, fast.move(dec, d, args[1], bits) or mov)


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


def h_f32(dec, st, parts, args):
    """add sub mul min max neg abs on .f32 (PTX ISA "Floating-Point Instructions"): add / sub /
    mul round to nearest even (.rn, the default; each is the double result rounded to f32,
    exact: double rounding through binary64 is innocuous for +, -, * of binary32 operands);
    min / max return the other operand when one is NaN (NaN when both are; with .NaN, NaN when
    either is); neg / abs act on the sign bit. .ftz, .sat and the other rounding modes are not
    modelled."""
    op = parts[0]
    q = parts[1:-1]
    nan_min_max = op in ("min", "max") and q == ["NaN"]
    if (op in ("add", "sub", "mul") and q not in ([], ["rn"])) or (op not in ("add", "sub", "mul") and q and not nan_min_max):
        raise EmuError(f"{st.op}: qualifiers .{'.'.join(q)} of .f32 {op} are not modelled")
    d = dec.dst(args[0])
    if op in ("neg", "abs"):
        if len(args) != 2:
            raise EmuError("two operands")
        a = dec.src(args[1], 32)
        if op == "neg":
            def run1(th):
                th.regs[d] = a(th) ^ 0x80000000
        else:
            def run1(th):
                th.regs[d] = a(th) & 0x7FFFFFFF
        return simple(st, run1)
    if len(args) != 3:
        raise EmuError("three operands")
    a, b = dec.src(args[1], 32), dec.src(args[2], 32)
    if op in ("add", "sub", "mul"):
        f = {"add": float.__add__, "sub": float.__sub__, "mul": float.__mul__}[op]

        def run(th):
            th.regs[d] = f32_bits(f(f32_from_bits(a(th)), f32_from_bits(b(th))))
        return simple(st, run)
    pick = min if op == "min" else max

    def run2(th):
        x, y = a(th), b(th)
        fx, fy = f32_from_bits(x), f32_from_bits(y)
        if nan_min_max and (fx != fx or fy != fy):  # .NaN: a NaN operand gives the canonical NaN
            th.regs[d] = 0x7FFFFFFF
        elif fx != fx:
            th.regs[d] = y if fy == fy else 0x7FFFFFFF
        elif fy != fy:
            th.regs[d] = x
        elif fx == fy == 0.0:  # -0.0 < +0.0 for min / max
            th.regs[d] = (x | y) if op == "min" else (x & y)
        else:
            th.regs[d] = x if pick(fx, fy) == fx else y
    return simple(st, run2)


def h_binary(dec, st, parts, args):
    """add sub and or xor min max shl shr (integer and .pred types; .f32 add sub min max)."""
    op = parts[0]
    if parts[-1] == "f32" and op in ("add", "sub", "min", "max"):
        return h_f32(dec, st, parts, args)
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
    return simple(st, (fast.binary(dec, d, op, bits, args[1], args[2]) if op in _FAST_BINARY else None) or run)


_FAST_BINARY = {"add", "sub", "and", "or", "xor", "shl"}


def h_unary(dec, st, parts, args):
    """not neg abs (neg abs on .f32 too)."""
    op = parts[0]
    if parts[-1] == "f32" and op in ("neg", "abs"):
        return h_f32(dec, st, parts, args)
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
    return simple(st, (fast.invert(dec, d, args[1], bits) if op == "not" else None) or run)


def h_mul(dec, st, parts, args):
    """mul.{lo,hi,wide} and mad.{lo,hi,wide} on integers."""
    op, mode = parts[0], parts[1] if len(parts) == 3 else None
    if op == "mul" and parts[-1] == "f32":
        return h_f32(dec, st, parts, args)
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
        # the loop, bit i of d = bit p + i of a if i < len and p + i <= msb, else the sign bit
        # (0 for .u), as masks: the low `low` bits from a, the rest all sbit
        x, p, n = a(th), pos(th) & 0xFF, ln(th) & 0xFF
        sbit = 0 if k == "u" else (x >> min(p + n - 1, msb)) & 1 if n else 0
        low = max(0, min(n, bits - p))
        keep = (1 << low) - 1
        th.regs[d] = ((x >> p) & keep) | (mask ^ keep if sbit else 0)
    return simple(st, run)


def h_bfi(dec, st, parts, args):
    """bfi.{b32,b64} f, a, b, pos, len (PTX ISA "bfi"): b with bits pos .. pos + len - 1 replaced
    by the low len bits of a (pos and len from their low 8 bits; the field ends at the msb)."""
    k, bits = type_bits(parts[-1])
    if k != "b" or bits not in (32, 64):
        raise EmuError(f"type .{parts[-1]}")
    mask = (1 << bits) - 1
    d = dec.dst(args[0])
    a, b = dec.src(args[1], bits), dec.src(args[2], bits)
    pos, ln = dec.src(args[3], 32), dec.src(args[4], 32)

    def run(th):
        p, n = pos(th) & 0xFF, ln(th) & 0xFF
        n = max(0, min(n, bits - p))
        field = ((1 << n) - 1) << p
        th.regs[d] = (b(th) & ~field & mask) | ((a(th) << p) & field)
    return simple(st, run)


def h_prmt(dec, st, parts, args):
    """prmt.b32 d, a, b, c (the default mode, PTX ISA "prmt"): bytes 0..3 of a and 4..7 of b form
    {b, a}; byte i of d is the byte that nibble i of c selects (its low three bits), or, when
    the nibble's bit 3 is set, that byte's sign bit replicated over eight bits."""
    if parts[1:] != ["b32"]:
        raise EmuError("only prmt.b32 (the default mode) is modelled")
    d = dec.dst(args[0])
    a, b, c = dec.src(args[1], 32), dec.src(args[2], 32), dec.src(args[3], 32)

    def run(th):
        x, sel, out = a(th) | (b(th) << 32), c(th), 0
        for i in range(4):
            n = (sel >> (4 * i)) & 0xF
            byte = (x >> (8 * (n & 7))) & 0xFF
            if n & 8:
                byte = 0xFF if byte & 0x80 else 0
            out |= byte << (8 * i)
        th.regs[d] = out
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
    if q in (["rn", "satfinite", "e4m3x2", "f32"], ["rn", "satfinite", "e5m2x2", "f32"]):
        kind = q[2][:-2]
        a, b = dec.src(args[1], 32), dec.src(args[2], 32)

        def pack8(th):  # a to the upper byte, b to the lower byte of the .b16
            th.regs[d] = (fp8_satfinite_bits(kind, f32_from_bits(a(th))) << 8) | fp8_satfinite_bits(kind, f32_from_bits(b(th)))
        return simple(st, pack8)
    if q in (["rn", "f16", "f32"], ["rn", "bf16", "f32"]):
        kind = q[1]
        a = dec.src(args[1], 32)

        def one(th):
            th.regs[d] = to_half_bits(kind, f32_from_bits(a(th)))
        return simple(st, fast.convert(dec, d, args[1], 32, lambda v: to_half_bits(kind, f32_from_bits(v))) or one)
    if q in (["f32", "f16"], ["f32", "bf16"]):
        table = half_table(q[1])
        a = dec.src(args[1], 16)

        def widen(th):
            th.regs[d] = f32_bits(table[a(th)])
        return simple(st, widen)
    if len(q) == 3 and q[0] == "rn" and q[1] == "f32" and q[2] in ("s32", "u32", "s64", "u64"):
        # Integer to f32, rounded to nearest even (PTX ISA "cvt": .rn for int-to-float).
        from fractions import Fraction
        sb = int(q[2][1:])
        a = dec.src(args[1], sb, q[2][0] == "s")

        def to_float(th):
            th.regs[d] = f32_round(Fraction(a(th)))
        return simple(st, to_float)
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
    plain = not sat and (sk != "s" or db <= sb)  # the low bits of a: no sign extension reaches them
    return simple(st, (fast.mask_move(dec, d, args[1], min(sb, db)) if plain else None) or conv)


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

    if len(gets) == 1:
        g0 = gets[0]

        def st_(th):
            data = g0(th).to_bytes(n, "little")  # (the value read first, as below)
            th.cta.store(space, th, addr(th), data, ins)
    else:
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


def f32_round(x):
    """The f32 nearest to the rational x (ties to even), as bits: x = m 2^e with the integer m
    of 24 significant bits (or fewer at the subnormal exponent -149), rounded once."""
    from fractions import Fraction
    if x == 0:
        return 0
    sign, a = (0x80000000, -x) if x < 0 else (0, x)
    e = a.numerator.bit_length() - a.denominator.bit_length() - 24
    while a >= Fraction(2) ** (e + 24):
        e += 1
    while a < Fraction(2) ** (e + 23):
        e -= 1
    e = max(e, -149)  # subnormals: a fixed exponent
    q = a / Fraction(2) ** e
    m = q.numerator // q.denominator
    rest = q - m
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and m % 2 == 1):
        m += 1
    value = m * 2.0 ** e if e >= -1074 else 0.0
    if m >= 1 << 24 and e + 24 > 128 or value >= 2.0 ** 128:
        return sign | 0x7F800000
    return sign | f32_bits(m * 2.0 ** e)


def h_fma(dec, st, parts, args):
    """fma.rn.f32 d, a, b, c: a * b + c rounded once to nearest even (PTX ISA "fma"); other
    rounding modes, .ftz and .sat are not modelled."""
    from fractions import Fraction
    if parts[1:] != ["rn", "f32"] or len(args) != 4:
        raise EmuError(f"{st.op} is not modelled (fma.rn.f32 d, a, b, c)")
    d = dec.dst(args[0])
    a, b, c = (dec.src(x, 32) for x in args[1:])

    def run(th):
        x, y, z = (f32_from_bits(g(th)) for g in (a, b, c))
        if not all(math.isfinite(v) for v in (x, y, z)):
            th.regs[d] = f32_bits(x * y + z)
        else:
            th.regs[d] = f32_round(Fraction(x) * Fraction(y) + Fraction(z))
    return simple(st, run)


def _log2(x):
    """log2 as lg2.approx.f32 defines it at the edges: -inf at +-0, NaN below 0, +inf at +inf."""
    if x == 0:
        return -math.inf
    if x < 0 or x != x:
        return math.nan
    return math.inf if math.isinf(x) else math.log2(x)


def _exp2(x):
    try:
        return math.exp2(x)
    except OverflowError:
        return math.inf


def h_approx_unary(dec, st, parts, args):
    """ex2.approx{.ftz}.f32 d, a: 2^a; lg2.approx{.ftz}.f32 d, a: log2(a) (-inf at +-0, NaN for
    a negative a). The ISA bounds the approximations' errors (ex2: 2 ulp; lg2: 2^-22.6 absolute
    near 1, else 4 ulp); the emulator returns the value rounded to nearest, which specs' bounds
    cover; .ftz flushes a subnormal operand and result to +-0."""
    q = parts[1:-1]
    if parts[-1] != "f32" or q not in (["approx"], ["approx", "ftz"]) or len(args) != 2:
        raise EmuError(f"{st.op} is not modelled ({parts[0]}.approx{{.ftz}}.f32 d, a)")
    fn = _exp2 if parts[0] == "ex2" else _log2
    ftz = "ftz" in q
    d, a = dec.dst(args[0]), dec.src(args[1], 32)

    def run(th):
        x = f32_from_bits(a(th))
        if ftz and x != 0 and abs(x) < 2.0 ** -126:
            x = 0.0
        r = f32_bits(fn(x))
        if ftz and (r & 0x7F800000) == 0:
            r &= 0x80000000
        th.regs[d] = r
    return simple(st, run)


def h_fdiv(dec, st, parts, args):
    """div.rn.f32 d, a, b (IEEE division, rounded once to nearest even); div.full.f32 and
    div.approx.f32 (bounded approximations in the ISA, modelled as the correctly rounded
    quotient); rcp.rn.f32 / rcp.approx.f32 d, a = 1 / a alike. .ftz is not modelled."""
    from fractions import Fraction
    op, q = parts[0], parts[1:-1]
    if parts[-1] != "f32" or q not in (["rn"], ["full"], ["approx"]) or len(args) != (3 if op == "div" else 2):
        raise EmuError(f"{st.op} is not modelled ({op}.rn/.full/.approx.f32)")
    d = dec.dst(args[0])
    a = dec.src(args[1], 32)
    b = dec.src(args[2], 32) if op == "div" else None

    def run(th):
        x = f32_from_bits(a(th)) if op == "div" else 1.0
        y = f32_from_bits(b(th)) if op == "div" else f32_from_bits(a(th))
        if y == 0 or not (math.isfinite(x) and math.isfinite(y)):
            try:
                th.regs[d] = f32_bits(x / y)
            except ZeroDivisionError:
                th.regs[d] = 0x7FFFFFFF if x == 0 or x != x else (
                    0x7F800000 if (math.copysign(1, x) * math.copysign(1, y)) > 0 else 0xFF800000)
        else:
            th.regs[d] = f32_round(Fraction(x) / Fraction(y))
    return simple(st, run)


def h_div_any(dec, st, parts, args):
    return h_fdiv(dec, st, parts, args) if parts[-1] == "f32" else h_div(dec, st, parts, args)


HANDLERS.update({
    "mov": h_mov, "add": h_binary, "sub": h_binary, "and": h_binary, "or": h_binary, "xor": h_binary,
    "min": h_binary, "max": h_binary, "shl": h_binary, "shr": h_binary,
    "not": h_unary, "neg": h_unary, "abs": h_unary, "mul": h_mul, "mad": h_mul, "bfe": h_bfe, "bfi": h_bfi, "prmt": h_prmt,
    "cvt": h_cvt, "setp": h_setp, "selp": h_selp, "bra": h_bra, "ret": h_exit, "exit": h_exit,
    "ld": h_ld, "st": h_st, "cvta": h_cvta, "div": h_div_any, "rem": h_div,
    "fma": h_fma, "ex2": h_approx_unary, "lg2": h_approx_unary, "rcp": h_fdiv,
})
