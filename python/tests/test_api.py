"""A pycute-style session: the classes, calling and slicing layouts, the algebra's
post-conditions checked on the results, errors as exceptions with message and offset."""

import pickle
import random

import pytest

import layout
from layout import (ComposedLayout, Layout, LayoutError, LinearLayout, Swizzle, coalesce,
                    complement, composition, cosize, left_inverse, logical_divide,
                    logical_product, right_inverse, size)


def test_layout_like_pycute():
    A = Layout((4, 8), (8, 1))
    assert str(A) == "(4,8):(8,1)" and repr(A) == "Layout('(4,8):(8,1)')"
    assert A.shape == (4, 8) and A.stride == (8, 1)
    assert len(A) == 2 and str(A[0]) == "4:8" and str(A[-1]) == "8:1"
    assert A(1, 2) == A((1, 2)) == 10
    assert A(5) == 9  # index 5 is coordinate (1, 1)
    assert size(A) == A.size() == 32 and cosize(A) == A.cosize() == 32
    assert str(Layout((2, (3, 4)))) == "(2,(3,4)):(1,(2,6))"  # compact column-major
    assert str(Layout(8)) == "8:1" and str(Layout((8,))) == "(8):(1)"
    assert Layout("(4,8):(8,1)") == A == layout.parse("(4,8):(8,1)")
    assert hash(A) == hash(Layout("(_4,_8):(_8,_1)"))
    assert pickle.loads(pickle.dumps(A)) == A
    with pytest.raises(IndexError):
        A[2]


def test_make_layout_of_shapes_and_of_layouts():
    assert str(layout.make_layout((2, (3, 4)))) == "(2,(3,4)):(1,(2,6))"
    assert str(layout.make_layout((2, 3), (3, 1))) == "(2,3):(3,1)"
    A, B = Layout(4, 2), Layout((2, 3), (1, 8))
    assert str(layout.make_layout(A, B)) == "(4,(2,3)):(2,(1,8))"
    assert layout.make_layout([A, B]) == layout.make_layout(A, B)
    assert str(layout.make_layout(A)) == "(4):(2)"
    I = layout.make_identity_layout((4, 2))
    assert I.stride == ("1@0", "1@1")
    assert Layout(I.shape, I.stride) == I
    assert str(layout.make_layout(I, Layout(3))) == "((4,2),3):((1@0,1@1),1)"


def test_to_text():
    assert layout.to_text((0, (1, 2))) == "(0,(1,2))"
    assert layout.to_text((None, 2)) == "(_,2)"
    assert layout.idx2crd(13, (4, 8)) == (1, 3)


def test_slicing_with_none():
    A = Layout((4, 8), (8, 1))
    assert str(A(None, 2)) == "(4):(8)"
    assert str(A((1, None))) == "(8):(1)"
    assert str(layout.slice_((None, 2), A)) == "(4):(8)"
    assert str(layout.dice((None, 2), A)) == "(8):(1)"


def test_swizzle_and_composed_layout():
    s = Swizzle(3, 4, 3)
    assert str(s) == "Sw<3,4,3>" and (s.bits, s.base, s.shift) == (3, 4, 3)
    assert s(1234) == 1218
    C = ComposedLayout(Swizzle(3, 3, 3), 0, Layout((8, 64), (64, 1)))
    assert str(C) == "Sw<3,3,3> o 0 o (8,64):(64,1)"
    inner = Layout((8, 64), (64, 1))
    for m in range(8):
        for n in range(64):
            assert C(m, n) == Swizzle(3, 3, 3)(inner(m, n))
    assert C.size() == 512 and str(C.inner) == "(8,64):(64,1)" and C.offset == 0
    assert C.layoutB == C.outer  # pycute's names
    # Slicing a swizzled layout follows CuTe C++ (swizzle_layout.hpp): the result is the
    # layout of the slice's offsets relative to its first element (C++'s slice drops the
    # offset, slice_and_offset returns it apart).
    row = C(3, None)
    assert str(row) == "((8,4,2)):((1,-8,32))"
    for n in range(64):
        assert row(n) - row(0) == C(3, n) - C(3, 0)
    with pytest.raises(LayoutError):
        Swizzle(3, 4, 2)  # |S| < B overlaps


