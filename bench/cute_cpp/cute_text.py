"""CuTe text values in Python: parse, print, emit as C++ and evaluate.

The values are those of the layout syntax (docs/syntax.md), restricted to what the CuTe C++
corpus uses: integers, tuples, scaled-basis strides `n@i@j`, layouts `S:D`, by-mode tilers
`[t0,t1,...]` whose items are layouts, integers, tuples or `_`. Trees are tuples:

    ("int", n)  ("tup", [v, ...])  ("basis", n, [i, j, ...])  ("layout", S, D)
    ("tiler", [v, ...])  ("under",)  ("dyn", name)

A runtime leaf `?` (("dyn", name); parsed only with parse(text, dynamic=True), name None) is
printed as `?` and written in C++ as its name (an `int` variable); `bind_dyn` numbers the
runtime leaves of a value in text order and `subst_dyn` replaces them by integers.

Evaluation follows CuTe: a coordinate is the colexicographic decomposition of an index over
the shape, and an index past the size extends along the last mode (the last mode absorbs the
overflow, as crd2idx does). A stride value is a vector: a dict {basis path: coefficient}, the
empty path being the plain integer offset.
"""

import re

_TOKEN = re.compile(r"\s*(?:(_?-?\d+)|(.))")


class ParseError(ValueError):
    pass


def strip_marks(text):
    """C++ prints static integers as `_N`; drop those marks (a lone `_` stays)."""
    return re.sub(r"_(?=-?\d)", "", text).replace(" ", "")


def _tokens(text):
    out = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ParseError(f"bad text at {pos}: {text!r}")
        num, ch = m.group(1), m.group(2)
        if num is not None:
            out.append(("num", int(num.lstrip("_"))))
        elif ch.strip():
            out.append(("ch", ch))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, text, dynamic=False):
        self.toks = _tokens(text)
        self.i = 0
        self.text = text
        self.dynamic = dynamic

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else ("end", None)

    def eat(self, ch):
        t = self.peek()
        if t != ("ch", ch):
            raise ParseError(f"expected {ch!r} at token {self.i} of {self.text!r}")
        self.i += 1

    def value(self):
        """A top-level value: a layout, a tuple/integer, a tiler or `_`."""
        t = self.peek()
        if t == ("ch", "["):
            return self.tiler()
        if t == ("ch", "_"):
            self.i += 1
            return ("under",)
        shape = self.tuple_or_leaf(stride=False)
        if self.peek() == ("ch", ":"):
            self.i += 1
            stride = self.tuple_or_leaf(stride=True)
            return ("layout", shape, stride)
        return shape

    def tiler(self):
        self.eat("[")
        items = [self.value()]
        while self.peek() == ("ch", ","):
            self.i += 1
            items.append(self.value())
        self.eat("]")
        return ("tiler", items)

    def tuple_or_leaf(self, stride):
        t = self.peek()
        if t == ("ch", "("):
            self.i += 1
            if self.peek() == ("ch", ")"):
                self.i += 1
                return ("tup", [])
            items = [self.tuple_or_leaf(stride)]
            while self.peek() == ("ch", ","):
                self.i += 1
                items.append(self.tuple_or_leaf(stride))
            self.eat(")")
            return ("tup", items)
        if t == ("ch", "_"):
            self.i += 1
            return ("under",)
        if t == ("ch", "?") and self.dynamic:
            self.i += 1
            return ("dyn", None)
        if t[0] != "num":
            raise ParseError(f"expected a number at token {self.i} of {self.text!r}")
        self.i += 1
        n = t[1]
        path = []
        while self.peek() == ("ch", "@"):
            self.i += 1
            k = self.peek()
            if k[0] != "num":
                raise ParseError(f"expected a basis index in {self.text!r}")
            self.i += 1
            path.append(k[1])
        if path:
            return ("basis", n, path)
        return ("int", n)


def parse(text, dynamic=False):
    """The value of `text`; `?` (a runtime leaf) is accepted only when `dynamic`."""
    p = _Parser(text, dynamic)
    v = p.value()
    if p.peek()[0] != "end":
        raise ParseError(f"trailing text in {text!r}")
    return v


def to_text(v):
    kind = v[0]
    if kind == "int":
        return str(v[1])
    if kind == "under":
        return "_"
    if kind == "dyn":
        return "?"
    if kind == "basis":
        return str(v[1]) + "".join(f"@{i}" for i in v[2])
    if kind == "tup":
        return "(" + ",".join(to_text(x) for x in v[1]) + ")"
    if kind == "layout":
        return to_text(v[1]) + ":" + to_text(v[2])
    if kind == "tiler":
        return "[" + ",".join(to_text(x) for x in v[1]) + "]"
    raise ValueError(kind)


# ---------------------------------------------------------------- C++ emission

def _cpp_leaf(v, stride):
    if v[0] == "int":
        return f"Int<{v[1]}>{{}}"
    if v[0] == "under":
        return "_"
    if v[0] == "dyn":
        return v[1]
    if v[0] == "basis":
        # C++ prints E<b,a> as `1@a@b`: the printed path is the reversed template path.
        e = "E<" + ",".join(str(i) for i in reversed(v[2])) + ">{}"
        return e if v[1] == 1 else f"(Int<{v[1]}>{{}} * {e})"
    raise ValueError(v)


