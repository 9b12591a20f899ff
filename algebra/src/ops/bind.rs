//! bind(EXPR, v0, v1, ...): the value of EXPR when its i-th runtime leaf `?` (left to right in
//! EXPR's text) is v_i: every runtime leaf of the result, whose expression over those leaves
//! the operations computed with C++'s arithmetic (crate::sym), is evaluated for the values.
//! The result is the concrete value C++ computes with `int` leaves of those values (printed
//! without C++'s `_` marks). A recorded runtime condition that the values break (a
//! divisibility condition C++ leaves unchecked) is an error naming it, never a layout that
//! breaks the operation's contract.

use crate::error::{Error, Result};
use crate::func::{Composed, Func};
use crate::int::Int;
use crate::layout::Layout;
use crate::stride::Stride;
use crate::value::{CrdLeaf, Value};

/// `v` with every runtime leaf evaluated for `values`; `leaves`, when known, is the number of
/// runtime leaves of the expression's text (each must have a value; else a leaf without a
/// value is an error where it is evaluated).
pub fn bind(v: &Value, leaves: Option<u32>, values: &[i64]) -> Result<Value> {
    if let Value::Json(_) = v {
        // A name or JSON (`f16`, a linear layout) has no runtime leaves to bind.
        return Err(Error::algebra(
            "bind: EXPR must be a value of the layout syntax (a layout, tuple, tiler, ...), found a name or JSON",
        ));
    }
    if let Some(leaves) = leaves.filter(|&n| values.len() != n as usize) {
        return Err(Error::algebra(format!(
            "bind: the expression has {leaves} runtime leaves '?' but {} values were given",
            values.len()
        )));
    }
    bind_value(v, values)
}

/// What a walk does at each integer leaf (in print order).
type LeafMap<'a> = dyn FnMut(&Int) -> Result<Int> + 'a;

fn stride(d: &Stride, leaf: &mut LeafMap) -> Result<Stride> {
    Ok(Stride {
        coef: leaf(&d.coef)?,
        basis: d.basis.clone(),
    })
}

fn layout(l: &Layout, leaf: &mut LeafMap) -> Result<Layout> {
    Layout::new(
        l.shape.try_map(&mut |x| leaf(x))?,
        l.stride.try_map(&mut |d| stride(d, leaf))?,
    )
}

fn func(f: &Func, leaf: &mut LeafMap) -> Result<Func> {
    Ok(match f {
        Func::Layout(l) => Func::Layout(layout(l, leaf)?),
        Func::Swizzle(s) => Func::Swizzle(*s),
        Func::Composed(c) => Func::Composed(Box::new(Composed {
            outer: func(&c.outer, leaf)?,
            offset: c.offset,
            inner: func(&c.inner, leaf)?,
        })),
    })
}

/// `v` with every integer leaf replaced by `leaf` of it, visiting the leaves in print order
/// (a layout's shape before its stride, a composed layout's outer function before its inner).
fn map_leaves(v: &Value, leaf: &mut LeafMap) -> Result<Value> {
    Ok(match v {
        Value::Tuple(t) => Value::Tuple(t.try_map(&mut |x| leaf(x))?),
        Value::Coord(c) => Value::Coord(c.try_map(&mut |x| match x {
            CrdLeaf::Int(i) => Ok(CrdLeaf::Int(leaf(i)?)),
            CrdLeaf::All => Ok(CrdLeaf::All),
        })?),
        Value::Strides(s) => Value::Strides(s.try_map(&mut |d| stride(d, leaf))?),
        Value::Func(f) => Value::Func(func(f, leaf)?),
        Value::Tiler(items) => Value::Tiler(
            items
                .iter()
                .map(|x| map_leaves(x, leaf))
                .collect::<Result<_>>()?,
        ),
        Value::OffsetComposed(_) => {
            return Err(Error::algebra(
                "bind: composed layouts with a tuple offset are not supported",
            ))
        }
        other => other.clone(),
    })
}

fn bind_value(v: &Value, values: &[i64]) -> Result<Value> {
    map_leaves(v, &mut |x| Ok(Int::Lit(x.eval(values)?)))
}

/// The values of the runtime leaves of `v`, in print order (the i-th `?` of its text), for
/// the input values `values`: what a runtime value of that type holds when its inputs hold
/// `values`. A broken recorded condition is an error, as in [`bind`].
pub fn runtime_leaf_values(v: &Value, values: &[i64]) -> Result<Vec<i64>> {
    let mut out = Vec::new();
    map_leaves(v, &mut |x| {
        if !x.is_static() {
            out.push(x.eval(values)?);
        }
        Ok(x.clone())
    })?;
    Ok(out)
}

/// `v`, as parsed from its text (its i-th runtime leaf is `$i`), with its runtime leaves
/// numbered from `first` instead, and the number after its last: the operand of a call whose
/// earlier operands hold the runtime leaves `$0 .. $first-1`.
pub fn number_leaves_from(v: &Value, first: u32) -> Result<(Value, u32)> {
    let mut next = first;
    let v = map_leaves(v, &mut |x| {
        if x.is_static() {
            return Ok(x.clone());
        }
        let i = next;
        next = next
            .checked_add(1)
            .ok_or_else(|| Error::algebra("too many runtime leaves"))?;
        Ok(Int::var(i))
    })?;
    Ok((v, next))
}
