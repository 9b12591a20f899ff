"""Runtime (`?`) leaves in the index math (issue 49, item 7): crd2idx, idx2crd, crd2crd, size,
cosize, max_common_vector and max_common_layout on layouts with `?` leaves answer as `layout
eval` does, a runtime result is a `Symbolic` whose str() is what the CLI prints, and binding it
gives the static answer of the bound inputs (bind the layout first, then compute statically)."""

import itertools
import re

import pytest

import layout
from conftest import cli_eval
from layout import Layout, LayoutError, Symbolic, crd2idx, idx2crd

# Layouts with runtime leaves and values for them, in the order of their `?`.
RUNTIME_LAYOUTS = [
    ("(4,?):(1,4)", [(3,), (1,), (5,)]),
    ("(8,?):(?,1)", [(3, 2), (1, 8), (2, 1)]),
    ("(?,(4,?)):(1,(?,64))", [(3, 2, 5), (8, 3, 16), (1, 1, 7)]),
    ("((2,?),?):((?,1),32)", [(2, 3, 4), (4, 1, 2)]),
]


def bound_text(text, values):
    """`text` with its k-th `?` replaced by values[k]."""
    it = iter(values)
    out = re.sub(r"\?", lambda _: str(next(it)), text)
    assert next(it, None) is None
    return out


def cli(expr):
    out, code = cli_eval(expr)
    assert code == 0, expr
    return out


def test_crd2idx_of_a_runtime_layout_binds_to_the_static_answer():
    for text, value_sets in RUNTIME_LAYOUTS:
        L = Layout(text)
        for values in value_sets:
            B = Layout(bound_text(text, values))
            for i in range(B.size()):
                hier = idx2crd(i, B.shape)
                for c in (i, hier):
                    r = crd2idx(c, L)
                    assert isinstance(r, Symbolic)
                    assert layout.bind(r, *values) == crd2idx(c, B) == B(c), (text, values, c)
                    # L(c) is crd2idx too; an index into a runtime layout as well.
                    assert layout.bind(L(c), *values) == B(c)
            # The text the CLI prints, for one coordinate of each kind.
            ct = layout.to_text(idx2crd(B.size() - 1, B.shape))
            assert str(crd2idx(ct, L)) == cli(f"crd2idx({ct}, {text})") == "?"


def test_idx2crd_with_runtime_index_or_shape():
    r = idx2crd("?", (4, 8))
    assert isinstance(r, Symbolic) and str(r) == cli("idx2crd(?, (4,8))") == "(?,?)"
    assert r.expr == ("$0 % 4", "$0 / 4")
    for i in range(32):
        assert layout.bind(r, i) == idx2crd(i, (4, 8))
    # An index outside the shape breaks the domain condition recorded in the result.
    with pytest.raises(LayoutError, match=r"idx2crd: the coordinate or index is outside"):
        layout.bind(r, 32)
    # A runtime shape (a shape tuple with '?', as `L.shape` gives it).
    S = Layout("(?,8):(1,?)").shape
    assert S == ("?", 8)
    r = idx2crd(13, S)
    assert str(r) == cli("idx2crd(13, (?,8))") == "(?,?)"
    assert layout.bind(r, 4) == idx2crd(13, (4, 8)) == (1, 3)
    # Static inputs stay static.
    assert idx2crd(13, (4, 8)) == (1, 3)


def test_crd2crd_with_runtime_leaves():
    r = layout.crd2crd((1, "?"), (4, "?"), 32)
    assert isinstance(r, Symbolic) and str(r) == cli("crd2crd((1,?), (4,?), 32)") == "?"
    for m, c in itertools.product((2, 5, 8), range(2)):
        want = layout.crd2crd((1, c), (4, m), 32)
        assert layout.bind("crd2crd((1,?), (4,?), 32)", c, m) == want
    r = layout.crd2crd(13, ("?", 8), ("?", 4))
    assert layout.bind(r, 4) == layout.crd2crd(13, (4, 8), (4, 4))


def test_size_and_cosize_of_runtime_layouts():
    L = Layout("(4,?):(1,4)")
    for r in (layout.size(L), L.size(), layout.cosize(L), L.cosize()):
        assert isinstance(r, Symbolic) and str(r) == "?"
    assert str(layout.size(L)) == cli("size((4,?):(1,4))")
    assert layout.bind(L.size(), 5) == Layout("(4,5):(1,4)").size() == 20
    assert layout.bind(L.cosize(), 5) == Layout("(4,5):(1,4)").cosize()
    # Static layouts keep int answers.
    assert Layout("(4,5):(1,4)").size() == 20


