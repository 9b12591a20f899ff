//! The `arith` index math of a lowering, translated into a Presburger relation (ISL text).
//!
//! Every SSA value the lowering computes becomes an existentially quantified integer `v` tied
//! to its operands by the exact integer meaning of its op; the inputs are the op's coordinate
//! operands. With `k` a constant:
//!
//! ```text
//! addi a b  : v = a + b             subi a b : v = a - b
//! muli a k  : v = k a               shli a k : v = 2^k a
//! shrsi a k : v = floor(a / 2^k)    floordivsi a k : v = floor(a / k)     (k > 0)
//! divsi a k : v = floor(a/k) if a >= 0, -floor(-a/k) if a < 0             (truncation)
//! remsi a k : v = a - k * (a divsi k)
//! divui/remui/shrui : as floor/mod, on operands proven >= 0 (then unsigned = signed)
//! andi/ori/xori : bit decomposition over the bits P that may be 1 in one operand b >= 0
//!     (known bits of constants, masks and shifts): b = sum_{j in P} 2^j b_j; the other
//!     operand over the span [p, q] of P: a = lo + sum_{j=p..q} 2^j a_j + 2^(q+1) h with
//!     0 <= lo < 2^p, h any integer (two's complement); and = sum_{j in P} 2^j r_j,
//!     or/xor = a + sum_{j in P} 2^j (r_j - a_j); r_j = a_j b_j (r_j <= a_j, r_j <= b_j,
//!     r_j >= a_j + b_j - 1), a_j + b_j - a_j b_j, or a_j + b_j - 2 t_j (t_j in {0,1})
//! cmpi p a b : v in {0,1}, v = 1 exactly when the predicate holds (unsigned ones on
//!     operands proven >= 0)
//! select c a b : (c = 1 and v = a) or (c = 0 and v = b)
//! index_cast, index_castui : v = a (index and i64 are both 64 bits)
//! ```
//!
//! Runtime values (the operands of the `layout.make` that built a runtime layout) are symbols
//! `R_i`: ISL parameters where they appear additively or in comparisons. A runtime value times
//! a coordinate is not quasi-affine, so a value is kept as its linear form in the runtime
//! values, `g + sum_i R_i u_i` (g and the u_i quasi-affine): `muli x R_i` of an x without such
//! parts gives `u_i = x`; add, sub, a constant factor and index casts act on every part; any
//! other op of a value with parts, a product of two runtime values, and a division by one are
//! translation errors that name them. The results are the vectors `[g, u_0, ..]`.
//!
//! These are exact over the integers. The machine computes modulo 2^64, so every value also
//! gets a sound interval from the inputs' bounds (interval arithmetic per op); a value whose
//! interval leaves i64 (a possible wrap-around, which would also break an `nsw`/`nuw` flag),
//! an unsigned op on a possibly negative operand, a product of two non-constants or an op
//! outside the list is a translation error that names the op: never guessed.

use layout_dialect::op_diagnostics::op_name;
use std::collections::HashMap;

use layout_relation::expr::Exists;
use melior::ir::attribute::IntegerAttribute;
use melior::ir::operation::{OperationLike, OperationRef, OperationResult};
use melior::ir::{Value, ValueLike};

const I64_MIN: i128 = i64::MIN as i128;
const I64_MAX: i128 = i64::MAX as i128;

/// One translated value: an affine term in ISL notation, its sound range, and its value when
/// it is a constant.
#[derive(Clone, Debug)]
struct Term {
    text: String,
    lo: i128,
    hi: i128,
    konst: Option<i64>,
    /// For a value known to be >= 0: the bits that may be 1, when tighter than its range
    /// (known-bits of masks and shifts); None: from the range.
    bits: Option<i128>,
    /// The value is the runtime value `R_i` itself.
    symbol: Option<usize>,
    /// `(i, u_i)`: the value is `text + sum R_i * u_i` (sorted by i; empty for quasi-affine).
    parts: Vec<(usize, String)>,
    /// `text` depends on a runtime value (a parameter).
    dep: bool,
}

