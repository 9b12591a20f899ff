//! Lowering of `layout.apply` / `layout.inv` (bijective, LEGO layouts) to `arith` index math:
//! the chain's index expression (`layout_algebra::bijective::index_math`), simplified under
//! the ranges the ops guarantee (`0 <= i_k < n_k`, `0 <= x < size`), emitted with one SSA
//! value per distinct subexpression. `/` and `%` become `arith.divui`/`arith.remui` where the
//! range analysis proves the dividend non-negative, else `arith.floordivsi` and a corrected
//! `arith.remsi`; comparisons are `arith.cmpi`, selects `arith.select`. With the unit
//! attribute `unsimplified` on the op the raw expression is emitted instead (to compare op
//! counts).

use std::collections::HashMap;

use layout_algebra::bijective::expr::{CmpOp, Expr};
use layout_algebra::bijective::index_math::IndexMath;
use layout_algebra::bijective::range::{range, Ranges};
use layout_algebra::bijective::Chain;
use mlir_sys::MlirValue;

use crate::emit::{Emitter, Sym};

/// Which op is lowered.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Which {
    Apply,
    Inv,
}

struct Ssa<'a, 'c> {
    e: &'a mut Emitter<'c>,
    vars: HashMap<String, MlirValue>,
    memo: HashMap<Expr, MlirValue>,
    ranges: &'a Ranges,
}

impl<'c> Ssa<'_, 'c> {
    /// One op; an identical op (name, operands, predicate) already emitted for this op's
    /// lowering is reused.
    fn op(
        &mut self,
        name: &'static str,
        operands: &[MlirValue],
        predicate: Option<i64>,
    ) -> MlirValue {
        self.e.arith(name, operands, predicate)
    }
    fn konst(&mut self, k: i64) -> MlirValue {
        self.e.materialize(Sym::constant(k))
    }
    fn bin(&mut self, name: &'static str, a: MlirValue, b: MlirValue) -> MlirValue {
        // A constant goes right in a commutative op (the canonical form).
        let (a, b) =
            if crate::emit::is_commutative(name) && self.e.is_constant(a) && !self.e.is_constant(b)
            {
                (b, a)
            } else {
                (a, b)
            };
        self.op(name, &[a, b], None)
    }
    fn nonneg(&self, e: &Expr) -> bool {
        matches!(range(e, self.ranges), Some((lo, _)) if lo >= 0)
    }
    fn cond(&mut self, c: &Expr) -> Result<MlirValue, String> {
        Ok(match c {
            Expr::Cmp(op, a, b) => {
                let (x, y) = (self.value(a)?, self.value(b)?);
                // arith.cmpi predicates: eq 0, ne 1, slt 2, sle 3, sgt 4, sge 5.
                let p = match op {
                    CmpOp::Eq => 0,
                    CmpOp::Ne => 1,
                    CmpOp::Lt => 2,
                    CmpOp::Le => 3,
                    CmpOp::Gt => 4,
                    CmpOp::Ge => 5,
                };
                self.op("arith.cmpi", &[x, y], Some(p))
            }
            other => {
                let (v, z) = (self.value(other)?, self.konst(0));
                self.op("arith.cmpi", &[v, z], Some(1))
            }
        })
    }
    fn value(&mut self, e: &Expr) -> Result<MlirValue, String> {
        if let Some(v) = self.memo.get(e) {
            return Ok(*v);
        }
        let v = match e {
            Expr::Const(k) => return Ok(self.konst(*k)),
            Expr::Var(x) => {
                return self
                    .vars
                    .get(x)
                    .copied()
                    .ok_or_else(|| format!("unbound variable {x}"))
            }
            Expr::Add(ts) => {
                let mut acc = self.value(&ts[0])?;
                for t in &ts[1..] {
                    acc = match t {
                        Expr::Mul(fs) if fs.len() == 2 && fs[0] == Expr::Const(-1) => {
                            let v = self.value(&fs[1])?;
                            self.bin("arith.subi", acc, v)
                        }
                        _ => {
                            let v = self.value(t)?;
                            self.bin("arith.addi", acc, v)
                        }
                    };
                }
                acc
            }
            Expr::Mul(fs) => {
                let mut acc = self.value(&fs[0])?;
                for f in &fs[1..] {
                    let v = self.value(f)?;
                    acc = self.bin("arith.muli", acc, v);
                }
                acc
            }
            Expr::Div(a, c) => {
                let (x, k) = (self.value(a)?, self.konst(*c));
                if self.nonneg(a) {
                    self.bin("arith.divui", x, k)
                } else {
                    self.bin("arith.floordivsi", x, k)
                }
            }
            Expr::Mod(a, c) => {
                let (x, k) = (self.value(a)?, self.konst(*c));
                if self.nonneg(a) {
                    self.bin("arith.remui", x, k)
                } else {
                    let r = self.bin("arith.remsi", x, k);
                    let s = self.bin("arith.addi", r, k);
                    self.bin("arith.remsi", s, k)
                }
            }
            Expr::Cmp(..) => {
                let c = self.cond(e)?;
                let (one, zero) = (self.konst(1), self.konst(0));
                self.op("arith.select", &[c, one, zero], None)
            }
            Expr::Select(c, a, b) => {
                let cv = self.cond(c)?;
                let (x, y) = (self.value(a)?, self.value(b)?);
                self.op("arith.select", &[cv, x, y], None)
            }
        };
        self.memo.insert(e.clone(), v);
        Ok(v)
    }
}

/// Lower one op: `inputs` are its index operands; the results in order.
pub fn lower<'c>(
    e: &mut Emitter<'c>,
    chain: &Chain,
    which: Which,
    inputs: &[MlirValue],
    simplified: bool,
) -> Result<Vec<Sym>, String> {
    let m = IndexMath::of(chain).map_err(|err| err.to_string())?;
    let (names, roots): (Vec<String>, Vec<&Expr>) = match which {
        Which::Apply => {
            if inputs.len() != m.params.len() {
                return Err(format!(
                    "{} indices for a bijective layout with {} logical dims",
                    inputs.len(),
                    m.params.len()
                ));
            }
            let root = if simplified { &m.apply } else { &m.apply_raw };
            (m.params.clone(), vec![root])
        }
        Which::Inv => {
            if inputs.len() != 1 {
                return Err("layout.inv takes one offset".into());
            }
            let roots = if simplified { &m.inv } else { &m.inv_raw };
            (vec!["x".to_string()], roots.iter().collect())
        }
    };
    let mut ssa = Ssa {
        e,
        vars: names.iter().cloned().zip(inputs.iter().copied()).collect(),
        memo: HashMap::new(),
        ranges: &m.ranges,
    };
    let mut out = Vec::with_capacity(roots.len());
    for r in roots {
        let v = ssa.value(r)?;
        let (lo, hi) = range(r, &m.ranges).unwrap_or((i64::MIN, i64::MAX));
        out.push(Sym::value(v, lo as i128, hi as i128));
    }
    Ok(out)
}