def random_layout(rng):
    rank = rng.randint(1, 3)
    shape = tuple(rng.choice([1, 2, 3, 4, 8]) for _ in range(rank))
    order = list(range(rank))
    rng.shuffle(order)
    stride, run = [0] * rank, 1
    for i in order:
        stride[i] = run
        run *= shape[i] * rng.choice([1, 1, 2])
    return Layout(shape, tuple(stride))


def test_postconditions_on_random_layouts():
    rng = random.Random(7)
    for _ in range(300):
        A, B = random_layout(rng), random_layout(rng)
        # composition: R(c) == A(B(c)) where it exists
        try:
            R = composition(A, B)
        except LayoutError as e:
            assert e.message
        else:
            assert size(R) == size(B)
            for i in range(size(B)):
                assert R(i) == A(B(i))
        # coalesce keeps the function
        C = coalesce(A)
        assert size(C) == size(A) and all(C(i) == A(i) for i in range(size(A)))
        # right_inverse: A(R(i)) == i
        R = right_inverse(A)
        assert all(A(R(i)) == i for i in range(size(R)))
        # left_inverse of an injective layout: R(A(i)) == i
        if len({A(i) for i in range(size(A))}) == size(A):
            L = left_inverse(A)
            assert all(L(A(i)) == i for i in range(size(A)))
            # complement: (A, complement) injective, covers the cotarget
            M = cosize(A) * 2
            Cm = complement(A, M)
            offsets = {A(i) + Cm(j) for i in range(size(A)) for j in range(size(Cm))}
            assert len(offsets) == size(A) * size(Cm) and size(A) * size(Cm) >= M
            P = logical_product(A, Layout(2))
            assert size(P) == 2 * size(A) and str(P[0]) == str(A)
        # logical_divide: same size, R(c) == A(T*(c))
        T = Layout(2) if size(A) % 2 == 0 else Layout(1)
        try:
            D = logical_divide(A, T)
        except LayoutError as e:
            assert "logical_divide" in e.message
        else:
            assert size(D) == size(A)
            assert sorted(D(i) for i in range(size(D))) == sorted(A(i) for i in range(size(A)))


def test_errors_carry_message_offset_and_argument():
    with pytest.raises(LayoutError) as e:
        Layout("(4,8):(8,1")
    assert e.value.offset == 10 and e.value.arg == 0
    assert e.value.message == "parse error at byte 10: expected ',' or ')', found end of input"
    assert isinstance(e.value, ValueError)
    with pytest.raises(LayoutError) as e:
        composition("(4,8):(8,1)", "(2,3")
    assert (e.value.offset, e.value.arg) == (4, 1)
    with pytest.raises(LayoutError) as e:
        composition(Layout((4, 8), (8, 1)), Layout(3, 5))
    assert e.value.offset is None and e.value.arg is None and "composition" in e.value.message
    with pytest.raises(LayoutError) as e:
        layout.call("frob", "8:1")
    assert "unknown operation 'frob'" in e.value.message
    with pytest.raises(LayoutError):
        Layout((4, 8), (8, 1, 2))
    with pytest.raises(LayoutError):
        Layout(2**70)
    with pytest.raises(LayoutError):
        layout.parse("f16")


def test_linear_layouts():
    L = LinearLayout.identity(4, "register", "dim0")
    assert L.ins == [("register", 4)] and L.outs == [("dim0", 4)]
    assert L.apply(register=3) == {"dim0": 3} == L.apply({"register": 3})
    assert L.to_triton() == "#ttg.linear<{register = [[1], [2]]}>"
    assert LinearLayout("#ttg.linear<{register = [[1], [2]]}>") == L
    S = LinearLayout.strided(4, 2, "dim0", "offset")
    assert L.compose(S).apply(register=3) == {"offset": 6}
    assert (L * LinearLayout.identity(2, "lane", "dim0")).outs == [("dim0", 8)]
    assert L.is_invertible() and L.invert().ins == [("dim0", 4)]
    F = LinearLayout.from_cute(Layout((4, 2), (2, 1)))
    assert str(F.to_cute()) == "(4,2):(2,1)"
    enc = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
    B = LinearLayout.encoding(enc, [64, 64])
    J = LinearLayout.encoding({"kind": "blocked", "size_per_thread": [1, 4], "threads_per_warp": [4, 8],
                               "warps_per_cta": [4, 1], "order": [1, 0]}, [64, 64])
    assert B == J and B.ins[:3] == [("register", 32), ("lane", 32), ("warp", 4)]
    with pytest.raises(LayoutError) as e:
        LinearLayout("#ttg.linear<{register = [[1], [2]}>")
    assert e.value.offset is not None
    # An encoding with its shape, in Triton's type syntax, is a linear layout too (issue 32).
    T = LinearLayout(f"tensor<64x64xf16, {enc}>")
    assert T == B
    # sizePerThread [1, 4] along dim1, the fastest dimension: 4 consecutive elements.
    assert layout.linear_vector_width(T) == 4
    assert layout.linear_vector_width(f"tensor<64x64xf16, {enc}>") == 4
    with pytest.raises(LayoutError) as e:
        LinearLayout(enc)
    assert "depends on the tensor shape" in e.value.message


