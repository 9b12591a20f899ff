//! complement(A, M): the layout R of the "rest" of the codomain [0, M), such that (A, R) is
//! injective. Contract (ops/contract_complement.rs, checked on every result): R is ordered
//! (R(i-1) < R(i)), (A, R) is injective, and cosize((A, R)) >= M.
//!
//! With filter(A) = (s_i:d_i) sorted by stride: the gaps between consecutive strides become
//! modes d_{k}/(s_{k-1} d_{k-1}) : s_{k-1} d_{k-1}, and the rest ceil_div(M, s_n d_n) : s_n d_n
//! (CuTe). When a stride is not a multiple of the span below it, CuTe truncates that gap and
//! its rest can fall short of M (`complement((2,3):(4,1), 8)` = `1:0` in C++); the rest extent
//! is then the smallest that reaches M (`2:8`). A stride inside the span below it (a
//! non-injective A, or interleaved modes) has no gap: an error, as CuTe's static_assert.

use crate::error::{Error, Result};
use crate::int::{self, Int};
use crate::layout::Layout;
use crate::ops::coalesce::{coalesce, coalesce_leaf_modes, Mode};
use crate::ops::contract_complement;
use crate::ops::filter::{filter, filter_int_modes};
use crate::stride::Stride;
use crate::tuple::{IntTuple, Tree};

pub use crate::ops::shape_arith::ceil_div_shape;

/// complement with an integer or shape cotarget: the result meets the contract (a truncated
/// gap extends the rest until cosize((A, R)) >= M).
pub fn complement(a: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    if a.stride.has_basis() {
        return Err(crate::ops::basis::complement_with_cotarget(a, cotarget));
    }
    complement_with(a, cotarget, true)
}

/// CuTe's complement exactly (rest `ceil_div(M, span)`), as the divides and products use it:
/// ordered and injective with A, but with a truncated gap cosize((A, R)) may fall short of M.
/// Their own post-conditions (docs/algebra.md) are stated for this complement.
pub(crate) fn complement_cute(a: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    complement_with(a, cotarget, false)
}

fn complement_with(a: &Layout, cotarget: &IntTuple, reach_cotarget: bool) -> Result<Layout> {
    check_cotarget(cotarget)?;
    if a.has_runtime_leaf() || !cotarget.is_static() {
        return crate::ops::complement_runtime::complement_runtime(a, cotarget, reach_cotarget);
    }
    let modes = match filter_int_modes(a) {
        Some(m) => m,
        None => filter(a)?.int_leaves("complement")?,
    };
    // Irreducible stride-0 layout: the compact layout of the cotarget.
    if modes.len() == 1 && modes[0].1 == 0 {
        let total = cotarget.product()?;
        return coalesce(&Layout::compact(&IntTuple::lit(total))?);
    }
    let mut rest: Vec<(i64, i64)> = modes.clone();
    for &(_, d) in &rest {
        if d < 0 {
            return Err(Error::algebra(format!(
                "complement: A = {} has the negative stride {d}; complement needs positive strides",
                crate::text::print_layout(a)
            )));
        }
    }
    let mut shapes = Vec::new();
    let mut strides = vec![1i64];
    while !rest.is_empty() {
        let (idx, &(s, d)) = rest.iter().enumerate().min_by_key(|(_, m)| m.1).unwrap();
        let prev = *strides.last().unwrap();
        let new_shape = int::div(d, prev)?;
        if new_shape == 0 {
            return Err(Error::algebra(format!(
                "complement: A = {} has no complement: stride {d} lies inside the span {prev} of the modes with smaller strides (A is not injective, so no R makes (A, R) injective, or its modes interleave, for which CuTe defines no complement)",
                crate::text::print_layout(a)
            )));
        }
        shapes.push(new_shape);
        strides.push(int::mul(d, s)?);
        rest.remove(idx);
    }
    let span = strides.pop().unwrap();
    let m = cotarget.product()?;
    let gaps: Vec<(i64, i64)> = shapes
        .iter()
        .copied()
        .zip(strides.iter().copied())
        .collect();
    let cpp_rest = ceil_div_shape(cotarget, span)?.product()?;
    let rest_shape = if reach_cotarget {
        contract_complement::rest_extent(&modes, &gaps, span, cpp_rest, m)?
    } else {
        cpp_rest
    };
    let mut flat: Vec<Mode> = shapes
        .iter()
        .zip(&strides)
        .map(|(&x, &d)| (Int::Lit(x), Stride::int(d)))
        .collect();
    flat.push((Int::Lit(rest_shape), Stride::int(span)));
    let r = coalesce_leaf_modes(&flat)?;
    contract_complement::check(a, &modes, &r, if reach_cotarget { m } else { 1 })?;
    Ok(r)
}

/// Every static extent of the cotarget is positive (a runtime one is checked where the
/// runtime path divides by it).
fn check_cotarget(c: &IntTuple) -> Result<()> {
    match c {
        Tree::Leaf(Int::Lit(v)) if *v <= 0 => Err(Error::algebra(format!(
            "complement: cotarget extent {v} is not positive"
        ))),
        Tree::Leaf(_) => Ok(()),
        Tree::Node(v) => v.iter().try_for_each(check_cotarget),
    }
}

/// complement with CuTe's default cotarget cosize(filter(A)).
pub fn complement_default(a: &Layout) -> Result<Layout> {
    if a.stride.has_basis() {
        return crate::ops::basis::complement(a);
    }
    if a.has_runtime_leaf() {
        let c = filter(a)?.cosize_int()?;
        return complement(a, &Tree::Leaf(c));
    }
    let c = filter(a)?.cosize()?;
    complement(a, &IntTuple::lit(c))
}
