"""The layout algebra in Python: CuTe layouts, swizzles, composed layouts and Triton's
linear layouts, computed by the Rust crate `layout-algebra` (the same code as the `layout`
CLI and the MLIR dialect).

Classes: ``Layout``, ``Swizzle``, ``ComposedLayout``, ``LinearLayout``, and ``Symbolic`` (an
index or coordinate computed from runtime ``?`` leaves, bound by ``bind``). Every operation of
the algebra is a function of this module named as in CuTe / pycute / the CuTe DSL
(``composition``, ``complement``, ``logical_divide``, ``size``, ``cosize``, ...; ``slice_``
for CuTe's ``slice``), plus the ``linear_*``, hardware, ``lego_*`` and relation operations
(``equal``, ``is_injective``, ``is_bijective``, ``gaps``, ... on ISL) of ``layout help``: one
function per entry of the registry the CLI reads (``OP_NAMES``).
Arguments are objects of these classes, ints, nested tuples (shapes and coordinates; ``None``
is CuTe's ``_``), tuples or lists of layouts (by-mode tilers), or strings in the layout
syntax (``"(4,8):(8,1)"``, ``"Sw<3,4,3> o 0 o (8,64):(64,1)"``, ``"#ttg.linear<{...}>"``,
names such as ``"f16"``). ``evaluate(text)`` evaluates a whole expression as ``layout eval``
does (its ``?`` numbered across it). Errors raise ``LayoutError`` (a ``ValueError``) with ``message``,
``offset`` (the byte of a parse error) and ``arg`` (which argument).

    >>> from layout import Layout, composition, logical_divide, size
    >>> A = Layout((4, 8), (8, 1))
    >>> A(1, 2), size(A), str(logical_divide(A, (Layout(2), Layout(4))))
    (10, 32, '((2,2),(4,2)):((8,16),(1,4))')
"""

from . import _native
from ._native import (
    ComposedLayout,
    Layout,
    LayoutError,
    LinearLayout,
    OP_NAMES,
    Swizzle,
    Symbolic,
    __version__,
    call,
    evaluate,
    parse,
    to_text,
)

__all__ = [
    "ComposedLayout",
    "Layout",
    "LayoutError",
    "LinearLayout",
    "OP_NAMES",
    "Swizzle",
    "Symbolic",
    "call",
    "evaluate",
    "parse",
    "to_text",
    "help_text",
]


def help_text(op):
    """The signature, contract and a checked example of an operation (as ``layout help OP``)."""
    h = _native.op_help(op)
    if h is None:
        raise LayoutError(f"unknown operation '{op}'")
    signature, contract, example, result = h
    return f"{signature}\n\n{contract}\n\nExample: {example} = {result}\n"


def _make(op):
    def f(*args):
        return call(op, *args)

    f.__name__ = f.__qualname__ = op
    f.__doc__ = help_text(op)
    return f


# One function per operation. Names that shadow Python builtins (``slice``, ``filter``,
# ``print``, ``eval``) are reachable as module attributes; ``slice_``, ``filter_``,
# ``print_`` and ``eval_`` are the same functions, and only these go into ``__all__``.
_BUILTINS = {"slice", "filter", "print", "eval"}
for _op in OP_NAMES:
    _f = _make(_op)
    globals()[_op] = _f
    if _op in _BUILTINS:
        globals()[_op + "_"] = _f
        __all__.append(_op + "_")
    else:
        __all__.append(_op)
del _op, _f


def make_layout(*args):
    """make_layout(S[, strides]): S with the given strides, or its compact column-major layout
    (CuTe C++ and the CuTe DSL). make_layout(L0, L1, ...) or make_layout([L0, L1, ...]) with
    layouts: the layout whose modes are L0, L1, ... (CuTe C++'s overload, pycute's only form).
    """
    layouts = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
    if layouts and all(isinstance(x, Layout) for x in layouts):
        return Layout(tuple(x.shape for x in layouts), tuple(x.stride for x in layouts))
    return call("make_layout", *args)


make_layout.__doc__ = help_text("make_layout") + "\n" + make_layout.__doc__
