//! Range analysis of index expressions: a sound interval `[lo, hi]` (inclusive) containing
//! every value of the expression when each variable lies in its given interval.
//!
//! Intervals: constants are exact; sums add bounds; products take the min/max of the bound
//! products; `e / c` maps the bounds by floor division (monotone for `c > 0`); `e % c` is
//! `[lo - c*k, hi - c*k]` when `[lo, hi]` lies in one period `[c*k, c*k + c)`, else `[0, c-1]`;
//! comparisons are `[0, 1]` or a decided constant; selects join both branches (or take the
//! decided one). A variable without a range, or a bound past i64, gives `None` (unknown):
//! rules that need a side condition then do not fire.

use std::collections::BTreeMap;

use super::expr::{CmpOp, Expr};

/// Variable ranges, inclusive.
pub type Ranges = BTreeMap<String, (i64, i64)>;

/// Interval of `e` under `r`, or `None` when unknown.
pub fn range(e: &Expr, r: &Ranges) -> Option<(i64, i64)> {
    match e {
        Expr::Const(k) => Some((*k, *k)),
        Expr::Var(x) => r.get(x).copied(),
        Expr::Add(ts) => {
            let mut acc = (0i64, 0i64);
            for t in ts {
                let (a, b) = range(t, r)?;
                acc = (acc.0.checked_add(a)?, acc.1.checked_add(b)?);
            }
            Some(acc)
        }
        Expr::Mul(fs) => {
            let mut acc = (1i64, 1i64);
            for f in fs {
                let (a, b) = range(f, r)?;
                let c = [
                    acc.0.checked_mul(a)?,
                    acc.0.checked_mul(b)?,
                    acc.1.checked_mul(a)?,
                    acc.1.checked_mul(b)?,
                ];
                acc = (*c.iter().min()?, *c.iter().max()?);
            }
            Some(acc)
        }
        Expr::Div(a, c) => {
            let (lo, hi) = range(a, r)?;
            Some((lo.div_euclid(*c), hi.div_euclid(*c)))
        }
        Expr::Mod(a, c) => {
            let (lo, hi) = range(a, r)?;
            let k = lo.div_euclid(*c);
            if hi.div_euclid(*c) == k {
                let base = k.checked_mul(*c)?;
                Some((lo - base, hi - base))
            } else {
                Some((0, c - 1))
            }
        }
        Expr::Cmp(op, a, b) => Some(match decide(*op, range(a, r), range(b, r)) {
            Some(true) => (1, 1),
            Some(false) => (0, 0),
            None => (0, 1),
        }),
        Expr::Select(c, a, b) => match range(c, r) {
            Some((lo, hi)) if lo == 0 && hi == 0 => range(b, r),
            Some((lo, hi)) if lo > 0 || hi < 0 => range(a, r),
            _ => {
                let (a0, a1) = range(a, r)?;
                let (b0, b1) = range(b, r)?;
                Some((a0.min(b0), a1.max(b1)))
            }
        },
    }
}

/// Whether `a op b` holds for all values in the ranges (`Some(true)`), for none
/// (`Some(false)`), or neither is proven (`None`).
pub fn decide(op: CmpOp, a: Option<(i64, i64)>, b: Option<(i64, i64)>) -> Option<bool> {
    let ((a0, a1), (b0, b1)) = (a?, b?);
    let lt = |x1: i64, y0: i64| x1 < y0;
    match op {
        CmpOp::Lt if lt(a1, b0) => Some(true),
        CmpOp::Lt if a0 >= b1 => Some(false),
        CmpOp::Le if a1 <= b0 => Some(true),
        CmpOp::Le if a0 > b1 => Some(false),
        CmpOp::Gt => decide(CmpOp::Lt, Some((b0, b1)), Some((a0, a1))),
        CmpOp::Ge => decide(CmpOp::Le, Some((b0, b1)), Some((a0, a1))),
        CmpOp::Eq if a0 == a1 && b0 == b1 && a0 == b0 => Some(true),
        CmpOp::Eq if a1 < b0 || b1 < a0 => Some(false),
        CmpOp::Ne => decide(CmpOp::Eq, Some((a0, a1)), Some((b0, b1))).map(|x| !x),
        _ => None,
    }
}
