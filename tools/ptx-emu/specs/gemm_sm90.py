"""examples/gemm_sm90.mlir: gemm(mapA, mapB, mapC, C, M, N, K), C = A B^T (A M x K, B N x K,
C M x N, row-major f16 or bf16, f32 accumulation) on 8 ceil(N/256) ceil(ceil(M/128)/8) CTAs of
384 threads in clusters (the PTX's .reqnctapercluster), 197696 bytes of dynamic shared memory.
The tensor maps are made by the module's derived host function encode_tensor_maps(mapA, A,
mapB, B, mapC, C, M, N, K: i32), compiled and linked with tensor_map_record.c (--host). C
starts as a NaN sentinel and has whole 128-row tiles; every element must equal the reference
rounded to the element type (A and B are multiples of 1/8: the f32 sums are exact).

    ptx_emu.py run gemm_sm90.py --ptx K.ptx --host HOST.so --set shape=200,264,136
"""

from ptxemu.spec import I32, Buffer, Host, Kernel, Map, Output, Ptr, fill, pack

import _gemm

PARAMS = {"ptx": None, "host": None, "elem": "f16", "shape": "256,256,384", "smem": 197696, "seed": 1, "delay": 1,
          "quantum": 1 << 62, "max_steps": 20_000_000}


def launch(p):
    M, N, K = _gemm.shape(p.shape)
    tm, tn = (M + 127) // 128, (N + 255) // 256
    rows_c = tm * 128
    A, B = _gemm.operands(p.seed, M, N, K, True)
    grid = 8 * tn * ((tm + 7) // 8)
    return Kernel(
        ptx=p.ptx, entry="gemm", grid=grid, block=384, smem=p.smem,
        title=f"sm90a {p.elem} {M}x{N}x{K} ({tm}x{tn} tiles, {(K + 63) // 64} k-tiles)",
        buffers=[Buffer("A", pack(p.elem, _gemm.values(A))), Buffer("B", pack(p.elem, _gemm.values(B))),
                 Buffer("C", fill(p.elem, rows_c * N, _gemm.SENTINEL[p.elem]), writable=True)],
        host=Host(p.host, "encode_tensor_maps",
                  [Map("A"), Ptr("A"), Map("B"), Ptr("B"), Map("C"), Ptr("C"), I32(M), I32(N), I32(K)]),
        args=[Map("A"), Map("B"), Map("C"), Ptr("C"), M, N, K],
        outputs=[Output("C", p.elem, rows_c, N, (M, N), lambda: _gemm.reference(p.elem, A, B, K), exact=True)],
        delay=p.delay, quantum=p.quantum, max_steps=p.max_steps)
