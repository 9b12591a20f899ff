//! Emission of `index` arithmetic with value ranges.
//!
//! Every value carries a sound range [lo, hi]; the builders fold constants and apply the
//! range rules before they emit anything:
//! `x div a -> 0` and `x mod a -> x` when 0 <= x < a, `x div 1 -> x`, `x * 1 -> x`,
//! `x * 0 -> 0`, `x + 0 -> x`; div/mod/mul by a power of two become shrui/andi/shli; the
//! `nsw`/`nuw` flags of addi/muli/shli are set exactly when the ranges prove them.

use crate::fast_hash::{FastMap, FastSet};
use crate::recording::Recording;

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Location, Operation};
use melior::{IrRewriter, RewriterBase};
use mlir_sys::{MlirOperation, MlirRewriterBase, MlirValue};

extern "C" {
    /// The detached binary `index` op `name` of `lhs` and `rhs` with the overflow flags, by the
    /// op's typed builder; null for a name it does not build (cpp/IndexOpBuilders.cpp).
    fn layout_lowering_build_index_op(
        name: mlir_sys::MlirStringRef,
        location: mlir_sys::MlirLocation,
        lhs: MlirValue,
        rhs: MlirValue,
        nsw: bool,
        nuw: bool,
    ) -> MlirOperation;
    /// The detached `arith.constant value : index` (cpp/IndexOpBuilders.cpp).
    fn layout_lowering_build_index_constant(
        location: mlir_sys::MlirLocation,
        value: i64,
    ) -> MlirOperation;
    /// The detached `arith.cmpi` (null for a predicate arith does not number).
    fn layout_lowering_build_cmpi(
        location: mlir_sys::MlirLocation,
        predicate: i64,
        lhs: MlirValue,
        rhs: MlirValue,
    ) -> MlirOperation;
    /// The detached `arith.select`.
    fn layout_lowering_build_select(
        location: mlir_sys::MlirLocation,
        cond: MlirValue,
        a: MlirValue,
        b: MlirValue,
    ) -> MlirOperation;
    /// The detached `arith.index_castui` to `index`.
    fn layout_lowering_build_index_castui(
        location: mlir_sys::MlirLocation,
        v: MlirValue,
    ) -> MlirOperation;
    /// The detached `cf.assert`.
    fn layout_lowering_build_assert(
        location: mlir_sys::MlirLocation,
        cond: MlirValue,
        message: mlir_sys::MlirStringRef,
    ) -> MlirOperation;
}

const I64_MIN: i128 = i64::MIN as i128;
const I64_MAX: i128 = i64::MAX as i128;

/// A divisor: static, or a runtime value (compared by identity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Divisor {
    Lit(i64),
    Val(usize),
}

/// How a value was computed from another, for `x mod a + (x div a) * a -> x`.
#[derive(Clone, Copy, Debug)]
pub enum Form {
    Opaque,
    /// x mod a
    Rem(MlirValue, i128, i128, Divisor),
    /// x div a
    Div(MlirValue, i128, i128, Divisor),
    /// (x div a) * a
    MulDiv(MlirValue, i128, i128, Divisor),
}

/// A value: a constant or an SSA index value, with a sound range.
#[derive(Clone, Copy, Debug)]
pub struct Sym {
    pub konst: Option<i64>,
    pub val: Option<MlirValue>,
    pub lo: i128,
    pub hi: i128,
    pub form: Form,
}

impl Sym {
    pub fn constant(v: i64) -> Sym {
        Sym {
            konst: Some(v),
            val: None,
            lo: v as i128,
            hi: v as i128,
            form: Form::Opaque,
        }
    }
    pub fn value(v: MlirValue, lo: i128, hi: i128) -> Sym {
        Sym {
            konst: None,
            val: Some(v),
            lo,
            hi,
            form: Form::Opaque,
        }
    }
    /// A runtime value about which nothing is known.
    pub fn unknown(v: MlirValue) -> Sym {
        Sym::value(v, I64_MIN, I64_MAX)
    }
    pub fn nonneg(&self) -> bool {
        self.lo >= 0
    }
    fn is(&self, v: i64) -> bool {
        self.konst == Some(v)
    }
    fn with(self, form: Form) -> Sym {
        Sym { form, ..self }
    }
    /// `Form` constructor arguments for `self` as the x of x div a / x mod a.
    fn base(&self) -> Option<(MlirValue, i128, i128)> {
        self.val.map(|v| (v, self.lo, self.hi))
    }
}

