#!/usr/bin/env python3
"""NVIDIA CuTe IR's lit cases (cutlass_compiler/cute_ir/test/Dialect/Cute) as `layout` cases.

    bench/cuteir_suite/translate.py [--tests DIR | --git CUTLASS_GIT] -o cases.jsonl

Reads every `.mlir` under the Dialect/Cute test folder (DIR, or extracted from the bare git
repository CUTLASS_GIT, default /work/.mirror/NVIDIA+cutlass/repo, with `git archive`), splits
it at `// -----`, and keeps the facts of each algebra op it can translate: the op, its operand
values and the result type the test declares. In CuTe IR the result type of an algebra op is
checked by the verifier (it recomputes it), and the suite passes on cute-opt, so a positive
case's declared result is CuTe IR's answer. Only facts are written (op, operands, expected
result or "error"), in our own JSON format, never the test text.

Each output line:
  {"id": "<file>#<func>[.<k>]", "op": <layout batch op>, "args": [...],
   "expect": "result" | "error" | "not",  "result": <text> (for "result" and "not"),
   "dynamic": bool}
- "result": CuTe IR answers `result` (a positive test).
- "error": CuTe IR rejects the operands (an error test whose diagnostic is not about the
  operand kind or the written result type).
- "not": CuTe IR rejects the written result type `result` as not its answer.
Cases with a dynamic leaf `?` are marked "dynamic" (CuTe IR's static rules differ for them).
With --cpp, "cpp" holds current CuTe C++'s answer (host-compiled, within its contract) where C++
compiles the case, and "cpp_rejects" marks the cases C++ does not compile (scaled-basis
inverses, complements and products: CuTe IR's definitions are the reference there).
Operand-kind errors (a shape where a layout is required, ...) and parse errors of CuTe IR's own
text are not translated: they concern CuTe IR's type system, not the algebra.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

SUBDIR = "cutlass_compiler/cute_ir/test/Dialect/Cute"
TYPE = re.compile(r'!cute\.(\w+)<"([^"]*)">')
OP = re.compile(r"%[\w#]+\s*=\s*cute\.(\w+)\s*(<[^>]*>)?\s*\(([^)]*)\)\s*(\{[^}]*\})?\s*:"
                r"\s*(.*?)->\s*(!cute\.\w+<\"[^\"]*\">)", re.S)
ERR = re.compile(r"expected-error\s*(?:@\S+)?\s*\{\{(.*?)\}\}")
FUNC = re.compile(r"func\.func\s+@([\w.]+)")
# slice and dice print no result type: it is the type the function returns the value with
OP_NO_ARROW = re.compile(r"(%[\w#]+)\s*=\s*cute\.(slice|dice)\s*\(([^)]*)\)\s*:\s*"
                         r"((?:!cute\.\w+<\"[^\"]*\">\s*,?\s*)+)")

# cute op -> (layout op, how operands map). "same": operands in order; "swap": (b, a).
SAME = ["coalesce", "complement", "composition", "left_inverse", "right_inverse", "flatten",
        "size", "cosize", "make_layout_like", "make_identity_layout", "logical_divide",
        "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "zipped_product",
        "tiled_product", "flat_product", "blocked_product", "raked_product", "tile_to_shape",
        "ceil_div", "shape_div", "make_ordered_layout"]
SWAP = ["slice", "dice"]
KIND_ERRORS = ("must be", "expected string", "failed to parse", "expects lhs to be static",
               "expects rhs to be static", "to be static", "custom op", "expected ")


def our_text(kind, text):
    """CuTe IR's type text in the layout syntax: `S<B,M,S>` is `Sw<B,M,S>`, a tile's `;`
    separates its modes."""
    t = re.sub(r"\bS<", "Sw<", text)
    if kind == "tile":
        t = t.replace(";", ",")
    return t.replace(" ", "") if kind != "composed_layout" else t


def translate_op(name, attrs, types):
    """(op, args) for `layout batch`, or None when the op has no counterpart."""
    vals = [our_text(k, v) for k, v in types]
    nums = [int(x) for x in re.findall(r"-?\d+", attrs or "")]
    if name in SAME:
        # an attribute selects a mode (`cute.size<[1]>`) or an option with no counterpart
        return (name, vals) if not attrs else None
    if name in SWAP and len(vals) == 2:
        return name, [vals[1], vals[0]]
    if name == "group_modes" and len(nums) == 2:
        return name, vals + [str(n) for n in nums]
    if name == "recast_layout" and len(nums) == 2:
        # cute.recast_layout<new_bits, old_bits>; layout's recast(L, old_bits, new_bits)
        return "recast", vals + [str(nums[1]), str(nums[0])]
    if name in ("get", "select") and nums and len(vals) == 1:
        return name, vals + [str(n) for n in nums]
    return None


def splits(path):
    with open(path) as f:
        text = f.read()
    return re.split(r"^// -----\s*$", text, flags=re.M)


def cases_of(rel, chunk):
    """The translated cases of one split."""
    errs = ERR.findall(chunk)
    body = "\n".join(l for l in chunk.splitlines() if not l.lstrip().startswith("//"))
    fn = FUNC.search(body)
    fname = fn.group(1) if fn else "anon"
    out = []
    ops = [m.groups() for m in OP.finditer(body)]
    for m in OP_NO_ARROW.finditer(body):
        ret = re.search(r"return\s+" + re.escape(m.group(1)) + r"\s*:\s*(!cute\.\w+<\"[^\"]*\">)", body)
        res = ret.group(1) if ret else '!cute.none<"">'
        ops.append((m.group(2), None, m.group(3), None, m.group(4), res))
    for k, groups in enumerate(ops):
        name, attrs, _operands, _props, ins, res = groups
        in_types = TYPE.findall(ins)
        res_t = TYPE.findall(res)
        if not res_t:
            continue
        tr = translate_op(name, attrs, in_types)
        if tr is None:
            continue
        op, args = tr
        rkind, rtext = res_t[0]
        case = {"id": f"{rel}#{fname}" + (f".{k}" if len(ops) > 1 else ""), "op": op,
                "args": args, "dynamic": "?" in ins + res}
        if errs:
            if len(ops) > 1:
                continue  # which op the diagnostic belongs to is not known here
            msg = " ".join(errs)
            if "are incompatible with return type" in msg:
                case.update(expect="not", result=our_text(rkind, rtext))
            elif any(s in msg for s in KIND_ERRORS) and "failed to infer" not in msg:
                continue
            elif re.search(r"operand #\d+ must be", msg):
                continue
            else:
                case.update(expect="error", message=errs[0][:200])
        else:
            case.update(expect="result", result=our_text(rkind, rtext))
        out.append(case)
    return out


def extract(git_dir, dest):
    p1 = subprocess.Popen(["git", "-C", git_dir, "archive", "HEAD", SUBDIR], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL)
    subprocess.run(["tar", "-x", "-C", dest], stdin=p1.stdout, check=True)
    p1.wait()
    return os.path.join(dest, SUBDIR)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tests", help="the Dialect/Cute test folder")
    ap.add_argument("--git", default="/work/.mirror/NVIDIA+cutlass/repo")
    ap.add_argument("--cpp", help="bench/cute_cpp/gen.py --cases output for these cases: adds "
                    "C++'s answer to each case C++ compiles (`cpp`), or `cpp_rejects`")
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    cpp = {}
    if a.cpp:
        with open(a.cpp) as f:
            for line in f:
                r = json.loads(line)
                cpp[r["id"]] = r
    with tempfile.TemporaryDirectory() as tmp:
        root = a.tests or extract(a.git, tmp)
        rows = []
        for dirpath, _, files in sorted(os.walk(root)):
            for fn in sorted(files):
                if not fn.endswith(".mlir"):
                    continue
                path = os.path.join(dirpath, fn)
                rel = os.path.relpath(path, root)
                for chunk in splits(path):
                    rows.extend(cases_of(rel, chunk))
    seen = set()
    with open(a.output, "w") as f:
        for r in rows:
            c = cpp.get(r["id"])
            if c is not None and c["op"] == r["op"] and c["args"] == r["args"]:
                if "result" in c["cpp"] and not c["contract"].startswith("broken"):
                    r["cpp"] = c["cpp"]["result"]
                elif "rejects" in c["cpp"]:
                    r["cpp_rejects"] = True
            while r["id"] in seen:
                r["id"] += "'"
            seen.add(r["id"])
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    kinds = {}
    for r in rows:
        kinds[r["expect"]] = kinds.get(r["expect"], 0) + 1
    print(f"translate.py: {len(rows)} cases {kinds}; wrote {a.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
