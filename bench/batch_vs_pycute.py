#!/usr/bin/env python3
"""`make bench`: `layout batch` against pycute on the same requests, end to end.

Builds BENCH_REQUESTS (default 300000) `layout batch` requests from the plain layouts of
$ORACLE_DIR/cute_pycute_seed1.jsonl (default tests/data/oracle): size,
cosize, coalesce, filter, the inverses, composition, complement, the divides and products with
the oracle's right-hand sides, and eval (the whole table) of the small layouts, cycled to N.
Then times two fresh processes, each reading the requests on stdin and writing JSON Lines to a
file (process start, JSON and printing included):
  target/release/layout batch             (LAYOUT_BIN overrides the path)
  <this python> bench/pycute_batch.py     (pycute from PYCUTE_PATH or the .venv)
and prints requests/s for both, where their answers differ, and the ratio. The two runners
alternate BENCH_RUNS times (default 3) and each is reported by its median wall time, so that
one burst of other work on the machine does not decide the figure (a `layout` run is a few
tenths of a second); every time is printed. Prints figures only; it fails only when a runner
fails, never on a figure.
"""
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.path.join(os.environ.get("ORACLE_DIR", os.path.join(ROOT, "tests", "data", "oracle")),
                      "cute_pycute_seed1.jsonl")
LAYOUT_BIN = os.environ.get("LAYOUT_BIN", os.path.join(ROOT, "target", "release", "layout"))
N = int(os.environ.get("BENCH_REQUESTS", "300000"))
RUNS = max(1, int(os.environ.get("BENCH_RUNS", "3")))

UNARY = ["size", "cosize", "coalesce", "filter", "right_inverse", "left_inverse"]
WITH_RHS = ["composition", "logical_divide", "zipped_divide", "tiled_divide",
            "logical_product", "zipped_product", "tiled_product", "blocked_product",
            "raked_product"]


def case_requests(case):
    """(op, args) pairs for one oracle case."""
    a, ops = case["A"], case["ops"]
    out = [(op, [a]) for op in UNARY if op in ops]
    out += [(op, [a, ops[op]["rhs"]]) for op in WITH_RHS if op in ops]
    if "complement" in ops:
        out.append(("complement", [a, str(ops["complement"]["cotarget"])]))
    if "eval" in case:  # the whole table, for the small layouts the oracle tabulates
        out.append(("eval", [a]))
    return out


def build_requests(path):
    with open(path) as f:
        cases = [json.loads(line) for line in f][1:]  # line 1 is meta
    # Swizzled (composed) layouts only have `size` in the oracle, and pycute has no text form
    # for them: the benchmark uses the plain shape:stride layouts.
    base = [r for c in cases if "Sw<" not in c["A"] for r in case_requests(c)]
    return len(base), [base[i % len(base)] for i in range(N)]


def run(cmd, req_path, out_path):
    """Wall time of cmd with stdin from req_path and stdout to out_path."""
    with open(req_path) as fin, open(out_path, "w") as fout:
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, stdin=fin, stdout=fout, stderr=subprocess.PIPE)
        dt = time.perf_counter() - t0
    if proc.returncode != 0:
        err = proc.stderr.decode(errors="replace").strip().splitlines()[-3:]
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {' | '.join(err)}")
    return dt


def read_answers(path, who):
    """id -> answer; also checks that there is one line per request."""
    answers = {}
    with open(path) as f:
        for line in f:
            a = json.loads(line)
            answers[a["id"]] = a
    if len(answers) != N:
        raise RuntimeError(f"{who}: {len(answers)} answers for {N} requests")
    return answers


def pycute_available():
    probe = "import os, sys; p = os.environ.get('PYCUTE_PATH'); p and sys.path.insert(0, p); " \
            "import pycute"
    return subprocess.run([sys.executable, "-c", probe], capture_output=True).returncode == 0


def report(name, times, answers):
    """Print the median run of `times` (wall seconds) and return it."""
    dt = sorted(times)[len(times) // 2]
    errors = sum("error" in a for a in answers.values())
    runs = ", ".join(f"{t:.3f}" for t in times)
    print(f"{name:8} {N / dt:12,.0f} requests/s  (median {dt:7.3f} s of runs {runs}; "
          f"{errors} errors)")
    return dt


def main():
    if not os.access(LAYOUT_BIN, os.X_OK):
        raise RuntimeError(f"{LAYOUT_BIN} not found: `make bench` builds it "
                           "(cargo build --release --bin layout)")
    base, reqs = build_requests(ORACLE)
    print(f"bench: {N} requests, cycling through {base} built from {os.path.relpath(ORACLE)}")
    with tempfile.TemporaryDirectory() as tmp:
        req = os.path.join(tmp, "requests.jsonl")
        with open(req, "w") as f:
            f.writelines(json.dumps({"id": i, "op": op, "args": args}) + "\n"
                         for i, (op, args) in enumerate(reqs))
        out_layout, out_pycute = os.path.join(tmp, "layout.out"), os.path.join(tmp, "py.out")

        ours_cmd = [LAYOUT_BIN, "batch"]
        py_cmd = [sys.executable, os.path.join(HERE, "pycute_batch.py")]
        have_pycute = pycute_available()
        t_layout, t_py = [], []
        for _ in range(RUNS):  # alternate, so that both see the same machine
            t_layout.append(run(ours_cmd, req, out_layout))
            if have_pycute:
                t_py.append(run(py_cmd, req, out_pycute))
        ours = read_answers(out_layout, "layout batch")
        dt_layout = report("layout", t_layout, ours)

        if not have_pycute:
            print("pycute   NOT AVAILABLE: not importable and PYCUTE_PATH unset or wrong "
                  "(scripts/setup.sh installs it into .venv); no comparison")
            return
        ref = read_answers(out_pycute, "pycute runner")
        dt_py = report("pycute", t_py, ref)

    both = [i for i in ours if "result" in ours[i] and "result" in ref[i]]
    differ = Counter(reqs[i][0] for i in both if ours[i]["result"] != ref[i]["result"])
    print(f"agree    {len(both) - sum(differ.values())} of {len(both)} requests both answered; "
          "differ: " + (", ".join(f"{op} {n}" for op, n in differ.most_common()) or "none"))
    print("         (pycute differs from CuTe C++ on some inputs: tests/data/oracle/README.md)")
    ratio = dt_py / dt_layout
    verdict = "meets" if ratio >= 30 else "BELOW"
    print(f"ratio    layout is {ratio:.1f}x pycute ({verdict} the 30x target)")


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, ValueError, KeyError) as e:
        sys.exit(f"bench: error: {e}")