impl Term {
    /// The bits that may be 1 of a value known to be >= 0 (None: it may be negative).
    fn may(&self) -> Option<i128> {
        match (self.konst, self.bits) {
            (Some(k), _) if k >= 0 => Some(k as i128),
            (Some(_), _) => None,
            (None, Some(m)) => Some(m),
            (None, None) if self.lo >= 0 => Some((1i128 << bit_len(self.hi)) - 1),
            _ => None,
        }
    }

    fn constant(k: i64) -> Term {
        Term {
            text: format!("({k})"),
            lo: k as i128,
            hi: k as i128,
            konst: Some(k),
            bits: None,
            symbol: None,
            parts: Vec::new(),
            dep: false,
        }
    }
}

/// An input of the translation: an SSA value, its variable name and its range on the domain.
pub struct Input<'c, 'a> {
    pub value: Value<'c, 'a>,
    pub name: String,
    pub lo: i64,
    pub hi: i64,
}

/// A runtime value the lowered math reads: the SSA value, its index i (the parameter `R_i`)
/// and its assumed range.
pub struct Symbol<'c, 'a> {
    pub value: Value<'c, 'a>,
    pub index: usize,
    pub lo: i64,
    pub hi: i64,
}

/// The translation of the results: the existential variables with their constraints, and one
/// term per result: its quasi-affine part and, per runtime value i < `symbols`, the multiple
/// u_i of `R_i` (`0` when none).
pub struct Translation {
    pub exists: Exists,
    pub results: Vec<String>,
    pub parts: Vec<Vec<String>>,
}

/// Translate `results` (SSA values computed by arith ops from `inputs` and the runtime
/// values `symbols`) into terms.
pub fn translate(
    inputs: &[Input],
    symbols: &[Symbol],
    results: &[Value<'_, '_>],
) -> Result<Translation, String> {
    let mut t = Translator {
        ex: Exists::default(),
        memo: HashMap::new(),
    };
    for i in inputs {
        t.memo.insert(
            key(i.value),
            Term {
                text: i.name.clone(),
                lo: i.lo as i128,
                hi: i.hi as i128,
                konst: None,
                bits: None,
                symbol: None,
                parts: Vec::new(),
                dep: false,
            },
        );
    }
    let count = symbols.iter().map(|s| s.index + 1).max().unwrap_or(0);
    for s in symbols {
        t.memo.insert(
            key(s.value),
            Term {
                text: format!("R{}", s.index),
                lo: s.lo as i128,
                hi: s.hi as i128,
                konst: None,
                bits: None,
                symbol: Some(s.index),
                parts: Vec::new(),
                dep: true,
            },
        );
    }
    let mut out = Vec::with_capacity(results.len());
    let mut parts = Vec::with_capacity(results.len());
    for r in results {
        let term = t.value(*r)?;
        let mut p = vec!["0".to_string(); count];
        for (i, u) in &term.parts {
            p[*i] = u.clone();
        }
        out.push(term.text);
        parts.push(p);
    }
    Ok(Translation {
        exists: t.ex,
        results: out,
        parts,
    })
}

struct Translator {
    ex: Exists,
    memo: HashMap<usize, Term>,
}

/// A value's identity (its handle's address), the key of the translation's memo.
fn key(v: Value<'_, '_>) -> usize {
    v.to_raw().ptr as usize
}

/// The integer value of an `arith.constant` (None: not an integer constant).
pub fn constant_value(op: OperationRef<'_, '_>) -> Option<i64> {
    let a = op.attribute("value").ok()?;
    IntegerAttribute::try_from(a).ok().map(|i| i.value())
}

/// Number of bits of a non-negative value (0 for 0).
fn bit_len(v: i128) -> u32 {
    128 - v.leading_zeros()
}

#[derive(Clone)]
enum Bit {
    Known(bool),
    Var(String),
}

impl Translator {
    fn fresh(&mut self, prefix: &str) -> String {
        self.ex.fresh(prefix)
    }

