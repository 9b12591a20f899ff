//! Runtime leaves in the lowering: the layout of an SSA value as the algebra computes it, each
//! runtime (`?`) leaf an expression over the `index` operands of the `layout.make`s it comes
//! from, and the emission of those expressions as `arith` ops.
//!
//! The value of a layout-dialect SSA value v, with the table `vars` of runtime values:
//!
//!   value(v) = parse(T) with its i-th `?` read as $(n + i) and vars[n + i] = operand i,
//!              where v = layout.make(operands) : T and n = |vars| before;
//!   value(v) = op(value(a_0), ..., value(a_k), indices...)
//!              where v = layout.op(a_0, ..., a_k) {indices}, op the algebra's operation;
//!   value(v) = parse(T)  where T has no `?`.
//!
//! The algebra computes each runtime leaf of a result as an expression (algebra/src/sym.rs)
//! with C++'s static/runtime typing, so the structure it computes is the structure the op's
//! result type records; a difference is an error, never a guess. Emission gives one SSA
//! value per distinct subexpression (and the emitter reuses an identical op already in the
//! block):
//!
//!   $i -> vars[i];  a + b -> addi;  a * b -> muli (nsw/nuw only where the ranges prove them);
//!   a / b, a % b -> divui/remui (or shifts) where a >= 0 and b >= 1 are proven, else
//!   divsi/remsi (C++'s truncating division); min/max -> minsi/maxsi;
//!   |a| -> maxsi(a, 0 - a);  signum(a) -> (a > 0) - (a < 0);
//!   a == b, a <= b, a || b -> cmpi eq / cmpi sle / ori on i1 (index_castui where a value);
//!   check(a, c, what) -> cf.assert(c, what); a.
//!
//! A `check` is a condition that C++ leaves unchecked for runtime values (a divisibility, an
//! exact walk of a composition): the lowering asserts it where the leaf is computed, so a run
//! with values that break it traps with the condition's description instead of computing an
//! index from a layout that breaks its operation's contract.

use std::collections::HashMap;

use layout_algebra::sym::Expr;
use layout_algebra::{text, Int, Value as AlgebraValue};
use melior::ir::attribute::DenseI64ArrayAttribute;
use melior::ir::operation::{OperationLike, OperationRef};
use mlir_sys::MlirValue;

use crate::emit::{Emitter, Sym};
use crate::ir::{defining_op, operands, type_text, type_value};
use crate::symbolic::Leaf;
use layout_dialect::op_diagnostics::op_name;

/// Layout-dialect ops between a value and the `layout.make`s of its runtime leaves, at most.
const MAX_CHAIN: usize = 512;

/// The algebra value of the layout-dialect SSA value `v`, its runtime leaves expressions over
/// `vars` (module comment); the runtime values the expressions name are appended to `vars`.
pub fn symbolic_value(v: MlirValue, vars: &mut Vec<MlirValue>) -> Result<AlgebraValue, String> {
    let mut known = HashMap::new();
    value_of(v, vars, &mut known, 0)
}

fn value_of(
    v: MlirValue,
    vars: &mut Vec<MlirValue>,
    known: &mut HashMap<usize, AlgebraValue>,
    depth: usize,
) -> Result<AlgebraValue, String> {
    if let Some(x) = known.get(&(v.ptr as usize)) {
        return Ok(x.clone());
    }
    let (mnemonic, want) = type_text(v)?;
    if want == "*" {
        return Err(format!(
            "the structure of a {mnemonic} operand is not known statically ({mnemonic}<*>)"
        ));
    }
    if !want.contains('?') {
        return type_value(v).map(|x| AlgebraValue::clone(&x));
    }
    if depth > MAX_CHAIN {
        return Err(format!(
            "the runtime leaves of {want} pass through more than {MAX_CHAIN} layout ops"
        ));
    }
    let def = defining_op(v).ok_or_else(|| {
        format!("the dynamic layout {want} is a block argument; build it with layout.make in the same region")
    })?;
    let opref = unsafe { OperationRef::from_raw(def) };
    let name = op_name(&opref);
    let value = match name.as_str() {
        "layout.make" => {
            let leaves = operands(def);
            let mut next = u32::try_from(vars.len())
                .map_err(|_| "too many runtime leaves in one lowering".to_string())?;
            let first = next;
            let parsed = text::parse_numbered(&want, &mut next).map_err(|e| e.to_string())?;
            if (next - first) as usize != leaves.len() {
                return Err(format!(
                    "layout.make has {} operands for the {} runtime leaves of {want}",
                    leaves.len(),
                    next - first
                ));
            }
            vars.extend(leaves);
            parsed
        }
        n if n.starts_with("layout.") => {
            let mut args = Vec::new();
            for a in operands(def) {
                args.push(value_of(a, vars, known, depth + 1)?);
            }
            if let Ok(a) = opref.attribute("indices") {
                let list = DenseI64ArrayAttribute::try_from(a)
                    .map_err(|_| format!("{name}: 'indices' is not an array<i64>"))?;
                for i in 0..list.len() {
                    let k = list.element(i).map_err(|e| format!("{name}: {e}"))?;
                    args.push(AlgebraValue::Tuple(layout_algebra::IntTuple::lit(k)));
                }
            }
            let result = layout_algebra::ops::call(&n["layout.".len()..], &args)
                .map_err(|e| format!("{name}: {e}"))?;
            let got = text::print(&result);
            if !same_structure(&got, &want) {
                return Err(format!(
                    "{name}: the algebra computes {got} on the runtime leaves, but the result type is {mnemonic}<{want}>"
                ));
            }
            result
        }
        other => return Err(format!("the dynamic value {want} is defined by '{other}'")),
    };
    known.insert(v.ptr as usize, value.clone());
    Ok(value)
}

