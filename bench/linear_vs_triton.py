#!/usr/bin/env python3
"""`make bench-linear`: our linear layouts against Triton's own LinearLayout, same inputs.

Generates random linear layouts (seeded: LINEAR_SEED, default 1; LINEAR_CASES per operation,
default 400) for compose, invert, invert_and_compose, pseudoinvert, product and apply, in the
shapes Triton's conversions use (in dims register/lane/warp/block, out dims dim0..dim2, sizes
up to 2^5 per dimension, unit-vector-heavy bases plus random ones, swizzle-like invertible
maps). Then:

1. Differential check: Triton's answers (triton._C.libtriton.linear_layout.LinearLayout, from
   the `triton` wheel, which imports without a GPU) against ours (algebra::linear::call_text,
   run through the ignored test `answer_request_file` of algebra/tests/linear.rs in release
   mode). Every mismatch is printed.
2. Throughput: compose, invert, invert_and_compose and product on the same pre-built inputs,
   LINEAR_REPEAT (default 200) times each; Triton called through its Python binding (one
   nanobind call per operation, objects built beforehand), ours in-process in Rust. Prints
   operations/s of both and the ratio (ours / Triton).

Run it with a Python that has the `triton` wheel (`pip install triton`, about 1 GB; without it
the script says so and exits 0). Needs `cargo` on PATH. Prints figures; exits 1 only when
answers differ or a runner fails.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SEED = int(os.environ.get("LINEAR_SEED", "1"))
CASES = int(os.environ.get("LINEAR_CASES", "400"))
REPEAT = int(os.environ.get("LINEAR_REPEAT", "200"))

try:
    from triton._C.libtriton.linear_layout import LinearLayout as TL
except ImportError as e:  # pragma: no cover
    print(f"bench-linear: needs the `triton` wheel in this Python ({e}); skipped")
    sys.exit(0)

IN_NAMES = ["register", "lane", "warp", "block"]
OUT_NAMES = ["dim0", "dim1", "dim2"]


# ---- layouts as plain data: (ins: [(name, [[int]])], outs: [(name, size)]) ----

def to_json(l):
    ins, outs = l
    return json.dumps({
        "in_dims": [{"name": n, "size": 1 << len(b), "bases": b} for n, b in ins],
        "out_dims": [{"name": n, "size": s} for n, s in outs],
    })


def to_triton(l):
    ins, outs = l
    return TL.from_bases([(n, b) for n, b in ins], [n for n, _ in outs],
                         [s for _, s in outs], False)


def from_triton(t):
    return ([(n, [list(v) for v in b]) for n, b in t.bases], [(n, s) for n, s in t.out_dims])


def canon(j):
    """Our JSON answer -> plain data."""
    return ([(d["name"], d["bases"]) for d in j["in_dims"]],
            [(d["name"], d["size"]) for d in j["out_dims"]])


def log2(x):
    return x.bit_length() - 1


def rand_basis(rng, outs, unit_bias=0.6):
    v = []
    for _, s in outs:
        if s == 1:
            v.append(0)
        elif rng.random() < unit_bias:
            v.append(rng.choice([0, 1 << rng.randrange(log2(s))]))
        else:
            v.append(rng.randrange(s))
    return v


def rand_outs(rng, max_dims=3, max_log=5):
    k = rng.randint(1, max_dims)
    names = sorted(rng.sample(OUT_NAMES, k), key=OUT_NAMES.index)
    if rng.random() < 0.3:
        rng.shuffle(names)
    return [(n, 1 << rng.randint(0, max_log)) for n in names]


def rand_in_names(rng):
    k = rng.randint(1, 4)
    return sorted(rng.sample(IN_NAMES, k), key=IN_NAMES.index)


def rand_layout(rng, outs=None, in_names=None, max_in_log=4):
    outs = outs or rand_outs(rng)
    in_names = in_names or rand_in_names(rng)
    ins = [(n, [rand_basis(rng, outs) for _ in range(rng.randint(0, max_in_log))]) for n in in_names]
    return (ins, outs)


def pack(v, outs):
    x, sh = 0, 0
    for c, (_, s) in zip(v, outs):
        x |= c << sh
        sh += log2(s)
    return x


def unpack(x, outs):
    v = []
    for _, s in outs:
        v.append(x & (s - 1))
        x >>= log2(s)
    return v


def rand_invertible_cols(rng, n):
    cols = [1 << i for i in range(n)]
    rng.shuffle(cols)
    for _ in range(rng.randint(0, 3 * n)):
        if n >= 2:
            i, j = rng.sample(range(n), 2)
            cols[i] ^= cols[j]
    return cols


def split_in(rng, cols, outs, in_names=None):
    names = in_names or rand_in_names(rng)
    cuts = sorted(rng.randint(0, len(cols)) for _ in range(len(names) - 1))
    parts, prev = [], 0
    for c in cuts + [len(cols)]:
        parts.append(cols[prev:c])
        prev = c
    return [(n, [unpack(x, outs) for x in p]) for n, p in zip(names, parts)]


def rand_invertible(rng):
    outs = rand_outs(rng, max_log=4)
    n = sum(log2(s) for _, s in outs)
    return (split_in(rng, rand_invertible_cols(rng, n), outs), outs)


def rand_surjective(rng, outs=None, extra=3):
    outs = outs or rand_outs(rng, max_log=4)
    n = sum(log2(s) for _, s in outs)
    cols = rand_invertible_cols(rng, n)
    for _ in range(rng.randint(0, extra)):
        pos = rng.randint(0, len(cols))
        cols.insert(pos, pack(rand_basis(rng, outs), outs) if rng.random() < 0.7 else 0)
    return (split_in(rng, cols, outs), outs)


def gen_cases(rng):
    cases = []
    for _ in range(CASES):
        a = rand_layout(rng)
        b_in = [(n, min(s * rng.choice([1, 1, 2]), 32)) for n, s in a[1]]
        if rng.random() < 0.3:
            rng.shuffle(b_in)
        b_outs = rand_outs(rng)
        b = ([(n, [rand_basis(rng, b_outs) for _ in range(log2(s))]) for n, s in b_in], b_outs)
        cases.append(("linear_compose", [a, b]))
    for _ in range(CASES):
        cases.append(("linear_invert", [rand_invertible(rng)]))
    for _ in range(CASES):
        cases.append(("linear_pseudoinvert", [rand_surjective(rng)]))
    n_iac = 0
    while n_iac < CASES:
        outer = rand_surjective(rng)
        outs = [(n, s if rng.random() < 0.7 else max(1, s // 2)) for n, s in outer[1]]
        order = outs[:]
        if rng.random() < 0.3:
            rng.shuffle(order)
        this = rand_layout(rng, outs=order)
        # Sometimes share an in dimension with an equal sublayout (the identity heuristic).
        if rng.random() < 0.4 and sorted(order) == sorted(outer[1]) and outer[0]:
            tname, tb = rng.choice(outer[0])
            perm = [[n for n, _ in outer[1]].index(n) for n, _ in order]
            tb2 = [[v[p] for p in perm] for v in tb]
            ins = [(n, b) for n, b in this[0] if n != tname]
            ins.insert(rng.randint(0, len(ins)), (tname, tb2))
            this = (ins, order)
        # Triton asserts when exactly one side keeps no non-identity dims: skip those.
        same = {n for n, _ in this[1]} == {n for n, _ in outer[1]} and \
            all(dict(outer[1])[n] == s for n, s in this[1])
        ident = set()
        if same:
            perm = [[n for n, _ in outer[1]].index(n) for n, _ in this[1]]
            ob = {n: [[v[p] for p in perm] for v in b] for n, b in outer[0]}
            ident = {n for n, b in this[0] if n in ob and ob[n] == b}
        rest_a = [n for n, _ in outer[0] if n not in ident]
        rest_b = [n for n, _ in this[0] if n not in ident]
        if (not rest_a) != (not rest_b):
            continue
        cases.append(("linear_invert_and_compose", [this, outer]))
        n_iac += 1
    for _ in range(CASES):
        names = IN_NAMES[:]
        def sub():
            v = sorted(rng.sample(names, rng.randint(1, 3)), key=names.index)
            if rng.random() < 0.3:
                rng.shuffle(v)
            return v

        def outs():
            v = sorted(rand_outs(rng), key=lambda p: OUT_NAMES.index(p[0]))
            if rng.random() < 0.3:
                rng.shuffle(v)
            return v

        a = rand_layout(rng, outs=outs(), in_names=sub(), max_in_log=3)
        b = rand_layout(rng, outs=outs(), in_names=sub(), max_in_log=3)
        cases.append(("linear_product", [a, b]))
    for _ in range(CASES):
        a = rand_layout(rng)
        point = {n: rng.randrange(1 << len(b)) for n, b in a[0]}
        cases.append(("linear_apply", [a, point]))
    return cases


def triton_answer(op, args):
    if op == "linear_apply":
        return dict(to_triton(args[0]).apply(args[1]))
    t = [to_triton(a) for a in args]
    r = {
        "linear_compose": lambda: t[0].compose(t[1]),
        "linear_invert": lambda: t[0].invert(),
        "linear_pseudoinvert": lambda: t[0].pseudoinvert(),
        "linear_invert_and_compose": lambda: t[0].invert_and_compose(t[1]),
        "linear_product": lambda: t[0] * t[1],
    }[op]()
    return from_triton(r)


def main():
    rng = random.Random(SEED)
    cases = gen_cases(rng)
    with tempfile.TemporaryDirectory() as tmp:
        req = os.path.join(tmp, "requests.jsonl")
        ans = os.path.join(tmp, "answers.jsonl")
        with open(req, "w") as f:
            for op, args in cases:
                sargs = [json.dumps(a) if isinstance(a, dict) else to_json(a) for a in args]
                f.write(json.dumps({"op": op, "args": sargs}) + "\n")
        env = dict(os.environ, LINEAR_REQUESTS=req, LINEAR_ANSWERS=ans, LINEAR_REPEAT=str(REPEAT))
        cmd = ["cargo", "test", "--release", "-q", "-p", "layout-algebra", "--test", "linear",
               "answer_request_file", "--", "--ignored", "--nocapture"]
        p = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        if p.returncode != 0:
            print(p.stdout, p.stderr)
            sys.exit(1)
        ours_t = {}
        for line in p.stdout.splitlines():
            if line.startswith("TIMING "):
                _, op, n, secs = line.split()
                ours_t[op] = (int(n), float(secs))
        answers = [json.loads(l) for l in open(ans)]

    bad = 0
    for (op, args), a in zip(cases, answers):
        want = triton_answer(op, args)
        if isinstance(a, dict) and "error" in a:
            got = a
        elif op == "linear_apply":
            got = a
        else:
            got = canon(a)
        if got != want:
            bad += 1
            if bad <= 10:
                print(f"MISMATCH {op} {[to_json(x) if not isinstance(x, dict) else x for x in args]}\n"
                      f"  triton: {want}\n  ours:   {got}")
    print(f"differential: {len(cases) - bad}/{len(cases)} answers equal to Triton's "
          f"(compose, invert, pseudoinvert, invert_and_compose, product, apply; seed {SEED})")

    print(f"throughput (same inputs, {REPEAT} repetitions each):")
    for op in ["linear_compose", "linear_invert", "linear_invert_and_compose", "linear_product"]:
        objs = [[to_triton(a) for a in args] for o, args in cases if o == op]
        fn = {
            "linear_compose": lambda t: t[0].compose(t[1]),
            "linear_invert": lambda t: t[0].invert(),
            "linear_invert_and_compose": lambda t: t[0].invert_and_compose(t[1]),
            "linear_product": lambda t: t[0] * t[1],
        }[op]
        t0 = time.perf_counter()
        for _ in range(REPEAT):
            for t in objs:
                fn(t)
        tt = time.perf_counter() - t0
        n = REPEAT * len(objs)
        on, osecs = ours_t.get(op, (0, 0.0))
        tr, orr = n / tt, (on / osecs if osecs else float("nan"))
        print(f"  {op[7:]:20s} triton {tr:12.0f} ops/s   ours {orr:12.0f} ops/s   ratio {orr / tr:6.1f}x")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
