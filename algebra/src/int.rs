//! The integer leaf (static value or runtime `?`) with C++'s arithmetic on both; the checked
//! i64 arithmetic (crate::checked) is re-exported here.

use crate::error::{Error, Result};
use crate::sym::{Expr, Sym};

/// A leaf of an integer tuple: a static value or a runtime value `?` (whose expression over
/// the input's runtime leaves it carries, crate::sym).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Int {
    Lit(i64),
    Dyn(Sym),
}

impl Int {
    /// The static value, or an error naming `what` needed it.
    pub fn get(&self, what: &str) -> Result<i64> {
        match self {
            Int::Lit(v) => Ok(*v),
            Int::Dyn(_) => Err(Error::dynamic(what)),
        }
    }
    pub fn is_static(&self) -> bool {
        matches!(self, Int::Lit(_))
    }
    /// CuTe's `is_constant<v, T>`: a static leaf of value v.
    pub fn is_const(&self, v: i64) -> bool {
        matches!(self, Int::Lit(x) if *x == v)
    }
    /// The i-th runtime leaf of an input.
    pub fn var(i: u32) -> Int {
        Int::Dyn(Sym::var(i))
    }
    fn node(e: Expr) -> Result<Int> {
        Sym::node(e).map(Int::Dyn)
    }
    /// The leaf as an expression operand.
    pub fn sym(&self) -> Sym {
        match self {
            Int::Lit(v) => Sym::lit(*v),
            Int::Dyn(s) => s.clone(),
        }
    }
    /// The value for the input's runtime leaves `vars` (crate::sym).
    pub fn eval(&self, vars: &[i64]) -> Result<i64> {
        match self {
            Int::Lit(v) => Ok(*v),
            Int::Dyn(s) => s.eval(vars),
        }
    }

    // C++'s arithmetic on static and runtime integers (crate::sym): static when both operands
    // are (and for the zero rules), runtime otherwise; static values are computed checked.

