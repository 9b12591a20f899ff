"""The generic launcher: a spec (a small Python file) names the PTX, the entry, its parameters
(buffers with their initial bytes, scalars, tensor maps made by the kernel's derived host
function), the launch shape and the outputs with their reference; `run_spec` allocates the
buffers in emulated global memory, calls the host function (ctypes), runs every thread of every
CTA and checks the outputs.

A spec module defines

    PARAMS = {"ptx": None, "shape": "64,64,128", ...}   # defaults; `--set key=value` overrides
                                                        # (converted to the default's type)
    def launch(p):                                      # p: the parameters, as attributes
        return Kernel(...)

See docs/ptx-emulator.md for a worked example.
"""

import ctypes
import math
import os
import struct
import time

from .errors import EmuError
from .launch import FAILURES, Launch
from .memory import Global
from .numeric import bf16_bits, f16_bits, f32_bits, f32_from_bits, fp8_bits, half_table


# -- what a spec declares ---------------------------------------------------------------------

class Buffer:
    """A global buffer: `data` its initial bytes (see `pack`), read-only unless `writable`."""

    def __init__(self, name, data, writable=False):
        self.name, self.data, self.writable = name, bytes(data), writable


class Ptr:
    """A kernel or host-function argument: the global address of buffer `name` (+ `offset` bytes)."""

    def __init__(self, name, offset=0):
        self.name, self.offset = name, offset


class Map:
    """A tensor map: as a host-function argument, the 128-byte slot the function encodes map
    `name` into; as a kernel argument, the global address of that map (the maps lie in emulated
    global memory, where the kernel's TMA instructions read them)."""

    def __init__(self, name):
        self.name = name


class I32:
    """A 32-bit integer argument of the host function."""

    def __init__(self, v):
        self.v = v


class I64:
    """A 64-bit integer argument of the host function."""

    def __init__(self, v):
        self.v = v


class Host:
    """The kernel module's host function that encodes its tensor maps (`function` in the shared
    library `lib`, linked with tensor_map_record.c, a stand-in cuTensorMapEncodeTiled that stores
    its arguments in the map), called with `args` (Map, Ptr, I32, I64); it must return 0."""

    def __init__(self, lib, function, args):
        self.lib, self.function, self.args = lib, function, args


class Output:
    """A writable buffer checked after the run: a `rows` x `ld` row-major matrix of `dtype`
    (f16, bf16, f32) of which the `region` (rows, columns) at its top left must be written
    (each element exactly once when `once`) and nothing outside it. `reference()` returns the
    float64 reference of the region (a list of rows, or a NumPy array) or a pair (reference,
    bound): an element is wrong unless |value - reference| <= bound (a matrix, or `bound` the
    number for every element). With `exact`, every element must moreover equal the reference
    rounded to `dtype`."""

    def __init__(self, name, dtype, rows, ld, region, reference, bound=0.0, exact=False, once=True):
        self.name, self.dtype, self.rows, self.ld, self.region = name, dtype, rows, ld, region
        self.reference, self.bound, self.exact, self.once = reference, bound, exact, once


class Kernel:
    """A launch: the PTX file, its `.entry`, the arguments in order (Ptr, Map or an integer),
    grid, block (each (x, y, z) or an int), dynamic shared memory bytes, the buffers, the host
    function (optional), the outputs; `title` heads the report. The cluster shape is the PTX's
    .reqnctapercluster (`cluster`, when given, must equal it). `delay`: scheduler rounds a TMA
    load or tcgen05.commit takes to land; `tmem_high`: tcgen05.alloc takes the highest free
    columns; `quantum`: instructions a thread runs before the next (default: until it blocks);
    `max_steps`: instruction budget of each cluster."""

    def __init__(self, ptx, entry, args, grid, block, buffers, outputs, smem=0, host=None, cluster=None,
                 title=None, delay=1, tmem_high=False, quantum=1 << 62, max_steps=20_000_000):
        self.ptx, self.entry, self.args = ptx, entry, args
        self.grid, self.block = _dim3(grid), _dim3(block)
        self.buffers, self.outputs, self.smem, self.host = buffers, outputs, smem, host
        self.cluster = None if cluster is None else _dim3(cluster)
        self.title = title or entry
        self.delay, self.tmem_high, self.quantum, self.max_steps = delay, tmem_high, quantum, max_steps


def _dim3(d):
    d = (d,) if isinstance(d, int) else tuple(d)
    return d + (1,) * (3 - len(d))


# -- helpers for specs ---------------------------------------------------------------------------

BITS = {"f16": f16_bits, "bf16": bf16_bits, "f32": f32_bits,
        "e4m3": lambda x: fp8_bits("e4m3", x), "e5m2": lambda x: fp8_bits("e5m2", x)}
WIDTH = {"f16": 2, "bf16": 2, "f32": 4, "e4m3": 1, "e5m2": 1}
FMT = {1: "B", 2: "H", 4: "I"}


