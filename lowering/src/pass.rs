//! The lowering of one layout op to index math: what the conversion patterns of the pass
//! `layout-lower-to-index` (cpp/LowerToIndex.cpp, MLIR's dialect conversion) call for each
//! `layout.crd2idx`, `layout.idx2crd`, `layout.linear_apply`, `layout.apply`/`inv` and the
//! shape queries (`size`, `rank`, `depth`, `cosize`, `shape_leaf`, `stride_leaf`).
//!
//! Each op is lowered on its own, through the pattern's rewriter: its constants and arith ops
//! are emitted right before it (one per distinct value within the op), and the op is replaced
//! by the results. Merging constants and ops across layout ops, and erasing coordinates that
//! were folded into the lowering, is upstream `canonicalize` and `cse`, which the
//! `lower-to-index` pipeline runs after the pass.

use layout_dialect::op_diagnostics::emit_op_error;
use std::cell::RefCell;
use std::rc::Rc;

use layout_algebra::{text, Func, Value as AlgebraValue};
use melior::ir::attribute::DenseI64ArrayAttribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};
use mlir_sys::{MlirOperation, MlirRewriterBase, MlirValue};

use crate::emit::{Emitter, Sym};
use crate::fast_hash::FastMap;
use crate::ir::{defining_op, operands, type_text, type_value};
use crate::lower;
use crate::overflow;
use crate::runtime_leaves;
use crate::symbolic::SymFunc;
use crate::template::{coordinate_pattern, Coord, Template};

/// What the lowering knows about each layout type it has met: its parse and, for a fully
/// static `!layout.layout`, whether some point of its domain overflows. Types are uniqued by
/// the context, which outlives the pass, so the type's storage pointer names it: each distinct
/// type is checked once, however many ops use it (the per-op cost of a module of 1M crd2idx
/// ops). The pass keeps one memo per pass instance (MLIR clones one per thread).
///
/// With each static layout type it also keeps the templates of its crd2idx lowerings
/// (template.rs), by coordinate pattern: 1M crd2idx ops on a few thousand layouts are planned
/// once per layout and pattern, and replayed for the others.
#[derive(Default)]
pub struct Memo {
    types: FastMap<usize, Rc<TypeInfo>>,
    /// Lower every op from its layout (no template is recorded or replayed).
    no_templates: bool,
    template_counts: TemplateCounts,
    /// The ops the lowerings of this conversion emitted and then found unused, newest first
    /// per lowering (erased once the conversion has committed: [`layout_lowering_memo_erase_dead`]).
    dead: Vec<MlirOperation>,
}

/// What the templates of a [`Memo`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TemplateCounts {
    /// Templates recorded.
    pub recorded: usize,
    /// Ops lowered by replaying a template.
    pub replayed: usize,
    /// Replays undone because a value's identity differed from the recording's (the op was
    /// then lowered from its layout).
    pub undone: usize,
}

struct TypeInfo {
    /// The algebra's overflow message for a static layout function.
    overflow: Option<String>,
    /// The layout function with no runtime leaf, bound and ready to lower (None: a `?` leaf,
    /// not a function, or a parse error, which `resolve` reports).
    static_sym: Option<Result<SymFunc, String>>,
    /// The templates of crd2idx on this (static) layout, by coordinate pattern; at most
    /// [`TEMPLATES_PER_TYPE`] (a pattern with constants is one per constant).
    templates: RefCell<Vec<(Vec<Coord>, Rc<Template>)>>,
}

/// Templates kept per layout type, at most.
const TEMPLATES_PER_TYPE: usize = 8;

impl Memo {
    /// A memo that lowers every op from its layout, recording and replaying no template
    /// (tests compare its output with the templates').
    pub fn without_templates() -> Memo {
        Memo {
            no_templates: true,
            ..Memo::default()
        }
    }

    pub fn template_counts(&self) -> TemplateCounts {
        self.template_counts
    }

