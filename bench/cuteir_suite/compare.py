#!/usr/bin/env python3
"""`layout batch` (and, for a sample, `layout-opt --canonicalize`) on CuTe IR's translated lit
cases (translate.py's output; default tests/data/cuteir_suite/cases.jsonl).

    bench/cuteir_suite/compare.py [CASES] [--layout BIN] [--layout-opt BIN] [--opt-sample N]

Positive cases ("expect": "result") agree when `layout` answers the same text (spaces and `_`
marks aside) or, for layouts, the same shape and the same value at every index, as CuTe IR
or, where the case holds C++'s answer ("cpp") and it differs, as CuTe C++ (the reference of
issue 16; counted as "agree (C++)"). Error cases
("error") are covered when `layout` rejects them; "not" cases when `layout` rejects them or
answers something else than the written (wrong) result. Cases with dynamic leaves are
reported apart (CuTe IR's rules for `?` differ by design: docs/algebra.md).

With --layout-opt, the first N static positive cases of the algebra ops that have a dialect
op (no swizzles) are also written as `layout` dialect functions (constants, the op, the
result returned with the type `layout batch` inferred, or CuTe IR's answer where the batch
errs) and folded by `layout-opt --canonicalize`; the folded constant is compared with CuTe
IR's answer the same way. With --plugin (or LAYOUT_PLUGIN), the same functions also go
through mlir-opt-22 with the layout plugin loaded, `--pass-pipeline=builtin.module(canonicalize)`.
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "cute_cpp"))

import cute_text  # noqa: E402
from layout_batch import run_batch  # noqa: E402

DIALECT_OPS = {"coalesce", "complement", "composition", "left_inverse", "right_inverse",
               "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
               "logical_product", "zipped_product", "tiled_product", "flat_product",
               "blocked_product", "raked_product", "tile_to_shape"}


def norm(t):
    return cute_text.strip_marks(str(t)).replace(" ", "")


def agrees(got, want):
    if norm(got) == norm(want):
        return True
    try:
        a, b = cute_text.parse(norm(got)), cute_text.parse(norm(want))
        return a[0] == "layout" and b[0] == "layout" and cute_text.same_function(a, b)
    except (cute_text.ParseError, ValueError, IndexError, TypeError):
        return False


def verdict(case, ans):
    """'agree' | 'differs' | 'missed' | 'rejected' | 'accepted'."""
    res = ans.get("result")
    if case["expect"] == "result":
        if res is None:
            return "missed"
        if agrees(res, case["result"]):
            return "agree"
        # where current CuTe C++ answers otherwise (within its contract), C++ is the reference
        return "agree (C++)" if "cpp" in case and agrees(res, case["cpp"]) else "differs"
    if case["expect"] == "error":
        return "rejected" if res is None else "accepted"
    return "rejected" if res is None or not agrees(res, case["result"]) else "accepted"


def summarize(cases, answers, examples=3, quiet=False):
    tally = defaultdict(Counter)
    bad = defaultdict(list)
    for c, a in zip(cases, answers):
        group = ("dynamic " if c.get("dynamic") else "") + ("positive" if c["expect"] == "result" else "error")
        v = verdict(c, a)
        tally[group][v] += 1
        tally[c["op"] + (" (dyn)" if c.get("dynamic") else "")][v] += 1
        if v in ("differs", "missed", "accepted"):
            bad[(c["op"], v)].append((c, a))
    if not quiet:
        for g in sorted(tally):
            t = tally[g]
            print(f"{g:<28} " + " ".join(f"{k} {t[k]}" for k in sorted(t)))
        for (op, v), items in sorted(bad.items()):
            print(f"\n## {op}: {v} ({len(items)})")
            for c, a in items[:examples]:
                print(f"  {c['id']}: {op}({', '.join(c['args'])})\n    CuTe IR: "
                      f"{c.get('result', 'error: ' + c.get('message', ''))}\n    layout:  "
                      f"{a.get('result', 'error: ' + str(a.get('error'))[:150])}")
    return tally


def dialect_type(text):
    v = cute_text.parse(text)
    if v[0] == "layout":
        return f"layout.layout<{text}>"
    if v[0] == "tiler":
        return f"layout.tiler<{text}>"
    return f"layout.tuple<{text}>"


def opt_function(k, case, result):
    """A function computing the case with `layout` dialect ops, returning the result."""
    lines = [f"func.func @c{k}() -> !{dialect_type(result)} {{"]
    names = []
    for j, arg in enumerate(case["args"]):
        lines.append(f"  %a{j} = layout.const #{dialect_type(arg)}")
        names.append(f"%a{j}")
    types = ", ".join("!" + dialect_type(a) for a in case["args"])
    lines.append(f"  %r = layout.{case['op']} {', '.join(names)} : {types}")
    lines.append(f"  return %r : !{dialect_type(result)}")
    lines.append("}")
    return "\n".join(lines)


def run_opt(command, cases, answers, n):
    """(tally, rows) of the first n static positive cases through `command` (a canonicalizing
    driver that reads the split input on stdin)."""
    picked = []
    for c, a in zip(cases, answers):
        if len(picked) >= n:
            break
        if c["dynamic"] or c["op"] not in DIALECT_OPS or c["expect"] != "result":
            continue
        if "Sw<" in "".join(c["args"]) or " o " in "".join(c["args"]):
            continue
        # the function returns the type `layout batch` infers; where it errs, CuTe IR's answer
        # (the dialect then refuses the function: counted as not folded)
        a = dict(a, result=a.get("result", c["result"]))
        try:
            for t in c["args"] + [a["result"]]:
                cute_text.parse(t)
        except (cute_text.ParseError, ValueError):
            continue
        picked.append((c, a))
    text = "\n// -----\n".join(opt_function(k, c, a["result"]) for k, (c, a) in enumerate(picked))
    p = subprocess.run(command + ["--split-input-file", "-"], input=text, capture_output=True,
                       text=True)
    folded = {}
    for m in re.finditer(r"func\.func @c(\d+)\(\)[^\n]*\n\s*%\S+ = layout\.const "
                         r"#layout\.(?:layout|tuple|tiler)<(.*?)>\n\s*return", p.stdout):
        folded[int(m.group(1))] = m.group(2)
    tally = Counter()
    rows = []
    for k, (c, a) in enumerate(picked):
        got = folded.get(k)
        v = "missed" if got is None else ("agree" if agrees(got, c["result"]) else "differs")
        tally[v] += 1
        rows.append((c, got, v))
    return tally, rows


LIT_HEADER = """// NVIDIA CuTe IR's lit cases (facts in tests/data/cuteir_suite/cases.jsonl), written as
// layout dialect ops and folded: each function returns CuTe IR's answer, and the folded
// constant must be that answer. Generated by bench/cuteir_suite/compare.py --write-lit from
// the cases whose fold already printed CuTe IR's text; do not edit by hand.
// RUN: layout-opt %s --canonicalize --split-input-file | FileCheck %s
"""


def write_lit(path, rows):
    """The lit test of the cases in `rows` ((case, folded, verdict)) whose folded text is
    CuTe IR's text."""
    parts = []
    k = 0
    for c, got, _ in rows:
        if got is None or norm(got) != norm(c["result"]):
            continue
        ty = dialect_type(norm(c["result"]))
        body = opt_function(k, c, norm(c["result"]))
        parts.append(f"// {c['id']}\n// CHECK-LABEL: func.func @c{k}()\n"
                     f"// CHECK-NEXT: %[[C:.*]] = layout.const #{ty}\n"
                     f"// CHECK-NEXT: return %[[C]]\n{body}\n")
        k += 1
    with open(path, "w") as f:
        f.write(LIT_HEADER + "\n" + "\n// -----\n\n".join(parts))
    return k


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases", nargs="?", default=os.path.join(ROOT, "tests", "data", "cuteir_suite",
                                                             "cases.jsonl"))
    ap.add_argument("--layout", default=os.environ.get("LAYOUT_BIN",
                                                       os.path.join(ROOT, "target", "release", "layout")))
    ap.add_argument("--layout-opt", default=None)
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt",
                    help="with --plugin: mlir-opt-22 loading the layout plugin")
    ap.add_argument("--plugin", default=os.environ.get("LAYOUT_PLUGIN"),
                    help="liblayout_plugin.so (cmake/); the sample also runs through mlir-opt")
    ap.add_argument("--opt-sample", type=int, default=150)
    ap.add_argument("--write-lit", help="write the lit test of the agreeing folds here")
    ap.add_argument("--examples", type=int, default=3)
    a = ap.parse_args()
    with open(a.cases) as f:
        cases = [json.loads(l) for l in f if l.strip()]
    answers = run_batch(a.layout, cases)
    t = summarize(cases, answers, a.examples)
    pos, err = t["positive"], t["error"]
    npos = sum(pos.values())
    nerr = sum(err.values())
    agree = pos["agree"] + pos["agree (C++)"]
    print(f"\nlayout batch: static positive cases agree {agree}/{npos}"
          f" = {100.0 * agree / max(1, npos):.1f}% ({pos['agree (C++)']} as C++ where CuTe IR differs); static error cases rejected "
          f"{err['rejected']}/{nerr} = {100.0 * err['rejected'] / max(1, nerr):.1f}%")
    drivers = []
    if a.layout_opt:
        drivers.append(("layout-opt --canonicalize", [a.layout_opt, "--canonicalize"]))
    if a.plugin:
        drivers.append(("mlir-opt-22 + plugin, canonicalize",
                        [a.mlir_opt, f"--load-dialect-plugin={a.plugin}",
                         f"--load-pass-plugin={a.plugin}", "--pass-pipeline=builtin.module(canonicalize)"]))
    for name, command in drivers:
        tally, rows = run_opt(command, cases, answers, a.opt_sample)
        n = sum(tally.values())
        print(f"{name}: {tally['agree']}/{n} agree ({tally['differs']} differ, "
              f"{tally['missed']} not folded)")
        if a.write_lit and command[0] == a.layout_opt:
            print(f"wrote {write_lit(a.write_lit, rows)} cases to {a.write_lit}")
        for c, got, v in rows:
            if v != "agree":
                print(f"  {c['id']}: {c['op']}({', '.join(c['args'])}) CuTe IR {c['result']}, "
                      f"folded {got}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
