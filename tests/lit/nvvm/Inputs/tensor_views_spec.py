"""The kernels of tensor_views_run.mlir: entry(in, out) on one CTA of 128 threads; `in` and
`out` are 64 x 64 row-major f32 (element (i, j) of `in` is 64 i + j: every value distinct and
exact). `want` is the reference: `transpose` (out = in^T) or `copy` (out = in)."""
from ptxemu.spec import Buffer, Kernel, Output, Ptr, fill, pack

PARAMS = {"ptx": None, "entry": None, "want": "transpose"}


def launch(p):
    a = [[float(64 * i + j) for j in range(64)] for i in range(64)]
    ref = [[a[j][i] for j in range(64)] for i in range(64)] if p.want == "transpose" else a
    return Kernel(
        ptx=p.ptx, entry=p.entry, grid=1, block=128, title=f"{p.entry} ({p.want})",
        buffers=[Buffer("in", pack("f32", a)),
                 Buffer("out", fill("f32", 64 * 64, 0x7FC00000), writable=True)],
        args=[Ptr("in"), Ptr("out")],
        outputs=[Output("out", "f32", rows=64, ld=64, region=(64, 64), reference=lambda: ref, exact=True)])
