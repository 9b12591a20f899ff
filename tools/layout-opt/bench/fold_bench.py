#!/usr/bin/env python3
"""Fold benchmark of the layout dialect through the embedding path, side by side with NVIDIA's CuTe IR.

Modules of static layout algebra, each generated for both dialects (and for the floor) from the
same list of operations; a seed draws them (--seed S, or --seeds 1,2,3 for one run per seed), so
held-out runs use other modules of the same mix:

  compositions         N compositions A o B of two families with closed forms (two constants and
                       one composition per function)
  random-compositions  N compositions of random small static layouts (ranks 1-3, shapes 2..16,
                       strides 0..64, non-compact ones included); a third of them read A past
                       its domain (cosize(B) > size(A)). The expected results come from our CLI
                       (`layout batch`); pairs it rejects are dropped (CuTe would reject or
                       static_assert), and cute-opt's verifier then checks every answer: a pair
                       it rejects is a disagreement, reported and dropped from both modules
  mixed                N ops: composition, complement, logical_divide in equal thirds
  fold-mix             N ops: constants, composition, size, coalesce (the bench of issue 3; no
                       CuTe IR version)

Each module is run by, medians of --repeat runs interleaved (wall seconds, CPU seconds = user +
sys of the child, peak RSS):

  mlir-opt-22 floor        MLIR's floor: stock mlir-opt-22 parsing and printing the same module
                           with the layouts as plain string attributes (unregistered ops, no pass)
  floor + PIPELINE         the floor's module through the same PIPELINE: what MLIR's own
                           canonicalizer costs where nothing folds (its greedy driver still
                           visits every op)
  arith + PIPELINE         MLIR's own dialect folding the same shape: the same functions with
                           every operand an `arith.constant` of type index and every op an
                           `arith.muli` of its operands (one fold per op, the cheapest fold MLIR
                           has), through PIPELINE, and that module parsed and printed (its own
                           floor): what folding costs in MLIR's own dialect
  cute-opt                 --cute-fold-static on the same ops in CuTe IR (when cute-opt is found)
  mlir-opt-22 + plugin     the embedding path: stock mlir-opt-22 loading liblayout_plugin.so
                           (--load-dialect-plugin, --load-pass-plugin) with PIPELINE
  layout-opt               target/release/layout-opt (MlirOptMain) with PIPELINE

where PIPELINE is --pass-pipeline='builtin.module(func.func(canonicalize))'. Every module spells
the expected result type of every function (so the tools' verifiers check each answer), and the
folded output of the plugin path, layout-opt and cute-opt is checked: no algebra op left, and
every function returns a constant of its declared type. Then the ratios, next to the targets of
issue 29 (printed, never asserted): plugin CPU <= 0.5x cute-opt CPU (compositions and mixed),
layout-opt within 10% of the plugin path, and the floor's CPU against cute-opt's for scale.

Last, the reproducer of issue 29's "no op may take more than 100 ms": a module holding just
((8,4)):((4,1)) o ((32,2)):((2,1)) = (((4,8),2)):(((8,1),4)) (B reads A past size(A)), run by
each tool; its wall time is the whole process (start-up included).

cute-opt: --cute-opt PATH, else $CUTE_OPT, else `cute-opt` on $PATH, else
<ancestor of the repository>/peer/cuteir/build/bin/cute-opt; the bench says when it skips it
(/work/shared/peers/cuteir_build.md has a recipe to build it).

Usage: tools/layout-opt/bench/fold_bench.py [--ops N] [--seed S | --seeds S1,S2] [--repeat R]
       [--modules compositions,random-compositions,mixed,fold-mix] [--layout-opt PATH]
       [--layout PATH] [--plugin PATH] [--cute-opt PATH]
"""
import argparse
import json
import math
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
LLVM_BIN = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
MODULES = ("compositions", "random-compositions", "mixed", "fold-mix")
PIPELINE = "builtin.module(func.func(canonicalize))"
FLOOR = "mlir-opt-22 floor (strings)"
FLOOR_PASS = "floor (strings) + PIPELINE"
ARITH = "arith (muli of constants) + PIPELINE"
ARITH_FLOOR = "arith: parse + print"
CUTE = "cute-opt --cute-fold-static"
PLUGIN = "mlir-opt-22 + plugin, PIPELINE"
LAYOUT_OPT = "layout-opt, PIPELINE"
# The share of random-compositions whose B reads A past its domain (cosize(B) > size(A)).
OVER_SHARE = 1 / 3
# The reproducer of issue 29 (a composition that reads A past size(A)).
REPRO = ("((8,4)):((4,1))", "((32,2)):((2,1))", "(((4,8),2)):(((8,1),4))")