    /// A new variable equal to `text` with range [lo, hi] (checked against i64).
    fn define(&mut self, what: &str, text: String, lo: i128, hi: i128) -> Result<Term, String> {
        if lo < I64_MIN || hi > I64_MAX {
            return Err(format!(
                "'{what}' may wrap around: its value ranges over [{lo}, {hi}], outside i64"
            ));
        }
        let v = self.fresh("v");
        self.ex.cons.push(format!("{v} = {text}"));
        Ok(Term {
            text: v,
            lo,
            hi,
            konst: None,
            bits: None,
            symbol: None,
            parts: Vec::new(),
            dep: false,
        })
    }

    /// A new variable constrained by `cons` (a formula in `v`) with range [lo, hi].
    fn define_by(&mut self, cons: impl Fn(&str) -> String, lo: i128, hi: i128) -> Term {
        let v = self.fresh("v");
        self.ex.cons.push(cons(&v));
        Term {
            text: v,
            lo,
            hi,
            konst: None,
            bits: None,
            symbol: None,
            parts: Vec::new(),
            dep: false,
        }
    }

    fn value(&mut self, v: Value<'_, '_>) -> Result<Term, String> {
        if let Some(t) = self.memo.get(&key(v)) {
            return Ok(t.clone());
        }
        let Ok(result) = OperationResult::try_from(v) else {
            return Err(
                "the lowered math reads a block argument that is not a coordinate operand".into(),
            );
        };
        let t = self.op(result.owner())?;
        self.memo.insert(key(v), t.clone());
        Ok(t)
    }

    fn operands(&mut self, op: OperationRef<'_, '_>) -> Result<Vec<Term>, String> {
        op.operands().map(|v| self.value(v)).collect()
    }

