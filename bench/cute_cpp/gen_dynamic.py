#!/usr/bin/env python3
"""Host-side CuTe C++ oracle for runtime (dynamic) leaves: which leaves of a result are static
and what the values are.

    CUTLASS_DIR=/path/to/cutlass/include bench/cute_cpp/gen_dynamic.py --seed 30 --jobs 2 \\
        -o tests/data/oracle/cute_cpp_dynamic.jsonl

A case is an operation whose layout arguments have some leaves marked runtime: `?` in our text,
an `int` variable in C++ (the other leaves are `Int<N>{}`), with three value sets for the
`?`s: one where the values divide the tiles, one where they do not, one small and odd. The
i-th value of a set is the value of the i-th `?` of the expression text, left to right (in
`op(A, B)` all `?` of A, shape leaves before stride leaves, then those of B), as
`bind(EXPR, v0, v1, ...)` reads them.

Each (case, value set) is one line of C++ (gen.py's machinery: one translation unit per
BATCH lines, compile errors attributed to lines, runtime aborts to the case that was
printing); the three lines of a case instantiate the same templates, so a compile error of one
is the error of all three. What C++ prints is kept as printed: `_N` is a static leaf, a plain
number a runtime one.

Output, one JSON object a line:
  {"id", "kind": "motivating" | "kernel" | "random" | "negative", "op", "args": [text with ?], "expr",
   "values": [[v0, v1, ...] x 3], "cpp": [printed text | "C++ rejects: <first error>" |
   "C++ aborts: <message>"] x 3}

Cases: mostly kernel-like (a global tensor with runtime extents and leading dimensions tiled,
divided, composed with static tiles; static tiles repeated over a runtime grid;
tile_to_shape to a runtime shape; ceil_div/shape_div of runtime extents by tile shapes), plus
random ones (cases.py's static cases with some leaves made runtime). Values are positive; a
few broadcast cases give a runtime stride the value 0 and a few flipped views a negative
stride. Without CUTLASS_DIR the script says so and exits 0.
"""

import argparse
import json
import math
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
import random

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases as case_gen  # noqa: E402
import cute_text as ct  # noqa: E402
import gen  # noqa: E402
from cuda_stubs import write_stubs  # noqa: E402

OPS = (["coalesce", "filter_zeros", "filter", "composition", "complement"]
       + case_gen.DIVIDES + case_gen.PRODUCTS
       + ["blocked_product", "raked_product", "tile_to_shape", "left_inverse", "right_inverse",
          "size", "cosize", "shape_div", "ceil_div"])

# the product of a value set's extents stays under this where the case allows it (the
# contract checks evaluate layouts point by point)
SIZE_CAP = 1 << 16


# ---------------------------------------------------------------- cases with value sets

class Env:
    """The runtime leaves of one case and their values in the three sets (0: divides the
    tiles, 1: does not, 2: small and odd). A runtime leaf is ("dyn", key)."""

    def __init__(self, rng):
        self.rng = rng
        self.sets = [{}, {}, {}]
        self.count = 0

    def var(self, vals):
        key = f"k{self.count}"
        self.count += 1
        for j in range(3):
            self.sets[j][key] = int(vals[j])
        return ("dyn", key)

    def val(self, leaf, j):
        return leaf[1] if leaf[0] == "int" else self.sets[j][leaf[1]]


def leaf_keys(args):
    """The keys of the runtime leaves of args, in text order."""
    keys = []

    def rec(v):
        keys.append(v[1])
        return v
    ct._map_dyn(("tiler", list(args)), rec)
    return keys


def extent_values(rng, tile, small=None):
    """(divides, does not divide, small odd) values of a runtime extent tiled by `tile`."""
    t = max(1, tile)
    v0 = t * rng.choice([1, 2, 2, 3, 4, 4, 8])
    if t > 1:
        v1 = t * rng.choice([0, 1, 1, 2, 3]) + rng.randint(1, t - 1)
    else:
        v1 = rng.choice([3, 5, 6, 10, 77, 100, 300])
    v2 = small if small is not None else rng.choice([1, 3, 3, 5, 7, 7, 9, 11, 13])
    return [v0, v1, v2]


