//! Code generation: the simplified apply and inv of a chain as C, Triton or MLIR source.
//!
//! - C: two `static inline` functions over `int64_t`, `<name>_apply(i0, ...)` returning the
//!   offset and `<name>_inv(x, &i0, ...)` writing the logical index.
//! - Triton: two `@triton.jit` functions; `select` is `tl.where`, a comparison used as a
//!   number is `tl.where(c, 1, 0)`.
//! - MLIR: two `func.func` over `index` with `arith` ops (one SSA value per distinct
//!   subexpression).
//!
//! `/` and `%` are floor operations. Where range analysis proves the dividend non-negative,
//! the target's own division and remainder are used (they agree with floor there). Elsewhere
//! C and Triton get `((a % c + c) % c)` for the modulo and `((a - m) / c)` (an exact division)
//! for the quotient, correct under both truncating and flooring semantics; MLIR gets
//! `arith.floordivsi` and a corrected `arith.remsi`.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use super::chain::Chain;
use super::expr::Expr;
use super::index_math::IndexMath;
use super::range::{range, Ranges};
use super::syntax::print_chain;
use crate::error::{Error, Result};

/// A target language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    C,
    Triton,
    Mlir,
}

impl Lang {
    pub fn parse(s: &str) -> Result<Lang> {
        match s.trim().trim_matches('"') {
            "c" | "C" | "cuda" => Ok(Lang::C),
            "triton" => Ok(Lang::Triton),
            "mlir" => Ok(Lang::Mlir),
            other => Err(Error::algebra(format!(
                "unknown codegen language '{other}' (expected c, triton or mlir)"
            ))),
        }
    }
}

