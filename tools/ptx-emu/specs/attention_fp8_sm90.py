"""examples/attention_fp8_sm90.mlir: attention(mapQ, mapK, mapVt, mapO, lse, SQ, SK, BH, causal,
scale_qk, scale_v), for each of BH heads O = softmax(Q K^T / sqrt(128) [+ causal mask: key j <=
query i]) V and LSE = log(sum_j exp(s_j)) per row, with Q, K and V in e4m3 and O in bf16; Q is
BH x SQ x 128, K BH x SK x 128, V given transposed (BH x 128 x SK: V^T row-major), O BH x SQ x 128,
LSE BH x SQ f32. SK is a multiple of 16 (V^T's row stride is a TMA stride).

Q's entries are multiples of 1/2 in [-8, 8] (the scores spread, so that P from a wrong row or
column shows; K and V as _attention.py's, all exact in e4m3). With `descale`, the operands are
stored scaled as fp8 kernels take them: Q / 2 and V * 2 (both exact in e4m3), undone by the kernel's scale_qk = 2 log2(e) / sqrt(128) and scale_v = 1/2; else
scale_qk = log2(e) / sqrt(128) and scale_v = 1. The reference and bounds are _attention.py's with
P rounded to e4m3 (u = 2^-4) and O to bf16.

    ptx_emu.py run attention_fp8_sm90.py --ptx K.ptx --host H.so --set bh=2 --set sq=200 --set sk=208 [--set causal=1] [--set descale=1]
"""

import math

from ptxemu.numeric import f32_bits
from ptxemu.spec import I32, Buffer, Host, Kernel, Map, Output, Ptr, fill, pack

import _attention

PARAMS = {"ptx": None, "host": None, "bh": 2, "sq": 128, "sk": 128, "causal": 0, "descale": 0,
          "smem": 115792, "seed": 1, "delay": 1, "max_steps": 80_000_000}


def launch(p):
    bh, sq, sk, d = p.bh, p.sq, p.sk, 128
    if sk % 16:
        raise ValueError(f"sk = {sk}: V^T's rows are TMA strides, a multiple of 16 bytes")
    a = _attention.Attention(p.seed, bh, sq, sk, d, p.causal, "e4m3", out_elem="bf16", q_scale=8)
    dq, dv = (2.0, 0.5) if p.descale else (1.0, 1.0)
    Q = [[x / dq for x in r] for r in a.Q]
    Vt = [[a.V[h * sk + j][c] / dv for j in range(sk)] for h in range(bh) for c in range(d)]
    scale_qk = dq * math.log2(math.e) / math.sqrt(d)
    return Kernel(
        ptx=p.ptx, entry="attention", grid=((sq + 127) // 128, bh), block=384, smem=p.smem,
        title=a.title("sm90a fp8") + (" descaled" if p.descale else ""),
        buffers=[Buffer("q", pack("e4m3", Q)), Buffer("k", pack("e4m3", a.K)), Buffer("vt", pack("e4m3", Vt)),
                 Buffer("o", fill("bf16", bh * sq * d, _attention.SENTINEL["bf16"]), writable=True),
                 Buffer("lse", fill("f32", bh * sq, _attention.LSE_SENTINEL), writable=True)],
        host=Host(p.host, "encode_tensor_maps",
                  [Map("q"), Ptr("q"), Map("k"), Ptr("k"), Map("vt"), Ptr("vt"), Map("o"), Ptr("o"),
                   I32(sq), I32(sk), I32(bh), I32(p.causal)]),
        args=[Map("q"), Map("k"), Map("vt"), Map("o"), Ptr("lse"), sq, sk, bh, p.causal,
              f32_bits(scale_qk), f32_bits(dv)],
        outputs=[Output("o", "bf16", bh * sq, d, (bh * sq, d), a.out_reference),
                 Output("lse", "f32", bh * sq, 1, (bh * sq, 1), a.lse_reference)],
        delay=p.delay, max_steps=p.max_steps)
