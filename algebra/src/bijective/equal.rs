//! Equality of a bijective chain with another chain, a CuTe layout or a linear layout, by
//! evaluation over the whole (static) domain.
//!
//! Each operand is a function of a multi-index over a box: a chain over its GroupBy dims, a
//! CuTe layout over its top-level mode sizes (one linear coordinate per mode), a linear layout
//! over its in dimensions (sizes `2^bits`, offsets with out dimension 0 minor, as in
//! `linear_to_cute`). Two operands are equal when the boxes agree and so does every value.
//! This is exhaustive, limited to [`EQUAL_LIMIT`] points; the symbolic proof for larger or
//! dynamic layouts belongs to the relation layer (integer-set relations on ISL), which builds
//! its relation from the chain's quasi-affine index expression (`index_math`).

use super::chain::Chain;
use super::verify::for_each_index;
use crate::error::{Error, Result};
use crate::layout::Layout;
use crate::linear::layout::LinearLayout;
use crate::tuple::{IntTuple, Tree};

/// Largest domain compared.
pub const EQUAL_LIMIT: i64 = 1 << 22;

/// An operand of `lego_equal`.
pub enum Operand {
    Chain(Chain),
    Cute(Layout),
    Linear(LinearLayout),
}

impl Operand {
    pub fn dims(&self) -> Result<Vec<i64>> {
        match self {
            Operand::Chain(c) => Ok(c.dims()),
            Operand::Cute(l) => {
                if l.shape.is_leaf() {
                    Ok(vec![l.size()?])
                } else {
                    l.modes().iter().map(Layout::size).collect()
                }
            }
            Operand::Linear(l) => Ok((0..l.ins().len()).map(|i| l.in_size(i)).collect()),
        }
    }
    pub fn eval(&self, idx: &[i64]) -> Result<i64> {
        match self {
            Operand::Chain(c) => c.apply(idx),
            Operand::Cute(l) => {
                let crd = if l.shape.is_leaf() {
                    IntTuple::lit(idx[0])
                } else {
                    Tree::Node(idx.iter().map(|&v| IntTuple::lit(v)).collect())
                };
                l.eval_crd(&crd)
            }
            Operand::Linear(l) => i64::try_from(l.apply_packed(idx))
                .map_err(|_| Error::overflow("a linear layout offset past i64")),
        }
    }
}

/// The outcome: equal, or the first index where the two differ (or the differing domains).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Equality {
    Equal,
    Domains(Vec<i64>, Vec<i64>),
    Differ { at: Vec<i64>, left: i64, right: i64 },
}

pub fn equal(a: &Operand, b: &Operand) -> Result<Equality> {
    let (da, db) = (a.dims()?, b.dims()?);
    if da != db {
        return Ok(Equality::Domains(da, db));
    }
    let n = super::chain::product(&da)?;
    if n > EQUAL_LIMIT {
        return Err(Error::algebra(format!(
            "lego_equal: the domain has {n} points, more than the exhaustive limit {EQUAL_LIMIT}"
        )));
    }
    let mut out = Equality::Equal;
    let stop = "stop";
    let r = for_each_index(&da, |i| {
        let (x, y) = (a.eval(i)?, b.eval(i)?);
        if x != y {
            out = Equality::Differ {
                at: i.to_vec(),
                left: x,
                right: y,
            };
            return Err(Error::algebra(stop));
        }
        Ok(())
    });
    match r {
        Err(e) if e != Error::algebra(stop) => Err(e),
        _ => Ok(out),
    }
}
