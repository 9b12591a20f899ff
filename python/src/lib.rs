//! `layout._native`: the Python classes and the operation call over `layout-algebra`.
//!
//! Values cross the boundary as the algebra's [`Value`]: a Python object becomes a value by
//! [`to_value`] (classes of this module, ints, tuples, lists, `None` for `_`, dicts, strings
//! in the layout syntax or the linear/hardware argument forms), a result becomes a Python
//! object by [`from_value`]. Every operation of the registry (`tools/layout/src/op_help.rs`,
//! shared with the CLI: the algebra's operations and the relation operations of
//! `layout-relation`) is reached through [`call`], routed by its family as `layout eval`
//! routes it; the Python layer (`layout/__init__.py`) makes one function per name. Index
//! math on runtime (`?`) leaves gives a [`symbolic::PySymbolic`]; [`evaluate`] and `bind` of
//! an expression text run the CLI's expression evaluator (`layout_algebra::expression`, with
//! the CLI's registry, `tools/layout/src/registry.rs`). Errors are
//! `LayoutError` (a `ValueError`) with the algebra's message, the byte `offset` of a parse
//! error (else `None`) and the index `arg` of the argument it is in.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};

use layout_algebra::stride::Stride;
use layout_algebra::value::{Coord, CrdLeaf};
use layout_algebra::{ops, text, Error, Func, Int, IntTuple, Tree, Value};

// The registry of the operations, the relation operations in expressions and the registry
// as the expression evaluator calls it: the CLI's files, so that names, routing and answers
// are the CLI's.
#[path = "../../tools/layout/src/op_help.rs"]
#[allow(dead_code)]
mod op_help;
#[path = "../../tools/layout/src/registry.rs"]
#[allow(dead_code)]
mod registry;
#[path = "../../tools/layout/src/relation_ops.rs"]
#[allow(dead_code)]
mod relation_ops;
mod symbolic;

use layout_algebra::expression::{self, ExprError};
use op_help::Family;
use symbolic::PySymbolic;

create_exception!(
    layout,
    LayoutError,
    PyValueError,
    "An error of the layout algebra: `message`, the byte `offset` of a parse error inside the argument text (else None) and the index `arg` of that argument (else None)."
);

/// The Python exception for an algebra error.
fn layout_error(py: Python<'_>, e: &Error, arg: Option<usize>) -> PyErr {
    error_at(py, e.to_string(), e.offset(), arg)
}

/// The Python exception with `message`, the byte `offset` and the argument `arg` it is in
/// (set only with an offset).
fn error_at(py: Python<'_>, message: String, offset: Option<usize>, arg: Option<usize>) -> PyErr {
    let err = LayoutError::new_err(message.clone());
    let v = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = v.setattr("message", message);
    let _ = v.setattr("offset", offset);
    let _ = v.setattr("arg", arg.filter(|_| offset.is_some()));
    err
}

fn algebra_error(py: Python<'_>, msg: impl Into<String>) -> PyErr {
    layout_error(py, &Error::algebra(msg), None)
}

// ------------------------------------------------------------------------------------------
// Python -> Value

fn int_of(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    let py = obj.py();
    if obj.is_instance_of::<PyBool>() {
        return Err(algebra_error(
            py,
            "a bool is not an integer of the layout algebra",
        ));
    }
    obj.extract::<i64>()
        .map_err(|_| algebra_error(py, format!("{obj} is outside the i64 range")))
}

fn is_int(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<pyo3::types::PyInt>() && !obj.is_instance_of::<PyBool>()
}

/// A nested tuple whose leaves are ints and `None` (at least one): a coordinate with `_`.
fn int_tree(obj: &Bound<'_, PyAny>, none_ok: bool) -> Option<bool> {
    if obj.is_none() {
        return none_ok.then_some(true);
    }
    if is_int(obj) {
        return Some(false);
    }
    let t = obj.downcast::<PyTuple>().ok()?;
    let mut any_none = false;
    for x in t.iter() {
        any_none |= int_tree(&x, none_ok)?;
    }
    Some(any_none)
}

fn coord_of(obj: &Bound<'_, PyAny>) -> PyResult<Coord> {
    if obj.is_none() {
        return Ok(Tree::Leaf(CrdLeaf::All));
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return t
            .iter()
            .map(|x| coord_of(&x))
            .collect::<PyResult<_>>()
            .map(Tree::Node);
    }
    Ok(Tree::Leaf(CrdLeaf::Int(Int::Lit(int_of(obj)?))))
}

fn tuple_of(obj: &Bound<'_, PyAny>) -> PyResult<IntTuple> {
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return t
            .iter()
            .map(|x| tuple_of(&x))
            .collect::<PyResult<_>>()
            .map(Tree::Node);
    }
    Ok(Tree::Leaf(Int::Lit(int_of(obj)?)))
}

fn json_dumps(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    let json = obj.py().import("json")?;
    json.call_method1("dumps", (obj,))?.extract()
}

