"""Contracts of a concrete answer for the dynamic-leaf oracle (gen_dynamic.py,
compare_dynamic.py): contracts.py's for the layout algebra, and those of the operations it does
not cover (size, cosize, filter_zeros, filter, ceil_div, shape_div).

    check(op, args, result) -> "ok" | "broken: <condition>" | "n/a"

args are the concrete argument texts (each `?` replaced by its value), result the answer's
text without `_N` marks. The extra conditions, as `layout help OP` states them:

- size(L) = the product of L's extents.
- cosize(L) = L(size-1)+1 with |strides| (integer strides).
- filter_zeros(L): the same shape tree and strides as L, the extent of every stride-0 leaf 1,
  the others unchanged.
- filter(L): no stride-0 leaf of extent > 1, size(R) = the product of L's extents of
  nonzero stride, the same image as L.
- ceil_div(a, b): by mode ceil(a_i / b_i) (missing b_i = 1); by an integer b, CuTe's fold:
  r_i = ceil(a_i / b), b <- ceil(b / a_i).
- shape_div(a, b): the same folds where at each step one of a_i, b divides the other
  (a / b, or 1 when a < b); a step where neither divides is the broken condition.
"""

import contracts
from cute_text import ParseError, leaves, parse, table

LIMIT = 1 << 18


def _ints(t):
    return [x[1] for x in leaves(t)]


def _cdiv(a, b):
    return -(-a // b)


def _fold(a, b, step):
    """CuTe's tuple-by-integer fold (ceil_div/shape_div): a list of results (or an error)."""
    out = []
    for x in a:
        r, err = step(x, b)
        if err:
            return None, err
        out.append(r)
        b, err = step(b, x)
        if err:
            return None, err
    return out, None


def _ceil_step(x, y):
    return _cdiv(x, y), None


def _shape_step(x, y):
    if x % y and y % x:
        return None, f"shape_div({x}, {y}): neither divides the other"
    return _cdiv(x, y), None


def _int_tuple_op(op, a, b, r):
    step = _ceil_step if op == "ceil_div" else _shape_step
    if a[0] != "tup":
        a = ("tup", [a])
    if b[0] == "tup" and any(x[0] == "tup" for x in a[1] + b[1]):
        raise contracts.NA("nested tuples")
    if b[0] == "tup":
        bs = [x[1] for x in b[1]] + [1] * (len(a[1]) - len(b[1]))
        want = []
        for x, y in zip(_ints(a), bs):
            v, err = step(x, y)
            if err:
                return err
            want.append(v)
    else:
        want, err = _fold(_ints(a), b[1], step)
        if err:
            return err
    got = _ints(r)
    return None if got == want else f"{got} != {want}"


def _check_extra(op, vals, r):
    a = vals[0]
    if op in ("ceil_div", "shape_div"):
        return _int_tuple_op(op, a, vals[1], r)
    if a[0] != "layout":
        raise contracts.NA("A is not a layout")
    ext, std = _ints(a[1]), leaves(a[2])
    if any(d[0] != "int" for d in std):
        raise contracts.NA("basis strides")
    std = [d[1] for d in std]
    if op == "size":
        want = 1
        for e in ext:
            want *= e
        return None if r == ("int", want) else f"size {r[1] if r[0] == 'int' else r} != {want}"
    if op == "cosize":
        want = sum((e - 1) * abs(d) for e, d in zip(ext, std)) + 1
        return None if r == ("int", want) else f"cosize {r[1] if r[0] == 'int' else r} != {want}"
    if r[0] != "layout":
        raise contracts.NA("result is not a layout")
    rext, rstd = _ints(r[1]), [d[1] for d in leaves(r[2])]
    if op == "filter_zeros":
        if _shape_tree(r[1]) != _shape_tree(a[1]) or rstd != std:
            return "not L's shape tree and strides"
        for k, (e, d, re_) in enumerate(zip(ext, std, rext)):
            if d == 0 and re_ != 1:
                return f"leaf {k}: stride 0 with extent {re_} (not 1)"
            if d != 0 and re_ != e:
                return f"leaf {k}: extent {re_} != {e}"
        return None
    if op == "filter":
        for k, (e, d) in enumerate(zip(rext, rstd)):
            if d == 0 and e > 1:
                return f"leaf {k}: stride 0 with extent {e}"
        want = 1
        for e, d in zip(ext, std):
            if d != 0:
                want *= e
        got = 1
        for e in rext:
            got *= e
        if got != want:
            return f"size {got} != {want} (the extents of nonzero stride)"
        ta, tr = table(a, LIMIT), table(r, LIMIT)
        if ta is None or tr is None:
            return None
        if set(ta) != set(tr):
            return "not the same image as L"
        return None
    raise contracts.NA(op)


def _shape_tree(t):
    if t[0] == "tup":
        return tuple(_shape_tree(x) for x in t[1])
    return "."


EXTRA = ("size", "cosize", "filter_zeros", "filter", "ceil_div", "shape_div")


def check(op, args, result):
    """ "ok", "broken: <condition>" or "n/a" for the concrete answer `result` of op(args)."""
    if op == "complement" and len(args) == 1:
        # contracts.check_complement's default M (cosize(A)) is an int where it expects a
        # value, so the check would be "n/a": pass M = cosize(A) explicitly
        try:
            a = parse(args[0])
            ext, std = _ints(a[1]), leaves(a[2])
            if a[0] == "layout" and all(d[0] == "int" for d in std):
                args = args + [str(sum((e - 1) * abs(d[1]) for e, d in zip(ext, std)) + 1)]
        except (ParseError, ValueError, IndexError, TypeError):
            pass
    if op not in EXTRA:
        saved = contracts.LIMIT
        contracts.LIMIT = LIMIT
        try:
            return contracts.check(op, args, {"result": result})
        finally:
            contracts.LIMIT = saved
    try:
        vals = [parse(x) for x in args]
        r = parse(result)
        err = _check_extra(op, vals, r)
    except (contracts.NA, ParseError, ValueError, IndexError, KeyError, TypeError,
            ZeroDivisionError):
        return "n/a"
    return "ok" if err is None else "broken: " + err