# ---------------------------------------------------------------------------------------------
# The operations: (name, operand texts with their kinds, expected result text). Each expected
# result is CuTe's (cute-opt's verifier recomputes it and must agree) and the layout dialect's
# (its verifier checks the function's declared result types).
# ---------------------------------------------------------------------------------------------

def draw(rng):
    """Shape parameters of one op: a, b in [2, 98], a stride s in [1, 5]."""
    return rng.randint(2, 98), rng.randint(2, 90), rng.randint(1, 5)


def composition(i, rng):
    """A o B in two families with closed forms: a strided 1-D A scales B's strides; a compact
    column-major A is the identity on its domain, so A o B = B."""
    a, b, s = draw(rng)
    if i % 2 == 0:
        return ("composition", [("layout", f"{a * b}:{s}"), ("layout", f"({a},{b}):({b},1)")],
                f"({a},{b}):({b * s},{s})")
    return ("composition", [("layout", f"({a},{b}):(1,{a})"), ("layout", f"({b},{a}):({a},1)")],
            f"({b},{a}):({a},1)")


def complement(rng):
    """complement(a:1, a*b*s) = (b*s):a."""
    a, b, s = draw(rng)
    return ("complement", [("layout", f"{a}:1"), ("shape", f"{a * b * s}")], f"{b * s}:{a}")


def logical_divide(rng):
    """logical_divide((a*b):s, a:1) = (a*b):s o (a,b):(1,a) = (a,b):(s,a*s)."""
    a, b, s = draw(rng)
    return ("logical_divide", [("layout", f"{a * b}:{s}"), ("layout", f"{a}:1")],
            f"({a},{b}):({s},{a * s})")