/// A Python object as an argument value.
pub fn to_value(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    let py = obj.py();
    if let Ok(l) = obj.downcast::<PyLayout>() {
        return Ok(l.get().v.clone());
    }
    if let Ok(l) = obj.downcast::<PySwizzle>() {
        return Ok(l.get().v.clone());
    }
    if let Ok(l) = obj.downcast::<PyComposedLayout>() {
        return Ok(l.get().v.clone());
    }
    if let Ok(l) = obj.downcast::<PyLinearLayout>() {
        return Ok(Value::Json(l.get().json.clone()));
    }
    if let Ok(s) = obj.downcast::<PySymbolic>() {
        return Ok(s.get().v.clone());
    }
    if obj.is_none() {
        return Ok(Value::All);
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        let s = s.to_cow()?;
        return ops::parse_arg(&s).map_err(|e| layout_error(py, &e, Some(0)));
    }
    if is_int(obj) || obj.is_instance_of::<PyBool>() {
        return Ok(Value::int(int_of(obj)?));
    }
    if obj.is_instance_of::<PyDict>() {
        return Ok(Value::Json(json_dumps(obj)?));
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return match int_tree(obj, true) {
            Some(false) => Ok(Value::Tuple(tuple_of(obj)?)),
            Some(true) => Ok(Value::Coord(coord_of(obj)?)),
            None => match scalar_tuple_text(obj) {
                // A tuple with `?` or scaled-basis leaves (`L.shape`, `L.stride` give them as
                // strings): the tuple, stride or coordinate it is.
                Some(text) => text::parse(&text).map_err(|e| layout_error(py, &e, None)),
                // Layouts (or other values) by mode: a tiler, as in pycute.
                None => t
                    .iter()
                    .map(|x| to_value(&x))
                    .collect::<PyResult<_>>()
                    .map(Value::Tiler),
            },
        };
    }
    if let Ok(l) = obj.downcast::<PyList>() {
        // A list of ints (or layouts) is a by-mode tiler `[a,b]`; anything else (names,
        // [name, size] pairs) is JSON for the linear-layout operations.
        if l.iter().all(|x| is_int(&x) || x.is_none() || is_func(&x)) {
            return l
                .iter()
                .map(|x| to_value(&x))
                .collect::<PyResult<_>>()
                .map(Value::Tiler);
        }
        return Ok(Value::Json(json_dumps(obj)?));
    }
    Err(algebra_error(
        py,
        format!(
            "cannot use a {} as a layout-algebra value",
            obj.get_type().name()?
        ),
    ))
}

/// The text of a nested tuple whose leaves are ints, `None` and strings of one scalar of the
/// layout syntax, with at least one string that an int cannot stand for (`?`, a scaled basis
/// `1@0`); None for any other object.
fn scalar_tuple_text(obj: &Bound<'_, PyAny>) -> Option<String> {
    fn go(obj: &Bound<'_, PyAny>, special: &mut bool) -> Option<String> {
        if obj.is_none() {
            return Some("_".into());
        }
        if is_int(obj) {
            return obj.extract::<i64>().ok().map(|v| v.to_string());
        }
        if let Ok(s) = obj.downcast::<PyString>() {
            let t = s.to_cow().ok()?;
            return match text::parse(&t).ok()? {
                Value::Tuple(Tree::Leaf(Int::Lit(_))) => Some(t.trim().to_string()),
                Value::Tuple(Tree::Leaf(Int::Dyn(_))) | Value::Strides(Tree::Leaf(_)) => {
                    *special = true;
                    Some(t.trim().to_string())
                }
                _ => None,
            };
        }
        let t = obj.downcast::<PyTuple>().ok()?;
        let parts = t
            .iter()
            .map(|x| go(&x, special))
            .collect::<Option<Vec<_>>>()?;
        Some(format!("({})", parts.join(",")))
    }
    let mut special = false;
    let t = go(obj, &mut special)?;
    special.then_some(t)
}

fn is_func(obj: &Bound<'_, PyAny>) -> bool {
    obj.downcast::<PyLayout>().is_ok()
        || obj.downcast::<PySwizzle>().is_ok()
        || obj.downcast::<PyComposedLayout>().is_ok()
}

// ------------------------------------------------------------------------------------------
// Value -> Python

fn int_obj(py: Python<'_>, x: &Int) -> PyObject {
    match x {
        Int::Lit(v) => v.into_pyobject(py).unwrap().into_any().unbind(),
        Int::Dyn(_) => "?".into_pyobject(py).unwrap().into_any().unbind(),
    }
}

fn tree_obj<T>(
    py: Python<'_>,
    t: &Tree<T>,
    leaf: &dyn Fn(Python<'_>, &T) -> PyObject,
) -> PyResult<PyObject> {
    Ok(match t {
        Tree::Leaf(x) => leaf(py, x),
        Tree::Node(xs) => {
            let items = xs
                .iter()
                .map(|x| tree_obj(py, x, leaf))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, items)?.into_any().unbind()
        }
    })
}

