"""examples/attention_sm90.mlir (d = 64) and attention_sm90_d128.mlir (d = 128):
attention(mapQ, mapK, mapV, mapO, lse, SQ, SK, BH, causal), for each of BH heads
O = softmax(Q K^T / sqrt(d) [+ causal mask: key j <= query i]) V and LSE = log(sum_j exp(s_j))
per row; Q and O are BH x SQ x d, K and V BH x SK x d (row-major, f16 or bf16), LSE BH x SQ f32.
SQ and SK are any positive lengths (partial tiles: TMA zero-fills past them and clips the store).
The tensor maps are made by the module's derived host function encode_tensor_maps(mapQ, Q, mapK,
K, mapV, V, mapO, O, SQ, SK, BH, causal), compiled and linked with tensor_map_record.c (--host).
Grid (ceil(SQ / 128), BH) of 384 threads (two consumer warpgroups, one producer), `smem` bytes of
dynamic shared memory.

Q, K and V are multiples of 1/16 in [-1, 1] (exact in f16 and bf16). The float64 reference and
its bound per element, with u the unit roundoff of the element type (2^-11 f16, 2^-8 bf16):
    |O - ref| <= 4u (sum_j p_j |V_j|) / l + 2u |ref| + 2^-20
(P is rounded to the element type before the second product while l sums the unrounded P: u
each, with ex2.approx's error and the f32 sums well inside; O is rounded: u |ref|), and
    |LSE - ref| <= 2^-14 (|ref| + 1)
(f32 scores and sums, lg2.approx).

    ptx_emu.py run attention_sm90.py --ptx K.ptx --host H.so --set bh=2 --set sq=200 --set sk=130 [--set d=128] [--set causal=1] [--set elem=bf16]
"""

import math
import random

from ptxemu.spec import I32, Buffer, Host, Kernel, Map, Output, Ptr, fill, pack

PARAMS = {"ptx": None, "host": None, "elem": "f16", "bh": 2, "sq": 128, "sk": 128, "d": 64, "causal": 0,
          "smem": 83024, "seed": 1, "delay": 1, "max_steps": 60_000_000}

UNIT = {"f16": 2.0 ** -11, "bf16": 2.0 ** -8}
SENTINEL = {"f16": 0x7E5A, "bf16": 0x7FA5}


def launch(p):
    bh, sq, sk, d = p.bh, p.sq, p.sk, p.d
    u = UNIT[p.elem]
    rng = random.Random(p.seed)

    def mat(rows):
        return [[rng.randint(-16, 16) / 16 for _ in range(d)] for _ in range(rows)]
    Q, K, V = mat(bh * sq), mat(bh * sk), mat(bh * sk)
    rows = {}

    def row(h, i):
        """Softmax weights, their sum, the keys and the maximum score of query i of head h."""
        if (h, i) not in rows:
            q = Q[h * sq + i]
            keys = range(min(i + 1, sk)) if p.causal else range(sk)  # causal: key j <= query i
            s = [sum(a * b for a, b in zip(q, K[h * sk + j])) / math.sqrt(d) for j in keys]
            mx = max(s)
            w = [math.exp(x - mx) for x in s]
            rows[(h, i)] = (w, sum(w), [V[h * sk + j] for j in keys], mx)
        return rows[(h, i)]

    def out_reference():
        ref, bound = [], []
        for h in range(bh):
            for i in range(sq):
                w, total, vs, _ = row(h, i)
                ref.append([sum(w[j] * vs[j][c] for j in range(len(w))) / total for c in range(d)])
                mag = [sum(w[j] * abs(vs[j][c]) for j in range(len(w))) / total for c in range(d)]
                bound.append([4 * u * m + 2 * u * abs(r) + 2.0 ** -20 for m, r in zip(mag, ref[-1])])
        return ref, bound

    def lse_reference():
        ref = [[row(h, i)[3] + math.log(row(h, i)[1])] for h in range(bh) for i in range(sq)]
        return ref, [[2.0 ** -14 * (abs(r[0]) + 1)] for r in ref]

    causal = " causal" if p.causal else ""
    return Kernel(
        ptx=p.ptx, entry="attention", grid=((sq + 127) // 128, bh), block=384, smem=p.smem,
        title=f"attention sm90a {p.elem} bh={bh} sq={sq} sk={sk} d={d}{causal}",
        buffers=[Buffer("q", pack(p.elem, Q)), Buffer("k", pack(p.elem, K)), Buffer("v", pack(p.elem, V)),
                 Buffer("o", fill(p.elem, bh * sq * d, SENTINEL[p.elem]), writable=True),
                 Buffer("lse", fill("f32", bh * sq, 0x7FC00001), writable=True)],
        host=Host(p.host, "encode_tensor_maps",
                  [Map("q"), Ptr("q"), Map("k"), Ptr("k"), Map("v"), Ptr("v"), Map("o"), Ptr("o"),
                   I32(sq), I32(sk), I32(bh), I32(p.causal)]),
        args=[Map("q"), Map("k"), Map("v"), Map("o"), Ptr("lse"), sq, sk, bh, p.causal],
        outputs=[Output("o", p.elem, bh * sq, d, (bh * sq, d), out_reference),
                 Output("lse", "f32", bh * sq, 1, (bh * sq, 1), lse_reference)],
        delay=p.delay, max_steps=p.max_steps)
