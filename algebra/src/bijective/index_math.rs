//! The index math of a chain: its apply and inv as index expressions, before and after the
//! simplifier (the simplified form is kept unless sharing makes the unsimplified one cheaper),
//! with the variable ranges the simplifier used.
//!
//! apply takes variables `i0, ..., i{d-1}` with `0 <= i_k < n_k` (the GroupBy dims) and gives
//! the physical offset; inv takes `x` with `0 <= x < size` and gives one expression per
//! logical dim. These are the quasi-affine forms (floor division and modulo by constants,
//! plus what GenP adds) that the relation layer reads to build integer-set relations.

use super::chain::Chain;
use super::expr::{dag_op_count, Expr, MAX_INDEX_DEPTH};
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
        // The paper's cost model (Sec. 4.1): of the simplified and the unsimplified form, the
        // one with fewer operations once common subexpressions are shared (both are equal at
        // every point of the domain; the simplified one is kept on a tie).
        let apply = simplify(&apply_raw, &ranges);
        let apply = if dag_op_count(&[&apply]) <= dag_op_count(&[&apply_raw]) {
            apply
        } else {
            apply_raw.clone()
        };
        let inv: Vec<Expr> = inv_raw.iter().map(|e| simplify(e, &ranges)).collect();
        let inv = if dag_op_count(&inv.iter().collect::<Vec<_>>())
            <= dag_op_count(&inv_raw.iter().collect::<Vec<_>>())
        {
            inv
        } else {
            inv_raw.clone()
        };
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
    /// unsimplified), each distinct subexpression counted once ([`dag_op_count`]).
    pub fn op_counts(&self) -> (usize, usize, usize, usize) {
        let all = |v: &[Expr]| dag_op_count(&v.iter().collect::<Vec<_>>());
        (
            dag_op_count(&[&self.apply]),
            dag_op_count(&[&self.apply_raw]),
            all(&self.inv),
            all(&self.inv_raw),
        )
    }
}
