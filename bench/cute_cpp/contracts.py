"""Each operation's contract, checked on a result by evaluation (used for C++'s answers and
for `layout`'s).

    check(op, args, answer) -> "ok" | "broken: <condition>" | "n/a"

`answer` is {"result": text} or {"rejects": ...} ("n/a": nothing to check). The conditions,
as issue 16 and docs/algebra.md state them:

- composition A o B: size(R) = size(B) and R(i) = A(B(i)) for every i < size(B); a tiler
  [T0,T1,...] (a tuple (t0,t1) or an integer t0 is the tiler of layouts ti:1) by mode:
  mode k of R is A_k o T_k (`_` keeps A_k).
- complement(A, M): with A' = A without its stride-0 leaves, the strides of R's non-trivial
  leaves increase, (A', R) is injective, and cosize((A', R)) >= M (default cosize(A)).
- left_inverse: L(R(L(i))) = L(i) for every i, and R(L(i)) = i when L is injective.
- right_inverse: L(R(i)) = i for every i < size(R).
- coalesce: size(R) = size(A) and R(i) = A(i) for every i.
- divides: size(R) >= size(A) and the tile part of R (mode 0; for a by-mode tiler the tile
  part of each mode) is A o T; a `_` item keeps mode k of a logical_divide whole (the zipped
  forms split such a mode as zip2_by does: not checked).
- products: size(R) = size(A) * size(B) (by mode for a tiler), the tile part of R is A, and R
  is injective when A and B are.
- blocked/raked_product: size(R) = size(A) * size(B), R injective when A and B are, and A's
  mode i is the A-part of R's mode i.
- tile_to_shape(A, S): size of mode i of R = S_i, R injective when A is.

Values with scaled-basis strides are vectors; a condition that needs an integer input (R(L(i))
with a basis-valued L(i)) is "n/a".
"""

from cute_text import (ParseError, evaluator, leaves, modes, parse, product, rank, scalar,
                       size, table)

LIMIT = 1 << 16


class NA(Exception):
    pass


def _layout(text):
    v = parse(text)
    if v[0] != "layout":
        raise NA("not a layout")
    return v


def _intlayout(n):
    return ("layout", ("int", n), ("int", 1))


def _func(l):
    if size(l) > LIMIT:
        raise NA("too large")
    return evaluator(l)


def _compose_fn(a, b):
    """i -> A(B(i)) for i < size(B) (B integer-valued)."""
    fa, fb = _func(a), _func(b)

    def f(i):
        j = scalar(fb(i))
        if j is None or j < 0:
            raise NA("B is not integer valued")
        return fa(j)
    return f


def _same_fn(r, f, n, what):
    if size(r) < n:
        return f"{what}: size {size(r)} < {n}"
    fr = _func(r)
    for i in range(n):
        if fr(i) != f(i):
            return f"{what}: differs at {i}"
    return None


def _injective(l):
    t = table(l, LIMIT)
    if t is None:
        raise NA("too large")
    return len(set(t)) == len(t)


def _tiler_items(t, a):
    """A right-hand side as a list of per-mode items (layout or None for `_`), or None for a
    plain layout (not by mode)."""
    if t[0] == "layout":
        return None
    if t[0] == "int":
        return None
    if t[0] == "tup":
        return [_intlayout(x[1]) if x[0] == "int" else _bad(x) for x in t[1]]
    if t[0] == "tiler":
        out = []
        for x in t[1]:
            if x[0] == "under":
                out.append(None)
            elif x[0] == "int":
                out.append(_intlayout(x[1]))
            elif x[0] == "layout":
                out.append(x)
            else:
                raise NA("nested tiler")
        return out
    raise NA("tiler kind")


def _bad(x):
    raise NA("tuple tiler item")


def _as_layout(t):
    return _intlayout(t[1]) if t[0] == "int" else t


def _tile_fns(a, t):
    """[(fn, n)]: the tile part of a divide of A by T, per mode (one entry: not by mode)."""
    items = _tiler_items(t, a)
    if items is None:
        tl = _as_layout(t)
        return [(_compose_fn(a, tl), size(tl))], None
    am = modes(a)
    if len(items) > len(am):
        raise NA("tiler longer than A")
    out = []
    for k, it in enumerate(items):
        if it is None:
            out.append((_func(am[k]), size(am[k])))
        else:
            out.append((_compose_fn(am[k], it), size(it)))
    return out, items


