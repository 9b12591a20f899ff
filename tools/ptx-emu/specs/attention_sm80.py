"""examples/attention_sm80.mlir (d = 64) and attention_sm80_d128.mlir (d = 128), FlashAttention-2
for sm_80 (cp.async, ldmatrix, mma.sync): attention(q, k, v, o, seq, causal),
O = softmax(Q K^T / sqrt(d) [+ causal mask: key j <= query i]) V per head, f16 in and out,
f32 accumulation and softmax statistics; Q, K, V, O are (bh * seq) x d row-major (head h's rows
h * seq ..), seq a multiple of 64; a grid of (seq / 64, bh) CTAs of 128 threads (4 warps of 16
rows: one 64-row tile of Q).

Q, K and V are multiples of 1/16 in [-1, 1] (exact in f16). The float64 reference and its
bound per element:
    |O - ref| <= 2^-9 (sum_j p_j |V_j|) / l + 2^-10 |ref| + 2^-20
(P is rounded to f16 before the second product while l sums the unrounded P: 2^-11 each, with
ex2.approx's error and the f32 sums well inside; O is rounded to f16: 2^-11 |ref|).

The same reference and bound as attention_sm90.py (the kernels compute the same thing).

    layout-opt examples/attention_sm80.mlir --lower-to-nvvm="ptx=K.ptx chip=sm_80" -o /dev/null
    ptx_emu.py run attention_sm80.py --ptx K.ptx --set bh=2 --set seq=128 [--set d=128] [--set causal=1]
"""

import math
import random

from ptxemu.spec import Buffer, Kernel, Output, Ptr, fill, pack

PARAMS = {"ptx": None, "bh": 2, "seq": 128, "d": 64, "causal": 0, "seed": 1, "max_steps": 40_000_000}


def launch(p):
    bh, seq, d = p.bh, p.seq, p.d
    if seq % 64:
        raise ValueError(f"seq = {seq}: this kernel needs whole 64-row tiles")
    rng = random.Random(p.seed)
    rows = bh * seq

    def mat():
        return [[rng.randint(-16, 16) / 16 for _ in range(d)] for _ in range(rows)]
    Q, K, V = mat(), mat(), mat()

    def reference():
        ref, bound = [], []
        for h in range(bh):
            for i in range(seq):
                q = Q[h * seq + i]
                keys = range(i + 1) if p.causal else range(seq)  # causal: key j <= query i
                s = [sum(a * b for a, b in zip(q, K[h * seq + j])) / math.sqrt(d) for j in keys]
                mx = max(s)
                w = [math.exp(x - mx) for x in s]
                total = sum(w)
                vs = [V[h * seq + j] for j in keys]
                ref.append([sum(w[j] * vs[j][c] for j in range(len(w))) / total for c in range(d)])
                mag = [sum(w[j] * abs(vs[j][c]) for j in range(len(w))) / total for c in range(d)]
                bound.append([2.0 ** -9 * m + 2.0 ** -10 * abs(r) + 2.0 ** -20 for m, r in zip(mag, ref[-1])])
        return ref, bound

    return Kernel(
        ptx=p.ptx, entry="attention", grid=(seq // 64, bh), block=128,
        title=f"attention sm80 f16 bh={bh} seq={seq} d={d}{' causal' if p.causal else ''}",
        buffers=[Buffer("q", pack("f16", Q)), Buffer("k", pack("f16", K)), Buffer("v", pack("f16", V)),
                 Buffer("o", fill("f16", rows * d, 0x7E5A), writable=True)],
        args=[Ptr("q"), Ptr("k"), Ptr("v"), Ptr("o"), seq, p.causal],
        outputs=[Output("o", "f16", rows, d, (rows, d), reference)],
        max_steps=p.max_steps)
