//! LEGO bijective layouts (chains of OrderBy/GroupBy/RegP/GenP) as relations.
//!
//! A chain with logical dims `n_0, ..., n_{d-1}` has the apply expression `e(i_0, ..., i_{d-1})`
//! of the algebra's index math (`IndexMath::of(chain).apply`: floor division and modulo by
//! constants, sums, products, comparisons and selects). Its relation is
//!
//! ```text
//! { [i_0, ..., i_{d-1}] -> [o] : 0 <= i_k < n_k and o = e(i) }
//! ```
//!
//! The expression is written as a union of pieces `(conditions, value)`: a value is an affine
//! text in which `a / c` becomes ISL's `floor((a)/c)` and `a % c` becomes `(a) mod c` (ISL
//! turns each into an existentially quantified division); a comparison `a op b` splits every
//! piece in two, value 1 where `a op b` holds and 0 where it does not; `select(c, a, b)` takes
//! the pieces of `a` where `c != 0` and those of `b` where `c = 0`. A product is affine when
//! all factors but one are constant; a product of two non-constant factors is not expressible
//! in Presburger arithmetic and is an error that names it.
//!
//! In the flat space the chain's coordinate is one integer `c` over `[0, size)` read
//! colexicographically over the logical dims, `i_k = floor(c / (n_0...n_{k-1})) mod n_k`, as
//! for CuTe layouts (the relation layer's flat convention), so that a chain and a CuTe layout
//! whose top-level modes are its dims compare equal in both spaces.

use layout_algebra::bijective::index_math::IndexMath;
use layout_algebra::bijective::{Chain, CmpOp, Expr};
use layout_algebra::{Error, Result};

use crate::expr::{bounds, floor_div, modulo, prefix_products, vars};
use crate::space::Space;

/// Most pieces an expression may split into (comparisons and selects multiply them).
pub const MAX_PIECES: usize = 4096;

/// An affine value: a constant, or ISL text of a quasi-affine expression.
#[derive(Debug, Clone)]
enum Value {
    Const(i64),
    Text(String),
}

impl Value {
    fn text(&self) -> String {
        match self {
            Value::Const(k) => format!("({k})"),
            Value::Text(t) => format!("({t})"),
        }
    }
}

/// One piece of a piecewise expression: where it applies (a conjunction) and its value.
#[derive(Debug, Clone)]
struct Piece {
    conds: Vec<String>,
    value: Value,
}

/// Translates index expressions to pieces; `lookup` gives each variable's ISL text.
struct Writer<'a> {
    lookup: &'a dyn Fn(&str) -> Option<String>,
}

fn too_many(n: usize) -> Error {
    Error::algebra(format!(
        "relation of a bijective layout: its index expression splits into {n} pieces (comparisons and selects), more than {MAX_PIECES}"
    ))
}

fn overflow(e: &Expr) -> Error {
    Error::overflow(format!(
        "relation of a bijective layout: a constant of {e} exceeds i64"
    ))
}

/// Every combination of one piece of each list, combined by `f` (the conditions joined).
fn cross(
    a: Vec<Piece>,
    b: Vec<Piece>,
    f: &dyn Fn(&Value, &Value) -> Result<Value>,
) -> Result<Vec<Piece>> {
    let n = a.len().saturating_mul(b.len());
    if n > MAX_PIECES {
        return Err(too_many(n));
    }
    let mut out = Vec::with_capacity(n);
    for x in &a {
        for y in &b {
            let mut conds = x.conds.clone();
            conds.extend(y.conds.iter().cloned());
            out.push(Piece {
                conds,
                value: f(&x.value, &y.value)?,
            });
        }
    }
    Ok(out)
}

/// The negation of `a op b`, as a comparison.
fn negate(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Ge,
        CmpOp::Le => CmpOp::Gt,
        CmpOp::Gt => CmpOp::Le,
        CmpOp::Ge => CmpOp::Lt,
        CmpOp::Eq => CmpOp::Ne,
        CmpOp::Ne => CmpOp::Eq,
    }
}

