//! Inverses. With coalesce(L) = (s_i:d_i) and its column-major prefix products p_i:
//! right_inverse: follow the strides 1, s_a d_a, ... in sorted order; R = (s_a, s_b, ...) :
//!   (p_a, p_b, ...). Post-condition: L(R(i)) = i for i < size(R).
//! left_inverse: in increasing stride order, each nonzero stride d_k gives the mode
//!   (d_k / size(modes so far)) : p_k, and the last sorted mode keeps its extent.
//!   Post-condition (quasi-inverse): L(R(L(i))) = L(i); R(L(i)) = i when L is injective
//!   (ops/contract_left_inverse.rs: proven from the strides, else checked by evaluation).

use crate::error::{Error, Result};
use crate::int;
use crate::layout::Layout;
use crate::ops::coalesce::coalesce;
use crate::ops::contract_left_inverse;
use crate::stride::StrideTuple;
use crate::tuple::{IntTuple, Tree};

fn flat_modes(l: &Layout, what: &str) -> Result<(Vec<(i64, i64)>, Vec<i64>)> {
    let c = coalesce(l)?;
    let modes = c.int_leaves(what)?;
    let mut pre = Vec::with_capacity(modes.len() + 1);
    pre.push(1i64);
    for &(s, _) in &modes {
        let last = *pre.last().unwrap();
        pre.push(int::mul(last, s)?);
    }
    Ok((modes, pre))
}

/// The mode indices sorted by stride exactly as CuTe's `detail::SortByKey` orders them: its
/// exchange sort (for each position i, swap in every later entry with a smaller key) is not
/// stable, and the order of equal strides decides which mode the inverses follow
/// (`right_inverse((2,2,2):(1,1,0))` is `2:2` in CuTe C++, not `2:1`). O(n^2) in the
/// coalesced modes (at most 4096).
fn sorted_by_stride(modes: &[(i64, i64)]) -> Vec<usize> {
    crate::ops::inverse_runtime::sorted_by_key(&modes.iter().map(|m| m.1).collect::<Vec<_>>())
}

fn build(shapes: Vec<i64>, strides: Vec<i64>) -> Result<Layout> {
    coalesce(&Layout::raw(
        Tree::Node(shapes.into_iter().map(IntTuple::lit).collect()),
        Tree::Node(strides.into_iter().map(StrideTuple::int).collect()),
    ))
}

pub fn right_inverse(l: &Layout) -> Result<Layout> {
    if l.has_runtime_leaf() && !l.stride.has_basis() {
        return crate::ops::inverse_runtime::right_inverse_runtime(l);
    }
    if l.stride.has_basis() {
        return crate::ops::basis::right_inverse(l, &right_inverse);
    }
    let (modes, pre) = flat_modes(l, "right_inverse")?;
    let mut shapes = vec![1i64];
    let mut strides = vec![0i64];
    let mut curr = 1i64;
    for i in sorted_by_stride(&modes) {
        let (s, d) = modes[i];
        if d == curr {
            shapes.push(s);
            strides.push(pre[i]);
            curr = int::mul(s, d)?;
        }
    }
    // L(R(i)) = i holds by construction: the chosen modes chain 1, s_a d_a = d_b, ..., so R
    // writes i in the mixed radix (s_a, s_b, ...) and L reads it back (tests check it).
    build(shapes, strides)
}

/// A left inverse reads L's offsets as its coordinates, so every offset must lie in the
/// domain [0, n) of a layout: a leaf with extent > 1 and a negative stride d maps its
/// coordinate 1 to d < 0, and no shape:stride layout (positive extents) has it in its
/// domain. Such an L is refused with the leaf that breaks the condition.
fn check_non_negative_image(l: &Layout) -> Result<()> {
    for (k, (s, d)) in l.int_leaves("left_inverse")?.into_iter().enumerate() {
        if s > 1 && d < 0 {
            return Err(Error::algebra(format!(
                "left_inverse: leaf mode {k} ({s}:{d}) of L = {} has a negative stride, so L maps coordinate 1 of that mode to the negative offset {d}, outside the domain of every layout: a left inverse needs non-negative strides",
                crate::text::print_layout(l)
            )));
        }
    }
    Ok(())
}

/// Most points of a layout whose left inverse is verified by evaluation.
pub use crate::ops::contract_left_inverse::VERIFY_LIMIT;

pub fn left_inverse(l: &Layout) -> Result<Layout> {
    if l.has_runtime_leaf() && !l.stride.has_basis() {
        return crate::ops::inverse_runtime::left_inverse_runtime(l);
    }
    if l.stride.has_basis() {
        return crate::ops::basis::left_inverse(l, &left_inverse);
    }
    check_non_negative_image(l)?;
    let (modes, pre) = flat_modes(l, "left_inverse")?;
    let order = sorted_by_stride(&modes);
    let mut shapes: Vec<i64> = Vec::new();
    let mut strides = vec![0i64];
    let mut size = 1i64;
    for &i in &order {
        let d = modes[i].1;
        if d == 0 {
            continue;
        }
        if d % size != 0 {
            return Err(Error::algebra(format!(
                "left_inverse: L = {} is not injective or not invertible on its image: stride {d} is not a multiple of {size}, the extent covered by the smaller strides (left inverse divisibility condition)",
                crate::text::print_layout(l)
            )));
        }
        let s = d / size;
        shapes.push(s);
        strides.push(pre[i]);
        size = int::mul(size, s)?;
    }
    let last = *order.last().expect("coalesce gives at least one mode");
    shapes.push(modes[last].0);
    let r = build(shapes, strides)?;
    contract_left_inverse::check(l, &modes, &order, &r)?;
    Ok(r)
}
