"""Random CuTe algebra cases (op, args) for the host-side CuTe C++ corpus.

Every argument is text of the layout syntax; cute_text.to_cpp turns it into a static C++
expression. The mix: plain layouts of rank 1-3 and depth <= 2 (compact column- and row-major,
permuted, padded, broadcast and random strides), layout tilers, tuple tilers `(2,4)`, by-mode
tilers `[t0,_,t2]`, integer tilers, and scaled-basis layouts (identity-like strides `1@0`,
`2@1`, nested `1@0@1`). About a third of the right-hand sides do not divide, so that C++'s
static_asserts and the non-dividing behaviour are both exercised.
"""

import random

EXTENTS = [1, 2, 2, 2, 3, 4, 4, 4, 6, 8, 8]
SMALL = [1, 2, 2, 3, 4, 4, 8]


def _shape(rng, rank, max_size, nest=0.25):
    while True:
        modes = []
        for _ in range(rank):
            if rng.random() < nest:
                modes.append(("tup", [("int", rng.choice(SMALL)) for _ in range(2)]))
            else:
                modes.append(("int", rng.choice(EXTENTS)))
        s = ("tup", modes) if rank > 1 or rng.random() < 0.15 else modes[0]
        from cute_text import product
        if product(s) <= max_size:
            return s


def _rebuild(shape, flat):
    """The tree of `shape` with its leaves replaced, in order, by `flat`."""
    it = iter(flat)

    def go(t):
        if t[0] == "tup":
            return ("tup", [go(x) for x in t[1]])
        return next(it)
    return go(shape)


def _strides(rng, shape):
    from cute_text import leaves
    ext = [x[1] for x in leaves(shape)]
    kind = rng.choice(["col", "col", "row", "perm", "pad", "bcast", "rand"])
    n = len(ext)
    order = list(range(n))
    if kind == "row":
        order.reverse()
    elif kind in ("perm", "pad", "bcast"):
        rng.shuffle(order)
    strides = [0] * n
    run = 1
    for k in order:
        strides[k] = run
        run *= ext[k]
        if kind == "pad" and rng.random() < 0.5:
            run *= rng.choice([2, 3])
    if kind == "bcast":
        for k in range(n):
            if rng.random() < 0.35:
                strides[k] = 0
    if kind == "rand":
        strides = [rng.choice([0, 1, 2, 3, 4, 5, 8, 12, 16, 32]) for _ in range(n)]
    return _rebuild(shape, [("int", s) for s in strides])


def layout(rng, rank=None, max_size=256, nest=0.25):
    rank = rank or rng.choice([1, 1, 2, 2, 2, 3])
    s = _shape(rng, rank, max_size, nest)
    return ("layout", s, _strides(rng, s))


def basis_layout(rng):
    """A layout with scaled-basis strides: each leaf maps to one coordinate (mode) index."""
    rank = rng.choice([1, 2, 2, 3])
    s = _shape(rng, rank, 128, nest=0.2)
    from cute_text import leaves
    n = len(leaves(s))
    kind = rng.choice(["identity", "identity", "perm", "scaled", "nested"])
    flat = []
    run = {}
    targets = list(range(n)) if kind != "perm" else rng.sample(range(n), n)
    for k, x in enumerate(leaves(s)):
        t = targets[k] if kind != "scaled" else rng.choice(range(min(n, 2)))
        coef = run.get(t, 1)
        if kind == "scaled":
            run[t] = coef * x[1]
        path = [t] if kind != "nested" else [k % 2, t % 2]
        flat.append(("basis", coef, path))
    return ("layout", s, _rebuild(s, flat))


def _divisor_layout(rng, n):
    """A small layout whose size divides n (a tile of a mode of extent n)."""
    divs = [d for d in range(1, n + 1) if n % d == 0]
    d = rng.choice(divs)
    stride = rng.choice([1, 1, 1, 2]) if d * 2 <= n else 1
    if stride > 1 and (n % (d * stride)):
        stride = 1
    return ("layout", ("int", d), ("int", stride))


def _mode_size(t):
    from cute_text import product
    return product(t)