    fn op(&mut self, op: OperationRef<'_, '_>) -> Result<Term, String> {
        let name = op_name(&op);
        if name == "arith.constant" {
            return constant_value(op)
                .map(Term::constant)
                .ok_or_else(|| "an arith.constant that is not an integer".to_string());
        }
        let a = self.operands(op)?;
        let nonneg = |t: &Term, what: &str| -> Result<(), String> {
            if t.lo < 0 {
                Err(format!(
                    "'{name}': its {what} may be negative (range [{}, {}]), where the unsigned and signed meanings differ",
                    t.lo, t.hi
                ))
            } else {
                Ok(())
            }
        };
        let konst = |t: &Term, what: &str| -> Result<i64, String> {
            t.konst
                .ok_or_else(|| format!("'{name}': its {what} is not a constant"))
        };
        let linear = matches!(
            name.as_str(),
            "arith.index_cast"
                | "arith.index_castui"
                | "arith.addi"
                | "arith.subi"
                | "arith.muli"
                | "arith.shli"
        );
        if !linear {
            if let Some((i, _)) = a.iter().find_map(|t| t.parts.first()) {
                return Err(format!(
                    "'{name}' of a value that holds the runtime value R{i} times a coordinate: not quasi-affine (only add, sub, constant factors and casts keep that form)"
                ));
            }
        }
        let dep = a.iter().any(|t| t.dep);
        let r = match name.as_str() {
            "arith.index_cast" | "arith.index_castui" => {
                if name == "arith.index_castui" {
                    nonneg(&a[0], "operand")?;
                }
                Ok(a[0].clone())
            }
            "arith.addi" => {
                let text = format!("{} + {}", a[0].text, a[1].text);
                let mut t = self.define(&name, text, a[0].lo + a[1].lo, a[0].hi + a[1].hi)?;
                t.parts = self.combine(&a[0].parts, &a[1].parts, 1);
                Ok(t)
            }
            "arith.subi" => {
                let text = format!("{} - ({})", a[0].text, a[1].text);
                let mut t = self.define(&name, text, a[0].lo - a[1].hi, a[0].hi - a[1].lo)?;
                t.parts = self.combine(&a[0].parts, &a[1].parts, -1);
                Ok(t)
            }
            "arith.muli" => {
                let (k, x) = match (a[0].konst, a[1].konst) {
                    (Some(k), _) => (k, &a[1]),
                    (_, Some(k)) => (k, &a[0]),
                    _ => return self.runtime_product(&name, &a[0], &a[1]),
                };
                self.scale(&name, x, k as i128)
            }
            "arith.shli" => {
                let p = shift_amount(konst(&a[1], "shift amount")?, &name)?;
                let x = a[0].clone();
                let mut t = self.scale(&name, &x, 1i128 << p)?;
                t.bits = x.may().map(|m| m << p).filter(|m| bit_len(*m) < 64);
                Ok(t)
            }
            "arith.shrui" | "arith.shrsi" => {
                if name == "arith.shrui" {
                    nonneg(&a[0], "operand")?;
                }
                let p = shift_amount(konst(&a[1], "shift amount")?, &name)?;
                let mut t = self.floor_div(&name, &a[0], 1i64 << p)?;
                t.bits = a[0].may().map(|m| m >> p);
                Ok(t)
            }
            "arith.floordivsi" | "arith.divui" | "arith.divsi" | "arith.remui" | "arith.remsi"
            | "arith.ceildivsi" => {
                let k = konst(&a[1], "divisor")?;
                if k <= 0 {
                    return Err(format!(
                        "'{name}' by {k}: only positive constant divisors are translated"
                    ));
                }
                if name.ends_with("ui") {
                    nonneg(&a[0], "dividend")?;
                }
                let x = &a[0];
                match name.as_str() {
                    "arith.floordivsi" => self.floor_div(&name, x, k),
                    "arith.ceildivsi" => {
                        let (lo, hi) = (ceil(x.lo, k), ceil(x.hi, k));
                        Ok(self.define_by(
                            |v| format!("{v} = -floor((-({}))/{k})", x.text),
                            lo,
                            hi,
                        ))
                    }
                    "arith.divui" | "arith.divsi" if x.lo >= 0 => self.floor_div(&name, x, k),
                    "arith.divsi" => {
                        let (lo, hi) = (trunc(x.lo, k), trunc(x.hi, k));
                        let e = &x.text;
                        Ok(self.define_by(
                            |v| {
                                format!(
                                    "(({e} >= 0 and {v} = floor(({e})/{k})) or ({e} < 0 and {v} = -floor((-({e}))/{k})))"
                                )
                            },
                            lo,
                            hi,
                        ))
                    }
                    _ if x.lo >= 0 => {
                        let hi = x.hi.min(k as i128 - 1);
                        Ok(self.define_by(|v| format!("{v} = ({}) mod {k}", x.text), 0, hi))
                    }
                    _ => {
                        // remsi of a possibly negative dividend: the sign of the dividend.
                        let e = &x.text;
                        let m = k as i128 - 1;
                        Ok(self.define_by(
                            |v| {
                                format!(
                                    "(({e} >= 0 and {v} = ({e}) mod {k}) or ({e} < 0 and {v} = -((-({e})) mod {k})))"
                                )
                            },
                            (-m).max(x.lo),
                            m.min(x.hi.max(0)),
                        ))
                    }
                }
            }
            "arith.andi" | "arith.ori" | "arith.xori" => self.bitwise(&name, &a[0], &a[1]),
            "arith.select" => {
                let (c, x, y) = (&a[0], &a[1], &a[2]);
                Ok(self.define_by(
                    |v| {
                        format!(
                            "(({c} = 1 and {v} = {x}) or ({c} = 0 and {v} = {y}))",
                            c = c.text,
                            x = x.text,
                            y = y.text
                        )
                    },
                    x.lo.min(y.lo),
                    x.hi.max(y.hi),
                ))
            }
            "arith.cmpi" => {
                let p = op
                    .attribute("predicate")
                    .ok()
                    .and_then(|a| IntegerAttribute::try_from(a).ok())
                    .map(|i| i.value())
                    .ok_or_else(|| "'arith.cmpi' without an integer predicate".to_string())?;
                let (holds, fails) = match p {
                    0 => ("=", "!="),
                    1 => ("!=", "="),
                    2 | 6 => ("<", ">="),
                    3 | 7 => ("<=", ">"),
                    4 | 8 => (">", "<="),
                    5 | 9 => (">=", "<"),
                    _ => return Err(format!("'arith.cmpi' with predicate {p}")),
                };
                if p >= 6 {
                    nonneg(&a[0], "left operand")?;
                    nonneg(&a[1], "right operand")?;
                }
                let (x, y) = (&a[0].text, &a[1].text);
                // `!=` is written as a disjunction (ISL reads `!=` too, but keep one form).
                let rel = |op: &str| match op {
                    "!=" => format!("({x} < {y} or {x} > {y})"),
                    _ => format!("{x} {op} {y}"),
                };
                let (h, f) = (rel(holds), rel(fails));
                Ok(self.define_by(
                    |v| format!("(({h} and {v} = 1) or ({f} and {v} = 0))"),
                    0,
                    1,
                ))
            }
            other => Err(format!(
                "'{other}' is not an op the proof translates (the lowering emits only add, sub, mul, shifts, div/rem by constants, and/or/xor, cmpi, select and index casts)"
            )),
        };
        r.map(|mut t| {
            t.dep |= dep && t.konst.is_none();
            t
        })
    }