def unit_ops(module, n, seed):
    """The functions of `module` with n ops in all: a list of lists of ops."""
    rng = random.Random(f"{module}/{seed}")
    if module == "compositions":
        return [[composition(i, rng)] for i in range(n)]
    if module == "mixed":
        return [[composition(i, rng), complement(rng), logical_divide(rng)]
                for i in range(max(1, n // 3))]
    raise ValueError(module)


# ---------------------------------------------------------------------------------------------
# random-compositions: random pairs, answered by our CLI, checked by cute-opt's verifier
# ---------------------------------------------------------------------------------------------

def random_layout(rng, max_cosize=None):
    """A flat static layout of rank 1-3, shapes 2..16, strides 0..64 (any order, so non-compact
    ones too); with max_cosize, the strides are drawn so that its cosize stays <= max_cosize.
    Returns (text, shape, stride)."""
    r = rng.randint(1, 3)
    shape = [rng.randint(2, 16) for _ in range(r)]
    if max_cosize is None:
        stride = [rng.randint(0, 64) for _ in range(r)]
    else:
        budget, stride = max_cosize - 1, [0] * r
        for k in rng.sample(range(r), r):
            stride[k] = rng.randint(0, min(64, budget // (shape[k] - 1)))
            budget -= stride[k] * (shape[k] - 1)
    if r == 1 and rng.random() < 0.5:
        return f"{shape[0]}:{stride[0]}", shape, stride
    return f"({','.join(map(str, shape))}):({','.join(map(str, stride))})", shape, stride


def cosize(shape, stride):
    return sum((s - 1) * d for s, d in zip(shape, stride)) + 1


def draw_pair(rng, over):
    """(A, B) with cosize(B) > size(A) when over, else cosize(B) <= size(A)."""
    while True:
        a, ashape, _ = random_layout(rng)
        size_a = math.prod(ashape)
        if not over:
            return a, random_layout(rng, size_a)[0]
        # A drawn again too: no B reaches past an A of size 4096 (cosize(B) <= 2881).
        b, bshape, bstride = random_layout(rng)
        if cosize(bshape, bstride) > size_a:
            return a, b


def layout_batch(layout_cli, requests):
    """Answers of `layout batch` to [(op, [args])]: a list of ("result", text) / ("error", msg)."""
    text = "".join(json.dumps({"id": i, "op": op, "args": args}) + "\n"
                   for i, (op, args) in enumerate(requests))
    proc = subprocess.run([layout_cli, "batch"], input=text.encode(), capture_output=True)
    if proc.returncode != 0:
        sys.exit(f"{layout_cli} batch failed ({proc.returncode}):\n{proc.stderr.decode()[:2000]}")
    answers = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    if len(answers) != len(requests):
        sys.exit(f"{layout_cli} batch: {len(answers)} answers to {len(requests)} requests")
    out = []
    for i, a in enumerate(answers):
        if a.get("id") != i:
            sys.exit(f"{layout_cli} batch: answer {i} has id {a.get('id')}")
        out.append(("result", a["result"]) if "result" in a else ("error", a.get("error", "")))
    return out


DIAG_RE = re.compile(r'error: loc\("p(\d+)"\): (.*)')


def write_cute_pairs(path, pairs, chunks):
    """The pairs (A, B, R) as `cute.composition(A, B) -> R`, one function each, chunks of them
    separated by `// -----`; every op carries loc("p<index>") so a verifier diagnostic names its
    pair. Returns {line: index} for the lines of each function (a parse error names a line of
    the file, also under --split-input-file)."""
    lines = {}
    n = 1
    with open(path, "w") as f:
        for c, idx in enumerate(chunks):
            if c:
                f.write("// -----\n")
                n += 1
            for i in idx:
                a, b, r = pairs[i]
                ta, tb, tr = (f'!cute.layout<"{x}">' for x in (a, b, r))
                f.write(f'func.func @p{i}() -> {tr} {{\n'
                        f'  %a = cute.static : {ta} loc("p{i}")\n'
                        f'  %b = cute.static : {tb} loc("p{i}")\n'
                        f'  %r = cute.composition(%a, %b) : ({ta}, {tb}) -> {tr} loc("p{i}")\n'
                        f'  return %r : {tr} loc("p{i}")\n}}\n')
                for k in range(6):
                    lines[n + k] = i
                n += 6
    return lines


def cute_verify(cute_opt, pairs, tmp, chunk=2000):
    """The pairs (A, B, R) whose `cute.composition(A, B) -> R` cute-opt rejects (parser or
    verifier): {index: message}. One cute-opt process verifies many chunks (--split-input-file,
    no pass); a diagnostic names its pair by the op's loc("p<index>") or by its line. The pairs
    of a chunk with a rejected pair are verified again without it (the verifier may stop at a
    chunk's first error). When a run fails without naming a pair for every error (a crash), the
    chunks no diagnostic named are verified again, 8 times smaller, down to one process per pair."""
    rejected, pending = {}, list(range(len(pairs)))
    path = os.path.join(tmp, "cute_verify.mlir")
    line_re = re.compile(re.escape(path) + r":(\d+):\d+: error: (.*)")
    cmd = [cute_opt, "--mlir-print-op-on-diagnostic=false", path, "-o", os.devnull]
    while pending:
        if chunk == 1:
            # One process per pair: each failure is that pair's, whatever it prints.
            for i in pending:
                write_cute_pairs(path, pairs, [[i]])
                proc = subprocess.run(cmd, capture_output=True)
                if proc.returncode != 0:
                    err = proc.stderr.decode(errors="replace")
                    m = DIAG_RE.search(err) or line_re.search(err)
                    lines = [l for l in err.splitlines() if "error" in l] or err.strip().splitlines()
                    rejected[i] = (m.group(2).strip() if m else
                                   f"exit {proc.returncode}: " + (lines[0] if lines else "no message"))[:300]
            break
        chunks = [pending[k:k + chunk] for k in range(0, len(pending), chunk)]
        line_of = write_cute_pairs(path, pairs, chunks)
        proc = subprocess.run(cmd[:1] + ["--split-input-file"] + cmd[1:], capture_output=True)
        if proc.returncode == 0:
            break
        err = proc.stderr.decode(errors="replace")
        named, unnamed = {}, 0
        for line in err.splitlines():
            m = DIAG_RE.search(line)
            if m:
                named.setdefault(int(m.group(1)), m.group(2).strip())
                continue
            m = line_re.search(line)
            if m and int(m.group(1)) in line_of:
                named.setdefault(line_of[int(m.group(1))], m.group(2).strip())
            elif "error:" in line:
                unnamed += 1
        uncertain = proc.returncode != 1 or unnamed > 0 or not named
        rejected.update(named)
        nxt = []
        for idx in chunks:
            if any(i in named for i in idx):
                nxt += [i for i in idx if i not in named]
            elif uncertain:
                nxt += idx
        chunk = max(1, chunk // 8) if uncertain else max(1, min(chunk, len(nxt) // 4))
        pending = nxt
    return rejected


def random_compositions(n, seed, layout_cli, cute_opt, tmp):
    """n pairs (A, B) answered by our algebra and, when cute-opt is found, accepted by its
    verifier with our answer, a third of them reading A past size(A). Returns (units, info)."""
    rng = random.Random(f"random-compositions/{seed}")
    need_over = round(n * OVER_SHARE)
    need = {True: need_over, False: n - need_over}
    kept = {True: [], False: []}
    stats = {"drawn": 0, "algebra_errors": 0, "disagreements": {}}
    for _ in range(50):
        todo = [(over, k) for over in (True, False) for k in range(need[over] - len(kept[over]))]
        if not todo:
            break
        # About 40% of random pairs compose in CuTe's algebra: draw 3x what is missing.
        drawn = [(over, draw_pair(rng, over)) for over, _ in todo for _ in range(3)]
        stats["drawn"] += len(drawn)
        answers = layout_batch(layout_cli, [("composition", [a, b]) for _, (a, b) in drawn])
        fresh = {True: [], False: []}
        for (over, (a, b)), (kind, value) in zip(drawn, answers):
            if kind == "error":
                stats["algebra_errors"] += 1
            elif len(kept[over]) + len(fresh[over]) < need[over]:
                fresh[over].append((a, b, value))
        if cute_opt:
            cand = fresh[True] + fresh[False]
            bad = cute_verify(cute_opt, cand, tmp)
            for i, msg in bad.items():
                stats["disagreements"][cand[i]] = msg
            bad_set = {cand[i] for i in bad}
            for over in (True, False):
                fresh[over] = [p for p in fresh[over] if p not in bad_set]
        for over in (True, False):
            kept[over] += fresh[over]
    pairs = kept[True] + kept[False]
    rng.shuffle(pairs)
    units = [[("composition", [("layout", a), ("layout", b)], r)] for a, b, r in pairs]
    stats["over"] = len(kept[True])
    return units, stats


# ---------------------------------------------------------------------------------------------
# The module texts
# ---------------------------------------------------------------------------------------------

LAYOUT_TYPE = {"layout": "layout", "shape": "tuple"}


def layout_module(units):
    out = []
    for i, ops in enumerate(units):
        lines, rets = [], []
        for j, (name, args, result) in enumerate(ops):
            names = []
            for k, (kind, text) in enumerate(args):
                v = f"%c{j}_{k}"
                lines.append(f"  {v} = layout.const #layout.{LAYOUT_TYPE[kind]}<{text}>")
                names.append(v)
            types = ", ".join(f"!layout.{LAYOUT_TYPE[k]}<{t}>" for k, t in args)
            lines.append(f"  %r{j} = layout.{name} {', '.join(names)} : {types}")
            rets.append((f"%r{j}", f"!layout.layout<{result}>"))
        rtypes = ", ".join(t for _, t in rets)
        out.append(f"func.func @u{i}() -> ({rtypes}) {{\n" + "\n".join(lines) +
                   f"\n  return {', '.join(v for v, _ in rets)} : {rtypes}\n}}\n")
    return "".join(out)


def cute_module(units):
    out = []
    for i, ops in enumerate(units):
        lines, rets = [], []
        for j, (name, args, result) in enumerate(ops):
            names, types = [], []
            for k, (kind, text) in enumerate(args):
                v = f"%c{j}_{k}"
                t = f'!cute.{kind}<"{text}">'
                lines.append(f"  {v} = cute.static : {t}")
                names.append(v)
                types.append(t)
            rt = f'!cute.layout<"{result}">'
            lines.append(f"  %r{j} = cute.{name}({', '.join(names)}) : ({', '.join(types)}) -> {rt}")
            rets.append((f"%r{j}", rt))
        rtypes = ", ".join(t for _, t in rets)
        out.append(f"func.func @u{i}() -> ({rtypes}) {{\n" + "\n".join(lines) +
                   f"\n  return {', '.join(v for v, _ in rets)} : {rtypes}\n}}\n")
    return "".join(out)


def string_module(units):
    """MLIR's floor: the same functions and ops with every layout a plain string attribute
    (unregistered ops, index values: stock mlir-opt-22 --allow-unregistered-dialect parses and
    prints it, no dialect code involved)."""
    out = []
    for i, ops in enumerate(units):
        lines, rets = [], []
        for j, (name, args, result) in enumerate(ops):
            for k, (_, text) in enumerate(args):
                lines.append(f'  %c{j}_{k} = "str.const"() {{value = "{text}"}} : () -> index')
            operands = ", ".join(f"%c{j}_{k}" for k in range(len(args)))
            lines.append(f'  %r{j} = "str.{name}"({operands}) {{result = "{result}"}} : '
                         f'({", ".join("index" for _ in args)}) -> index')
            rets.append(f"%r{j}")
        rtypes = ", ".join("index" for _ in rets)
        out.append(f"func.func @u{i}() -> ({rtypes}) {{\n" + "\n".join(lines) +
                   f"\n  return {', '.join(rets)} : {rtypes}\n}}\n")
    return "".join(out)


def arith_ops(lines, j, nargs, values):
    """The arith form of op j with `nargs` operands (constants `values`): its operands as index
    constants and the op as one muli of its first and last operand (the operand with itself for
    a unary op), so that
    each op of the layout module is one fold of MLIR's own arith dialect. Returns its result."""
    names = []
    for k in range(nargs):
        lines.append(f"  %c{j}_{k} = arith.constant {values[k]} : index")
        names.append(f"%c{j}_{k}")
    a, b = names[0], names[-1]
    lines.append(f"  %r{j} = arith.muli {a}, {b} : index")
    return f"%r{j}"


def arith_module(units):
    """MLIR's own dialect on the same shape: every layout operand an arith.constant, every op an
    arith.muli (see arith_ops)."""
    out = []
    for i, ops in enumerate(units):
        lines, rets = [], []
        for j, (_, args, _) in enumerate(ops):
            rets.append(arith_ops(lines, j, len(args), [3 + i % 1000 + k for k in range(len(args))]))
        rtypes = ", ".join("index" for _ in rets)
        out.append(f"func.func @u{i}() -> ({rtypes}) {{\n" + "\n".join(lines) +
                   f"\n  return {', '.join(rets)} : {rtypes}\n}}\n")
    return "".join(out)


def check_arith(path, nfuncs):
    """The folded arith module: every function kept, no muli left."""
    text = open(path).read()
    check_strings(path, nfuncs)
    if "arith.muli" in text:
        sys.exit(f"{path}: an arith.muli is left unfolded")


# The original fold mix (issue 3): constants, composition, size, coalesce; 6 ops per function.
def fold_mix_params(i, seed):
    a = 2 + (i + 31 * seed) % 97
    b = 2 + ((i + 31 * seed) // 97) % 89
    s = 1 + ((i + 31 * seed) // (97 * 89)) % 5
    return a, b, s


def fold_mix_layout(units, seed):
    out = []
    for i in range(units):
        a, b, s = fold_mix_params(i, seed)
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


def fold_mix_strings(units, seed):
    """The floor of fold-mix: the same functions with the layouts as string attributes."""
    out = []
    for i in range(units):
        a, b, s = fold_mix_params(i, seed)
        A, B = f"({a * b}):({s})", f"({a},{b}):({b},1)"
        E = f"({a},{b}):(1,{a})"
        out.append(
            f"func.func @u{i}() -> (index, index) {{\n"
            f'  %a = "str.const"() {{value = "{A}"}} : () -> index\n'
            f'  %b = "str.const"() {{value = "{B}"}} : () -> index\n'
            f'  %c = "str.composition"(%a, %b) {{result = "({a},{b}):({b * s},{s})"}} : (index, index) -> index\n'
            f'  %s = "str.size"(%c) : (index) -> index\n'
            f'  %e = "str.const"() {{value = "{E}"}} : () -> index\n'
            f'  %f = "str.coalesce"(%e) {{result = "{a * b}:1"}} : (index) -> index\n'
            f"  return %s, %f : index, index\n"
            f"}}\n")
    return "".join(out)


def fold_mix_arith(units, seed):
    """fold-mix in arith: composition(a, b), size(c), coalesce(e) as three muli folds."""
    out = []
    for i in range(units):
        a, b, s = fold_mix_params(i, seed)
        out.append(
            f"func.func @u{i}() -> (index, index) {{\n"
            f"  %a = arith.constant {a * b} : index\n"
            f"  %b = arith.constant {b} : index\n"
            f"  %c = arith.muli %a, %b : index\n"
            f"  %s = arith.muli %c, %c : index\n"
            f"  %e = arith.constant {s} : index\n"
            f"  %f = arith.muli %e, %e : index\n"
            f"  return %s, %f : index, index\n"
            f"}}\n")
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# Checks of the folded output
# ---------------------------------------------------------------------------------------------

FUNC_RE = re.compile(r"func\.func @(u\d+)\(\) -> \(?(.*?)\)? \{\n(.*?)\n  \}", re.S)


def check_folded(path, nfuncs, dialect):
    """Every function folded: no algebra op left, each returned value a constant of the
    declared result type (the verifier already checked the declared types)."""
    text = open(path).read()
    const = {"layout": "layout.const", "cute": "cute.static"}[dialect]
    funcs = FUNC_RE.findall(text)
    if len(funcs) != nfuncs:
        sys.exit(f"{path}: {len(funcs)} functions in the output, expected {nfuncs}")
    for name, _, body in funcs:
        lines = body.strip().split("\n")
        ret = lines[-1].strip()
        if not ret.startswith("return "):
            sys.exit(f"{path}: @{name} does not end in a return:\n{body}")
        values, types = ret[len("return "):].split(" : ", 1)
        defs = {}
        for line in lines[:-1]:
            m = re.match(r"\s*(%\w+) = (\S+)(.*)", line)
            if not m or m.group(2) not in (const, "arith.constant"):
                sys.exit(f"{path}: @{name} still computes: {line.strip()}")
            defs[m.group(1)] = m.group(3)
        for v, t in zip(values.split(", "), split_types(types)):
            d = defs.get(v)
            if d is None:
                sys.exit(f"{path}: @{name} returns {v}, which is not a constant")
            if dialect == "layout" and t.startswith("!layout."):
                want = "#" + t[1:]
                if not d.strip().startswith(want):
                    sys.exit(f"{path}: @{name} returns {d.strip()} for {t}")
            if dialect == "cute" and not d.strip().endswith(t):
                sys.exit(f"{path}: @{name} returns {d.strip()} for {t}")


def split_types(s):
    """Split a comma-separated type list outside <...> (the types contain commas)."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


def check_fold_mix(path, units, seed):
    text = open(path).read()
    if "layout.composition" in text or "layout.coalesce" in text or "layout.size" in text:
        sys.exit(f"{path}: not every op folded")
    for i in (0, units // 2, units - 1):
        a, b, _ = fold_mix_params(i, seed)
        m = re.search(rf"func\.func @u{i}\(\).*?\n  }}", text, re.S)
        body = m.group(0) if m else ""
        if f"arith.constant {a * b} : index" not in body or f"#layout.layout<{a * b}:1>" not in body:
            sys.exit(f"{path}: @u{i} did not fold to size {a * b} and {a * b}:1:\n{body}")


def check_strings(path, nfuncs):
    n = len(re.findall(r"func\.func @u\d+\(", open(path).read()))
    if n != nfuncs:
        sys.exit(f"{path}: {n} functions in the floor's output, expected {nfuncs}")


# ---------------------------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------------------------

TIME = "/usr/bin/time"


def run(cmd, out_path, allow_fail=False):
    """Run cmd with stdout to out_path; (wall seconds, CPU seconds of the child = user + sys,
    peak RSS in MiB, exit code, stderr).

    The peak RSS comes from GNU time (%M) around cmd: Linux keeps a process's high-water RSS
    across exec, so a child forked from this (large) Python process and waited for here would
    report at least this process's RSS. Wall and CPU come from wait4 on that time process (its
    own share is about a millisecond)."""
    rss_path = out_path + ".rss"
    wrap = [TIME, "-f", "%M", "-o", rss_path] if os.path.exists(TIME) else []
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(wrap + cmd, stdout=out, stderr=subprocess.PIPE)
        err = proc.stderr.read().decode(errors="replace")
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0 and not allow_fail:
        sys.exit(f"{' '.join(cmd)} failed ({code}):\n{err[:2000]}")
    if wrap:
        # GNU time writes "Command exited with non-zero status N" first when cmd fails.
        rss = int(open(rss_path).read().split()[-1]) / 1024.0
    else:
        rss = usage.ru_maxrss / 1024.0
    return elapsed, usage.ru_utime + usage.ru_stime, rss, code, err


def time_rows(rows, out, repeat, allow_fail=False):
    """Medians of `repeat` runs of each row, interleaved (run 1 of every row, then run 2, ...),
    the output of each row checked after its first run. rows: (name, cmd, input path, check).
    Returns {name: (input bytes, wall, cpu, peak MiB, exit code, stderr of the last run)}."""
    samples = {name: [] for name, _, _, _ in rows}
    for r in range(repeat):
        for name, cmd, src, check in rows:
            res = run(cmd, out, allow_fail)
            samples[name].append(res)
            if r == 0 and check and res[3] == 0:
                check()
    return {name: (os.path.getsize(src),) +
            tuple(statistics.median(x[k] for x in samples[name]) for k in range(3)) +
            samples[name][-1][3:]
            for name, _, src, _ in rows}


def find_cute_opt(explicit):
    if explicit:
        return explicit if os.path.exists(explicit) else None
    env = os.environ.get("CUTE_OPT")
    if env:
        return env if os.path.exists(env) else None
    found = shutil.which("cute-opt")
    if found:
        return found
    d = ROOT
    while d != os.path.dirname(d):
        cand = os.path.join(d, "peer", "cuteir", "build", "bin", "cute-opt")
        if os.path.exists(cand):
            return cand
        d = os.path.dirname(d)
    return None


# The ratios printed for each module: (numerator row, denominator row, label, what it is
# against), CPU seconds, in order. A ratio is printed when both rows ran.
RATIOS = [
    (PLUGIN, CUTE, "plugin CPU / cute-opt CPU", "targets <= 0.50x, issue 29; < 0.70x, issue 49"),
    (LAYOUT_OPT, PLUGIN, "layout-opt CPU / plugin CPU", "target 0.90-1.10x, within 10%"),
    (FLOOR, CUTE, "floor CPU / cute-opt CPU",
     "for scale: MLIR's parse + print of the same module, layouts as strings"),
    (PLUGIN, FLOOR, "plugin CPU / floor CPU", "target <= 1.20x, issue 49"),
    (FLOOR_PASS, FLOOR, "floor+PIPELINE / floor CPU",
     "for scale: MLIR's canonicalizer alone, nothing to fold"),
    (ARITH, ARITH_FLOOR, "arith+PIPELINE / arith floor",
     "for scale: MLIR's own arith dialect folding one muli per op, against its parse + print"),
    (PLUGIN, FLOOR_PASS, "plugin CPU / floor+PIPELINE",
     "for scale: the dialect's share: its parse, verifiers, folds"),
]


def ratio_lines(results):
    """The ratios of one module (RATIOS), each with its target or what it is for; the
    comparisons of the plugin with cute-opt and of layout-opt with the plugin also give wall
    time and peak RSS."""
    lines = []
    for num, den, label, note in RATIOS:
        a, b = results.get(num), results.get(den)
        if not (a and b):
            continue
        line = f"{label:30} {a[2] / b[2]:6.2f}x   ({note})"
        if (num, den) in ((PLUGIN, CUTE), (LAYOUT_OPT, PLUGIN)):
            line += f"; wall {a[1] / b[1]:.2f}x, peak RSS {a[3] / b[3]:.2f}x"
        lines.append(line)
    return lines


def print_table(title, results, nops=None):
    print(f"\n{title}")
    print(f"{'run':34} {'bytes':>10} {'wall s':>8} {'cpu s':>8} {'ops/s':>9} {'peak MiB':>9}")
    for name, (size, wall, cpu, rss, code, err) in results.items():
        rate = f"{nops / wall:9.0f}" if nops else f"{'':9}"
        line = f"{name:34} {size:10d} {wall:8.3f} {cpu:8.3f} {rate} {rss:9.1f}"
        if code != 0:
            msg = err.strip().splitlines()
            line += f"   FAILED (exit {code}): {msg[0][:200] if msg else ''}"
        print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ops", type=int, default=100_000, help="algebra ops per module (default 100000)")
    ap.add_argument("--seed", type=int, default=1, help="draws the modules (default 1)")
    ap.add_argument("--seeds", default=None, help="comma-separated seeds, one run each (overrides --seed)")
    ap.add_argument("--repeat", type=int, default=3, help="median of N runs (default 3)")
    ap.add_argument("--modules", default=",".join(MODULES))
    ap.add_argument("--layout-opt", default=os.path.join(ROOT, "target/release/layout-opt"))
    ap.add_argument("--layout", default=os.path.join(ROOT, "target/release/layout"),
                    help="the layout CLI (answers random-compositions through `layout batch`)")
    ap.add_argument("--plugin", default=os.path.join(ROOT, "target/layout-plugin/liblayout_plugin.so"))
    ap.add_argument("--cute-opt", default=None, help="cute-opt binary (default: $CUTE_OPT, PATH, peer build)")
    args = ap.parse_args()
    modules = [m for m in args.modules.split(",") if m]
    for m in modules:
        if m not in MODULES:
            sys.exit(f"unknown module '{m}': expected some of {', '.join(MODULES)}")
    seeds = [int(x) for x in args.seeds.split(",") if x] if args.seeds else [args.seed]
    mlir_opt = os.path.join(LLVM_BIN, "mlir-opt")
    if not os.path.exists(args.layout_opt):
        sys.exit(f"{args.layout_opt} not found: cargo build --release -p layout-opt")
    if "random-compositions" in modules and not os.path.exists(args.layout):
        sys.exit(f"{args.layout} not found: cargo build --release -p layout-cli")
    cute_opt = find_cute_opt(args.cute_opt)
    if cute_opt:
        print(f"cute-opt: {cute_opt}")
    else:
        print("cute-opt not found (--cute-opt PATH or $CUTE_OPT; /work/shared/peers/cuteir_build.md "
              "builds it): skipping the CuTe IR rows and the check of random-compositions")
    plugin = os.path.abspath(args.plugin) if os.path.exists(args.plugin) else None
    if plugin:
        print(f"plugin: {plugin}")
    else:
        print(f"{args.plugin} not built: skipping the mlir-opt-22 + plugin rows "
              f"(cmake -S cmake -B target/layout-plugin -G Ninja && cmake --build target/layout-plugin)")
    if not os.path.exists(TIME):
        print(f"{TIME} not found: peak RSS from wait4, which counts this Python process's RSS "
              f"at fork (apt-get install time)")
    print(f"PIPELINE: --pass-pipeline='{PIPELINE}'")
    pipeline = f"--pass-pipeline={PIPELINE}"

    def tool_rows(files, lay_check, cute_check, floor_check, arith_check=None):
        rows = [(FLOOR, [mlir_opt, "--allow-unregistered-dialect", files["strings"]], files["strings"],
                 floor_check),
                (FLOOR_PASS, [mlir_opt, "--allow-unregistered-dialect", pipeline, files["strings"]],
                 files["strings"], floor_check)]
        if "arith" in files:
            # Parsed and printed, the arith module keeps its functions, as the floor's does.
            rows.append((ARITH_FLOOR, [mlir_opt, files["arith"]], files["arith"], floor_check))
            rows.append((ARITH, [mlir_opt, pipeline, files["arith"]], files["arith"], arith_check))
        if cute_opt and cute_check is not None:
            rows.append((CUTE, [cute_opt, files["cute"], "--cute-fold-static"], files["cute"], cute_check))
        if plugin:
            rows.append((PLUGIN, [mlir_opt, f"--load-dialect-plugin={plugin}",
                                  f"--load-pass-plugin={plugin}", pipeline, files["layout"]],
                         files["layout"], lay_check))
        rows.append((LAYOUT_OPT, [args.layout_opt, pipeline, files["layout"]], files["layout"], lay_check))
        return rows

    summary = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mlir")
        for seed in seeds:
            for module in modules:
                files = {n: os.path.join(tmp, f"{module}.{seed}.{n}.mlir")
                         for n in ("layout", "cute", "strings", "arith")}
                note = ""
                if module == "fold-mix":
                    nunits = max(1, args.ops // 6)
                    nops = nunits * 6
                    open(files["layout"], "w").write(fold_mix_layout(nunits, seed))
                    open(files["strings"], "w").write(fold_mix_strings(nunits, seed))
                    open(files["arith"], "w").write(fold_mix_arith(nunits, seed))
                    lay_check = lambda: check_fold_mix(out, nunits, seed)
                    cute_check = None
                else:
                    if module == "random-compositions":
                        t0 = time.perf_counter()
                        funcs, st = random_compositions(args.ops, seed, args.layout, cute_opt, tmp)
                        dis = st["disagreements"]
                        note = (f"; {st['over']} of them read A past size(A) (cosize(B) > size(A)); "
                                f"{st['drawn']} pairs drawn, {st['algebra_errors']} rejected by our "
                                f"algebra (dropped)")
                        if cute_opt:
                            note += (f", {len(dis)} answers rejected by cute-opt's verifier "
                                     f"(disagreements, dropped from both modules)")
                        else:
                            note += ", not checked by cute-opt (not found)"
                        note += f"; generated and checked in {time.perf_counter() - t0:.1f} s"
                        if dis:
                            summary.append(f"{module}, seed {seed}: {len(dis)} disagreements with "
                                           f"cute-opt's verifier, e.g. " + "; ".join(
                                               f"{a} o {b} = {r} (cute-opt: {msg})"
                                               for (a, b, r), msg in list(dis.items())[:3]))
                    else:
                        funcs = unit_ops(module, args.ops, seed)
                    nops = sum(len(f) for f in funcs)
                    open(files["layout"], "w").write(layout_module(funcs))
                    open(files["cute"], "w").write(cute_module(funcs))
                    open(files["strings"], "w").write(string_module(funcs))
                    open(files["arith"], "w").write(arith_module(funcs))
                    nf = len(funcs)
                    lay_check = lambda: check_folded(out, nf, "layout")
                    cute_check = lambda: check_folded(out, nf, "cute")
                nfuncs = len(re.findall(r"^func\.func ", open(files["layout"]).read(), re.M))
                floor_check = lambda: check_strings(out, nfuncs)
                arith_check = lambda: check_arith(out, nfuncs)
                results = time_rows(tool_rows(files, lay_check, cute_check, floor_check, arith_check),
                                    out, args.repeat)
                print_table(f"{module}, seed {seed}: {nops} ops{note}; medians of {args.repeat}", results, nops)
                lines = ratio_lines(results)
                for line in lines:
                    print("  " + line)
                summary += [f"{module}, seed {seed}: {line}" for line in lines]

        # The reproducer of issue 29: one composition that reads A past size(A).
        a, b, r = REPRO
        units = [[("composition", [("layout", a), ("layout", b)], r)]]
        files = {n: os.path.join(tmp, f"repro.{n}.mlir") for n in ("layout", "cute", "strings")}
        open(files["layout"], "w").write(layout_module(units))
        open(files["cute"], "w").write(cute_module(units))
        open(files["strings"], "w").write(string_module(units))
        results = time_rows(tool_rows(files, lambda: check_folded(out, 1, "layout"),
                                      lambda: check_folded(out, 1, "cute"), lambda: check_strings(out, 1)),
                            out, max(args.repeat, 3), allow_fail=True)
        print_table(f"reproducer {a} o {b} = {r}: wall = the whole process, medians of "
                    f"{max(args.repeat, 3)} (target: no op over 100 ms)", results)
        for name, res in results.items():
            status = "ok" if res[4] == 0 else f"FAILED (exit {res[4]})"
            summary.append(f"reproducer: {name}: {res[1] * 1000:.0f} ms wall, {res[2] * 1000:.0f} ms cpu, "
                           f"{status} (target: no op over 100 ms)")
    print("\nsummary")
    for line in summary:
        print("  " + line)


if __name__ == "__main__":
    main()
