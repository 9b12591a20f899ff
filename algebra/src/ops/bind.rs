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
    if let Some(leaves) = leaves.filter(|&n| values.len() != n as usize) {
        return Err(Error::algebra(format!(
            "bind: the expression has {leaves} runtime leaves '?' but {} values were given",
            values.len()
        )));
    }
    bind_value(v, values)
}

fn int(x: &Int, values: &[i64]) -> Result<Int> {
    Ok(Int::Lit(x.eval(values)?))
}

fn stride(d: &Stride, values: &[i64]) -> Result<Stride> {
    Ok(Stride {
        coef: int(&d.coef, values)?,
        basis: d.basis.clone(),
    })
}

fn layout(l: &Layout, values: &[i64]) -> Result<Layout> {
    Layout::new(
        l.shape.try_map(&mut |x| int(x, values))?,
        l.stride.try_map(&mut |d| stride(d, values))?,
    )
}

fn func(f: &Func, values: &[i64]) -> Result<Func> {
    Ok(match f {
        Func::Layout(l) => Func::Layout(layout(l, values)?),
        Func::Swizzle(s) => Func::Swizzle(*s),
        Func::Composed(c) => Func::Composed(Box::new(Composed {
            outer: func(&c.outer, values)?,
            offset: c.offset,
            inner: func(&c.inner, values)?,
        })),
    })
}

fn bind_value(v: &Value, values: &[i64]) -> Result<Value> {
    Ok(match v {
        Value::Tuple(t) => Value::Tuple(t.try_map(&mut |x| int(x, values))?),
        Value::Coord(c) => Value::Coord(c.try_map(&mut |x| match x {
            CrdLeaf::Int(i) => Ok(CrdLeaf::Int(int(i, values)?)),
            CrdLeaf::All => Ok(CrdLeaf::All),
        })?),
        Value::Strides(s) => Value::Strides(s.try_map(&mut |d| stride(d, values))?),
        Value::Func(f) => Value::Func(func(f, values)?),
        Value::Tiler(items) => Value::Tiler(
            items
                .iter()
                .map(|x| bind_value(x, values))
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
