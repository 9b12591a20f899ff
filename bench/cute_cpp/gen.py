#!/usr/bin/env python3
"""Host-side CuTe C++ corpus: random algebra cases answered by current CuTe C++.

    CUTLASS_DIR=/path/to/cutlass/include bench/cute_cpp/gen.py --seed 4 --count 3000 -o out.jsonl

CUTLASS_DIR is a folder holding `cute/` and `cutlass/` (CUTLASS's `include/`; a checkout's
root works too). Without it the script says so and exits 0 (nothing to do), so that `make
bench` can call it unconditionally.

How: cases.py draws (op, args) cases; each becomes one line `static void cN() {...}` of a C++
file (BATCH cases per translation unit) that prints `@@N <result>` with static `Int<N>`
values. The file is compiled with `g++ -std=c++17 -O0` against CUTLASS_DIR and stand-in CUDA
headers that cuda_stubs.py writes into a temp dir. When a translation unit fails to compile,
the errors are attributed to cases by the line of the TU they are "required from" (each case
is one line); those cases are recorded as `C++ rejects` with the first error, and the rest is
compiled again (a TU whose error cannot be attributed is split in halves, down to one case per
TU). At run time a case that aborts (a runtime assert) is recorded as rejected and the run
resumes after it. Printed results are normalized (`_N` marks removed).

Each output line: {"id", "op", "args", "basis", "cpp": {"result": text} | {"rejects": why,
"message": first error}, "contract": "ok" | "broken: ..." | "n/a"} where `contract` is the
check of the C++ result against its operation's contract (contracts.py).
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases as case_gen  # noqa: E402
import contracts  # noqa: E402
import cute_text  # noqa: E402
from cuda_stubs import write_stubs  # noqa: E402

HEADER = """#include <cute/layout.hpp>
#include <cute/layout_composed.hpp>
#include <cstdio>
#include <cstdlib>
using namespace cute;
"""

# How each op is called in C++ (args are C++ expressions).
CALL = {
    "complement": "complement", "left_inverse": "left_inverse", "right_inverse": "right_inverse",
    "coalesce": "coalesce", "composition": "composition", "tile_to_shape": "tile_to_shape",
    "blocked_product": "blocked_product", "raked_product": "raked_product",
}
for _op in case_gen.DIVIDES + case_gen.PRODUCTS:
    CALL[_op] = _op


def cutlass_include():
    d = os.environ.get("CUTLASS_DIR")
    if not d:
        return None
    for cand in (d, os.path.join(d, "include")):
        if os.path.isfile(os.path.join(cand, "cute", "layout.hpp")):
            return cand
    raise SystemExit(f"CUTLASS_DIR={d}: no cute/layout.hpp under it or its include/")


def _cpp_expressible(args):
    """Whether every argument is static text that to_cpp can write (no `?`, no swizzle)."""
    try:
        return all("?" not in a and "Sw<" not in a and " o " not in a and cute_text.parse(a)
                   for a in args)
    except (cute_text.ParseError, ValueError):
        return False


def cpp_line(k, case):
    args = ", ".join(cute_text.to_cpp(cute_text.parse(a)) for a in case["args"])
    return f"static void c{k}() {{ auto r = {CALL[case['op']]}({args}); print(r); }}"


def write_tu(path, batch, line=cpp_line):
    lines = HEADER.count("\n")
    first = lines + 1
    with open(path, "w") as f:
        f.write(HEADER)
        for k, case in enumerate(batch):
            f.write(line(k, case) + "\n")
        f.write("typedef void (*case_fn)();\n")
        f.write("static const case_fn cases[] = {" + ", ".join(f"c{k}" for k in range(len(batch)))
                + "};\n")
        f.write("int main(int argc, char **argv) {\n"
                "  int from = argc > 1 ? atoi(argv[1]) : 0;\n"
                f"  for (int i = from; i < {len(batch)}; ++i) {{\n"
                "    printf(\"@@%d \", i); fflush(stdout); cases[i](); printf(\"\\n\"); fflush(stdout);\n"
                "  }\n  return 0;\n}\n")
    return first


def compile_tu(src, exe, inc, stub):
    p = subprocess.run(["g++", "-std=c++17", "-O0", "-w", "-I", stub, "-I", inc, src, "-o", exe],
                       capture_output=True, text=True)
    return p.returncode == 0, p.stderr


def first_error(stderr):
    for line in stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()[:300]
    return stderr.strip().splitlines()[-1][:300] if stderr.strip() else "compile failed"


def case_errors(stderr, src, first, n):
    """{case index: first error message} for the cases a compile error is attributed to.

    g++ names the line of our TU that an instantiation is "required from" before the error it
    leads to, or names our line in the error itself; each case is one line of the TU."""
    base = os.path.basename(src)
    hits = {}
    current = None
    for line in stderr.splitlines():
        m = re.search(re.escape(base) + r":(\d+):", line)
        k = int(m.group(1)) - first if m else None
        if k is not None and 0 <= k < n:
            current = k
            hits.setdefault(k, None)
        if "error:" in line and current is not None and hits.get(current) is None:
            hits[current] = line.split("error:", 1)[1].strip()
        if "error:" in line:
            current = None
    return {k: (v or "compile failed")[:300] for k, v in hits.items()}


def run_exe(exe, n):
    """{case index: printed result or ('abort', message)}."""
    out = {}
    start = 0
    while start < n:
        p = subprocess.run([exe, str(start)], capture_output=True, text=True, timeout=120)
        last = start - 1
        for line in p.stdout.splitlines():
            m = re.match(r"@@(\d+) ?(.*)$", line)
            if m:
                last = int(m.group(1))
                out[last] = m.group(2)
        if p.returncode == 0:
            break
        # the case that was running (`@@k ` printed, no newline) aborted
        why = "runtime abort"
        if p.returncode < 0:  # killed by a signal (SIGFPE: a division by zero)
            try:
                why = signal.Signals(-p.returncode).name
            except ValueError:
                why = f"signal {-p.returncode}"
        out[last] = ("abort", (p.stderr.strip().splitlines() or [why])[-1][:300])
        start = last + 1
    return out


def answer_batch(batch, inc, stub, work, tag, line=cpp_line, raw=False, group=None):
    """C++ answers for `batch`: list of {"result": ...} / {"rejects": ..., "message": ...}.

    `line(k, case)` writes case k as one line of C++ (default: cpp_line); with `raw` the
    printed result is kept as printed (`_N` marks too); `group(case)` names cases that
    instantiate the same templates (g++ reports a failed instantiation once, at its first
    line), so a compile error attributed to one is attributed to all of its group."""
    answers = [None] * len(batch)
    todo = list(range(len(batch)))
    attempt = 0
    while todo:
        attempt += 1
        sub = [batch[i] for i in todo]
        src = os.path.join(work, f"{tag}_{attempt}.cpp")
        exe = src[:-4]
        first = write_tu(src, sub, line)
        ok, err = compile_tu(src, exe, inc, stub)
        if ok:
            for k, r in run_exe(exe, len(sub)).items():
                if isinstance(r, tuple):
                    answers[todo[k]] = {"rejects": "runtime", "message": r[1]}
                else:
                    answers[todo[k]] = {"result": r.strip() if raw else cute_text.strip_marks(r)}
            for k in range(len(sub)):
                if answers[todo[k]] is None:
                    answers[todo[k]] = {"rejects": "runtime", "message": "no output"}
            break
        bad = case_errors(err, src, first, len(sub))
        if group is not None:
            for k, msg in list(bad.items()):
                g = group(sub[k])
                for k2, c in enumerate(sub):
                    if group(c) == g:
                        bad.setdefault(k2, msg)
        if not bad:
            if len(sub) == 1:
                answers[todo[0]] = {"rejects": "compile", "message": first_error(err)}
                break
            half = len(sub) // 2
            left = answer_batch(sub[:half], inc, stub, work, f"{tag}_{attempt}a", line, raw, group)
            right = answer_batch(sub[half:], inc, stub, work, f"{tag}_{attempt}b", line, raw, group)
            for k, a in enumerate(left + right):
                answers[todo[k]] = a
            break
        for k, msg in bad.items():
            answers[todo[k]] = {"rejects": "compile", "message": msg}
        todo = [i for i in todo if answers[i] is None]
    return answers


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--batch", type=int, default=150, help="cases per translation unit")
    ap.add_argument("--jobs", type=int, default=1, help="parallel g++ processes")
    ap.add_argument("--cases", help="answer the cases of this JSON Lines file (id, op, args) "
                    "instead of random ones; ops without a C++ call here are left out")
    ap.add_argument("--recheck", action="store_true",
                    help="only recompute the `contract` field of the corpus OUTPUT in place")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    if args.recheck:
        with open(args.output) as f:
            rows = [json.loads(l) for l in f if l.strip()]
        with open(args.output, "w") as f:
            for case in rows:
                case["contract"] = contracts.check(case["op"], case["args"], case["cpp"])
                f.write(json.dumps(case, separators=(",", ":")) + "\n")
        print(f"gen.py: rechecked {len(rows)} contracts in {args.output}")
        return 0
    inc = cutlass_include()
    if inc is None:
        print("gen.py: CUTLASS_DIR is not set (a folder with CUTLASS's include/cute): skipped")
        return 0
    if args.cases:
        with open(args.cases) as f:
            given = [json.loads(l) for l in f if l.strip()]
        corpus = [{"id": c["id"], "op": c["op"], "args": c["args"], "basis": "@" in "".join(c["args"])}
                  for c in given if c["op"] in CALL and _cpp_expressible(c["args"])]
    else:
        corpus = case_gen.generate(args.seed, args.count)
    with tempfile.TemporaryDirectory(prefix="cute_cpp_") as work:
        stub = write_stubs(os.path.join(work, "stub"))
        batches = [corpus[i:i + args.batch] for i in range(0, len(corpus), args.batch)]

        def one(j):
            return answer_batch(batches[j], inc, stub, work, f"b{j}")
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            results = list(ex.map(one, range(len(batches))))
            for j, res in enumerate(results):
                for case, ans in zip(batches[j], res):
                    case["cpp"] = ans
    with open(args.output, "w") as f:
        for case in corpus:
            case["contract"] = contracts.check(case["op"], case["args"], case["cpp"])
            f.write(json.dumps(case, separators=(",", ":")) + "\n")
    rej = sum("rejects" in c["cpp"] for c in corpus)
    broken = sum(c["contract"].startswith("broken") for c in corpus)
    print(f"gen.py: {len(corpus)} cases, C++ rejects {rej}, C++ result breaks its contract "
          f"{broken}; wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
