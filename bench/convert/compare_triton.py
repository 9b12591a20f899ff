"""convert_plan against Triton on the same layout conversions (issue 32, item 4).

For each case (source and destination encodings, shape, element type, warps) this compiles a
TTGIR kernel (load in the source layout, `ttg.convert_layout`, store in the destination
layout) with the `triton` wheel for sm_90 (no GPU needed), reads the shared-memory instructions,
shuffles and barriers of its PTX, and computes their bank-conflict wavefronts from every lane's
addresses (ptx_smem.py interprets the address arithmetic). Our side is `convert_plan` of the
same two layouts through `layout batch`, with Triton's shared-memory size as its budget. Per case: instructions per thread by kind, wavefronts
per warp, barriers, shared bytes, and the verdict on (wavefronts, shared-memory instructions).

Usage: compare_triton.py --layout target/release/layout [--python PY] [--json out.json]
`--python` names an interpreter with the wheel (default: this one); without it the script says
so and exits 0.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptx_smem  # noqa: E402

MMA2 = "#ttg.nvidia_mma<{{versionMajor = 2, versionMinor = 0, warpsPerCTA = [{w}], instrShape = [16, 8]}}>"
MMA3 = "#ttg.nvidia_mma<{{versionMajor = 3, versionMinor = 0, warpsPerCTA = [{w}], instrShape = [16, {n}, 16]}}>"
BLK = "#ttg.blocked<{{sizePerThread = [{spt}], threadsPerWarp = [{tpw}], warpsPerCTA = [{w}], order = [{o}]}}>"


def blk(spt, tpw, w, o="1, 0"):
    return BLK.format(spt=spt, tpw=tpw, w=w, o=o)


def dot(idx, parent, k):
    return f"#ttg.dot_op<{{opIdx = {idx}, parent = {parent}, kWidth = {k}}}>"


def cases():
    out = []
    for warps, wl in ((4, "4, 1"), (8, "8, 1")):
        for ty, bits in (("f16", 16), ("f32", 32)):
            m2 = MMA2.format(w=wl)
            out += [
                (f"mma2 acc -> rows of 8, {ty}, {warps}w", "64x64" if warps == 4 else "128x64", ty, m2, blk("1, 8", "8, 4", wl)),
                (f"mma2 acc -> rows of 4, {ty}, {warps}w", "64x64" if warps == 4 else "128x64", ty, m2, blk("1, 4", "4, 8", wl)),
            ]
            m3 = MMA3.format(w=wl, n=128)
            out.append((f"mma3 acc -> rows of 8, {ty}, {warps}w", "128x128" if warps == 4 else "128x128", ty, m3, blk("1, 8", "4, 8", wl)))
        m2 = MMA2.format(w=wl)
        out += [
            (f"blocked transpose f16 {warps}w", "64x64", "f16", blk("1, 8", "8, 4", wl), blk("8, 1", "4, 8", "1, " + str(warps), "0, 1")),
            (f"blocked transpose f32 {warps}w", "64x64", "f32", blk("1, 4", "8, 4", wl), blk("4, 1", "4, 8", "1, " + str(warps), "0, 1")),
            (f"blocked transpose i8 {warps}w", "64x64", "i8", blk("1, 16", "16, 2", wl), blk("16, 1", "2, 16", "1, " + str(warps), "0, 1")),
            (f"blocked -> dot_op A f16 {warps}w", "64x32", "f16", blk("1, 8", "8, 4", wl), dot(0, m2, 2)),
            (f"blocked -> dot_op B f16 {warps}w", "32x64", "f16", blk("1, 8", "8, 4", wl), dot(1, m2, 2)),
            (f"blocked -> dot_op A i8 {warps}w", "64x64", "i8", blk("1, 16", "16, 2", wl), dot(0, m2, 4)),
            (f"mma2 acc -> dot_op A f16 {warps}w", "64x64", "f16", m2, dot(0, m2, 2)),
        ]
    # Inside one warp: shuffles (with selects where a lane picks its register by lane).
    w1 = MMA2.format(w="1, 1")
    out += [
        ("pairs -> quads f16 1w", "16x64", "f16", blk("1, 2", "1, 32", "1, 1"), blk("1, 4", "1, 32", "1, 1")),
        ("blocked 8x4 -> 4x8 threads f32 1w", "32x32", "f32", blk("1, 1", "8, 4", "1, 1"), blk("1, 1", "4, 8", "1, 1")),
        ("mma2 acc -> dot_op A k4 f16 1w", "16x32", "f16", w1, dot(0, w1, 4)),
        ("rows of 4 -> columns f32 1w", "32x32", "f32", blk("1, 4", "4, 8", "1, 1"), blk("4, 1", "8, 4", "1, 1", "0, 1")),
        ("mma2 acc -> dot_op A k8 i8 1w", "16x32", "i8", w1, dot(0, w1, 8)),
    ]
    # Slices: a row reduction's result moved between parents.
    out.append(("slice mma2 -> slice blocked f32 4w", "64", "f32",
                f"#ttg.slice<{{dim = 1, parent = {MMA2.format(w='4, 1')}}}>",
                f"#ttg.slice<{{dim = 1, parent = {blk('1, 4', '4, 8', '4, 1')}}}>"))
    return out


def ttgir(shape, ty, src, dst, warps):
    elem = {"f16": "f16", "f32": "f32", "i8": "i8"}[ty]
    t = f"{shape}x{elem}"
    p = f"{shape}x!tt.ptr<{elem}>"
    return f"""module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {warps} : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @cvt(%arg0: !tt.ptr<{elem}> {{tt.divisibility = 16 : i32}}) {{
    %0 = tt.splat %arg0 : !tt.ptr<{elem}> -> tensor<{p}, {src}>
    %1 = tt.load %0 : tensor<{p}, {src}>
    %2 = ttg.convert_layout %1 : tensor<{t}, {src}> -> tensor<{t}, {dst}>
    %3 = tt.splat %arg0 : !tt.ptr<{elem}> -> tensor<{p}, {dst}>
    tt.store %3, %2 : tensor<{p}, {dst}>
    tt.return
  }}
}}
"""


COMPILE = r"""
import json, sys, triton
from triton.backends.compiler import GPUTarget
k = triton.compile(sys.argv[1], target=GPUTarget("cuda", 90, 32))
json.dump({"ptx": k.asm["ptx"], "shared": k.metadata.shared}, sys.stdout)
"""


def triton_side(py, text, warps):
    with tempfile.NamedTemporaryFile("w", suffix=".ttgir", delete=False) as f:
        f.write(text)
    env = dict(os.environ, TRITON_DEFAULT_FP_FUSION="1", TRITON_CACHE_DIR=tempfile.mkdtemp())
    r = subprocess.run([py, "-c", COMPILE, f.name], capture_output=True, text=True, env=env)
    os.unlink(f.name)
    if r.returncode != 0:
        return {"error": r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "compile failed"}
    k = json.loads(r.stdout)
    counts, wf = ptx_smem.smem_traffic(k["ptx"], 32 * warps)
    warp_bars = sum(c for op, c in counts.items() if op.startswith("bar.warp"))
    bars = sum(c for op, c in counts.items() if op.startswith("bar")) - warp_bars
    smem = {op: c for op, c in counts.items() if not op.startswith("bar")}
    return {"instructions": smem, "barriers": bars, "warp_barriers": warp_bars, "wavefronts": wf,
            "smem_bytes": k["shared"]}


def our_side(layout, shape, ty, src, dst, budget):
    bits = {"f16": 16, "f32": 32, "i8": 8}[ty]
    t = f"{shape}x{ty}"
    args = [f"tensor<{t}, {src}>", f"tensor<{t}, {dst}>", str(bits)]
    if budget:
        args.append(str(budget))
    req = {"id": 0, "op": "convert_plan", "args": args}
    r = subprocess.run([layout, "batch"], input=json.dumps(req) + "\n", capture_output=True, text=True)
    ans = json.loads(r.stdout.strip().splitlines()[-1])
    if "error" in ans:
        return {"error": ans["error"]}
    p = ans["result"]
    ins = {i["name"]: i["count"] for i in p["instructions"] if not i["name"].startswith("bar.")}
    bars = sum(i["count"] for i in p["instructions"] if i["name"] == "bar.sync")
    warp_bars = sum(i["count"] for i in p["instructions"] if i["name"] == "bar.warp.sync")
    return {"instructions": ins, "barriers": bars, "warp_barriers": warp_bars, "wavefronts": p["cost"] if p["path"] == "shared" else 0,
            "smem_bytes": p["smem_bytes"], "path": p["path"], "lower_bound": p["lower_bound"],
            "verified": p.get("certificate", {}).get("verified", p["path"] != "shared")}


def short(ins):
    names = {"stmatrix.sync.aligned.m8n8": "stmatrix", "ldmatrix.sync.aligned.m8n8": "ldmatrix", ".shared": "", "shfl.sync.idx": "shfl", "shfl.sync.bfly": "shfl.bfly"}
    parts = []
    for op, c in sorted(ins.items()):
        for a, b in names.items():
            op = op.replace(a, b)
        parts.append(f"{c}x{op}")
    return " ".join(parts) or "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layout", required=True)
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--json")
    a = ap.parse_args()
    have = subprocess.run([a.python, "-c", "import triton"], capture_output=True).returncode == 0
    if not have:
        print(f"convert_plan vs Triton: skipped, the triton wheel is not importable by {a.python}")
        return 0
    ptx_smem.self_check()
    rows = []
    print(f"{'case':40} {'Triton (per thread)':52} {'wf':>4} {'bar':>5} {'smem':>6} | {'ours (per thread)':44} {'wf':>4} {'lb':>4} {'bar':>5} {'smem':>6}  verdict")
    tally = {"better": 0, "same": 0, "worse": 0, "error": 0}
    for name, shape, ty, src, dst in cases():
        warps = 1
        for w0, w1 in re.findall(r"warpsPerCTA = \[(\d+), (\d+)\]", src)[:1]:
            warps = int(w0) * int(w1)
        tri = triton_side(a.python, ttgir(shape, ty, src, dst, warps), warps)
        # The same shared-memory budget as Triton's allocation (Triton tiles to keep it small;
        # convert_plan takes the fewest barriers within its budget).
        ours = our_side(a.layout, shape, ty, src, dst, tri.get("smem_bytes") or None)
        if "error" in tri or "error" in ours:
            verdict = "error"
            print(f"{name:40} {tri.get('error', '')[:60]} | {ours.get('error', '')[:60]}")
        else:
            tw, ow = tri["wavefronts"], ours["wavefronts"]
            ti, oi = sum(tri["instructions"].values()), sum(ours["instructions"].values())
            # Costs compared one by one: wavefronts, shared/shuffle instructions, CTA barriers,
            # warp barriers, shared bytes. Worse if any is larger, better if none is and one
            # is smaller.
            tk = (tw, ti, tri["barriers"], tri["warp_barriers"], tri["smem_bytes"])
            ok = (ow, oi, ours["barriers"], ours["warp_barriers"], ours["smem_bytes"])
            if any(o > t for o, t in zip(ok, tk)):
                verdict = "worse"
            elif ok == tk:
                verdict = "same"
            else:
                verdict = "better"
            bar = lambda x: f"{x['barriers']}" + (f"+{x['warp_barriers']}w" if x["warp_barriers"] else "")
            print(f"{name:40} {short(tri['instructions']):52} {tw:4} {bar(tri):>5} {tri['smem_bytes']:6} | {short(ours['instructions']):44} {ow:4} {ours['lower_bound']:4} {bar(ours):>5} {ours['smem_bytes']:6}  {verdict}")
        tally[verdict] += 1
        rows.append({"case": name, "shape": shape, "type": ty, "src": src, "dst": dst, "triton": tri, "ours": ours, "verdict": verdict})
    print(f"cases: {len(rows)}; ours better {tally['better']}, same {tally['same']}, worse {tally['worse']}, errors {tally['error']}")
    print("wf: shared-memory wavefronts per warp (both sides); lb: our proven lower bound; instructions and")
    print("barriers per thread (bar: bar.sync, +Nw: bar.warp.sync); smem: bytes of shared memory")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