    fn info(&mut self, v: MlirValue) -> Result<Rc<TypeInfo>, String> {
        let key = unsafe { mlir_sys::mlirValueGetType(v) }.ptr as usize;
        if let Some(i) = self.types.get(&key) {
            return Ok(i.clone());
        }
        let static_func = static_func(v);
        let overflow = static_func.as_ref().and_then(overflow::static_overflow);
        let static_sym = static_func.as_ref().map(SymFunc::bind_static);
        let info = Rc::new(TypeInfo {
            overflow,
            static_sym,
            templates: RefCell::new(Vec::new()),
        });
        self.types.insert(key, info.clone());
        Ok(info)
    }
}

/// A new memo for a pass instance (cpp/LowerToIndex.cpp), freed by [`layout_lowering_memo_free`].
#[no_mangle]
pub extern "C" fn layout_lowering_memo_new() -> *mut Memo {
    Box::into_raw(Box::default())
}

/// Free a memo of [`layout_lowering_memo_new`] (null: nothing).
///
/// # Safety
/// `memo` is null or a memo of [`layout_lowering_memo_new`] not freed before.
#[no_mangle]
pub unsafe extern "C" fn layout_lowering_memo_free(memo: *mut Memo) {
    if !memo.is_null() {
        drop(Box::from_raw(memo));
    }
}

/// After a conversion: erase the ops its lowerings emitted and then found unused (`erase`
/// true; the conversion committed), or forget them (`erase` false; it rolled everything back).
///
/// # Safety
/// `memo` is a memo of [`layout_lowering_memo_new`] whose conversion has just ended.
#[no_mangle]
pub unsafe extern "C" fn layout_lowering_memo_erase_dead(memo: *mut Memo, erase: bool) {
    let dead = std::mem::take(&mut (*memo).dead);
    if !erase {
        return;
    }
    for op in dead {
        // Newest first within a lowering, and no lowering uses another's discarded values.
        if !has_uses(op) {
            mlir_sys::mlirOperationDestroy(op);
        }
    }
}

/// Whether some result of `op` has a use.
fn has_uses(op: MlirOperation) -> bool {
    unsafe {
        (0..mlir_sys::mlirOperationGetNumResults(op)).any(|i| {
            let v = mlir_sys::mlirOperationGetResult(op, i);
            !mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirValueGetFirstUse(v))
        })
    }
}

extern "C" {
    /// Run the pass's conversion on `root` with `memo` (cpp/LowerToIndex.cpp): false when it
    /// failed (with diagnostics).
    fn layout_lowering_convert(root: MlirOperation, memo: *mut std::ffi::c_void) -> bool;
}

/// Lower every layout op under `root` as the pass does (MLIR's dialect conversion with the
/// pass's patterns, then the dead layout ops erased), with `memo`: false (with diagnostics) on
/// failure. Tests use it to compare lowerings with and without templates.
pub fn lower_under_with(root: MlirOperation, memo: &mut Memo) -> bool {
    unsafe { layout_lowering_convert(root, (memo as *mut Memo).cast()) }
}

/// The layout ops the pass lowers. The conversion pattern of each op (cpp/LowerToIndex.cpp)
/// passes its kind, numbered as here; `--layout-prove-lowering` finds it from the op's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexOp {
    Crd2Idx = 0,
    Idx2Crd = 1,
    LinearApply = 2,
    Apply = 3,
    Inv = 4,
    Size = 5,
    Rank = 6,
    Depth = 7,
    Cosize = 8,
    ShapeLeaf = 9,
    StrideLeaf = 10,
}

impl IndexOp {
    const ALL: [IndexOp; 11] = [
        IndexOp::Crd2Idx,
        IndexOp::Idx2Crd,
        IndexOp::LinearApply,
        IndexOp::Apply,
        IndexOp::Inv,
        IndexOp::Size,
        IndexOp::Rank,
        IndexOp::Depth,
        IndexOp::Cosize,
        IndexOp::ShapeLeaf,
        IndexOp::StrideLeaf,
    ];