fn stride_obj(py: Python<'_>, s: &Stride) -> PyObject {
    if s.basis.is_empty() {
        int_obj(py, &s.coef)
    } else {
        let one = Value::Strides(Tree::Leaf(s.clone()));
        text::print(&one)
            .into_pyobject(py)
            .unwrap()
            .into_any()
            .unbind()
    }
}

fn is_linear_json(s: &str) -> bool {
    s.trim_start().starts_with("{\"in_dims\"")
}

/// A result value as a Python object.
pub fn from_value(py: Python<'_>, v: Value) -> PyResult<PyObject> {
    Ok(match v {
        Value::Func(Func::Layout(_)) => Py::new(py, PyLayout { v })?.into_any(),
        Value::Func(Func::Swizzle(_)) => Py::new(py, PySwizzle { v })?.into_any(),
        Value::Func(Func::Composed(_)) => Py::new(py, PyComposedLayout { v })?.into_any(),
        Value::Tuple(t) => tree_obj(py, &t, &|py, x| int_obj(py, x))?,
        Value::Coord(c) => tree_obj(py, &c, &|py, x| match x {
            CrdLeaf::Int(i) => int_obj(py, i),
            CrdLeaf::All => py.None(),
        })?,
        Value::Strides(s) => tree_obj(py, &s, &stride_obj)?,
        Value::Tiler(items) => {
            let objs = items
                .into_iter()
                .map(|x| from_value(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, objs)?.into_any().unbind()
        }
        Value::All => py.None(),
        Value::Ints(xs) => PyList::new(py, xs)?.into_any().unbind(),
        // A composed layout with a tuple offset: its text (docs/syntax.md).
        Value::OffsetComposed(c) => PyString::new(py, &c.print()).into_any().unbind(),
        Value::Json(j) if is_linear_json(&j) => Py::new(py, PyLinearLayout { json: j })?.into_any(),
        Value::Json(j) => {
            let json = py.import("json")?;
            let obj = json.call_method1("loads", (j.as_str(),))?;
            // Objects holding a linear layout (e.g. "smem") give it as a LinearLayout.
            if let Ok(d) = obj.downcast::<PyDict>() {
                for (k, val) in d.iter() {
                    if let Ok(inner) = val.downcast::<PyDict>() {
                        if inner.contains("in_dims")? {
                            let text = json_dumps(&inner.clone().into_any())?;
                            let canon = ops::call("linear_print", &[Value::Json(text)])
                                .map_err(|e| layout_error(py, &e, None))?;
                            d.set_item(k, from_value(py, canon)?)?;
                        }
                    }
                }
            }
            obj.unbind()
        }
    })
}

/// The result of `op` as a Python object: a `Symbolic` for an integer or coordinate with
/// runtime leaves computed by index math (symbolic::RUNTIME_VALUE_OPS), else [`from_value`].
fn result_obj(py: Python<'_>, op: &str, v: Value) -> PyResult<PyObject> {
    if symbolic::RUNTIME_VALUE_OPS.contains(&op) && symbolic::is_runtime(&v) {
        return Ok(Py::new(py, PySymbolic { v })?.into_any());
    }
    from_value(py, v)
}

// ------------------------------------------------------------------------------------------
// The operation call

/// An argument of an operation that reads texts (LEGO and relation operations), as `layout
/// eval` passes it: a string as it is, a JSON string value as its contents, other JSON as it
/// is, any other value in canonical text (an int as its decimal, a Layout as its text).
fn arg_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.downcast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    Ok(match to_value(obj)? {
        Value::Json(j) if j.starts_with('"') => {
            let json = obj.py().import("json")?;
            match json
                .call_method1("loads", (j.as_str(),))?
                .extract::<String>()
            {
                Ok(t) => t,
                Err(_) => j,
            }
        }
        Value::Json(j) => j,
        v => text::print(&v),
    })
}

