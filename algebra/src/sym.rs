//! Runtime integers: the value of a runtime (`?`) leaf as an expression over the runtime leaves
//! of an operation's input.
//!
//! CuTe C++ computes with `int` leaves beside static `Int<N>` leaves: which leaves of a result
//! are static follows the C++ types alone (an operation on two static values is static, one on
//! a runtime value is runtime, except `_0 * x = _0`, `_0 / x = _0`, `x % _1 = _0` and
//! `_0 % x = _0`), and the values follow the C++ arithmetic. A runtime leaf here carries the
//! expression of its value, so that binding the input's runtime leaves to values (`bind`)
//! gives the layout C++ computes for those values, and a lowering can compute each leaf.
//!
//!   e := $i | e + e | e * e | e / e (truncating) | e % e | min(e, e) | max(e, e) | |e|
//!      | signum(e) | e == e | e <= e | e || e | check(e, c, what)
//!
//! `$i` is the i-th `?` of the input text, left to right. `check(e, c, what)` is e where the
//! condition c holds (is nonzero) and an error naming `what` where it does not: it records a
//! condition that C++ asserts statically for static values but leaves unchecked for runtime
//! ones (the divisibility conditions), so a runtime value that breaks it is refused where it
//! is computed instead of giving a layout that breaks the operation's contract.
//!
//! Every node knows the size of its expression tree; building a node past [`MAX_NODES`] is an
//! error, which bounds evaluation, comparison and hashing.

use std::fmt::Write;
use std::sync::Arc;

use crate::checked as int;
use crate::error::{Error, Result};

/// Largest expression tree (counting shared subtrees at each use) of one runtime leaf.
pub const MAX_NODES: u32 = 1 << 16;

/// A runtime integer: an expression over the runtime leaves of the input.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Sym(Arc<Node>);

#[derive(PartialEq, Eq, Hash)]
struct Node {
    expr: Expr,
    size: u32,
}

/// The operations of a runtime expression (module comment).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Expr {
    Lit(i64),
    Var(u32),
    Add(Sym, Sym),
    Mul(Sym, Sym),
    Div(Sym, Sym),
    Rem(Sym, Sym),
    Min(Sym, Sym),
    Max(Sym, Sym),
    Abs(Sym),
    Signum(Sym),
    Eq(Sym, Sym),
    Le(Sym, Sym),
    Or(Sym, Sym),
    Check(Sym, Sym, Arc<str>),
}

impl Expr {
    /// The operands (none for a literal or a runtime leaf).
    pub fn operands(&self) -> Vec<&Sym> {
        match self {
            Expr::Lit(_) | Expr::Var(_) => Vec::new(),
            Expr::Abs(a) | Expr::Signum(a) => vec![a],
            Expr::Add(a, b)
            | Expr::Mul(a, b)
            | Expr::Div(a, b)
            | Expr::Rem(a, b)
            | Expr::Min(a, b)
            | Expr::Max(a, b)
            | Expr::Eq(a, b)
            | Expr::Le(a, b)
            | Expr::Or(a, b)
            | Expr::Check(a, b, _) => vec![a, b],
        }
    }
}

impl std::fmt::Debug for Sym {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

fn size_of(x: &Sym) -> u32 {
    x.0.size
}

impl Sym {
    /// The i-th runtime leaf of the input.
    pub fn var(i: u32) -> Sym {
        Sym(Arc::new(Node {
            expr: Expr::Var(i),
            size: 1,
        }))
    }
    /// A node; an error when its tree would exceed [`MAX_NODES`].
    pub fn node(expr: Expr) -> Result<Sym> {
        let size = expr
            .operands()
            .iter()
            .fold(1u32, |n, x| n.saturating_add(size_of(x)));
        if size > MAX_NODES {
            return Err(Error::algebra(format!(
                "a runtime value's expression would exceed {MAX_NODES} nodes"
            )));
        }
        Ok(Sym(Arc::new(Node { expr, size })))
    }
    /// A static value inside an expression.
    pub fn lit(v: i64) -> Sym {
        Sym(Arc::new(Node {
            expr: Expr::Lit(v),
            size: 1,
        }))
    }
    pub fn expr(&self) -> &Expr {
        &self.0.expr
    }

