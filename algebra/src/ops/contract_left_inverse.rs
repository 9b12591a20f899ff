//! The contract of `left_inverse(L)` (CuTe's quasi-inverse; docs/algebra.md, "Contracts"):
//! for every i in the domain of L, `L(R(L(i))) == L(i)`, and `R(L(i)) == i` when L is
//! injective. A result that breaks it is an error that names the condition and a witness i.
//!
//! Let `coalesce(L) = (s_k:d_k)` with prefix products `p_k`, and `d_(1) <= ... <= d_(m)` its
//! nonzero strides in sorted order. CuTe's construction needs `d_(k-1) | d_(k)` (its
//! divisibility condition) and gives
//! `R = (d_(1), d_(2)/d_(1), ..., d_(m)/d_(m-1), s_(m)) : (0, p_(1), ..., p_(m))`: R reads an
//! offset y in the mixed radix of place values `d_(1), ..., d_(m)` (the digit at `d_(m)` is
//! unbounded) and writes digit k as the coordinate of mode (k). Every offset of L is a
//! multiple of `d_(1)`, so whenever every digit of y is a valid coordinate of its mode
//! (`digit_k < s_(k)`; the last may pass `s_(m)` only when (m) is L's last mode, which absorbs
//! it), `L(R(y))` adds the digits back: `L(R(y)) = y`.
//!
//! A proof without enumeration (O(n log n) in the leaves): with `lo_k = sum_{j<k} (s_(j)-1)
//! d_(j)` the largest offset of the modes below (k), no carry reaches digit k when
//! `lo_k < d_(k)`, so digit k is `c_(k) < s_(k)`; with a carry, digit k is still below its
//! radix `d_(k+1)/d_(k)`, a valid coordinate when that radix is at most `s_(k)`. So the
//! quasi-inverse holds when, for every k < m, `lo_k < d_(k)` or `d_(k+1)/d_(k) <= s_(k)`, and
//! for m, `lo_m < d_(m)` or (m) is L's last mode and L's last leaf has extent > 1 (a
//! trailing extent-1 leaf takes the overflow past L's size with its own stride). When moreover `lo_k < d_(k)` for every k
//! ("nested" strides), L restricted to its nonzero modes is injective and R returns each
//! coordinate: `R(L(i)) = i` (L is injective exactly when it is nested and has no stride-0
//! mode: under the divisibility chain, the first k with `lo_k >= d_(k)` has a collision).
//!
//! Otherwise the condition is checked by evaluation on every point of L's domain, limited to
//! [`VERIFY_LIMIT`] points; past it the layout is refused with the limit named.

use crate::error::{Error, Result};
use crate::layout::{eval_leaves, Layout};

/// Most points of a layout whose left inverse is verified by evaluation.
pub const VERIFY_LIMIT: i64 = 1 << 20;

/// What the symbolic argument establishes.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Proof {
    /// L(R(L(i))) = L(i) and R(L(i)) = i.
    Injective,
    /// L(R(L(i))) = L(i); L is not injective.
    Quasi,
    /// Nothing: check by evaluation.
    None,
}

/// The symbolic argument on the coalesced modes of L (in L's order) and the indices of those
/// modes sorted by stride.
/// `absorbs`: L's own last leaf has extent > 1, so L past its size extends along the last
/// coalesced mode (a trailing extent-1 leaf, which coalesce drops, would take the overflow
/// with its own stride instead).
pub(crate) fn prove(modes: &[(i64, i64)], order: &[usize], absorbs: bool) -> Proof {
    let sorted: Vec<usize> = order.iter().copied().filter(|&i| modes[i].1 != 0).collect();
    let zero_mode = modes.iter().any(|&(s, d)| d == 0 && s > 1);
    let mut lo = 0i128;
    let mut nested = true;
    let mut quasi = true;
    for (k, &i) in sorted.iter().enumerate() {
        let (s, d) = modes[i];
        let no_carry = lo < d as i128;
        nested &= no_carry;
        let digit_ok = match sorted.get(k + 1) {
            Some(&next) => no_carry || modes[next].1 / d <= s,
            None => no_carry || (absorbs && i + 1 == modes.len()),
        };
        quasi &= digit_ok;
        lo += (s as i128 - 1) * d as i128;
    }
    match (nested, quasi) {
        (true, _) if !zero_mode => Proof::Injective,
        (true, _) | (_, true) => Proof::Quasi,
        _ => Proof::None,
    }
}

/// Check the contract of `r = left_inverse(l)`; `modes` are the coalesced modes of l and
/// `order` their indices sorted by stride.
pub(crate) fn check(l: &Layout, modes: &[(i64, i64)], order: &[usize], r: &Layout) -> Result<()> {
    let ll = l.int_leaves("left_inverse")?;
    let absorbs = ll.last().is_some_and(|&(s, _)| s > 1);
    if prove(modes, order, absorbs) != Proof::None {
        return Ok(());
    }
    let n = l.size()?;
    if n > VERIFY_LIMIT {
        return Err(Error::algebra(format!(
            "left_inverse: L = {} is not injective (its sorted strides overlap) and has {n} points: its quasi-inverse cannot be proven without evaluation, which is limited to {VERIFY_LIMIT} points",
            crate::text::print_layout(l)
        )));
    }
    let rl = r.int_leaves("left_inverse")?;
    let lt = crate::layout::table_leaves(&ll, n)?;
    for (i, &li) in lt.iter().enumerate() {
        let ri = eval_leaves(&rl, li)?;
        let back = if (0..n).contains(&ri) {
            lt[ri as usize]
        } else {
            eval_leaves(&ll, ri)?
        };
        if back != li {
            return Err(Error::algebra(format!(
                "left_inverse: L = {} is not injective and CuTe's left inverse R = {} is not a quasi-inverse of it: the condition L(R(L(i))) == L(i) fails at i = {i} (L(i) = {li}, R(L(i)) = {ri}, L(R(L(i))) = {back})",
                crate::text::print_layout(l),
                crate::text::print_layout(r)
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(modes: &[(i64, i64)]) -> Vec<usize> {
        let mut o: Vec<usize> = (0..modes.len()).collect();
        o.sort_by_key(|&i| modes[i].1);
        o
    }

    #[test]
    fn proofs() {
        let p = |m: &[(i64, i64)]| prove(m, &order(m), true);
        assert_eq!(p(&[(4, 2), (2, 1)]), Proof::Injective);
        assert_eq!(p(&[(4, 1), (2, 0)]), Proof::Quasi);
        // (2,2):(1,1): the carry reaches the last sorted mode, which is L's last mode.
        assert_eq!(p(&[(2, 1), (2, 1)]), Proof::Quasi);
        // (3,2):(1,2): the carry reaches the last sorted mode, L's last, which absorbs it.
        assert_eq!(p(&[(3, 1), (2, 2)]), Proof::Quasi);
        // (3,2,1):(1,2,0): the same modes, but L past its size extends along the 1:0 leaf.
        assert_eq!(prove(&[(3, 1), (2, 2)], &[0, 1], false), Proof::None);
        // (2,3):(2,1): the largest stride is mode 0, not L's last, and a carry reaches it.
        assert_eq!(p(&[(2, 2), (3, 1)]), Proof::None);
    }
}