    fn scale(&mut self, name: &str, x: &Term, k: i128) -> Result<Term, String> {
        let (p, q) = (x.lo * k, x.hi * k);
        let mut t = self.define(name, format!("{k}*({})", x.text), p.min(q), p.max(q))?;
        t.parts = x
            .parts
            .iter()
            .map(|(i, u)| (*i, format!("{k}*({u})")))
            .collect();
        Ok(t)
    }

    /// `x + sign * y` of the runtime parts (sorted by value index).
    fn combine(
        &mut self,
        x: &[(usize, String)],
        y: &[(usize, String)],
        sign: i64,
    ) -> Vec<(usize, String)> {
        let mut out: Vec<(usize, String)> = x.to_vec();
        for (i, u) in y {
            let term = if sign < 0 {
                format!("-({u})")
            } else {
                format!("({u})")
            };
            match out.iter_mut().find(|(j, _)| j == i) {
                Some((_, w)) => *w = format!("({w}) + {term}"),
                None => out.push((*i, term)),
            }
        }
        out.sort_by_key(|(i, _)| *i);
        out
    }

    /// `muli` of two non-constants: a runtime value R_i times a quasi-affine x gives the part
    /// `u_i = x`; anything else is not modeled, and the error names it.
    fn runtime_product(&mut self, name: &str, a: &Term, b: &Term) -> Result<Term, String> {
        let (r, x) = match (a.symbol, b.symbol) {
            (Some(i), Some(j)) => {
                return Err(format!(
                    "'{name}' of the runtime values R{i} and R{j}: a product of two runtime values is not modeled"
                ))
            }
            (Some(i), None) => (i, b),
            (None, Some(j)) => (j, a),
            (None, None) => {
                return Err(format!(
                    "'{name}' of two non-constants that are not a runtime value and a coordinate expression is not affine (no relation)"
                ))
            }
        };
        if let Some((i, _)) = x.parts.first() {
            return Err(format!(
                "'{name}' of the runtime value R{r} and a value holding R{i} times a coordinate: a product of two runtime values is not modeled"
            ));
        }
        if x.dep {
            // A runtime value inside x (R_j + c) times R_r: a product of two runtime values.
            return Err(format!(
                "'{name}' of the runtime value R{r} and a value computed from a runtime value: a product of two runtime values is not modeled"
            ));
        }
        let (p, q) = (x.lo.min(x.hi), x.lo.max(x.hi));
        let s = if a.symbol == Some(r) { a } else { b };
        let cands = [p * s.lo, p * s.hi, q * s.lo, q * s.hi];
        let lo = *cands.iter().min().unwrap();
        let hi = *cands.iter().max().unwrap();
        if lo < I64_MIN || hi > I64_MAX {
            return Err(format!(
                "'{name}' may wrap around: R{r} times a value in [{p}, {q}] ranges over [{lo}, {hi}], outside i64"
            ));
        }
        Ok(Term {
            text: "0".into(),
            lo,
            hi,
            konst: None,
            bits: None,
            symbol: None,
            parts: vec![(r, x.text.clone())],
            dep: false,
        })
    }

