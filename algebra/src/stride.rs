//! Stride leaves: an integer, or an integer scaling a basis vector `e_path` (CuTe's
//! ScaledBasis, printed `d@i@j`: innermost mode index first, outermost last).

use crate::error::{Error, Result};
use crate::int::{self, Int};
use crate::tuple::Tree;

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
    pub fn dynamic() -> Stride {
        Stride {
            coef: Int::Dyn,
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
                crate::text::print_stride(self)
            )));
        }
        self.coef.get(what)
    }
    /// `k * self` (scales the coefficient, keeps the basis).
    pub fn scale(&self, k: i64) -> Result<Stride> {
        let coef = match self.coef {
            Int::Lit(v) => Int::Lit(int::mul(v, k)?),
            Int::Dyn if k == 0 => Int::Lit(0),
            Int::Dyn => Int::Dyn,
        };
        Ok(Stride {
            coef,
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