/// The texts of the arguments (see [`arg_text`]), each conversion error with its index.
fn arg_texts(py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Vec<String>> {
    args.iter()
        .enumerate()
        .map(|(i, a)| arg_text(&a).map_err(|e| reindex(py, e, i)))
        .collect()
}

/// A relation operation's answer: JSON as Python objects, a CuTe layout (`from_relation`,
/// `complement_fill`) as a Layout, ISL notation as a str; `str()` of each is what `layout
/// eval` prints.
fn relation_answer(py: Python<'_>, a: layout_relation::ops::Answer) -> PyResult<PyObject> {
    use layout_relation::ops::Answer;
    match a {
        Answer::Json(j) => from_value(py, Value::Json(j)),
        Answer::Text(t) => match text::parse(&t) {
            Ok(v @ Value::Func(_)) => from_value(py, v),
            _ => Ok(PyString::new(py, &t).into_any().unbind()),
        },
    }
}

/// `op(*args)`: every operation of the registry by name, routed by its family as `layout
/// eval` routes it. String arguments are read as `layout batch` reads them (so answers and
/// errors equal the CLI's); other arguments are converted by `to_value`, or for the LEGO and
/// relation operations (which read texts) by `arg_text`.
#[pyfunction]
#[pyo3(signature = (op, *args))]
fn call(py: Python<'_>, op: &str, args: &Bound<'_, PyTuple>) -> PyResult<PyObject> {
    let Some(family) = op_help::family(op) else {
        return Err(algebra_error(
            py,
            format!("unknown operation '{op}' (layout.OP_NAMES lists the operations)"),
        ));
    };
    if family == Family::Kernel {
        return Err(algebra_error(
            py,
            format!(
                "'{op}' is an op of the dialect that exists only in IR (layout.{op}): it is not \
                 evaluated (layout.op_info('{op}') gives its contract)"
            ),
        ));
    }
    if family == Family::Relation {
        let texts = arg_texts(py, args)?;
        let r = py.allow_threads(|| layout_relation::ops::call_text(op, &texts));
        return match r {
            Some(Ok(a)) => relation_answer(py, a),
            Some(Err((e, arg))) => Err(layout_error(py, &e, arg)),
            None => Err(algebra_error(py, format!("unknown operation '{op}'"))),
        };
    }
    if op == "bind"
        && args
            .get_item(0)
            .is_ok_and(|a| a.is_instance_of::<PyString>())
    {
        return bind_expression(py, args);
    }
    let r = if family == Family::Lego {
        let texts = arg_texts(py, args)?;
        py.allow_threads(|| ops::call_text_at(op, &texts))
    } else if args.iter().all(|a| a.is_instance_of::<PyString>()) {
        let texts: Vec<String> = args.iter().map(|a| a.extract()).collect::<PyResult<_>>()?;
        py.allow_threads(|| ops::call_text_at(op, &texts))
    } else {
        let mut vals = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            vals.push(to_value(&a).map_err(|e| reindex(py, e, i))?);
        }
        ops::call(op, &vals).map_err(|e| (e, None))
    };
    match r {
        Ok(v) => result_obj(py, op, v),
        Err((e, arg)) => Err(layout_error(py, &e, arg)),
    }
}

/// `bind(EXPR, v0, v1, ...)` with EXPR a text: an expression (calls allowed, its `?` numbered
/// across it), as `layout batch` reads bind's first argument; the values are ints or texts
/// (other objects as their text). Answers and errors are the batch's.
fn bind_expression(py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<PyObject> {
    let mut texts = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        texts.push(match a.downcast::<PyString>() {
            Ok(s) => s.to_cow()?.into_owned(),
            Err(_) => to_text(&a).map_err(|e| reindex(py, e, i))?,
        });
    }
    let r = py.allow_threads(|| expression::eval_bind_texts(&texts, &registry::Ops));
    match r {
        Ok(v) => from_value(py, v),
        Err(e) => Err(error_at(py, e.message, None, None)),
    }
}

/// Evaluate an expression as `layout eval` does: a value of the layout syntax or a call
/// `name(arg, ...)` of any operation, the `?` of its value texts numbered `$0, $1, ...` left
/// to right across the whole expression. An integer or coordinate result with runtime leaves
/// is a `Symbolic` (bound by `bind` with one value per `?` of the expression); `str()` of the
/// result is what `layout eval` prints. An error has the CLI's message and `offset` (the byte
/// in the expression it points at; `arg` 0).
#[pyfunction]
fn evaluate(py: Python<'_>, expr: &str) -> PyResult<PyObject> {
    let r = py.allow_threads(|| expression::eval_str(expr, &registry::Ops));
    match r {
        Ok(v) if symbolic::is_runtime(&v) => Ok(Py::new(py, PySymbolic { v })?.into_any()),
        // A relation operation's answer in text: JSON, a CuTe layout or ISL notation.
        Ok(Value::Json(t)) if layout_algebra::linear::json::parse_json(&t).is_err() => {
            relation_answer(py, layout_relation::ops::Answer::Text(t))
        }
        Ok(v) => from_value(py, v),
        Err(ExprError { message, offset }) => Err(error_at(py, message, offset, Some(0))),
    }
}

/// Put the argument index `i` on a conversion error of one argument.
fn reindex(py: Python<'_>, e: PyErr, i: usize) -> PyErr {
    if e.is_instance_of::<LayoutError>(py) && e.value(py).getattr("arg").is_ok_and(|a| !a.is_none())
    {
        let _ = e.value(py).setattr("arg", i);
    }
    e
}

/// Call `op` on values; errors as LayoutError.
fn op_values(py: Python<'_>, op: &str, args: &[Value]) -> PyResult<Value> {
    ops::call(op, args).map_err(|e| layout_error(py, &e, None))
}

fn op_obj(py: Python<'_>, op: &str, args: &[Value]) -> PyResult<PyObject> {
    from_value(py, op_values(py, op, args)?)
}

