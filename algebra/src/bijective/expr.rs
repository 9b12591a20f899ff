//! The index-expression IR: quasi-affine integer expressions with floor-division and modulo
//! by positive constants, products, comparisons and selects.
//!
//! ```text
//! e := k | x | e + e + ... | e * e * ... | e / c | e % c | (e <op> e) | select(e, e, e)
//! ```
//!
//! Semantics over the integers (every operation checked in i64; overflow is an error):
//! - `e / c` is floor division, `e % c = e - c * (e / c)` lies in `[0, c)`, for a constant
//!   `c > 0` (the only divisors the IR admits);
//! - a comparison is 1 when it holds, else 0; `select(c, a, b)` is `a` when `c != 0`, else `b`
//!   (only the chosen branch is evaluated).
//!
//! Subtraction is `a + (-1) * b`. The derived `Ord` gives sums and products a canonical order.

use std::collections::BTreeMap;
use std::fmt;

use crate::error::{Error, Result};

/// A comparison; its value is 1 when it holds and 0 otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl CmpOp {
    pub fn text(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
        }
    }
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
        }
    }
}

/// An index expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expr {
    Const(i64),
    Var(String),
    Add(Vec<Expr>),
    Mul(Vec<Expr>),
    /// Floor division by a constant > 0.
    Div(Box<Expr>, i64),
    /// Floor modulo by a constant > 0 (result in `[0, c)`).
    Mod(Box<Expr>, i64),
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    Select(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// Largest expression (nodes) built by `let` expansion or symbolic evaluation.
pub const MAX_EXPR_NODES: usize = 1 << 20;

/// Deepest expression a GenP body may be after `let` expansion, and deepest symbolic index
/// expression of a chain (the evaluators and the simplifier recurse on the depth).
pub const MAX_EXPR_DEPTH: usize = 256;
pub const MAX_INDEX_DEPTH: usize = 2048;

/// Values of variables.
pub type Env = BTreeMap<String, i64>;

impl Expr {
    pub fn var(name: impl Into<String>) -> Expr {
        Expr::Var(name.into())
    }
    pub fn add(a: Expr, b: Expr) -> Expr {
        Expr::Add(vec![a, b])
    }
    pub fn mul(a: Expr, b: Expr) -> Expr {
        Expr::Mul(vec![a, b])
    }
    pub fn neg(a: Expr) -> Expr {
        Expr::Mul(vec![Expr::Const(-1), a])
    }
    pub fn sub(a: Expr, b: Expr) -> Expr {
        Expr::add(a, Expr::neg(b))
    }
    /// `a / c`; `c` must be > 0.
    pub fn div(a: Expr, c: i64) -> Result<Expr> {
        check_divisor("floor-division", c)?;
        Ok(Expr::Div(Box::new(a), c))
    }
    /// `a % c`; `c` must be > 0.
    pub fn rem(a: Expr, c: i64) -> Result<Expr> {
        check_divisor("modulo", c)?;
        Ok(Expr::Mod(Box::new(a), c))
    }
    pub fn cmp(op: CmpOp, a: Expr, b: Expr) -> Expr {
        Expr::Cmp(op, Box::new(a), Box::new(b))
    }
    pub fn select(c: Expr, a: Expr, b: Expr) -> Expr {
        Expr::Select(Box::new(c), Box::new(a), Box::new(b))
    }

    /// The value at `env`; an unbound variable or an i64 overflow is an error.
    pub fn eval(&self, env: &Env) -> Result<i64> {
        self.eval_with(&|name| env.get(name).copied())
    }

    /// The value, looking variables up with `lookup`.
    pub fn eval_with(&self, lookup: &dyn Fn(&str) -> Option<i64>) -> Result<i64> {
        Ok(match self {
            Expr::Const(k) => *k,
            Expr::Var(x) => {
                lookup(x).ok_or_else(|| Error::algebra(format!("unbound variable '{x}'")))?
            }
            Expr::Add(ts) => {
                let mut s = 0i64;
                for t in ts {
                    s = s
                        .checked_add(t.eval_with(lookup)?)
                        .ok_or_else(|| Error::overflow(format!("evaluating {self}")))?;
                }
                s
            }
            Expr::Mul(fs) => {
                let mut p = 1i64;
                for f in fs {
                    p = p
                        .checked_mul(f.eval_with(lookup)?)
                        .ok_or_else(|| Error::overflow(format!("evaluating {self}")))?;
                }
                p
            }
            Expr::Div(a, c) => floor_div(a.eval_with(lookup)?, *c)?,
            Expr::Mod(a, c) => floor_mod(a.eval_with(lookup)?, *c)?,
            Expr::Cmp(op, a, b) => op.holds(a.eval_with(lookup)?, b.eval_with(lookup)?) as i64,
            Expr::Select(c, a, b) => {
                if c.eval_with(lookup)? != 0 {
                    a.eval_with(lookup)?
                } else {
                    b.eval_with(lookup)?
                }
            }
        })
    }

    /// Replace every variable bound in `sub` by its expression.
    pub fn substitute(&self, sub: &BTreeMap<String, Expr>) -> Expr {
        match self {
            Expr::Var(x) => sub.get(x).cloned().unwrap_or_else(|| self.clone()),
            Expr::Const(_) => self.clone(),
            Expr::Add(ts) => Expr::Add(ts.iter().map(|t| t.substitute(sub)).collect()),
            Expr::Mul(fs) => Expr::Mul(fs.iter().map(|f| f.substitute(sub)).collect()),
            Expr::Div(a, c) => Expr::Div(Box::new(a.substitute(sub)), *c),
            Expr::Mod(a, c) => Expr::Mod(Box::new(a.substitute(sub)), *c),
            Expr::Cmp(op, a, b) => Expr::cmp(*op, a.substitute(sub), b.substitute(sub)),
            Expr::Select(c, a, b) => {
                Expr::select(c.substitute(sub), a.substitute(sub), b.substitute(sub))
            }
        }
    }

    /// Number of nodes.
    pub fn size(&self) -> usize {
        1 + match self {
            Expr::Const(_) | Expr::Var(_) => 0,
            Expr::Add(v) | Expr::Mul(v) => v.iter().map(Expr::size).sum(),
            Expr::Div(a, _) | Expr::Mod(a, _) => a.size(),
            Expr::Cmp(_, a, b) => a.size() + b.size(),
            Expr::Select(c, a, b) => c.size() + a.size() + b.size(),
        }
    }

    /// Nesting depth (a leaf is 1).
    pub fn depth(&self) -> usize {
        1 + match self {
            Expr::Const(_) | Expr::Var(_) => 0,
            Expr::Add(v) | Expr::Mul(v) => v.iter().map(Expr::depth).max().unwrap_or(0),
            Expr::Div(a, _) | Expr::Mod(a, _) => a.depth(),
            Expr::Cmp(_, a, b) => a.depth().max(b.depth()),
            Expr::Select(c, a, b) => c.depth().max(a.depth()).max(b.depth()),
        }
    }

    /// Occurrences of the variable `name`.
    pub fn occurrences(&self, name: &str) -> usize {
        match self {
            Expr::Var(x) => (x == name) as usize,
            Expr::Const(_) => 0,
            Expr::Add(v) | Expr::Mul(v) => v.iter().map(|e| e.occurrences(name)).sum(),
            Expr::Div(a, _) | Expr::Mod(a, _) => a.occurrences(name),
            Expr::Cmp(_, a, b) => a.occurrences(name) + b.occurrences(name),
            Expr::Select(c, a, b) => {
                c.occurrences(name) + a.occurrences(name) + b.occurrences(name)
            }
        }
    }

    /// Names of the variables, sorted.
    pub fn vars(&self) -> Vec<String> {
        let mut out = std::collections::BTreeSet::new();
        self.collect_vars(&mut out);
        out.into_iter().collect()
    }
    fn collect_vars(&self, out: &mut std::collections::BTreeSet<String>) {
        match self {
            Expr::Var(x) => {
                out.insert(x.clone());
            }
            Expr::Const(_) => {}
            Expr::Add(v) | Expr::Mul(v) => v.iter().for_each(|e| e.collect_vars(out)),
            Expr::Div(a, _) | Expr::Mod(a, _) => a.collect_vars(out),
            Expr::Cmp(_, a, b) => {
                a.collect_vars(out);
                b.collect_vars(out);
            }
            Expr::Select(c, a, b) => {
                c.collect_vars(out);
                a.collect_vars(out);
                b.collect_vars(out);
            }
        }
    }

    /// Arithmetic operations the expression costs when printed as a tree: one per binary
    /// `+ - * / %`, comparison and select (a multiplication by -1 inside a sum is the `-`).
    pub fn op_count(&self) -> usize {
        match self {
            Expr::Const(_) | Expr::Var(_) => 0,
            Expr::Add(ts) => {
                ts.len().saturating_sub(1)
                    + ts.iter()
                        .map(|t| match negated(t) {
                            Some(inner) => inner.op_count(),
                            None => t.op_count(),
                        })
                        .sum::<usize>()
            }
            Expr::Mul(fs) => {
                fs.len().saturating_sub(1) + fs.iter().map(Expr::op_count).sum::<usize>()
            }
            Expr::Div(a, _) | Expr::Mod(a, _) => 1 + a.op_count(),
            Expr::Cmp(_, a, b) => 1 + a.op_count() + b.op_count(),
            Expr::Select(c, a, b) => 1 + c.op_count() + a.op_count() + b.op_count(),
        }
    }
}

/// Operations of `roots` evaluated as a DAG: each distinct subexpression once (what the
/// code generators emit): `n - 1` per sum or product of n (a `-1 *` term of a sum is its
/// subtraction), 1 per division, modulo, comparison and select.
pub fn dag_op_count(roots: &[&Expr]) -> usize {
    fn go<'a>(e: &'a Expr, seen: &mut std::collections::HashSet<&'a Expr>) -> usize {
        if matches!(e, Expr::Const(_) | Expr::Var(_)) || !seen.insert(e) {
            return 0;
        }
        match e {
            Expr::Const(_) | Expr::Var(_) => 0,
            Expr::Add(ts) => {
                ts.len().saturating_sub(1)
                    + ts.iter()
                        .map(|t| match t {
                            Expr::Mul(fs) if fs.len() == 2 && fs[0] == Expr::Const(-1) => {
                                go(&fs[1], seen)
                            }
                            _ => go(t, seen),
                        })
                        .sum::<usize>()
            }
            Expr::Mul(fs) => {
                fs.len().saturating_sub(1) + fs.iter().map(|f| go(f, seen)).sum::<usize>()
            }
            Expr::Div(a, _) | Expr::Mod(a, _) => 1 + go(a, seen),
            Expr::Cmp(_, a, b) => 1 + go(a, seen) + go(b, seen),
            Expr::Select(c, a, b) => 1 + go(c, seen) + go(a, seen) + go(b, seen),
        }
    }
    let mut seen = std::collections::HashSet::new();
    roots.iter().map(|r| go(r, &mut seen)).sum()
}

