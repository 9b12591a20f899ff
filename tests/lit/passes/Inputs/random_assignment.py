#!/usr/bin/env python3
"""Random register-tensor functions for --layout-assign-layouts, and a checker of its remarks.

  random_assignment.py gen SEED COUNT > in.mlir
      COUNT functions over five 64x64 register layouts (an MMA accumulator, two blocked, a
      dot operand, a transposed blocked): sources and sinks (calls) in random layouts,
      elementwise ops (addf, negf, mulf, truncf, extf), splat constants, converts the input
      places at random, and scf.for loops (constant and runtime trip counts) carrying a
      tensor.
  random_assignment.py check FIRST [AGAIN]
      FIRST: the remarks of one run. Every function has a summary remark whose cost is at most
      the cost of the input's layouts (compared as the unknown trip count N grows), and whose
      verdict is optimal or gives a lower bound not above the cost. AGAIN (the remarks of a
      second run on the output): the same cost, and no input layouts cheaper than it.
  random_assignment.py same IN OUT
      Symbolic evaluation of both modules (sources are distinct symbols, elementwise ops and
      constants build terms, converts are the identity, a loop is a term of its init and of
      its yielded term over its iteration argument): every sink call receives the same term,
      in the same order, in IN and OUT. Prints the number of sink calls compared.
"""
import random
import re
import sys

LAYOUTS = {
    "mma": "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>",
    "blk": "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
    "blk4": "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
    "tr": "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>",
    "dot": "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>",
}
ELEMS = ["f16", "f32"]


def ty(layout, elem):
    return f"tensor<64x64x{elem}, #{layout}>"


def gen(seed, count):
    r = random.Random(seed)
    out = [f"#{k} = #layout.linear<tensor<64x64xf16, {v}>>" for k, v in LAYOUTS.items()]
    for k in LAYOUTS:
        for e in ELEMS:
            out.append(f"func.func private @src_{k}_{e}(index) -> {ty(k, e)}")
            out.append(f"func.func private @snk_{k}_{e}({ty(k, e)})")
    for f in range(count):
        out += function(r, f)
    print("\n".join(out))


def function(r, f):
    lines = [f"func.func @f{f}(%n: index) {{",
             "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index",
             "  %c4 = arith.constant 4 : index"]
    counter = [0]

    def fresh():
        counter[0] += 1
        return f"%v{counter[0]}"

    def body(indent, vals, steps, depth):
        """Emit `steps` random ops; vals: list of (name, layout, elem) visible here."""
        pad = "  " * indent
        for _ in range(steps):
            k = r.random()
            if k < 0.15 or not vals:
                lay, e = r.choice(list(LAYOUTS)), r.choice(ELEMS)
                v = fresh()
                lines.append(f"{pad}{v} = func.call @src_{lay}_{e}(%c0) : (index) -> {ty(lay, e)}")
                vals.append((v, lay, e))
            elif k < 0.25:
                lay, e = r.choice(list(LAYOUTS)), r.choice(ELEMS)
                v = fresh()
                lines.append(f"{pad}{v} = arith.constant dense<1.0> : {ty(lay, e)}")
                vals.append((v, lay, e))
            elif k < 0.4:
                v, lay, e = r.choice(vals)
                want = r.choice(list(LAYOUTS))
                v = convert(pad, v, lay, want, e)
                lines.append(f"{pad}func.call @snk_{want}_{e}({v}) : ({ty(want, e)}) -> ()")
            elif k < 0.5:
                v, lay, e = r.choice(vals)
                other = "f32" if e == "f16" else "f16"
                op = "arith.extf" if e == "f16" else "arith.truncf"
                w = fresh()
                lines.append(f"{pad}{w} = {op} {v} : {ty(lay, e)} to {ty(lay, other)}")
                vals.append((w, lay, other))
            elif k < 0.58 and depth < 2:
                v, lay, e = r.choice(vals)
                trips = r.choice(["%c4", "%n"])
                res, acc = fresh(), fresh()
                lines.append(f"{pad}{res} = scf.for %i{counter[0]} = %c0 to {trips} step %c1 iter_args({acc} = {v}) -> ({ty(lay, e)}) {{")
                inner = list(vals) + [(acc, lay, e)]
                body(indent + 1, inner, r.randint(2, 5), depth + 1)
                y, ylay, ye = r.choice([x for x in inner if x[2] == e] or [(acc, lay, e)])
                y = convert(pad + "  ", y, ylay, lay, e)
                lines.append(f"{pad}  scf.yield {y} : {ty(lay, e)}")
                lines.append(f"{pad}}}")
                vals.append((res, lay, e))
            else:
                a, lay, e = r.choice(vals)
                same = [x for x in vals if x[2] == e]
                b, blay, _ = r.choice(same)
                b = convert(pad, b, blay, lay, e)
                op = r.choice(["arith.addf", "arith.mulf", "arith.subf"])
                w = fresh()
                lines.append(f"{pad}{w} = {op} {a}, {b} : {ty(lay, e)}")
                vals.append((w, lay, e))

    def convert(pad, v, src, dst, e):
        if src == dst:
            return v
        w = fresh()
        lines.append(f"{pad}{w} = layout.convert_layout {v} : {ty(src, e)} -> {ty(dst, e)}")
        return w

    body(1, [], r.randint(4, 14), 0)
    lines.append("  return")
    lines.append("}")
    return lines