/// Parse text of the layout syntax (or a linear layout) into its Python object.
#[pyfunction]
fn parse(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    let v = ops::parse_arg(text).map_err(|e| layout_error(py, &e, Some(0)))?;
    match v {
        Value::Json(t) if layout_algebra::linear::is_linear_text(&t) => {
            op_obj(py, "linear_print", &[Value::Json(t)])
        }
        Value::Json(t) => Err(algebra_error(
            py,
            format!("'{t}' is not a value of the layout syntax or a linear layout"),
        )),
        v => from_value(py, v),
    }
}

/// Any value in the canonical text of the layout syntax (no spaces): `to_text((0,(1,2)))`
/// is `"(0,(1,2))"`, `to_text((None, 2))` is `"(_,2)"`.
#[pyfunction]
fn to_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(match to_value(obj)? {
        Value::Json(j) => j,
        v => text::print(&v),
    })
}

/// The help of an operation: (signature, contract, example, result), or None.
#[pyfunction(name = "op_help")]
fn help_entry(name: &str) -> Option<(&'static str, &'static str, &'static str, &'static str)> {
    op_help::lookup(name).map(|h| (h.signature, h.contract, h.example, h.result))
}

/// The registry entry of an operation as a dict (name, family, signature, arity as (least,
/// most or None), contract, example, result), or None.
#[pyfunction]
fn op_info(py: Python<'_>, name: &str) -> PyResult<Option<PyObject>> {
    let Some(h) = op_help::lookup(name) else {
        return Ok(None);
    };
    let d = PyDict::new(py);
    d.set_item("name", h.name)?;
    d.set_item("family", format!("{:?}", h.family).to_lowercase())?;
    d.set_item("signature", h.signature)?;
    d.set_item("arity", h.arity())?;
    d.set_item("contract", h.contract)?;
    d.set_item("example", h.example)?;
    d.set_item("result", h.result)?;
    Ok(Some(d.into_any().unbind()))
}

// ------------------------------------------------------------------------------------------
// Classes

/// The coordinate of `L(*args)`: one argument as is, several as a tuple.
fn call_args(args: &Bound<'_, PyTuple>) -> PyResult<Value> {
    match args.len() {
        0 => Err(algebra_error(
            args.py(),
            "a layout is called with a coordinate or an index",
        )),
        1 => to_value(&args.get_item(0)?),
        _ => to_value(args.as_any()),
    }
}

/// `L(c)`: the offset at c (an index or a coordinate), or the sub-layout when c has `None`;
/// a swizzle applied to an offset. A coordinate must lie in the shape (crd2idx).
fn apply(py: Python<'_>, f: &Value, args: &Bound<'_, PyTuple>) -> PyResult<PyObject> {
    let c = call_args(args)?;
    match (&c, f) {
        (_, Value::Func(Func::Swizzle(_))) => op_obj(py, "swizzle", &[f.clone(), c]),
        // An index: CuTe's layout(i), which extends along the last mode past size (as
        // pycute and CuTe C++ do; composition relies on it).
        (Value::Tuple(Tree::Leaf(Int::Lit(i))), Value::Func(func)) if !matches!(func, Func::Layout(l) if l.has_runtime_leaf()) =>
        {
            let y = func.apply(*i).map_err(|e| layout_error(py, &e, None))?;
            Ok(y.into_pyobject(py)?.into_any().unbind())
        }
        (Value::Coord(_) | Value::All, _) => op_obj(py, "slice", &[c, f.clone()]),
        // A coordinate, or an index into a layout with runtime leaves: crd2idx (a Symbolic
        // with runtime leaves; an index must then lie in the domain, checked when bound).
        _ => result_obj(py, "crd2idx", op_values(py, "crd2idx", &[c, f.clone()])?),
    }
}

fn int_result(py: Python<'_>, op: &str, f: &Value) -> PyResult<i64> {
    match op_values(py, op, &[f.clone()])? {
        Value::Tuple(Tree::Leaf(Int::Lit(x))) => Ok(x),
        other => Err(algebra_error(
            py,
            format!("{op} is {}", text::print(&other)),
        )),
    }
}

fn mode(py: Python<'_>, f: &Value, i: isize) -> PyResult<PyObject> {
    let r = int_result(py, "rank", f)? as isize;
    let k = if i < 0 { i + r } else { i };
    if k < 0 || k >= r {
        return Err(pyo3::exceptions::PyIndexError::new_err(format!(
            "mode {i} of a rank-{r} layout"
        )));
    }
    op_obj(py, "get", &[f.clone(), Value::int(k as i64)])
}

