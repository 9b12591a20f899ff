//! Products. logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) o B): mode 0 is A,
//! mode 1 repeats A at the offsets of B scaled past A's footprint. Post-condition:
//! size(R) = size(A)·size(B), R's mode 0 equals A. By-mode tilers apply per mode.
//! blocked_product/raked_product (rank R = max(rank A, rank B)) zip the two modes of
//! logical_product(append<R>(A), append<R>(B)) as (A_i, B_i) resp. (B_i, A_i) and coalesce
//! each mode.

use crate::error::{Error, Result};
use crate::int;
use crate::layout::Layout;
use crate::ops::coalesce::coalesce;
use crate::ops::complement::complement_cute;
use crate::ops::composition::{compose, reads_past_domain};
use crate::ops::contract_product;
use crate::ops::divide::{by_mode, tiler_layout};
use crate::ops::zip::{tile_unzip, unpack_both, unpack_second};
use crate::tuple::IntTuple;
use crate::value::Value;

fn product_one(a: &Layout, b: &Layout) -> Result<Layout> {
    if b.stride.has_basis() {
        return Err(crate::ops::basis::needs_integer(
            "logical_product",
            "the tiler",
            b,
        ));
    }
    if a.stride.has_basis() {
        return crate::ops::basis::logical_product(a, b);
    }
    let target = int::mul(a.size()?, b.cosize()?)?;
    let c = complement_cute(a, &IntTuple::lit(target))
        .map_err(|e| Error::algebra(format!("logical_product: {e}")))?;
    let rest = compose(&c, b).map_err(|e| Error::algebra(format!("logical_product: {e}")))?;
    let p = Layout::from_modes(vec![a.clone(), rest]);
    // When B reads the complement past its size (its strides interleave with A's, so CuTe's
    // truncated complement falls short of the cotarget), the copies of A may land on A.
    if reads_past_domain(&c, b)?.is_some() {
        contract_product::check_copies_disjoint(a, b, &p)?;
    }
    Ok(p)
}

pub fn logical_product(a: &Layout, t: &Value) -> Result<Layout> {
    by_mode(a, t, "logical_product", &product_one)
}

pub fn zipped_product(a: &Layout, t: &Value) -> Result<Layout> {
    tile_unzip(logical_product(a, t)?, t)
}

pub fn tiled_product(a: &Layout, t: &Value) -> Result<Layout> {
    unpack_second(zipped_product(a, t)?)
}

pub fn flat_product(a: &Layout, t: &Value) -> Result<Layout> {
    unpack_both(zipped_product(a, t)?)
}

/// append<R>: pad a layout to rank r with 1:0 modes (a leaf becomes a rank-1 tuple first).
pub(crate) fn pad_rank(l: &Layout, r: usize) -> Layout {
    let mut modes = if l.shape.is_leaf() {
        vec![l.clone()]
    } else {
        l.modes()
    };
    while modes.len() < r {
        modes.push(Layout::trivial());
    }
    Layout::from_modes(modes)
}

fn rank_of(l: &Layout) -> usize {
    if l.shape.is_leaf() {
        1
    } else {
        l.rank()
    }
}

fn zip_product(a: &Layout, t: &Value, op: &str, raked: bool) -> Result<Layout> {
    let b = tiler_layout(t, op)?
        .ok_or_else(|| Error::algebra(format!("{op}: the tiler must be a layout")))?;
    let r = rank_of(a).max(rank_of(&b));
    let p = product_one(&pad_rank(a, r), &pad_rank(&b, r))?;
    let mut halves = p.into_modes().into_iter();
    let (pa, pb) = match (halves.next(), halves.next()) {
        (Some(x), Some(y)) => (x.into_modes(), y.into_modes()),
        _ => return Err(Error::algebra(format!("{op}: internal rank mismatch"))),
    };
    if pb.len() != r {
        return Err(Error::algebra(format!("{op}: internal rank mismatch")));
    }
    let modes = pa
        .into_iter()
        .zip(pb)
        .map(|(x, y)| {
            let pair = if raked { vec![y, x] } else { vec![x, y] };
            coalesce(&Layout::from_modes(pair))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Layout::from_modes(modes))
}

pub fn blocked_product(a: &Layout, t: &Value) -> Result<Layout> {
    zip_product(a, t, "blocked_product", false)
}

pub fn raked_product(a: &Layout, t: &Value) -> Result<Layout> {
    zip_product(a, t, "raked_product", true)
}
