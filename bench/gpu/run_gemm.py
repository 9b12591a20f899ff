#!/usr/bin/env python3
"""Run the GEMMs that scripts/gpu_build.sh built (target/gpu) on a GPU and check them.

For each element type (f16, bf16) and shape, this runner
  - encodes the TMA tensor maps of A and B by calling the kernel module's own host function
    `encode_tensor_maps` (compiled from `layout.tma_desc`: every cuTensorMapEncodeTiled argument
    is derived from the layouts), copies them to device memory,
  - loads the cubin (ptxas sm_90a) with the driver API (ctypes over libcuda; the PTX is JIT-ed
    by the driver if the cubin is refused) and launches it on runtime M, N, K,
  - checks C against a float64 reference of A @ B^T with the bound
        |C - ref| <= 2^-p |ref| + 2 K 2^-24 (|A| @ |B|^T) + 2^-p_min
    (p = 11 for f16 / 8 for bf16 output rounding, then f32 accumulation in any order, and the
    smallest subnormal step), and reports the largest error relative to that bound,
  - times it and torch.matmul (cuBLAS) on the same inputs in the same process (CUDA events,
    alternating the two, median of the iterations) and prints TFLOP/s side by side.

Each element type runs in a child process with a timeout, so a hung kernel cannot stall the run.
Usage: run_gemm.py [--dir target/gpu] [--quick] [--timeout 240]
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
        holders = []
        for kind, v in args:
            holders.append(ctypes.c_uint64(v) if kind == "ptr" else ctypes.c_int32(v))
        params = (ctypes.c_void_p * len(holders))(
            *[ctypes.cast(ctypes.byref(h), ctypes.c_void_p) for h in holders]
        )
        self.call(
            "cuLaunchKernel",
            f,
            ctypes.c_uint(grid[0]),
            ctypes.c_uint(grid[1]),
            ctypes.c_uint(1),
            ctypes.c_uint(block),
            ctypes.c_uint(1),
            ctypes.c_uint(1),
            ctypes.c_uint(smem),
            ctypes.c_void_p(0),
            params,
            ctypes.c_void_p(0),
        )


def tensor_maps(torch, host, A, B, M, N, K):
    """Encode the two 128-byte tensor maps with the kernel's host function; device copies."""
    raw = ctypes.create_string_buffer(128 * 2 + 64)
    base = (ctypes.addressof(raw) + 63) // 64 * 64
    status = host.encode_tensor_maps(
        ctypes.c_void_p(base),
        ctypes.c_void_p(A.data_ptr()),
        ctypes.c_void_p(base + 128),
        ctypes.c_void_p(B.data_ptr()),
        ctypes.c_int64(M),
        ctypes.c_int64(N),
        ctypes.c_int64(K),
    )
    if status != 0:
        raise RuntimeError(f"encode_tensor_maps returned {status} (cuTensorMapEncodeTiled)")
    maps = bytes((ctypes.c_char * 256).from_address(base))
    dev = torch.frombuffer(bytearray(maps), dtype=torch.uint8).cuda()
    return dev, dev.data_ptr(), dev.data_ptr() + 128


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


