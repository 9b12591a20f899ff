#!/usr/bin/env python3
"""Lowering benchmark (issue 15, item 2): `layout-opt --lower-to-index` on a module of N
`layout.crd2idx` ops (default 1M) over varied static layouts.

The module: functions of OPS_PER_FUNC crd2idx ops each, every op applying its own
`layout.const` (plain layouts of rank 1..4 with power-of-two and other extents, stride-0 and
permuted modes, nested modes, and swizzled/composed layouts) to the function's linear index
argument, all results returned (nothing is dead). The layouts come from a seeded generator
over a pool of POOL distinct layouts, so the pass sees repeated and distinct attributes as a
real kernel module would.

Times `layout-opt --lower-to-index` (median of RUNS, peak RSS from the kernel's rusage of the
child), and checks the output: no layout op left, one function per generated function. Never
asserts timings.

Usage: bench/lower_bench.py [--ops N] [--pool P] [--seed S] [--runs R] [--layout-opt PATH]
       [--keep FILE]
"""
import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OPS_PER_FUNC = 16


def rand_layout(rng):
    """One static layout text: shape:stride with 1..4 modes, some nested, some swizzled."""
    rank = rng.randint(1, 4)
    extents = [rng.choice([1, 2, 3, 4, 5, 6, 8, 12, 16, 32, 64]) for _ in range(rank)]
    kind = rng.random()
    if kind < 0.35:  # compact, permuted (column/row major and mixtures)
        order = list(range(rank))
        rng.shuffle(order)
        strides = [0] * rank
        acc = 1
        for k in order:
            strides[k] = acc
            acc *= extents[k]
    elif kind < 0.55:  # with stride-0 (broadcast) modes
        strides = []
        acc = 1
        for s in extents:
            if rng.random() < 0.4:
                strides.append(0)
            else:
                strides.append(acc)
                acc *= s
    else:  # arbitrary strides
        strides = [rng.choice([0, 1, 2, 3, 4, 8, 16, 24, 64, 128, 256]) for _ in range(rank)]
    modes = []
    i = 0
    while i < rank:
        if i + 1 < rank and rng.random() < 0.2:  # a nested mode of two leaves
            modes.append((f"({extents[i]},{extents[i+1]})", f"({strides[i]},{strides[i+1]})"))
            i += 2
        else:
            modes.append((str(extents[i]), str(strides[i])))
            i += 1
    shape = "(" + ",".join(m[0] for m in modes) + ")"
    stride = "(" + ",".join(m[1] for m in modes) + ")"
    text = f"{shape}:{stride}"
    if rng.random() < 0.1:
        b, m = rng.randint(1, 3), rng.randint(0, 4)
        s = rng.randint(b, 4)
        text = f"Sw<{b},{m},{s}> o 0 o {text}"
    return text


def module(ops, pool, seed):
    rng = random.Random(seed)
    layouts = [rand_layout(rng) for _ in range(pool)]
    out = []
    funcs = (ops + OPS_PER_FUNC - 1) // OPS_PER_FUNC
    n = 0
    for f in range(funcs):
        k = min(OPS_PER_FUNC, ops - n)
        body = []
        for j in range(k):
            t = layouts[rng.randrange(pool)]
            body.append(f"  %l{j} = layout.const #layout.layout<{t}>\n"
                        f"  %o{j} = layout.crd2idx %l{j}[%i] : !layout.layout<{t}>\n")
        n += k
        rets = ", ".join(f"%o{j}" for j in range(k))
        tys = ", ".join(["index"] * k)
        out.append(f"func.func @f{f}(%i: index) -> ({tys}) {{\n" + "".join(body) +
                   f"  return {rets} : {tys}\n}}\n")
    return "".join(out), funcs


def run_once(cmd, out_path):
    """(seconds, peak RSS MiB) of one run, via wait4's rusage of that child alone."""
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE)
        _, status, ru = os.wait4(proc.pid, 0)
        secs = time.perf_counter() - start
        err = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{err[:2000]}")
    return secs, ru.ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ops", type=int, default=1_000_000)
    ap.add_argument("--pool", type=int, default=4096)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--layout-opt", default=os.path.join(ROOT, "target", "release", "layout-opt"))
    ap.add_argument("--keep", help="also write the generated module here")
    a = ap.parse_args()
    if not os.path.exists(a.layout_opt):
        sys.exit(f"{a.layout_opt} not found (cargo build --release -p layout-opt)")
    text, funcs = module(a.ops, a.pool, a.seed)
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "in.mlir")
        dst = os.path.join(d, "out.mlir")
        with open(src, "w") as f:
            f.write(text)
        if a.keep:
            with open(a.keep, "w") as f:
                f.write(text)
        times, rss = [], []
        for _ in range(a.runs):
            t, m = run_once([a.layout_opt, "--lower-to-index", src], dst)
            times.append(t)
            rss.append(m)
        with open(dst) as f:
            lowered = f.read()
    if "layout." in lowered:
        sys.exit("lower-to-index left layout ops in the output")
    got = lowered.count("func.func @")
    if got != funcs:
        sys.exit(f"expected {funcs} functions in the output, got {got}")
    print(f"lower-to-index benchmark: {a.ops} crd2idx ops in {funcs} functions "
          f"({a.pool} distinct layouts, seed {a.seed}), input {len(text) / 1e6:.1f} MB")
    print(f"  layout-opt --lower-to-index: median {statistics.median(times):.2f} s of "
          f"{a.runs} ({', '.join(f'{t:.2f}' for t in times)}), peak RSS "
          f"{max(rss):.0f} MiB, {a.ops / statistics.median(times):,.0f} ops/s")


if __name__ == "__main__":
    main()
