"""The package answers as the `layout` CLI does, on the shared oracle corpus
(tests/data/oracle: CuTe C++ unit cases and 2000 pycute cases): the same results and the
same errors (message, byte offset, argument index), whether the arguments are text or
objects of the package."""

import json

import layout
from layout import LayoutError, LinearLayout


def as_answer(value):
    """A Python result in the JSON form of `layout batch`."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, list) and all(isinstance(x, int) for x in value):
        return value
    if isinstance(value, LinearLayout):
        return json.loads(str(value))
    if isinstance(value, tuple):
        return layout.to_text(value)
    if isinstance(value, (dict, list)):
        return json.loads(json.dumps(value, default=lambda o: json.loads(str(o))))
    return str(value)


def answer(op, args):
    try:
        return {"result": as_answer(layout.call(op, *args))}
    except LayoutError as e:
        a = {"error": e.message}
        assert str(e) == e.message
        if e.offset is not None:
            a["offset"] = e.offset
            a["arg"] = e.arg
        return a


def test_corpus_is_large(requests):
    ops = {op for op, _ in requests}
    assert len(requests) > 20000, len(requests)
    for op in ["composition", "complement", "logical_divide", "logical_product", "coalesce",
               "right_inverse", "left_inverse", "slice", "idx2crd", "crd2idx", "eval"]:
        assert op in ops, op


def test_text_arguments_answer_as_the_cli(requests, cli_answers):
    differ = []
    errors = 0
    for (op, args), cli in zip(requests, cli_answers):
        cli = {k: v for k, v in cli.items() if k != "id"}
        errors += "error" in cli
        ours = answer(op, args)
        if ours != cli:
            differ.append((op, args, ours, cli))
    assert not differ, f"{len(differ)} differ, e.g. {differ[:3]}"
    # The corpus exercises both answers and refusals.
    assert 100 < errors < len(requests) // 2, errors


def test_object_arguments_answer_as_text_arguments(requests, cli_answers):
    """Arguments parsed into Layout/Swizzle/ComposedLayout objects (and ints, tuples) give
    the same results as their text."""
    checked = 0
    for (op, args), cli in zip(requests, cli_answers):
        if "result" not in cli:
            continue
        objs = [layout.parse(a) for a in args]
        assert as_answer(layout.call(op, *objs)) == cli["result"], (op, args)
        checked += 1
    assert checked > 10000, checked


def test_named_functions_are_the_calls():
    A = layout.Layout((4, 8), (8, 1))
    for op in ["size", "cosize", "rank", "depth", "coalesce", "filter_zeros", "right_inverse",
               "left_inverse", "flatten", "make_layout_like"]:
        assert getattr(layout, op)(A) == layout.call(op, "(4,8):(8,1)"), op
    assert layout.slice_ is layout.slice and layout.filter_ is layout.filter
    assert "slice" not in layout.__all__ and "slice_" in layout.__all__
    assert set(layout.OP_NAMES) <= set(dir(layout))
