"""What the attention specs share (attention_sm80.py, attention_sm90.py): the problem, its float64
reference and the error bounds. For each of bh heads, O = softmax(Q K^T / sqrt(d) [+ causal mask:
key j <= query i]) V and LSE = log(sum_j exp(s_j)) per row; Q and O are bh x sq x d, K and V
bh x sk x d (row-major), LSE bh x sq.

Q, K and V are multiples of 1/16 in [-1, 1] (exact in f16, bf16 and e4m3). With u the unit roundoff of
the element type (2^-11 f16, 2^-8 bf16), per element
    |O - ref| <= 4u (sum_j p_j |V_j|) / l + 2u |ref| + 2^-20
(P is rounded to the element type before the second product while l sums the unrounded P: u
each, with ex2.approx's error and the f32 sums well inside; O is rounded: u |ref|, with the unit
roundoff of O's type where it differs: fp8 attention rounds P to e4m3, u = 2^-4, and O to bf16),
and
    |LSE - ref| <= 2^-14 (|ref| + 1)
(f32 scores and sums, lg2.approx)."""

import math
import random

UNIT = {"f16": 2.0 ** -11, "bf16": 2.0 ** -8, "e4m3": 2.0 ** -4}
SENTINEL = {"f16": 0x7E5A, "bf16": 0x7FA5}  # O everywhere before the run
LSE_SENTINEL = 0x7FC00001                    # LSE (f32) everywhere before the run


class Attention:
    """The operands of one problem (drawn from random.Random(seed): Q's rows, then K's, then V's)
    and its references."""

    def __init__(self, seed, bh, sq, sk, d, causal, elem, out_elem=None, q_scale=1):
        self.bh, self.sq, self.sk, self.d, self.causal, self.elem = bh, sq, sk, d, causal, elem
        # P is rounded to `elem` (u), O to `out_elem` (uo; the inputs' type unless given).
        self.u, self.uo = UNIT[elem], UNIT[out_elem or elem]
        rng = random.Random(seed)

        def mat(rows, scale=1):
            return [[rng.randint(-16, 16) * scale / 16 for _ in range(d)] for _ in range(rows)]
        # q_scale (a power of two) spreads the scores: softmax rows far from uniform, so that
        # P taken from the wrong row or column shows past the bound.
        self.Q, self.K, self.V = mat(bh * sq, q_scale), mat(bh * sk), mat(bh * sk)
        self._rows = {}

    def row(self, h, i):
        """Softmax weights, their sum, the keys' values and the maximum score of query i of head h."""
        if (h, i) not in self._rows:
            sk, d = self.sk, self.d
            q = self.Q[h * self.sq + i]
            keys = range(min(i + 1, sk)) if self.causal else range(sk)  # causal: key j <= query i
            s = [sum(a * b for a, b in zip(q, self.K[h * sk + j])) / math.sqrt(d) for j in keys]
            mx = max(s)
            w = [math.exp(x - mx) for x in s]
            self._rows[(h, i)] = (w, sum(w), [self.V[h * sk + j] for j in keys], mx)
        return self._rows[(h, i)]

    def out_reference(self):
        """O's reference and bound, bh * sq rows of d."""
        u, d = self.u, self.d
        ref, bound = [], []
        for h in range(self.bh):
            for i in range(self.sq):
                w, total, vs, _ = self.row(h, i)
                ref.append([sum(w[j] * vs[j][c] for j in range(len(w))) / total for c in range(d)])
                mag = [sum(w[j] * abs(vs[j][c]) for j in range(len(w))) / total for c in range(d)]
                bound.append([4 * u * m + 2 * self.uo * abs(r) + 2.0 ** -20 for m, r in zip(mag, ref[-1])])
        return ref, bound

    def lse_reference(self):
        """LSE's reference and bound, bh * sq rows of 1."""
        ref = [[self.row(h, i)[3] + math.log(self.row(h, i)[1])]
               for h in range(self.bh) for i in range(self.sq)]
        return ref, [[2.0 ** -14 * (abs(r[0]) + 1)] for r in ref]

    def title(self, arch):
        causal = " causal" if self.causal else ""
        return f"attention {arch} {self.elem} bh={self.bh} sq={self.sq} sk={self.sk} d={self.d}{causal}"