    fn floor_div(&mut self, name: &str, x: &Term, k: i64) -> Result<Term, String> {
        let (lo, hi) = (x.lo.div_euclid(k as i128), x.hi.div_euclid(k as i128));
        if lo < I64_MIN || hi > I64_MAX {
            return Err(format!("'{name}' may wrap around"));
        }
        // v = floor(x/k) as k v <= x < k v + k (what ISL makes of a floor, written out).
        let e = &x.text;
        Ok(self.define_by(
            |v| format!("{k}*{v} <= {e} and {e} <= {k}*{v} + {}", k - 1),
            lo,
            hi,
        ))
    }

    /// and/or/xor. Let b be the operand with the fewer bits that may be 1 (P, b >= 0), so
    /// that b = sum_{j in P} 2^j b_j exactly; a is decomposed only over the span [p, q] of P:
    /// a = lo + sum_{j=p..q} 2^j a_j + 2^(q+1) h with 0 <= lo < 2^p and h any integer (two's
    /// complement, so a may be negative). Then and = sum_{j in P} 2^j (a_j and b_j), and
    /// or/xor = a + sum_{j in P} 2^j ((a_j op b_j) - a_j).
    fn bitwise(&mut self, name: &str, a: &Term, b: &Term) -> Result<Term, String> {
        if let (Some(x), Some(y)) = (a.konst, b.konst) {
            return Ok(Term::constant(match name {
                "arith.andi" => x & y,
                "arith.ori" => x | y,
                _ => x ^ y,
            }));
        }
        let (a, b) = match (a.may(), b.may()) {
            (Some(x), Some(y)) if x.count_ones() < y.count_ones() => (b, a),
            (Some(_), Some(_)) | (None, Some(_)) => (a, b),
            (Some(_), None) => (b, a),
            (None, None) => {
                return Err(format!(
                    "'{name}' of two operands that may both be negative is not translated"
                ))
            }
        };
        let pm = b.may().unwrap_or(0);
        if bit_len(pm) > 62 {
            return Err(format!(
                "'{name}' on values of more than 62 bits is not translated"
            ));
        }
        let positions: Vec<u32> = (0..bit_len(pm)).filter(|j| (pm >> j) & 1 == 1).collect();
        let (Some(&p), Some(&q)) = (positions.first(), positions.last()) else {
            // b = 0: and gives 0, or/xor give a.
            return Ok(if name == "arith.andi" {
                Term::constant(0)
            } else {
                a.clone()
            });
        };
        // Bits of b at P.
        let bbits: Vec<Bit> = positions
            .iter()
            .map(|&j| match b.konst {
                Some(k) => Bit::Known((k >> j) & 1 == 1),
                None => Bit::Var(self.fresh("b")),
            })
            .collect();
        if b.konst.is_none() {
            let mut parts = Vec::new();
            for (j, bit) in positions.iter().zip(&bbits) {
                if let Bit::Var(v) = bit {
                    self.ex.cons.push(format!("0 <= {v} <= 1"));
                    parts.push(format!("{}*{v}", 1i64 << j));
                }
            }
            self.ex
                .cons
                .push(format!("{} = {}", b.text, parts.join(" + ")));
        }
        // Bits of a over [p, q].
        let abits: Vec<Bit> = match a.konst {
            Some(k) => (p..=q).map(|j| Bit::Known((k >> j) & 1 == 1)).collect(),
            None => {
                let vars: Vec<String> = (p..=q).map(|_| self.fresh("a")).collect();
                let mut parts = Vec::new();
                if p > 0 {
                    let lo = self.fresh("lo");
                    self.ex.cons.push(format!("0 <= {lo} < {}", 1i64 << p));
                    parts.push(lo);
                }
                for (j, v) in (p..=q).zip(&vars) {
                    self.ex.cons.push(format!("0 <= {v} <= 1"));
                    parts.push(format!("{}*{v}", 1i64 << j));
                }
                let h = self.fresh("h");
                parts.push(format!("{}*{h}", 1i128 << (q + 1)));
                self.ex
                    .cons
                    .push(format!("{} = {}", a.text, parts.join(" + ")));
                vars.into_iter().map(Bit::Var).collect()
            }
        };
        let mut sum: Vec<String> = Vec::new();
        if name != "arith.andi" {
            sum.push(format!("({})", a.text));
        }
        for (&j, bb) in positions.iter().zip(&bbits) {
            let ab = &abits[(j - p) as usize];
            let r = self.bit_op(name, ab, bb);
            let w = 1i64 << j;
            let r_text = match r {
                Bit::Known(x) => format!("{}", x as i64),
                Bit::Var(v) => v,
            };
            if name == "arith.andi" {
                sum.push(format!("{w}*({r_text})"));
            } else {
                let a_text = match ab {
                    Bit::Known(x) => format!("{}", *x as i64),
                    Bit::Var(v) => v.clone(),
                };
                sum.push(format!("{w}*({r_text} - {a_text})"));
            }
        }
        let (lo, hi, bits) = if name == "arith.andi" {
            (0, pm, Some(pm))
        } else {
            // or/xor change only the bits at P: |result - a| < 2^(q+1).
            let d = 1i128 << (q + 1);
            let bits = a.may().map(|m| m | pm);
            (a.lo - d, a.hi + d, bits)
        };
        let mut t = self.define(name, sum.join(" + "), lo, hi)?;
        if let Some(m) = bits {
            t.lo = t.lo.max(0);
            t.hi = t.hi.min(m);
        }
        t.bits = bits;
        Ok(t)
    }

