"""examples/gemm_fp8_sm90.mlir: gemm(mapA, mapB, mapC, C, M, N, K), C = A B^T (A M x K, B N x K
row-major e4m3, f32 accumulation, C M x N row-major bf16) on 8 ceil(N/256) ceil(ceil(M/128)/8)
CTAs of 384 threads in clusters of 2 (the PTX's .reqnctapercluster), 197696 bytes of dynamic
shared memory; K a multiple of 16 (A's and B's rows are 16-byte multiples for their tensor
maps). The tensor maps are made by the module's derived host function encode_tensor_maps(mapA,
A, mapB, B, mapC, C, M, N, K: i32), compiled and linked with tensor_map_record.c (--host). C
starts as a NaN sentinel and has whole 128-row tiles. A and B are multiples of 1/8 in [-2, 2]
(integers of at most 4 significant bits times 2^-3: every one an e4m3 value), so the products
(multiples of 1/64) and the f32 sums are exact, and every element of C must equal the reference
rounded to bf16.

    ptx_emu.py run gemm_fp8_sm90.py --ptx K.ptx --host HOST.so --set shape=200,264,144
"""

from ptxemu.spec import I32, Buffer, Host, Kernel, Map, Output, Ptr, fill, pack

import _gemm

PARAMS = {"ptx": None, "host": None, "shape": "256,256,512", "smem": 197696, "seed": 1, "delay": 1,
          "quantum": 1 << 62, "max_steps": 40_000_000}


def launch(p):
    M, N, K = _gemm.shape(p.shape)
    if K % 16:
        raise ValueError(f"K = {K}: the rows of A and B (K bytes) must be 16-byte multiples")
    tm, tn = (M + 127) // 128, (N + 255) // 256
    rows_c = tm * 128
    A, B = _gemm.operands(p.seed, M, N, K, True)
    grid = 8 * tn * ((tm + 7) // 8)
    return Kernel(
        ptx=p.ptx, entry="gemm", grid=grid, block=384, smem=p.smem,
        title=f"sm90a e4m3 -> bf16 {M}x{N}x{K} ({tm}x{tn} tiles, {(K + 127) // 128} k-tiles)",
        buffers=[Buffer("A", pack("e4m3", _gemm.values(A))), Buffer("B", pack("e4m3", _gemm.values(B))),
                 Buffer("C", fill("bf16", rows_c * N, _gemm.SENTINEL["bf16"]), writable=True)],
        host=Host(p.host, "encode_tensor_maps",
                  [Map("A"), Ptr("A"), Map("B"), Ptr("B"), Map("C"), Ptr("C"), I32(M), I32(N), I32(K)]),
        args=[Map("A"), Map("B"), Map("C"), Ptr("C"), M, N, K],
        outputs=[Output("C", "bf16", rows_c, N, (M, N), lambda: _gemm.reference("bf16", A, B, K), exact=True)],
        delay=p.delay, quantum=p.quantum, max_steps=p.max_steps)
