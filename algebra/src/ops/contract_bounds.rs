//! No result of an operation has a size or cosize past i64 (docs/algebra.md, "Contracts").
//!
//! Every extent of a layout is a product of some of its shape leaves, so it is bounded by
//! `size(L)` (extents are positive): checking `size(L) <= 2^63-1` covers them all. The cosize
//! is `1 + sum (s-1)·|d|` over the leaves, per basis direction for scaled-basis strides (each
//! coordinate of the codomain separately). Dynamic (`?`) leaves are at least 1 and unknown:
//! the static part is checked. Each layout inside the result is checked: the inner and outer
//! layouts of a composed layout, the layouts of a by-mode tiler.
//!
//! Operations compute with checked i64 arithmetic, but a result can still be past the limit
//! without any single step overflowing: `logical_divide(9223372036854775807:1, 2:1)` builds
//! `(2, 2^62):(1,2)` from in-range numbers, whose size is 2^63. `ops::call` refuses such a
//! result with the quantity that overflows.

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::func::Func;
use crate::int::Int;
use crate::layout::Layout;
use crate::value::Value;

/// `x` as text, or `> 2^127` when it does not fit i128.
fn show(x: Option<i128>) -> String {
    x.map(|v| v.to_string())
        .unwrap_or_else(|| "more than 2^127".into())
}

/// The first quantity of `l` past i64, as a phrase: `size ...` or `cosize ...`.
fn layout_overflow(l: &Layout) -> Option<String> {
    let mut size: Option<i128> = Some(1);
    l.shape.for_each_leaf(&mut |s| {
        if let Int::Lit(v) = s {
            size = size.and_then(|x| x.checked_mul(*v as i128));
        }
    });
    if size.is_none_or(|x| x > i64::MAX as i128) {
        return Some(format!("size {}", show(size)));
    }
    // Every call of the algebra checks its result here: integer strides (the common case) take
    // one running sum over the leaves in place, with no map per basis direction.
    if let Some(cosize) = integer_cosize(l) {
        return match cosize {
            Some(Some(c)) if c <= i64::MAX as i128 => None,
            None => None,
            Some(c) => Some(format!("cosize {}", show(c))),
        };
    }
    // One running sum per basis direction (the empty path: integer strides).
    let mut hi: HashMap<&[u32], Option<i128>> = HashMap::new();
    let strides = l.stride.leaves();
    let shapes = l.shape.leaves();
    for (s, d) in shapes.iter().zip(&strides) {
        if let (Int::Lit(s), Int::Lit(c)) = (s, d.coef.clone()) {
            let term = ((*s as i128) - 1).checked_mul((c as i128).abs());
            let e = hi.entry(d.basis.as_slice()).or_insert(Some(0));
            *e = e.and_then(|x| term.and_then(|t| x.checked_add(t)));
        }
    }
    let mut paths: Vec<_> = hi.into_iter().collect();
    paths.sort();
    for (path, h) in paths {
        let cosize = h.and_then(|x| x.checked_add(1));
        if cosize.is_none_or(|x| x > i64::MAX as i128) {
            let dir = if path.is_empty() {
                String::new()
            } else {
                let p: Vec<String> = path.iter().rev().map(|m| m.to_string()).collect();
                format!(" along the basis direction @{}", p.join("@"))
            };
            return Some(format!("cosize {}{dir}", show(cosize)));
        }
    }
    None
}

/// For a layout whose strides are all integers (no basis direction): `Some(cosize)`, where
/// `cosize` is None when no leaf pair is static (nothing to check), `Some(None)` past i128, else
/// `Some(Some(1 + sum (s-1)·|d|))` over the static leaf pairs. None when a stride has a basis.
#[allow(clippy::option_option)]
fn integer_cosize(l: &Layout) -> Option<Option<Option<i128>>> {
    let mut strides = Vec::with_capacity(8);
    let mut integer = true;
    l.stride.for_each_leaf(&mut |d| {
        integer &= d.basis.is_empty();
        strides.push(match d.coef {
            Int::Lit(c) => Some(c),
            Int::Dyn(_) => None,
        });
    });
    if !integer {
        return None;
    }
    let mut sum: Option<Option<i128>> = None;
    let mut k = 0;
    l.shape.for_each_leaf(&mut |s| {
        if let (Int::Lit(s), Some(Some(c))) = (s, strides.get(k)) {
            let term = ((*s as i128) - 1).checked_mul((*c as i128).abs());
            let e = sum.get_or_insert(Some(0));
            *e = e.and_then(|x| term.and_then(|t| x.checked_add(t)));
        }
        k += 1;
    });
    Some(sum.map(|h| h.and_then(|x| x.checked_add(1))))
}

fn func_overflow(f: &Func) -> Option<(String, String)> {
    match f {
        Func::Layout(l) => layout_overflow(l).map(|what| (what, crate::text::print_layout(l))),
        Func::Swizzle(_) => None,
        Func::Composed(c) => func_overflow(&c.inner).or_else(|| func_overflow(&c.outer)),
    }
}

fn value_overflow(v: &Value) -> Option<(String, String)> {
    match v {
        Value::Func(f) => func_overflow(f),
        Value::Tiler(items) => items.iter().find_map(value_overflow),
        _ => None,
    }
}

/// `Ok(v)` when every layout in `v` has its size and cosize within i64; else an error that
/// names the operation, the layout and the quantity.
pub fn check(op: &str, v: Value) -> Result<Value> {
    match value_overflow(&v) {
        None => Ok(v),
        Some((what, layout)) => Err(Error::algebra(format!(
            "{op}: the result {layout} has {what}, past the largest i64 (2^63-1): results must have their size, cosize and every extent within i64"
        ))),
    }
}