def _sub(l, k):
    m = modes(l)
    if k >= len(m):
        raise NA("rank")
    return m[k]


def check_composition(a, t, r):
    items = _tiler_items(t, a)
    if items is None:
        tl = _as_layout(t)
        if size(r) != size(tl):
            return f"size(R) = {size(r)} != size(B) = {size(tl)}"
        return _same_fn(r, _compose_fn(a, tl), size(tl), "R(i) != A(B(i))")
    am = modes(a)
    if len(items) > len(am):
        raise NA("tiler longer than A")
    for k, it in enumerate(items):
        rk = _sub(r, k)
        if it is None:
            err = _same_fn(rk, _func(am[k]), size(am[k]), f"mode {k}: R_k != A_k")
        else:
            if size(rk) != size(it):
                return f"mode {k}: size {size(rk)} != size(T_k) = {size(it)}"
            err = _same_fn(rk, _compose_fn(am[k], it), size(it), f"mode {k}: R_k != A_k o T_k")
        if err:
            return err
    return None


def _cosize(l):
    t = table(l, LIMIT)
    if t is None:
        raise NA("too large")
    vals = [scalar(v) for v in t]
    if any(v is None for v in vals):
        raise NA("basis values")
    return max(abs(v) for v in vals) + 1 if vals else 0


def _filtered_leaves(l):
    s = leaves(l[1])
    d = leaves(l[2])
    return [(x, y) for x, y in zip(s, d) if not (y[0] == "int" and y[1] == 0) and x[1] > 1]


def _concat(pairs):
    if not pairs:
        return ("layout", ("int", 1), ("int", 0))
    return ("layout", ("tup", [p[0] for p in pairs]), ("tup", [p[1] for p in pairs]))


def check_complement(a, m, r):
    rl = _filtered_leaves(r)
    vals = [y for _, y in rl]
    if all(v[0] == "int" for v in vals):
        last = 0
        for x, y in rl:
            if y[1] < last:
                return "R is not ordered (strides decrease)"
            last = y[1] * x[1]
    joint = _concat(_filtered_leaves(a) + rl)
    if not _injective(joint):
        return "(A, R) is not injective"
    if m is None:
        if all(y[0] == "int" for y in leaves(a[2])):
            m = _cosize(a)
        else:
            return None
    elif m[0] != "int":
        return None
    if all(y[0] == "int" for y in leaves(joint[2])) and _cosize(joint) < m[1]:
        return f"cosize((A, R)) = {_cosize(joint)} < {m[1]}"
    return None


def check_left_inverse(l, r):
    fl, fr = _func(l), _func(r)
    inj = _injective(l)
    for i in range(size(l)):
        v = scalar(fl(i))
        if v is None:
            raise NA("basis values")
        j = scalar(fr(v))
        if j is None:
            return f"R(L({i})) is not an integer"
        if j < 0 or fl(j) != fl(i):
            return f"L(R(L({i}))) != L({i})"
        if inj and j != i:
            return f"R(L({i})) = {j} != {i} for injective L"
    return None


def check_right_inverse(l, r):
    fl, fr = _func(l), _func(r)
    for i in range(size(r)):
        j = scalar(fr(i))
        if j is None or j < 0:
            return f"R({i}) is not a non-negative integer"
        v = scalar(fl(j))
        if v != i:
            return f"L(R({i})) = {v} != {i}"
    return None


def check_coalesce(a, r):
    if size(r) != size(a):
        return f"size {size(r)} != {size(a)}"
    return _same_fn(r, _func(a), size(a), "R(i) != A(i)")


