//! The operations defined on a composed layout with a tuple offset `A o O o B`
//! (offset_composed.rs): its domain queries (size, shape, rank, depth: those of B), crd2idx
//! (the value at a coordinate of B's domain) and eval (the table of its values, integers, or
//! coordinate vectors when A has scaled-basis strides), and the operations on the domain
//! that CuTe lifts through a composed layout (composed.rs LIFTED_OPS: divides, products,
//! coalesce, select, ...): `op(A o O o B, ...) = A o O o op(B, ...)`. Every other operation
//! refuses it by its kind.

use crate::error::{Error, Result};
use crate::offset_composed::OffsetComposed;
use crate::tuple::{crd2lin, Tree};
use crate::value::Value;

/// Most values listed by `eval`.
const EVAL_LIMIT: i64 = 1 << 16;

fn the_layout<'a>(op: &str, args: &'a [Value]) -> Result<&'a OffsetComposed> {
    args.iter()
        .find_map(|v| match v {
            Value::OffsetComposed(c) => Some(&**c),
            _ => None,
        })
        .ok_or_else(|| Error::algebra(format!("{op}: expected a composed layout")))
}

fn arity(op: &str, args: &[Value], n: usize) -> Result<()> {
    if args.len() != n {
        return Err(Error::algebra(format!(
            "{op} takes {n} arguments, got {}",
            args.len()
        )));
    }
    Ok(())
}

pub fn call(op: &str, args: &[Value]) -> Result<Value> {
    let c = the_layout(op, args)?;
    match op {
        "size" => {
            arity(op, args, 1)?;
            Ok(Value::int(c.size()?))
        }
        "shape" => {
            arity(op, args, 1)?;
            Ok(Value::Tuple(c.inner.shape.clone()))
        }
        "rank" => {
            arity(op, args, 1)?;
            Ok(Value::int(c.inner.rank() as i64))
        }
        "depth" => {
            arity(op, args, 1)?;
            Ok(Value::int(c.inner.depth() as i64))
        }
        "crd2idx" => {
            arity(op, args, 2)?;
            let crd = match args.iter().find(|v| !matches!(v, Value::OffsetComposed(_))) {
                Some(Value::Tuple(t)) => t,
                Some(other) => {
                    return Err(Error::algebra(format!(
                        "crd2idx: expected a coordinate, found {}",
                        other.kind()
                    )))
                }
                None => return Err(Error::algebra("crd2idx: expected a coordinate")),
            };
            crate::ops::slice::check_coord_in_domain(crd, &c.inner.shape)?;
            Ok(Value::Tuple(c.apply(crd2lin(crd, &c.inner.shape)?)?))
        }
        "eval" => {
            arity(op, args, 1)?;
            let n = c.size()?;
            if n > EVAL_LIMIT {
                return Err(Error::algebra(format!(
                    "eval: {n} points exceed the limit of {EVAL_LIMIT}"
                )));
            }
            let values = (0..n).map(|i| c.apply(i)).collect::<Result<Vec<_>>>()?;
            if values.iter().all(|v| v.is_leaf()) {
                Ok(Value::Ints(
                    values
                        .iter()
                        .map(|v| v.as_int().expect("a static leaf"))
                        .collect(),
                ))
            } else {
                Ok(Value::Tuple(Tree::Node(values)))
            }
        }
        _ => Err(Error::algebra(format!(
            "{op} is not defined for a composed layout with a tuple offset"
        ))),
    }
}

/// `op(A o O o B, args...) = A o O o op(B, args...)` for an op on the domain; `call` runs
/// the op on the inner layout (the dispatch passes itself: it sits above this file).
pub fn lift(
    op: &str,
    args: &[Value],
    call: &dyn Fn(&str, &[Value]) -> Result<Value>,
) -> Result<Value> {
    let c = the_layout(op, args)?;
    let mut inner_args = args.to_vec();
    inner_args[0] = Value::layout(c.inner.clone());
    match call(op, &inner_args)? {
        Value::Func(crate::func::Func::Layout(inner)) => Ok(Value::OffsetComposed(Box::new(
            OffsetComposed::new(c.outer.clone(), c.offset.clone(), inner)?,
        ))),
        other => Err(Error::algebra(format!(
            "{op}: the inner layout gave {}, not a layout",
            other.kind()
        ))),
    }
}