    /// The op's mnemonic (`crd2idx`, ...), also the algebra's name of the shape queries.
    pub fn mnemonic(self) -> &'static str {
        match self {
            IndexOp::Crd2Idx => "crd2idx",
            IndexOp::Idx2Crd => "idx2crd",
            IndexOp::LinearApply => "linear_apply",
            IndexOp::Apply => "apply",
            IndexOp::Inv => "inv",
            IndexOp::Size => "size",
            IndexOp::Rank => "rank",
            IndexOp::Depth => "depth",
            IndexOp::Cosize => "cosize",
            IndexOp::ShapeLeaf => "shape_leaf",
            IndexOp::StrideLeaf => "stride_leaf",
        }
    }

    /// The kind numbered `k` (the C++ patterns' argument).
    pub fn from_number(k: i32) -> Option<IndexOp> {
        IndexOp::ALL.get(usize::try_from(k).ok()?).copied()
    }

    /// The kind of a `layout.<mnemonic>` op name.
    pub fn of_name(name: &str) -> Option<IndexOp> {
        let m = name.strip_prefix("layout.")?;
        IndexOp::ALL.into_iter().find(|k| k.mnemonic() == m)
    }

    /// A shape query: lowered when its operand's runtime leaves can be computed, else left.
    fn is_shape_query(self) -> bool {
        matches!(
            self,
            IndexOp::Size
                | IndexOp::Rank
                | IndexOp::Depth
                | IndexOp::Cosize
                | IndexOp::ShapeLeaf
                | IndexOp::StrideLeaf
        )
    }
}

/// What [`layout_lowering_lower_op`] did.
const FAILED: i32 = 0;
const LOWERED: i32 = 1;
const LEFT: i32 = 2;

/// The conversion pattern's lowering of `op`, of the kind numbered `kind` ([`IndexOp`];
/// cpp/LowerToIndex.cpp): its index math emitted
/// through `rewriter` before it and the op replaced by the results (1); an error emitted on
/// the op (0); or nothing done (2: a shape query whose runtime leaves cannot be computed
/// here stays, as does an op this lowering does not know). `operands` are the op's operands as
/// the conversion maps them.
///
/// # Safety
/// `op` is a live op, `rewriter` the rewriter of the pattern being applied, `operands` points
/// to `n` values, `memo` is a memo of [`layout_lowering_memo_new`].
#[no_mangle]
pub unsafe extern "C" fn layout_lowering_lower_op(
    op: MlirOperation,
    kind: i32,
    rewriter: MlirRewriterBase,
    operands: *const MlirValue,
    n: usize,
    memo: *mut Memo,
) -> i32 {
    let operands = if n == 0 {
        &[][..]
    } else {
        std::slice::from_raw_parts(operands, n)
    };
    let Some(kind) = IndexOp::from_number(kind) else {
        return LEFT;
    };
    let opref = OperationRef::from_raw(op);
    let mut e = Emitter::with_rewriter(rewriter, opref.location());
    e.move_before(opref);
    match emit_lowering_with(&mut e, op, kind, operands, &mut *memo) {
        Ok(Some(values)) => {
            e.commit(&values);
            (*memo).dead.extend(e.take_dead());
            let values: Vec<Value> = values.into_iter().map(|v| Value::from_raw(v)).collect();
            e.rewriter().replace_op_with_values(opref, &values);
            LOWERED
        }
        Ok(None) => {
            e.rollback();
            LEFT
        }
        // size/rank/depth/cosize and the leaf queries are lowered when their operand's
        // runtime leaves can be computed; otherwise they stay.
        Err(_) if kind.is_shape_query() => {
            e.rollback();
            LEFT
        }
        Err(m) => {
            e.rollback();
            emit_op_error(&opref, &format!("cannot be lowered to index math: {m}"));
            FAILED
        }
    }
}

/// Whether `op` is named `name` (without copying the name, as `op_name` does).
fn is_named(op: MlirOperation, name: &str) -> bool {
    let op = unsafe { OperationRef::from_raw(op) };
    op.name().as_string_ref().as_str() == Ok(name)
}

