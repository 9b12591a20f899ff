"""What the GEMM specs share: operands of small multiples of 1/8 (exact products and, at these
sizes, exact f32 sums) and the float64 reference with the error bound of bench/gpu/run_gemm.py:
    |C - ref| <= 2^-p |ref| + 2 K 2^-24 (|A| |B|) + 2^-p_min   (p = 11 for f16, 8 for bf16)."""

import random
import struct

from ptxemu.packed_dot import int_products

NAN_PAD = {"f16": 0x7E01, "bf16": 0x7FC1}   # A's columns past K, B's past N (sm_80)
SENTINEL = {"f16": 0x7E5A, "bf16": 0x7FDA}  # C everywhere before the run


def shape(s):
    M, N, K = (int(x) for x in s.split(","))
    return M, N, K


def operands(seed, M, N, K, b_n_by_k):
    """A (M x K) and B (N x K when b_n_by_k, else K x N) as integers: the values times 8, each
    drawn by rng.randint(-16, 16) from random.Random(seed), A's rows then B's."""
    rng = random.Random(seed)
    ka, rb, kb = K, N if b_n_by_k else K, K if b_n_by_k else N
    flat = _randint_16(rng, M * ka + rb * kb)
    A = [flat[i * ka:i * ka + ka] for i in range(M)]
    B = [flat[M * ka + i * kb:M * ka + i * kb + kb] for i in range(rb)]
    return A, B


def _randint_16(rng, count):
    """count draws of rng.randint(-16, 16), the same sequence, ten times faster: randint draws
    getrandbits(6) (the top 6 bits of the generator's next 32-bit word) until one is below 33;
    the words come here 32 * m bits at a time. Checked against randint itself on a copy of the
    generator (randint as it is, if this Python draws otherwise)."""
    state = rng.getstate()
    out = []
    while len(out) < count:
        m = 2 * (count - len(out)) + 64
        for w in struct.unpack(f"<{m}I", rng.getrandbits(32 * m).to_bytes(4 * m, "little")):
            c = w >> 26
            if c < 33:
                out.append(c - 16)
                if len(out) == count:
                    break
    ref = random.Random()
    ref.setstate(state)
    if [ref.randint(-16, 16) for _ in range(min(count, 512))] != out[:512]:
        ref.setstate(state)
        out = [ref.randint(-16, 16) for _ in range(count)]
    return out


def values(rows):
    return [[x / 8 for x in r] for r in rows]


def reference(elem, A, Bt, K):
    """C = A Bt^T (Bt: N x K, integers times 8) and the bound of each element."""
    p, tiny = (11, 2.0 ** -24) if elem == "f16" else (8, 2.0 ** -133)
    absA = [[abs(x) for x in r] for r in A]
    absB = [[abs(x) for x in r] for r in Bt]
    ref, bound = [], []
    for s_row, a_row in zip(int_products(A, Bt), int_products(absA, absB)):  # exact: integers
        rr = [s / 64 for s in s_row]
        ref.append(rr)
        bound.append([abs(x) * 2.0 ** -p + sa / 64 * 2 * K * 2.0 ** -24 + tiny for x, sa in zip(rr, a_row)])
    return ref, bound
