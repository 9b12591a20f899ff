#!/usr/bin/env python3
"""`layout batch` against a CuTe C++ corpus (gen.py's output): agreement per operation.

    bench/cute_cpp/compare.py [CORPUS.jsonl ...] [--layout target/debug/layout] [--examples N]

Default corpus: tests/data/oracle/cute_cpp_v4_corpus.jsonl. Every case is classified:

  identical        the same text (after removing C++'s `_N` marks)
  same function    the same shape and the same value at every index
  differs          both answer within the contract, with different layouts
  missed           `layout` errs where C++ answers within the contract
  layout breaks    `layout` answers and its result breaks the contract
  copies broken    C++'s result breaks the contract and `layout` returns that same result
  rejected         C++'s result breaks the contract and `layout` errs (as required)
  fixed            C++'s result breaks the contract and `layout` answers within it
  both reject      C++ does not compile (or aborts) and `layout` errs
  extension        C++ rejects, `layout` answers within the contract (scaled-basis cases: CuTe
                   IR's definitions; see docs/algebra.md)
  extension?       C++ rejects, `layout` answers, the contract cannot be checked here

Agreement = (identical + same function) / (cases where C++ answers within its contract or
where the contract cannot be checked). Prints the table, the agreement, and up to N examples
per (op, category) that is not agreement. Exit status 0 unless the runner fails.
"""

import argparse
import json
import os
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import contracts  # noqa: E402
import cute_text  # noqa: E402
from layout_batch import run_batch  # noqa: E402

GOOD = ("identical", "same function")
CATS = ["identical", "same function", "differs", "missed", "layout breaks", "copies broken",
        "rejected", "fixed", "both reject", "extension", "extension?"]


def layout_contract(op, args, text):
    try:
        err = contracts.check_result(op, args, text)
    except (contracts.NA, ValueError, IndexError, KeyError, TypeError):
        return None
    return "ok" if err is None else err


def classify(row, ans):
    cpp = row["cpp"]
    lay = ans.get("result")
    lay = lay if isinstance(lay, str) else (json.dumps(lay) if lay is not None else None)
    if "rejects" in cpp:
        if lay is None:
            return "both reject", None
        c = layout_contract(row["op"], row["args"], lay)
        if c is not None and c != "ok":
            return "layout breaks", c
        return ("extension" if c == "ok" else "extension?"), None
    ref = cpp["result"]
    broken = row["contract"].startswith("broken")
    if lay is None:
        return ("rejected" if broken else "missed"), ans.get("error")
    if broken:
        if cute_text.strip_marks(lay) == ref:
            return "copies broken", row["contract"]
        c = layout_contract(row["op"], row["args"], lay)
        return ("fixed", None) if c == "ok" else ("layout breaks", c or "unchecked")
    if cute_text.strip_marks(lay) == ref:
        return "identical", None
    try:
        if cute_text.same_function(cute_text.parse(lay), cute_text.parse(ref)):
            return "same function", None
    except (cute_text.ParseError, ValueError, IndexError, TypeError):
        pass
    c = layout_contract(row["op"], row["args"], lay)
    if c is not None and c != "ok":
        return "layout breaks", c
    return "differs", None


def load(paths):
    rows = []
    for p in paths:
        with open(p) as f:
            rows.extend(json.loads(l) for l in f if l.strip())
    return rows


def report(rows, answers, examples):
    per_op = defaultdict(Counter)
    samples = defaultdict(list)
    for row, ans in zip(rows, answers):
        cat, note = classify(row, ans)
        per_op[row["op"]][cat] += 1
        if cat == "layout breaks" and "result" in row["cpp"] and not row["contract"].startswith("broken"):
            per_op[row["op"]]["in-contract breaks"] += 1
        if cat not in GOOD + ("both reject", "rejected"):
            samples[(row["op"], cat)].append((row, ans, note))
    w = max(len(o) for o in per_op)
    print(f"{'op':<{w}}  " + "  ".join(f"{c[:12]:>12}" for c in CATS) + "   agree")
    tot = Counter()
    for op in sorted(per_op):
        c = per_op[op]
        tot.update(c)
        print(f"{op:<{w}}  " + "  ".join(f"{c[k]:>12}" for k in CATS) + f"   {_agree(c)}")
    print(f"{'all':<{w}}  " + "  ".join(f"{tot[k]:>12}" for k in CATS) + f"   {_agree(tot)}")
    base = _base(tot)
    print(f"\nagreement {sum(tot[k] for k in GOOD)}/{base} = {_pct(sum(tot[k] for k in GOOD), base)}; "
          f"missed {tot['missed']} ({_pct(tot['missed'], base)}); "
          f"layout results breaking the contract {tot['layout breaks']}; "
          f"C++ results breaking the contract {tot['rejected'] + tot['fixed'] + tot['copies broken']} "
          f"(layout rejects {tot['rejected']}, answers within it {tot['fixed']}, returns C++'s "
          f"{tot['copies broken']})")
    for (op, cat), items in sorted(samples.items()):
        print(f"\n## {op}: {cat} ({len(items)})")
        items.sort(key=lambda x: len("".join(x[0]["args"])))
        for row, ans, note in items[:examples]:
            cpp = row["cpp"].get("result") or ("C++ rejects: " + row["cpp"]["message"][:100])
            lay = ans.get("result", "error: " + str(ans.get("error", ""))[:160])
            print(f"  {row['op']}({', '.join(row['args'])})\n    C++:    {cpp}\n    layout: {lay}"
                  + (f"\n    note:   {note}" if note and cat != "missed" else ""))
    return tot


def _base(c):
    """Cases where C++ answers within its contract (or the contract is not checkable)."""
    return sum(c[k] for k in ("identical", "same function", "differs", "missed")) + c["in-contract breaks"]


def _agree(c):
    return _pct(c["identical"] + c["same function"], _base(c))


def _pct(a, b):
    return f"{100.0 * a / b:.1f}%" if b else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", nargs="*",
                    default=[os.path.join(ROOT, "tests", "data", "oracle", "cute_cpp_v4_corpus.jsonl")])
    ap.add_argument("--layout", default=os.environ.get("LAYOUT_BIN",
                                                       os.path.join(ROOT, "target", "release", "layout")))
    ap.add_argument("--examples", type=int, default=3)
    args = ap.parse_args()
    rows = load(args.corpus)
    answers = run_batch(args.layout, rows)
    report(rows, answers, args.examples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
