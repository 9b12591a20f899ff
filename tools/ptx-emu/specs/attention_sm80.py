"""examples/attention_sm80.mlir (d = 64) and attention_sm80_d128.mlir (d = 128), FlashAttention-2
for sm_80 (cp.async, ldmatrix, mma.sync): attention(q, k, v, o, lse, SQ, SK, BH, causal), for each
of BH heads O = softmax(Q K^T / sqrt(d) [+ causal mask: key j <= query i]) V and
LSE = log(sum_j exp(s_j)) per row; Q and O are BH x SQ x d, K and V BH x SK x d (row-major, f16
or bf16), LSE BH x SQ f32, all global pointers. SQ and SK are any positive lengths (partial
tiles: cp.async zero-fills the rows past SQ or SK, the stores of O and LSE are masked there).
Grid (ceil(SQ / 64), BH) of 128 threads (4 warps of 16 rows: one 64-row tile of Q), static
shared memory.

The problem, the float64 reference and the bounds are _attention.py's (shared with
attention_sm90.py): |O - ref| <= 4u (sum_j p_j |V_j|) / l + 2u |ref| + 2^-20 (u the element
type's unit roundoff) and |LSE - ref| <= 2^-14 (|ref| + 1).

    layout-opt examples/attention_sm80.mlir --lower-to-nvvm="ptx=K.ptx chip=sm_80" -o /dev/null
    ptx_emu.py run attention_sm80.py --ptx K.ptx --set bh=2 --set sq=100 --set sk=150 [--set d=128] [--set causal=1] [--set elem=bf16]
"""

from ptxemu.spec import Buffer, Kernel, Output, Ptr, fill, pack

import _attention

PARAMS = {"ptx": None, "elem": "f16", "bh": 2, "sq": 128, "sk": 128, "d": 64, "causal": 0, "seed": 1,
          "max_steps": 60_000_000}


def launch(p):
    bh, sq, sk, d = p.bh, p.sq, p.sk, p.d
    a = _attention.Attention(p.seed, bh, sq, sk, d, p.causal, p.elem)
    return Kernel(
        ptx=p.ptx, entry="attention", grid=((sq + 63) // 64, bh), block=128,
        title=a.title("sm80"),
        buffers=[Buffer("q", pack(p.elem, a.Q)), Buffer("k", pack(p.elem, a.K)), Buffer("v", pack(p.elem, a.V)),
                 Buffer("o", fill(p.elem, bh * sq * d, _attention.SENTINEL[p.elem]), writable=True),
                 Buffer("lse", fill("f32", bh * sq, _attention.LSE_SENTINEL), writable=True)],
        args=[Ptr("q"), Ptr("k"), Ptr("v"), Ptr("o"), Ptr("lse"), sq, sk, bh, p.causal],
        outputs=[Output("o", p.elem, bh * sq, d, (bh * sq, d), a.out_reference),
                 Output("lse", "f32", bh * sq, 1, (bh * sq, 1), a.lse_reference)],
        max_steps=p.max_steps)