def run_elem(elem, out_dir, shapes):
    import torch

    man = json.load(open(os.path.join(out_dir, "manifest.json")))
    d = os.path.join(out_dir, elem)
    drv = Driver()
    torch.zeros(1, device="cuda")  # the primary context, current on this thread
    host = ctypes.CDLL(os.path.join(d, man["host"]))
    host.encode_tensor_maps.restype = ctypes.c_int32
    cubin = open(os.path.join(d, "gemm.cubin"), "rb").read()
    ptx = open(os.path.join(d, "gemm.ptx"), "rb").read()
    mod, how = drv.load(cubin, ptx)
    f = drv.function(mod, man["kernel"])
    smem = man["smem_bytes"]
    drv.call("cuFuncSetAttribute", f, ctypes.c_int(8), ctypes.c_int(smem))  # MAX_DYNAMIC_SHARED
    dt = {"f16": torch.float16, "bf16": torch.bfloat16}[elem]
    p = {"f16": 11, "bf16": 8}[elem]
    tiny = {"f16": 2.0**-24, "bf16": 2.0**-133}[elem]
    print(f"[{elem}] device {torch.cuda.get_device_name()}; module loaded from {how}; "
          f"dynamic smem {smem} B", flush=True)
    ok_all = True
    g = torch.Generator(device="cuda").manual_seed(7)
    for (M, N, K) in shapes:
        A = (torch.rand(M, K, device="cuda", generator=g) * 2 - 1).to(dt)
        B = (torch.rand(N, K, device="cuda", generator=g) * 2 - 1).to(dt)
        C = torch.full((M, N), float("nan"), device="cuda", dtype=dt)
        keep, mapA, mapB = tensor_maps(torch, host, A, B, M, N, K)
        # The kernel's raster: groups of `raster_group` M tiles side by side, one CTA per tile.
        tn, tm, rg = -(-N // man["tile_n"]), -(-M // man["tile_m"]), man["raster_group"]
        grid = (rg * tn * -(-tm // rg), 1)
        args = [("ptr", mapA), ("ptr", mapB), ("ptr", C.data_ptr()), ("i32", M), ("i32", N), ("i32", K)]

        def ours():
            drv.launch(f, grid, man["block"], smem, args)

        ours()
        torch.cuda.synchronize()
        ref = A.double() @ B.double().t()
        bound = ref.abs() * 2.0**-p + (A.float().abs() @ B.float().abs().t()).double() * (2 * K * 2.0**-24) + tiny
        err = (C.double() - ref).abs()
        finite = bool(torch.isfinite(C).all())
        ratio = float((err / bound).max()) if finite else float("inf")
        cublas = torch.matmul(A, B.t())
        cratio = float(((cublas.double() - ref).abs() / bound).max())
        del ref, bound, err
        iters = 10 if M * N * K < 2**33 else 30
        for _ in range(2):
            ours()
            torch.matmul(A, B.t())
        t_ours, t_cublas = interleaved_ms(
            torch, [ours, lambda: torch.matmul(A, B.t(), out=cublas)], iters
        )
        flop = 2.0 * M * N * K
        ok = finite and ratio <= 1.0
        ok_all &= ok
        print(f"[{elem}] {M}x{N}x{K}: {'OK ' if ok else 'BAD'} max err/bound {ratio:.3g} "
              f"(cuBLAS {cratio:.3g}); ours {t_ours:.3f} ms {flop / t_ours / 1e9:.1f} TFLOP/s, "
              f"cuBLAS {t_cublas:.3f} ms {flop / t_cublas / 1e9:.1f} TFLOP/s "
              f"({100 * t_cublas / t_ours:.0f}% of cuBLAS)", flush=True)
        del A, B, C, cublas, keep
        torch.cuda.empty_cache()
    return ok_all


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="target/gpu")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--elem")
    a = ap.parse_args()
    shapes = QUICK if a.quick else SHAPES
    if a.elem:
        sys.exit(0 if run_elem(a.elem, a.dir, shapes) else 1)
    failed = []
    man = json.load(open(os.path.join(a.dir, "manifest.json")))
    for elem in man.get("elems", "f16 bf16").split():
        cmd = [sys.executable, __file__, "--dir", a.dir, "--elem", elem] + (["--quick"] if a.quick else [])
        t0 = time.time()
        try:
            r = subprocess.run(cmd, timeout=a.timeout)
            if r.returncode != 0:
                failed.append(f"{elem} (exit {r.returncode})")
        except subprocess.TimeoutExpired:
            failed.append(f"{elem} (timed out after {a.timeout} s)")
        print(f"[{elem}] {time.time() - t0:.1f} s", flush=True)
    if failed:
        print("gpu-check: FAILED: " + ", ".join(failed))
        sys.exit(1)
    print("gpu-check: OK")


if __name__ == "__main__":
    main()
