//! The contract of `complement(A, M)` (docs/algebra.md, "Contracts"), established for every
//! result without enumeration:
//!
//! 1. R is ordered: `R(i-1) < R(i)` for `0 < i < size(R)`;
//! 2. `(A, R)` is injective;
//! 3. `cosize((A, R)) >= M` (M = the product of the cotarget).
//!
//! The check is symbolic, O(n log n) in the number of leaves. A list of modes `(s_k:d_k)`
//! with `s_k > 1` and `d_k > 0`, sorted by stride, whose every stride exceeds the largest
//! offset of the modes before it (`d_k > sum_{j<k} (s_j-1) d_j`) is injective: the offset
//! determines the coordinate of the largest-stride mode (the rest stays below its stride),
//! and so on down. The same condition on R's modes in their own order (colexicographic) makes
//! R strictly increasing. Stride-0 and extent-1 modes are dropped first (filter): they do not
//! change the image of `(A, R)`, and R comes out of coalesce without them.
//!
//! CuTe's construction makes 1 and 2 true whenever it succeeds (each gap mode
//! `floor(d_k / span_{k-1}) : span_{k-1}` stays below `d_k`), but not 3: when a sorted stride is
//! not a multiple of the span below it, the gap is truncated and `(A, gaps)` covers less than
//! `[0, span)`, so CuTe's rest extent `ceil_div(M, span)` can fall short
//! (`complement((2,3):(4,1), 8)` is `1:0` in CuTe C++, and `cosize((A, 1:0)) = 7 < 8`).
//! [`rest_extent`] keeps CuTe's extent when it meets the cotarget and otherwise takes the
//! smallest extent that does.

use crate::error::{Error, Result};
use crate::int;
use crate::layout::Layout;

/// `1 + sum (s-1)·|d|` over flat modes: the cosize of their concatenation.
fn cosize_of(modes: &[(i64, i64)]) -> Result<i64> {
    let mut hi = 0i64;
    for &(s, d) in modes {
        hi = int::add(hi, int::mul(int::sub(s, 1)?, int::abs(d)?)?)?;
    }
    int::add(hi, 1)
}

/// The extent of R's last ("rest") mode, of stride `span`: CuTe's `cpp_rest` when
/// `cosize((A, gaps, cpp_rest:span)) >= m`, else the smallest extent r with
/// `cosize((A, gaps)) + (r-1)·span >= m`.
pub(crate) fn rest_extent(
    a_modes: &[(i64, i64)],
    gaps: &[(i64, i64)],
    span: i64,
    cpp_rest: i64,
    m: i64,
) -> Result<i64> {
    let base = int::add(cosize_of(a_modes)?, int::sub(cosize_of(gaps)?, 1)?)?;
    // In i128: the reach of CuTe's extent may pass i64 (then the result is refused by the
    // bounds check of `ops::call`, with the quantity that overflows).
    let reach = base as i128 + (cpp_rest as i128 - 1) * span as i128;
    if reach >= m as i128 {
        return Ok(cpp_rest);
    }
    int::add(1, int::ceil_div(int::sub(m, base)?, span)?)
}

/// Modes with extent > 1 and stride != 0, with their position in `modes`.
fn live(modes: &[(i64, i64)]) -> Vec<(i64, i64)> {
    modes
        .iter()
        .copied()
        .filter(|&(s, d)| s > 1 && d != 0)
        .collect()
}

/// The first mode (in the given order) whose stride does not exceed the largest offset of the
/// modes before it: `Some((k, d_k, largest offset below))`, or None when every one does.
/// (In saturating i128: a result past i64 is refused by `ops::call`'s bounds check, with the
/// quantity that overflows.)
fn first_overlap(modes: &[(i64, i64)]) -> Result<Option<(usize, i64, i128)>> {
    let mut hi = 0i128;
    for (k, &(s, d)) in modes.iter().enumerate() {
        if d as i128 <= hi {
            return Ok(Some((k, d, hi)));
        }
        hi = hi.saturating_add((s as i128 - 1).saturating_mul(d as i128));
    }
    Ok(None)
}

/// `1 + sum (s-1)·|d|` in saturating i128.
fn wide_cosize(modes: &[(i64, i64)]) -> i128 {
    modes.iter().fold(1i128, |acc, &(s, d)| {
        acc.saturating_add((s as i128 - 1).saturating_mul((d as i128).abs()))
    })
}

/// Check the contract of `r = complement(a, m)`; `a_modes` are the flat integer modes of
/// filter(A). An error names the violated condition.
pub(crate) fn check(a: &Layout, a_modes: &[(i64, i64)], r: &Layout, m: i64) -> Result<()> {
    let show = |what: String| {
        Error::algebra(format!(
            "complement: R = {} of A = {} with cotarget {m} breaks the contract of complement: {what}",
            crate::text::print_layout(r),
            crate::text::print_layout(a)
        ))
    };
    let r_modes = live(&r.int_leaves("complement")?);
    if r_modes.iter().any(|&(_, d)| d < 0) {
        return Err(show("R has a negative stride, so it is not ordered".into()));
    }
    if let Some((k, d, hi)) = first_overlap(&r_modes)? {
        return Err(show(format!(
            "R is not ordered: its mode {k} has stride {d}, not above the largest offset {hi} of the modes before it"
        )));
    }
    let mut both = live(a_modes);
    both.extend_from_slice(&r_modes);
    both.sort_by_key(|&(_, d)| d);
    if let Some((_, d, hi)) = first_overlap(&both)? {
        return Err(show(format!(
            "(A, R) may not be injective: the stride {d} lies within the largest offset {hi} of the modes with smaller strides"
        )));
    }
    let c = wide_cosize(&both);
    if c < m as i128 {
        return Err(show(format!(
            "cosize((A, R)) = {c} is smaller than the cotarget {m}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rest_extent_keeps_cute_when_it_reaches_and_extends_otherwise() {
        // (2,3):(4,1): gaps 1:1, 1:3 (truncated), span 8; CuTe's rest for M = 8 is 1.
        let a = [(3, 1), (2, 4)];
        let gaps = [(1, 1), (1, 3)];
        assert_eq!(rest_extent(&a, &gaps, 8, 1, 8).unwrap(), 2);
        assert_eq!(rest_extent(&a, &gaps, 8, 1, 7).unwrap(), 1);
        // Exact gaps: CuTe's extent always reaches.
        assert_eq!(rest_extent(&[(4, 2)], &[(2, 1)], 8, 3, 24).unwrap(), 3);
    }

    #[test]
    fn overlap_is_found() {
        assert_eq!(first_overlap(&[(2, 1), (2, 1)]).unwrap(), Some((1, 1, 1)));
        assert_eq!(first_overlap(&[(2, 1), (3, 2)]).unwrap(), None);
        assert_eq!(first_overlap(&[(3, 1), (2, 2)]).unwrap(), Some((1, 2, 2)));
    }
}
