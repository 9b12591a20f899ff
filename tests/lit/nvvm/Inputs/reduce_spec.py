"""The kernels of reduce_run.mlir: entry(in, out, sums) on one CTA of 128 threads; `in` and
`out` are 64 x 64 row-major f32, `sums` 64 f32. Element (i, j) of `in` is the integer
((7 i + 13 j) mod 97) - 48, so every sum is exact. The reference: out[i][j] = in[i][j] - max_j
in[i][j] (the row's maximum broadcast back), sums[i] = sum_j in[i][j]. Each element of `sums`
is stored by every thread that holds it (a reduced tensor is held by all lanes of its row's
group), so it may be stored more than once, with the same value."""
from ptxemu.spec import Buffer, Kernel, Output, Ptr, fill, pack

PARAMS = {"ptx": None, "entry": None}


def launch(p):
    a = [[float((7 * i + 13 * j) % 97 - 48) for j in range(64)] for i in range(64)]
    out = [[x - max(r) for x in r] for r in a]
    sums = [[sum(r) for r in a]]
    nan = 0x7FC00000
    return Kernel(
        ptx=p.ptx, entry=p.entry, grid=1, block=128, title=p.entry,
        buffers=[Buffer("in", pack("f32", a)), Buffer("out", fill("f32", 64 * 64, nan), writable=True),
                 Buffer("sums", fill("f32", 64, nan), writable=True)],
        args=[Ptr("in"), Ptr("out"), Ptr("sums")],
        outputs=[Output("out", "f32", rows=64, ld=64, region=(64, 64), reference=lambda: out, exact=True),
                 Output("sums", "f32", rows=1, ld=64, region=(1, 64), reference=lambda: sums, exact=True,
                        once=False)])
