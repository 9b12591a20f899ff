//! The index math of a chain: its apply and inv as index expressions, before and after the
//! simplifier, with the variable ranges the simplifier used.
//!
//! apply takes variables `i0, ..., i{d-1}` with `0 <= i_k < n_k` (the GroupBy dims) and gives
//! the physical offset; inv takes `x` with `0 <= x < size` and gives one expression per
//! logical dim. These are the quasi-affine forms (floor division and modulo by constants,
//! plus what GenP adds) that the relation layer reads to build integer-set relations.

use super::chain::Chain;
use super::expr::{Expr, MAX_INDEX_DEPTH};
use super::range::Ranges;
use super::simplify::simplify;
use crate::error::Result;

#[derive(Debug, Clone)]
pub struct IndexMath {
    /// The apply variables `i0, i1, ...`.
    pub params: Vec<String>,
    pub apply_raw: Expr,
    pub apply: Expr,
    pub inv_raw: Vec<Expr>,
    pub inv: Vec<Expr>,
    pub ranges: Ranges,
}

impl IndexMath {
    pub fn of(c: &Chain) -> Result<IndexMath> {
        let (params, apply_raw) = c.apply_expr()?;
        let inv_raw = c.inv_expr()?;
        let depth = inv_raw
            .iter()
            .map(Expr::depth)
            .chain([apply_raw.depth()])
            .max()
            .unwrap_or(0);
        if depth > MAX_INDEX_DEPTH {
            return Err(crate::error::Error::algebra(format!(
                "the index expression of the chain is nested {depth} deep, more than \
                 {MAX_INDEX_DEPTH}"
            )));
        }
        let ranges = c.var_ranges()?;
        let apply = simplify(&apply_raw, &ranges);
        let inv = inv_raw.iter().map(|e| simplify(e, &ranges)).collect();
        Ok(IndexMath {
            params,
            apply_raw,
            apply,
            inv_raw,
            inv,
            ranges,
        })
    }
    /// Operation counts: (apply simplified, apply unsimplified, inv simplified, inv
    /// unsimplified), counted on expression trees.
    pub fn op_counts(&self) -> (usize, usize, usize, usize) {
        let sum = |v: &[Expr]| v.iter().map(Expr::op_count).sum();
        (
            self.apply.op_count(),
            self.apply_raw.op_count(),
            sum(&self.inv),
            sum(&self.inv_raw),
        )
    }
}