/// `t` is `-1 * inner` or a negative constant: printed as a subtraction in a sum.
pub(crate) fn negated(t: &Expr) -> Option<Expr> {
    match t {
        Expr::Mul(fs) if fs.len() == 2 && fs[0] == Expr::Const(-1) => Some(fs[1].clone()),
        Expr::Const(k) if *k < 0 && *k != i64::MIN => Some(Expr::Const(-k)),
        _ => None,
    }
}

fn check_divisor(what: &str, c: i64) -> Result<()> {
    if c <= 0 {
        return Err(Error::algebra(format!(
            "{what} by {c}: the divisor must be a constant > 0"
        )));
    }
    Ok(())
}

/// Floor division `a / c` for `c > 0`.
pub fn floor_div(a: i64, c: i64) -> Result<i64> {
    check_divisor("floor-division", c)?;
    Ok(a.div_euclid(c))
}

/// Floor modulo `a % c` in `[0, c)` for `c > 0`.
pub fn floor_mod(a: i64, c: i64) -> Result<i64> {
    check_divisor("modulo", c)?;
    Ok(a.rem_euclid(c))
}

// Printing: the text syntax of docs/syntax.md (`/` and `%` are floor division and modulo).
// Precedence: select/atoms 4, `*` `/` `%` 3, `+` `-` 2, comparisons 1.

