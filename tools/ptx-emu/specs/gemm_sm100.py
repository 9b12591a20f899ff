"""examples/gemm_sm100.mlir: gemm_sm100(mapA, mapB, C, M, N, K, ldc), C = A B^T (A M x K, B N x K
row-major f16 or bf16, C M x N with leading dimension ldc, f32 accumulation in tensor memory) on
a grid (ceil(N/128), ceil(M/128)) of CTAs of 128 threads, 132176 bytes of dynamic shared memory.
The tensor maps of A and B are made by the module's derived host function
encode_tensor_maps(mapA, A, mapB, B, M, N, K, ldc: i64), compiled and linked with
tensor_map_record.c (--host). C starts as a NaN sentinel, has whole 128-row tiles and ldc
(default: N rounded up to 8, plus 8) columns; every element must equal the reference rounded to
the element type. tmem_alloc=high: tcgen05.alloc takes the highest free columns (a kernel that
assumes column 0 instead of the address alloc wrote then fails).

    ptx_emu.py run gemm_sm100.py --ptx K.ptx --host HOST.so --set shape=136,260,72 --set ldc=296
"""

from ptxemu.spec import I64, Buffer, Host, Kernel, Map, Output, Ptr, fill, pack

import _gemm

PARAMS = {"ptx": None, "host": None, "elem": "f16", "shape": "256,256,384", "ldc": 0, "tmem_alloc": "low",
          "smem": 132176, "seed": 1, "delay": 1, "quantum": 1 << 62, "max_steps": 20_000_000}


def launch(p):
    M, N, K = _gemm.shape(p.shape)
    ldc = p.ldc or (N + 7) // 8 * 8 + 8
    if ldc < N or ldc % 8:
        raise SystemExit(f"ldc {ldc} must be a multiple of 8 and cover N")
    if p.tmem_alloc not in ("low", "high"):
        raise SystemExit("tmem_alloc: low or high")
    tm, tn = (M + 127) // 128, (N + 127) // 128
    rows_c = tm * 128
    A, B = _gemm.operands(p.seed, M, N, K, True)
    return Kernel(
        ptx=p.ptx, entry="gemm_sm100", grid=(tn, tm), block=128, smem=p.smem,
        title=f"sm100a {p.elem} {M}x{N}x{K} (ldc {ldc}; grid {tn}x{tm} CTAs, {(K + 63) // 64} k-tiles)",
        buffers=[Buffer("A", pack(p.elem, _gemm.values(A))), Buffer("B", pack(p.elem, _gemm.values(B))),
                 Buffer("C", fill(p.elem, rows_c * ldc, _gemm.SENTINEL[p.elem]), writable=True)],
        host=Host(p.host, "encode_tensor_maps",
                  [Map("A"), Ptr("A"), Map("B"), Ptr("B"), I64(M), I64(N), I64(K), I64(ldc)]),
        args=[Map("A"), Map("B"), Ptr("C"), M, N, K, ldc],
        outputs=[Output("C", p.elem, rows_c, ldc, (M, N), lambda: _gemm.reference(p.elem, A, B, K), exact=True)],
        delay=p.delay, tmem_high=p.tmem_alloc == "high", quantum=p.quantum, max_steps=p.max_steps)