def pack(dtype, rows, ld=None, pad=None):
    """The bytes of a row-major matrix of `dtype` (f16, bf16, f32, e4m3, e5m2) from a list of rows of
    floats, each row padded to `ld` elements with the bit pattern `pad` (e.g. a NaN)."""
    conv, w = BITS[dtype], WIDTH[dtype]
    out = bytearray()
    direct = {"f16": "e", "f32": "f"}.get(dtype)  # struct rounds as f16_bits / f32_bits do
    for r in rows:
        try:
            if direct is None:
                raise OverflowError
            out += struct.pack(f"<{len(r)}{direct}", *r)
        except OverflowError:  # bf16, or out of range (infinity): element by element
            out += struct.pack(f"<{len(r)}{FMT[w]}", *[conv(v) for v in r])
        if ld is not None and ld > len(r):
            out += struct.pack(f"<{ld - len(r)}{FMT[w]}", *[pad] * (ld - len(r)))
    return bytes(out)


def fill(dtype, count, bits):
    """`count` elements of `dtype`, every one the bit pattern `bits` (a sentinel)."""
    return struct.pack(f"<{count}{FMT[WIDTH[dtype]]}", *([bits] * count))


def value_of(dtype, bits):
    if dtype == "f32":
        return f32_from_bits(bits)
    if dtype in ("e4m3", "e5m2"):
        from .ops_wgmma import fp8_table
        return fp8_table(dtype)[bits]
    return half_table(dtype)[bits]


# -- running a spec -------------------------------------------------------------------------------

def encode_maps(host, gmem):
    """Calls the host function; the maps it wrote ({name: 128 bytes})."""
    lib = ctypes.CDLL(os.path.abspath(host.lib))
    fn = getattr(lib, host.function)
    fn.restype = ctypes.c_int32
    names = [a.name for a in host.args if isinstance(a, Map)]
    maps = (ctypes.c_uint8 * (128 * max(len(names), 1)))()
    base = ctypes.addressof(maps)
    args = []
    for a in host.args:
        if isinstance(a, Map):
            args.append(ctypes.c_void_p(base + 128 * names.index(a.name)))
        elif isinstance(a, Ptr):
            args.append(ctypes.c_void_p(gmem[a.name][1] + a.offset))
        elif isinstance(a, I32):
            args.append(ctypes.c_int32(a.v))
        elif isinstance(a, I64):
            args.append(ctypes.c_int64(a.v))
        else:
            raise EmuError(f"host function argument {a!r}: Map, Ptr, I32 or I64")
    status = fn(*args)
    if status:
        raise EmuError(f"{host.function} returned {status}")
    raw = bytes(maps)
    return {n: raw[128 * i:128 * i + 128] for i, n in enumerate(names)}


def check_output(out, buf):
    """The output against its reference: counts and the first wrong / unwritten / outside elements."""
    w = WIDTH[out.dtype]
    fmt = "<%d%s" % (out.rows * out.ld, FMT[w])
    bits = struct.unpack(fmt, buf[2])
    written = buf[4]
    M, N = out.region
    ref = out.reference()
    bound = out.bound
    if isinstance(ref, tuple):
        ref, bound = ref
    if hasattr(ref, "tolist"):
        ref = ref.tolist()
    if hasattr(bound, "tolist"):
        bound = bound.tolist()
    scalar_bound = isinstance(bound, (int, float))
    conv = BITS[out.dtype]
    r = {"wrong": [], "outside": [], "unwritten": [], "twice": 0, "max_err": -1.0, "max_ratio": 0.0,
         "at_bound": 0.0, "rounded": 0, "inexact": []}
    value = (lambda b: f32_from_bits(b)) if out.dtype == "f32" else half_table(out.dtype).__getitem__
    for i in range(out.rows):
        row_ref = ref[i] if i < M else None
        row_bound = None if scalar_bound or i >= M else bound[i]
        for j in range(out.ld):
            e = i * out.ld + j
            wr = any(written[w * e:w * e + w])
            if i >= M or j >= N:
                if wr:
                    r["outside"].append((i, j))
                continue
            if not wr:
                r["unwritten"].append((i, j))
                continue
            r["twice"] += written[w * e] > 1
            x = row_ref[j]
            bd = bound if scalar_bound else row_bound[j]
            b = bits[e]
            got = value(b)
            if b == conv(x):
                r["rounded"] += 1
            elif out.exact:
                r["inexact"].append((i, j, got, b, x))
            err = abs(got - x)
            if err != err:  # a NaN where a number belongs: the largest error there is
                err = math.inf
            if not err <= bd:
                r["wrong"].append((i, j, got, b, x, bd))
            # The largest error over every written element, the wrong ones included.
            if err > r["max_err"]:
                r["max_err"], r["at_bound"] = err, bd
            if bd > 0:
                r["max_ratio"] = max(r["max_ratio"], err / bd)
    return r


