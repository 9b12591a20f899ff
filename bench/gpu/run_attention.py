#!/usr/bin/env python3
"""Run the attention kernels that scripts/gpu_build.sh built (target/gpu/attention) on a GPU.

examples/attention_sm90.mlir and attention_sm90_d128.mlir: O = softmax(Q K^T / sqrt(d)) V and
LSE = log(sum_j exp(s_j)) per row, for each of B H heads, head dim d = 64 or 128, f16 or bf16,
causal or not (key j <= query i); Q, K, V, O are (B H) x S x d row-major, LSE (B H) x S f32. For
each (batch, heads, seq, head dim, causal) and element type the runner
  - encodes the four TMA tensor maps with the kernel module's own host function
    encode_tensor_maps(mapQ, Q, mapK, K, mapV, V, mapO, O, SQ, SK, BH, causal) (derived from the
    kernel by layout.tensor_map_encoder; cuTensorMapEncodeTiled of the driver),
  - launches attention(mapQ, mapK, mapV, mapO, lse, SQ, SK, BH, causal) on a grid
    (ceil(S / 128), B H) of 384 threads with the manifest's dynamic shared memory,
  - checks O and LSE against a float64 reference with the bounds of
    tools/ptx-emu/specs/attention_sm90.py (u = 2^-11 for f16, 2^-8 for bf16)
        |O - ref| <= 4u (sum_j p_j |V_j|) / l + 2u |ref| + 2^-20,   |LSE - ref| <= 2^-14 (|ref| + 1)
    and reports the largest error relative to its bound,
  - times it beside torch.nn.functional.scaled_dot_product_attention with each backend the
    machine offers (flash, cuDNN, efficient), alternately in one process (CUDA events, median),
    and prints TFLOP/s (4 b h s^2 d flops, half of them when causal).
examples/attention_sm80.mlir and attention_sm80_d128.mlir (FlashAttention-2 with cp.async,
ldmatrix and mma.sync; the manifest's "sm80", built for its "elems") run beside them on the same
shapes: attention(q, k, v, o, lse, SQ, SK, BH, causal) with global pointers for the tensor maps,
on a grid (ceil(S / 64), B H) of 128 threads, O and LSE checked alike.
examples/attention_fp8_sm90.mlir (the manifest's "fp8": e4m3 Q, K and V^T, bf16 O, head dim 128)
runs as element type e4m3: attention(mapQ, mapK, mapVt, mapO, lse, SQ, SK, BH, causal, scale_qk,
scale_v) with scale_qk = log2(e) / sqrt(d) and scale_v = 1 (no descale), checked against float64
on the e4m3 values with u = 2^-4 for P and bf16's for O, and timed beside SDPA on the same values
in f16 (torch has no fp8 SDPA).
At the end one table.
Usage: run_attention.py [--dir target/gpu] [--elems f16,bf16,e4m3] [--quick] [--dry-run]
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
QUICK = [(1, 2, 256, 64, False), (1, 2, 256, 64, True), (2, 8, 1024, 128, False), (1, 2, 200, 128, True)]


UNIT = {"f16": 2.0 ** -11, "bf16": 2.0 ** -8, "e4m3": 2.0 ** -4}
LOG2E = 1.4426950408889634


def supported(man, d, causal, elem="f16", s=0):
    if elem == "e4m3":  # V^T's rows (SK bytes) are a TMA stride: a multiple of 16
        return "fp8" in man and d in man["fp8"]["head_dims"] and s % 16 == 0
    return d in man["head_dims"]


def kernel_dir(d0, man, elem, d):
    """Where the kernel of `elem` and head dim d lies."""
    if elem == "e4m3":
        return os.path.join(d0, man["fp8"]["dir"], f"d{d}")
    return os.path.join(d0, f"d{d}", elem)


def launch_args(man, b, h, s, maps, lse, causal, elem="f16"):
    """Grid, block, dynamic shared memory and parameters of one launch (SQ = SK = s); the fp8
    kernel's two scales after them."""
    d = maps[4]
    grid = ((s + man["tile_q"] - 1) // man["tile_q"], b * h, 1)
    args = [("ptr", m) for m in maps[:4]] + [("ptr", lse), ("i32", s), ("i32", s), ("i32", b * h),
                                             ("i32", int(causal))]
    if elem == "e4m3":
        return grid, (man["block"], 1, 1), man["fp8"]["smem_bytes"], args + [("f32", LOG2E / d ** 0.5), ("f32", 1.0)]
    return grid, (man["block"], 1, 1), man["smem_bytes"][str(d)], args


def tensor_maps(torch, host, q, k, v, o, s, bh, causal):
    """The four 128-byte tensor maps (Q, K, V, O) encoded by the kernel's host function; a
    device copy (kept alive by the caller) and the maps' device addresses."""
    raw = ctypes.create_string_buffer(128 * 4 + 64)
    base = (ctypes.addressof(raw) + 63) // 64 * 64
    status = host.encode_tensor_maps(
        *[a for i, t in enumerate((q, k, v, o)) for a in (ctypes.c_void_p(base + 128 * i), ctypes.c_void_p(t.data_ptr()))],
        ctypes.c_int32(s), ctypes.c_int32(s), ctypes.c_int32(bh), ctypes.c_int32(int(causal)))
    if status != 0:
        raise RuntimeError(f"encode_tensor_maps returned {status} (cuTensorMapEncodeTiled)")
    dev = torch.frombuffer(bytearray((ctypes.c_char * 512).from_address(base)), dtype=torch.uint8).cuda()
    return dev, [dev.data_ptr() + 128 * i for i in range(4)]


def sm80_args(man, elem, b, h, s, q, k, v, o, lse, causal):
    """Grid, block and parameters of the sm_80 kernel for `elem` (SQ = SK = s; None where the
    manifest has no sm_80 kernel of that element type)."""
    m = man.get("sm80")
    if m is None or elem not in m["elems"].split():
        return None
    args = [("ptr", q), ("ptr", k), ("ptr", v), ("ptr", o), ("ptr", lse), ("i32", s), ("i32", s),
            ("i32", b * h), ("i32", int(causal))]
    return ((s + m["tile_q"] - 1) // m["tile_q"], b * h, 1), (m["block"], 1, 1), args


def reference_check(torch, q, k, v, o, lse, bh, s, d, causal, u, uo=None):
    """Largest |O - ref| / bound and |LSE - ref| / bound over all heads (float64, head by head);
    u the unit roundoff of P, uo O's (u unless given)."""
    uo = u if uo is None else uo
    worst = 0.0
    for i in range(bh):
        sc = (q[i].double() @ k[i].double().t()) / d ** 0.5
        if causal:  # key j <= query i
            sc = sc.masked_fill(torch.triu(torch.ones(s, s, dtype=torch.bool, device=sc.device), 1), float("-inf"))
        p = torch.softmax(sc, dim=-1)
        ref = p @ v[i].double()
        mag = p @ v[i].double().abs()
        bound = 4 * u * mag + 2 * uo * ref.abs() + 2.0 ** -20
        if not bool(torch.isfinite(o[i]).all()):
            return float("inf")
        worst = max(worst, float(((o[i].double() - ref).abs() / bound).max()))
        if lse is not None:
            lref = torch.logsumexp(sc, dim=-1)
            if not bool(torch.isfinite(lse[i]).all()):
                return float("inf")
            worst = max(worst, float(((lse[i].double() - lref).abs() / (2.0 ** -14 * (lref.abs() + 1))).max()))
    return worst


def run(out_dir, shapes, elems):
    import torch
    import torch.nn.functional as F

    d0 = os.path.join(out_dir, "attention")
    man = json.load(open(os.path.join(d0, "manifest.json")))
    drv = Driver()
    torch.zeros(1, device="cuda")
    kernels = {}
    for elem in elems:
        for hd in (man["fp8"]["head_dims"] if elem == "e4m3" else man["head_dims"]):
            dd = kernel_dir(d0, man, elem, hd)
            mod, how = drv.load(open(os.path.join(dd, "attention.cubin"), "rb").read(),
                                open(os.path.join(dd, "attention.ptx"), "rb").read())
            f = drv.function(mod, man["kernel"])
            smem = man["fp8"]["smem_bytes"] if elem == "e4m3" else man["smem_bytes"][str(hd)]
            drv.call("cuFuncSetAttribute", f, ctypes.c_int(8), ctypes.c_int(smem))
            host = ctypes.CDLL(os.path.join(dd, man["host"]))
            host.encode_tensor_maps.restype = ctypes.c_int32
            kernels[(elem, hd)] = (f, host, mod)
            print(f"[attention {elem} d={hd}] device {torch.cuda.get_device_name()}; module loaded from {how}", flush=True)
    if "sm80" in man:
        for elem in (e for e in elems if e in man["sm80"]["elems"].split()):
            for hd in man["head_dims"]:
                dd = os.path.join(d0, man["sm80"]["dir"], f"d{hd}", elem)
                mod, how = drv.load(open(os.path.join(dd, "attention.cubin"), "rb").read(),
                                    open(os.path.join(dd, "attention.ptx"), "rb").read())
                kernels[("sm80", elem, hd)] = (drv.function(mod, man["kernel"]), None, mod)
                print(f"[attention sm80 {elem} d={hd}] module loaded from {how}", flush=True)
    try:
        from torch.nn.attention import SDPBackend, sdpa_kernel
        backends = {"flash": SDPBackend.FLASH_ATTENTION, "cudnn": SDPBackend.CUDNN_ATTENTION,
                    "efficient": SDPBackend.EFFICIENT_ATTENTION}
    except ImportError:
        backends, sdpa_kernel = {}, None
    types = {"f16": torch.float16, "bf16": torch.bfloat16, "e4m3": torch.float8_e4m3fn}
    rows, ok_all = [], True
    g = torch.Generator(device="cuda").manual_seed(7)
    for elem in elems:
        for (b, h, s, d, causal) in shapes:
            tag = f"{elem} {b}x{h}x{s}x{d}{' causal' if causal else ''}"
            if not supported(man, d, causal, elem, s):
                rows.append((tag, "not supported by this kernel", "", {}))
                continue
            bh = b * h
            fp8 = elem == "e4m3"
            q, k, v = ((torch.rand(bh, s, d, device="cuda", generator=g) * 2 - 1).to(types[elem]) for _ in range(3))
            out_type = torch.bfloat16 if fp8 else types[elem]
            o = torch.full((bh, s, d), float("nan"), device="cuda", dtype=out_type)
            lse = torch.full((bh, s), float("nan"), device="cuda", dtype=torch.float32)
            f, host, _ = kernels[(elem, d)]
            # The fp8 kernel reads V transposed (V^T row-major per head: K-major for O += P V).
            vin = v.transpose(1, 2).contiguous() if fp8 else v
            keep, maps = tensor_maps(torch, host, q, k, vin, o, s, bh, causal)
            grid, block, smem, args = launch_args(man, b, h, s, maps + [d], lse.data_ptr(), causal, elem)

            def ours():
                drv.launch(f, grid, block, smem, args)
            ours()
            torch.cuda.synchronize()
            ratio = reference_check(torch, q, k, v, o, lse, bh, s, d, causal, UNIT[elem],
                                    UNIT["bf16"] if fp8 else None)
            if fp8:  # SDPA beside it on the same (e4m3) values in f16
                q, k, v = (x.to(torch.float16) for x in (q, k, v))
            fns, names = [ours], ["ours"]
            sm80 = sm80_args(man, elem, b, h, s, q.data_ptr(), k.data_ptr(), v.data_ptr(), o.data_ptr(),
                             lse.data_ptr(), causal)
            if sm80 is not None and not fp8:
                def ours80(f80=kernels[("sm80", elem, d)][0], launch=sm80):
                    drv.launch(f80, launch[0], launch[1], 0, launch[2])
                o.fill_(float("nan"))
                lse.fill_(float("nan"))
                ours80()
                torch.cuda.synchronize()
                ratio = max(ratio, reference_check(torch, q, k, v, o, lse, bh, s, d, causal, UNIT[elem]))
                fns.append(ours80)
                names.append("sm80")
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
            print(f"[attention] {tag}: {'OK ' if ok else 'BAD'} max err/bound {ratio:.3g}; "
                  + ", ".join(f"{n} {v:.1f} TFLOP/s" for n, v in tf.items()), flush=True)
            rows.append((tag, "yes" if ok else "NO", f"{ratio:.3g}", tf))
            del q, k, v, vin, o, lse, keep
            torch.cuda.empty_cache()
    cols = ["ours", "sm80", "flash", "cudnn", "efficient"]
    print(f"{'shape':28} {'correct':8} {'err/bound':10} " + " ".join(f"{c + ' TF/s':>14}" for c in cols))
    for tag, ok, ratio, tf in rows:
        print(f"{tag:28} {ok:8} {ratio:10} " + " ".join(f"{tf[c]:14.1f}" if c in tf else f"{'-':>14}" for c in cols))
    return ok_all


def dry_run(out_dir, shapes, elems):
    man = json.load(open(os.path.join(out_dir, "attention", "manifest.json")))
    for elem in elems:
        for (b, h, s, d, causal) in shapes:
            if not supported(man, d, causal, elem, s):
                print(f"{elem} {b}x{h}x{s}x{d}{' causal' if causal else ''}: not supported by this kernel")
                continue
            for f in ("attention.cubin", "attention.ptx", man["host"]):
                if not os.path.exists(os.path.join(kernel_dir(os.path.join(out_dir, "attention"), man, elem, d), f)):
                    print(f"missing {f} for {elem} d={d}")
                    return False
            grid, block, smem, args = launch_args(man, b, h, s, [0xA000, 0xA080, 0xA100, 0xA180, d], 0xD000, causal,
                                                  elem)
            print(f"{elem} {b}x{h}x{s}x{d}{' causal' if causal else ''}: grid {grid} block {block} smem {smem}; params {args}")
            sm80 = sm80_args(man, elem, b, h, s, 0xA000, 0xB000, 0xC000, 0xD000, 0xE000, causal)
            if sm80 is not None:
                if not os.path.exists(os.path.join(out_dir, "attention", man["sm80"]["dir"], f"d{d}", elem, "attention.cubin")):
                    print(f"missing the sm80 cubin for {elem} d={d}")
                    return False
                print(f"  sm80: grid {sm80[0]} block {sm80[1]}; params {sm80[2]}")
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="target/gpu")
    ap.add_argument("--elems", default="f16,bf16,e4m3")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    shapes = QUICK if a.quick else SHAPES
    elems = a.elems.split(",")
    ok = dry_run(a.dir, shapes, elems) if a.dry_run else run(a.dir, shapes, elems)
    print("attention: OK" if ok else "attention: FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
