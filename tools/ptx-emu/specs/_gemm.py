"""What the GEMM specs share: operands of small multiples of 1/8 (exact products and, at these
sizes, exact f32 sums) and the float64 reference with the error bound of bench/gpu/run_gemm.py:
    |C - ref| <= 2^-p |ref| + 2 K 2^-24 (|A| |B|) + 2^-p_min   (p = 11 for f16, 8 for bf16)."""

import operator
import random

NAN_PAD = {"f16": 0x7E01, "bf16": 0x7FC1}   # A's columns past K, B's past N (sm_80)
SENTINEL = {"f16": 0x7E5A, "bf16": 0x7FDA}  # C everywhere before the run


def shape(s):
    M, N, K = (int(x) for x in s.split(","))
    return M, N, K


def operands(seed, M, N, K, b_n_by_k):
    """A (M x K) and B (N x K when b_n_by_k, else K x N) as integers: the values times 8."""
    rng = random.Random(seed)
    A = [[rng.randint(-16, 16) for _ in range(K)] for _ in range(M)]
    B = [[rng.randint(-16, 16) for _ in range(K if b_n_by_k else N)] for _ in range(N if b_n_by_k else K)]
    return A, B


def values(rows):
    return [[x / 8 for x in r] for r in rows]


def reference(elem, A, Bt, K):
    """C = A Bt^T (Bt: N x K, integers times 8) and the bound of each element."""
    p, tiny = (11, 2.0 ** -24) if elem == "f16" else (8, 2.0 ** -133)
    mul = operator.mul
    absA = [[abs(x) for x in r] for r in A]
    absB = [[abs(x) for x in r] for r in Bt]
    ref, bound = [], []
    for a, aa in zip(A, absA):
        rr, rb = [], []
        for b, ab in zip(Bt, absB):
            x = sum(map(mul, a, b)) / 64  # exact: integers
            rr.append(x)
            rb.append(abs(x) * 2.0 ** -p + sum(map(mul, aa, ab)) / 64 * 2 * K * 2.0 ** -24 + tiny)
        ref.append(rr)
        bound.append(rb)
    return ref, bound
