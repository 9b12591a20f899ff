//! Tilers: the right operand of the divides, the products, composition and `ceil_div`.
//!
//! CuTe reads a tiler by its kind (layout.hpp, `is_tuple<Tiler>`):
//!   - a layout `L` is one layout over the whole of A;
//!   - an integer `n` is the layout `n:1`;
//!   - `_` leaves the mode as it is;
//!   - a tuple is by-mode: item i applies to mode i of A, recursively. This holds for a tuple of
//!     integers (a Shape, `zipped_divide(A, make_shape(128,64))` as `local_tile` does) exactly as
//!     for a by-mode tiler `[t0,t1]` (a Tile): `(2,4)` = `[2,4]`, `(2,(2,2))` = `[2,[2,2]]`.
//!
//! [`by_mode_form`] rewrites every integer tuple of a tiler into the by-mode form, so that the
//! operations see one spelling. A shape is never read as its compact layout here (that reading
//! was a silent wrong answer: `logical_divide((8,8):(8,1), (2,4))` is
//! `((2,4),(4,2)):((8,16),(1,4))`, not the divide by `(2,4):(1,2)`).
//!
//! This file is the tilers' representation and their mode operations (get, select, flatten);
//! `ceil_div` by a tiler, which needs complement, is in ops/ceil_div.rs.

use std::borrow::Cow;

use crate::error::{Error, Result};
use crate::layout::Layout;
use crate::tuple::Tree;
use crate::value::Value;

/// The tiler with every integer tuple (at any depth) read by-mode: `(2,4)` -> `[2,4]`,
/// `[(2,2),4:1]` -> `[[2,2],4:1]`. Integers, layouts and `_` are unchanged.
pub fn by_mode_form(t: &Value) -> Cow<'_, Value> {
    match t {
        Value::Tuple(Tree::Node(items)) => Cow::Owned(Value::Tiler(
            items
                .iter()
                .map(|x| by_mode_form(&Value::Tuple(x.clone())).into_owned())
                .collect(),
        )),
        Value::Tiler(items) if items.iter().any(needs_rewrite) => Cow::Owned(Value::Tiler(
            items.iter().map(|x| by_mode_form(x).into_owned()).collect(),
        )),
        other => Cow::Borrowed(other),
    }
}

fn needs_rewrite(v: &Value) -> bool {
    match v {
        Value::Tuple(Tree::Node(_)) => true,
        Value::Tiler(items) => items.iter().any(needs_rewrite),
        _ => false,
    }
}

/// The modes of a layout as CuTe's by-mode operations see them: an integral layout is its own
/// single mode (rank 1).
pub(crate) fn modes_of(l: &Layout) -> Vec<Layout> {
    if l.shape.is_leaf() {
        vec![l.clone()]
    } else {
        l.modes()
    }
}

/// A positive integer tile size as the layout `n:1`.
pub(crate) fn int_tile(n: i64, op: &str) -> Result<Layout> {
    if n <= 0 {
        return Err(Error::algebra(format!(
            "{op}: tile size {n} is not positive"
        )));
    }
    Ok(Layout::leaf(n, 1))
}

/// An integer tile size, static or runtime, as the layout `n:1` (a runtime size is not checked
/// here, as in C++: a layout with a non-positive extent has no elements).
pub(crate) fn leaf_tile(n: &crate::int::Int, op: &str) -> Result<Layout> {
    match n {
        crate::int::Int::Lit(v) => int_tile(*v, op),
        n => Ok(Layout::raw(
            Tree::Leaf(n.clone()),
            Tree::Leaf(crate::stride::Stride::int(1)),
        )),
    }
}

/// A mode path for diagnostics: `1` or `1.0`.
pub(crate) fn mode_path(path: &[usize]) -> String {
    path.iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(".")
}

/// The item of a by-mode tiler at a mode path (CuTe's get<i, j, ...> on a Tile).
pub fn get(items: &[Value], path: &[i64]) -> Result<Value> {
    let mut cur = Value::Tiler(items.to_vec());
    for (depth, &i) in path.iter().enumerate() {
        let Value::Tiler(v) = &cur else {
            return Err(Error::algebra(format!(
                "get: the tiler item at path {:?} is {}, which has no modes",
                &path[..depth],
                cur.kind()
            )));
        };
        cur = v
            .get(index(i, v.len(), "get")?)
            .cloned()
            .expect("index checked");
    }
    Ok(cur)
}

/// The items i, j, ... of a by-mode tiler, in that order (CuTe's select<i, j, ...>).
pub fn select(items: &[Value], idx: &[i64]) -> Result<Value> {
    idx.iter()
        .map(|&i| Ok(items[index(i, items.len(), "select")?].clone()))
        .collect::<Result<Vec<_>>>()
        .map(Value::Tiler)
}

/// The by-mode tiler with its nested tilers spliced in (CuTe's flatten on a Tile): the items
/// are the layouts, integers and `_` of every depth, in order.
pub fn flatten(items: &[Value]) -> Value {
    fn go(items: &[Value], out: &mut Vec<Value>) {
        for x in items {
            match x {
                Value::Tiler(v) => go(v, out),
                other => out.push(other.clone()),
            }
        }
    }
    let mut out = Vec::with_capacity(items.len());
    go(items, &mut out);
    Value::Tiler(out)
}

fn index(i: i64, n: usize, op: &str) -> Result<usize> {
    if i < 0 || i as usize >= n {
        return Err(Error::algebra(format!(
            "{op}: mode {i} is out of range for a tiler of rank {n}"
        )));
    }
    Ok(i as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{parse, print};

    fn bm(s: &str) -> String {
        print(&by_mode_form(&parse(s).unwrap()))
    }

    #[test]
    fn integer_tuples_become_by_mode() {
        assert_eq!(bm("(2,4)"), "[2,4]");
        assert_eq!(bm("(2,(2,2))"), "[2,[2,2]]");
        assert_eq!(bm("(8)"), "[8]");
        assert_eq!(bm("[(2,2),4:1,_]"), "[[2,2],4:1,_]");
        assert_eq!(bm("8"), "8");
        assert_eq!(bm("(2,4):(1,2)"), "(2,4):(1,2)");
    }
}