/// `a op b` as an ISL constraint (`!=` as a disjunction).
fn constraint(op: CmpOp, a: &Value, b: &Value) -> String {
    let (a, b) = (a.text(), b.text());
    match op {
        CmpOp::Eq => format!("{a} = {b}"),
        CmpOp::Ne => format!("({a} < {b} or {a} > {b})"),
        _ => format!("{a} {} {b}", op.text()),
    }
}

impl Writer<'_> {
    fn pieces(&self, e: &Expr) -> Result<Vec<Piece>> {
        let one = |value| {
            Ok(vec![Piece {
                conds: vec![],
                value,
            }])
        };
        match e {
            Expr::Const(k) => one(Value::Const(*k)),
            Expr::Var(x) => match (self.lookup)(x) {
                Some(t) => one(Value::Text(t)),
                None => Err(Error::algebra(format!(
                    "relation of a bijective layout: the index expression has the free variable '{x}'"
                ))),
            },
            Expr::Add(ts) => {
                let mut acc = vec![Piece {
                    conds: vec![],
                    value: Value::Const(0),
                }];
                for t in ts {
                    acc = cross(acc, self.pieces(t)?, &|x, y| {
                        Ok(match (x, y) {
                            (Value::Const(a), Value::Const(b)) => {
                                Value::Const(a.checked_add(*b).ok_or_else(|| overflow(e))?)
                            }
                            (Value::Const(0), v) | (v, Value::Const(0)) => v.clone(),
                            _ => Value::Text(format!("{} + {}", x.text(), y.text())),
                        })
                    })?;
                }
                Ok(acc)
            }
            Expr::Mul(fs) => {
                let mut acc = vec![Piece {
                    conds: vec![],
                    value: Value::Const(1),
                }];
                for f in fs {
                    acc = cross(acc, self.pieces(f)?, &|x, y| {
                        Ok(match (x, y) {
                            (Value::Const(a), Value::Const(b)) => {
                                Value::Const(a.checked_mul(*b).ok_or_else(|| overflow(e))?)
                            }
                            (Value::Const(0), _) | (_, Value::Const(0)) => Value::Const(0),
                            (Value::Const(1), v) | (v, Value::Const(1)) => v.clone(),
                            (Value::Const(k), v) | (v, Value::Const(k)) => {
                                Value::Text(format!("{k}*{}", v.text()))
                            }
                            _ => {
                                return Err(Error::algebra(format!(
                                    "relation of a bijective layout: the index expression multiplies two non-constant factors in {e}; a product of variables is not quasi-affine, so ISL cannot express it"
                                )))
                            }
                        })
                    })?;
                }
                Ok(acc)
            }
            Expr::Div(a, c) | Expr::Mod(a, c) => {
                let is_div = matches!(e, Expr::Div(..));
                let mut out = self.pieces(a)?;
                for p in &mut out {
                    p.value = match &p.value {
                        Value::Const(k) if is_div => {
                            Value::Const(layout_algebra::bijective::expr::floor_div(*k, *c)?)
                        }
                        Value::Const(k) => {
                            Value::Const(layout_algebra::bijective::expr::floor_mod(*k, *c)?)
                        }
                        v if is_div => Value::Text(floor_div(&v.text(), *c)),
                        v => Value::Text(modulo(&v.text(), *c)),
                    };
                }
                Ok(out)
            }
            Expr::Cmp(op, a, b) => {
                let (pa, pb) = (self.pieces(a)?, self.pieces(b)?);
                let n = pa.len().saturating_mul(pb.len()).saturating_mul(2);
                if n > MAX_PIECES {
                    return Err(too_many(n));
                }
                let mut out = Vec::with_capacity(n);
                for x in &pa {
                    for y in &pb {
                        for (test, v) in [(*op, 1), (negate(*op), 0)] {
                            let mut conds = x.conds.clone();
                            conds.extend(y.conds.iter().cloned());
                            conds.push(constraint(test, &x.value, &y.value));
                            out.push(Piece {
                                conds,
                                value: Value::Const(v),
                            });
                        }
                    }
                }
                Ok(out)
            }
            Expr::Select(c, a, b) => {
                let (pa, pb) = (self.pieces(a)?, self.pieces(b)?);
                let mut out = Vec::new();
                for pc in self.pieces(c)? {
                    let zero = Value::Const(0);
                    let branches: [(Option<String>, &Vec<Piece>); 2] = match &pc.value {
                        Value::Const(0) => [(None, &pb), (Some("false".into()), &pa)],
                        Value::Const(_) => [(None, &pa), (Some("false".into()), &pb)],
                        v => [
                            (Some(constraint(CmpOp::Ne, v, &zero)), &pa),
                            (Some(constraint(CmpOp::Eq, v, &zero)), &pb),
                        ],
                    };
                    for (cond, branch) in branches {
                        if cond.as_deref() == Some("false") {
                            continue;
                        }
                        for p in branch {
                            let mut conds = pc.conds.clone();
                            conds.extend(cond.iter().cloned());
                            conds.extend(p.conds.iter().cloned());
                            out.push(Piece {
                                conds,
                                value: p.value.clone(),
                            });
                            if out.len() > MAX_PIECES {
                                return Err(too_many(out.len()));
                            }
                        }
                    }
                }
                Ok(out)
            }
        }
    }
}