/// The layout function of an SSA layout value and the runtime values of its `?` leaves.
/// `linear`: the use observes only the function on the domain (a linear index), so a
/// `layout.coalesce` can be looked through.
/// The layout function of a value whose type is fully static (no `?` leaf).
pub fn static_func(v: MlirValue) -> Option<Func> {
    let (mnemonic, text) = type_text(v).ok()?;
    if mnemonic != "!layout.layout" || text.contains('?') {
        return None;
    }
    match &*type_value(v).ok()? {
        AlgebraValue::Func(f) => Some(f.clone()),
        _ => None,
    }
}

fn resolve(e: &mut Emitter, v: MlirValue, linear: bool) -> Result<SymFunc, String> {
    let (mnemonic, text) = type_text(v)?;
    if mnemonic != "!layout.layout" && mnemonic != "!layout.swizzle" {
        return Err(format!("expected a layout, got {mnemonic}<{text}>"));
    }
    if text == "*" {
        return Err(
            "the layout's structure is not known statically (type !layout.layout<*>)".into(),
        );
    }
    if !text.contains('?') {
        return match &*type_value(v).map_err(|e| format!("'{text}': {e}"))? {
            AlgebraValue::Func(f) => SymFunc::bind_static(f),
            other => Err(format!("expected a layout, got {}", other.kind())),
        };
    }
    // A use that observes only the function on the domain looks through a coalesce.
    if linear {
        if let Some(def) = defining_op(v).filter(|d| is_named(*d, "layout.coalesce")) {
            return resolve(e, operands(def)[0], linear);
        }
    }
    let mut vars = Vec::new();
    let func = match runtime_leaves::symbolic_value(v, &mut vars)? {
        AlgebraValue::Func(f) => f,
        other => return Err(format!("expected a layout, got {}", other.kind())),
    };
    let mut leaves = runtime_leaves::LeafEmitter::new(&vars);
    SymFunc::bind(&func, &mut |x| leaves.leaf(e, x))
}

/// The value of a runtime integer of the layout value `v` (`pick` selects it from the
/// algebra value of `v`), emitted from the runtime leaves it depends on.
fn runtime_integer(
    e: &mut Emitter,
    v: MlirValue,
    pick: &dyn Fn(&AlgebraValue) -> Result<layout_algebra::Int, String>,
) -> Result<Sym, String> {
    let mut vars = Vec::new();
    let value = runtime_leaves::symbolic_value(v, &mut vars)?;
    let x = pick(&value)?;
    let mut leaves = runtime_leaves::LeafEmitter::new(&vars);
    match &x {
        layout_algebra::Int::Lit(k) => Ok(Sym::constant(*k)),
        layout_algebra::Int::Dyn(s) => leaves.value(e, s),
    }
}

/// A coordinate operand: a constant when defined by arith.constant.
fn coord_sym(v: MlirValue) -> Sym {
    if let Some(def) = defining_op(v) {
        if is_named(def, "arith.constant") {
            let r = unsafe { OperationRef::from_raw(def) };
            if let Ok(a) = r.attribute("value") {
                if let Ok(i) = melior::ir::attribute::IntegerAttribute::try_from(a) {
                    return Sym::constant(i.value());
                }
            }
        }
    }
    Sym::unknown(v)
}

/// Emit the index math of one layout op through `e` (whose insertion point is before the op)
/// and return the values that stand for its results, without replacing it (None: not an op
/// this pass lowers). The lowering uses exactly this; `--layout-prove-lowering`
/// (layout-passes) calls it on the op to translate what the lowering emits.
pub fn emit_lowering<'c, 'a>(
    e: &mut Emitter,
    op: OperationRef<'c, 'a>,
) -> Result<Option<Vec<Value<'c, 'a>>>, String> {
    let name = op.name();
    let Some(kind) = IndexOp::of_name(name.as_string_ref().as_str().unwrap_or("")) else {
        return Ok(None);
    };
    let operands: Vec<MlirValue> = op.operands().map(|v| v.to_raw()).collect();
    let values = emit_lowering_with(e, op.to_raw(), kind, &operands, &mut Memo::default())?;
    // SAFETY: each value the lowering returns is an operand of `op` or a result of an op the
    // emitter inserted before `op` in its block, so a live value of the IR `op` belongs to
    // (`'a`), until the caller erases what was emitted.
    Ok(values.map(|vs| {
        vs.into_iter()
            .map(|v| unsafe { Value::from_raw(v) })
            .collect()
    }))
}

