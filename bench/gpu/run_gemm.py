#!/usr/bin/env python3
"""Run the GEMMs that scripts/gpu_build.sh built (target/gpu) on a GPU and check them.

Three kernels, each for each element type and shape:
  - sm90a (target/gpu/manifest.json, target/gpu/<elem>/): C = A @ B^T, A (M x K), B (N x K),
    TMA + wgmma, a full/empty mbarrier pipeline, clusters of 2 CTAs sharing B by TMA multicast
    (the PTX declares the cluster: a plain launch) and a TMA-store epilogue. The runner encodes the
    TMA tensor maps of A, B and C by calling the kernel module's own host function
    `encode_tensor_maps(mapA, A, mapB, B, mapC, C, M, N, K)` (derived from the kernel by
    `layout.tensor_map_encoder`, compiled from `layout.tma_desc`: every cuTensorMapEncodeTiled
    argument comes from the kernel's layouts and copies; C's only when `layout.tma_encodable`
    holds, i.e. N is a multiple of 8, else the kernel stores C without TMA), copies them to device memory, and launches gemm(mapA, mapB, mapC, C, M, N, K)
    (i32 sizes).
  - sm90a_fp8 (target/gpu/fp8/manifest.json, target/gpu/fp8/e4m3/): the same kernel on e4m3
    A and B (WGMMA m64n256k32), f32 accumulation, C in bf16 (examples/gemm_fp8_sm90.mlir); K is
    rounded up to a multiple of 16 (A's and B's rows must be 16-byte multiples for TMA). The
    vendor figure is torch._scaled_mm (cuBLASLt fp8, unit scales, bf16 out), where it accepts
    the shape (N and K multiples of 16; "n/a" otherwise).
  - sm80 (target/gpu/sm80/manifest.json, target/gpu/sm80/<elem>/): C = A @ B, A (M x K), B
    (K x N), C (M x N) row-major with leading dimensions lda, ldb, ldc (multiples of 8),
    cp.async + ldmatrix + mma.sync, 64x64x32 tiles: gemm_sm80(A, B, C, M, N, K, lda, ldb, ldc)
    (i64 sizes) on a grid (ceil(N/64), ceil(M/64)) of 128 threads. A simple kernel: it is not
    expected to reach cuBLAS on an H100; its figure is reported all the same. Every operand is
    allocated padded (rows to whole tiles, leading dimensions to multiples of 8); the padding
    along K holds NaN (a read of it poisons C) and C's padding must still be NaN after the run
    (no store outside M x N).
For each, the runner
  - loads the cubin (ptxas sm_90a, resp. sm_90 from the sm_80 PTX) with the driver API (ctypes
    over libcuda; the PTX is JIT-ed by the driver if the cubin is refused) and launches it on
    runtime M, N, K,
  - checks C against a float64 reference of A @ B (B^T for sm90a) with the bound
        |C - ref| <= 2^-p |ref| + 2 K 2^-24 (|A| @ |B|) + 2^-p_min
    (p = 11 for f16 / 8 for bf16 output rounding, then f32 accumulation in any order, and the
    smallest subnormal step), and reports the largest error relative to that bound,
  - times it and the vendor library (torch.matmul: cuBLAS; torch._scaled_mm for fp8) on the
    same inputs in the same process (CUDA events, alternating the two, median of the
    iterations) and prints TFLOP/s side by side.
At the end, one table of every kernel, element type and shape: correct or not (error / bound),
TFLOP/s of ours and of the vendor library, and the ratio.

Each kernel and element type runs in a child process with a timeout, so a hung kernel cannot
stall the run. A kernel whose manifest is missing counts as failed.
Usage: run_gemm.py [--dir target/gpu] [--quick] [--timeout 240] [--kernels sm90a,sm90a_fp8,sm80]
                   [--dry-run]   (print every launch: grid, block, shared memory, packed
                                  parameters; no GPU, torch or libcuda needed)
"""

import argparse
import ctypes
import json
import os
import subprocess
import sys
import time