/// Python's hash of a value (equal values, equal hashes).
fn hash_of<T: std::hash::Hash>(x: &T) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// Methods shared by the three CuTe classes.
macro_rules! cute_methods {
    ($t:ty, $pyname:literal) => {
        #[pymethods]
        impl $t {
            #[pyo3(signature = (*args))]
            fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<PyObject> {
                apply(py, &self.v, args)
            }
            /// The domain size (a `Symbolic` with runtime leaves).
            fn size(&self, py: Python<'_>) -> PyResult<PyObject> {
                result_obj(py, "size", op_values(py, "size", &[self.v.clone()])?)
            }
            /// One past the largest offset (a `Symbolic` with runtime leaves).
            fn cosize(&self, py: Python<'_>) -> PyResult<PyObject> {
                result_obj(py, "cosize", op_values(py, "cosize", &[self.v.clone()])?)
            }
            fn __str__(&self) -> String {
                text::print(&self.v)
            }
            fn __repr__(&self) -> String {
                format!("{}('{}')", $pyname, text::print(&self.v))
            }
            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other.downcast::<Self>().is_ok_and(|o| o.get().v == self.v)
            }
            fn __hash__(&self) -> u64 {
                hash_of(&self.v)
            }
            fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String,))> {
                let parse = py.import("layout")?.getattr("parse")?.unbind();
                Ok((parse, (text::print(&self.v),)))
            }
        }
    };
}

/// The text of a stride tuple whose leaves are ints or stride texts (`'1@0'`).
fn stride_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(t) = obj.downcast::<PyTuple>() {
        let parts = t
            .iter()
            .map(|x| stride_text(&x))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(format!("({})", parts.join(",")));
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    Ok(int_of(obj)?.to_string())
}

/// A CuTe layout `shape:stride`. `Layout(shape, stride=None)` as pycute (ints and nested
/// tuples; no stride: compact column-major), or `Layout("(4,8):(8,1)")` from text.
#[pyclass(frozen, module = "layout", name = "Layout")]
pub struct PyLayout {
    v: Value,
}

#[pymethods]
impl PyLayout {
    #[new]
    #[pyo3(signature = (shape, stride=None))]
    fn new(
        py: Python<'_>,
        shape: &Bound<'_, PyAny>,
        stride: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let v = match (shape.downcast::<PyString>(), stride) {
            (Ok(s), None) => {
                ops::parse_arg(&s.to_cow()?).map_err(|e| layout_error(py, &e, Some(0)))?
            }
            _ => {
                let mut args = vec![Value::Tuple(tuple_of(shape)?)];
                if let Some(st) = stride {
                    args.push(match st.downcast::<PyString>() {
                        Ok(s) => ops::parse_arg(&s.to_cow()?)
                            .map_err(|e| layout_error(py, &e, Some(1)))?,
                        // Ints, or strides such as `'1@0'` (as `L.stride` gives them).
                        Err(_) => match tuple_of(st) {
                            Ok(t) => Value::Tuple(t),
                            Err(_) => ops::parse_arg(&stride_text(st)?)
                                .map_err(|e| layout_error(py, &e, Some(1)))?,
                        },
                    });
                }
                op_values(py, "make_layout", &args)?
            }
        };
        match v {
            Value::Func(Func::Layout(_)) => Ok(PyLayout { v }),
            other => Err(algebra_error(
                py,
                format!("Layout: expected a layout, found {}", other.kind()),
            )),
        }
    }
    #[getter]
    fn shape(&self, py: Python<'_>) -> PyResult<PyObject> {
        op_obj(py, "shape", &[self.v.clone()])
    }
    #[getter]
    fn stride(&self, py: Python<'_>) -> PyResult<PyObject> {
        op_obj(py, "stride", &[self.v.clone()])
    }
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(int_result(py, "rank", &self.v)? as usize)
    }
    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<PyObject> {
        mode(py, &self.v, i)
    }
}
cute_methods!(PyLayout, "Layout");

/// A swizzle `Sw<B,M,S>` (pycute: `Swizzle(bits, base, shift)`).
#[pyclass(frozen, module = "layout", name = "Swizzle")]
pub struct PySwizzle {
    v: Value,
}

#[pymethods]
impl PySwizzle {
    #[new]
    fn new(py: Python<'_>, bits: i64, base: i64, shift: i64) -> PyResult<Self> {
        let s = layout_algebra::Swizzle::new(bits, base, shift)
            .map_err(|e| layout_error(py, &e, None))?;
        Ok(PySwizzle {
            v: Value::Func(Func::Swizzle(s)),
        })
    }
    #[getter]
    fn bits(&self) -> i64 {
        self.sw().b as i64
    }
    #[getter]
    fn base(&self) -> i64 {
        self.sw().m as i64
    }
    #[getter]
    fn shift(&self) -> i64 {
        self.sw().s as i64
    }
}
cute_methods!(PySwizzle, "Swizzle");

impl PySwizzle {
    fn sw(&self) -> layout_algebra::Swizzle {
        match &self.v {
            Value::Func(Func::Swizzle(s)) => *s,
            _ => unreachable!("a PySwizzle holds a swizzle"),
        }
    }
}

/// A composed layout `outer o offset o inner` (pycute: `ComposedLayout(layoutB, offset,
/// layoutA)`, the function x -> layoutB(offset + layoutA(x))).
#[pyclass(frozen, module = "layout", name = "ComposedLayout")]
pub struct PyComposedLayout {
    v: Value,
}