    /// a + b.
    pub fn add(&self, b: &Int) -> Result<Int> {
        match (self, b) {
            (Int::Lit(x), Int::Lit(y)) => Ok(Int::Lit(add(*x, *y)?)),
            _ => Int::node(Expr::Add(self.sym(), b.sym())),
        }
    }
    /// a * b (`_0 * x = x * _0 = _0`).
    pub fn mul(&self, b: &Int) -> Result<Int> {
        match (self, b) {
            (Int::Lit(x), Int::Lit(y)) => Ok(Int::Lit(mul(*x, *y)?)),
            (Int::Lit(0), _) | (_, Int::Lit(0)) => Ok(Int::Lit(0)),
            (Int::Lit(1), y) => Ok(y.clone()),
            (x, Int::Lit(1)) => Ok(x.clone()),
            _ => Int::node(Expr::Mul(self.sym(), b.sym())),
        }
    }
    /// Truncating a / b (`_0 / x = _0`).
    pub fn div(&self, b: &Int) -> Result<Int> {
        match (self, b) {
            (Int::Lit(x), Int::Lit(y)) => Ok(Int::Lit(div(*x, *y)?)),
            (Int::Lit(0), _) => Ok(Int::Lit(0)),
            (x, Int::Lit(1)) => Ok(x.clone()),
            _ => Int::node(Expr::Div(self.sym(), b.sym())),
        }
    }
    /// Truncating a % b (`x % _1 = _0`, `_0 % x = _0`).
    pub fn rem(&self, b: &Int) -> Result<Int> {
        match (self, b) {
            (Int::Lit(x), Int::Lit(y)) => Ok(Int::Lit(rem(*x, *y)?)),
            (Int::Lit(0), _) | (_, Int::Lit(1)) | (_, Int::Lit(-1)) => Ok(Int::Lit(0)),
            _ => Int::node(Expr::Rem(self.sym(), b.sym())),
        }
    }
    /// CuTe's ceil_div: (a + b - 1) / b.
    pub fn ceil_div(&self, b: &Int) -> Result<Int> {
        match (self, b) {
            (Int::Lit(x), Int::Lit(y)) => Ok(Int::Lit(ceil_div(*x, *y)?)),
            (x, Int::Lit(1)) => Ok(x.clone()),
            _ => self.add(&b.add(&Int::Lit(-1))?)?.div(b),
        }
    }
    pub fn min(&self, b: &Int) -> Result<Int> {
        match (self, b) {
            (Int::Lit(x), Int::Lit(y)) => Ok(Int::Lit(*x.min(y))),
            _ if self == b => Ok(self.clone()),
            _ => Int::node(Expr::Min(self.sym(), b.sym())),
        }
    }
    pub fn max(&self, b: &Int) -> Result<Int> {
        match (self, b) {
            (Int::Lit(x), Int::Lit(y)) => Ok(Int::Lit(*x.max(y))),
            _ if self == b => Ok(self.clone()),
            _ => Int::node(Expr::Max(self.sym(), b.sym())),
        }
    }
    pub fn abs(&self) -> Result<Int> {
        match self {
            Int::Lit(x) => Ok(Int::Lit(abs(*x)?)),
            _ => Int::node(Expr::Abs(self.sym())),
        }
    }
    pub fn signum(&self) -> Result<Int> {
        match self {
            Int::Lit(x) => Ok(Int::Lit(x.signum())),
            _ => Int::node(Expr::Signum(self.sym())),
        }
    }
    /// CuTe's shape_div for one leaf: (a + b - 1) / b, where b divides a or a divides b (the
    /// divisibility condition: an error for static values, recorded for runtime ones).
    pub fn shape_div(&self, b: &Int, what: &dyn Fn() -> String) -> Result<Int> {
        if let (Int::Lit(x), Int::Lit(y)) = (self, b) {
            return Ok(Int::Lit(shape_div(*x, *y, what)?));
        }
        let cond = self
            .rem(b)?
            .eq_cond(&Int::Lit(0))?
            .or_cond(&b.rem(self)?.eq_cond(&Int::Lit(0))?)?;
        let msg = || {
            format!(
                "{}: neither of the extents divides the other (shape divisibility condition)",
                what()
            )
        };
        self.ceil_div(b)?.check(&cond, &msg)
    }
    /// The condition a == b (1 or 0), for [`Int::check`].
    pub fn eq_cond(&self, b: &Int) -> Result<Int> {
        match (self, b) {
            (Int::Lit(x), Int::Lit(y)) => Ok(Int::Lit(i64::from(x == y))),
            _ => Int::node(Expr::Eq(self.sym(), b.sym())),
        }
    }
    /// The condition a <= b (1 or 0).
    pub fn le_cond(&self, b: &Int) -> Result<Int> {
        match (self, b) {
            (Int::Lit(x), Int::Lit(y)) => Ok(Int::Lit(i64::from(x <= y))),
            _ => Int::node(Expr::Le(self.sym(), b.sym())),
        }
    }
    /// The condition a || b.
    pub fn or_cond(&self, b: &Int) -> Result<Int> {
        match (self, b) {
            (Int::Lit(x), _) if *x != 0 => Ok(Int::Lit(1)),
            (_, Int::Lit(y)) if *y != 0 => Ok(Int::Lit(1)),
            (Int::Lit(0), y) => Ok(y.clone()),
            (x, Int::Lit(0)) => Ok(x.clone()),
            _ => Int::node(Expr::Or(self.sym(), b.sym())),
        }
    }
    /// self where `cond` holds: a static false condition is an error naming `what`, a static
    /// true one is dropped, a runtime one is recorded in the value (crate::sym).
    pub fn check(&self, cond: &Int, what: &dyn Fn() -> String) -> Result<Int> {
        match cond {
            Int::Lit(0) => Err(Error::algebra(what())),
            Int::Lit(_) => Ok(self.clone()),
            Int::Dyn(_) => Int::node(Expr::Check(self.sym(), cond.sym(), what().into())),
        }
    }
}

pub use crate::checked::*;

/// Append the canonical text of an integer leaf: its value, or `?` when dynamic.
pub(crate) fn push_int(out: &mut String, x: &Int) {
    match x {
        Int::Lit(v) => push_i64(out, *v),
        Int::Dyn(_) => out.push('?'),
    }
}