SHAPES = [
    (256, 256, 256),
    (1000, 1000, 1000),  # not a multiple of the 128 x 128 x 64 tile: predicated edge, TMA K tail
    (777, 555, 1000),  # odd N: rows of C not 4-byte aligned, element stores at every edge
    (4096, 4096, 4096),
    (8192, 8192, 4096),
    (8192, 8192, 8192),
]
QUICK = SHAPES[:3]
KERNELS = ["sm90a", "sm90a_fp8", "sm80"]
# Where each kernel's build lies under --dir.
SUBDIR = {"sm90a": "", "sm90a_fp8": "fp8", "sm80": "sm80"}
# A child's result line (one per shape), gathered by the parent into the final table.
RESULT = "RESULT "
CTYPE = {"ptr": ctypes.c_uint64, "i32": ctypes.c_int32, "i64": ctypes.c_int64, "f32": ctypes.c_float}


def cdiv(a, b):
    return -(-a // b)


def round_up(a, b):
    return cdiv(a, b) * b


def dim3(v):
    v = tuple(v) if isinstance(v, (list, tuple)) else (v,)
    return v + (1,) * (3 - len(v))


def pack_params(args):
    """The kernelParams array of cuLaunchKernel: one pointer per argument, each to a value of
    the argument's PTX parameter type (.u64 for a pointer, .u32/.u64 for i32/i64, .f32)."""
    holders = [CTYPE[kind](v) for kind, v in args]
    params = (ctypes.c_void_p * len(holders))(
        *[ctypes.cast(ctypes.byref(h), ctypes.c_void_p) for h in holders]
    )
    return holders, params


class Driver:
    """The few CUDA driver API entry points the runner needs, over ctypes."""

    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1", mode=ctypes.RTLD_GLOBAL)

    def check(self, name, r):
        if r != 0:
            s = ctypes.c_char_p()
            self.lib.cuGetErrorString(r, ctypes.byref(s))
            raise RuntimeError(f"{name} failed: {r} ({(s.value or b'?').decode()})")

    def call(self, name, *args):
        self.check(name, getattr(self.lib, name)(*args))

    def load(self, cubin, ptx):
        """The module from the cubin; the PTX (driver JIT) if the cubin is refused."""
        mod = ctypes.c_void_p()
        r = self.lib.cuModuleLoadData(ctypes.byref(mod), ctypes.c_char_p(cubin))
        if r == 0:
            return mod, "cubin"
        first = r
        r = self.lib.cuModuleLoadData(ctypes.byref(mod), ctypes.c_char_p(ptx + b"\0"))
        self.check(f"cuModuleLoadData (cubin: error {first}; PTX)", r)
        return mod, f"ptx (cubin refused: error {first})"

    def function(self, mod, name):
        f = ctypes.c_void_p()
        self.call("cuModuleGetFunction", ctypes.byref(f), mod, name.encode())
        return f

    def launch(self, f, grid, block, smem, args):
        """cuLaunchKernel on the legacy default stream (the one torch uses here)."""
        holders, params = pack_params(args)
        g, b = dim3(grid), dim3(block)
        self.call(
            "cuLaunchKernel",
            f,
            *[ctypes.c_uint(x) for x in g],
            *[ctypes.c_uint(x) for x in b],
            ctypes.c_uint(smem),
            ctypes.c_void_p(0),
            params,
            ctypes.c_void_p(0),
        )


def shapes_of(kernel, shapes):
    """The shapes a kernel runs: the fp8 GEMM's K rounded up to a multiple of 16 (its tensor
    maps need 16-byte rows of A and B)."""
    if kernel == "sm90a_fp8":
        return [(M, N, round_up(K, 16)) for (M, N, K) in shapes]
    return shapes


def launch_sm90a(man, M, N, K, mapA, mapB, mapC, C):
    """Grid, block, dynamic shared memory and arguments of gemm(mapA, mapB, mapC, C, M, N, K): the
    kernel's raster, groups of `raster_group` M tiles side by side, one CTA per tile."""
    tn, tm, rg = cdiv(N, man["tile_n"]), cdiv(M, man["tile_m"]), man["raster_group"]
    grid = (rg * tn * cdiv(tm, rg), 1)
    args = [("ptr", mapA), ("ptr", mapB), ("ptr", mapC), ("ptr", C), ("i32", M), ("i32", N),
            ("i32", K)]
    return grid, man["block"], man["smem_bytes"], args


def sm80_lds(man, M, N, K):
    """Leading dimensions (elements) and allocated rows of A (M x K), B (K x N), C (M x N): the
    leading dimensions rounded up to the kernel's multiple (16-byte rows), the rows to whole
    tiles (so an unpredicated access of a partial tile stays inside the allocation)."""
    q = man["ld_multiple"]
    if K % man["k_multiple"]:
        raise ValueError(f"sm80: K = {K} is not a multiple of {man['k_multiple']}")
    lda, ldb, ldc = round_up(K, q), round_up(N, q), round_up(N, q)
    rows_a = rows_c = round_up(M, man["tile_m"])
    rows_b = round_up(K, man["tile_k"])
    return (lda, ldb, ldc), (rows_a, rows_b, rows_c)


def launch_sm80(man, M, N, K, A, B, C, lda, ldb, ldc):
    """Grid, block, dynamic shared memory and arguments of
    gemm_sm80(A, B, C, M, N, K, lda, ldb, ldc): one CTA per 64x64 tile of C, x along N."""
    grid = (cdiv(N, man["tile_n"]), cdiv(M, man["tile_m"]), 1)
    args = [("ptr", A), ("ptr", B), ("ptr", C)] + [("i64", v) for v in (M, N, K, lda, ldb, ldc)]
    kinds = [k for k, _ in args]
    if kinds != man["params"]:
        raise RuntimeError(f"sm80: the runner passes {kinds}, the manifest says {man['params']}")
    if grid[1] > 65535:
        raise ValueError(f"sm80: grid.y = {grid[1]} > 65535")
    return grid, man["block"], man["smem_bytes"], args


def manifest(out_dir, kernel):
    path = os.path.join(out_dir, SUBDIR[kernel], "manifest.json")
    with open(path) as f:
        return json.load(f), os.path.dirname(path)


def interleaved_ms(torch, fns, iters):
    """Median time of each of `fns`, measured alternately (one call of each per round), so
    that clock and thermal drift fall on all of them alike."""
    times = [[] for _ in fns]
    for _ in range(iters):
        for i, fn in enumerate(fns):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            fn()
            e.record()
            e.synchronize()
            times[i].append(s.elapsed_time(e))
    return [sorted(t)[len(t) // 2] for t in times]


def check_and_time(torch, tag, elem, M, N, K, A, Bkn, C, ours, extra_ok=None, vendor=None,
                   vendor_name="cuBLAS"):
    """Run `ours` (which writes C = A @ Bkn, Bkn the K x N operand as a view), check C (of the
    element type `elem`) against the float64 reference, time it beside the vendor library
    (`vendor`: a function returning the product, None when it does not take the shape; default
    torch.matmul(A, Bkn)), print one line and one RESULT line (JSON) for the table."""
    p = {"f16": 11, "bf16": 8}[elem]
    tiny = {"f16": 2.0**-24, "bf16": 2.0**-133}[elem]
    if vendor is None and A.dtype in (torch.float16, torch.bfloat16):
        vendor = lambda: torch.matmul(A, Bkn)  # noqa: E731
    ours()
    torch.cuda.synchronize()
    ref = A.double() @ Bkn.double()
    bound = ref.abs() * 2.0**-p + (A.float().abs() @ Bkn.float().abs()).double() * (2 * K * 2.0**-24) + tiny
    err = (C.double() - ref).abs()
    finite = bool(torch.isfinite(C).all())
    ratio = float((err / bound).max()) if finite else float("inf")
    cratio = float(((vendor().double() - ref).abs() / bound).max()) if vendor else None
    del ref, bound, err
    note = extra_ok() if extra_ok else ""
    iters = 10 if M * N * K < 2**33 else 30
    for _ in range(2):
        ours()
        if vendor:
            vendor()
    fns = [ours] + ([vendor] if vendor else [])
    times = interleaved_ms(torch, fns, iters)
    t_ours, t_vendor = times[0], (times[1] if vendor else None)
    flop = 2.0 * M * N * K
    ok = finite and ratio <= 1.0 and not note
    tf_ours = flop / t_ours / 1e9
    tf_vendor = flop / t_vendor / 1e9 if vendor else None
    vendor_text = (f"{vendor_name} {t_vendor:.3f} ms {tf_vendor:.1f} TFLOP/s "
                   f"({100 * t_vendor / t_ours:.0f}% of {vendor_name})" if vendor else f"{vendor_name} n/a")
    cr = f"{cratio:.3g}" if cratio is not None else "n/a"
    print(f"[{tag}] {M}x{N}x{K}: {'OK ' if ok else 'BAD'} max err/bound {ratio:.3g} "
          f"({vendor_name} {cr}){note}; ours {t_ours:.3f} ms {tf_ours:.1f} TFLOP/s, {vendor_text}",
          flush=True)
    print(RESULT + json.dumps({"tag": tag, "shape": f"{M}x{N}x{K}", "ok": ok, "ratio": ratio,
                               "ours": tf_ours, "vendor": tf_vendor, "vendor_name": vendor_name,
                               "note": note}), flush=True)
    return ok


def load_kernel(drv, d, man):
    cubin = open(os.path.join(d, "gemm.cubin"), "rb").read()
    ptx = open(os.path.join(d, "gemm.ptx"), "rb").read()
    mod, how = drv.load(cubin, ptx)
    return mod, drv.function(mod, man["kernel"]), how


def tensor_maps(torch, host, A, B, C, M, N, K):
    """Encode the three 128-byte tensor maps (A, B, C) with the kernel's host function (C's
    stays zero when N mod 8 != 0: the kernel does not read it then); device copies."""
    raw = ctypes.create_string_buffer(128 * 3 + 64)
    base = (ctypes.addressof(raw) + 63) // 64 * 64
    status = host.encode_tensor_maps(
        ctypes.c_void_p(base),
        ctypes.c_void_p(A.data_ptr()),
        ctypes.c_void_p(base + 128),
        ctypes.c_void_p(B.data_ptr()),
        ctypes.c_void_p(base + 256),
        ctypes.c_void_p(C.data_ptr()),
        ctypes.c_int32(M),
        ctypes.c_int32(N),
        ctypes.c_int32(K),
    )
    if status != 0:
        raise RuntimeError(f"encode_tensor_maps returned {status} (cuTensorMapEncodeTiled)")
    maps = bytes((ctypes.c_char * 384).from_address(base))
    dev = torch.frombuffer(bytearray(maps), dtype=torch.uint8).cuda()
    return dev, dev.data_ptr(), dev.data_ptr() + 128, dev.data_ptr() + 256


def run_sm90a(elem, out_dir, shapes, kernel="sm90a"):
    """The TMA GEMM (sm90a: f16/bf16 in and out; sm90a_fp8: e4m3 in, bf16 out)."""
    import torch

    man, top = manifest(out_dir, kernel)
    d = os.path.join(top, elem)
    drv = Driver()
    torch.zeros(1, device="cuda")  # the primary context, current on this thread
    host = ctypes.CDLL(os.path.join(d, man["host"]))
    host.encode_tensor_maps.restype = ctypes.c_int32
    mod, f, how = load_kernel(drv, d, man)
    smem = man["smem_bytes"]
    drv.call("cuFuncSetAttribute", f, ctypes.c_int(8), ctypes.c_int(smem))  # MAX_DYNAMIC_SHARED
    types = {"f16": torch.float16, "bf16": torch.bfloat16, "e4m3": torch.float8_e4m3fn}
    dt = types[elem]
    out = man.get("output") or elem
    tag = elem if kernel == "sm90a" else f"{kernel} {elem}->{out}"
    print(f"[{tag}] device {torch.cuda.get_device_name()}; module loaded from {how}; "
          f"dynamic smem {smem} B", flush=True)
    ok_all = True
    g = torch.Generator(device="cuda").manual_seed(7)
    one = torch.ones((), device="cuda", dtype=torch.float32)
    for (M, N, K) in shapes_of(kernel, shapes):
        A = (torch.rand(M, K, device="cuda", generator=g) * 2 - 1).to(dt)
        B = (torch.rand(N, K, device="cuda", generator=g) * 2 - 1).to(dt)
        C = torch.full((M, N), float("nan"), device="cuda", dtype=types[out])
        keep, mapA, mapB, mapC = tensor_maps(torch, host, A, B, C, M, N, K)
        grid, block, smem, args = launch_sm90a(man, M, N, K, mapA, mapB, mapC, C.data_ptr())

        def ours():
            drv.launch(f, grid, block, smem, args)

        vendor, name = None, "cuBLAS"
        if dt == torch.float8_e4m3fn:
            name = "torch._scaled_mm"
            if N % 16 == 0 and K % 16 == 0:
                def vendor():
                    r = torch._scaled_mm(A, B.t(), scale_a=one, scale_b=one, out_dtype=types[out])
                    return r[0] if isinstance(r, tuple) else r  # (out, amax) before torch 2.5
        ok_all &= check_and_time(torch, tag, out, M, N, K, A, B.t(), C, ours, vendor=vendor,
                                 vendor_name=name)
        del A, B, C, keep
        torch.cuda.empty_cache()
    return ok_all


def run_sm80(elem, out_dir, shapes):
    import torch

    man, top = manifest(out_dir, "sm80")
    d = os.path.join(top, elem)
    drv = Driver()
    torch.zeros(1, device="cuda")  # the primary context, current on this thread
    mod, f, how = load_kernel(drv, d, man)
    dt = {"f16": torch.float16, "bf16": torch.bfloat16}[elem]
    tag = f"sm80 {elem}"
    print(f"[{tag}] device {torch.cuda.get_device_name()}; module loaded from {how}; "
          f"{man['tile_m']}x{man['tile_n']}x{man['tile_k']} tiles, mma.sync (a simple sm_80 "
          f"kernel: not expected to reach cuBLAS)", flush=True)
    ok_all = True
    g = torch.Generator(device="cuda").manual_seed(7)
    nan = float("nan")
    for (M, N, K) in shapes:
        (lda, ldb, ldc), (rows_a, rows_b, rows_c) = sm80_lds(man, M, N, K)
        # Padding along K (A's columns past K, B's rows past K) is NaN: reading it poisons C.
        # Padding along M and N (A's rows past M, B's columns past N) is 0: it only reaches C
        # outside M x N, whose NaN must survive.
        Af = torch.zeros(rows_a, lda, device="cuda", dtype=dt)
        Af[:, K:] = nan
        Bf = torch.zeros(rows_b, ldb, device="cuda", dtype=dt)
        Bf[K:, :] = nan
        Cf = torch.full((rows_c, ldc), nan, device="cuda", dtype=dt)
        A, B, C = Af[:M, :K], Bf[:K, :N], Cf[:M, :N]
        A.copy_((torch.rand(M, K, device="cuda", generator=g) * 2 - 1).to(dt))
        B.copy_((torch.rand(K, N, device="cuda", generator=g) * 2 - 1).to(dt))
        grid, block, smem, args = launch_sm80(
            man, M, N, K, Af.data_ptr(), Bf.data_ptr(), Cf.data_ptr(), lda, ldb, ldc)

        def ours():
            drv.launch(f, grid, block, smem, args)

        def outside_untouched():
            mask = torch.ones(rows_c, ldc, device="cuda", dtype=torch.bool)
            mask[:M, :N] = False
            written = int((~torch.isnan(Cf[mask])).sum())
            return f"; {written} elements of C written outside {M}x{N}" if written else ""

        ok_all &= check_and_time(torch, tag, elem, M, N, K, A, B, C, ours, outside_untouched)
        del A, B, C, Af, Bf, Cf
        torch.cuda.empty_cache()
    return ok_all


def dry_run(out_dir, kernels, shapes):
    """Every launch the run would make, with fake device pointers: no GPU needed."""
    ok = True
    for kernel in kernels:
        try:
            man, top = manifest(out_dir, kernel)
        except OSError as e:
            print(f"[{kernel}] no manifest: {e}")
            ok = False
            continue
        for elem in man.get("elems", "f16 bf16").split():
            d = os.path.join(top, elem)
            missing = [x for x in ["gemm.cubin", "gemm.ptx"] + ([man["host"]] if "host" in man else [])
                       if not os.path.exists(os.path.join(d, x))]
            print(f"[{kernel} {elem}] kernel {man['kernel']} in {d}"
                  + (f"; MISSING {missing}" if missing else ""))
            ok &= not missing
            for (M, N, K) in shapes_of(kernel, shapes):
                if kernel in ("sm90a", "sm90a_fp8"):
                    grid, block, smem, args = launch_sm90a(man, M, N, K, 0xA000, 0xA080, 0xA100, 0xC000)
                    extra = ""
                else:
                    lds, rows = sm80_lds(man, M, N, K)
                    grid, block, smem, args = launch_sm80(man, M, N, K, 0xA000, 0xB000, 0xC000, *lds)
                    extra = f"; rows allocated A {rows[0]} B {rows[1]} C {rows[2]}"
                holders, params = pack_params(args)
                packed = " ".join(f"{k}[{ctypes.sizeof(h)}]={h.value:#x}" if k == "ptr" else
                                  f"{k}[{ctypes.sizeof(h)}]={h.value}" for (k, _), h in zip(args, holders))
                print(f"  {M}x{N}x{K}: grid {dim3(grid)} block {dim3(block)} smem {smem}; "
                      f"{len(params)} params: {packed}{extra}")
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="target/gpu")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--kernels", default=",".join(KERNELS), help="comma-separated: " + ",".join(KERNELS))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--elem")  # child: run this element type of --kernel in this process
    ap.add_argument("--kernel", default="sm90a", choices=KERNELS)
    a = ap.parse_args()
    shapes = QUICK if a.quick else SHAPES
    kernels = [k for k in a.kernels.split(",") if k]
    for k in kernels:
        if k not in KERNELS:
            ap.error(f"unknown kernel {k!r} (known: {', '.join(KERNELS)})")
    if a.dry_run:
        sys.exit(0 if dry_run(a.dir, kernels, shapes) else 1)
    if a.elem:
        if a.kernel == "sm80":
            ok = run_sm80(a.elem, a.dir, shapes)
        else:
            ok = run_sm90a(a.elem, a.dir, shapes, a.kernel)
        sys.exit(0 if ok else 1)
    failed, rows = [], []
    for kernel in kernels:
        try:
            man, _ = manifest(a.dir, kernel)
        except OSError as e:
            print(f"[{kernel}] not built: {e}", flush=True)
            failed.append(f"{kernel} (no manifest)")
            rows.append({"tag": kernel, "shape": "-", "ok": False, "note": "not built"})
            continue
        for elem in man.get("elems", "f16 bf16").split():
            tag = elem if kernel == "sm90a" else f"{kernel} {elem}"
            cmd = [sys.executable, __file__, "--dir", a.dir, "--kernel", kernel, "--elem", elem]
            cmd += ["--quick"] if a.quick else []
            t0 = time.time()
            lines = []
            try:
                r = subprocess.run(cmd, timeout=a.timeout, stdout=subprocess.PIPE, text=True)
                lines = r.stdout.splitlines()
                if r.returncode != 0:
                    failed.append(f"{tag} (exit {r.returncode})")
            except subprocess.TimeoutExpired as e:
                out = e.stdout or ""
                lines = (out.decode() if isinstance(out, bytes) else out).splitlines()
                failed.append(f"{tag} (timed out after {a.timeout} s)")
                rows.append({"tag": tag, "shape": "-", "ok": False, "note": f"timed out after {a.timeout} s"})
            for line in lines:
                if line.startswith(RESULT):
                    rows.append(json.loads(line[len(RESULT):]))
                else:
                    print(line, flush=True)
            print(f"[{tag}] {time.time() - t0:.1f} s", flush=True)
    print_table(rows)
    if failed:
        print("gpu-check: FAILED: " + ", ".join(failed))
        sys.exit(1)
    print("gpu-check: OK")


def print_table(rows):
    """One table of every kernel, element type and shape that ran."""
    def num(x, fmt):
        return "n/a" if x is None else format(x, fmt)

    head = ["kernel", "shape", "correct", "err/bound", "ours TFLOP/s", "vendor", "vendor TFLOP/s", "ours/vendor"]
    body = []
    for r in rows:
        ours, vendor = r.get("ours"), r.get("vendor")
        body.append([r["tag"], r["shape"], "yes" if r["ok"] else "NO" + (f" ({r['note'].strip('; ')})" if r.get("note") else ""),
                     num(r.get("ratio"), ".3g"), num(ours, ".1f"), r.get("vendor_name", "-"), num(vendor, ".1f"),
                     "n/a" if ours is None or vendor is None else f"{100 * ours / vendor:.0f}%"])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *body)]
    for line in [head, ["-" * w for w in widths]] + body:
        print("  ".join(str(x).ljust(w) for x, w in zip(line, widths)).rstrip())


if __name__ == "__main__":
    main()