def _cpp_tuple(v, stride):
    if v[0] == "tup":
        inner = ", ".join(_cpp_tuple(x, stride) for x in v[1])
        return f"make_stride({inner})" if stride else f"make_shape({inner})"
    return _cpp_leaf(v, stride)


def to_cpp(v):
    """A C++ expression with static integers that CuTe prints as `v` (modulo `_` marks)."""
    kind = v[0]
    if kind == "layout":
        return f"make_layout({_cpp_tuple(v[1], False)}, {_cpp_tuple(v[2], True)})"
    if kind == "tiler":
        return "make_tile(" + ", ".join(to_cpp(x) for x in v[1]) + ")"
    return _cpp_tuple(v, False)


def _map_dyn(v, fn):
    kind = v[0]
    if kind == "dyn":
        return fn(v)
    if kind in ("tup", "tiler"):
        return (kind, [_map_dyn(x, fn) for x in v[1]])
    if kind == "layout":
        return ("layout", _map_dyn(v[1], fn), _map_dyn(v[2], fn))
    return v


def bind_dyn(values, prefix="v"):
    """The values (a list) with their runtime leaves named prefix0, prefix1, ... in text order
    (over the whole list, left to right: a layout's shape before its stride); and the count."""
    k = [0]

    def name(_):
        k[0] += 1
        return ("dyn", f"{prefix}{k[0] - 1}")
    out = [_map_dyn(v, name) for v in values]
    return out, k[0]


def subst_dyn(values, ints):
    """The values (a list) with their i-th runtime leaf (text order) replaced by ints[i]."""
    it = iter(ints)
    out = [_map_dyn(v, lambda _: ("int", next(it))) for v in values]
    if next(it, None) is not None:
        raise ValueError("more values than runtime leaves")
    return out


# ---------------------------------------------------------------- evaluation

def leaves(t):
    if t[0] == "tup":
        out = []
        for x in t[1]:
            out.extend(leaves(x))
        return out
    return [t]


def product(t):
    p = 1
    for x in leaves(t):
        p *= x[1]
    return p


def size(layout):
    return product(layout[1])


def rank(t):
    return len(t[1]) if t[0] == "tup" else 1


def mode(t, i):
    return t[1][i] if t[0] == "tup" else t


def modes(layout):
    """The top-level modes of a layout, each a layout."""
    s, d = layout[1], layout[2]
    if s[0] == "tup":
        return [("layout", a, b) for a, b in zip(s[1], d[1])]
    return [layout]


def _vec_add(acc, leaf, c):
    if c == 0:
        return
    if leaf[0] == "int":
        key, coef = (), leaf[1]
    else:
        key, coef = tuple(leaf[2]), leaf[1]
    acc[key] = acc.get(key, 0) + coef * c


def _congruent(s, d):
    if s[0] == "tup":
        return d[0] == "tup" and len(s[1]) == len(d[1]) and all(
            _congruent(a, b) for a, b in zip(s[1], d[1]))
    return d[0] != "tup"


def check_layout(layout):
    if layout[0] != "layout" or not _congruent(layout[1], layout[2]):
        raise ValueError("not a congruent layout")
    for x in leaves(layout[1]):
        if x[0] != "int" or x[1] < 1:
            raise ValueError("bad extent")


def evaluator(layout):
    """f(i) -> offset vector (a frozenset of (path, coef)), CuTe's crd2idx of the index i."""
    check_layout(layout)
    shp = [x[1] for x in leaves(layout[1])]
    std = leaves(layout[2])

    def f(i):
        acc = {}
        for k, (n, d) in enumerate(zip(shp, std)):
            if k == len(shp) - 1:
                c = i
            else:
                c, i = i % n, i // n
            _vec_add(acc, d, c)
        return tuple(sorted((p, c) for p, c in acc.items() if c != 0))
    return f


def scalar(vec):
    """A plain-integer offset vector as an int (None when it holds a basis component)."""
    if not vec:
        return 0
    if len(vec) == 1 and vec[0][0] == ():
        return vec[0][1]
    return None


def table(layout, limit=1 << 16):
    n = size(layout)
    if n > limit:
        return None
    f = evaluator(layout)
    return [f(i) for i in range(n)]


def _significant_leaves(layout):
    return [(x, d) for x, d in zip(leaves(layout[1]), leaves(layout[2])) if x[1] != 1]


def same_function(a, b, limit=1 << 20):
    """Same shape (as a tuple tree) and the same value at every index (equal strides on every
    leaf of extent > 1 suffice; otherwise the tables are compared, up to `limit` points)."""
    if a[0] != "layout" or b[0] != "layout":
        return a == b
    if a[1] != b[1]:
        return False
    if _significant_leaves(a) == _significant_leaves(b):
        return True
    ta, tb = table(a, limit), table(b, limit)
    return ta is not None and ta == tb


def same_values(a, b):
    """Same size and the same value at every index (shapes may differ)."""
    if size(a) != size(b):
        return False
    ta, tb = table(a), table(b)
    return ta is not None and ta == tb