def poly(text):
    """'32*N^2 + 4*N + 64' -> (coef of N^3, N^2, N, 1): compares as N grows."""
    c = [0, 0, 0, 0]
    for term in text.split(" + "):
        m = re.fullmatch(r"(\d+)(?:\*N(?:\^(\d))?)?", term.strip())
        assert m, f"cannot read cost term {term!r}"
        d = 0 if "N" not in term else int(m.group(2) or 1)
        c[d] += int(m.group(1))
    return tuple(reversed(c))


SUMMARY = re.compile(r"remark: 'func.func' op layout assignment: .*?cost ([^(]+?) \(the input's layouts: ([^)]+)\); (.*)$")


def summaries(path):
    out = []
    for line in open(path):
        m = SUMMARY.search(line)
        if m:
            out.append((poly(m.group(1)), poly(m.group(2)), m.group(3)))
    return out


def check(first, again=None):
    a = summaries(first)
    assert a, "no summary remark"
    for cost, was, verdict in a:
        assert cost <= was, f"the assignment costs {cost}, more than the input's layouts {was}"
        if not verdict.startswith("optimal"):
            m = re.search(r"lower bound ([^(]+) \(gap", verdict)
            assert m and poly(m.group(1)) <= cost, verdict
    if again:
        b = summaries(again)
        assert len(a) == len(b), (len(a), len(b))
        for (c1, _, _), (c2, was2, _) in zip(a, b):
            assert c1 == c2 == was2, (c1, c2, was2)
    optimal = sum(v.startswith("optimal") for _, _, v in a)
    improved = sum(c < w for c, w, _ in a)
    print(f"checked {len(a)} functions: {optimal} optimal, {improved} cheaper than the input's layouts")


LINE = re.compile(r"^\s*(?:(%[\w.]+) = )?([\w.]+)(.*)$")


def evaluate(path):
    """The sinks of each function of `path`: [(function, sink, term id)], terms hash-consed."""
    terms = {}

    def term(*t):
        return terms.setdefault(t, len(terms))

    sinks = []
    fn = None
    env = {}
    loops = []  # open loops: (result name, iteration argument name, loop term id seed)
    count = 0
    for raw in open(path):
        line = raw.split("//")[0].rstrip()
        if line.strip().startswith("func.func @"):
            fn = re.search(r"@(\w+)", line).group(1)
            env = {"%n": term("n"), "%arg0": term("n")}
            continue
        if fn is None:
            continue
        if line.strip() == "}":
            if loops:
                loops.pop()
            continue
        m = LINE.match(line)
        if not m:
            continue
        res, op, rest = m.groups()
        args = re.findall(r"%[\w.]+", rest.split(" : ")[0])
        if op == "scf.for":
            it = re.search(r"iter_args\((%[\w.]+) = (%[\w.]+)\)", rest)
            count += 1
            acc = term("acc", count)
            env[it.group(1)] = acc
            loops.append((res, count, env[it.group(2)]))
        elif op == "scf.yield":
            lres, lid, init = loops[-1]
            env[lres] = term("loop", lid, init, env[args[0]])
        elif op in ("func.call", "call"):
            callee = re.search(r"@(\w+)", rest).group(1)
            if callee.startswith("src_"):
                count += 1
                env[res] = term("src", callee, count)
            else:
                sinks.append((fn, callee, env[args[0]]))
        elif op == "layout.convert_layout":
            env[res] = env[args[0]]
        elif op == "arith.constant":
            value = rest.split(" : ")[0].strip()
            if value.startswith("dense<"):
                env[res] = term("const", float(value[6:-1]))
            else:
                env[res] = term("index", value)
        elif op.startswith("arith."):
            env[res] = term(op, *[env[a] for a in args])
    return sinks, terms


def same(a, b):
    sa, ta = evaluate(a)
    sb, tb = evaluate(b)
    assert len(sa) == len(sb), f"{len(sa)} sink calls before, {len(sb)} after"
    inv_a = {v: k for k, v in ta.items()}
    inv_b = {v: k for k, v in tb.items()}

    # Compare the terms structurally: rebuild B's terms in A's table.
    remap = {}

    def rebuild(t):
        if t in remap:
            return remap[t]
        k = inv_b[t]
        if k[0] == "loop":
            k2 = ("loop", k[1], rebuild(k[2]), rebuild(k[3]))
        elif k[0].startswith("arith."):
            k2 = (k[0],) + tuple(rebuild(x) for x in k[1:])
        else:
            k2 = k
        remap[t] = ta.get(k2, -1 - t)
        return remap[t]

    for (fa, na, xa), (fb, nb, xb) in zip(sa, sb):
        assert (fa, na) == (fb, nb), ((fa, na), (fb, nb))
        assert rebuild(xb) == xa, f"{fa}: the argument of {na} changed: {inv_a.get(xa)} vs {inv_b[xb]}"
    print(f"same terms at {len(sa)} sink calls")


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), int(sys.argv[3]))
    elif sys.argv[1] == "same":
        same(sys.argv[2], sys.argv[3])
    else:
        check(*sys.argv[2:])