/// Source text of `<name>_apply` and `<name>_inv` for `c` in `lang`.
pub fn codegen(c: &Chain, lang: Lang, name: &str) -> Result<String> {
    if name.is_empty()
        || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        || name.as_bytes()[0].is_ascii_digit()
    {
        return Err(Error::algebra(format!(
            "codegen: '{name}' is not a valid function name prefix"
        )));
    }
    let m = IndexMath::of(c)?;
    let (a, a_raw, i, i_raw) = m.op_counts();
    let text = print_chain(c);
    Ok(match lang {
        Lang::C => {
            let mut s = String::new();
            let _ = writeln!(s, "#include <stdint.h>");
            let _ = writeln!(s, "/* layout: {} */", text.replace("*/", "* /"));
            let _ = writeln!(s, "/* apply: {a} ops (unsimplified {a_raw}) */");
            let args: Vec<String> = m.params.iter().map(|p| format!("int64_t {p}")).collect();
            let mut p = Infix::new(lang, &m.ranges, &[&m.apply]);
            let body = p.print(&m.apply);
            let _ = writeln!(
                s,
                "static inline int64_t {name}_apply({}) {{\n{}  return {body};\n}}",
                args.join(", "),
                p.stmts
            );
            let _ = writeln!(s, "/* inv: {i} ops (unsimplified {i_raw}) */");
            let outs: Vec<String> = m.params.iter().map(|p| format!("int64_t *{p}")).collect();
            let _ = writeln!(
                s,
                "static inline void {name}_inv(int64_t x, {}) {{",
                outs.join(", ")
            );
            let roots: Vec<&Expr> = m.inv.iter().collect();
            let mut p = Infix::new(lang, &m.ranges, &roots);
            let vals: Vec<String> = m.inv.iter().map(|e| p.print(e)).collect();
            s.push_str(&p.stmts);
            for (p_, v) in m.params.iter().zip(&vals) {
                let _ = writeln!(s, "  *{p_} = {v};");
            }
            let _ = writeln!(s, "}}");
            s
        }
        Lang::Triton => {
            let mut s = String::new();
            let _ = writeln!(s, "# layout: {text}");
            let _ = writeln!(s, "# apply: {a} ops (unsimplified {a_raw})");
            let mut p = Infix::new(lang, &m.ranges, &[&m.apply]);
            let body = p.print(&m.apply);
            let _ = writeln!(
                s,
                "@triton.jit\ndef {name}_apply({}):\n{}    return {body}\n",
                m.params.join(", "),
                p.stmts
            );
            let _ = writeln!(s, "# inv: {i} ops (unsimplified {i_raw})");
            let roots: Vec<&Expr> = m.inv.iter().collect();
            let mut p = Infix::new(lang, &m.ranges, &roots);
            let outs: Vec<String> = m.inv.iter().map(|e| p.print(e)).collect();
            let _ = writeln!(
                s,
                "@triton.jit\ndef {name}_inv(x):\n{}    return {}",
                p.stmts,
                outs.join(", ")
            );
            s
        }
        Lang::Mlir => {
            let mut s = String::new();
            let _ = writeln!(s, "// layout: {text}");
            // Both counts are arith ops after CSE, simplified vs unsimplified.
            let raw_ops = |roots: &[Expr]| {
                let mut g = Ssa::new(&m.ranges);
                for e in roots {
                    g.value(e);
                }
                g.ops
            };
            let mut f = Ssa::new(&m.ranges);
            let ins: Vec<String> = m.params.iter().map(|p| format!("%{p}: index")).collect();
            let r = f.value(&m.apply);
            let _ = writeln!(
                s,
                "// apply: {} arith ops (unsimplified {})",
                f.ops,
                raw_ops(std::slice::from_ref(&m.apply_raw))
            );
            let _ = writeln!(s, "func.func @{name}_apply({}) -> index {{", ins.join(", "));
            s.push_str(&f.body);
            let _ = writeln!(s, "  return {r} : index\n}}");
            let mut g = Ssa::new(&m.ranges);
            let rs: Vec<String> = m.inv.iter().map(|e| g.value(e)).collect();
            let tys = vec!["index"; rs.len()].join(", ");
            let _ = writeln!(
                s,
                "// inv: {} arith ops (unsimplified {})",
                g.ops,
                raw_ops(&m.inv_raw)
            );
            let _ = writeln!(s, "func.func @{name}_inv(%x: index) -> ({tys}) {{");
            s.push_str(&g.body);
            let _ = writeln!(s, "  return {} : {tys}\n}}", rs.join(", "));
            s
        }
    })
}

/// Infix printing for C and Triton (fully parenthesized). Subexpressions that occur more
/// than once become temporaries (`t0`, `t1`, ...), emitted into `stmts` before their use.
struct Infix<'r> {
    lang: Lang,
    r: &'r Ranges,
    shared: HashSet<Expr>,
    memo: HashMap<Expr, String>,
    stmts: String,
    next: usize,
}