/// Whether the printed algebra value `got` is the type text `want` (a swizzle type prints
/// without `Sw<>`).
fn same_structure(got: &str, want: &str) -> bool {
    got == want || got.strip_prefix("Sw<").and_then(|g| g.strip_suffix('>')) == Some(want)
}

/// Emits the expressions of runtime leaves over a table of runtime values, one SSA value per
/// distinct subexpression.
pub struct LeafEmitter<'v> {
    vars: &'v [MlirValue],
    memo: HashMap<layout_algebra::sym::Sym, Sym>,
}

impl<'v> LeafEmitter<'v> {
    pub fn new(vars: &'v [MlirValue]) -> Self {
        LeafEmitter {
            vars,
            memo: HashMap::new(),
        }
    }

    /// The leaf `x`: a constant, or the SSA value computing its expression.
    pub fn leaf(&mut self, e: &mut Emitter, x: &Int) -> Result<Leaf, String> {
        match x {
            Int::Lit(v) => Ok(Leaf::Lit(*v)),
            Int::Dyn(s) => {
                let v = self.value(e, s)?;
                Ok(match v.konst {
                    Some(k) => Leaf::Lit(k),
                    None => Leaf::Dyn(e.materialize(v)),
                })
            }
        }
    }

    /// The value of the expression `x`, with its range.
    pub fn value(&mut self, e: &mut Emitter, x: &layout_algebra::sym::Sym) -> Result<Sym, String> {
        if let Some(s) = self.memo.get(x) {
            return Ok(*s);
        }
        let r = match x.expr() {
            Expr::Lit(k) => Sym::constant(*k),
            Expr::Var(i) => Sym::unknown(
                *self
                    .vars
                    .get(*i as usize)
                    .ok_or_else(|| format!("runtime leaf ${i} has no value"))?,
            ),
            Expr::Add(a, b) | Expr::Mul(a, b) => {
                let (mut a, mut b) = (self.value(e, a)?, self.value(e, b)?);
                // A constant goes right (the canonical form of a commutative op).
                if a.konst.is_some() {
                    std::mem::swap(&mut a, &mut b);
                }
                if matches!(x.expr(), Expr::Add(..)) {
                    e.add(a, b)
                } else {
                    e.mul(a, b)
                }
            }
            Expr::Div(a, b) | Expr::Rem(a, b) => {
                let div = matches!(x.expr(), Expr::Div(..));
                let (a, b) = (self.value(e, a)?, self.value(e, b)?);
                if a.lo >= 0 && b.lo >= 1 {
                    if div {
                        e.div(a, b)
                    } else {
                        e.rem(a, b)
                    }
                } else {
                    let name = if div { "arith.divsi" } else { "arith.remsi" };
                    let v = self.binary(e, name, a, b);
                    Sym::unknown(v)
                }
            }
            Expr::Min(a, b) | Expr::Max(a, b) => {
                let min = matches!(x.expr(), Expr::Min(..));
                let (a, b) = (self.value(e, a)?, self.value(e, b)?);
                let (lo, hi) = if min {
                    (a.lo.min(b.lo), a.hi.min(b.hi))
                } else {
                    (a.lo.max(b.lo), a.hi.max(b.hi))
                };
                match (a.konst, b.konst) {
                    (Some(p), Some(q)) => Sym::constant(if min { p.min(q) } else { p.max(q) }),
                    _ if (min && a.hi <= b.lo) || (!min && a.lo >= b.hi) => a,
                    _ if (min && b.hi <= a.lo) || (!min && b.lo >= a.hi) => b,
                    _ => {
                        let name = if min { "arith.minsi" } else { "arith.maxsi" };
                        Sym::value(self.binary(e, name, a, b), lo, hi)
                    }
                }
            }
            Expr::Abs(a) => {
                let a = self.value(e, a)?;
                if a.lo >= 0 {
                    a
                } else {
                    let zero = e.materialize(Sym::constant(0));
                    let x = e.materialize(a);
                    let neg = e.arith("arith.subi", &[zero, x], None);
                    let v = e.arith("arith.maxsi", &[x, neg], None);
                    Sym::value(v, 0, a.lo.abs().max(a.hi.abs()))
                }
            }
            Expr::Signum(a) => {
                let a = self.value(e, a)?;
                if a.lo > 0 {
                    Sym::constant(1)
                } else if a.hi < 0 {
                    Sym::constant(-1)
                } else if a.lo == 0 && a.hi == 0 {
                    Sym::constant(0)
                } else {
                    let x = e.materialize(a);
                    let zero = e.materialize(Sym::constant(0));
                    // arith.cmpi predicates: sgt 4, slt 2.
                    let gt = self.cmp(e, 4, x, zero);
                    let lt = self.cmp(e, 2, x, zero);
                    let (gt, lt) = (self.to_index(e, gt), self.to_index(e, lt));
                    Sym::value(e.arith("arith.subi", &[gt, lt], None), -1, 1)
                }
            }
            Expr::Eq(..) | Expr::Le(..) | Expr::Or(..) => match self.cond(e, x)? {
                Cond::Known(b) => Sym::constant(b as i64),
                Cond::Value(c) => Sym::value(self.to_index(e, c), 0, 1),
            },
            Expr::Check(v, c, what) => {
                match self.cond(e, c)? {
                    Cond::Known(true) => {}
                    Cond::Known(false) => {
                        return Err(format!("the runtime leaf breaks its condition: {what}"))
                    }
                    Cond::Value(c) => e.assert(c, what.as_ref()),
                }
                self.value(e, v)?
            }
        };
        self.memo.insert(x.clone(), r);
        Ok(r)
    }

