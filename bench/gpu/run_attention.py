#!/usr/bin/env python3
"""Run the attention kernels that scripts/gpu_build.sh built (target/gpu/attention) on a GPU.

examples/attention_sm90.mlir and attention_sm90_d128.mlir (first cut, the variant "sm90a"), and
examples/attention_sm80.mlir and attention_sm80_d128.mlir (FlashAttention-2 with cp.async,
ldmatrix and mma.sync, "sm80"; the manifest's "variants"): O = softmax(Q K^T / sqrt(d)) V per head, f16, head dim d = 64 or 128, Q/K/V/O as (heads x seq) x d row-major, seq a
multiple of 64, causal or not. For each
(batch, heads, seq) the runner
  - launches each variant's attention(q, k, v, o, seq, causal) on a grid (seq / 64, batch * heads) of 128 threads,
  - checks O against a float64 reference with the bound of tools/ptx-emu/specs/attention_sm90.py
        |O - ref| <= 2^-9 (sum_j p_j |V_j|) / l + 2^-10 |ref| + 2^-20
    and reports the largest error relative to it,
  - times it beside torch.nn.functional.scaled_dot_product_attention with each backend the
    machine offers (flash, cuDNN, efficient, math), alternately in one process (CUDA events,
    median), and prints TFLOP/s (4 b h s^2 d flops).
At the end one table.
Usage: run_attention.py [--dir target/gpu] [--quick] [--dry-run]
"""

import argparse
import ctypes
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_gemm import Driver, interleaved_ms  # noqa: E402

# (batch, heads, seq, head dim, causal): the shapes, causal and not.
SHAPES = [(b, h, s, d, c) for (b, h, s, d) in [(16, 16, 1024, 128), (4, 16, 4096, 128), (1, 16, 16384, 128),
                                               (4, 32, 4096, 64)] for c in (False, True)]
QUICK = [(1, 2, 256, 64, False), (1, 2, 256, 64, True), (2, 8, 1024, 128, False)]


def supported(man, d, causal):
    return d in man["head_dims"]


