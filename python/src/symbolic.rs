//! `Symbolic`: the result of index math on runtime (`?`) leaves, an integer or a coordinate
//! whose runtime leaves are expressions over the `?` of the inputs (layout_algebra::sym), as
//! `layout eval` computes it and the dialect lowers it:
//!
//!   crd2idx(c, L) = sum_i c_i * d_i      (c split colexicographically where L nests deeper)
//!   idx2crd(x, S) = (x % s_0, (x / s_0) % s_1, ..., x / (s_0 ... s_{k-1}))
//!
//! `str()` is what `layout eval` prints (`?` for a runtime leaf), `expr` the expression of each
//! leaf (`$0 + 4 * $1`, `$k` the k-th `?` of the input), and `bind(s, v0, v1, ...)` its value
//! for `$k = v_k`: an int or a tuple of ints, equal to the static operation on the bound
//! inputs (a value outside the operation's domain is a LayoutError naming it).

use pyo3::prelude::*;

use layout_algebra::value::CrdLeaf;
use layout_algebra::{text, Int, Value};

/// The operations whose result is a number or a coordinate computed from the inputs (not a
/// layout's structure, as `shape` and `stride` are): with runtime leaves it is a `Symbolic`.
pub const RUNTIME_VALUE_OPS: &[&str] = &[
    "crd2idx",
    "idx2crd",
    "crd2crd",
    "size",
    "cosize",
    "max_common_vector",
    "max_alignment",
];

/// An integer or coordinate with runtime leaves (module doc).
#[pyclass(frozen, module = "layout", name = "Symbolic")]
pub struct PySymbolic {
    pub v: Value,
}

/// Whether `v` is an integer, integer tuple or coordinate with a runtime leaf.
pub fn is_runtime(v: &Value) -> bool {
    match v {
        Value::Tuple(t) => !t.is_static(),
        Value::Coord(c) => {
            let mut runtime = false;
            c.for_each_leaf(&mut |x| runtime |= matches!(x, CrdLeaf::Int(Int::Dyn(_))));
            runtime
        }
        _ => false,
    }
}

fn leaf_expr(py: Python<'_>, x: &Int) -> PyObject {
    match x {
        Int::Lit(v) => v.into_pyobject(py).unwrap().into_any().unbind(),
        Int::Dyn(s) => s.text().into_pyobject(py).unwrap().into_any().unbind(),
    }
}

#[pymethods]
impl PySymbolic {
    /// The expression of each leaf: a str for a runtime leaf (`$0 + 4 * $1`), an int for a
    /// static one (`None` for `_`), nested as the value.
    #[getter]
    fn expr(&self, py: Python<'_>) -> PyResult<PyObject> {
        match &self.v {
            Value::Tuple(t) => crate::tree_obj(py, t, &leaf_expr),
            Value::Coord(c) => crate::tree_obj(py, c, &|py, x| match x {
                CrdLeaf::Int(i) => leaf_expr(py, i),
                CrdLeaf::All => py.None(),
            }),
            other => Ok(text::print(other).into_pyobject(py)?.into_any().unbind()),
        }
    }
    fn __str__(&self) -> String {
        text::print(&self.v)
    }
    fn __repr__(&self) -> String {
        format!("Symbolic('{}')", text::print(&self.v))
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<Self>().is_ok_and(|o| o.get().v == self.v)
    }
    fn __hash__(&self) -> u64 {
        crate::hash_of(&self.v)
    }
}