/// [`emit_lowering`] with the memo of a pass run.
/// `operands` are the op's operands (as a conversion maps them).
pub fn emit_lowering_with(
    e: &mut Emitter,
    op: MlirOperation,
    kind: IndexOp,
    operands: &[MlirValue],
    memo: &mut Memo,
) -> Result<Option<Vec<MlirValue>>, String> {
    let opref = unsafe { OperationRef::from_raw(op) };
    let name = format!("layout.{}", kind.mnemonic());
    let ops = operands;
    let results: Vec<Sym> = match kind {
        IndexOp::Crd2Idx => {
            let coords: Vec<Sym> = ops[1..].iter().map(|v| coord_sym(*v)).collect();
            // What folding reports as an overflow is not lowered to wrapping arithmetic.
            let info = memo.info(ops[0])?;
            if let Some(m) = &info.overflow {
                return Err(m.clone());
            }
            match &info.static_sym {
                Some(Ok(f)) => return crd2idx_by_template(e, memo, &info, f, &coords).map(Some),
                Some(Err(m)) => return Err(m.clone()),
                None => {
                    let f = resolve(e, ops[0], coords.len() == 1)?;
                    vec![lower::crd2idx(e, &f, &coords)?]
                }
            }
        }
        IndexOp::LinearApply => {
            // The layout: the attribute, or the static type of the SSA operand (then the
            // first operand; the index inputs follow).
            let (l, ops) = match opref.attribute("layout") {
                Ok(a) => (layout_dialect::attr_linear(a), ops),
                Err(_) => {
                    let first = ops
                        .first()
                        .ok_or_else(|| "linear_apply: no linear layout".to_string())?;
                    let t = unsafe { Value::from_raw(*first) }.r#type();
                    (layout_dialect::type_linear(t), &ops[1..])
                }
            };
            let l = l
                .ok_or_else(|| "linear_apply: the layout is not a #layout.linear".to_string())?
                .map_err(|e| format!("linear_apply: {e}"))?;
            if ops.len() != l.ins().len() {
                return Err(format!(
                    "linear_apply: {} inputs for a linear layout with {} input dimensions",
                    ops.len(),
                    l.ins().len()
                ));
            }
            // Precondition of the op: input i lies in [0, in_size(i)).
            let xs: Vec<Sym> = ops
                .iter()
                .enumerate()
                .map(|(i, v)| Sym::value(*v, 0, (l.in_size(i) - 1) as i128))
                .collect();
            vec![crate::linear::apply(e, &l, &xs)?]
        }
        IndexOp::Apply | IndexOp::Inv => {
            let chain = opref
                .attribute("layout")
                .ok()
                .and_then(layout_dialect::attr_bijective)
                .ok_or_else(|| format!("{name}: no #layout.bijective attribute"))?
                .map_err(|e| format!("{name}: {e}"))?;
            let which = if kind == IndexOp::Apply {
                crate::bijective::Which::Apply
            } else {
                crate::bijective::Which::Inv
            };
            let simplified = opref.attribute("unsimplified").is_err();
            crate::bijective::lower(e, &chain, which, ops, simplified)?
        }
        IndexOp::Idx2Crd => {
            let f = resolve(e, ops[0], false)?;
            let r = lower::idx2crd(e, &f, coord_sym(ops[1]))?;
            if r.len() != opref.result_count() {
                return Err(format!(
                    "{} coordinates for {} results",
                    r.len(),
                    opref.result_count()
                ));
            }
            r
        }
        IndexOp::Cosize if ops.len() == 1 => vec![runtime_integer(e, ops[0], &|v| match v {
            AlgebraValue::Func(Func::Layout(l)) => l.cosize_int().map_err(|e| e.to_string()),
            other => Err(format!("cosize: expected a layout, got {}", other.kind())),
        })?],
        IndexOp::ShapeLeaf | IndexOp::StrideLeaf if ops.len() == 1 => {
            let stride = kind == IndexOp::StrideLeaf;
            let path = opref
                .attribute("path")
                .ok()
                .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
                .ok_or_else(|| format!("{name}: no 'path' array<i64>"))?;
            let path: Vec<i64> = (0..path.len())
                .map(|i| path.element(i).map_err(|e| format!("{name}: {e}")))
                .collect::<Result<_, _>>()?;
            let what = kind.mnemonic();
            vec![runtime_integer(e, ops[0], &|v| {
                let l = match v {
                    AlgebraValue::Func(Func::Layout(l)) => l,
                    other => {
                        return Err(format!("{what}: expected a layout, got {}", other.kind()))
                    }
                };
                let k = l.leaf_position(&path, what).map_err(|e| e.to_string())?;
                if !stride {
                    return Ok(l.shape.leaves()[k].clone());
                }
                let d = &l.stride.leaves()[k];
                if !d.basis.is_empty() {
                    return Err(format!(
                        "{what}: the stride at mode {path:?} is the scaled basis {}, not an integer",
                        text::print_stride(d)
                    ));
                }
                Ok(d.coef.clone())
            })?]
        }
        IndexOp::Size | IndexOp::Rank | IndexOp::Depth if ops.len() == 1 => {
            if kind == IndexOp::Size {
                let f = resolve(e, ops[0], true)?;
                vec![lower::size(e, &f)?]
            } else {
                // Structure only: the algebra answers even with runtime leaves.
                let value = type_value(ops[0])?;
                let r = layout_algebra::ops::call(kind.mnemonic(), &[AlgebraValue::clone(&value)])
                    .map_err(|e| e.to_string())?;
                match r {
                    AlgebraValue::Tuple(t) => match t.as_int() {
                        Some(v) => vec![Sym::constant(v)],
                        None => return Err(format!("{name}: not an integer")),
                    },
                    _ => return Err(format!("{name}: not an integer")),
                }
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(
        results.into_iter().map(|r| e.materialize(r)).collect(),
    ))
}

/// The lowering of crd2idx on the static layout `f` (of the type `info` describes) at
/// `coords`: the replay of the type's template of this coordinate pattern, or the lowering
/// itself, recorded as the template when there is none yet.
fn crd2idx_by_template(
    e: &mut Emitter,
    memo: &mut Memo,
    info: &TypeInfo,
    f: &SymFunc,
    coords: &[Sym],
) -> Result<Vec<MlirValue>, String> {
    let unrecorded = |e: &mut Emitter| {
        let r = lower::crd2idx(e, f, coords)?;
        Ok(vec![e.materialize(r)])
    };
    if memo.no_templates {
        return unrecorded(e);
    }
    let Some((pattern, inputs)) = coordinate_pattern(coords) else {
        return unrecorded(e);
    };
    let known = info
        .templates
        .borrow()
        .iter()
        .find(|(p, _)| *p == pattern)
        .map(|(_, t)| t.clone());
    if let Some(template) = known {
        if let Some(values) = template.replay(e, &inputs) {
            memo.template_counts.replayed += 1;
            return Ok(values);
        }
        memo.template_counts.undone += 1;
        return unrecorded(e);
    }
    // A type whose table is full lowers its other patterns without recording them.
    if info.templates.borrow().len() >= TEMPLATES_PER_TYPE {
        return unrecorded(e);
    }
    e.start_recording(&inputs);
    let lowered = lower::crd2idx(e, f, coords).map(|r| e.materialize(r));
    let recording = e.stop_recording();
    let value = lowered?;
    if let Some(template) = recording.and_then(|r| r.finish(&[value])) {
        info.templates
            .borrow_mut()
            .push((pattern, Rc::new(template)));
        memo.template_counts.recorded += 1;
    }
    Ok(vec![value])
}
