"""The kernel of mma_async_rs_fp8_run.mlir: mma_rs(a, b, out) on one CTA of 128 threads (one
warpgroup): out (64 x 64 f32) = e4m3(A) B^T with A 64 x 64 row-major f32 (read into the
m64nNk32 accumulator's registers, rounded to e4m3 by cvt.rn.satfinite and converted to WGMMA's
8-bit A fragment by shuffles) and B 64 x 64 row-major e4m3 (a 64B-swizzled shared tile). A's
values are multiples of 1/4 in [-1, 1] and 500 (past e4m3's largest finite value: satfinite
makes it 448); every product and sum is exact."""
from ptxemu.spec import Buffer, Kernel, Output, Ptr, fill, pack

PARAMS = {"ptx": None}


def launch(p):
    A = [[((3 * i + 5 * j) % 9 - 4) / 4 for j in range(64)] for i in range(64)]
    A[5][7], A[40][33] = 500.0, -1000.0
    Ar = [[max(-448.0, min(448.0, x)) for x in r] for r in A]
    B = [[((7 * i + 2 * j) % 11 - 5) / 4 for j in range(64)] for i in range(64)]
    ref = [[sum(Ar[i][x] * B[j][x] for x in range(64)) for j in range(64)] for i in range(64)]
    return Kernel(
        ptx=p.ptx, entry="mma_rs", grid=1, block=128, title="mma_rs_fp8",
        buffers=[Buffer("a", pack("f32", A)), Buffer("b", pack("e4m3", B)),
                 Buffer("out", fill("f32", 64 * 64, 0x7FC00000), writable=True)],
        args=[Ptr("a"), Ptr("b"), Ptr("out")],
        outputs=[Output("out", "f32", rows=64, ld=64, region=(64, 64), reference=lambda: ref, exact=True)])
