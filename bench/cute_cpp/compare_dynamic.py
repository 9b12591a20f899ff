#!/usr/bin/env python3
"""`layout` against the CuTe C++ oracle of runtime leaves (gen_dynamic.py's output).

    bench/cute_cpp/compare_dynamic.py [CORPUS.jsonl ...] [--layout target/release/layout]
        [--examples N] [--jobs N] [--via auto|batch|eval]

Default corpus: tests/data/oracle/cute_cpp_dynamic.jsonl. For each record `layout` is asked

- EXPR (its `?` leaves unbound): the structure. Expected: C++'s print with each runtime leaf
  (a plain number) replaced by `?` and each static one (`_N`) by N, e.g.
  `((_128,_64),(4,4)):((256,_1),(32768,_64))` -> `((128,64),(?,?)):((?,1),(?,64))`;
- bind(EXPR, v0, v1, ...) for each of the three value sets: the values. Expected: C++'s print
  without the `_` marks.

C++'s concrete answer of each value set is checked against the operation's contract
(contracts_dynamic.py: contracts.py's, plus size, cosize, filter(_zeros), ceil_div,
shape_div) on the concrete arguments; where C++ breaks it, `layout` is expected to refuse or to
answer within the contract.

Structure, per record:
  same                  the same text
  same*                 the same but for the strides of extent-1 leaves
  differs               both answer, different texts (static vs runtime leaves, or shapes)
  we refuse             `layout` errs where C++ compiles and answers within the contract
  refuse (C++ breaks)   `layout` errs; C++'s answer breaks the contract for some value set
  C++ rejects, we answer / both reject   (C++: static_assert, no overload, or every set aborts)

Values, per (record, value set):
  same / same function  the same text / the same shape and the same value at every index
  values differ         both answer within the contract, differently
  we break contract     `layout`'s answer breaks the contract
  we refuse             `layout` errs where C++ answers within the contract
  C++ breaks: refuse / fix / copy   C++'s answer breaks the contract and `layout` errs (as
                        expected) / answers within it / returns C++'s answer
  C++ rejects, we answer (within the contract) / both reject   (C++ rejects or aborts)

`layout batch` answers the structure requests; bind goes through `layout batch` when it
accepts {"op": "bind", "args": [EXPR, v0, ...]} (probed; --via), else through `layout eval`.
Prints both tables with the agreement, up to N examples of each disagreement kind per op, and
every record whose C++ answer breaks its contract. Exit status 0 unless the runner fails.
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import contracts_dynamic  # noqa: E402
import cute_text as ct  # noqa: E402
from layout_batch import run_batch  # noqa: E402

S_CATS = ["same", "same*", "differs", "we refuse", "refuse (C++ breaks)", "C++ rejects, we answer",
          "both reject"]
V_CATS = ["same", "same function", "values differ", "we break contract", "we refuse",
          "C++ breaks: refuse", "C++ breaks: fix", "C++ breaks: copy", "C++ rejects, we answer",
          "both reject"]
S_BAD = ("differs", "we refuse", "C++ rejects, we answer")
V_BAD = ("values differ", "we break contract", "we refuse", "C++ breaks: copy",
         "C++ rejects, we answer")


def structure(cpp):
    """C++'s print as our structure text: `_N` -> N (static), a plain number -> `?`."""
    return re.sub(r"_?-?\d+", lambda m: m.group(0)[1:] if m.group(0)[0] == "_" else "?",
                  cpp.replace(" ", ""))


def cpp_answers(text):
    return not (text.startswith("C++ rejects") or text.startswith("C++ aborts"))


def concrete_args(rec, j):
    vals = [ct.parse(a, dynamic=True) for a in rec["args"]]
    return [ct.to_text(v) for v in ct.subst_dyn(vals, rec["values"][j])]


def bind_expr(rec, j):
    return f"bind({rec['expr']}, {', '.join(str(v) for v in rec['values'][j])})"


def _text(ans):
    """(result text, None) or (None, error) of a batch answer."""
    if "result" in ans:
        r = ans["result"]
        return (r if isinstance(r, str) else json.dumps(r, separators=(",", ":"))), None
    return None, str(ans.get("error", "no answer"))


def run_eval(binary, exprs, jobs):
    def one(e):
        p = subprocess.run([binary, "eval", e], capture_output=True, text=True)
        if p.returncode == 0:
            return p.stdout.strip(), None
        if p.returncode == 2:
            raise SystemExit(f"{binary} eval: bad usage: {p.stderr.strip()}")
        return None, (p.stderr.strip().splitlines() or ["error"])[0].removeprefix("error: ")
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        return list(ex.map(one, exprs))


def batch_binds(binary):
    """Whether `layout batch` evaluates {"op": "bind", "args": [EXPR, v0, ...]}."""
    try:
        a = run_batch(binary, [{"op": "bind", "args": ["size((?,4):(1,?))", "3", "7"]}])[0]
    except (subprocess.CalledProcessError, OSError, ValueError):
        return False
    return _text(a)[0] == "12"


