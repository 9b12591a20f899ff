"""Exact matrix products by packing: a row of small integers in one big integer.

The MMAs' results are exactly rounded sums of exact products (numeric.mma_rows). Their
operands are integers times a power of two, so a whole row of D can be computed with Python's
big integers at once: with the columns of B packed into integers of W-bit fields,

    P_k = sum_j B[j][k] 2^(W j),    R_i = sum_k A[i][k] P_k + sum_j C[i][j] 2^(W j)
        = sum_j (sum_k A[i][k] B[j][k] + C[i][j]) 2^(W j),

every field of R_i is the exact sum of row i, column j, provided each fits in W bits (signed).
Signed fields are packed and unpacked through the bias 2^(W-1) of each field: (x + bias) ^ bias
turns a packed row into the fields' two's complements, which struct reads back. The result is
the same as numeric.mma_rows's (the exact sum, rounded once to a double, then to f32); whatever
the packed form cannot carry (infinities, NaN, an exact zero whose sign the IEEE sum decides,
fields over 64 bits) is left to mma_rows's element-wise path."""

import math
import struct
from functools import lru_cache
from itertools import chain
from operator import mul

_FMT = {8: "b", 16: "h", 32: "i", 64: "q"}
F32_SCALE = 149  # every f32 is an integer times 2^-149
# An exact zero sum of finite terms: math.fsum (the reference) returns +0.0 for it (its partials
# are then empty) unless it keeps the sign of a sum of -0.0s; only then are zeros left to it.
FSUM_SIGNED_ZERO = math.copysign(1.0, math.fsum([-0.0, -0.0])) < 0


@lru_cache(maxsize=None)
def _bias(n, w):
    return _ones(n, w, w - 1)


def _pack(vals, n, w):
    """sum_j vals[j] 2^(w j) (vals signed, each |v| < 2^(w-1))."""
    b = _bias(n, w)
    return (int.from_bytes(struct.pack(f"<{n}{_FMT[w]}", *vals), "little") ^ b) - b


