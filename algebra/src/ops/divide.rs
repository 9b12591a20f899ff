//! Divides. logical_divide(A, T) = A o (T, C), C = CuTe's complement(T, shape(coalesce(A)))
//! (its rest the product of ceil_div(shape, span), ops/complement.rs `complement_cute`): mode
//! 0 iterates inside a tile, mode 1 over the tiles. Post-conditions (also when size(T) does not divide size(A)):
//! size(mode 0) = size(T), size(R) = size(T)·size(C), R(c) = A((T, C)(c)) for every c (A read
//! past its domain along its last mode), (T, C) injective; when each sorted stride of
//! filter(T) is a multiple of the span below it, (T, C) is a bijection onto
//! [0, size(R)) with size(R) >= size(A) (the size may grow).
//! By-mode tilers (`[T0,T1]`, and integer tuples `(2,4)`, as in CuTe: ops/tiler.rs) divide
//! mode i of A by T_i.
//! zipped_divide gathers ((tiles...),(rests...)); tiled_divide unpacks the rests; flat_divide
//! unpacks both.

use std::borrow::Cow;

use crate::error::{Error, Result};
use crate::func::Func;
use crate::layout::Layout;
use crate::ops::complement::complement_cute;
use crate::ops::composition::compose;
use crate::ops::tiler::{by_mode_form, leaf_tile, mode_path, modes_of};
use crate::ops::zip::{tile_unzip, unpack_both, unpack_second};
use crate::tuple::Tree;
use crate::value::Value;

/// A tiler as a layout: a layout, an integer n (n:1) or a shape (its compact layout; only
/// blocked_product and raked_product, which take a layout in CuTe, still read a shape so: the
/// divides, logical products and composition read it by-mode first, ops/tiler.rs).
pub(crate) fn tiler_layout<'t>(t: &'t Value, op: &str) -> Result<Option<Cow<'t, Layout>>> {
    match t {
        Value::All => Ok(None),
        Value::Tuple(Tree::Leaf(n)) => Ok(Some(Cow::Owned(leaf_tile(n, op)?))),
        Value::Tuple(shape) => Ok(Some(Cow::Owned(Layout::compact(shape)?))),
        Value::Func(Func::Layout(l)) => Ok(Some(Cow::Borrowed(l))),
        other => Err(Error::algebra(format!(
            "{op}: cannot use {} as a tiler",
            other.kind()
        ))),
    }
}

/// Apply `f` mode by mode for a by-mode tiler (modes of A past the tiler are kept); integer
/// tuples are by-mode too (ops/tiler.rs).
pub(crate) fn by_mode(
    a: &Layout,
    t: &Value,
    op: &str,
    f: &dyn Fn(&Layout, &Layout) -> Result<Layout>,
) -> Result<Layout> {
    by_mode_at(a, by_mode_form(t).as_ref(), op, f, &mut Vec::new())
}

fn by_mode_at(
    a: &Layout,
    t: &Value,
    op: &str,
    f: &dyn Fn(&Layout, &Layout) -> Result<Layout>,
    path: &mut Vec<usize>,
) -> Result<Layout> {
    match t {
        Value::Tiler(items) => {
            let modes = modes_of(a);
            if items.len() > modes.len() {
                let which = if path.is_empty() {
                    "the layout".to_string()
                } else {
                    format!("mode {} of the layout", mode_path(path))
                };
                return Err(Error::algebra(format!(
                    "{op}: tiler has {} modes but {which}, {}, has rank {}",
                    items.len(),
                    crate::text::print_layout(a),
                    modes.len()
                )));
            }
            let mut out = Vec::with_capacity(modes.len());
            for (i, m) in modes.iter().enumerate() {
                out.push(match items.get(i) {
                    Some(ti) => {
                        path.push(i);
                        let r = by_mode_at(m, ti, op, f, path)?;
                        path.pop();
                        r
                    }
                    None => m.clone(),
                });
            }
            Ok(Layout::from_modes(out))
        }
        t => match tiler_layout(t, op)? {
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
    tile_unzip(logical_divide(a, t)?, t, "zipped_divide")
}

pub fn tiled_divide(a: &Layout, t: &Value) -> Result<Layout> {
    unpack_second(zipped_divide(a, t)?)
}

pub fn flat_divide(a: &Layout, t: &Value) -> Result<Layout> {
    unpack_both(zipped_divide(a, t)?)
}
