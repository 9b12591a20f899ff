#!/usr/bin/env python3
"""Fold benchmark of the layout dialect (issue 3, deliverable 7).

Generates a module of N static layout-algebra ops (default 100k: constants, composition, size,
coalesce, in functions that return the results so nothing is dead) and times
  layout-opt --canonicalize   (parse + fold every op with the Rust algebra + print)
against
  mlir-opt-22                 (parse + print of an arith module with the same op count and structure)
and, when the plugin is built, mlir-opt-22 --load-dialect-plugin ... --canonicalize on the layout
module. Reports ops/s, bytes, peak RSS, and the ratio to mlir-opt's parse + print (target <= 2x).
It also checks that the folded output holds the expected constants (a benchmark of wrong
answers is worthless), but never asserts timings.

Usage: tools/layout-opt/bench/fold_bench.py [--ops N] [--layout-opt PATH] [--plugin PATH]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
LLVM_BIN = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
OPS_PER_UNIT = 6


def unit_params(i):
    # Wide ranges: (a, b, s) repeats only after 97*89*5 = 43165 units, so the dialect's memo of
    # parse/algebra results gets no help from repeated functions within the default 16666.
    a = 2 + i % 97
    b = 2 + (i // 97) % 89
    s = 1 + (i // (97 * 89)) % 5
    return a, b, s


def layout_module(units):
    """Each unit: A=(a*b):(s), B=(a,b):(b,1), C=A o B=(a,b):(b*s,s), size(C), E=(a,b):(1,a), coalesce(E)=(a*b):1."""
    out = []
    for i in range(units):
        a, b, s = unit_params(i)
        A, B = f"({a * b}):({s})", f"({a},{b}):({b},1)"
        E = f"({a},{b}):(1,{a})"
        out.append(
            f"func.func @u{i}() -> (index, !layout.layout<{a * b}:1>) {{\n"
            f"  %a = layout.const #layout.layout<{A}>\n"
            f"  %b = layout.const #layout.layout<{B}>\n"
            f"  %c = layout.composition %a, %b : !layout.layout<{A}>, !layout.layout<{B}>\n"
            f"  %s = layout.size %c : !layout.layout<({a},{b}):({b * s},{s})>\n"
            f"  %e = layout.const #layout.layout<{E}>\n"
            f"  %f = layout.coalesce %e : !layout.layout<{E}>\n"
            f"  return %s, %f : index, !layout.layout<{a * b}:1>\n"
            f"}}\n")
    return "".join(out)


def arith_module(units):
    """The same structure with upstream ops: 6 arith ops and a return per function."""
    out = []
    for i in range(units):
        a, b, s = unit_params(i)
        out.append(
            f"func.func @u{i}() -> (index, index) {{\n"
            f"  %a = arith.constant {a * b} : index\n"
            f"  %b = arith.constant {b} : index\n"
            f"  %c = arith.muli %a, %b : index\n"
            f"  %s = arith.addi %c, %a : index\n"
            f"  %e = arith.constant {s} : index\n"
            f"  %f = arith.subi %e, %b : index\n"
            f"  return %s, %f : index, index\n"
            f"}}\n")
    return "".join(out)


def run(cmd, out_path):
    """Run cmd with stdout to out_path; (seconds, peak RSS in MiB)."""
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        err = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(cmd)} failed ({code}):\n{err[:2000]}")
    return elapsed, usage.ru_maxrss / 1024.0


def check_folded(path, units):
    text = open(path).read()
    if "layout.composition" in text or "layout.coalesce" in text or "layout.size" in text:
        sys.exit(f"{path}: not every op folded")
    for i in (0, units // 2, units - 1):
        a, b, _ = unit_params(i)
        m = re.search(rf"func\.func @u{i}\(\).*?\n}}", text, re.S)
        body = m.group(0) if m else ""
        if f"arith.constant {a * b} : index" not in body or f"#layout.layout<{a * b}:1>" not in body:
            sys.exit(f"{path}: @u{i} did not fold to size {a * b} and {a * b}:1:\n{body}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ops", type=int, default=100_000)
    ap.add_argument("--layout-opt", default=os.path.join(ROOT, "target/release/layout-opt"))
    ap.add_argument("--plugin", default=os.path.join(ROOT, "target/layout-plugin/liblayout_plugin.so"))
    ap.add_argument("--repeat", type=int, default=3, help="best of N runs")
    args = ap.parse_args()
    units = max(1, args.ops // OPS_PER_UNIT)
    nops = units * OPS_PER_UNIT
    mlir_opt = os.path.join(LLVM_BIN, "mlir-opt")
    if not os.path.exists(args.layout_opt):
        sys.exit(f"{args.layout_opt} not found: cargo build --release -p layout-opt")

    with tempfile.TemporaryDirectory() as tmp:
        lay, ari, out = (os.path.join(tmp, n) for n in ("layout.mlir", "arith.mlir", "out.mlir"))
        open(lay, "w").write(layout_module(units))
        open(ari, "w").write(arith_module(units))
        rows = [
            ("mlir-opt-22 parse+print (arith)", [mlir_opt, ari], ari, False),
            ("layout-opt parse+print", [args.layout_opt, lay], lay, False),
            ("layout-opt --canonicalize (fold)", [args.layout_opt, lay, "--canonicalize"], lay, True),
        ]
        if os.path.exists(args.plugin):
            rows.append(("mlir-opt-22 + plugin --canonicalize", [
                mlir_opt, f"--load-dialect-plugin={args.plugin}", lay, "--canonicalize"], lay, True))
        results = []
        for name, cmd, src, folds in rows:
            best = min((run(cmd, out) for _ in range(args.repeat)), key=lambda r: r[0])
            if folds:
                check_folded(out, units)
            results.append((name, os.path.getsize(src), best[0], best[1]))

    base = results[0][2]
    print(f"{nops} ops ({units} functions of {OPS_PER_UNIT} ops), best of {args.repeat}")
    print(f"{'run':38} {'bytes':>10} {'seconds':>8} {'ops/s':>11} {'peak MiB':>9} {'ratio':>6}")
    for name, size, secs, rss in results:
        print(f"{name:38} {size:10d} {secs:8.3f} {nops / secs:11.0f} {rss:9.1f} {secs / base:6.2f}")
    fold = next(r for r in results if r[0].startswith("layout-opt --canonicalize"))
    print(f"fold ratio vs mlir-opt-22 parse+print: {fold[2] / base:.2f}x (target <= 2x)")


if __name__ == "__main__":
    main()