    /// The value for the runtime leaves `vars` (`$i` = vars[i]), with C++'s integer
    /// arithmetic checked for overflow; a failed `check` is an error naming its condition.
    pub fn eval(&self, vars: &[i64]) -> Result<i64> {
        let v = |x: &Sym| x.eval(vars);
        Ok(match &self.0.expr {
            Expr::Lit(x) => *x,
            Expr::Var(i) => *vars.get(*i as usize).ok_or_else(|| {
                Error::algebra(format!(
                    "runtime leaf ${i} has no value ({} given)",
                    vars.len()
                ))
            })?,
            Expr::Add(a, b) => int::add(v(a)?, v(b)?)?,
            Expr::Mul(a, b) => int::mul(v(a)?, v(b)?)?,
            Expr::Div(a, b) => int::div(v(a)?, v(b)?)?,
            Expr::Rem(a, b) => int::rem(v(a)?, v(b)?)?,
            Expr::Min(a, b) => v(a)?.min(v(b)?),
            Expr::Max(a, b) => v(a)?.max(v(b)?),
            Expr::Abs(a) => int::abs(v(a)?)?,
            Expr::Signum(a) => v(a)?.signum(),
            Expr::Eq(a, b) => i64::from(v(a)? == v(b)?),
            Expr::Le(a, b) => i64::from(v(a)? <= v(b)?),
            Expr::Or(a, b) => i64::from(v(a)? != 0 || v(b)? != 0),
            Expr::Check(a, c, what) => {
                if v(c)? == 0 {
                    return Err(Error::algebra(format!(
                        "{what}: the runtime condition {} fails for {}",
                        c.text(),
                        print_vars(c, vars)
                    )));
                }
                v(a)?
            }
        })
    }

    /// The expression as text (`$0`, `($1 + 127) / 128`, ...).
    pub fn text(&self) -> String {
        let mut s = String::new();
        push_expr(&mut s, &self.0.expr);
        s
    }
}

fn push_operand(out: &mut String, x: &Sym) {
    match x.expr() {
        // A check prints as the value it guards (its condition is not part of the value).
        Expr::Check(a, _, _) => push_operand(out, a),
        Expr::Lit(_)
        | Expr::Var(_)
        | Expr::Min(..)
        | Expr::Max(..)
        | Expr::Abs(_)
        | Expr::Signum(_) => push_expr(out, x.expr()),
        e => {
            out.push('(');
            push_expr(out, e);
            out.push(')');
        }
    }
}

fn push_expr(out: &mut String, e: &Expr) {
    let bin = |out: &mut String, a: &Sym, op: &str, b: &Sym| {
        push_operand(out, a);
        out.push_str(op);
        push_operand(out, b);
    };
    let call = |out: &mut String, f: &str, a: &Sym, b: Option<&Sym>| {
        out.push_str(f);
        out.push('(');
        push_expr(out, a.expr());
        if let Some(b) = b {
            out.push_str(", ");
            push_expr(out, b.expr());
        }
        out.push(')');
    };
    match e {
        Expr::Lit(v) => {
            let _ = write!(out, "{v}");
        }
        Expr::Var(i) => {
            let _ = write!(out, "${i}");
        }
        Expr::Add(a, b) => bin(out, a, " + ", b),
        Expr::Mul(a, b) => bin(out, a, " * ", b),
        Expr::Div(a, b) => bin(out, a, " / ", b),
        Expr::Rem(a, b) => bin(out, a, " % ", b),
        Expr::Eq(a, b) => bin(out, a, " == ", b),
        Expr::Le(a, b) => bin(out, a, " <= ", b),
        Expr::Or(a, b) => bin(out, a, " || ", b),
        Expr::Min(a, b) => call(out, "min", a, Some(b)),
        Expr::Max(a, b) => call(out, "max", a, Some(b)),
        Expr::Abs(a) => call(out, "abs", a, None),
        Expr::Signum(a) => call(out, "signum", a, None),
        Expr::Check(a, _, _) => push_expr(out, a.expr()),
    }
}

/// `$i = v` for each runtime leaf the expression reads (for messages).
fn print_vars(x: &Sym, vars: &[i64]) -> String {
    let mut seen = Vec::new();
    fn go(s: &Sym, seen: &mut Vec<u32>) {
        match s.expr() {
            Expr::Var(i) if !seen.contains(i) => seen.push(*i),
            e => e.operands().into_iter().for_each(|x| go(x, seen)),
        }
    }
    go(x, &mut seen);
    seen.sort_unstable();
    seen.iter()
        .map(|&i| match vars.get(i as usize) {
            Some(v) => format!("${i} = {v}"),
            None => format!("${i} unbound"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The runtime conditions (`check` nodes) inside `x`, each once.
pub fn conditions(s: &Sym, out: &mut Vec<(Sym, Arc<str>)>) {
    if let Expr::Check(_, c, what) = s.expr() {
        if !out.iter().any(|(d, w)| d == c && w == what) {
            out.push((c.clone(), what.clone()));
        }
    }
    s.expr()
        .operands()
        .into_iter()
        .for_each(|x| conditions(x, out));
}