impl<'r> Infix<'r> {
    fn new(lang: Lang, r: &'r Ranges, roots: &[&Expr]) -> Self {
        let mut count: HashMap<Expr, usize> = HashMap::new();
        for e in roots {
            count_nodes(e, &mut count);
        }
        Infix {
            lang,
            r,
            shared: count
                .into_iter()
                .filter(|(_, n)| *n > 1)
                .map(|(e, _)| e)
                .collect(),
            memo: HashMap::new(),
            stmts: String::new(),
            next: 0,
        }
    }
    /// The text of `e`, through a temporary when `e` is shared.
    fn print(&mut self, e: &Expr) -> String {
        if let Some(t) = self.memo.get(e) {
            return t.clone();
        }
        let text = self.print_node(e);
        if !self.shared.contains(e) {
            return text;
        }
        let t = format!("t{}", self.next);
        self.next += 1;
        match self.lang {
            Lang::C => {
                let _ = writeln!(self.stmts, "  const int64_t {t} = {text};");
            }
            _ => {
                let _ = writeln!(self.stmts, "    {t} = {text}");
            }
        }
        self.memo.insert(e.clone(), t.clone());
        t
    }
    fn lit(&self, k: i64) -> String {
        match self.lang {
            Lang::C if k == i64::MIN => "INT64_MIN".into(),
            Lang::C if !(-(1i64 << 31)..(1i64 << 31)).contains(&k) => format!("INT64_C({k})"),
            _ if k < 0 => format!("({k})"),
            _ => k.to_string(),
        }
    }
    fn nonneg(&self, e: &Expr) -> bool {
        matches!(range(e, self.r), Some((lo, _)) if lo >= 0)
    }
    fn div_op(&self) -> &'static str {
        if self.lang == Lang::Triton {
            "//"
        } else {
            "/"
        }
    }
    fn floor_mod(&self, a: &str, c: i64) -> String {
        format!("((({a} % {c}) + {c}) % {c})")
    }
    fn print_node(&mut self, e: &Expr) -> String {
        match e {
            Expr::Const(k) => self.lit(*k),
            Expr::Var(x) => x.clone(),
            Expr::Add(ts) => {
                let v: Vec<String> = ts.iter().map(|t| self.print(t)).collect();
                format!("({})", v.join(" + "))
            }
            Expr::Mul(fs) => {
                let v: Vec<String> = fs.iter().map(|f| self.print(f)).collect();
                format!("({})", v.join(" * "))
            }
            Expr::Div(a, c) => {
                let s = self.print(a);
                if self.nonneg(a) {
                    format!("({s} {} {c})", self.div_op())
                } else {
                    format!("(({s} - {}) {} {c})", self.floor_mod(&s, *c), self.div_op())
                }
            }
            Expr::Mod(a, c) => {
                let s = self.print(a);
                if self.nonneg(a) {
                    format!("({s} % {c})")
                } else {
                    self.floor_mod(&s, *c)
                }
            }
            Expr::Cmp(op, a, b) => {
                let c = format!("({} {} {})", self.print(a), op.text(), self.print(b));
                match self.lang {
                    Lang::Triton => format!("tl.where({c}, 1, 0)"),
                    _ => c,
                }
            }
            Expr::Select(c, a, b) => {
                let cond = match &**c {
                    Expr::Cmp(op, x, y) => {
                        format!("({} {} {})", self.print(x), op.text(), self.print(y))
                    }
                    other => format!("({} != 0)", self.print(other)),
                };
                match self.lang {
                    Lang::Triton => {
                        format!("tl.where({cond}, {}, {})", self.print(a), self.print(b))
                    }
                    _ => format!("({cond} ? {} : {})", self.print(a), self.print(b)),
                }
            }
        }
    }
}

/// Count the non-leaf nodes of `e` (each occurrence), to find shared subexpressions.
fn count_nodes(e: &Expr, count: &mut HashMap<Expr, usize>) {
    if matches!(e, Expr::Const(_) | Expr::Var(_)) {
        return;
    }
    let n = count.entry(e.clone()).or_insert(0);
    *n += 1;
    if *n > 1 {
        return;
    }
    match e {
        Expr::Add(v) | Expr::Mul(v) => v.iter().for_each(|x| count_nodes(x, count)),
        Expr::Div(a, _) | Expr::Mod(a, _) => count_nodes(a, count),
        Expr::Cmp(_, a, b) => {
            count_nodes(a, count);
            count_nodes(b, count);
        }
        Expr::Select(c, a, b) => {
            count_nodes(c, count);
            count_nodes(a, count);
            count_nodes(b, count);
        }
        Expr::Const(_) | Expr::Var(_) => {}
    }
}

/// SSA emission for MLIR `arith` (memoized: each distinct subexpression once).
struct Ssa<'r> {
    r: &'r Ranges,
    body: String,
    memo: HashMap<Expr, String>,
    consts: HashMap<i64, String>,
    next: usize,
    /// Non-constant arith ops emitted.
    ops: usize,
}