def check_divide(op, a, t, r):
    if size(r) < size(a):
        return f"size(R) = {size(r)} < size(A) = {size(a)}"
    fns, items = _tile_fns(a, t)
    if items is None:
        tile = _sub(r, 0) if op != "flat_divide" else None
        if tile is None:
            return None
        return _same_fn(tile, fns[0][0], fns[0][1], "tile part != A o T")
    for k, (f, n) in enumerate(fns):
        if items[k] is None and op != "logical_divide":
            # `_` keeps mode k whole in logical_divide; the zipped forms split it into tile and
            # rest as zip2_by does (its first sub-mode is the tile), which is not A_k itself
            continue
        if op == "logical_divide":
            whole = items[k] is None or rank(_sub(r, k)[1]) == 1
            tile = _sub(r, k) if whole else _sub(_sub(r, k), 0)
        elif op in ("zipped_divide", "tiled_divide"):
            tile = _sub(_sub(r, 0), k)
        else:
            tile = _sub(r, k)
        err = _same_fn(tile, f, n, f"mode {k}: tile part != A_k o T_k")
        if err:
            return err
    return None


def check_product(op, a, b, r):
    items = _tiler_items(b, a)
    if items is None:
        bl = _as_layout(b)
        if size(r) != size(a) * size(bl):
            return f"size(R) = {size(r)} != size(A)*size(B) = {size(a) * size(bl)}"
        if op in ("logical_product", "zipped_product", "tiled_product"):
            err = _same_fn(_sub(r, 0), _func(a), size(a), "mode 0 != A")
            if err:
                return err
        if _injective(a) and _injective(bl) and not _injective(r):
            return "R is not injective though A and B are"
        return None
    am = modes(a)
    if len(items) != len(am) or any(it is None for it in items):
        raise NA("partial tiler")
    want = size(a) * product(("tup", [("int", size(it)) for it in items]))
    if size(r) != want:
        return f"size(R) = {size(r)} != {want}"
    for k, it in enumerate(items):
        if op == "logical_product":
            tile = _sub(_sub(r, k), 0)
        elif op in ("zipped_product", "tiled_product"):
            tile = _sub(_sub(r, 0), k)
        else:
            tile = _sub(r, k)
        err = _same_fn(tile, _func(am[k]), size(am[k]), f"mode {k}: tile part != A_k")
        if err:
            return err
    return None


def check_blocked(op, a, b, r):
    if size(r) != size(a) * size(b):
        return f"size(R) = {size(r)} != size(A)*size(B) = {size(a) * size(b)}"
    if _injective(a) and _injective(b) and not _injective(r):
        return "R is not injective though A and B are"
    return None


def check_tile_to_shape(a, s, r):
    want = [product(x) for x in (s[1] if s[0] == "tup" else [s])]
    got = [product(m[1]) for m in modes(r)]
    if len(got) == len(want) and got != want:
        return f"mode sizes {got} != {want}"
    if _injective(a) and not _injective(r):
        return "R is not injective though A is"
    return None


def check_result(op, args, result):
    """None when `result` (text) satisfies op's contract on args, else the broken condition.
    Raises NA when the contract cannot be checked here."""
    try:
        vals = [parse(x) for x in args]
        r = parse(result)
    except ParseError as e:
        raise NA(str(e))
    if r[0] != "layout":
        raise NA("result is not a layout")
    a = vals[0]
    if a[0] != "layout":
        raise NA("A is not a layout")
    if op == "composition":
        return check_composition(a, vals[1], r)
    if op == "complement":
        return check_complement(a, vals[1] if len(vals) > 1 else None, r)
    if op == "left_inverse":
        return check_left_inverse(a, r)
    if op == "right_inverse":
        return check_right_inverse(a, r)
    if op == "coalesce":
        return check_coalesce(a, r)
    if op.endswith("_divide"):
        return check_divide(op, a, vals[1], r)
    if op in ("blocked_product", "raked_product"):
        return check_blocked(op, a, vals[1], r)
    if op.endswith("_product"):
        return check_product(op, a, vals[1], r)
    if op == "tile_to_shape":
        return check_tile_to_shape(a, vals[1], r)
    raise NA(op)


def check(op, args, answer):
    if "result" not in answer:
        return "n/a"
    try:
        err = check_result(op, args, answer["result"])
    except (NA, ValueError, IndexError, KeyError, TypeError, ZeroDivisionError):
        return "n/a"
    return "ok" if err is None else "broken: " + err
