#!/usr/bin/env python3
"""Fold benchmark of the layout dialect, side by side with NVIDIA's CuTe IR and the MLIR floor.

Three modules of static layout algebra, each generated for both dialects from the same list of
operations (a seed draws the shapes, so held-out runs use other modules of the same mix):

  compositions  N compositions A o B (two constants and one composition per function)
  mixed         N ops: composition, complement, logical_divide in equal thirds
  fold-mix      N ops: constants, composition, size, coalesce (the original bench of issue 3)

and times, in one run, medians of --repeat runs (wall seconds, CPU seconds = user + sys, and
peak RSS):

  mlir-opt-22 floor            parse + print of an arith module with the same functions and ops
  layout-opt --canonicalize    parse + verify + fold (Rust algebra) + print (parse, fold and
                               print run function by function, in parallel: docs/dialect.md)
  the same, 1 thread           with --mlir-disable-threading (everything sequential)
  cute-opt --cute-fold-static  the same compositions in CuTe IR (when cute-opt is found)
  mlir-opt-22 + plugin         --canonicalize with our dialect plugin (when it is built)

Every module spells the expected result type of every function (so both tools' verifiers
check each answer), and the folded output of layout-opt and cute-opt is checked: no algebra op
left, and every function returns a constant of its declared type. Timings are reported, never
asserted. The targets of issue 15 are printed next to the ratios.

cute-opt: --cute-opt PATH, else $CUTE_OPT, else `cute-opt` on $PATH, else
<ancestor of the repository>/peer/cuteir/build/bin/cute-opt; the bench says when it skips it
(/work/shared/peers/cuteir_build.md has a recipe to build it).

Usage: tools/layout-opt/bench/fold_bench.py [--ops N] [--seed S] [--repeat R]
       [--modules compositions,mixed,fold-mix] [--layout-opt PATH] [--plugin PATH] [--cute-opt PATH]
"""
import argparse
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
MODULES = ("compositions", "mixed", "fold-mix")
ONE_THREAD = "layout-opt --canonicalize, 1 thread"


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


def arith_module(units):
    """The floor: the same functions, the same number of ops and results, in upstream arith."""
    out = []
    for i, ops in enumerate(units):
        lines, rets = [], []
        for j, (_, args, _) in enumerate(ops):
            for k in range(len(args)):
                lines.append(f"  %c{j}_{k} = arith.constant {i * 7 + j * 3 + k + 1} : index")
            lines.append(f"  %r{j} = arith.muli %c{j}_0, %c{j}_1 : index")
            rets.append(f"%r{j}")
        rtypes = ", ".join("index" for _ in rets)
        out.append(f"func.func @u{i}() -> ({rtypes}) {{\n" + "\n".join(lines) +
                   f"\n  return {', '.join(rets)} : {rtypes}\n}}\n")
    return "".join(out)


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


def fold_mix_arith(units, seed):
    out = []
    for i in range(units):
        a, b, s = fold_mix_params(i, seed)
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


# ---------------------------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------------------------