def _round_up(a, b):
    return -(-a // b) * b


def gmem(env, tiles, major=None, dyn_p=0.85, unit_dyn_p=0.15, pad_p=0.35, small=None):
    """A global tensor (rank = len(tiles)) with runtime extents and leading dimensions; mode i
    is tiled by tiles[i] (1: a batch mode). Returns the layout tree."""
    rng = env.rng
    rank = len(tiles)
    for attempt in range(30):
        ext = []
        for t in tiles:
            if t == 1:  # a batch mode
                ext.append(env.var([rng.choice([2, 3, 4]), rng.choice([2, 3, 5]), 1])
                           if rng.random() < dyn_p else ("int", rng.choice([2, 4])))
            elif rng.random() < dyn_p:
                ext.append(env.var(extent_values(rng, t, small)))
            else:
                ext.append(("int", t * rng.choice([1, 2, 4])))
        sizes = [math.prod(env.val(e, j) for e in ext) for j in range(3)]
        if max(sizes) <= SIZE_CAP or attempt == 29:
            break
        for e in ext:  # too large: draw again
            if e[0] == "dyn":
                for s in env.sets:
                    del s[e[1]]
    major = major or rng.choice(["row", "col"])
    order = list(range(rank))
    if major == "row" and rank >= 2:
        order[0], order[1] = 1, 0
    strides = [None] * rank
    k0 = order[0]
    strides[k0] = env.var([1, 1, 1]) if rng.random() < unit_dyn_p else ("int", 1)
    run = [env.val(ext[k0], j) for j in range(3)]
    run_static = ext[k0][0] == "int" and strides[k0][0] == "int"
    align = rng.choice([1, 8, 8, 64])
    for k in order[1:]:
        padded = rng.random() < pad_p
        if run_static and not padded and rng.random() < 0.6:
            strides[k] = ("int", run[0])
        else:
            vals = [(_round_up(r, align) + (rng.choice([0, 8]) if padded and j != 2 else 0))
                    if padded else r for j, r in enumerate(run)]
            if padded and run_static:
                vals = [vals[0]] * 3
            strides[k] = env.var(vals)
            run_static = False
        run = [env.val(strides[k], j) * env.val(ext[k], j) for j in range(3)]
        run_static = run_static and ext[k][0] == "int"
    if rank == 1:
        return ("layout", ext[0], strides[0])
    return ("layout", ("tup", ext), ("tup", strides))


TILES2 = [(128, 64), (128, 128), (64, 64), (64, 32), (256, 128), (32, 32), (16, 8), (128, 32),
          (8, 8), (96, 64), (64, 16)]
TILES1 = [128, 256, 64, 32, 512, 96, 8]


def _tiles(rng, rank):
    if rank == 1:
        return (rng.choice(TILES1),)
    t = rng.choice(TILES2)
    if rank == 3:
        return t + (1,)
    return t


def _layout1(n, d=1):
    return ("layout", ("int", n), ("int", d))


def divide_tiler(env, a_tiles):
    """A right-hand side tiling the modes of A by a_tiles (batch modes, tile 1, left whole)."""
    rng = env.rng
    real = [t for t in a_tiles if t > 1]
    r = rng.random()
    if len(a_tiles) == 1:
        t = a_tiles[0]
        if r < 0.4:
            return ("int", t)
        if r < 0.75:
            return _layout1(t)
        if r < 0.85:
            return ("layout", ("tup", [("int", 4), ("int", t // 4 if t >= 8 else 2)]),
                    ("tup", [("int", 1), ("int", 4 * rng.choice([1, 2]))]))
        return ("tiler", [env.var([t, t, 3])])
    if r < 0.5:
        return ("tup", [("int", t) for t in real])
    if r < 0.75:
        items = [_layout1(t) for t in real]
        if rng.random() < 0.3:
            items[rng.randrange(len(items))] = ("under",)
        if rng.random() < 0.2:
            items[0] = _layout1(real[0] // 2, 2) if real[0] >= 4 else items[0]
        return ("tiler", items)
    if r < 0.85:
        n = real[0]
        return _layout1(n)
    # a runtime tile extent (a tile chosen at run time): tile values divide, then not, then 3
    items = [("int", t) for t in real]
    k = rng.randrange(len(items))
    items[k] = env.var([real[k], real[k], 3])
    return ("tup", items)


def tile_layout(rng, tiles=None, major=None):
    """A static tile layout (a thread or value layout, a smem atom)."""
    bm, bn = tiles or rng.choice([(8, 8), (16, 8), (32, 4), (4, 8), (64, 8), (8, 4), (2, 2),
                                  (4, 4), (32, 2)])
    major = major or rng.choice(["col", "row"])
    d = (1, bm) if major == "col" else (bn, 1)
    return ("layout", ("tup", [("int", bm), ("int", bn)]), ("tup", [("int", d[0]), ("int", d[1])]))


def grid_layout(env, dims=2, small=None):
    """A runtime grid of tiles (the repeat count of a product): (?,?):(1,?)."""
    rng = env.rng
    ext = [env.var([rng.choice([2, 3, 4, 8]), rng.choice([3, 5, 6]), small or rng.choice([1, 3])])
           for _ in range(dims)]
    if dims == 1:
        return ("layout", ext[0], ("int", 1))
    if rng.random() < 0.6:
        strides = [("int", 1), env.var([env.val(ext[0], j) for j in range(3)])]
    else:
        strides = [env.var([env.val(ext[1], j) for j in range(3)]), ("int", 1)]
    return ("layout", ("tup", ext), ("tup", strides))


def divided_gmem(env, rng):
    """The shape of a zipped_divide result of a global tensor, as an input layout:
    ((bm,bn),(?,?)):((?,1),(?,bn)) (row-major, ld runtime)."""
    bm, bn = rng.choice([(128, 64), (64, 32), (16, 8), (8, 8)])
    mt = env.var([rng.choice([2, 4]), rng.choice([3, 5]), 1])
    nt = env.var([rng.choice([2, 4]), rng.choice([3, 5]), 1])
    ld = [env.val(nt, j) * bn + (8 if j == 1 else 0) for j in range(3)]
    ldv = env.var(ld)
    big = env.var([bm * x for x in ld])
    return ("layout", ("tup", [("tup", [("int", bm), ("int", bn)]), ("tup", [mt, nt])]),
            ("tup", [("tup", [ldv, ("int", 1)]), ("tup", [big, ("int", bn)])]))


def kernel_case(env, op):
    """One kernel-like case of op: the list of argument trees."""
    rng = env.rng
    if op in case_gen.DIVIDES:
        rank = rng.choice([1, 2, 2, 2, 2, 3])
        tiles = _tiles(rng, rank)
        return [gmem(env, tiles), divide_tiler(env, tiles)]
    if op == "composition":
        r = rng.random()
        if r < 0.35:  # a runtime layout composed with a static tile layout over its domain
            tl = tile_layout(rng, rng.choice([(32, 4), (8, 8), (16, 4), (4, 8), (64, 2)]), "col")
            n = ct.size(tl)
            a = gmem(env, (n, rng.choice([8, 16, 32])), major="col")
            return [a, tl]
        if r < 0.7:  # the local tile of a runtime layout: by-mode tiler
            tiles = _tiles(rng, 2)
            return [gmem(env, tiles), ("tup", [("int", t) for t in tiles])
                    if rng.random() < 0.6 else ("tiler", [_layout1(t) for t in tiles])]
        if r < 0.85:  # a static layout composed with a runtime one
            a = tile_layout(rng)
            n = ct.size(a)
            b = ("layout", env.var([n, max(1, n // 2 + 1), 3]), ("int", 1)) if rng.random() < 0.5 \
                else ("layout", ("tup", [env.var([4, 3, 1]), ("int", 2)]), ("tup", [("int", 1), env.var([4, 3, 1])]))
            return [a, b]
        return [divided_gmem(env, rng), ("tup", [("tup", [("int", 32), ("int", 8)])])] \
            if rng.random() < 0.5 else [gmem(env, _tiles(rng, 1)), _layout1(32, 2)]
    if op == "complement":
        r = rng.random()
        if r < 0.3:  # a static tile, runtime cotarget
            a = tile_layout(rng) if rng.random() < 0.7 else _layout1(rng.choice([4, 8, 32]),
                                                                    rng.choice([1, 2]))
            c = ct.size(a)
            return [a, env.var([c * rng.choice([4, 8, 16]), c * 3 + 5, 7])]
        if r < 0.55:  # rank-1 runtime stride
            s = env.var([rng.choice([8, 16, 32]), rng.choice([6, 12, 10]), 3])
            a = ("layout", ("int", rng.choice([4, 8])), s)
            k = rng.random()
            if k < 0.35:
                return [a]
            if k < 0.7:
                return [a, ("int", 1024)]
            return [a, env.var([512, 500, 9])]
        if r < 0.7:  # runtime extent, static strides
            n = env.var([rng.choice([4, 8, 16]), rng.choice([5, 7]), 3])
            a = ("layout", ("tup", [n, ("int", 4)]), ("tup", [("int", 1), ("int", 64)])) \
                if rng.random() < 0.5 else ("layout", n, ("int", 2))
            return [a] if rng.random() < 0.5 else [a, ("int", 1024)]
        if r < 0.85:  # rank-2 runtime stride (C++: only rank 1)
            a = ("layout", ("tup", [("int", 4), ("int", 8)]), ("tup", [env.var([32, 36, 5]), ("int", 1)]))
            return [a] if rng.random() < 0.5 else [a, ("int", 4096)]
        a = gmem(env, _tiles(rng, rng.choice([1, 2])))
        return [a] if rng.random() < 0.5 else [a, env.var([1 << 16, 70000, 100])]
    if op in case_gen.PRODUCTS + ["blocked_product", "raked_product"]:
        r = rng.random()
        if r < 0.45:  # a static tile repeated over a runtime grid
            a = tile_layout(rng)
            if op in ("blocked_product", "raked_product") or rng.random() < 0.5:
                return [a, grid_layout(env, 2)]
            return [a, ("tiler", [("layout", env.var([4, 3, 1]), ("int", 1)),
                                  ("layout", env.var([2, 5, 3]), ("int", 1))])]
        if r < 0.65:  # a runtime vector repeated by a static count
            n = env.var(extent_values(rng, 32))
            a = ("layout", n, ("int", 1)) if rng.random() < 0.5 else \
                ("layout", n, env.var([rng.choice([2, 3]), 3, 5]))
            return [a, _layout1(rng.choice([2, 4]))]
        if r < 0.8:  # a runtime 1-D grid
            a = tile_layout(rng) if rng.random() < 0.5 else _layout1(rng.choice([32, 64, 128]))
            return [a, grid_layout(env, 1)]
        # a runtime global tensor times a static tile (C++: only rank-1 runtime strides)
        a = gmem(env, _tiles(rng, rng.choice([1, 2])))
        return [a, tile_layout(rng, (2, 2)) if op in ("blocked_product", "raked_product")
                else (_layout1(2) if rng.random() < 0.5 else ("tiler", [_layout1(2), _layout1(2)]))]
    if op == "tile_to_shape":
        block = rng.choice([tile_layout(rng, (8, 8), "row"), tile_layout(rng, (64, 8), "col"),
                            tile_layout(rng, (8, 64), "row"), tile_layout(rng, (16, 16)),
                            ("layout", ("tup", [("tup", [("int", 8), ("int", 2)]), ("int", 8)]),
                             ("tup", [("tup", [("int", 8), ("int", 64)]), ("int", 1)]))])
        bm, bn = (ct.product(m[1]) for m in ct.modes(block))
        ext = [env.var(extent_values(rng, bm)), env.var(extent_values(rng, bn))]
        if rng.random() < 0.3:
            k = rng.randrange(2)
            ext[k] = ("int", [bm, bn][k] * rng.choice([2, 4]))
        return [block, ("tup", ext)]
    if op in ("left_inverse", "right_inverse"):
        r = rng.random()
        if r < 0.4:  # runtime extents, static strides
            n = env.var(extent_values(rng, 8))
            return [rng.choice([("layout", ("tup", [n, ("int", 8)]), ("tup", [("int", 8), ("int", 1)])),
                                ("layout", ("tup", [("int", 4), n]), ("tup", [("int", 1), ("int", 4)])),
                                ("layout", n, ("int", 1)),
                                ("layout", ("tup", [("int", 8), n]), ("tup", [("int", 1), ("int", 16)]))])]
        if r < 0.7:
            return [gmem(env, _tiles(rng, rng.choice([1, 2])))]
        return [("layout", ("tup", [("int", 4), ("int", 8)]),
                 ("tup", [("int", 1), env.var([4, 4, 4]) if rng.random() < 0.5 else env.var([4, 8, 5])]))]
    if op in ("coalesce", "size", "cosize"):
        r = rng.random()
        if r < 0.55:
            a = gmem(env, _tiles(rng, rng.choice([1, 2, 2, 3])))
        elif r < 0.8:
            a = divided_gmem(env, rng)
        else:
            n = env.var(extent_values(rng, 4))
            a = ("layout", ("tup", [("tup", [("int", 4), n]), ("int", 8)]),
                 ("tup", [("tup", [("int", 1), ("int", 4)]), env.var([4 * env.val(n, j) for j in range(3)])]))
        if op == "coalesce" and rng.random() < 0.2 and a[1][0] == "tup":
            return [a, ("tup", [("int", 1)] * len(a[1][1]))]
        return [a]
    if op in ("filter_zeros", "filter"):
        rng = env.rng
        r = rng.random()
        if r < 0.4:  # broadcast with a static zero stride
            m, n = env.var(extent_values(rng, 64)), env.var(extent_values(rng, 32))
            return [rng.choice([("layout", ("tup", [m, n]), ("tup", [("int", 1), ("int", 0)])),
                                ("layout", ("tup", [m, n]), ("tup", [("int", 0), ("int", 1)])),
                                ("layout", ("tup", [("int", 4), n]), ("tup", [("int", 0), env.var([1, 1, 1])]))])]
        if r < 0.7:  # a batched tensor whose batch stride is runtime (0: broadcast batch)
            m = env.var(extent_values(rng, 64))
            b = env.var([2, 3, 4])
            return [("layout", ("tup", [m, ("int", 32), b]),
                     ("tup", [("int", 1), env.var([env.val(m, j) for j in range(3)]),
                              env.var([32 * env.val(m, 0), 0, 0])]))]
        return [gmem(env, _tiles(rng, 2))]
    if op in ("ceil_div", "shape_div"):
        t = rng.choice(TILES2)
        r = rng.random()
        if r < 0.5:
            return [("tup", [env.var(extent_values(rng, t[0])), env.var(extent_values(rng, t[1]))]),
                    ("tup", [("int", t[0]), ("int", t[1])])]
        if r < 0.7:
            return [("tup", [env.var(extent_values(rng, t[0])), ("int", t[1] * 2),
                             env.var([2, 3, 1])]), ("tup", [("int", t[0]), ("int", t[1])])]
        if r < 0.85:
            return [("tup", [env.var(extent_values(rng, 8)), env.var(extent_values(rng, 1))]),
                    ("int", 8)]
        return [("tup", [env.var(extent_values(rng, t[0])), ("int", t[1] * 4)]),
                ("tup", [env.var([t[0], t[0], 3]), ("int", t[1])])]
    raise ValueError(op)


def random_case(env, op):
    """cases.py's static case of op with some leaves made runtime: set 0 the static values,
    set 1 other values of the same kind, set 2 small odd ones."""
    rng = env.rng
    if op in ("size", "cosize", "filter", "filter_zeros"):
        args = [case_gen.layout(rng)]
    elif op in ("ceil_div", "shape_div"):
        a = ("tup", [("int", rng.choice([4, 8, 12, 16, 6])) for _ in range(rng.choice([1, 2, 3]))])
        b = ("int", rng.choice([2, 4, 8])) if rng.random() < 0.4 else \
            ("tup", [("int", rng.choice([2, 4, 3])) for _ in range(len(a[1]))])
        args = [a, b]
    else:
        args = case_gen.make_case(rng, op)
    for _ in range(20):
        picked = []

        def pick(v, role, p):
            kind = v[0]
            if kind == "int":
                if role == "stride" and v[1] <= 0:
                    return v
                if rng.random() < p:
                    n = v[1]
                    if role == "stride":
                        vals = [n, n + rng.choice([1, 2, 4]), rng.choice([1, 3, 5])]
                    else:
                        vals = [n, n * rng.choice([2, 3]) + 1, rng.choice([1, 3, 5, 7])]
                    picked.append(1)
                    return env.var(vals)
                return v
            if kind == "tup":
                return ("tup", [pick(x, role, p) for x in v[1]])
            if kind == "tiler":
                return ("tiler", [pick(x, role, p) for x in v[1]])
            if kind == "layout":
                return ("layout", pick(v[1], "shape", p), pick(v[2], "stride", p))
            return v
        # a coalesce profile stays static (only its structure matters)
        out = [pick(x, "shape", 0.35 if k == 0 else (0 if op == "coalesce" else 0.2))
               for k, x in enumerate(args)]
        if picked:
            return out
        for s in env.sets:
            s.clear()
    return None


def motivating(rng):
    """The cases that motivate issue 30, with their value sets."""
    P = ct.parse
    out = [
        ("zipped_divide", ["(?,?):(?,1)", "(128,64)"], [[512, 256, 256], [500, 300, 512], [7, 9, 16]]),
        ("zipped_divide", ["(?,?):(1,?)", "(128,64)"], [[256, 128, 256], [200, 100, 208], [7, 9, 7]]),
        ("logical_divide", ["(?,?):(?,1)", "[128:1,64:1]"], [[512, 256, 256], [500, 300, 512], [7, 9, 16]]),
        ("coalesce", ["(128,?):(1,128)"], [[64], [7], [1]]),
        ("coalesce", ["(?,?):(1,?)"], [[128, 64, 128], [100, 30, 104], [7, 9, 7]]),
        ("logical_product", ["?:3", "4:1"], [[1000], [8], [1]]),
        ("logical_product", ["?:?", "4:1"], [[1000, 3], [8, 3], [1, 3]]),
        ("logical_product", ["1000:?", "4:1"], [[3], [1000], [1]]),
        ("composition", ["(?,128):(1,?)", "(32,4):(1,32)"], [[128, 128], [48, 48], [7, 9]]),
        ("composition", ["(?,128):(1,?)", "(32,4):(1,32)"], [[48, 48], [96, 96], [16, 16]]),
        ("tile_to_shape", ["(8,8):(8,1)", "(?,?)"], [[32, 64], [36, 20], [9, 7]]),
        ("tile_to_shape", ["(64,8):(1,64)", "(?,64)"], [[256], [100], [7]]),
        ("complement", ["4:?", "?"], [[8, 256], [6, 100], [3, 9]]),
        ("complement", ["(4,8):(?,1)"], [[32], [36], [5]]),
        ("shape_div", ["(?,?)", "(4,8)"], [[64, 64], [6, 12], [3, 5]]),
        ("ceil_div", ["(?,?)", "(128,64)"], [[512, 256], [500, 300], [7, 9]]),
        ("size", ["(?,?):(?,1)"], [[512, 256, 256], [500, 300, 512], [7, 9, 16]]),
        ("cosize", ["(?,?):(?,1)"], [[512, 256, 256], [500, 300, 512], [7, 9, 16]]),
        ("filter_zeros", ["(?,?):(1,?)"], [[64, 8, 64], [64, 8, 0], [7, 3, 0]]),
    ]
    return [(op, [P(a, dynamic=True) for a in args], values, "motivating")
            for op, args, values in out] + [
        (op, [P(a, dynamic=True) for a in args], values, "negative") for op, args, values in NEGATIVE]


# flipped views: a runtime stride with a negative value
NEGATIVE = [
    ("coalesce", ["(?,?):(?,1)"], [[64, 32, -32], [60, 30, -30], [7, 3, -3]]),
    ("cosize", ["?:?"], [[256, -1], [100, -1], [7, -2]]),
    ("size", ["(?,?):(?,1)"], [[64, 32, -32], [60, 30, -30], [7, 3, -3]]),
    ("logical_divide", ["?:?", "32:1"], [[256, -1], [100, -1], [7, -1]]),
    ("composition", ["(?,?):(1,?)", "(8,4):(1,8)"], [[64, 32, -64], [60, 30, -60], [7, 3, -7]]),
]


def record(op, args, values, kind):
    text = [ct.to_text(a) for a in args]
    return {"kind": kind, "op": op, "args": text, "expr": f"{op}({', '.join(text)})",
            "values": values}


def generate(seed, per_op):
    """Records without C++ answers: the motivating cases, then per op about per_op kernel-like
    and per_op/2 random cases (fewer for the integer-tuple and size ops), deterministic."""
    rng = random.Random(seed)
    out = []
    seen = set()

    def add(rec):
        key = (rec["expr"], json.dumps(rec["values"]))
        if key in seen:
            return
        seen.add(key)
        rec["id"] = f"d{seed}-{len(out)}"
        out.append(rec)
    for op, args, values, kind in motivating(rng):
        add(record(op, args, values, kind))
    for op in OPS:
        small = op in ("size", "cosize", "ceil_div", "shape_div", "filter")
        nk = per_op // 2 if small else per_op
        nr = 0 if op in ("ceil_div", "shape_div") else (per_op // 4 if small else per_op // 2)
        for _ in range(nk * 3):
            if sum(1 for r in out if r["op"] == op and r["kind"] == "kernel") >= nk:
                break
            env = Env(rng)
            args = kernel_case(env, op)
            keys = leaf_keys(args)
            if not keys:
                continue
            add(record(op, args, [[env.sets[j][k] for k in keys] for j in range(3)], "kernel"))
        for _ in range(nr * 3):
            if sum(1 for r in out if r["op"] == op and r["kind"] == "random") >= nr:
                break
            env = Env(rng)
            args = random_case(env, op)
            if args is None:
                continue
            keys = leaf_keys(args)
            add(record(op, args, [[env.sets[j][k] for k in keys] for j in range(3)], "random"))
    for k, r in enumerate(out):
        r["id"] = f"d{seed}-{k}"
    return out


# ---------------------------------------------------------------- C++

def cpp_line(k, item):
    """One line of C++: item is (record, value set index)."""
    rec, j = item["rec"], item["set"]
    vals = [ct.parse(a, dynamic=True) for a in rec["args"]]
    named, n = ct.bind_dyn(vals)
    decl = "".join(f"int v{i} = {v}; " for i, v in enumerate(rec["values"][j]))
    call = ", ".join(ct.to_cpp(v) for v in named)
    return f"static void c{k}() {{ {decl}auto r = {rec['op']}({call}); print(r); }}"


def answer(records, inc, jobs, batch):
    items = [{"rec": r, "set": j, "group": r["id"]} for r in records for j in range(3)]
    per = max(3, batch - batch % 3)
    batches = [items[i:i + per] for i in range(0, len(items), per)]
    with tempfile.TemporaryDirectory(prefix="cute_cpp_dyn_") as work:
        stub = write_stubs(os.path.join(work, "stub"))

        def one(b):
            return gen.answer_batch(batches[b], inc, stub, work, f"d{b}", line=cpp_line,
                                    raw=True, group=lambda it: it["group"])
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
            results = list(ex.map(one, range(len(batches))))
    for b, res in enumerate(results):
        for it, ans in zip(batches[b], res):
            rec = it["rec"]
            rec.setdefault("cpp", [None, None, None])
            if "result" in ans:
                text = ans["result"]
            elif ans["rejects"] == "compile":
                text = "C++ rejects: " + ans["message"]
            else:
                text = "C++ aborts: " + ans["message"]
            rec["cpp"][it["set"]] = text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--per-op", type=int, default=16,
                    help="kernel-like cases per op (random: half as many; fewer for size, "
                         "cosize, filter, ceil_div, shape_div)")
    ap.add_argument("--batch", type=int, default=150, help="C++ lines per translation unit")
    ap.add_argument("--jobs", type=int, default=1, help="parallel g++ processes")
    ap.add_argument("--list", action="store_true", help="print the cases (no C++) and exit")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    records = generate(args.seed, args.per_op)
    if args.list:
        for r in records:
            print(json.dumps(r, separators=(",", ":")))
        return 0
    if not args.output:
        ap.error("-o is required")
    inc = gen.cutlass_include()
    if inc is None:
        print("gen_dynamic.py: CUTLASS_DIR is not set (a folder with CUTLASS's include/cute): skipped")
        return 0
    answer(records, inc, args.jobs, args.batch)
    keys = ["id", "kind", "op", "args", "expr", "values", "cpp"]
    with open(args.output, "w") as f:
        for r in records:
            f.write(json.dumps({k: r[k] for k in keys}, separators=(",", ":")) + "\n")
    rej = sum(r["cpp"][0].startswith("C++ rejects") for r in records)
    ab = sum(any(c.startswith("C++ aborts") for c in r["cpp"]) for r in records)
    print(f"gen_dynamic.py: {len(records)} cases, C++ rejects {rej}, C++ aborts (some value set) "
          f"{ab}; wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