fn prec(e: &Expr) -> u8 {
    match e {
        Expr::Const(k) if *k < 0 => 2,
        Expr::Const(_) | Expr::Var(_) | Expr::Select(..) => 4,
        Expr::Mul(_) | Expr::Div(..) | Expr::Mod(..) => 3,
        Expr::Add(_) => 2,
        Expr::Cmp(..) => 1,
    }
}

fn write_at(f: &mut fmt::Formatter<'_>, e: &Expr, min: u8) -> fmt::Result {
    if prec(e) < min {
        write!(f, "(")?;
        write!(f, "{e}")?;
        write!(f, ")")
    } else {
        write!(f, "{e}")
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Const(k) => write!(f, "{k}"),
            Expr::Var(x) => write!(f, "{x}"),
            Expr::Add(ts) if ts.is_empty() => write!(f, "0"),
            Expr::Add(ts) => {
                for (i, t) in ts.iter().enumerate() {
                    match (i, negated(t)) {
                        (0, _) => write_at(f, t, 3)?,
                        (_, Some(inner)) => {
                            write!(f, " - ")?;
                            write_at(f, &inner, 3)?;
                        }
                        (_, None) => {
                            write!(f, " + ")?;
                            write_at(f, t, 3)?;
                        }
                    }
                }
                Ok(())
            }
            Expr::Mul(fs) if fs.is_empty() => write!(f, "1"),
            Expr::Mul(fs) => {
                for (i, x) in fs.iter().enumerate() {
                    if i > 0 {
                        write!(f, " * ")?;
                    }
                    // Left-associative: later factors that are themselves `/` or `%` need
                    // parentheses, `a * (b / 2)` differs from `a * b / 2`.
                    write_at(f, x, if i == 0 { 3 } else { 4 })?;
                }
                Ok(())
            }
            Expr::Div(a, c) => {
                write_at(f, a, 3)?;
                write!(f, " / {c}")
            }
            Expr::Mod(a, c) => {
                write_at(f, a, 3)?;
                write!(f, " % {c}")
            }
            Expr::Cmp(op, a, b) => {
                write_at(f, a, 2)?;
                write!(f, " {} ", op.text())?;
                write_at(f, b, 2)
            }
            Expr::Select(c, a, b) => write!(f, "select({c}, {a}, {b})"),
        }
    }
}
