//! ceil_div(S, T) by a tiler T (ops/tiler.rs): for a layout tiler T, the shape of the rest
//! mode of a divide, `shape(complement(T, S))`; for a by-mode tiler it applies mode by mode
//! (modes of S past the tiler are kept), an integer item n being `n:1`; integers and integer
//! tuples divide as shapes (shape_arith::ceil_div).

use crate::error::{Error, Result};
use crate::func::Func;
use crate::layout::Layout;
use crate::ops::complement::complement;
use crate::ops::shape_arith;
use crate::ops::tiler::mode_path;
use crate::text::{print, print_int_tuple};
use crate::tuple::{IntTuple, Tree};
use crate::value::Value;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse;

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