/// `o = e` over the pieces of `e`: a disjunction of `(conditions and o = value)`.
pub fn offset_constraint(e: &Expr, lookup: &dyn Fn(&str) -> Option<String>) -> Result<String> {
    value_constraint("o", e, lookup)
}

/// `out = e` over the pieces of `e` (`out` an ISL variable name).
pub fn value_constraint(
    out: &str,
    e: &Expr,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<String> {
    let pieces = Writer { lookup }.pieces(e)?;
    let parts: Vec<String> = pieces
        .iter()
        .map(|p| {
            let mut cs = p.conds.clone();
            cs.push(format!("{out} = {}", p.value.text()));
            format!("({})", cs.join(" and "))
        })
        .collect();
    Ok(if parts.len() == 1 {
        parts[0].clone()
    } else {
        format!("({})", parts.join(" or "))
    })
}

/// The inputs of a chain's relation in `space`: variable names and their bounds, and the ISL
/// text of each logical index variable `i_k` of the apply expression.
pub struct ChainInputs {
    pub vars: Vec<String>,
    pub bounds: String,
    pub index: Vec<String>,
}

/// The coordinate variables of a chain in `space` (see the module doc).
pub fn chain_inputs(c: &Chain, space: Space) -> Result<ChainInputs> {
    let dims = c.dims();
    match space {
        Space::Flat => {
            let (prefix, size) = prefix_products(&dims, "relation of a bijective layout")?;
            let index = dims
                .iter()
                .enumerate()
                .map(|(k, &n)| {
                    let q = floor_div("c", prefix[k]);
                    if k + 1 == dims.len() {
                        q
                    } else {
                        modulo(&q, n)
                    }
                })
                .collect();
            Ok(ChainInputs {
                vars: vec!["c".into()],
                bounds: format!("0 <= c < {size}"),
                index,
            })
        }
        Space::Coord | Space::Modes => {
            let cs = vars("c", dims.len());
            let b = bounds(&cs, &dims);
            Ok(ChainInputs {
                index: cs.clone(),
                vars: cs,
                bounds: if b.is_empty() { "true".into() } else { b },
            })
        }
    }
}

/// The ISL text of a chain's relation in `space`.
pub fn chain_map_text(c: &Chain, space: Space) -> Result<String> {
    let math = IndexMath::of(c)?;
    let inputs = chain_inputs(c, space)?;
    let lookup = |x: &str| {
        math.params
            .iter()
            .position(|p| p == x)
            .map(|k| inputs.index[k].clone())
    };
    let body = offset_constraint(&math.apply, &lookup)?;
    Ok(format!(
        "{{ [{}] -> [o] : {} and {body} }}",
        inputs.vars.join(", "),
        inputs.bounds
    ))
}