def ask(binary, rows, via, jobs):
    """(structure answers, bind answers per record (3 each)): (text, error) pairs."""
    structs = [_text(a) for a in run_batch(binary, [{"op": r["op"], "args": r["args"]}
                                                    for r in rows])]
    if via == "auto":
        via = "batch" if batch_binds(binary) else "eval"
    if via == "batch":
        reqs = [{"op": "bind", "args": [r["expr"]] + [str(v) for v in r["values"][j]]}
                for r in rows for j in range(3)]
        flat = [_text(a) for a in run_batch(binary, reqs)]
    else:
        flat = run_eval(binary, [bind_expr(r, j) for r in rows for j in range(3)], jobs)
    return structs, [flat[3 * k:3 * k + 3] for k in range(len(rows))], via


def _same_structure(ours, want):
    """ "same", "same*" (the same but for the strides of extent-1 leaves) or "differs"."""
    if ours == want:
        return "same"
    try:
        a, b = ct.parse(ours, dynamic=True), ct.parse(want, dynamic=True)
    except (ct.ParseError, ValueError):
        return "differs"
    if a[0] != "layout" or b[0] != "layout" or a[1] != b[1]:
        return "differs"
    keep = [x != ("int", 1) for x in ct.leaves(a[1])]
    sa = [d for d, k in zip(ct.leaves(a[2]), keep) if k]
    sb = [d for d, k in zip(ct.leaves(b[2]), keep) if k]
    return "same*" if sa == sb and len(ct.leaves(a[2])) == len(ct.leaves(b[2])) else "differs"


def _our_contract(op, args, text):
    c = contracts_dynamic.check(op, args, ct.strip_marks(text))
    return c


def classify(rec, struct, binds, contracts_cpp):
    """(structure category, [value category x 3], notes)."""
    cpp = rec["cpp"]
    answered = [c for c in cpp if cpp_answers(c)]
    breaks = any(c.startswith("broken") for c in contracts_cpp)
    ours, err = struct
    if not answered:
        s = "both reject" if ours is None else "C++ rejects, we answer"
    elif ours is None:
        s = "refuse (C++ breaks)" if breaks else "we refuse"
    else:
        s = _same_structure(ct.strip_marks(ours), structure(answered[0]))
    vcats = []
    for j in range(3):
        text, err = binds[j]
        c = cpp[j]
        if not cpp_answers(c):
            if text is None:
                vcats.append("both reject")
            else:
                ok = _our_contract(rec["op"], concrete_args(rec, j), text)
                vcats.append("we break contract" if ok.startswith("broken") else "C++ rejects, we answer")
            continue
        ref = ct.strip_marks(c)
        broken = contracts_cpp[j].startswith("broken")
        if text is None:
            vcats.append("C++ breaks: refuse" if broken else "we refuse")
            continue
        mine = ct.strip_marks(text)
        if broken:
            if mine == ref:
                vcats.append("C++ breaks: copy")
            else:
                ok = _our_contract(rec["op"], concrete_args(rec, j), text)
                vcats.append("C++ breaks: fix" if ok == "ok" else "we break contract")
            continue
        if mine == ref:
            vcats.append("same")
            continue
        try:
            if ct.same_function(ct.parse(mine), ct.parse(ref)):
                vcats.append("same function")
                continue
        except (ct.ParseError, ValueError, IndexError, TypeError):
            pass
        ok = _our_contract(rec["op"], concrete_args(rec, j), text)
        vcats.append("we break contract" if ok.startswith("broken") else "values differ")
    return s, vcats


def _pct(a, b):
    return f"{100.0 * a / b:.1f}%" if b else "-"


SHORT = {"same": "same", "differs": "differs", "we refuse": "refuse",
         "same*": "same*", "refuse (C++ breaks)": "refuse/C+brk", "C++ rejects, we answer": "C+rej/answer",
         "both reject": "both-reject", "same function": "same-fn", "values differ": "differ",
         "we break contract": "we-break", "C++ breaks: refuse": "C+brk/refuse",
         "C++ breaks: fix": "C+brk/fix", "C++ breaks: copy": "C+brk/copy"}


def _table(title, cats, per_op, good, base_cats):
    w = max([len(o) for o in per_op] + [3])
    short = [SHORT.get(c, c)[:12] for c in cats]
    print(f"\n{title}\n" + "; ".join(f"{SHORT[c]} = {c}" for c in cats if SHORT[c] != c))
    print(f"{'op':<{w}}  " + "  ".join(f"{c:>12}" for c in short) + "    agree")
    tot = Counter()
    for op in sorted(per_op):
        c = per_op[op]
        tot.update(c)
        base = sum(c[k] for k in base_cats)
        print(f"{op:<{w}}  " + "  ".join(f"{c[k]:>12}" for k in cats)
              + f"   {_pct(sum(c[k] for k in good), base):>6}")
    base = sum(tot[k] for k in base_cats)
    print(f"{'all':<{w}}  " + "  ".join(f"{tot[k]:>12}" for k in cats)
          + f"   {_pct(sum(tot[k] for k in good), base):>6}")
    return tot


