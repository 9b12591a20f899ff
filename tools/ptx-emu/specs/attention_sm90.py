"""examples/attention_sm90.mlir (d = 64) and attention_sm90_d128.mlir (d = 128):
attention(mapQ, mapK, mapV, mapO, lse, SQ, SK, BH, causal), for each of BH heads
O = softmax(Q K^T / sqrt(d) [+ causal mask: key j <= query i]) V and LSE = log(sum_j exp(s_j))
per row; Q and O are BH x SQ x d, K and V BH x SK x d (row-major, f16 or bf16), LSE BH x SQ f32.
SQ and SK are any positive lengths (partial tiles: TMA zero-fills past them and clips the store).
The tensor maps are made by the module's derived host function encode_tensor_maps(mapQ, Q, mapK,
K, mapV, V, mapO, O, SQ, SK, BH, causal), compiled and linked with tensor_map_record.c (--host).
Grid (ceil(SQ / 128), BH) of 384 threads (two consumer warpgroups, one producer), `smem` bytes of
dynamic shared memory.

The problem, the float64 reference and the bounds are _attention.py's (shared with
attention_sm80.py): |O - ref| <= 4u (sum_j p_j |V_j|) / l + 2u |ref| + 2^-20 (u the element
type's unit roundoff) and |LSE - ref| <= 2^-14 (|ref| + 1).

    ptx_emu.py run attention_sm90.py --ptx K.ptx --host H.so --set bh=2 --set sq=200 --set sk=130 [--set d=128] [--set causal=1] [--set elem=bf16]
"""

from ptxemu.spec import I32, Buffer, Host, Kernel, Map, Output, Ptr, fill, pack

import _attention

PARAMS = {"ptx": None, "host": None, "elem": "f16", "bh": 2, "sq": 128, "sk": 128, "d": 64, "causal": 0,
          "smem": 83024, "seed": 1, "delay": 1, "max_steps": 60_000_000}


def launch(p):
    bh, sq, sk, d = p.bh, p.sq, p.sk, p.d
    a = _attention.Attention(p.seed, bh, sq, sk, d, p.causal, p.elem)
    return Kernel(
        ptx=p.ptx, entry="attention", grid=((sq + 127) // 128, bh), block=384, smem=p.smem,
        title=a.title("sm90a"),
        buffers=[Buffer("q", pack(p.elem, a.Q)), Buffer("k", pack(p.elem, a.K)), Buffer("v", pack(p.elem, a.V)),
                 Buffer("o", fill(p.elem, bh * sq * d, _attention.SENTINEL[p.elem]), writable=True),
                 Buffer("lse", fill("f32", bh * sq, _attention.LSE_SENTINEL), writable=True)],
        host=Host(p.host, "encode_tensor_maps",
                  [Map("q"), Ptr("q"), Map("k"), Ptr("k"), Map("v"), Ptr("v"), Map("o"), Ptr("o"),
                   I32(sq), I32(sk), I32(bh), I32(p.causal)]),
        args=[Map("q"), Map("k"), Map("v"), Map("o"), Ptr("lse"), sq, sk, bh, p.causal],
        outputs=[Output("o", p.elem, bh * sq, d, (bh * sq, d), a.out_reference),
                 Output("lse", "f32", bh * sq, 1, (bh * sq, 1), a.lse_reference)],
        delay=p.delay, max_steps=p.max_steps)
