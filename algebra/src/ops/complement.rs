//! complement(A, M): the layout R of the "rest" of the codomain [0, M), such that (A, R) is
//! injective. Post-conditions: R is ordered (R(i-1) < R(i)), R(i) != A(j) for i >= 1 (images
//! disjoint except 0), and, when every sorted stride is a multiple of the span below it,
//! size(R) >= M / size(filter(A)). (With interleaved strides CuTe truncates the gap extents
//! and the rest reaches the cotarget only through the last mode's extension, as in its own
//! logical_product((4,6):(1,6), 3:1) unit test; we keep that.)
//!
//! With filter(A) = (s_i:d_i) sorted by stride: the gaps between consecutive strides become
//! modes d_{k}/(s_{k-1} d_{k-1}) : s_{k-1} d_{k-1}, and the rest ceil_div(M, s_n d_n) : s_n d_n.

use crate::error::{Error, Result};
use crate::int::{self, Int};
use crate::layout::Layout;
use crate::ops::coalesce::{coalesce, coalesce_leaf_modes, Mode};
use crate::ops::filter::{filter, filter_int_modes};
use crate::stride::Stride;
use crate::tuple::{IntTuple, Tree};

/// ceil_div of a (possibly tuple) shape by an integer, mode by mode (CuTe).
pub fn ceil_div_shape(a: &IntTuple, b: i64) -> Result<IntTuple> {
    match a {
        Tree::Leaf(x) => Ok(IntTuple::lit(int::ceil_div(x.get("ceil_div")?, b)?)),
        Tree::Node(v) => {
            let mut rest = b;
            let mut out = Vec::with_capacity(v.len());
            for ai in v {
                let ai_size = ai.product()?;
                out.push(ceil_div_shape(ai, rest)?);
                rest = int::ceil_div(rest, ai_size)?;
            }
            Ok(Tree::Node(out))
        }
    }
}

/// complement with an integer or shape cotarget.
pub fn complement(a: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    if a.stride.has_basis() {
        return Err(crate::ops::basis::complement_with_cotarget(a, cotarget));
    }
    let modes = match filter_int_modes(a) {
        Some(m) => m,
        None => filter(a)?.int_leaves("complement")?,
    };
    check_cotarget(cotarget)?;
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
    let mut exact = true;
    while !rest.is_empty() {
        let (idx, &(s, d)) = rest.iter().enumerate().min_by_key(|(_, m)| m.1).unwrap();
        let prev = *strides.last().unwrap();
        let new_shape = int::div(d, prev)?;
        exact &= d % prev == 0;
        if new_shape == 0 {
            return Err(Error::algebra(format!(
                "complement: A = {} has no complement: stride {d} lies inside the span {prev} of the modes with smaller strides (A is not injective, or its modes interleave)",
                crate::text::print_layout(a)
            )));
        }
        shapes.push(new_shape);
        strides.push(int::mul(d, s)?);
        rest.remove(idx);
    }
    let span = strides.pop().unwrap();
    let rest_shape = ceil_div_shape(cotarget, span)?.product()?;
    let mut flat: Vec<Mode> = shapes
        .iter()
        .zip(&strides)
        .map(|(&x, &d)| (Int::Lit(x), Stride::int(d)))
        .collect();
    flat.push((Int::Lit(rest_shape), Stride::int(span)));
    let r = coalesce_leaf_modes(&flat)?;
    // With every stride a multiple of the span below it, (A, R) is a mixed-radix bijection
    // onto [0, span·rest): R is ordered and disjoint from A by construction. Truncated gaps
    // (interleaved strides) are checked by evaluation.
    if !exact {
        check_complement(a, &r)?;
    }
    Ok(r)
}

fn check_cotarget(c: &IntTuple) -> Result<()> {
    match c {
        Tree::Leaf(x) => match x.get("complement")? {
            v if v <= 0 => Err(Error::algebra(format!(
                "complement: cotarget extent {v} is not positive"
            ))),
            _ => Ok(()),
        },
        Tree::Node(v) => v.iter().try_for_each(check_cotarget),
    }
}

/// complement with CuTe's default cotarget cosize(filter(A)).
pub fn complement_default(a: &Layout) -> Result<Layout> {
    if a.stride.has_basis() {
        return crate::ops::basis::complement(a);
    }
    let c = filter(a)?.cosize()?;
    complement(a, &IntTuple::lit(c))
}

/// Check that R's image meets A's only at 0 and that R is ordered (on domains small enough to
/// enumerate; larger ones are ordered and disjoint by construction of the sorted strides).
fn check_complement(a: &Layout, r: &Layout) -> Result<()> {
    let (na, nr) = (a.size()?, r.size()?);
    if na > 1 << 16 || nr > 1 << 16 {
        return Ok(());
    }
    let at = a.table(1 << 16)?;
    let rt = r.table(1 << 16)?;
    // Membership in A's image: a bitmap over [0, max] when small, else a sorted list.
    let hi = at.iter().copied().max().unwrap_or(0);
    let in_image: Box<dyn Fn(i64) -> bool> =
        if (0..=1 << 22).contains(&hi) && at.iter().all(|&x| x >= 0) {
            let mut bits = vec![0u64; hi as usize / 64 + 1];
            at.iter()
                .for_each(|&x| bits[x as usize / 64] |= 1 << (x % 64));
            Box::new(move |x| x >= 0 && x <= hi && bits[x as usize / 64] >> (x % 64) & 1 == 1)
        } else {
            let mut sorted = at.clone();
            sorted.sort_unstable();
            Box::new(move |x| sorted.binary_search(&x).is_ok())
        };
    for (i, &x) in rt.iter().enumerate() {
        if i > 0 && (x <= rt[i - 1] || in_image(x)) {
            return Err(Error::algebra(format!(
                "complement: R = {} of A = {} breaks its contract at i = {i}: R(i) = {x} {}",
                crate::text::print_layout(r),
                crate::text::print_layout(a),
                if x <= rt[i - 1] {
                    "is not larger than R(i-1)"
                } else {
                    "is also in the image of A"
                }
            )));
        }
    }
    Ok(())
}