def report(rows, structs, binds, examples):
    s_per_op, v_per_op = defaultdict(Counter), defaultdict(Counter)
    samples = defaultdict(list)
    broken = []
    for rec, st, bd in zip(rows, structs, binds):
        ccon = []
        for j in range(3):
            c = rec["cpp"][j]
            ccon.append(contracts_dynamic.check(rec["op"], concrete_args(rec, j), ct.strip_marks(c))
                        if cpp_answers(c) else "n/a")
        s, vcats = classify(rec, st, bd, ccon)
        s_per_op[rec["op"]][s] += 1
        if s in S_BAD:
            samples[(rec["op"], "structure: " + s)].append((rec, None, st))
        for j, v in enumerate(vcats):
            v_per_op[rec["op"]][v] += 1
            if v in V_BAD:
                samples[(rec["op"], "values: " + v)].append((rec, j, bd[j]))
        for j, c in enumerate(ccon):
            if c.startswith("broken"):
                broken.append((rec, j, c))
    st = _table("STRUCTURE (which leaves are static, per record)", S_CATS, s_per_op,
                ("same", "same*"), ("same", "same*", "differs", "we refuse"))
    vt = _table("VALUES (bind at each value set)", V_CATS, v_per_op, ("same", "same function"),
                ("same", "same function", "values differ", "we break contract", "we refuse"))
    s_base = st["same"] + st["same*"] + st["differs"] + st["we refuse"]
    v_base = sum(vt[k] for k in ("same", "same function", "values differ", "we break contract",
                                 "we refuse"))
    v_bad = vt["C++ breaks: refuse"] + vt["C++ breaks: fix"] + vt["C++ breaks: copy"]
    print(f"\nstructure agreement {st['same'] + st['same*']}/{s_base} = "
          f"{_pct(st['same'] + st['same*'], s_base)} "
          f"(records where C++ answers within its contract); we refuse {st['we refuse']}, "
          f"differs {st['differs']}")
    print(f"values agreement {vt['same'] + vt['same function']}/{v_base} = "
          f"{_pct(vt['same'] + vt['same function'], v_base)} (value sets where C++ answers within "
          f"its contract); we refuse {vt['we refuse']}, differ {vt['values differ']}, "
          f"we break the contract {vt['we break contract']}")
    print(f"C++ breaks the contract in {v_bad} value sets ({len({r['id'] for r, _, _ in broken})} "
          f"records): we refuse {vt['C++ breaks: refuse']}, answer within it "
          f"{vt['C++ breaks: fix']}, return C++'s answer {vt['C++ breaks: copy']}")
    print(f"C++ rejects (or aborts) and we answer: {vt['C++ rejects, we answer']} value sets, "
          f"{st['C++ rejects, we answer']} structures")
    for (op, kind), items in sorted(samples.items()):
        print(f"\n## {op}: {kind} ({len(items)})")
        items.sort(key=lambda x: len(x[0]["expr"]))
        for rec, j, (text, err) in items[:examples]:
            if j is None:
                cpp = next((c for c in rec["cpp"] if cpp_answers(c)), rec["cpp"][0])
                want = structure(cpp) if cpp_answers(cpp) else cpp
                print(f"  {rec['expr']}\n    C++:    {want}   (printed {cpp})"
                      f"\n    layout: {text if text is not None else 'error: ' + err[:160]}")
            else:
                print(f"  {bind_expr(rec, j)}\n    C++:    {rec['cpp'][j]}"
                      f"\n    layout: {text if text is not None else 'error: ' + err[:160]}")
    if broken:
        print(f"\n## C++ answers that break their contract ({len(broken)} value sets)")
        for rec, j, c in broken:
            print(f"  {bind_expr(rec, j)}\n    C++:    {rec['cpp'][j]}\n    {c}")
    return st, vt


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", nargs="*",
                    default=[os.path.join(ROOT, "tests", "data", "oracle", "cute_cpp_dynamic.jsonl")])
    ap.add_argument("--layout", default=os.environ.get("LAYOUT_BIN",
                                                       os.path.join(ROOT, "target", "release", "layout")))
    ap.add_argument("--examples", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2, help="parallel `layout eval` processes")
    ap.add_argument("--via", choices=["auto", "batch", "eval"], default="auto",
                    help="how bind(...) is asked (auto: batch when it accepts bind)")
    ap.add_argument("--op", action="append", help="only these operations (repeatable)")
    args = ap.parse_args()
    rows = []
    for p in args.corpus:
        with open(p) as f:
            rows.extend(json.loads(line) for line in f if line.strip())
    if args.op:
        rows = [r for r in rows if r["op"] in args.op]
    if not rows:
        print("compare_dynamic.py: no records")
        return 0
    structs, binds, via = ask(args.layout, rows, args.via, args.jobs)
    print(f"compare_dynamic.py: {len(rows)} records x 3 value sets; {args.layout} "
          f"(structure: batch, bind: {via})")
    report(rows, structs, binds, args.examples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
