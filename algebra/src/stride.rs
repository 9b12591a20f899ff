//! Stride leaves: an integer, or an integer scaling a basis vector `e_path` (CuTe's
//! ScaledBasis, printed `d@i@j`: innermost mode index first, outermost last).

use std::fmt::Write;

use crate::error::{Error, Result};
use crate::int::{self, Int};
use crate::tuple::{push_tree, IntTuple, Tree};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Stride {
    /// The scale `d`.
    pub coef: Int,
    /// Mode path of the basis vector, outermost first; empty for a plain integer stride.
    pub basis: Vec<u32>,
}

pub type StrideTuple = Tree<Stride>;

impl Stride {
    pub fn int(v: i64) -> Stride {
        Stride {
            coef: Int::Lit(v),
            basis: Vec::new(),
        }
    }
    /// The i-th runtime leaf of an input as an integer stride.
    pub fn var(i: u32) -> Stride {
        Stride {
            coef: Int::var(i),
            basis: Vec::new(),
        }
    }
    pub fn is_int(&self) -> bool {
        self.basis.is_empty()
    }
    /// The stride as a static integer: errors for `?` and for scaled bases.
    pub fn value(&self, what: &str) -> Result<i64> {
        if !self.basis.is_empty() {
            return Err(Error::algebra(format!(
                "{what} needs integer strides, but the layout has the scaled-basis stride {}",
                print_stride(self)
            )));
        }
        self.coef.get(what)
    }
    /// `k * self` (scales the coefficient, keeps the basis).
    pub fn scale(&self, k: i64) -> Result<Stride> {
        let coef = self.coef.mul(&Int::Lit(k))?;
        Ok(Stride {
            coef,
            basis: self.basis.clone(),
        })
    }
    /// `k * self` for a static or runtime k (C++'s arithmetic, crate::int).
    pub fn scale_by(&self, k: &Int) -> Result<Stride> {
        Ok(Stride {
            coef: self.coef.mul(k)?,
            basis: self.basis.clone(),
        })
    }
    pub fn is_zero(&self) -> bool {
        self.coef == Int::Lit(0)
    }
}

impl StrideTuple {
    pub fn int(v: i64) -> StrideTuple {
        Tree::Leaf(Stride::int(v))
    }
    pub fn ints(v: &[i64]) -> StrideTuple {
        Tree::Node(v.iter().map(|&x| StrideTuple::int(x)).collect())
    }
    /// All strides as static integers.
    pub fn values(&self, what: &str) -> Result<Vec<i64>> {
        self.leaves().iter().map(|d| d.value(what)).collect()
    }
    pub fn has_basis(&self) -> bool {
        match self {
            Tree::Leaf(d) => !d.is_int(),
            Tree::Node(v) => v.iter().any(|t| t.has_basis()),
        }
    }
}

/// Append the canonical text of a stride: the coefficient, then `@m` per basis mode,
/// innermost first (`2@1@0`).
pub(crate) fn push_stride(out: &mut String, d: &Stride) {
    int::push_int(out, &d.coef);
    for m in d.basis.iter().rev() {
        write!(out, "@{m}").unwrap();
    }
}

/// The canonical text of a stride: `3`, `?`, `1@0`.
pub fn print_stride(d: &Stride) -> String {
    let mut s = String::new();
    push_stride(&mut s, d);
    s
}

/// The canonical text of a stride tuple: `(1,2@1)`.
pub fn print_stride_tuple(t: &StrideTuple) -> String {
    let mut s = String::new();
    push_tree(&mut s, t, &push_stride);
    s
}

/// Static integer (extent, stride) pairs of every leaf of congruent shape and stride trees
/// (the leaves of the layout `shape:stride`), or an error naming `what`.
pub fn int_leaf_pairs(
    shape: &IntTuple,
    stride: &StrideTuple,
    what: &str,
) -> Result<Vec<(i64, i64)>> {
    fn go(s: &IntTuple, d: &StrideTuple, what: &str, out: &mut Vec<(i64, i64)>) -> Result<()> {
        match (s, d) {
            (Tree::Leaf(s), Tree::Leaf(d)) => {
                out.push((s.get(what)?, d.value(what)?));
                Ok(())
            }
            (Tree::Node(ss), Tree::Node(ds)) => {
                ss.iter().zip(ds).try_for_each(|(s, d)| go(s, d, what, out))
            }
            _ => Err(Error::algebra(format!(
                "{what}: shape and stride are not congruent"
            ))),
        }
    }
    let mut out = Vec::with_capacity(8);
    go(shape, stride, what, &mut out)?;
    Ok(out)
}