impl PyComposedLayout {
    fn parts(&self) -> &layout_algebra::Composed {
        match &self.v {
            Value::Func(Func::Composed(c)) => c,
            _ => unreachable!("a PyComposedLayout holds a composed layout"),
        }
    }
}

fn func_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Func> {
    match to_value(obj)? {
        Value::Func(f) => Ok(f),
        other => Err(algebra_error(
            py,
            format!(
                "ComposedLayout: {what} must be a layout or swizzle, found {}",
                other.kind()
            ),
        )),
    }
}

#[pymethods]
impl PyComposedLayout {
    #[new]
    fn new(
        py: Python<'_>,
        outer: &Bound<'_, PyAny>,
        offset: i64,
        inner: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let f = Func::composed(
            func_arg(py, outer, "the outer function")?,
            offset,
            func_arg(py, inner, "the inner layout")?,
        );
        // Canonical form (and checks) through the parser: print, then read back.
        let v = ops::parse_arg(&text::print(&Value::Func(f)))
            .map_err(|e| layout_error(py, &e, None))?;
        match v {
            Value::Func(Func::Composed(_)) => Ok(PyComposedLayout { v }),
            other => Ok(PyComposedLayout { v: other }),
        }
    }
    #[getter]
    fn outer(&self, py: Python<'_>) -> PyResult<PyObject> {
        from_value(py, Value::Func(self.parts().outer.clone()))
    }
    #[getter]
    fn offset(&self) -> i64 {
        self.parts().offset
    }
    #[getter]
    fn inner(&self, py: Python<'_>) -> PyResult<PyObject> {
        from_value(py, Value::Func(self.parts().inner.clone()))
    }
    /// pycute's name of the outer function.
    #[getter(layoutB)]
    fn layout_b(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.outer(py)
    }
    /// pycute's name of the inner layout.
    #[getter(layoutA)]
    fn layout_a(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.inner(py)
    }
    #[getter]
    fn shape(&self, py: Python<'_>) -> PyResult<PyObject> {
        op_obj(py, "shape", &[self.v.clone()])
    }
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(int_result(py, "rank", &self.v)? as usize)
    }
}
cute_methods!(PyComposedLayout, "ComposedLayout");

/// A linear layout over F2 (Triton's LinearLayout), from its JSON text or Triton's
/// `#ttg.linear<{...}>` text. `str()` is the canonical JSON.
#[pyclass(frozen, module = "layout", name = "LinearLayout")]
pub struct PyLinearLayout {
    json: String,
}

impl PyLinearLayout {
    fn val(&self) -> Value {
        Value::Json(self.json.clone())
    }
    fn op(&self, py: Python<'_>, op: &str, rest: &[&Bound<'_, PyAny>]) -> PyResult<PyObject> {
        let mut args = vec![self.val()];
        for r in rest {
            args.push(to_value(r)?);
        }
        op_obj(py, op, &args)
    }
}

fn linear_from(py: Python<'_>, v: Value) -> PyResult<PyLinearLayout> {
    match v {
        Value::Json(j) if is_linear_json(&j) => Ok(PyLinearLayout { json: j }),
        other => Err(algebra_error(
            py,
            format!("expected a linear layout, found {}", other.kind()),
        )),
    }
}

