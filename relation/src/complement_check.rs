//! CuTe's complement, its contract checked with ISL.
//!
//! The algebra computes `R = complement(A, M)` with CuTe's algorithm
//! (`algebra/src/ops/complement.rs`). Here its post-conditions are proved on the relations,
//! with `A' = filter(A)` (A without its stride-0 and extent-1 modes, the part of A that
//! complement reads) and flat coordinates:
//!
//! 1. the concatenation `(A', R)` is injective:
//!    `{ [a, r] -> [o] : 0 <= a < size(A') and 0 <= r < size(R) and o = A'(a) + R(r) }`
//!    has no two points with one offset (the images of A' shifted by the offsets of R are
//!    disjoint); a failure gives the two coordinate pairs and the offset;
//! 2. R is ordered: `{ [i] : 1 <= i < size(R) and R(i) <= R(i-1) }` is empty; a failure gives
//!    the least such `i`;
//! 3. R is large enough: `cosize((A', R)) >= M` (`M` the product of the cotarget), with
//!    `cosize` one past the largest offset of the concatenation (ISL's lexmax of its image).
//!    This is CuTe's own condition; `size(A') * size(R) >= M` is stronger than CuTe's
//!    algorithm guarantees: with interleaved strides CuTe truncates the gaps, e.g.
//!    `complement((4,6):(1,6), 34) = 1:0` (its unit test), whose sizes give 24 < 34 while the
//!    cosize of `((4,6):(1,6), 1:0)` is 34.

use layout_algebra::ops::complement::complement;
use layout_algebra::ops::filter::filter;
use layout_algebra::{int, IntTuple, Layout, Result};

use crate::cute::{flat_offset, static_leaves};
use crate::isl::{Ctx, Map, Set};
use crate::props::{self, Failure};

/// A violated post-condition of complement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ComplementFailure {
    /// `(A', R)` maps the coordinates `first` and `second` (each `[a, r]`) to `offset`.
    NotInjective {
        first: Vec<i64>,
        second: Vec<i64>,
        offset: i64,
    },
    /// `R(i) <= R(i - 1)`.
    NotOrdered { at: i64, before: i64, here: i64 },
    /// `cosize((A', R)) < M`.
    TooSmall { cosize: i64, cotarget: i64 },
}

impl ComplementFailure {
    pub fn reason(&self) -> String {
        match self {
            ComplementFailure::NotInjective {
                first,
                second,
                offset,
            } => format!(
                "(A, R) is not injective: coordinates {} and {} both map to offset {offset}",
                props::show_point(first),
                props::show_point(second)
            ),
            ComplementFailure::NotOrdered { at, before, here } => format!(
                "R is not ordered: R({}) = {before} but R({at}) = {here}",
                at - 1
            ),
            ComplementFailure::TooSmall { cosize, cotarget } => format!(
                "R is too small: the concatenation (filter(A), R) reaches offsets below {cosize} only, short of the cotarget {cotarget}"
            ),
        }
    }
}

/// The complement computed by the algebra, and the first violated post-condition (None when
/// all three hold).
pub struct ComplementCheck {
    pub complement: Layout,
    pub failure: Option<ComplementFailure>,
}

/// Compute `complement(A, M)` and check its contract.
pub fn complement_check(ctx: &Ctx, a: &Layout, cotarget: &IntTuple) -> Result<ComplementCheck> {
    let r = complement(a, cotarget)?;
    let failure = contract_failure(ctx, a, cotarget, &r)?;
    Ok(ComplementCheck {
        complement: r,
        failure,
    })
}

/// The first violated post-condition of `R` as `complement(A, M)`.
pub fn contract_failure(
    ctx: &Ctx,
    a: &Layout,
    cotarget: &IntTuple,
    r: &Layout,
) -> Result<Option<ComplementFailure>> {
    let fa = filter(a)?;
    let (la, lr) = (static_leaves(&fa)?, static_leaves(r)?);
    let (sa, sr) = (fa.size()?, r.size()?);
    let (oa, or) = (flat_offset("a", &la)?, flat_offset("r", &lr)?);
    let concat = Map::parse(
        ctx,
        &format!("{{ [a, r] -> [o] : 0 <= a < {sa} and 0 <= r < {sr} and o = ({oa}) + ({or}) }}"),
    )?;
    match props::injectivity(&concat)? {
        None => {}
        Some(Failure::Collision {
            first,
            second,
            offset,
        }) => {
            return Ok(Some(ComplementFailure::NotInjective {
                first,
                second,
                offset: offset[0],
            }))
        }
        Some(other) => {
            return Err(layout_algebra::Error::algebra(format!(
                "complement_check: internal: injectivity gave {}",
                other.reason()
            )))
        }
    }
    let before = flat_offset("(i - 1)", &lr)?;
    let unordered = Set::parse(
        ctx,
        &format!(
            "{{ [i] : 1 <= i < {sr} and ({or_i}) <= ({before}) }}",
            or_i = flat_offset("i", &lr)?
        ),
    )?;
    if let Some(p) = unordered.lexmin_point()? {
        let at = p[0];
        return Ok(Some(ComplementFailure::NotOrdered {
            at,
            before: r.eval(at - 1)?,
            here: r.eval(at)?,
        }));
    }
    let m = cotarget.product()?;
    let top = concat.range()?.lexmax_point()?.ok_or_else(|| {
        layout_algebra::Error::algebra("complement_check: internal: empty concatenation")
    })?;
    let cosize = int::add(top[0], 1)?;
    if cosize < m {
        return Ok(Some(ComplementFailure::TooSmall {
            cosize,
            cotarget: m,
        }));
    }
    Ok(None)
}