def launch_args(man, b, h, s, q, k, v, o, causal):
    grid = (s // man["tile_q"], b * h, 1)
    args = [("ptr", q), ("ptr", k), ("ptr", v), ("ptr", o), ("i32", s), ("i32", int(causal))]
    return grid, (man["block"], 1, 1), 0, args


def reference_check(torch, q, k, v, o, b, h, s, d, causal):
    """Largest |O - ref| / bound over all heads (float64, in chunks of heads)."""
    worst = 0.0
    qf, kf, vf = (x.view(b * h, s, d) for x in (q, k, v))
    of = o.view(b * h, s, d)
    for i in range(b * h):
        sc = (qf[i].double() @ kf[i].double().t()) / d ** 0.5
        if causal:  # key j <= query i
            sc = sc.masked_fill(torch.triu(torch.ones(s, s, dtype=torch.bool, device=sc.device), 1), float("-inf"))
        p = torch.softmax(sc, dim=-1)
        ref = p @ vf[i].double()
        mag = p @ vf[i].double().abs()
        bound = 2.0 ** -9 * mag + 2.0 ** -10 * ref.abs() + 2.0 ** -20
        err = (of[i].double() - ref).abs()
        if not bool(torch.isfinite(of[i]).all()):
            return float("inf")
        worst = max(worst, float((err / bound).max()))
    return worst


def variants(man):
    """(name, folder) of each kernel variant; a manifest without "variants" has the sm90a one."""
    return [(v["name"], v["dir"]) for v in man.get("variants", [{"name": "ours", "dir": "."}])]


def run(out_dir, shapes):
    import torch
    import torch.nn.functional as F

    d0 = os.path.join(out_dir, "attention")
    man = json.load(open(os.path.join(d0, "manifest.json")))
    drv = Driver()
    torch.zeros(1, device="cuda")
    funcs = {}
    for name, sub in variants(man):
        for hd in man["head_dims"]:
            dd = os.path.join(d0, sub, f"d{hd}")
            mod, how = drv.load(open(os.path.join(dd, "attention.cubin"), "rb").read(),
                                open(os.path.join(dd, "attention.ptx"), "rb").read())
            funcs[name, hd] = drv.function(mod, man["kernel"])
            print(f"[attention {name} d={hd}] device {torch.cuda.get_device_name()}; module loaded from {how}",
                  flush=True)
    try:
        from torch.nn.attention import SDPBackend, sdpa_kernel
        backends = {"flash": SDPBackend.FLASH_ATTENTION, "cudnn": SDPBackend.CUDNN_ATTENTION,
                    "efficient": SDPBackend.EFFICIENT_ATTENTION}
    except ImportError:
        backends, sdpa_kernel = {}, None
    rows, ok_all = [], True
    g = torch.Generator(device="cuda").manual_seed(7)
    for (b, h, s, d, causal) in shapes:
        tag = f"{b}x{h}x{s}x{d}{' causal' if causal else ''}"
        if not supported(man, d, causal):
            rows.append((tag, "not supported by this kernel", "", {}))
            continue
        q, k, v = ((torch.rand(b * h * s, d, device="cuda", generator=g) * 2 - 1).half() for _ in range(3))
        o = torch.full((b * h * s, d), float("nan"), device="cuda", dtype=torch.float16)
        grid, block, smem, args = launch_args(man, b, h, s, q.data_ptr(), k.data_ptr(), v.data_ptr(),
                                              o.data_ptr(), causal)

        fns, names, ratios = [], [], []
        for name, _ in variants(man):
            def ours(f=funcs[name, d]):
                drv.launch(f, grid, block, smem, args)
            o.fill_(float("nan"))
            ours()
            torch.cuda.synchronize()
            ratios.append(reference_check(torch, q, k, v, o, b, h, s, d, causal))
            fns.append(ours)
            names.append(name)
        ratio = max(ratios)
        ok = ratio <= 1.0
        ok_all &= ok
        q4, k4, v4 = (x.view(b, h, s, d) for x in (q, k, v))
        for name, be in backends.items():
            try:
                with sdpa_kernel(be):
                    F.scaled_dot_product_attention(q4, k4, v4, is_causal=causal)
                torch.cuda.synchronize()
            except Exception:  # noqa: BLE001 - the backend does not run this shape here
                continue

            def sdpa(be=be):
                with sdpa_kernel(be):
                    F.scaled_dot_product_attention(q4, k4, v4, is_causal=causal)
            fns.append(sdpa)
            names.append(name)
        times = interleaved_ms(torch, fns, 10)
        flop = 4.0 * b * h * s * s * d / (2 if causal else 1)
        tf = {n: flop / t / 1e9 for n, t in zip(names, times)}
        print(f"[attention] {tag}: {'OK ' if ok else 'BAD'} max err/bound "
              + ", ".join(f"{n} {r:.3g}" for n, r in zip(names, ratios)) + "; "
              + ", ".join(f"{n} {v:.1f} TFLOP/s" for n, v in tf.items()), flush=True)
        rows.append((tag, "yes" if ok else "NO", f"{ratio:.3g}", tf))
        del q, k, v, o
        torch.cuda.empty_cache()
    cols = [n for n, _ in variants(man)] + ["flash", "cudnn", "efficient"]
    print(f"{'shape':24} {'correct':8} {'err/bound':10} " + " ".join(f"{c + ' TF/s':>14}" for c in cols))
    for tag, ok, ratio, tf in rows:
        print(f"{tag:24} {ok:8} {ratio:10} " + " ".join(f"{tf[c]:14.1f}" if c in tf else f"{'-':>14}" for c in cols))
    return ok_all


def dry_run(out_dir, shapes):
    man = json.load(open(os.path.join(out_dir, "attention", "manifest.json")))
    ok = True
    for name, sub in variants(man):
        for hd in man["head_dims"]:
            cubin = os.path.join(out_dir, "attention", sub, f"d{hd}", "attention.cubin")
            found = os.path.exists(cubin)
            ok &= found
            print(f"{name} d={hd}: {os.path.normpath(cubin)}{'' if found else ' MISSING'}")
    for (b, h, s, d, causal) in shapes:
        if not supported(man, d, causal):
            print(f"{b}x{h}x{s}x{d}{' causal' if causal else ''}: not supported by this kernel")
            continue
        grid, block, smem, args = launch_args(man, b, h, s, 0xA000, 0xB000, 0xC000, 0xD000, causal)
        print(f"{b}x{h}x{s}x{d}: grid {grid} block {block} smem {smem}; params {args}")
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="target/gpu")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    shapes = QUICK if a.quick else SHAPES
    ok = dry_run(a.dir, shapes) if a.dry_run else run(a.dir, shapes)
    print("attention: OK" if ok else "attention: FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
