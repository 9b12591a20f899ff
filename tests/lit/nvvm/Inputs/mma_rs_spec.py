"""The kernel of mma_async_rs_run.mlir: mma_rs(a, b, out) on one CTA of 128 threads (one
warpgroup): out (64 x 64 f32) = A B^T with A and B 64 x 64 row-major f16 (A read into registers,
B into a swizzled shared tile). Small multiples of 1/4: every product and sum is exact."""
from ptxemu.spec import Buffer, Kernel, Output, Ptr, fill, pack

PARAMS = {"ptx": None}


def launch(p):
    A = [[((3 * i + 5 * j) % 9 - 4) / 4 for j in range(64)] for i in range(64)]
    B = [[((7 * i + 2 * j) % 11 - 5) / 4 for j in range(64)] for i in range(64)]
    ref = [[sum(A[i][x] * B[j][x] for x in range(64)) for j in range(64)] for i in range(64)]
    return Kernel(
        ptx=p.ptx, entry="mma_rs", grid=1, block=128, title="mma_rs",
        buffers=[Buffer("a", pack("f16", A)), Buffer("b", pack("f16", B)),
                 Buffer("out", fill("f32", 64 * 64, 0x7FC00000), writable=True)],
        args=[Ptr("a"), Ptr("b"), Ptr("out")],
        outputs=[Output("out", "f32", rows=64, ld=64, region=(64, 64), reference=lambda: ref, exact=True)])
