"""Running small hand-written PTX kernels on the emulator (no GPU, no build)."""

import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ptxemu import EmuError, Global, Launch  # noqa: E402,F401


def kernel(body, params, regs="", shared="", entry="k", target="sm_90a", head=""):
    """A PTX module with one .entry `entry` of u64 params `params` and `body`."""
    plist = ", ".join(f".param .u64 {p}" for p in params)
    return f""".version 8.6
.target {target}
.address_size 64
{shared}
.visible .entry {entry}({plist}){head}
{{
  .reg .pred %p<16>;
  .reg .b16 %h<64>;
  .reg .b32 %r<256>;
  .reg .b64 %rd<64>;
  {regs}
{body}
  ret;
}}
"""


class Run:
    """The result of a launch: the buffers by name (bytes) and the launch (stats, races)."""

    def __init__(self, launch, bufs):
        self.launch, self.bufs = launch, bufs

    def u32(self, name):
        b = self.bufs[name]
        return list(struct.unpack(f"<{len(b) // 4}I", b))

    def u16(self, name):
        b = self.bufs[name]
        return list(struct.unpack(f"<{len(b) // 2}H", b))


def run(ptx, buffers, args=None, grid=(1, 1, 1), block=(32, 1, 1), smem=0, entry="k", **kw):
    """buffers: [(name, bytes, writable)]; args: names of buffers (their addresses) or ints,
    default: every buffer in order."""
    gmem = Global()
    bufs = {}
    for n, d, w in buffers:  # d: bytes, or a function of {name: address} of the buffers before
        bufs[n] = gmem.alloc(n, d({k: b[1] for k, b in bufs.items()}) if callable(d) else d, w)
    if args is None:
        args = [n for n, _, _ in buffers]
    vals = [bufs[a][1] if isinstance(a, str) else a for a in args]
    launch = Launch(ptx, entry, smem)
    launch.run(gmem, grid, block, vals, **kw)
    return Run(launch, {n: bytes(b[2]) for n, b in bufs.items()})


def u32s(vals):
    return struct.pack(f"<{len(vals)}I", *vals)


def u16s(vals):
    return struct.pack(f"<{len(vals)}H", *vals)


def tensor_map(dtype, gaddr, dims, strides, box, swizzle=0, oob=0):
    """The 128 bytes tensor_map_record.c writes for cuTensorMapEncodeTiled(map, dtype, rank,
    gaddr, dims, strides, box, element strides 1, interleave 0, swizzle, L2 0, oob)."""
    m = bytearray(128)
    struct.pack_into("<I", m, 0, 0x50414D54)
    m[4], m[5], m[6], m[7], m[8], m[9] = dtype, len(dims), 0, swizzle, 0, oob
    struct.pack_into("<Q", m, 16, gaddr)
    for i, d in enumerate(dims):
        struct.pack_into("<Q", m, 24 + 8 * i, d)
        struct.pack_into("<H", m, 96 + 2 * i, box[i])
        m[106 + i] = 1
    for i, s in enumerate(strides):
        struct.pack_into("<Q", m, 64 + 8 * i, s)
    return bytes(m)
