#!/usr/bin/env python3
"""pycute's equivalent of `layout batch`, the reference side of bench/batch_vs_pycute.py.

Reads JSON Lines requests {"id":..,"op":..,"args":[text,...]} on stdin and writes one line
{"id":..,"result":..} or {"id":..,"error":..} per request, like `layout batch`. Layout text is
CuTe's print syntax (`((2,4),8):((1,16),2)`, `(8)` is a rank-1 tuple, tilers `[t0,_,t2]`);
pycute has no parser, so this file has a small one. pycute is found on PYCUTE_PATH or
installed (scripts/setup.sh installs it into .venv from the nvidia-cutlass wheel).
"""
import json
import os
import sys

if os.environ.get("PYCUTE_PATH"):
    sys.path.insert(0, os.environ["PYCUTE_PATH"])
import pycute  # noqa: E402


# --- text -> pycute objects --------------------------------------------------------------
def parse_int_tuple(s, i=0):
    """Parse an integer or a nested tuple at s[i:]; return (value, next index)."""
    if s[i] != "(":
        j = i
        while j < len(s) and (s[j].isdigit() or s[j] == "-"):
            j += 1
        if j == i:
            raise ValueError(f"expected an integer or '(' at offset {i}")
        return int(s[i:j]), j
    items, i = [], i + 1
    while True:
        item, i = parse_int_tuple(s, i)
        items.append(item)
        if s[i] == ")":
            return tuple(items), i + 1
        if s[i] != ",":
            raise ValueError(f"expected ',' or ')' at offset {i}")
        i += 1


def parse_item(s):
    """A layout `shape:stride`, an integer tuple, or `_` (pycute's None)."""
    if s == "_":
        return None
    shape_text, colon, stride_text = s.partition(":")
    shape, end = parse_int_tuple(shape_text)
    if end != len(shape_text):
        raise ValueError(f"trailing text at offset {end}")
    if not colon:
        return shape
    stride, end = parse_int_tuple(stride_text)
    if end != len(stride_text):
        raise ValueError(f"trailing text at offset {len(shape_text) + 1 + end}")
    return pycute.Layout(shape, stride)


def split_top(s):
    """Split s at the commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for k, c in enumerate(s):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(s[start:k])
            start = k + 1
    parts.append(s[start:])
    return parts


def parse(text):
    """A layout, an integer (tuple), `_`, or a by-mode tiler `[t0,t1,...]` (a tuple)."""
    s = text.replace(" ", "")
    if s.startswith("[") and s.endswith("]"):
        return tuple(parse_item(t) for t in split_top(s[1:-1]))
    return parse_item(s)


# --- pycute objects -> text (CuTe's print syntax) -----------------------------------------
def fmt_tuple(t):
    if isinstance(t, tuple):
        return "(" + ",".join(fmt_tuple(x) for x in t) + ")"
    return str(t)


def fmt(x):
    """Layouts as text; integers and lists of integers stay JSON numbers, as in `layout batch`."""
    if isinstance(x, pycute.Layout):
        return fmt_tuple(x.shape) + ":" + fmt_tuple(x.stride)
    return x


# --- operations ----------------------------------------------------------------------------
def padded(layout, rank):
    """CuTe's append<rank>: extend with 1:0 modes up to rank."""
    if len(layout) >= rank:
        return layout
    shape = layout.shape if isinstance(layout.shape, tuple) else (layout.shape,)
    stride = layout.stride if isinstance(layout.stride, tuple) else (layout.stride,)
    extra = rank - len(shape)
    return pycute.Layout(shape + (1,) * extra, stride + (0,) * extra)


def blocked_or_raked(a, b, raked):
    """pycute has neither; CuTe C++ defines them by zipping the modes of a logical_product."""
    rank = max(len(a), len(b))
    p = pycute.logical_product(padded(a, rank), padded(b, rank))
    first, second = (p[1], p[0]) if raked else (p[0], p[1])
    if not isinstance(first.shape, tuple):  # CuTe's zip of a non-tuple: one mode
        return pycute.make_layout(pycute.make_layout(first, second))
    return pycute.make_layout(pycute.make_layout(first[i], second[i]) for i in range(rank))


OPS = {
    "size": pycute.size,
    "cosize": pycute.cosize,
    "coalesce": pycute.coalesce,
    "filter": pycute.filter,
    "right_inverse": pycute.right_inverse,
    "left_inverse": pycute.left_inverse,
    "composition": pycute.composition,
    "complement": pycute.complement,
    "logical_divide": pycute.logical_divide,
    "zipped_divide": pycute.zipped_divide,
    "tiled_divide": pycute.tiled_divide,
    "logical_product": pycute.logical_product,
    "zipped_product": pycute.zipped_product,
    "tiled_product": pycute.tiled_product,
    "blocked_product": lambda a, b: blocked_or_raked(a, b, raked=False),
    "raked_product": lambda a, b: blocked_or_raked(a, b, raked=True),
    "eval": lambda a: [a(i) for i in range(pycute.size(a))],
}


def answer(line):
    req = json.loads(line)
    try:
        result = fmt(OPS[req["op"]](*(parse(a) for a in req["args"])))
        return {"id": req["id"], "result": result}
    except Exception as e:  # pycute reports illegal input with assert
        return {"id": req["id"], "error": f"{type(e).__name__}: {e}"}


def main():
    out = sys.stdout
    for line in sys.stdin:
        if line.strip():
            out.write(json.dumps(answer(line)) + "\n")


if __name__ == "__main__":
    main()