    /// One result bit of and/or/xor.
    fn bit_op(&mut self, name: &str, x: &Bit, y: &Bit) -> Bit {
        use Bit::*;
        match (name, x, y) {
            ("arith.andi", Known(false), _) | ("arith.andi", _, Known(false)) => Known(false),
            ("arith.andi", Known(true), o) | ("arith.andi", o, Known(true)) => o.clone(),
            ("arith.ori", Known(true), _) | ("arith.ori", _, Known(true)) => Known(true),
            ("arith.ori" | "arith.xori", Known(false), o)
            | ("arith.ori" | "arith.xori", o, Known(false)) => o.clone(),
            ("arith.xori", Known(true), Known(true)) => Known(false),
            ("arith.xori", Known(true), Var(v)) | ("arith.xori", Var(v), Known(true)) => {
                let r = self.fresh("r");
                self.ex.cons.push(format!("{r} = 1 - {v}"));
                Var(r)
            }
            (_, Var(p), Var(q)) => {
                let r = self.fresh("r");
                let c = match name {
                    "arith.andi" => format!("{r} <= {p} and {r} <= {q} and {r} >= {p} + {q} - 1"),
                    "arith.ori" => format!("{r} >= {p} and {r} >= {q} and {r} <= {p} + {q}"),
                    _ => {
                        let t = self.fresh("t");
                        format!("{r} = {p} + {q} - 2{t} and 0 <= {t} <= 1")
                    }
                };
                self.ex.cons.push(format!("0 <= {r} <= 1 and {c}"));
                Var(r)
            }
            // Every pair of known bits is covered above.
            _ => unreachable!("bit_op: {name}"),
        }
    }
}

fn shift_amount(k: i64, name: &str) -> Result<u32, String> {
    if (0..63).contains(&k) {
        Ok(k as u32)
    } else {
        Err(format!(
            "'{name}' by {k}: the shift amount is outside [0, 63)"
        ))
    }
}

fn ceil(x: i128, k: i64) -> i128 {
    -((-x).div_euclid(k as i128))
}

fn trunc(x: i128, k: i64) -> i128 {
    x / k as i128
}