def run(cmd, out_path):
    """Run cmd with stdout to out_path; (wall seconds, CPU seconds, peak RSS in MiB)."""
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE)
        err = proc.stderr.read().decode(errors="replace")
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(cmd)} failed ({code}):\n{err[:2000]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def median_run(cmd, out_path, repeat):
    runs = [run(cmd, out_path) for _ in range(repeat)]
    return tuple(statistics.median(r[k] for r in runs) for k in range(3))


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ops", type=int, default=100_000, help="algebra ops per module")
    ap.add_argument("--seed", type=int, default=1, help="draws the shapes of the modules")
    ap.add_argument("--repeat", type=int, default=3, help="median of N runs")
    ap.add_argument("--modules", default=",".join(MODULES))
    ap.add_argument("--layout-opt", default=os.path.join(ROOT, "target/release/layout-opt"))
    ap.add_argument("--plugin", default=os.path.join(ROOT, "target/layout-plugin/liblayout_plugin.so"))
    ap.add_argument("--cute-opt", default=None, help="cute-opt binary (default: $CUTE_OPT, PATH, peer build)")
    args = ap.parse_args()
    modules = [m for m in args.modules.split(",") if m]
    for m in modules:
        if m not in MODULES:
            sys.exit(f"unknown module '{m}': expected some of {', '.join(MODULES)}")
    mlir_opt = os.path.join(LLVM_BIN, "mlir-opt")
    if not os.path.exists(args.layout_opt):
        sys.exit(f"{args.layout_opt} not found: cargo build --release -p layout-opt")
    cute_opt = find_cute_opt(args.cute_opt)
    if cute_opt:
        print(f"cute-opt: {cute_opt}")
    else:
        print("cute-opt not found (--cute-opt PATH or $CUTE_OPT; /work/shared/peers/cuteir_build.md "
              "builds it): skipping the CuTe IR rows")
    plugin = args.plugin if os.path.exists(args.plugin) else None
    if not plugin:
        print(f"{args.plugin} not built: skipping the mlir-opt + plugin rows")

    summary = []
    with tempfile.TemporaryDirectory() as tmp:
        for module in modules:
            files = {n: os.path.join(tmp, f"{module}.{n}.mlir") for n in ("layout", "cute", "arith")}
            out = os.path.join(tmp, "out.mlir")
            if module == "fold-mix":
                units = max(1, args.ops // 6)
                nops = units * 6
                open(files["layout"], "w").write(fold_mix_layout(units, args.seed))
                open(files["arith"], "w").write(fold_mix_arith(units, args.seed))
                lay_check = lambda: check_fold_mix(out, units, args.seed)
                cute_check = None
            else:
                funcs = unit_ops(module, args.ops, args.seed)
                nops = sum(len(f) for f in funcs)
                open(files["layout"], "w").write(layout_module(funcs))
                open(files["cute"], "w").write(cute_module(funcs))
                open(files["arith"], "w").write(arith_module(funcs))
                lay_check = lambda: check_folded(out, len(funcs), "layout")
                cute_check = lambda: check_folded(out, len(funcs), "cute")
            rows = [("mlir-opt-22 floor (arith parse+print)", [mlir_opt, files["arith"]], "arith", None),
                    ("layout-opt --canonicalize", [args.layout_opt, files["layout"], "--canonicalize"],
                     "layout", lay_check),
                    (ONE_THREAD, [args.layout_opt, files["layout"], "--canonicalize",
                                  "--mlir-disable-threading"], "layout", lay_check)]
            if cute_opt and cute_check:
                rows.append(("cute-opt --cute-fold-static", [cute_opt, files["cute"], "--cute-fold-static"],
                             "cute", cute_check))
            if plugin:
                rows.append(("mlir-opt-22 + plugin --canonicalize", [
                    mlir_opt, f"--load-dialect-plugin={plugin}", files["layout"], "--canonicalize"],
                    "layout", lay_check))
            results = {}
            for name, cmd, src, check in rows:
                results[name] = (os.path.getsize(files[src]),) + median_run(cmd, out, args.repeat)
                if check:
                    check()
            print(f"\n{module}: {nops} ops, medians of {args.repeat}, seed {args.seed}")
            print(f"{'run':40} {'bytes':>10} {'wall s':>7} {'cpu s':>7} {'ops/s':>9} {'peak MiB':>9}")
            for name, (size, wall, cpu, rss) in results.items():
                print(f"{name:40} {size:10d} {wall:7.3f} {cpu:7.3f} {nops / wall:9.0f} {rss:9.1f}")
            floor = results[rows[0][0]]
            lay = results["layout-opt --canonicalize"]
            line = (f"{module}: layout-opt / floor {lay[1] / floor[1]:.2f}x wall, {lay[2] / floor[2]:.2f}x cpu "
                    f"(target <= 1.3x); peak {lay[3]:.0f} MiB vs floor {floor[3]:.0f} MiB "
                    f"= {lay[3] / floor[3]:.2f}x (target <= 1.10x)")
            if "cute-opt --cute-fold-static" in results:
                cute = results["cute-opt --cute-fold-static"]
                line += (f"; layout-opt / cute-opt {lay[1] / cute[1]:.2f}x wall, "
                         f"{lay[2] / cute[2]:.2f}x cpu (target <= 0.5x)")
            one = results[ONE_THREAD]
            line += (f"; on one thread: {one[1] / floor[1]:.2f}x floor wall, peak {one[3]:.0f} MiB"
                     + (f", {one[1] / cute[1]:.2f}x cute-opt wall" if "cute-opt --cute-fold-static" in results else ""))
            print(line)
            summary.append(line)
    print("\nsummary")
    for line in summary:
        print("  " + line)


if __name__ == "__main__":
    main()
