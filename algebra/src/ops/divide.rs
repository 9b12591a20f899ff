//! Divides. logical_divide(A, T) = A o (T, C), C = CuTe's complement(T, shape(coalesce(A)))
//! (its rest the product of ceil_div(shape, span), ops/complement.rs `complement_cute`): mode
//! 0 iterates inside a tile, mode 1 over the tiles. Post-conditions (also when size(T) does not divide size(A)):
//! size(mode 0) = size(T), size(R) = size(T)·size(C), R(c) = A((T, C)(c)) for every c (A read
//! past its domain along its last mode), (T, C) injective; when each sorted stride of
//! filter(T) is a multiple of the span below it, (T, C) is a bijection onto
//! [0, size(R)) with size(R) >= size(A) (the size may grow).
//! By-mode tilers divide mode i of A by T_i.
//! zipped_divide gathers ((tiles...),(rests...)); tiled_divide unpacks the rests; flat_divide
//! unpacks both.

use std::borrow::Cow;

use crate::error::{Error, Result};
use crate::func::Func;
use crate::int::Int;
use crate::layout::Layout;
use crate::ops::complement::complement_cute;
use crate::ops::composition::compose;
use crate::ops::zip::{tile_unzip, unpack_both, unpack_second};
use crate::tuple::Tree;
use crate::value::Value;

/// A tiler as a layout: a layout, an integer n (n:1) or a shape (its compact layout).
pub(crate) fn tiler_layout<'t>(t: &'t Value, op: &str) -> Result<Option<Cow<'t, Layout>>> {
    match t {
        Value::All => Ok(None),
        Value::Tuple(Tree::Leaf(Int::Lit(n))) => {
            if *n <= 0 {
                return Err(Error::algebra(format!(
                    "{op}: tile size {n} is not positive"
                )));
            }
            Ok(Some(Cow::Owned(Layout::leaf(*n, 1))))
        }
        Value::Tuple(shape) => Ok(Some(Cow::Owned(Layout::compact(shape)?))),
        Value::Func(Func::Layout(l)) => Ok(Some(Cow::Borrowed(l))),
        other => Err(Error::algebra(format!(
            "{op}: cannot use {} as a tiler",
            other.kind()
        ))),
    }
}

/// Apply `f` mode by mode for a by-mode tiler (modes of A past the tiler are kept).
pub(crate) fn by_mode(
    a: &Layout,
    t: &Value,
    op: &str,
    f: &dyn Fn(&Layout, &Layout) -> Result<Layout>,
) -> Result<Layout> {
    match t {
        Value::Tiler(items) => {
            let modes = if a.shape.is_leaf() {
                vec![a.clone()]
            } else {
                a.modes()
            };
            if items.len() > modes.len() {
                return Err(Error::algebra(format!(
                    "{op}: tiler has {} modes but the layout has rank {}",
                    items.len(),
                    modes.len()
                )));
            }
            let mut out = Vec::with_capacity(modes.len());
            for (i, m) in modes.iter().enumerate() {
                out.push(match items.get(i) {
                    Some(ti) => by_mode(m, ti, op, f)?,
                    None => m.clone(),
                });
            }
            Ok(Layout::from_modes(out))
        }
        _ => match tiler_layout(t, op)? {
            None => Ok(a.clone()),
            Some(tl) => f(a, &tl),
        },
    }
}

fn divide_one(a: &Layout, t: &Layout) -> Result<Layout> {
    // CuTe's cotarget is shape(coalesce(A)), not size(A): with a tiler that does not divide,
    // the rest extent is the product of the mode-by-mode ceil_div, which can exceed
    // ceil_div(size(A), span) (complement(3:1, (4,4)) = 8:3, not 6:3).
    let c = if t.stride.has_basis() {
        // A tiler of coordinates: its complement in A's coordinate space (ops/basis.rs).
        crate::ops::basis::complement_in_shape(t, &a.shape)
    } else {
        complement_cute(t, &crate::ops::coalesce::coalesce(a)?.shape)
    }
    .map_err(|e| Error::algebra(format!("logical_divide: {e}")))?;
    let r = compose(a, &Layout::from_modes(vec![t.clone(), c]))
        .map_err(|e| Error::algebra(format!("logical_divide: {e}")))?;
    Ok(r)
}

pub fn logical_divide(a: &Layout, t: &Value) -> Result<Layout> {
    by_mode(a, t, "logical_divide", &divide_one)
}

pub fn zipped_divide(a: &Layout, t: &Value) -> Result<Layout> {
    tile_unzip(logical_divide(a, t)?, t)
}

pub fn tiled_divide(a: &Layout, t: &Value) -> Result<Layout> {
    unpack_second(zipped_divide(a, t)?)
}

pub fn flat_divide(a: &Layout, t: &Value) -> Result<Layout> {
    unpack_both(zipped_divide(a, t)?)
}
