//! Products. logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) o B): mode 0 is A,
//! mode 1 repeats A at the offsets of B scaled past A's footprint. Post-condition:
//! size(R) = size(A)·size(B), R's mode 0 equals A. By-mode tilers (`[B0,B1]`, and integer
//! tuples `(2,4)` as in CuTe: ops/tiler.rs) apply per mode.
//! blocked_product/raked_product (rank R = max(rank A, rank B)) zip the two modes of
//! P = logical_product(append<R>(A), append<R>(B)) as (A_i, B'_i) resp. (B'_i, A_i), with no
//! coalesce (CuTe since CUTLASS v3.8): blocked_product((3,4):(4,1), (2,5):(1,2)) =
//! ((3,2),(4,5)):((4,12),(1,24)). Post-conditions: rank R, size(mode i) = size(A_i)·size(B_i),
//! and R is P with its coordinates regrouped: R((a_i, b_i)_i) = P((a_i)_i, (b_i)_i).
//! CuTe takes only layouts here; an integer n stands for n:1 and a shape for its compact
//! layout (make_layout(shape)).

use crate::error::{Error, Result};
use crate::int;
use crate::layout::Layout;
use crate::ops::complement::complement_cute;
use crate::ops::composition::{compose, reads_past_domain};
use crate::ops::contract_product;
use crate::ops::divide::{by_mode, tiler_layout};
use crate::ops::tiler::modes_of;
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
        return crate::ops::basis_product::logical_product(a, b);
    }
    if a.has_runtime_leaf() || b.has_runtime_leaf() {
        // C++: (A, complement(A, size(A)·cosize(B)) o B) on runtime values; the runtime
        // composition records the conditions under which the copies of A are right.
        let target = a.size_int()?.mul(&b.cosize_int()?)?;
        let c = complement_cute(a, &crate::tuple::Tree::Leaf(target))
            .map_err(|e| Error::algebra(format!("logical_product: {e}")))?;
        let rest = compose(&c, b).map_err(|e| Error::algebra(format!("logical_product: {e}")))?;
        return Ok(Layout::from_modes(vec![a.clone(), rest]));
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
    tile_unzip(logical_product(a, t)?, t, "zipped_product")
}

pub fn tiled_product(a: &Layout, t: &Value) -> Result<Layout> {
    unpack_second(zipped_product(a, t)?)
}

pub fn flat_product(a: &Layout, t: &Value) -> Result<Layout> {
    unpack_both(zipped_product(a, t)?)
}

/// CuTe's append<R>(L): pad a layout to rank r with 1:0 modes; an integral layout stays itself
/// for r = 1 and becomes the first of r modes otherwise.
pub(crate) fn pad_rank(l: &Layout, r: usize) -> Layout {
    if l.shape.is_leaf() && r <= 1 {
        return l.clone();
    }
    let mut modes = modes_of(l);
    while modes.len() < r {
        modes.push(Layout::trivial());
    }
    Layout::from_modes(modes)
}

/// CuTe's zip(X, Y) of the two halves of a product (X = P0, Y = P1 for blocked_product,
/// X = P1, Y = P0 for raked_product): mode j is (X_j, Y_j) for a tuple X (an integral Y pairs
/// with every mode), and ((X, Y)) for an integral X.
fn zip_halves(x: Layout, y: Layout) -> Result<Layout> {
    if x.shape.is_leaf() {
        return Ok(Layout::from_modes(vec![Layout::from_modes(vec![x, y])]));
    }
    let n = x.rank();
    if !y.shape.is_leaf() && y.rank() != n {
        return Err(Error::algebra(format!(
            "zip: the halves {} and {} have different ranks",
            crate::text::print_layout(&x),
            crate::text::print_layout(&y)
        )));
    }
    let ys: Vec<Layout> = if y.shape.is_leaf() {
        vec![y; n]
    } else {
        y.into_modes()
    };
    Ok(Layout::from_modes(
        x.into_modes()
            .into_iter()
            .zip(ys)
            .map(|(a, b)| Layout::from_modes(vec![a, b]))
            .collect(),
    ))
}

fn zip_product(a: &Layout, t: &Value, op: &str, raked: bool) -> Result<Layout> {
    let b = tiler_layout(t, op)?
        .ok_or_else(|| Error::algebra(format!("{op}: the tiler must be a layout")))?;
    let r = modes_of(a).len().max(modes_of(&b).len());
    let p = product_one(&pad_rank(a, r), &pad_rank(&b, r))?;
    let [p0, p1] = <[Layout; 2]>::try_from(p.into_modes())
        .map_err(|_| Error::algebra(format!("{op}: internal rank mismatch")))?;
    let (x, y) = if raked { (p1, p0) } else { (p0, p1) };
    if (a.has_runtime_leaf() || b.has_runtime_leaf()) && !x.shape.is_leaf() && y.shape.is_leaf() {
        // With runtime leaves nothing is coalesced away, and C++'s zip of a tuple with an
        // integer does not compile.
        return Err(Error::algebra(format!(
            "{op}: the halves {} and {} are a tuple and an integral layout, which C++'s zip does not pair (with runtime leaves the composition keeps its modes)",
            crate::text::print_layout(&x),
            crate::text::print_layout(&y)
        )));
    }
    zip_halves(x, y).map_err(|e| Error::algebra(format!("{op}: {e}")))
}

pub fn blocked_product(a: &Layout, t: &Value) -> Result<Layout> {
    zip_product(a, t, "blocked_product", false)
}

pub fn raked_product(a: &Layout, t: &Value) -> Result<Layout> {
    zip_product(a, t, "raked_product", true)
}