fn divisor_of(s: &Sym) -> Option<Divisor> {
    match (s.konst, s.val) {
        (Some(k), _) => Some(Divisor::Lit(k)),
        (None, Some(v)) => Some(Divisor::Val(v.ptr as usize)),
        _ => None,
    }
}

/// a mod d + (a div d) * d, in either order: the value a.
fn recombine(a: &Sym, b: &Sym) -> Option<Sym> {
    match (a.form, b.form) {
        (Form::Rem(x, lo, hi, d), Form::MulDiv(y, _, _, e))
        | (Form::MulDiv(y, _, _, e), Form::Rem(x, lo, hi, d))
            if x.ptr == y.ptr && d == e =>
        {
            Some(Sym::value(x, lo, hi))
        }
        _ => None,
    }
}

fn fits(lo: i128, hi: i128) -> bool {
    lo >= I64_MIN && hi <= I64_MAX
}

fn clamp(lo: i128, hi: i128) -> (i128, i128) {
    if fits(lo, hi) {
        (lo, hi)
    } else {
        (I64_MIN, I64_MAX)
    }
}

/// The commutative arith ops the lowering emits.
pub fn is_commutative(name: &str) -> bool {
    matches!(
        name,
        "arith.addi" | "arith.muli" | "arith.andi" | "arith.ori" | "arith.xori"
    )
}

/// The key of an op with these operands (None: more than three).
pub fn expr_key(name: &'static str, operands: &[MlirValue], attribute: i64) -> Option<ExprKey> {
    if operands.len() > 3 {
        return None;
    }
    let mut ptrs = [0usize; 3];
    for (k, v) in ptrs.iter_mut().zip(operands) {
        *k = v.ptr as usize;
    }
    Some((name, ptrs, attribute))
}

/// Whether some result of `op` has a use by an op not in `erased` (the ops discarded so far,
/// which under a conversion pattern stay in place until the conversion has committed).
fn has_live_uses(op: MlirOperation, erased: &FastSet<usize>) -> bool {
    unsafe {
        (0..mlir_sys::mlirOperationGetNumResults(op)).any(|i| {
            let mut u = mlir_sys::mlirValueGetFirstUse(mlir_sys::mlirOperationGetResult(op, i));
            while !mlir_sys::mlirOpOperandIsNull(u) {
                let owner = mlir_sys::mlirOpOperandGetOwner(u);
                if !erased.contains(&(owner.ptr as usize)) {
                    return true;
                }
                u = mlir_sys::mlirOpOperandGetNextUse(u);
            }
            false
        })
    }
}

pub fn pow2(k: i64) -> Option<u32> {
    (k > 0 && (k & (k - 1)) == 0).then(|| k.trailing_zeros())
}

/// An op already emitted into a block: its name, up to three operands, and its one integer
/// attribute (the (nsw, nuw) flags as bits 0 and 1, or a `cmpi` predicate). The name
/// fixes the result type (index, or i1 for `cmpi`; `select` has its operands' type).
pub type ExprKey = (&'static str, [usize; 3], i64);

/// What one op's emission added to a [`Pool`], so that a failed lowering can be undone.
enum Created {
    /// A pooled constant.
    Const(i64),
    Expr(ExprKey),
    /// An op without results kept for its effect (`cf.assert`), remembered under its key.
    Effect(ExprKey),
    Other,
}

/// The values already emitted for the layout op being lowered: one `arith.constant` per
/// value and one op per distinct (name, operands, flags), so that the lowering of one op is a
/// DAG (its builders compare values by identity: `x mod a + (x div a) * a -> x`). The pass
/// starts a new pool for every op: merging the constants and ops of different layout ops is
/// left to upstream `canonicalize` and `cse`, which the `lower-to-index` pipeline runs.
#[derive(Default)]
pub struct Pool {
    consts: FastMap<i64, MlirValue>,
    /// The values of `consts`.
    const_values: FastSet<usize>,
    exprs: FastMap<ExprKey, MlirValue>,
    /// Ops created since the last [`Emitter::commit`], oldest first.
    log: Vec<(MlirOperation, Created)>,
}

/// The rewriter an [`Emitter`] inserts and erases through: its own, or the one of the
/// conversion pattern that lowers the op (valid for as long as the pattern runs).
enum Rewriter<'c> {
    Owned(IrRewriter<'c>),
    Pattern(RewriterBase<'c, 'static>),
}

/// Emits arith ops through a rewriter positioned before the op being lowered.
pub struct Emitter<'c> {
    rewriter: Rewriter<'c>,
    loc: Location<'c>,
    pool: Pool,
    /// The calls being recorded for a template (template.rs), if any.
    recording: Option<Recording>,
    /// The ops discarded under a conversion pattern (see [`Emitter::take_dead`]).
    dead: Vec<MlirOperation>,
}

