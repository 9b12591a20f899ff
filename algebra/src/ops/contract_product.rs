//! The contract of `logical_product(A, B) = (A, C o B)` with `C = complement(A, size(A)·cosize(B))`
//! (docs/algebra.md, "Contracts"): mode 0 is A, `size(R) = size(A)·size(B)`, and the copies of
//! A at the offsets of B are disjoint: `R(x, j) == R(x', j')` only when `A(x) == A(x')` and
//! `B(j) == B(j')` (so R is injective when A and B are).
//!
//! When B reads C inside its domain (`max B < size(C)`), this holds by construction: `(A, C)`
//! is injective (the complement contract) and `C o B` only picks points of C. When B reads C
//! past its size (CuTe's truncated complement, or a cotarget C covers only through the last
//! mode's extension), a copy can land on A: `logical_product((2,3):(32,4), 2:8)` is
//! `((2,3),2):((32,4),24)` in CuTe C++, whose copy at 24 meets A at 32. Then the condition is
//! checked on every point, at most [`VERIFY_LIMIT`] of them; such a product is refused with a
//! witness, or past the limit with the limit named.

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::int;
use crate::layout::Layout;

/// Most points of a product whose copies are checked by evaluation.
pub const VERIFY_LIMIT: i64 = 1 << 20;

/// Check that the copies of `a` in `p = (a, c o b)` are disjoint (B reads C past its domain).
pub(crate) fn check_copies_disjoint(a: &Layout, b: &Layout, p: &Layout) -> Result<()> {
    let (na, nb) = (a.size()?, b.size()?);
    let show = |l: &Layout| crate::text::print_layout(l);
    if int::mul(na, nb)? > VERIFY_LIMIT {
        return Err(Error::algebra(format!(
            "logical_product: B = {} reads past complement(A) for A = {}, so the copies of A may overlap, and the product has more than {VERIFY_LIMIT} points to check",
            show(b),
            show(a)
        )));
    }
    let at = a.table(VERIFY_LIMIT)?;
    let bt = b.table(VERIFY_LIMIT)?;
    let pt = p.table(VERIFY_LIMIT)?;
    let mut seen: HashMap<i64, (usize, usize)> = HashMap::with_capacity(pt.len());
    for (k, &v) in pt.iter().enumerate() {
        let (x, j) = (k % na as usize, k / na as usize);
        match seen.get(&v) {
            Some(&(x0, j0)) if at[x0] != at[x] || bt[j0] != bt[j] => {
                return Err(Error::algebra(format!(
                    "logical_product: the copies of A = {} at the offsets of B = {} overlap: R({x0}, {j0}) = R({x}, {j}) = {v}, but A({x0}) = {} and A({x}) = {}, B({j0}) = {} and B({j}) = {}: B reads complement(A, {}) past its size (the copies of A must be disjoint)",
                    show(a),
                    show(b),
                    at[x0],
                    at[x],
                    bt[j0],
                    bt[j],
                    int::mul(na, b.cosize()?)?
                )));
            }
            Some(_) => {}
            None => {
                seen.insert(v, (x, j));
            }
        }
    }
    Ok(())
}
