#!/usr/bin/env python3
"""`make bench-python`: the Python package `layout` against pycute, in process, on the same
calls.

From the plain (unswizzled) layouts of tests/data/oracle/cute_pycute_seed1.jsonl and the
oracle's right-hand sides, builds the calls of ~13 operations (size, cosize, coalesce, filter,
complement, the inverses, composition, the divides and products). Both sides get objects
parsed beforehand (layout.Layout / pycute.Layout, by-mode tilers as tuples of layouts), so the
timing is the operation and the object conversion, not text parsing. Only calls both
libraries answer are timed, and their answers are compared (as canonical text) before any
timing. Each side runs BENCH_ROUNDS rounds (default 5) over all calls, alternating; the
median round is reported, per operation and in total. Prints figures only.
"""
import json
import os
import statistics
import sys
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.path.join(ROOT, "tests", "data", "oracle", "cute_pycute_seed1.jsonl")
ROUNDS = max(1, int(os.environ.get("BENCH_ROUNDS", "5")))

try:
    import pycute
except ImportError:
    sys.exit("pycute is not installed (scripts/setup.sh installs it into .venv)")
import layout

UNARY = ["size", "cosize", "coalesce", "filter", "right_inverse", "left_inverse"]
WITH_RHS = ["composition", "logical_divide", "zipped_divide", "tiled_divide",
            "logical_product", "zipped_product", "tiled_product"]


def to_pycute(v):
    """A value of our package as pycute's object."""
    if isinstance(v, layout.Layout):
        return pycute.Layout(v.shape, v.stride)
    if isinstance(v, list):  # by-mode tiler
        return tuple(to_pycute(x) for x in v)
    return v


def text(v):
    """Canonical text of either library's result (pycute prints with spaces)."""
    if isinstance(v, pycute.Layout):
        return layout.to_text(v.shape) + ":" + layout.to_text(v.stride)
    if isinstance(v, layout.Layout):
        return str(v)
    return v


def build_calls():
    calls = []
    with open(ORACLE) as f:
        next(f)
        for line in f:
            case = json.loads(line)
            if "Sw<" in case["A"]:
                continue
            a = layout.parse(case["A"])
            ops = case["ops"]
            for op in UNARY:
                if op in ops and (op in ("size", "cosize") or "result" in ops[op]):
                    calls.append((op, [a]))
            if "complement" in ops and "result" in ops["complement"]:
                calls.append(("complement", [a, ops["complement"]["cotarget"]]))
            for op in WITH_RHS:
                e = ops.get(op)
                if isinstance(e, dict) and "result" in e and "rhs" in e:
                    calls.append((op, [a, layout.parse(e["rhs"])]))
    return calls


def main():
    both = []
    differ = 0
    for op, args in build_calls():
        pargs = [to_pycute(x) for x in args]
        try:
            ours = getattr(layout, op)(*args)
            theirs = getattr(pycute, op)(*pargs)
        except Exception:
            continue
        if text(ours) != text(theirs):
            differ += 1  # a known pycute difference (tests/data/oracle/README.md): not timed
            continue
        both.append((op, args, pargs))
    print(f"calls answered alike by both: {len(both)} ({differ} known differences left out)")

    def run(lib, which):
        per_op = defaultdict(float)
        for op, args, pargs in both:
            f = getattr(lib, op)
            a = args if which == 0 else pargs
            t = time.perf_counter()
            f(*a)
            per_op[op] += time.perf_counter() - t
        return per_op

    rounds = {0: [], 1: []}
    for _ in range(ROUNDS):
        for which, lib in ((0, layout), (1, pycute)):
            rounds[which].append(run(lib, which))
    ops = sorted({op for op, _, _ in both})
    print(f"{'operation':16} {'calls':>6} {'layout (ms)':>12} {'pycute (ms)':>12} {'ratio':>7}")
    total = [0.0, 0.0]
    for op in ops:
        n = sum(1 for o, _, _ in both if o == op)
        m = [statistics.median(r[op] for r in rounds[w]) * 1e3 for w in (0, 1)]
        total[0] += m[0]
        total[1] += m[1]
        print(f"{op:16} {n:6d} {m[0]:12.1f} {m[1]:12.1f} {m[1] / m[0]:6.1f}x")
    print(f"{'total':16} {len(both):6d} {total[0]:12.1f} {total[1]:12.1f} {total[1] / total[0]:6.1f}x")
    print(f"(medians of {ROUNDS} alternating rounds; per call: layout {total[0] * 1e3 / len(both):.1f} us, "
          f"pycute {total[1] * 1e3 / len(both):.1f} us)")


if __name__ == "__main__":
    main()
