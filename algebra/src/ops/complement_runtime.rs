//! complement(A, M) when A or the cotarget M has runtime leaves: CuTe's detail::complement
//! step for step on C++'s static/runtime arithmetic (crate::int).
//!
//! With filter(A) = (s_i:d_i) (stride-0 and static size-1 modes removed, coalesced):
//!   - a static stride 0 alone: the compact layout of coalesce(M) (M's neighbouring modes of
//!     the same kind, static or runtime, multiplied together);
//!   - otherwise the modes are taken by increasing stride (which needs static strides when
//!     there are two or more: C++ refuses a runtime stride there, "Dynamic-stride complement
//!     only for rank-1 layouts"); each gives the gap d/p : p, p the span so far (starting at
//!     1), and the span becomes d·s; the rest is R' = coalesce(ceil_div(M, span)) with compact
//!     column-major strides from the span (a static 1 gets stride 0). The result is
//!     coalesce((gaps, R')).
//!
//! Checks: a gap of extent 0 (d < p: A is not injective or its modes interleave) is C++'s
//! static assertion for static values and a recorded runtime condition otherwise; for the
//! complement operation itself (not the one the divides and products use, which accepts a
//! truncated gap as CuTe does) cosize((A, R)) >= M.

use crate::error::{Error, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::ops::coalesce::coalesce_leaf_modes;
use crate::ops::filter::filter;
use crate::stride::Stride;
use crate::text::print_layout;
use crate::tuple::{IntTuple, Tree};

/// complement(A, M) with runtime leaves (module comment); `reach_cotarget` adds the condition
/// of the complement operation's contract, cosize((A, R)) >= M.
pub fn complement_runtime(a: &Layout, cotarget: &IntTuple, reach_cotarget: bool) -> Result<Layout> {
    let f = filter(a)?;
    let modes = f.leaf_modes();
    if modes.iter().any(|(_, d)| !d.is_int()) {
        return Err(Error::algebra(format!(
            "complement: {}: scaled-basis strides with runtime leaves are not supported",
            print_layout(a)
        )));
    }
    if modes.len() == 1 && modes[0].1.coef.is_const(0) {
        return compact(&coalesce_shape(cotarget)?, &Int::Lit(1));
    }
    if modes.len() > 1 && modes.iter().any(|(_, d)| !d.coef.is_static()) {
        return Err(Error::algebra(format!(
            "complement: filter({}) = {} has {} modes and a runtime stride; the modes cannot be ordered by stride (C++ takes a runtime stride only for a rank-1 layout)",
            print_layout(a),
            print_layout(&f),
            modes.len()
        )));
    }
    let mut rest: Vec<(Int, Int)> = modes.into_iter().map(|(s, d)| (s, d.coef)).collect();
    let mut conds: Vec<(Int, String)> = Vec::new();
    let mut out: Vec<(Int, Stride)> = Vec::new();
    let mut span = Int::Lit(1);
    while !rest.is_empty() {
        // Static strides when there are several (checked above): the minimum is well defined.
        let idx = (0..rest.len())
            .min_by_key(|&i| match rest[i].1 {
                Int::Lit(v) => v,
                Int::Dyn(_) => i64::MIN,
            })
            .expect("rest is not empty");
        let (s, d) = rest.remove(idx);
        let gap = d.div(&span)?;
        let what = format!(
            "complement: A = {} has no complement: a stride lies inside the span of the modes with smaller strides (A is not injective, or its modes interleave)",
            print_layout(a)
        );
        conds.push((span.le_cond(&d)?, what));
        out.push((
            gap,
            Stride {
                coef: span.clone(),
                basis: Vec::new(),
            },
        ));
        span = d.mul(&s)?;
    }
    let m = cotarget.product_int()?;
    let rest_shape = coalesce_shape(&crate::ops::shape_arith::ceil_div(
        cotarget,
        &Tree::Leaf(span.clone()),
    )?)?;
    let rest = compact(&rest_shape, &span)?;
    out.extend(rest.leaf_modes());
    let r = coalesce_leaf_modes(&out)?;
    if reach_cotarget {
        // The complement's contract: cosize((A, R)) >= M (a truncated gap can fall short).
        let both = Layout::from_modes(vec![f.clone(), r.clone()]);
        conds.push((
            m.le_cond(&both.cosize_int()?)?,
            format!(
                "complement: (A, R) for A = {} does not reach the cotarget (a stride is not a multiple of the span below it)",
                print_layout(a)
            ),
        ));
    }
    r.with_conditions(conds, "complement")
}

/// CuTe's coalesce of a shape: the flattened leaves, each multiplied into its left neighbour
/// when both are static or both runtime; a single leaf is an integer.
pub(crate) fn coalesce_shape(m: &IntTuple) -> Result<IntTuple> {
    let mut out: Vec<Int> = Vec::new();
    for x in m.leaves() {
        match out.last_mut() {
            Some(back) if back.is_static() == x.is_static() => *back = back.mul(&x)?,
            _ => out.push(x),
        }
    }
    Ok(if out.len() == 1 {
        Tree::Leaf(out.pop().unwrap())
    } else {
        Tree::Node(out.into_iter().map(Tree::Leaf).collect())
    })
}

/// CuTe's compact column-major layout of a shape from `start` (a static 1 gets stride 0).
fn compact(shape: &IntTuple, start: &Int) -> Result<Layout> {
    let stride = crate::ops::ordered::compact_from(shape, start.clone())?;
    Ok(Layout::raw(shape.clone(), stride))
}
