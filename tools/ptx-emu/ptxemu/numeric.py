"""Numeric formats: f32 / f16 / bf16 / e4m3 / e5m2 bit patterns, rounding to nearest even."""

import math
import operator
import struct

from .packed_dot import packed_rows

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
        halves = struct.pack("<65536H", *range(65536))
        if kind == "f16":  # as _F16.unpack(_U16.pack(h)), all at once
            _TABLES[kind] = list(struct.unpack("<65536e", halves))
        else:  # as f32_from_bits(h << 16): the f32 with the half as its high 16 bits
            words = bytearray(4 * 65536)
            words[2::4], words[3::4] = halves[0::2], halves[1::2]
            _TABLES[kind] = list(struct.unpack("<65536f", words))
    return _TABLES[kind]


def to_half_bits(kind, x):
    return f16_bits(x) if kind == "f16" else bf16_bits(x)



_FP8_NEAREST = {}


def fp8_bits(kind, x):
    """The e4m3 / e5m2 nearest to x (ties to the even pattern), as bits: values are those of
    fp8_table (the PTX ISA's formats); past the largest finite value (448 for e4m3, 57344 for
    e5m2) by half a step or more, e4m3 gives its NaN (it has no infinity) and e5m2 infinity
    (IEEE rounding), and a NaN stays NaN."""
    if kind not in _FP8_NEAREST:
        from .ops_wgmma import fp8_table
        vals = fp8_table(kind)
        finite = sorted((v, b) for b, v in enumerate(vals) if math.isfinite(v) and not (v == 0 and b))
        _FP8_NEAREST[kind] = finite
    finite = _FP8_NEAREST[kind]
    nan = 0x7F if kind == "e4m3" else 0x7E
    if math.isnan(x):
        return nan
    sign = 0x80 if math.copysign(1.0, x) < 0 else 0
    a = abs(x)
    pos = [(v, b) for v, b in finite if v >= 0]
    top, below = pos[-1][0], pos[-2][0]
    if a >= top + (top - below) / 2:
        return sign | (0x7F if kind == "e4m3" else 0x7C)
    lo, hi = 0, len(pos) - 1
    while hi - lo > 1:  # pos[lo] <= a < pos[hi]
        mid = (lo + hi) // 2
        if pos[mid][0] <= a:
            lo = mid
        else:
            hi = mid
    if a >= top:
        lo = hi = len(pos) - 1
    (vl, bl), (vh, bh) = pos[lo], pos[hi]
    if a - vl < vh - a or (a - vl == vh - a and bl % 2 == 0):
        return sign | bl
    return sign | bh


def fp8_satfinite_bits(kind, x):
    """cvt.rn.satfinite to .e4m3 / .e5m2 (PTX ISA "cvt", .satfinite): rounded to nearest even,
    and a value whose magnitude exceeds the largest finite one (448 / 57344), infinities
    included, becomes that value with x's sign; a NaN stays NaN."""
    if math.isnan(x):
        return fp8_bits(kind, x)
    top = 448.0 if kind == "e4m3" else 57344.0
    return fp8_bits(kind, max(-top, min(top, x)))


# -- exactly rounded dot products (the MMAs) ----------------------------------------------------

# Every value of these formats is an integer times 2^-SCALE (the smallest subnormal).
SCALE = {"f16": 24, "bf16": 133, "e4m3": 9, "e5m2": 16}


def _fsum_row(Ar, B, Cr):
    """The reference semantics, element by element: the correctly rounded double of the exact
    sum of the products (and C), IEEE sums when infinities or NaNs make math.fsum fail."""
    out = []
    fsum, mul = math.fsum, float.__mul__
    for j, Bj in enumerate(B):
        c = () if Cr is None else (Cr[j],)
        try:
            out.append(fsum((*map(mul, Ar, Bj), *c)))
        except (ValueError, OverflowError):
            out.append(sum(map(mul, Ar, Bj)) + (c[0] if c else 0.0))
    return out


def mma_rows(A, B, C, kind_a, kind_b, addends=None, exact_out=None):
    """D[i][j] = f32(sum_k A[i][k] B[j][k] + C[i][j]) as bits, the sum rounded once to a double
    (as math.fsum: exactly) and then to f32; C is None (no addend) or rows of floats (or a
    function making them, called when needed). A and B hold values of the formats kind_a /
    kind_b (negated or scaled by +-1 allowed). Finite operands go through integer arithmetic
    (packed_dot: values times 2^SCALE are integers), anything else (and an exact zero, for its
    sign) through math.fsum. `addends`: C as a packed_dot.Exact (the same values); exact_out:
    a list that gets the Exact of D, or None."""
    packed = packed_rows(A, B, None if addends is not None or C is None else _rows(C), SCALE[kind_a], SCALE[kind_b], addends)
    if packed is not None:  # the whole product at once; the elements it leaves (None) as below
        rows, exact = packed
        if exact_out is not None:
            exact_out.append(exact)
        for i, row in enumerate(rows):
            if None in row:
                C = _rows(C)
                Cr = None if C is None else C[i]
                js = [j for j, v in enumerate(row) if v is None]
                ref = _fsum_row(A[i], [B[j] for j in js], None if Cr is None else [Cr[j] for j in js])
                for j, x in zip(js, ref):
                    row[j] = f32_bits(x)
        return rows
    if exact_out is not None:
        exact_out.append(None)
    return mma_rows_elementwise(A, B, None if C is None else _rows(C), kind_a, kind_b)


def _rows(C):
    return C() if callable(C) else C


def mma_rows_elementwise(A, B, C, kind_a, kind_b):
    """mma_rows element by element (the reference semantics of packed_dot.packed_rows)."""
    isfinite = math.isfinite
    finite = all(isfinite(x) for r in A for x in r) and all(isfinite(x) for r in B for x in r)
    out = []
    if finite:
        sa, sb = SCALE[kind_a], SCALE[kind_b]
        fa, fb = 2.0 ** sa, 2.0 ** sb
        Ai = [[int(x * fa) for x in r] for r in A]
        Bi = [[int(x * fb) for x in r] for r in B]
        den = 1 << (sa + sb)
        imul = operator.mul
    for i, Ar in enumerate(A):
        Cr = None if C is None else C[i]
        if not finite:
            row = _fsum_row(Ar, B, Cr)
        else:
            ai = Ai[i]
            sums = [sum(map(imul, ai, bj)) for bj in Bi]
            if Cr is None:
                row = [s / den if s else None for s in sums]
            else:
                row = []
                for s, c in zip(sums, Cr):
                    if not isfinite(c):
                        row.append(None)
                        continue
                    num, d = c.as_integer_ratio()
                    t = s * d + num * den
                    row.append(t / (den * d) if t else None)
            if None in row:  # exact zeros (their sign) and non-finite addends: the reference path
                ref = _fsum_row(Ar, [B[j] for j, v in enumerate(row) if v is None],
                                None if Cr is None else [Cr[j] for j, v in enumerate(row) if v is None])
                it = iter(ref)
                row = [next(it) if v is None else v for v in row]
        try:
            out.append(list(_unpack_u32(len(row), struct.pack(f"<{len(row)}f", *row))))
        except OverflowError:
            out.append([f32_bits(x) for x in row])
    return out


def _unpack_u32(n, data):
    return struct.unpack(f"<{n}I", data)
