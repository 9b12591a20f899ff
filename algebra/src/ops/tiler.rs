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
//! ceil_div(S, T) for a layout tiler T is the shape of the rest mode of a divide:
//! `shape(complement(T, S))`; for a by-mode tiler it applies mode by mode (modes of S past the
//! tiler are kept), an integer item n being `n:1`.

use std::borrow::Cow;

use crate::error::{Error, Result};
use crate::func::Func;
use crate::layout::Layout;
use crate::ops::complement::complement;
use crate::ops::shape_arith;
use crate::text::{print, print_int_tuple};
use crate::tuple::{IntTuple, Tree};
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

/// ceil_div(target, tiler): integers and integer tuples (also written `[2,4]`) divide as
/// shapes (shape_arith::ceil_div, by-mode for tuples); a layout T gives shape(complement(T, S));
/// a by-mode tiler with a layout item applies mode by mode (modes of S past the tiler kept).
pub fn ceil_div(target: &IntTuple, t: &Value) -> Result<IntTuple> {
    ceil_div_at(target, t, &mut Vec::new())
}

fn ceil_div_at(target: &IntTuple, t: &Value, path: &mut Vec<usize>) -> Result<IntTuple> {
    if let Some(b) = as_int_tuple(t) {
        return shape_arith::ceil_div(target, &b);
    }
    let at = |path: &[usize]| {
        if path.is_empty() {
            String::new()
        } else {
            format!(" (at mode {})", mode_path(path))
        }
    };
    match t {
        Value::Func(Func::Layout(l)) => ceil_div_layout(target, l),
        Value::Tiler(items) => {
            let Tree::Node(modes) = target else {
                return Err(Error::algebra(format!(
                    "ceil_div: the by-mode tiler {} needs a tuple target, found the integer {}{}",
                    print(t),
                    print_int_tuple(target),
                    at(path)
                )));
            };
            if items.len() > modes.len() {
                return Err(Error::algebra(format!(
                    "ceil_div: the tiler {} has {} modes but the target {} has rank {}{}",
                    print(t),
                    items.len(),
                    print_int_tuple(target),
                    modes.len(),
                    at(path)
                )));
            }
            let mut out = Vec::with_capacity(modes.len());
            for (i, m) in modes.iter().enumerate() {
                out.push(match items.get(i) {
                    None => m.clone(),
                    Some(item) => {
                        path.push(i);
                        let r = ceil_div_at(m, item, path)?;
                        path.pop();
                        r
                    }
                });
            }
            Ok(Tree::Node(out))
        }
        Value::All => Err(Error::algebra(format!(
            "ceil_div: '_' has no tile size (CuTe defines no ceil_div by '_'){}",
            at(path)
        ))),
        other => Err(Error::algebra(format!(
            "ceil_div: cannot divide by {}{}",
            other.kind(),
            at(path)
        ))),
    }
}

/// A mode path for diagnostics: `1` or `1.0`.
pub(crate) fn mode_path(path: &[usize]) -> String {
    path.iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(".")
}

/// A tiler made of integers only, as an integer tuple (`[2,[2,4]]` -> `(2,(2,4))`).
fn as_int_tuple(t: &Value) -> Option<IntTuple> {
    match t {
        Value::Tuple(x) => Some(x.clone()),
        Value::Tiler(items) => items
            .iter()
            .map(as_int_tuple)
            .collect::<Option<Vec<_>>>()
            .map(Tree::Node),
        _ => None,
    }
}

/// shape(complement(T, S)): the number of tiles of T that cover S.
fn ceil_div_layout(target: &IntTuple, t: &Layout) -> Result<IntTuple> {
    Ok(complement(t, target)
        .map_err(|e| Error::algebra(format!("ceil_div: {e}")))?
        .shape)
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
    use crate::text::parse;

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

    #[test]
    fn tiler_modes() {
        let run = |op: &str, args: &[&str]| {
            let v: Vec<Value> = args.iter().map(|a| parse(a).unwrap()).collect();
            crate::ops::call(op, &v)
                .map(|x| print(&x))
                .map_err(|e| e.to_string())
        };
        let t = "[2:1,[4:2,_],8]";
        assert_eq!(run("get", &[t, "0"]).unwrap(), "2:1");
        assert_eq!(run("get", &[t, "1"]).unwrap(), "[4:2,_]");
        assert_eq!(run("get", &[t, "1", "1"]).unwrap(), "_");
        assert_eq!(run("get", &[t]).unwrap(), t);
        assert!(run("get", &[t, "3"]).unwrap_err().contains("out of range"));
        assert!(run("get", &[t, "0", "0"]).unwrap_err().contains("no modes"));
        assert_eq!(run("select", &[t, "2", "0"]).unwrap(), "[8,2:1]");
        assert!(run("select", &[t, "-1"]).is_err());
        assert_eq!(run("flatten", &[t]).unwrap(), "[2:1,4:2,_,8]");
        assert_eq!(run("flatten", &["[[[2]],[3,4:1]]"]).unwrap(), "[2,3,4:1]");
    }

    #[test]
    fn ceil_div_by_tilers() {
        let cd = |a: &str, b: &str| {
            let Value::Tuple(a) = parse(a).unwrap() else {
                panic!()
            };
            ceil_div(&a, &parse(b).unwrap())
                .map(|x| print_int_tuple(&x))
                .map_err(|e| e.to_string())
        };
        assert_eq!(cd("(8,8)", "[2:1,4:2]").unwrap(), "(4,2)");
        assert_eq!(cd("(8,8)", "[2,4]").unwrap(), "(4,2)");
        assert_eq!(cd("(8,8)", "(2,4)").unwrap(), "(4,2)");
        assert_eq!(cd("(9,8,5)", "[2]").unwrap(), "(5,8,5)");
        assert_eq!(cd("(8,8)", "(2,4):(1,2)").unwrap(), "8");
        assert_eq!(cd("(8,(4,6))", "[3:1,(2,4)]").unwrap(), "(3,(2,2))");
        assert!(cd("(8,8)", "[2,_]").unwrap_err().contains("'_'"));
        assert!(cd("8", "[2:1]").unwrap_err().contains("tuple target"));
        assert!(cd("(8,8)", "[2,2,2]").unwrap_err().contains("more modes"));
        assert!(cd("(8,8)", "[2,2:1,2]").unwrap_err().contains("3 modes"));
    }
}