def _unpack(x, n, w):
    """The n signed w-bit fields of sum_j f_j 2^(w j)."""
    b = _bias(n, w)
    return struct.unpack(f"<{n}{_FMT[w]}", ((x + b) ^ b).to_bytes(n * w // 8, "little"))


def _scaled(rows, scale):
    """rows of floats times 2^scale as integers; None if one of them is not finite or not an
    integer there."""
    f = math.ldexp(1.0, scale)
    out = []
    for r in rows:
        x = list(map(f.__mul__, r))  # exact: a power of two
        if not all(map(float.is_integer, x)):  # NaN and infinities are not
            return None
        out.append(list(map(int, x)))
    return out


def _twos(ints):
    """The exponent of the largest power of two dividing all the integers (0 if all are 0)."""
    g = math.gcd(*ints)
    return (g & -g).bit_length() - 1 if g else 0


def _addends(C, e_prod):
    """C (rows of f32 values) as integers in a unit 2^e0 <= 2^e_prod that divides them all:
    (e0, rows of integers, the set of rows with a non-finite value, left 0 there)."""
    f = math.ldexp(1.0, -e_prod)
    try:  # the usual case: C in the products' unit (exact scaling unless it leaves the integers)
        Ci = []
        for r in C:
            x = list(map(f.__mul__, r))
            ci = list(map(int, x))
            if ci != x:
                break
            Ci.append(ci)
        else:
            return e_prod, Ci, set()
    except (OverflowError, ValueError):
        pass
    Ci, bad = [], set()
    for i, r in enumerate(C):
        ci = _scaled([r], F32_SCALE)
        if ci is None:
            bad.add(i)
            ci = [[0] * len(r)]
        Ci.append(ci[0])
    tc = _twos(chain.from_iterable(Ci))
    e0 = min(e_prod, tc - F32_SCALE) if any(map(any, Ci)) else e_prod
    sh = F32_SCALE + e0  # value = Ci 2^-149 = (Ci >> sh) 2^e0 (exact: sh <= tc), or Ci << -sh
    if sh:
        Ci = [[x >> sh if sh > 0 else x << -sh for x in r] for r in Ci]
    return e0, Ci, bad


def _magnitude(rows):
    return max(max(map(max, rows)), -min(map(min, rows)))


class Exact:
    """A product whose every result is exactly its f32: D = sums 2^e0 (rows of integers, each
    below 2^24 in magnitude, max |t| = mag). A later MMA whose C has the same bits (a chained
    accumulation) takes these integers as its addends instead of converting C again."""
    __slots__ = ("e0", "sums", "mag")

    def __init__(self, e0, sums, mag):
        self.e0, self.sums, self.mag = e0, sums, mag


def packed_rows(A, B, C, scale_a, scale_b, addends=None):
    """D[i][j] = sum_k A[i][k] B[j][k] + C[i][j] exactly, rounded to a double then to f32 (as
    bits), where the entries of A times 2^scale_a and of B times 2^scale_b are integers and C
    holds f32 values (or is None), or `addends` (an Exact) gives C as integers. An exact zero is
    +0.0, what math.fsum makes of it (unless FSUM_SIGNED_ZERO). Returns (rows of f32 bits, an
    Exact or None), with None in place of a row whose C is not finite (and of the exact zeros
    under FSUM_SIGNED_ZERO), or None for the whole product when the packed form does not apply
    (a non-finite operand, sums of 63 bits or more)."""
    rows, n, k = len(A), len(B), len(A[0]) if A else 0
    if not rows or not n or not k:
        return None
    Ai, Bi = _scaled(A, scale_a), _scaled(B, scale_b)
    if Ai is None or Bi is None:
        return None
    # divide out the common powers of two: A = A' 2^ta, B = B' 2^tb (units 2^-scale)
    ta, tb = _twos(chain.from_iterable(Ai)), _twos(chain.from_iterable(Bi))
    e_prod = ta + tb - scale_a - scale_b  # a product A'B' is in units of 2^e_prod
    if not -1000 < e_prod < 900:
        return None
    bad = ()
    if addends is not None:  # C = addends.sums 2^addends.e0, in the unit 2^e0 = the smaller
        e0 = min(e_prod, addends.e0)
        shc = addends.e0 - e0
        Ci = addends.sums if not shc else [[x << shc for x in r] for r in addends.sums]
        mc = addends.mag << shc
    elif C is not None:
        e0, Ci, bad = _addends(C, e_prod)
        mc = _magnitude(Ci)
    else:
        e0, Ci, mc = e_prod, None, 0
    if ta:
        Ai = [[x >> ta for x in r] for r in Ai]
    sh = e_prod - e0 - tb  # B' in the unit 2^e0 of the sums
    if sh:
        Bi = [[x >> -sh if sh < 0 else x << sh for x in r] for r in Bi]
    mb = _magnitude(Bi)
    bound = max(k * _magnitude(Ai) * mb + mc, mb)
    w = next((w for w in (8, 16, 32, 64) if bound < 1 << (w - 1)), None)
    if w is None or not -1000 < e0:
        return None
    P = [_pack(col, n, w) for col in zip(*Bi)]  # P[k]: column k of B
    sums = []
    for i in range(rows):
        R = sum(map(mul, Ai[i], P), 0 if Ci is None or i in bad else _pack(Ci[i], n, w))
        sums.append(_unpack(R, n, w))
    flat = list(chain.from_iterable(sums))
    m = rows * n
    mag = max(max(flat), -min(flat))
    if -126 <= e0 <= 64 and flat.count(0) <= m >> 6:
        # f32(double(t)) times 2^e0, exact while it stays a normal f32 (|t| in [1, 2^63]): the
        # exponent fields of all the f32s at once; an exact zero (+0.0, a few) set apart
        zeros = _positions(flat, 0)
        for i in zeros:
            flat[i] = 1
        x = int.from_bytes(struct.pack(f"<{m}f", *flat), "little") + e0 * _ones(m, 32, 23)
        out = list(struct.unpack(f"<{m}I", x.to_bytes(4 * m, "little")))
        for i in zeros:
            flat[i] = out[i] = 0
    else:
        unit = math.ldexp(1.0, e0)
        vals = list(map(unit.__rmul__, flat))  # exact: a power of two, far from under / overflow
        try:
            out = struct.unpack(f"<{m}I", struct.pack(f"<{m}f", *vals))
        except OverflowError:
            out = [_f32_bits(x) for x in vals]
    res = []
    for i in range(rows):
        row = list(out[i * n:i * n + n])
        if i in bad:
            row = [None] * n
        elif FSUM_SIGNED_ZERO and 0 in sums[i]:
            row = [None if s == 0 else v for s, v in zip(sums[i], row)]
        res.append(row)
    exact = None
    if not bad and mag < 1 << 24 and -126 <= e0 <= 100 and not (FSUM_SIGNED_ZERO and 0 in flat):
        exact = Exact(e0, sums, mag)
    return res, exact


def _positions(xs, v):
    """The indices of xs holding v (list.index: a scan in C per hit)."""
    out, i = [], -1
    for _ in range(xs.count(v)):
        i = xs.index(v, i + 1)
        out.append(i)
    return out


def int_products(A, Bt):
    """[[sum_k A[i][k] Bt[j][k] for j] for i] of integer matrices (A M x K, Bt N x K), exactly."""
    n = len(Bt)
    if not A or not n:
        return [[0] * n for _ in A]
    ma, mb = _magnitude(A), _magnitude(Bt)
    bound = max(len(A[0]) * ma * mb, mb)
    w = next((w for w in (8, 16, 32, 64) if bound < 1 << (w - 1)), None)
    if w is None:
        return [[sum(map(mul, a, b)) for b in Bt] for a in A]
    P = [_pack(col, n, w) for col in zip(*Bt)]
    return [list(_unpack(sum(map(mul, a, P)), n, w)) for a in A]


@lru_cache(maxsize=None)
def _ones(n, w, at):
    """sum_j 2^(w j + at), j < n."""
    return int.from_bytes((1 << at).to_bytes(w // 8, "little") * n, "little")


def _f32_bits(x):
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:
        return 0xFF800000 if x < 0 else 0x7F800000