impl<'c> Emitter<'c> {
    pub fn new(rewriter: IrRewriter<'c>, loc: Location<'c>) -> Self {
        Emitter {
            rewriter: Rewriter::Owned(rewriter),
            loc,
            pool: Pool::default(),
            recording: None,
            dead: Vec::new(),
        }
    }

    /// An emitter that inserts and erases through `rewriter` (a conversion pattern's).
    ///
    /// # Safety
    /// `rewriter` must stay valid for as long as the emitter is used.
    pub unsafe fn with_rewriter(rewriter: MlirRewriterBase, loc: Location<'c>) -> Self {
        Emitter {
            rewriter: Rewriter::Pattern(RewriterBase::from_raw(rewriter)),
            loc,
            pool: Pool::default(),
            recording: None,
            dead: Vec::new(),
        }
    }

    /// Record every constant and op call from now on, in slot form over `inputs`.
    pub fn start_recording(&mut self, inputs: &[MlirValue]) {
        self.recording = Some(Recording::new(inputs));
    }

    /// Stop recording; what was recorded.
    pub fn stop_recording(&mut self) -> Option<Recording> {
        self.recording.take()
    }

    /// The context of the ops being emitted.
    pub fn context(&self) -> melior::ContextRef<'c> {
        self.loc.context()
    }

    /// The rewriter the emitter inserts and erases through.
    pub fn rewriter(&self) -> RewriterBase<'c, '_> {
        match &self.rewriter {
            Rewriter::Owned(r) => r.as_rewriter_base(),
            Rewriter::Pattern(b) => *b,
        }
    }

    /// Emit before `op` from now on, with its location.
    pub fn move_before(&mut self, op: OperationRef<'c, '_>) {
        self.rewriter().set_insertion_point_before(op);
        self.loc = op.location();
    }

    /// Keep what was emitted since the last commit that `results` (the values that stand for
    /// the lowered op's results) use, except the ops left without uses (a value the builders
    /// computed and then folded away, e.g. `x mod a + (x div a) * a`, which is `x`): those
    /// are discarded, newest first, so that chains of them go too.
    pub fn commit(&mut self, results: &[MlirValue]) {
        let keep: FastSet<usize> = results.iter().map(|v| v.ptr as usize).collect();
        self.unwind(Some(&keep), 0);
    }

    /// Give up what was emitted since the last commit (a lowering that failed half way). With
    /// its own rewriter the emitter erases the ops, newest first (they are used only among
    /// themselves); under a conversion pattern it leaves them, and everything it discarded,
    /// to the conversion, which undoes what a failed pattern did.
    pub fn rollback(&mut self) {
        match self.rewriter {
            Rewriter::Owned(_) => self.unwind(None, 0),
            Rewriter::Pattern(_) => {
                self.pool = Pool::default();
                self.dead.clear();
            }
        }
    }

    /// The ops discarded under a conversion pattern, newest first per lowering: dead, to be
    /// erased once the conversion has committed (an op erased while the conversion runs stays
    /// in place until it commits, so erasing chains of them then is not possible).
    pub fn take_dead(&mut self) -> Vec<MlirOperation> {
        std::mem::take(&mut self.dead)
    }

    /// A mark of what was emitted so far, for [`Emitter::rollback_to`].
    pub fn log_mark(&self) -> usize {
        self.pool.log.len()
    }

    /// Discard what was emitted since `mark` (a replay that did not match, template.rs).
    pub fn rollback_to(&mut self, mark: usize) {
        self.unwind(None, mark);
    }

    /// Shorten the log to `floor` entries, discarding the ops it drops (erased at once with the
    /// emitter's own rewriter, kept for [`Emitter::take_dead`] under a pattern) and forgetting
    /// them in the pool; with `keep`, only the ops without uses none of whose results is in
    /// `keep`.
    fn unwind(&mut self, keep: Option<&FastSet<usize>>, floor: usize) {
        let mut erased: FastSet<usize> = FastSet::default();
        while self.pool.log.len() > floor {
            let Some((op, created)) = self.pool.log.pop() else {
                break;
            };
            if let Some(keep) = keep {
                let kept = matches!(created, Created::Effect(_))
                    || has_live_uses(op, &erased)
                    || (0..unsafe { mlir_sys::mlirOperationGetNumResults(op) }).any(|i| {
                        let v = unsafe { mlir_sys::mlirOperationGetResult(op, i) };
                        keep.contains(&(v.ptr as usize))
                    });
                if kept {
                    continue;
                }
            }
            match created {
                Created::Const(k) => {
                    if let Some(v) = self.pool.consts.remove(&k) {
                        self.pool.const_values.remove(&(v.ptr as usize));
                    }
                }
                Created::Expr(key) | Created::Effect(key) => {
                    self.pool.exprs.remove(&key);
                }
                Created::Other => {}
            }
            erased.insert(op.ptr as usize);
            match self.rewriter {
                Rewriter::Owned(_) => self
                    .rewriter()
                    .erase_op(unsafe { OperationRef::from_raw(op) }),
                Rewriter::Pattern(_) => self.dead.push(op),
            }
        }
    }

    /// Whether `v` is a constant this emitter placed (the builders put constants as the
    /// right operand of commutative ops, the canonical form).
    pub fn is_constant(&self, v: MlirValue) -> bool {
        self.pool.const_values.contains(&(v.ptr as usize))
    }

    fn insert_logged(&mut self, op: Operation<'c>, created: Created) -> MlirValue {
        let r = self.rewriter().insert(op).to_raw();
        self.pool.log.push((r, created));
        unsafe { mlir_sys::mlirOperationGetResult(r, 0) }
    }

    /// The binary `index` op `name` (one of the arith ops `IndexOpBuilders.cpp` builds) of `lhs`
    /// and `rhs`, or the one already emitted into this block.
    pub(crate) fn emit(
        &mut self,
        name: &'static str,
        lhs: MlirValue,
        rhs: MlirValue,
        nsw: bool,
        nuw: bool,
    ) -> MlirValue {
        let v = self.emit_unrecorded(name, (lhs, rhs), (nsw, nuw));
        if let Some(r) = &mut self.recording {
            r.op(name, (lhs, rhs), (nsw, nuw), v);
        }
        v
    }

    fn emit_unrecorded(
        &mut self,
        name: &'static str,
        (lhs, rhs): (MlirValue, MlirValue),
        (nsw, nuw): (bool, bool),
    ) -> MlirValue {
        let key = expr_key(name, &[lhs, rhs], nsw as i64 | (nuw as i64) << 1);
        if let Some(v) = key.and_then(|k| self.pool.exprs.get(&k)) {
            return *v;
        }
        let raw = unsafe {
            layout_lowering_build_index_op(
                mlir_sys::MlirStringRef {
                    data: name.as_ptr() as *const _,
                    length: name.len(),
                },
                self.loc.to_raw(),
                lhs,
                rhs,
                nsw,
                nuw,
            )
        };
        // The names are this file's own constants, all of which the builder knows.
        assert!(
            !raw.ptr.is_null(),
            "IndexOpBuilders.cpp builds {name} (nsw {nsw}, nuw {nuw})"
        );
        let op = unsafe { Operation::from_raw(raw) };
        self.insert_keyed(op, key)
    }

    /// The value of the op `key` already emitted into this block, if any.
    pub fn lookup(&self, key: &ExprKey) -> Option<MlirValue> {
        self.pool.exprs.get(key).copied()
    }

    /// Insert `op` (one result) at the insertion point, remembered under `key` (None: not
    /// reused); its result.
    pub fn insert_keyed(&mut self, op: Operation<'c>, key: Option<ExprKey>) -> MlirValue {
        match key {
            Some(key) => {
                let v = self.insert_logged(op, Created::Expr(key));
                self.pool.exprs.insert(key, v);
                v
            }
            None => self.insert_logged(op, Created::Other),
        }
    }

    /// The arith op `name` of `operands` (a binary op of `index` or `i1` operands, `arith.cmpi`
    /// with its `predicate`, `arith.select`, `arith.index_castui`), built by its typed builder
    /// (cpp/IndexOpBuilders.cpp), or the identical op already emitted for this op's lowering.
    pub fn arith(
        &mut self,
        name: &'static str,
        operands: &[MlirValue],
        predicate: Option<i64>,
    ) -> MlirValue {
        let key = expr_key(name, operands, predicate.unwrap_or(0));
        if let Some(v) = key.and_then(|k| self.lookup(&k)) {
            return v;
        }
        let loc = self.loc.to_raw();
        let raw = unsafe {
            match (name, operands) {
                ("arith.cmpi", [a, b]) => {
                    layout_lowering_build_cmpi(loc, predicate.unwrap_or(-1), *a, *b)
                }
                ("arith.select", [c, a, b]) => layout_lowering_build_select(loc, *c, *a, *b),
                ("arith.index_castui", [v]) => layout_lowering_build_index_castui(loc, *v),
                (_, [a, b]) => layout_lowering_build_index_op(
                    mlir_sys::MlirStringRef {
                        data: name.as_ptr() as *const _,
                        length: name.len(),
                    },
                    loc,
                    *a,
                    *b,
                    false,
                    false,
                ),
                _ => MlirOperation {
                    ptr: std::ptr::null_mut(),
                },
            }
        };
        // The names are the lowering's own constants, all of which the builders know.
        assert!(
            !raw.ptr.is_null(),
            "IndexOpBuilders.cpp builds {name} of {} operands",
            operands.len()
        );
        self.insert_keyed(unsafe { Operation::from_raw(raw) }, key)
    }

    /// `cf.assert %cond, "message"` at the insertion point, once per lowering for the same
    /// condition value; kept by [`Emitter::commit`] although it has no result.
    pub fn assert(&mut self, cond: MlirValue, message: &str) {
        let Some(key) = expr_key("cf.assert", &[cond], 0) else {
            return;
        };
        if self.lookup(&key).is_some() {
            return;
        }
        let raw = unsafe {
            layout_lowering_build_assert(
                self.loc.to_raw(),
                cond,
                mlir_sys::MlirStringRef {
                    data: message.as_ptr() as *const _,
                    length: message.len(),
                },
            )
        };
        let op = unsafe { Operation::from_raw(raw) };
        let r = self.rewriter().insert(op).to_raw();
        self.pool.log.push((r, Created::Effect(key)));
        self.pool.exprs.insert(key, cond);
    }

    /// The SSA value of `s` (materializing a constant if needed).
    pub fn materialize(&mut self, s: Sym) -> MlirValue {
        if let Some(v) = s.val {
            return v;
        }
        let k = s.konst.expect("a Sym is a constant or a value");
        let v = self.constant_unrecorded(k);
        if let Some(r) = &mut self.recording {
            r.constant(k, v);
        }
        v
    }

    fn constant_unrecorded(&mut self, k: i64) -> MlirValue {
        if let Some(v) = self.pool.consts.get(&k) {
            return *v;
        }
        let op = unsafe {
            Operation::from_raw(layout_lowering_build_index_constant(self.loc.to_raw(), k))
        };
        let v = self.insert_logged(op, Created::Const(k));
        self.pool.consts.insert(k, v);
        self.pool.const_values.insert(v.ptr as usize);
        v
    }

    fn kconst(&mut self, k: i64) -> MlirValue {
        self.materialize(Sym::constant(k))
    }

    pub fn add(&mut self, a: Sym, b: Sym) -> Sym {
        if a.is(0) {
            return b;
        }
        if b.is(0) {
            return a;
        }
        if let Some(x) = recombine(&a, &b) {
            return x;
        }
        if let (Some(x), Some(y)) = (a.konst, b.konst) {
            if let Some(z) = x.checked_add(y) {
                return Sym::constant(z);
            }
        }
        let (lo, hi) = (a.lo + b.lo, a.hi + b.hi);
        let nsw = fits(lo, hi);
        let nuw = nsw && a.nonneg() && b.nonneg();
        let (x, y) = (self.materialize(a), self.materialize(b));
        let v = self.emit("arith.addi", x, y, nsw, nuw);
        let (lo, hi) = clamp(lo, hi);
        Sym::value(v, lo, hi)
    }

    pub fn add_const(&mut self, a: Sym, k: i64) -> Sym {
        self.add(a, Sym::constant(k))
    }

    /// a * k for a static k.
    pub fn mul_const(&mut self, a: Sym, k: i64) -> Sym {
        if k == 0 || a.is(0) {
            return Sym::constant(0);
        }
        if k == 1 {
            return a;
        }
        if let Some(x) = a.konst {
            if let Some(z) = x.checked_mul(k) {
                return Sym::constant(z);
            }
        }
        let c = [a.lo * k as i128, a.hi * k as i128];
        let (lo, hi) = (c[0].min(c[1]), c[0].max(c[1]));
        let nsw = fits(lo, hi);
        let nuw = nsw && a.nonneg() && k > 0;
        let x = self.materialize(a);
        let v = match pow2(k) {
            Some(p) if a.nonneg() && nuw => {
                let sh = self.kconst(p as i64);
                self.emit("arith.shli", x, sh, true, true)
            }
            _ => {
                let kv = self.kconst(k);
                self.emit("arith.muli", x, kv, nsw, nuw)
            }
        };
        let (lo, hi) = clamp(lo, hi);
        let form = match a.form {
            Form::Div(x, xl, xh, Divisor::Lit(d)) if d == k => {
                Form::MulDiv(x, xl, xh, Divisor::Lit(d))
            }
            _ => Form::Opaque,
        };
        Sym::value(v, lo, hi).with(form)
    }

    /// a * b for two values.
    pub fn mul(&mut self, a: Sym, b: Sym) -> Sym {
        if let Some(k) = b.konst {
            return self.mul_const(a, k);
        }
        if let Some(k) = a.konst {
            return self.mul_const(b, k);
        }
        let c = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
        let (lo, hi) = (*c.iter().min().unwrap(), *c.iter().max().unwrap());
        let nsw = fits(lo, hi);
        let nuw = nsw && a.nonneg() && b.nonneg();
        let (x, y) = (self.materialize(a), self.materialize(b));
        let v = self.emit("arith.muli", x, y, nsw, nuw);
        let (lo, hi) = clamp(lo, hi);
        let form = match (a.form, b.form, divisor_of(&a), divisor_of(&b)) {
            (Form::Div(x, xl, xh, d), _, _, Some(e)) | (_, Form::Div(x, xl, xh, d), Some(e), _)
                if d == e =>
            {
                Form::MulDiv(x, xl, xh, d)
            }
            _ => Form::Opaque,
        };
        Sym::value(v, lo, hi).with(form)
    }

    /// a div k for a >= 0 and a static k > 0.
    pub fn div_const(&mut self, a: Sym, k: i64) -> Sym {
        debug_assert!(a.nonneg() && k > 0);
        if k == 1 {
            return a;
        }
        if a.hi < k as i128 {
            return Sym::constant(0);
        }
        if let Some(x) = a.konst {
            return Sym::constant(x / k);
        }
        let x = self.materialize(a);
        let v = match pow2(k) {
            Some(p) => {
                let sh = self.kconst(p as i64);
                self.emit("arith.shrui", x, sh, false, false)
            }
            None => {
                let kv = self.kconst(k);
                self.emit("arith.divui", x, kv, false, false)
            }
        };
        let form = a
            .base()
            .map(|(x, l, h)| Form::Div(x, l, h, Divisor::Lit(k)))
            .unwrap_or(Form::Opaque);
        Sym::value(v, a.lo / k as i128, a.hi / k as i128).with(form)
    }

    /// a mod k for a >= 0 and a static k > 0.
    pub fn rem_const(&mut self, a: Sym, k: i64) -> Sym {
        debug_assert!(a.nonneg() && k > 0);
        if k == 1 {
            return Sym::constant(0);
        }
        if a.hi < k as i128 {
            return a;
        }
        if let Some(x) = a.konst {
            return Sym::constant(x % k);
        }
        let x = self.materialize(a);
        let v = match pow2(k) {
            Some(_) => {
                let m = self.kconst(k - 1);
                self.emit("arith.andi", x, m, false, false)
            }
            None => {
                let kv = self.kconst(k);
                self.emit("arith.remui", x, kv, false, false)
            }
        };
        let form = a
            .base()
            .map(|(x, l, h)| Form::Rem(x, l, h, Divisor::Lit(k)))
            .unwrap_or(Form::Opaque);
        Sym::value(v, 0, (k - 1) as i128).with(form)
    }

    /// a div b for a >= 0 and a runtime extent b >= 1.
    pub fn div(&mut self, a: Sym, b: Sym) -> Sym {
        if let Some(k) = b.konst {
            return self.div_const(a, k);
        }
        if a.is(0) {
            return a;
        }
        let (x, y) = (self.materialize(a), self.materialize(b));
        let v = self.emit("arith.divui", x, y, false, false);
        let form = match (a.base(), divisor_of(&b)) {
            (Some((x, l, h)), Some(d)) => Form::Div(x, l, h, d),
            _ => Form::Opaque,
        };
        Sym::value(v, 0, a.hi.max(0)).with(form)
    }

    /// a mod b for a >= 0 and a runtime extent b >= 1.
    pub fn rem(&mut self, a: Sym, b: Sym) -> Sym {
        if let Some(k) = b.konst {
            return self.rem_const(a, k);
        }
        if a.is(0) {
            return a;
        }
        let (x, y) = (self.materialize(a), self.materialize(b));
        let v = self.emit("arith.remui", x, y, false, false);
        let form = match (a.base(), divisor_of(&b)) {
            (Some((x, l, h)), Some(d)) => Form::Rem(x, l, h, d),
            _ => Form::Opaque,
        };
        Sym::value(v, 0, a.hi.max(0).min(b.hi - 1)).with(form)
    }

    /// a & mask for a >= 0 (a negative mask keeps the sign bit: the result is in [0, a.hi]).
    pub fn and_const(&mut self, a: Sym, mask: i64) -> Sym {
        if let Some(x) = a.konst {
            return Sym::constant(x & mask);
        }
        let x = self.materialize(a);
        let m = self.kconst(mask);
        let v = self.emit("arith.andi", x, m, false, false);
        let hi = if mask >= 0 {
            (mask as i128).min(a.hi)
        } else {
            a.hi
        };
        Sym::value(v, 0, hi)
    }

    /// a >> p (logical) for a >= 0.
    pub fn shr(&mut self, a: Sym, p: u32) -> Sym {
        self.div_const(a, 1i64 << p)
    }

    /// a << p for a >= 0 (the caller guarantees no overflow).
    pub fn shl(&mut self, a: Sym, p: u32) -> Sym {
        self.mul_const(a, 1i64 << p)
    }

    /// a ^ b for non-negative a, b.
    pub fn xor(&mut self, a: Sym, b: Sym) -> Sym {
        if a.is(0) {
            return b;
        }
        if b.is(0) {
            return a;
        }
        if let (Some(x), Some(y)) = (a.konst, b.konst) {
            return Sym::constant(x ^ y);
        }
        let top = a.hi.max(b.hi).max(0) as u128;
        let hi = ((top + 1).next_power_of_two() - 1) as i128;
        let (x, y) = (self.materialize(a), self.materialize(b));
        let v = self.emit("arith.xori", x, y, false, false);
        let (lo, hi) = clamp(0, hi);
        Sym::value(v, lo, hi)
    }
}

pub use self::pow2 as power_of_two;