#[pymethods]
impl PyLinearLayout {
    #[new]
    fn new(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let v = match text.downcast::<PyString>() {
            Ok(s) => Value::Json(s.to_cow()?.into_owned()),
            Err(_) => to_value(text)?,
        };
        let canon = ops::call("linear_print", &[v]).map_err(|e| layout_error(py, &e, Some(0)))?;
        linear_from(py, canon)
    }
    /// bit k -> 2^k, size n.
    #[staticmethod]
    fn identity(py: Python<'_>, n: i64, in_dim: &str, out_dim: &str) -> PyResult<Self> {
        let v = op_values(
            py,
            "linear_identity",
            &[Value::int(n), name(in_dim), name(out_dim)],
        )?;
        linear_from(py, v)
    }
    /// All bases 0, size n, out size m.
    #[staticmethod]
    #[pyo3(signature = (n, in_dim, out_dim, m=1))]
    fn zeros(py: Python<'_>, n: i64, in_dim: &str, out_dim: &str, m: i64) -> PyResult<Self> {
        let v = op_values(
            py,
            "linear_zeros",
            &[Value::int(n), name(in_dim), name(out_dim), Value::int(m)],
        )?;
        linear_from(py, v)
    }
    /// bit k -> stride * 2^k.
    #[staticmethod]
    fn strided(py: Python<'_>, n: i64, stride: i64, in_dim: &str, out_dim: &str) -> PyResult<Self> {
        let v = op_values(
            py,
            "linear_strided",
            &[
                Value::int(n),
                Value::int(stride),
                name(in_dim),
                name(out_dim),
            ],
        )?;
        linear_from(py, v)
    }
    /// A CuTe layout (power-of-two shape, swizzles allowed) as a linear layout.
    #[staticmethod]
    #[pyo3(signature = (layout, ins=None, out=None))]
    fn from_cute(
        py: Python<'_>,
        layout: &Bound<'_, PyAny>,
        ins: Option<Vec<String>>,
        out: Option<String>,
    ) -> PyResult<Self> {
        let mut args = vec![to_value(layout)?];
        if let Some(ins) = ins {
            let quoted: Vec<String> = ins.iter().map(|n| json_str(n)).collect();
            args.push(Value::Json(format!("[{}]", quoted.join(","))));
            if let Some(o) = out {
                args.push(name(&o));
            }
        }
        linear_from(py, op_values(py, "linear_from_cute", &args)?)
    }
    /// The layout of a Triton encoding (`#ttg.blocked<{...}>`, `#ttg.nvidia_mma<{...}>` or
    /// the JSON object form) over a tensor of the given extents.
    #[staticmethod]
    fn encoding(
        py: Python<'_>,
        enc: &Bound<'_, PyAny>,
        shape: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let e = match enc.downcast::<PyString>() {
            Ok(s) => Value::Json(s.to_cow()?.into_owned()),
            Err(_) => to_value(enc)?,
        };
        let s = match shape.downcast::<PyList>() {
            Ok(l) => Value::Json(json_dumps(&l.clone().into_any())?),
            Err(_) => to_value(shape)?,
        };
        linear_from(py, op_values(py, "linear_encoding", &[e, s])?)
    }
    /// The outputs at an input point: `L.apply({"lane": 3})` or `L.apply(lane=3)`.
    #[pyo3(signature = (point=None, **kwargs))]
    fn apply(
        &self,
        py: Python<'_>,
        point: Option<&Bound<'_, PyDict>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyObject> {
        let d = PyDict::new(py);
        for src in [point, kwargs].into_iter().flatten() {
            d.update(src.as_mapping())?;
        }
        self.op(py, "linear_apply", &[d.as_any()])
    }
    /// x -> other(self(x)) (Triton's `self.compose(other)`).
    fn compose(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.op(py, "linear_compose", &[other])
    }
    fn invert(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.op(py, "linear_invert", &[])
    }
    fn pseudoinvert(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.op(py, "linear_pseudoinvert", &[])
    }
    /// C with other(C(x)) == self(x).
    fn invert_and_compose(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.op(py, "linear_invert_and_compose", &[other])
    }
    /// Triton's `self * other`.
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.op(py, "linear_product", &[other])
    }
    fn is_surjective(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.op(py, "linear_is_surjective", &[])
    }
    fn is_injective(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.op(py, "linear_is_injective", &[])
    }
    fn is_invertible(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.op(py, "linear_is_invertible", &[])
    }
    /// The F2 rank.
    fn rank(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.op(py, "linear_rank", &[])
    }
    /// Triton's text form.
    fn to_triton(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.op(py, "linear_to_triton", &[])
    }
    /// The CuTe layout (maybe swizzled) of this linear layout, or LayoutError.
    fn to_cute(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.op(py, "linear_to_cute", &[])
    }
    /// [(name, size)] of the input dimensions.
    #[getter]
    fn ins(&self, py: Python<'_>) -> PyResult<Vec<(String, i64)>> {
        let l = layout_algebra::linear::parse_linear(&self.json)
            .map_err(|e| layout_error(py, &e, None))?;
        Ok((0..l.ins().len())
            .map(|i| (l.ins()[i].name.clone(), l.in_size(i)))
            .collect())
    }
    /// [(name, size)] of the output dimensions.
    #[getter]
    fn outs(&self, py: Python<'_>) -> PyResult<Vec<(String, i64)>> {
        let l = layout_algebra::linear::parse_linear(&self.json)
            .map_err(|e| layout_error(py, &e, None))?;
        Ok((0..l.outs().len())
            .map(|j| (l.outs()[j].name.clone(), l.out_size(j)))
            .collect())
    }
    fn __str__(&self) -> String {
        self.json.clone()
    }
    fn __repr__(&self) -> String {
        format!("LinearLayout('{}')", self.json)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<Self>()
            .is_ok_and(|o| o.get().json == self.json)
    }
    fn __hash__(&self) -> u64 {
        hash_of(&self.json)
    }
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String,))> {
        let cls = py.import("layout")?.getattr("LinearLayout")?.unbind();
        Ok((cls, (self.json.clone(),)))
    }
}

/// A dimension name as an argument (a JSON string).
fn name(n: &str) -> Value {
    Value::Json(json_str(n))
}

/// `s` as a JSON string literal.
fn json_str(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyLayout>()?;
    m.add_class::<PySwizzle>()?;
    m.add_class::<PyComposedLayout>()?;
    m.add_class::<PyLinearLayout>()?;
    m.add_class::<PySymbolic>()?;
    m.add("LayoutError", m.py().get_type::<LayoutError>())?;
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(to_text, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(help_entry, m)?)?;
    m.add_function(wrap_pyfunction!(op_info, m)?)?;
    m.add("OP_NAMES", op_help::names())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