def run_spec(k, out=print):
    """Runs the Kernel `k` and prints the report; the exit status (0 pass, 1 fail, 2 error)."""
    gmem = Global()
    bufs = {}
    for b in k.buffers:
        if b.name in bufs:
            raise EmuError(f"two buffers named {b.name}")
        bufs[b.name] = gmem.alloc(b.name, b.data, b.writable)
    maps = {}
    if k.host is not None:
        raw = encode_maps(k.host, bufs)
        mp = gmem.alloc("tensor maps", b"".join(raw.values()), False)
        maps = {n: mp[1] + 128 * i for i, n in enumerate(raw)}
    args = []
    for a in k.args:
        if isinstance(a, Ptr):
            if a.name not in bufs:
                raise EmuError(f"argument Ptr({a.name!r}): no such buffer")
            args.append(bufs[a.name][1] + a.offset)
        elif isinstance(a, Map):
            if a.name not in maps:
                raise EmuError(f"argument Map({a.name!r}): the host function encodes no such map")
            args.append(maps[a.name])
        elif isinstance(a, int):
            args.append(a)
        else:
            raise EmuError(f"kernel argument {a!r}: Ptr, Map or an integer")
    with open(k.ptx) as f:
        ptx = f.read()
    t0 = time.time()
    launch = Launch(ptx, k.entry, k.smem)
    cl = launch.module.cluster
    if k.cluster is not None and k.cluster != cl:
        raise EmuError(f"the spec's cluster {k.cluster} differs from the PTX's .reqnctapercluster {cl}")
    launch.run(gmem, k.grid, k.block, args, k.quantum, k.max_steps, k.delay, k.tmem_high)
    took = time.time() - t0
    s = launch.stats
    ok = True
    results = []
    for o in k.outputs:
        r = check_output(o, bufs[o.name])
        results.append((o, r))
        M, N = o.region
        out(f"{k.title}: {o.name}: {M * N} elements, max error {max(r['max_err'], 0):.3g} (bound there {r['at_bound']:.3g}; "
            f"max error/bound {r['max_ratio']:.3g}), {len(r['wrong'])} wrong, {len(r['outside'])} writes outside {o.name}, "
            f"{len(r['unwritten'])} unwritten, {r['twice']} stored twice, {s['races']} races")
        out(f"{r['rounded']} of {M * N} elements equal the reference rounded to {o.dtype}")
        ok &= not (r["wrong"] or r["outside"] or r["unwritten"] or r["inexact"] or (o.once and r["twice"]))
    nctas = k.grid[0] * k.grid[1] * k.grid[2]
    nthr = k.block[0] * k.block[1] * k.block[2]
    dims = list(cl)
    while len(dims) > 1 and dims[-1] == 1:
        dims.pop()
    shape = f" (clusters of {'x'.join(map(str, dims))})" if cl != (1, 1, 1) else ""
    counts = ", ".join(f"{v} {n}" for n, v in s.items() if v and n not in FAILURES and n != "instructions")
    out(f"emulated {nctas} CTAs{shape} x {nthr} threads: {s['instructions']} instructions{', ' if counts else ''}{counts}; {took:.1f} s")
    failed = [f"{s[n]} {n}" for n in FAILURES if s[n]]
    out("checks: " + (", ".join(failed) if failed else "none failed"))
    for x in launch.races[:4]:
        out(x)
    for o, r in results:
        for i, j, got, b, ref, bd in r["wrong"][:5]:
            out(f"wrong: {o.name}[{i}][{j}] = {got!r} ({b:#06x}), reference {ref!r} (bound {bd:.3g})")
        for i, j, got, b, ref in r["inexact"][:3]:
            out(f"inexact: {o.name}[{i}][{j}] = {got!r} ({b:#06x}), not the reference {ref!r} rounded to {o.dtype}")
        for i, j in r["unwritten"][:3]:
            out(f"unwritten: {o.name}[{i}][{j}] (inside {o.region[0]}x{o.region[1]}) was never stored")
        for i, j in r["outside"][:3]:
            out(f"outside: {o.name}[{i}][{j}] (outside {o.region[0]}x{o.region[1]}) was stored")
    ok &= not any(s[n] for n in FAILURES)
    out("PASS" if ok else "FAIL")
    return 0 if ok else 1


def load_spec(path, overrides):
    """The spec module at `path` and its parameters with `overrides` ({key: string}) applied."""
    import importlib.util
    import types
    sp = importlib.util.spec_from_file_location("ptx_emu_spec_" + os.path.basename(path).split(".")[0], path)
    mod = importlib.util.module_from_spec(sp)
    sp.loader.exec_module(mod)
    params = dict(getattr(mod, "PARAMS", {}))
    for key, v in overrides.items():
        if key not in params:
            raise SystemExit(f"{path}: no parameter {key} (parameters: {', '.join(sorted(params))})")
        d = params[key]
        if isinstance(d, bool):
            v = v.lower() in ("1", "true", "yes", "on")
        elif isinstance(d, int):
            v = int(v, 0)
        elif isinstance(d, float):
            v = float(v)
        params[key] = v
    missing = [key for key, v in params.items() if v is None]
    if missing:
        raise SystemExit(f"{path}: set {', '.join(missing)} (--set KEY=VALUE)")
    return mod, types.SimpleNamespace(**params)