impl<'r> Ssa<'r> {
    fn new(r: &'r Ranges) -> Self {
        Ssa {
            r,
            body: String::new(),
            memo: HashMap::new(),
            consts: HashMap::new(),
            next: 0,
            ops: 0,
        }
    }
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next - 1)
    }
    fn konst(&mut self, k: i64) -> String {
        if let Some(n) = self.consts.get(&k) {
            return n.clone();
        }
        let n = if k >= 0 {
            format!("%c{k}")
        } else {
            format!("%cm{}", k.unsigned_abs())
        };
        let _ = writeln!(self.body, "  {n} = arith.constant {k} : index");
        self.consts.insert(k, n.clone());
        n
    }
    fn op(&mut self, text: String) -> String {
        let n = self.fresh();
        let _ = writeln!(self.body, "  {n} = {text}");
        self.ops += 1;
        n
    }
    fn bin(&mut self, name: &str, a: &str, b: &str) -> String {
        self.op(format!("arith.{name} {a}, {b} : index"))
    }
    /// An `i1` for a condition.
    fn cond(&mut self, e: &Expr) -> String {
        match e {
            Expr::Cmp(op, a, b) => {
                let (x, y) = (self.value(a), self.value(b));
                let pred = match op {
                    super::expr::CmpOp::Lt => "slt",
                    super::expr::CmpOp::Le => "sle",
                    super::expr::CmpOp::Gt => "sgt",
                    super::expr::CmpOp::Ge => "sge",
                    super::expr::CmpOp::Eq => "eq",
                    super::expr::CmpOp::Ne => "ne",
                };
                self.op(format!("arith.cmpi {pred}, {x}, {y} : index"))
            }
            other => {
                let v = self.value(other);
                let z = self.konst(0);
                self.op(format!("arith.cmpi ne, {v}, {z} : index"))
            }
        }
    }
    fn value(&mut self, e: &Expr) -> String {
        if let Some(n) = self.memo.get(e) {
            return n.clone();
        }
        let n = match e {
            Expr::Const(k) => return self.konst(*k),
            Expr::Var(x) => return format!("%{x}"),
            Expr::Add(ts) => {
                let mut acc = self.value(&ts[0]);
                for t in &ts[1..] {
                    acc = match t {
                        Expr::Mul(fs) if fs.len() == 2 && fs[0] == Expr::Const(-1) => {
                            let v = self.value(&fs[1]);
                            self.bin("subi", &acc, &v)
                        }
                        _ => {
                            let v = self.value(t);
                            self.bin("addi", &acc, &v)
                        }
                    };
                }
                acc
            }
            Expr::Mul(fs) => {
                let mut acc = self.value(&fs[0]);
                for f in &fs[1..] {
                    let v = self.value(f);
                    acc = self.bin("muli", &acc, &v);
                }
                acc
            }
            Expr::Div(a, c) => {
                let x = self.value(a);
                let k = self.konst(*c);
                if matches!(range(a, self.r), Some((lo, _)) if lo >= 0) {
                    self.bin("divui", &x, &k)
                } else {
                    self.bin("floordivsi", &x, &k)
                }
            }
            Expr::Mod(a, c) => {
                let x = self.value(a);
                let k = self.konst(*c);
                if matches!(range(a, self.r), Some((lo, _)) if lo >= 0) {
                    self.bin("remui", &x, &k)
                } else {
                    let r = self.bin("remsi", &x, &k);
                    let s = self.bin("addi", &r, &k);
                    self.bin("remsi", &s, &k)
                }
            }
            Expr::Cmp(..) => {
                let c = self.cond(e);
                let (one, zero) = (self.konst(1), self.konst(0));
                self.op(format!("arith.select {c}, {one}, {zero} : index"))
            }
            Expr::Select(c, a, b) => {
                let cv = self.cond(c);
                let (x, y) = (self.value(a), self.value(b));
                self.op(format!("arith.select {cv}, {x}, {y} : index"))
            }
        };
        self.memo.insert(e.clone(), n.clone());
        n
    }
}
