//! Every result of an operation is a value the parser accepts again: parse(print(r)) == r.
//! The structural limits of the text syntax are checked here, once, on every result of
//! `ops::call`, so that no operation can hand out a value nested deeper than the parser's
//! MAX_DEPTH (for example a product or divide whose tiler is already 64 levels deep, which
//! adds a level), a composition chain longer than the parser accepts, or a scaled basis past
//! its limits, or more leaves than the parser reads (two values each within MAX_LEAVES can
//! make a product past it). Such a result is refused with an error that names the limit.
//!
//! Depth is counted as the parser counts it: each `(` of a tuple and each `[` of a tiler is a
//! level; a composed layout `f o off o g` does not add one.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::stride::StrideTuple;
use crate::text::{MAX_BASIS_MODE, MAX_DEPTH, MAX_LEAVES};
use crate::value::Value;

fn strides_ok(t: &StrideTuple) -> Option<String> {
    let mut bad = None;
    t.for_each_leaf(&mut |d| {
        if bad.is_none() {
            if d.basis.len() > MAX_DEPTH {
                bad = Some(format!(
                    "a scaled basis {} modes deep (the syntax allows {MAX_DEPTH})",
                    d.basis.len()
                ));
            } else if let Some(m) = d.basis.iter().find(|&&m| i64::from(m) > MAX_BASIS_MODE) {
                bad = Some(format!(
                    "the basis mode {m} (the syntax allows at most {MAX_BASIS_MODE})"
                ));
            }
        }
    });
    bad
}

/// A static extent <= 0 in a layout of `f` (the parser reads positive extents only; an
/// operation that would compute one refuses its input before, this is the last guard).
fn non_positive_extent(f: &Func) -> Option<String> {
    match f {
        Func::Layout(l) => l.shape.leaves().iter().find_map(|x| match x {
            crate::int::Int::Lit(v) if *v <= 0 => Some(format!("the extent {v}")),
            _ => None,
        }),
        Func::Swizzle(_) => None,
        Func::Composed(c) => {
            non_positive_extent(&c.outer).or_else(|| non_positive_extent(&c.inner))
        }
    }
}

/// (nesting depth, chain length) of a layout function.
fn func_shape(f: &Func) -> (usize, usize) {
    match f {
        Func::Layout(l) => (l.shape.depth().max(l.stride.depth()), 1),
        Func::Swizzle(_) => (0, 1),
        Func::Composed(c) => {
            let (a, n) = func_shape(&c.outer);
            let (b, m) = func_shape(&c.inner);
            (a.max(b), n + m + 1)
        }
    }
}

fn func_strides(f: &Func) -> Option<String> {
    match f {
        Func::Layout(l) => strides_ok(&l.stride).or_else(|| {
            // The parser checks that the basis paths agree on their depth (ops/basis.rs);
            // two layouts that each pass can be joined (append, prepend) into one that fails.
            l.stride
                .has_basis()
                .then(|| crate::ops::basis::check_paths(l).err())
                .flatten()
                .map(|_| "scaled-basis strides whose paths do not agree on their depth (a basis path ends at a mode that another stride continues through)".to_string())
        }),
        Func::Swizzle(_) => None,
        Func::Composed(c) => func_strides(&c.outer).or_else(|| func_strides(&c.inner)),
    }
}

/// Leaves of a layout function as the parser counts them (a composed layout's offset is one).
fn func_leaves(f: &Func) -> usize {
    match f {
        Func::Layout(l) => l.shape.leaves().len() + l.stride.leaves().len(),
        Func::Swizzle(_) => 0,
        Func::Composed(c) => func_leaves(&c.outer) + 1 + func_leaves(&c.inner),
    }
}

/// Leaves of a value as the parser counts them (integers, `?` and `_`).
fn leaves(v: &Value) -> usize {
    match v {
        Value::Tuple(t) => t.leaves().len(),
        Value::Coord(t) => t.leaves().len(),
        Value::Strides(t) => t.leaves().len(),
        Value::Func(f) => func_leaves(f),
        Value::OffsetComposed(c) => {
            func_leaves(&Func::Layout(c.outer.clone()))
                + c.offset.leaves().len()
                + func_leaves(&Func::Layout(c.inner.clone()))
        }
        Value::Tiler(items) => items.iter().map(leaves).sum(),
        Value::All => 1,
        Value::Ints(_) | Value::Json(_) => 0,
    }
}

/// Nesting depth of a value as the parser counts it.
fn depth(v: &Value) -> usize {
    match v {
        Value::Tuple(t) => t.depth(),
        Value::Coord(t) => t.depth(),
        Value::Strides(t) => t.depth(),
        Value::Func(f) => func_shape(f).0,
        Value::OffsetComposed(c) => c.outer.depth().max(c.offset.depth()).max(c.inner.depth()),
        Value::Tiler(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::All | Value::Ints(_) | Value::Json(_) => 0,
    }
}

/// A tiler with no item, at any depth (the parser reads `[...]` with at least one item).
fn has_empty_tiler(v: &Value) -> bool {
    match v {
        Value::Tiler(items) => items.is_empty() || items.iter().any(has_empty_tiler),
        _ => false,
    }
}

/// `Ok(v)` when `v` prints as text the parser accepts; else an error naming the limit.
pub fn check(op: &str, v: Value) -> Result<Value> {
    let d = depth(&v);
    if d > MAX_DEPTH {
        return Err(Error::algebra(format!(
            "{op}: the result would be nested {d} levels deep, past the limit of {MAX_DEPTH} levels that the text syntax accepts"
        )));
    }
    let n = leaves(&v);
    if n > MAX_LEAVES {
        return Err(Error::algebra(format!(
            "{op}: the result would have {n} leaves, past the limit of {MAX_LEAVES} leaves in one value that the text syntax accepts"
        )));
    }
    let mut problem = None;
    let mut funcs: Vec<&Func> = Vec::new();
    match &v {
        Value::Func(f) => funcs.push(f),
        Value::Tiler(_) if has_empty_tiler(&v) => {
            problem = Some("an empty tiler `[]`".to_string());
        }
        Value::Tiler(items) => funcs.extend(items.iter().filter_map(|i| match i {
            Value::Func(f) => Some(f),
            _ => None,
        })),
        Value::Strides(t) => problem = strides_ok(t),
        _ => {}
    }
    for f in funcs {
        problem = problem.or_else(|| non_positive_extent(f));
        let (_, chain) = func_shape(f);
        // The parser accepts at most 2 * MAX_DEPTH parts (layouts and offsets).
        if 2 * chain - 1 > 2 * MAX_DEPTH {
            problem = Some(format!(
                "a composition chain of {chain} layouts (the syntax allows {MAX_DEPTH})"
            ));
        }
        problem = problem.or_else(|| func_strides(f));
    }
    match problem {
        Some(p) => Err(Error::algebra(format!(
            "{op}: the result would have {p}, which the text syntax cannot express"
        ))),
        None => Ok(v),
    }
}