    /// The condition `x` (nonzero: holds) as an i1, or its value when the ranges decide it.
    fn cond(&mut self, e: &mut Emitter, x: &layout_algebra::sym::Sym) -> Result<Cond, String> {
        Ok(match x.expr() {
            Expr::Eq(a, b) | Expr::Le(a, b) => {
                let eq = matches!(x.expr(), Expr::Eq(..));
                let (a, b) = (self.value(e, a)?, self.value(e, b)?);
                if let (Some(p), Some(q)) = (a.konst, b.konst) {
                    return Ok(Cond::Known(if eq { p == q } else { p <= q }));
                }
                if !eq && a.hi <= b.lo {
                    return Ok(Cond::Known(true));
                }
                let (a, b) = (e.materialize(a), e.materialize(b));
                // arith.cmpi predicates: eq 0, sle 3.
                Cond::Value(self.cmp(e, if eq { 0 } else { 3 }, a, b))
            }
            Expr::Or(a, b) => match (self.cond(e, a)?, self.cond(e, b)?) {
                (Cond::Known(true), _) | (_, Cond::Known(true)) => Cond::Known(true),
                (Cond::Known(false), c) | (c, Cond::Known(false)) => c,
                (Cond::Value(p), Cond::Value(q)) => {
                    Cond::Value(e.arith("arith.ori", &[p, q], None))
                }
            },
            _ => {
                let v = self.value(e, x)?;
                if let Some(k) = v.konst {
                    return Ok(Cond::Known(k != 0));
                }
                let (v, zero) = (e.materialize(v), e.materialize(Sym::constant(0)));
                // arith.cmpi ne 1.
                Cond::Value(self.cmp(e, 1, v, zero))
            }
        })
    }

    fn binary(&mut self, e: &mut Emitter, name: &'static str, a: Sym, b: Sym) -> MlirValue {
        let (a, b) = (e.materialize(a), e.materialize(b));
        e.arith(name, &[a, b], None)
    }

    fn cmp(&mut self, e: &mut Emitter, predicate: i64, a: MlirValue, b: MlirValue) -> MlirValue {
        e.arith("arith.cmpi", &[a, b], Some(predicate))
    }

    fn to_index(&mut self, e: &mut Emitter, c: MlirValue) -> MlirValue {
        e.arith("arith.index_castui", &[c], None)
    }
}

/// A condition: decided by the ranges, or an i1 value.
enum Cond {
    Known(bool),
    Value(MlirValue),
}