def test_convert_plan():
    # An mma.sync accumulator to 8-element rows (issue 32): stmatrix.x4 and 16-byte loads, at
    # the per-warp lower bound, with the certificate the checker re-derived.
    acc = "tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>"
    rows = "tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>"
    p = layout.convert_plan(acc, rows, 16)
    assert p["path"] == "shared" and p["warps"] == 4 and p["smem_bytes"] == 8192
    assert [(i["name"], i["count"]) for i in p["instructions"]] == [
        ("stmatrix.sync.aligned.m8n8.x4.shared.b16", 4), ("bar.sync", 1), ("ld.shared.v4.b32", 4)]
    assert p["cost"] == p["lower_bound"] == 32 and p["certificate"]["verified"]
    assert p["smem"].ins == [("offset", 4096)] and p["smem"].is_invertible()
    assert layout.convert_plan(acc, acc, 16)["path"] == "registers"
    with pytest.raises(LayoutError) as e:
        layout.convert_plan(acc, rows, 16, 1024)
    assert "more than the budget of 1024" in e.value.message


def test_hardware_operations():
    d = layout.tma_desc("f32", "(1024,256):(256,1)", "(64,32):(32,1)")
    assert d["boxDim"] == [32, 64] and d["globalDim"] == [256, 1024]
    assert layout.wgmma_desc("f16", "K", "Sw<3,3,3> o 16 o (64,16):(64,1)") == "0x4000004000010002"
    # The WGMMA m64n16 accumulator stored as f16 pairs; 8- and 16-byte stores rejected.
    p = layout.fragment_store("f16", "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))", 64)
    assert p["threads"] == 128 and p["widths"] == [2, 2, 2, 2]
    assert p["values"][2] == [8, 0] and [r["width"] for r in p["rejected"]] == [8, 4]
    with pytest.raises(LayoutError) as e:
        layout.fragment_store("f16", "(4,4):(1,1)", 16)
    assert "not injective" in e.value.message
    # The operand layout of the sm_90 GEMM's A tile, chosen and certified (issue 32).
    s = layout.smem_layout("f16", "K", 128, 64, 4)
    assert s["swizzle_bytes"] == 128 and s["stage_bytes"] == 16384
    assert s["layout"] == "Sw<3,3,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))"
    assert s["certificate"]["descriptor"] == "0x4000004000010000"
    assert [r["row_bytes"] for r in layout.smem_layout("f16", "K", 128, 32, 2)["rejected"]] == [128]
    with pytest.raises(LayoutError) as e:
        layout.smem_layout("f16", "K", 256, 64, 8)
    assert "more than the 232448 bytes" in e.value.message


def test_every_operation_has_its_help_and_its_example_holds():
    for op in layout.OP_NAMES:
        f = getattr(layout, op)
        assert f.__doc__.startswith(op + "("), op
        signature, contract, example, result = layout._native.op_help(op)
        assert result in f.__doc__
        # The example is a nested call expression: `evaluate` reads it as the CLI does. A
        # text result (a descriptor, a LEGO chain) is a str, printed by the CLI as JSON.
        r = layout.evaluate(example)
        if isinstance(r, str):
            assert json.dumps(r) == result or r == result, op
        elif not isinstance(r, (dict, list, bool, int, tuple)):
            assert str(r) == result, op


