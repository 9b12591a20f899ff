"""y = x + y over n floats, one thread per element, and s[w] = the sum of warp w's results (a
reduction by shuffles). The values are small multiples of 1/4: every sum is exact."""
from ptxemu.spec import Buffer, Kernel, Output, Ptr, pack

PARAMS = {"ptx": None, "n": 1000}


def launch(p):
    n = p.n
    warps = 4 * ((n + 127) // 128)  # every warp launched stores its sum (0 past n)
    x = [(i % 7) / 4 for i in range(n)]
    y = [(i % 5) / 4 for i in range(n)]
    s = [sum(x[i] + y[i] for i in range(32 * w, min(32 * w + 32, n))) for w in range(warps)]
    return Kernel(
        ptx=p.ptx, entry="vadd", grid=(n + 127) // 128, block=128,
        buffers=[Buffer("x", pack("f32", [x])), Buffer("y", pack("f32", [y]), writable=True),
                 Buffer("s", pack("f32", [[0.0] * warps]), writable=True)],
        args=[Ptr("x"), Ptr("y"), Ptr("s"), n],  # in the order of the .entry's .params
        outputs=[Output("y", "f32", rows=1, ld=n, region=(1, n), reference=lambda: [[u + v for u, v in zip(x, y)]],
                        exact=True),
                 Output("s", "f32", rows=1, ld=warps, region=(1, warps), reference=lambda: [s],
                        exact=True)])