def test_max_common_vector_and_layout_with_runtime_leaves():
    # CuTe C++ with int leaves: a runtime extent ends the common static vector.
    for a, b in [
        ("(8,?):(1,8)", "(8,?):(1,8)"),
        ("(?,8):(8,1)", "(?,8):(8,1)"),
        ("?:1", "?:1"),
        ("(4,?):(1,4)", "(4,?):(1,4)"),
        ("(?,8):(1,?)", "(?,8):(1,?)"),
    ]:
        v = layout.max_common_vector(a, b)
        m = layout.max_common_layout(Layout(a), Layout(b))
        assert str(v) == cli(f"max_common_vector({a}, {b})"), (a, b)
        assert str(m) == cli(f"max_common_layout({a}, {b})"), (a, b)
        # The answers are static (C++'s types decide them), so bind changes nothing.
        assert isinstance(v, int) and layout.bind(m) == m
    assert layout.max_common_vector("(8,?):(1,8)", "(8,?):(1,8)") == 8
    # Not the static answer of bound layouts, which may see further (C++: 24 for n = 3).
    assert layout.max_common_vector("(8,3):(1,8)", "(8,3):(1,8)") == 24
    assert layout.max_common_vector("(?,8):(8,1)", "(?,8):(8,1)") == 1


# Expressions as `layout eval` reads them: the `?` numbered across the whole expression.
EXPRESSIONS = [
    ("crd2idx((3,?), (4,?):(1,4))", [(2, 5), (0, 1), (4, 7)]),
    ("crd2idx(?, (8,?):(?,1))", [(10, 3, 2), (0, 1, 1), (23, 3, 5)]),
    ("idx2crd(?, (?,?))", [(7, 3, 4), (0, 1, 1), (11, 3, 4)]),
    ("crd2idx((1,?), (?,4):(1,?))", [(3, 256, 256), (0, 2, 5)]),
    ("crd2idx(?, zipped_divide((?,?):(?,1), (128,64)))", [(5, 1000, 512, 512)]),
    ("size(logical_divide((?,?):(1,?), (32,8)))", [(64, 16, 64)]),
]


def test_evaluate_and_bind_of_expressions_answer_as_the_cli():
    for expr, value_sets in EXPRESSIONS:
        r = layout.evaluate(expr)
        assert str(r) == cli(expr), expr
        for values in value_sets:
            args = ", ".join(str(v) for v in values)
            want = layout.evaluate(bound_text(expr, values))
            got = layout.bind(expr, *values)
            assert got == want, (expr, values)
            assert layout.to_text(got) == cli(f"bind({expr}, {args})"), (expr, values)
            if isinstance(r, Symbolic):
                # The Symbolic of the expression binds alike (its `?` keep the numbering).
                assert layout.bind(r, *values) == want


def test_symbolic_text_expression_equality():
    r = layout.evaluate("crd2idx(?, (8,?):(?,1))")
    assert repr(r) == "Symbolic('?')" and str(r) == "?"
    assert r.expr == "(($0 % 8) * $2) + ($0 / 8)"
    assert r == layout.evaluate("crd2idx(?, (8,?):(?,1))") and hash(r) == hash(
        layout.evaluate("crd2idx(?, (8,?):(?,1))")
    )
    assert r != layout.evaluate("crd2idx(?, (8,?):(1,?))")
    assert layout.evaluate("crd2idx((3,?), (4,?):(1,4))").expr == "3 + ($0 * 4)"
    # A Symbolic is a value like any other: to_text gives the CLI's text.
    assert layout.to_text(r) == "?"


def test_runtime_errors_are_precise():
    # The CLI's messages; a parse error points into the expression.
    with pytest.raises(LayoutError) as e:
        layout.evaluate("crd2idx(?, (8,?):(?,1)")
    assert e.value.message == "expected ')' closing the call to crd2idx, found end of input"
    assert e.value.offset == 22 and e.value.arg == 0
    with pytest.raises(LayoutError, match="has 3 runtime leaves '\\?' but 1 values were given"):
        layout.bind("crd2idx(?, (8,?):(?,1))", 1)
    with pytest.raises(LayoutError, match="bind: value 0 must be an integer, found a layout"):
        layout.bind("crd2idx(?, 8:1)", Layout("8:1"))
    with pytest.raises(LayoutError, match=r"crd2idx: the coordinate or index is outside"):
        layout.bind("crd2idx((3,?), (4,?):(1,4))", 5, 2)
    with pytest.raises(LayoutError, match="unknown operation 'nosuch'"):
        layout.evaluate("nosuch(1)")
    # A relation operation inside an expression answers as the CLI's.
    assert layout.evaluate("relation(4:2)") == cli("relation(4:2)")


def test_slices_keep_cutes_nesting():
    # CuTe's slice concatenates, at each level, the modes a `_` keeps (underscore.hpp:
    # filter_tuple of lift_slice), so a `_` in a nested coordinate keeps the mode's leaves and
    # a `_` against a whole mode keeps the mode as one.
    z = layout.zipped_divide("?:1", (128,))
    assert str(z) == cli("zipped_divide(?:1, (128))") == "((128),(?)):((1),(128))"
    s = layout.slice_(((None,), ("?",)), z)
    assert str(s) == cli("slice(((_),(?)), zipped_divide(?:1, (128)))") == "(128):(1)"
    s = layout.slice_((None, "?"), z)
    assert str(s) == cli("slice((_,?), zipped_divide(?:1, (128)))") == "((128)):((1))"
