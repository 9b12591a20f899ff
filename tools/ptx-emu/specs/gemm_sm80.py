"""examples/gemm_sm80.mlir: gemm_sm80(A, B, C, M, N, K, lda, ldb, ldc), C = A B (A M x K, B K x N,
row-major f16 or bf16, C f16/bf16 with f32 accumulation) on a grid (ceil(N/64), ceil(M/64)) of
CTAs of 128 threads. A's columns past K and B's past N hold NaN (a read past K poisons C, one
past the buffer is an error); C starts as a NaN sentinel
and has whole 64-row tiles (a store to a stray row counts as outside). Every element must equal
the reference rounded to the element type (A and B are multiples of 1/8: the f32 sums are exact).

    ptx_emu.py run gemm_sm80.py --ptx K.ptx --set elem=f16 --set shape=70,76,44 --set ld=48,80,128
"""

from ptxemu.spec import Buffer, Kernel, Output, Ptr, fill, pack

import _gemm

PARAMS = {"ptx": None, "elem": "f16", "shape": "64,64,128", "ld": "", "seed": 1, "quantum": 1 << 62, "max_steps": 5_000_000}


def launch(p):
    M, N, K = _gemm.shape(p.shape)
    if p.ld:
        lda, ldb, ldc = (int(x) for x in p.ld.split(","))
    else:
        lda, ldb, ldc = ((x + 7) // 8 * 8 + 8 for x in (K, N, N))
    if lda < K or ldb < N or ldc < N or lda % 8 or ldb % 8 or ldc % 8:
        raise SystemExit(f"leading dimensions {lda},{ldb},{ldc} must be multiples of 8 and cover K, N, N")
    A, B = _gemm.operands(p.seed, M, N, K, False)
    rows_c = (M + 63) // 64 * 64
    pad = _gemm.NAN_PAD[p.elem]
    grid = ((N + 63) // 64, (M + 63) // 64)
    Bt = [list(c) for c in zip(*B)]
    return Kernel(
        ptx=p.ptx, entry="gemm_sm80", grid=grid, block=128,
        title=f"sm80 {p.elem} {M}x{N}x{K} (ld {lda},{ldb},{ldc}; grid {grid[0]}x{grid[1]})",
        buffers=[Buffer("A", pack(p.elem, _gemm.values(A), lda, pad)),
                 Buffer("B", pack(p.elem, _gemm.values(B), ldb, pad)),
                 Buffer("C", fill(p.elem, rows_c * ldc, _gemm.SENTINEL[p.elem]), writable=True)],
        args=[Ptr("A"), Ptr("B"), Ptr("C"), M, N, K, lda, ldb, ldc],
        outputs=[Output("C", p.elem, rows_c, ldc, (M, N), lambda: _gemm.reference(p.elem, A, Bt, K), exact=True)],
        quantum=p.quantum, max_steps=p.max_steps)