def test_docs_session_and_docstrings_run_as_shown():
    import doctest
    import pathlib

    docs = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
    r = doctest.testfile(str(docs), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert r.attempted >= 10 and r.failed == 0, r
    r = doctest.testmod(layout)
    assert r.attempted >= 3 and r.failed == 0, r


# ---------------------------------------------------------------------------------------
# Every surface answers the same (issue 29, item 3)

import json
import subprocess

from conftest import cli_eval, cli_path

FIG9 = "OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])"
CHAIN = "OrderBy(Col([2,3])).GroupBy([2,3])"



def test_op_names_are_the_registry_of_the_cli():
    """OP_NAMES is the registry the CLI reads: every operation `layout help` lists, each
    with its help, and every one a function of the package."""
    out = subprocess.run([str(cli_path()), "help"], capture_output=True, text=True, check=True).stdout
    section = out.split("OPERATIONS")[1].split("\n\n")[0]
    listed = " ".join(section.splitlines()[1:]).split()
    assert list(layout.OP_NAMES) == listed
    # The ops of the dialect that exist only in IR (`layout help` lists them apart) are in the
    # registry but are no functions of the package.
    ir_only = out.split("IR-ONLY OPS")[1].split("):", 1)[1].split()
    assert "make_tensor" in ir_only and "wgmma" in ir_only and len(ir_only) >= 40
    for op in ir_only:
        assert op not in layout.OP_NAMES and op not in layout.__all__, op
        info = layout._native.op_info(op)
        assert info["family"] == "kernel" and info["example"] == "" and info["contract"], op
    with pytest.raises(LayoutError) as e:
        layout.call("make_tensor", "1", "2")
    assert "exists only in IR" in e.value.message
    for op in ["equal", "is_injective", "is_bijective", "gaps", "out_of_domain", "complement_fill",
               "relation", "image", "from_relation", "relation_compose", "relation_inverse",
               "lego_is_bijective", "complement_check"]:
        assert op in layout.OP_NAMES and callable(getattr(layout, op)), op
        info = layout._native.op_info(op)
        assert info["family"] == "relation" and info["name"] == op
        lo, hi = info["arity"]
        assert lo >= 1 and (hi is None or hi >= lo)
    assert layout._native.op_info("select")["arity"] == (2, None)
    assert layout._native.op_info("frob") is None


def relation_text(value):
    """A relation operation's answer as `layout eval` prints it."""
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def test_relation_operations_answer_as_the_cli():
    cases = [
        ("relation", ["(2,2):(1,4)", "coord"]),
        ("relation", ["(4,2):(2,1)"]),
        ("equal", ["(4,2):(1,4)", "8:1"]),
        ("equal", ["(4,2):(2,1)", "(2,4):(4,1)"]),
        ("is_injective", ["(4,8):(8,1)"]),
        ("is_bijective", ["8:2"]),
        ("is_bijective", [CHAIN]),
        ("image", ["4:2"]),
        ("gaps", ["(2,3):(1,4)"]),
        ("from_relation", ["{ [c] -> [31 + 4c + 31*floor((-1 - c)/8)] : 0 <= c <= 31 }"]),
        ("from_relation", ["{ [c] -> [2c] : 0 <= c < 8 }", "(2,4)"]),
        ("relation_compose", ["(4,2):(1,4)", "8:1"]),
        ("out_of_domain", ["4:1", "(2,4):(1,2)"]),
        ("relation_inverse", ["4:2"]),
        ("complement_fill", ["(2,2):(1,5)", "20"]),
        ("lego_is_bijective", [CHAIN]),
        ("complement_check", ["4:2", "24"]),
    ]
    assert {op for op, _ in cases} == {op for op in layout.OP_NAMES
                                       if layout._native.op_info(op)["family"] == "relation"}
    for op, args in cases:
        want, code = cli_eval(f"{op}({', '.join(args)})")
        assert code == 0, (op, args)
        # Text arguments, and the named function.
        got = layout.call(op, *args)
        assert relation_text(got) == want, (op, args, got, want)
        assert relation_text(getattr(layout, op)(*args)) == want
    # Object arguments: layouts, ints, linear layouts.
    A = Layout((4, 2), (1, 4))
    assert layout.equal(A, Layout(8)) == {"equal": True}
    assert str(layout.complement_fill(Layout((2, 2), (1, 5)), 20)) == "(2,3):(2,9)"
    assert isinstance(layout.complement_fill("(2,2):(1,5)", 20), Layout)
    assert layout.is_bijective(LinearLayout.identity(4, "register", "dim0"))["holds"] is True
    assert layout.is_injective(Layout((4, 2), (1, 0)))["holds"] is False
    # A LEGO chain as the text it is.
    assert layout.equal(CHAIN, Layout((2, 3), (1, 2))) == {"equal": True}
    # Errors: the relation's message, with the argument of a parse error.
    with pytest.raises(LayoutError) as e:
        layout.equal("8:1", "(2,4:(1,2)")
    assert e.value.arg == 1 and e.value.offset == 4
    with pytest.raises(LayoutError) as e:
        layout.complement_fill("(2,2):(1,5)", "x")
    assert "complement_fill: the target size must be an integer" in e.value.message
    with pytest.raises(LayoutError) as e:
        layout.gaps("8:1", "8:1")
    assert e.value.message == "gaps: expected 1 arguments, found 2"


def test_lego_operations_take_ints_and_objects():
    want, code = cli_eval(f"lego_apply({FIG9}, 4, 2)")
    assert (want, code) == ("23", 0)
    assert layout.lego_apply(FIG9, 4, 2) == 23
    assert layout.call("lego_apply", FIG9, 4, "2") == 23
    assert layout.lego_apply(FIG9, "4", "2") == 23
    assert layout.lego_inv(FIG9, 23) == [4, 2]
    # A CuTe layout object where the operation reads a layout.
    assert layout.lego_equal(CHAIN, Layout((2, 3), (1, 2))) == {"equal": True}
    assert str(layout.lego_to_cute(layout.lego_from_cute(Layout((2, 3), (1, 2))))) == "(2,3):(1,2)"
    with pytest.raises(LayoutError) as e:
        layout.lego_apply(FIG9, 6, 2)
    assert e.value.message == layout_error_of("lego_apply", FIG9, "6", "2")


def layout_error_of(op, *args):
    with pytest.raises(LayoutError) as e:
        layout.call(op, *args)
    return e.value.message


def test_to_text_of_tuples_with_dynamic_and_basis_leaves():
    """A tuple with `?` or a scaled basis `1@0` is the tuple it is, in the CLI's text."""
    assert layout.to_text((4, "?")) == "(4,?)"
    assert layout.to_text(("?", (2, "?"))) == "(?,(2,?))"
    assert layout.to_text((1, "1@0")) == "(1,1@0)"
    assert layout.to_text(("1@0", ("1@1", 2))) == "(1@0,(1@1,2))"
    assert layout.to_text((None, "?")) == "(_,?)"
    I = layout.make_identity_layout((4, 2))
    assert layout.to_text(I.stride) == "(1@0,1@1)" == cli_eval("stride(make_identity_layout((4,2)))")[0]
    D = Layout("(4,?):(1,4)")
    assert D.shape == (4, "?") and layout.to_text(D.shape) == "(4,?)" == cli_eval("shape((4,?):(1,4))")[0]
    # Tuples of layouts stay tilers; tuples of plain int strings as before.
    assert layout.to_text((Layout(2), Layout(4))) == "[2:1,4:1]"
    assert layout.to_text(("4", "2")) == "[4,2]"


def test_bind_runtime_leaves():
    # A `?` leaf carries the expression of its value; bind gives the layout CuTe C++ computes
    # with int leaves of those values (the i-th `?` of the parsed text takes the i-th value).
    a = layout.Layout("(?,?):(?,1)")
    z = layout.zipped_divide(a, [128, 64])
    assert str(z) == "((128,64),(?,?)):((?,1),(?,64))"
    b = layout.bind(z, 1000, 512, 512)
    assert isinstance(b, layout.Layout)
    assert str(b) == "((128,64),(8,8)):((512,1),(65536,64))"
    # The same from texts, as `layout batch` reads them.
    assert str(layout.bind("(?,8):(1,?)", "3", "5")) == "(3,8):(1,5)"
    # A value set that breaks a condition C++ leaves unchecked is refused with the condition.
    p = layout.logical_product(layout.Layout("?:?"), layout.Layout("4:1"))
    with pytest.raises(layout.LayoutError, match="shape divisibility condition"):
        layout.bind(p, 1000, 3)
    # The count of values must match the runtime leaves.
    with pytest.raises(layout.LayoutError):
        layout.bind(z, 1000)