def tiler(rng, a, divide=True):
    """A right-hand side for a divide/product/composition of A."""
    from cute_text import modes, size
    kind = rng.choice(["layout", "layout", "bymode", "bymode", "tuple", "int"])
    a_modes = modes(a)
    exact = rng.random() < 0.7
    if kind == "layout":
        if exact:
            n = size(a)
            t = _divisor_layout(rng, n)
            if rng.random() < 0.4:
                t2 = layout(rng, rank=2, max_size=16, nest=0)
                return t2
            return t
        return layout(rng, rank=rng.choice([1, 2]), max_size=32, nest=0.1)
    if kind == "int":
        return ("int", rng.choice([1, 2, 3, 4, 8]))
    items = []
    k = rng.randint(1, len(a_modes))
    for m in a_modes[:k]:
        n = _mode_size(m[1])
        if kind == "tuple":
            divs = [d for d in range(1, n + 1) if n % d == 0]
            items.append(("int", rng.choice(divs) if exact else rng.choice([1, 2, 3, 4, 8])))
            continue
        r = rng.random()
        if r < 0.2:
            items.append(("under",))
        elif r < 0.4:
            divs = [d for d in range(1, n + 1) if n % d == 0]
            items.append(("int", rng.choice(divs) if exact else rng.choice([2, 3, 4])))
        else:
            items.append(_divisor_layout(rng, n) if exact else layout(rng, rank=1, max_size=8))
    if kind == "tuple":
        return ("tup", items) if len(items) > 1 or rng.random() < 0.5 else items[0]
    return ("tiler", items)


def _product_rhs(rng, a, bymode):
    from cute_text import modes
    if not bymode:
        return layout(rng, rank=rng.choice([1, 2]), max_size=24, nest=0.1)
    items = []
    for _ in modes(a)[: rng.randint(1, len(modes(a)))]:
        items.append(layout(rng, rank=1, max_size=6, nest=0) if rng.random() < 0.8
                     else ("int", rng.choice([2, 3])))
    return ("tiler", items)


DIVIDES = ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"]
PRODUCTS = ["logical_product", "zipped_product", "tiled_product", "flat_product"]
OPS = (["composition", "complement", "left_inverse", "right_inverse", "coalesce"]
       + DIVIDES + PRODUCTS + ["blocked_product", "raked_product", "tile_to_shape"])


def make_case(rng, op, basis=False):
    """One (op, [args]) case; args as values (cute_text trees)."""
    from cute_text import leaves, modes, size
    a = basis_layout(rng) if basis else layout(rng)
    if op in ("left_inverse", "right_inverse"):
        return [a]
    if op == "coalesce":
        if rng.random() < 0.3 and a[1][0] == "tup":
            prof = ("tup", [("int", 1) if rng.random() < 0.6 else m for m in a[1][1]])
            return [a, prof]
        return [a]
    if op == "complement":
        r = rng.random()
        if r < 0.4:
            return [a]
        if basis:
            from cute_text import table, evaluator
            # a cotarget per basis coordinate: a shape
            k = 1 + max(p[-1] if p else 0 for x in leaves(a[2]) for p in [x[2]])
            return [a, ("tup", [("int", rng.choice([4, 8, 16, 32])) for _ in range(k)])]
        return [a, ("int", rng.choice([1, 2, 8, 16, 24, 32, 64, 100, 128, 256, 512]))]
    if op == "composition":
        if rng.random() < 0.5:
            return [a, tiler(rng, a)]
        n = size(a)
        b = layout(rng, rank=rng.choice([1, 2]), max_size=max(1, n), nest=0.1)
        return [a, b]
    if op in DIVIDES:
        return [a, tiler(rng, a)]
    if op in PRODUCTS:
        bymode = op != "logical_product" and rng.random() < 0.5
        if op == "logical_product" and rng.random() < 0.3:
            bymode = True
        return [a, _product_rhs(rng, a, bymode)]
    if op in ("blocked_product", "raked_product"):
        b = layout(rng, rank=rng.choice([1, 2, 2, 3]), max_size=24, nest=0.1)
        return [a, b]
    if op == "tile_to_shape":
        items = []
        for m in modes(a):
            n = _mode_size(m[1])
            items.append(("int", n * rng.choice([1, 2, 3, 4]) if rng.random() < 0.85
                          else rng.choice([2, 4, 8, 12])))
        extra = rng.random() < 0.15
        if extra:
            items.append(("int", rng.choice([2, 4])))
        return [a, ("tup", items) if len(items) > 1 else items[0]]
    raise ValueError(op)


BASIS_OPS = ["composition", "logical_divide", "zipped_divide", "coalesce", "complement",
             "right_inverse", "left_inverse", "logical_product", "blocked_product"]


def generate(seed, count):
    """`count` cases: (id, op, args-as-text), deterministic in `seed`."""
    from cute_text import to_text
    rng = random.Random(seed)
    out = []
    for i in range(count):
        basis = rng.random() < 0.08
        op = rng.choice(BASIS_OPS if basis else OPS)
        args = make_case(rng, op, basis)
        out.append({"id": f"s{seed}-{i}", "op": op, "args": [to_text(x) for x in args],
                    "basis": basis})
    return out
