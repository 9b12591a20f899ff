//! The pass `layout-lower-to-index`: rewrites every `layout.crd2idx` and `layout.idx2crd`
//! under the op it runs on into arith index math, then erases layout ops left without uses.

use layout_dialect::op_diagnostics::emit_op_error;
use std::cell::RefCell;
use std::rc::Rc;

use layout_algebra::{text, Func, Value as AlgebraValue};
use melior::dialect::DialectHandle;
use melior::ir::attribute::DenseI64ArrayAttribute;
use melior::ir::operation::{OperationLike, OperationRef, WalkOrder, WalkResult};
use melior::ir::r#type::TypeId;
use melior::ir::{Value, ValueLike};
use melior::pass::{create_external, ExternalPass, Pass, RunExternalPass};
use melior::ContextRef;
use melior::IrRewriter;
use mlir_sys::{MlirOperation, MlirValue};

use crate::emit::{Emitter, Pool, Sym};
use crate::fast_hash::FastMap;
use crate::lower;
use crate::overflow;
use crate::runtime_leaves;
use crate::symbolic::SymFunc;
use crate::template::{coordinate_pattern, Coord, Template};

/// What one run of the pass knows about each layout type it has met: its parse and, for a fully static `!layout.layout`, whether some point of its domain overflows.
/// Types are uniqued by the context, which outlives the run, so the type's storage pointer
/// names its text for the whole run: each distinct type is printed, parsed and checked once,
/// however many ops use it (the per-op cost of a module of 1M crd2idx ops).
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
    /// The pools of finished blocks, to be reused (emptied) for the next ones.
    spare_pools: Vec<Pool>,
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

/// Pools a [`Memo`] keeps for reuse, at most.
const SPARE_POOLS: usize = 8;

/// The pass argument (`layout-opt --layout-lower-to-index`).
pub const ARGUMENT: &str = "layout-lower-to-index";

#[repr(align(8))]
struct PassId;
static LOWER_TO_INDEX_ID: PassId = PassId;

/// The pass object: MLIR clones one per thread when the pass runs on the functions of a module
/// in parallel (the `lower-to-index` pipeline), and each clone keeps its [`Memo`] across the
/// functions it lowers, so a layout type met in many functions is parsed once per thread.
#[derive(Default)]
struct LowerToIndex {
    memo: Memo,
}

/// A clone starts with an empty memo: the memo's entries are not shared between threads.
impl Clone for LowerToIndex {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl<'c> RunExternalPass<'c> for LowerToIndex {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, operation: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        if !lower_under_with(operation.to_raw(), &mut self.memo) {
            pass.signal_failure();
        }
    }
}

/// A new `layout-lower-to-index` pass (runs on any op: lowers everything nested in it).
pub fn create_lower_to_index_pass() -> Pass {
    create_external(
        LowerToIndex::default(),
        TypeId::create(&LOWER_TO_INDEX_ID),
        "LayoutLowerToIndex",
        ARGUMENT,
        "Lower layout.crd2idx/idx2crd (static, dynamic, swizzled, composed layouts) to arith index math",
        "",
        &[DialectHandle::arith(), DialectHandle::cf()],
    )
}

fn emit_error(op: MlirOperation, message: &str) {
    emit_op_error(op, &format!("cannot be lowered to index math: {message}"));
}

/// The ops the pass rewrites.
fn is_target(name: &str) -> bool {
    matches!(
        name,
        "layout.crd2idx"
            | "layout.idx2crd"
            | "layout.size"
            | "layout.rank"
            | "layout.depth"
            | "layout.cosize"
            | "layout.shape_leaf"
            | "layout.stride_leaf"
            | "layout.linear_apply"
            | "layout.apply"
            | "layout.inv"
    )
}

/// Lower every crd2idx/idx2crd nested under `root`; false (with diagnostics) on failure.
///
/// One [`Emitter`] serves the whole run; each block has its own [`Pool`] of constants (at
/// the start of the block) and of emitted arith ops, so the lowered ops of a block share
/// them (what canonicalize and CSE would otherwise merge afterwards). The walk is in
/// post-order, so the ops of a block are lowered in order and every reused value lies
/// before the op that reuses it.
///
/// `memo` may hold the types of earlier runs over the same context (keyed by uniqued type
/// storage, which the context keeps alive).
pub fn lower_under_with(root: MlirOperation, memo: &mut Memo) -> bool {
    lower_collected(collect_layout_ops(root, false), memo)
}

/// [`lower_under_with`] for the ops under `root` that are not inside an isolated-from-above op below
/// `root` (the last step of the `lower-to-index` pipeline, cpp/LowerToIndexRegistration.cpp,
/// after the isolated ops were lowered in parallel): 0 when it failed (with diagnostics), 1
/// when it lowered or erased ops, 2 when there was no layout op to look at, so that nothing
/// changed (the usual case; the caller then preserves every analysis).
#[no_mangle]
pub extern "C" fn layout_lowering_lower_outside_isolated(root: MlirOperation) -> i32 {
    let layout_ops = collect_layout_ops(root, true);
    if layout_ops.is_empty() {
        return 2;
    }
    lower_collected(layout_ops, &mut Memo::default()) as i32
}

extern "C" {
    /// Whether the op has MLIR's IsolatedFromAbove trait (cpp/LowerToIndexRegistration.cpp).
    fn layout_lowering_is_isolated_from_above(op: MlirOperation) -> bool;
}

/// Every layout-dialect op with results under `root` (candidates for erasure once unused) and
/// whether the pass rewrites it, in the order of a post-order walk; with `skip_isolated`, not
/// inside isolated-from-above ops below `root`. (Layout ops have no regions, so the pre-order
/// walk that can skip subtrees lists them in the same order as the post-order walk.)
fn collect_layout_ops(root: MlirOperation, skip_isolated: bool) -> Vec<(MlirOperation, bool)> {
    let root_ref = unsafe { OperationRef::from_raw(root) };
    let mut layout_ops: Vec<(MlirOperation, bool)> = Vec::new();
    let order = if skip_isolated {
        WalkOrder::PreOrder
    } else {
        WalkOrder::PostOrder
    };
    root_ref.walk(order, |op| {
        if op.to_raw().ptr == root.ptr {
            return WalkResult::Advance;
        }
        if skip_isolated && unsafe { layout_lowering_is_isolated_from_above(op.to_raw()) } {
            return WalkResult::Skip;
        }
        let n = op.name();
        let n = n.as_string_ref();
        let n = n.as_str().unwrap_or("");
        if n.starts_with("layout.") {
            let target = is_target(n);
            if target || op.result_count() > 0 {
                layout_ops.push((op.to_raw(), target));
            }
        }
        WalkResult::Advance
    });
    layout_ops
}

fn lower_collected(mut layout_ops: Vec<(MlirOperation, bool)>, memo: &mut Memo) -> bool {
    let mut ok = true;
    let mut emitter: Option<Emitter> = None;
    let mut current_block: usize = 0;
    let mut pools: FastMap<usize, Pool> = FastMap::default();
    for (op, target) in layout_ops.iter_mut() {
        if !*target {
            continue;
        }
        let opref = unsafe { OperationRef::from_raw(*op) };
        let e = emitter
            .get_or_insert_with(|| Emitter::new(IrRewriter::from_op(opref), opref.location()));
        let block = unsafe { mlir_sys::mlirOperationGetBlock(*op) };
        if block.ptr as usize != current_block {
            let pool = pools.remove(&(block.ptr as usize)).unwrap_or_else(|| {
                match memo.spare_pools.pop() {
                    Some(spare) => spare.reused_at_block_start(block),
                    None => Pool::at_block_start(block),
                }
            });
            let previous = e.swap_pool(pool);
            if current_block != 0 {
                pools.insert(current_block, previous);
            }
            current_block = block.ptr as usize;
        }
        e.move_before(opref);
        let shape_query = [
            "layout.size",
            "layout.rank",
            "layout.depth",
            "layout.cosize",
            "layout.shape_leaf",
            "layout.stride_leaf",
        ]
        .iter()
        .any(|n| is_named(*op, n));
        match lower_op(*op, memo, e) {
            Ok(true) => {
                e.commit();
                // Replaced and erased: not a candidate any more.
                *op = MlirOperation {
                    ptr: std::ptr::null_mut(),
                };
            }
            Ok(false) => e.commit(),
            // size/rank/depth/cosize and the leaf queries are lowered when their operand's
            // runtime leaves can be computed; otherwise they stay.
            Err(_) if shape_query => e.rollback(),
            Err(m) => {
                e.rollback();
                emit_error(*op, &m);
                ok = false;
            }
        }
    }
    erase_dead_layout_ops(&layout_ops);
    if let Some(mut e) = emitter {
        memo.spare_pools.push(e.swap_pool(Pool::default()));
    }
    memo.spare_pools.extend(pools.into_values());
    // A run over many blocks leaves many pools; a few are enough for the next runs.
    memo.spare_pools.truncate(SPARE_POOLS);
    ok
}

/// The mnemonic (`!layout.layout`, `!layout.swizzle`, ...) and the canonical CuTe text of a
/// layout-dialect value's type, read from the type's storage (a swizzle's text is `Sw<B,M,S>`).
pub(crate) fn type_text(v: MlirValue) -> Result<(String, String), String> {
    let ty = unsafe { Value::from_raw(v) }.r#type();
    match (
        layout_dialect::type_mnemonic(ty),
        layout_dialect::type_text(ty),
    ) {
        (Some(m), Some(t)) => Ok((format!("!layout.{m}"), t.to_string())),
        _ => Err(format!("not a layout value type: {ty}")),
    }
}

/// The parsed value a layout-dialect value's type holds.
pub(crate) fn type_value(v: MlirValue) -> Result<layout_dialect::CuteRef, String> {
    let ty = unsafe { Value::from_raw(v) }.r#type();
    match layout_dialect::type_value(ty) {
        Some(r) => r.map_err(|e| e.to_string()),
        None => Err(format!("not a layout value type: {ty}")),
    }
}

/// Whether `op` is named `name` (without copying the name, as `op_name` does).
fn is_named(op: MlirOperation, name: &str) -> bool {
    let op = unsafe { OperationRef::from_raw(op) };
    op.name().as_string_ref().as_str() == Ok(name)
}

pub(crate) fn defining_op(v: MlirValue) -> Option<MlirOperation> {
    unsafe {
        if mlir_sys::mlirValueIsAOpResult(v) {
            Some(mlir_sys::mlirOpResultGetOwner(v))
        } else {
            None
        }
    }
}

pub(crate) fn operands(op: MlirOperation) -> Vec<MlirValue> {
    let r = unsafe { OperationRef::from_raw(op) };
    r.operands().map(|v| v.to_raw()).collect()
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

/// Lower `op` through `e` and replace it; false when it is not an op this pass lowers.
fn lower_op(op: MlirOperation, memo: &mut Memo, e: &mut Emitter) -> Result<bool, String> {
    let opref = unsafe { OperationRef::from_raw(op) };
    let Some(values) = emit_lowering_with(e, op, memo)? else {
        return Ok(false);
    };
    let values: Vec<Value> = values
        .into_iter()
        .map(|v| unsafe { Value::from_raw(v) })
        .collect();
    // Constant coordinates are folded into the lowering: an `arith.constant` that only fed
    // this op is erased with it (what canonicalize would do).
    let mut folded: Vec<MlirOperation> = operands(op)
        .into_iter()
        .filter_map(defining_op)
        .filter(|d| is_named(*d, "arith.constant"))
        .collect();
    folded.sort_by_key(|d| d.ptr as usize);
    folded.dedup_by_key(|d| d.ptr as usize);
    e.rewriter()
        .as_rewriter_base()
        .replace_op_with_values(opref, &values);
    for d in folded {
        if !has_uses(d) && !e.is_constant(unsafe { mlir_sys::mlirOperationGetResult(d, 0) }) {
            unsafe { mlir_sys::mlirOperationDestroy(d) };
        }
    }
    Ok(true)
}

/// Emit the index math of one layout op through `e` (whose insertion point is before the op)
/// and return the values that stand for its results, without replacing it (None: not an op
/// this pass lowers). The lowering uses exactly this; `--layout-prove-lowering`
/// (layout-passes) calls it on the op to translate what the lowering emits.
pub fn emit_lowering(e: &mut Emitter, op: MlirOperation) -> Result<Option<Vec<MlirValue>>, String> {
    emit_lowering_with(e, op, &mut Memo::default())
}

/// [`emit_lowering`] with the memo of a pass run.
pub fn emit_lowering_with(
    e: &mut Emitter,
    op: MlirOperation,
    memo: &mut Memo,
) -> Result<Option<Vec<MlirValue>>, String> {
    let opref = unsafe { OperationRef::from_raw(op) };
    let name = opref.name();
    let name = name.as_string_ref().as_str().unwrap_or("");
    let ops = operands(op);
    let results: Vec<Sym> = match name {
        "layout.crd2idx" => {
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
        "layout.linear_apply" => {
            // The layout: the attribute, or the static type of the SSA operand (then the
            // first operand; the index inputs follow).
            let (t, ops) = match opref.attribute("layout") {
                Ok(a) => (a.to_string(), &ops[..]),
                Err(_) => {
                    let first = ops
                        .first()
                        .ok_or_else(|| "linear_apply: no linear layout".to_string())?;
                    let t = unsafe { Value::from_raw(*first) }.r#type().to_string();
                    (t, &ops[1..])
                }
            };
            let body = t
                .strip_prefix("#layout.linear<")
                .or_else(|| t.strip_prefix("!layout.linear<"))
                .and_then(|b| b.strip_suffix('>'))
                .ok_or_else(|| format!("linear_apply: not a linear layout: {t}"))?;
            let l = layout_algebra::linear::parse_linear(body).map_err(|e| e.to_string())?;
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
        "layout.apply" | "layout.inv" => {
            let attr = opref
                .attribute("layout")
                .map_err(|_| format!("{name}: no #layout.bijective attribute"))?
                .to_string();
            let which = if name == "layout.apply" {
                crate::bijective::Which::Apply
            } else {
                crate::bijective::Which::Inv
            };
            let simplified = opref.attribute("unsimplified").is_err();
            // `to_ref` reinterprets the ContextRef itself: keep it alive as long as the
            // emitter.
            let ctx_ref = opref.context();
            let ctx = unsafe { ctx_ref.to_ref() };
            crate::bijective::lower(e, ctx, &attr, which, &ops, simplified)?
        }
        "layout.idx2crd" => {
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
        "layout.cosize" if ops.len() == 1 => vec![runtime_integer(e, ops[0], &|v| match v {
            AlgebraValue::Func(Func::Layout(l)) => l.cosize_int().map_err(|e| e.to_string()),
            other => Err(format!("cosize: expected a layout, got {}", other.kind())),
        })?],
        "layout.shape_leaf" | "layout.stride_leaf" if ops.len() == 1 => {
            let stride = name == "layout.stride_leaf";
            let path = opref
                .attribute("path")
                .ok()
                .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
                .ok_or_else(|| format!("{name}: no 'path' array<i64>"))?;
            let path: Vec<i64> = (0..path.len())
                .map(|i| path.element(i).map_err(|e| format!("{name}: {e}")))
                .collect::<Result<_, _>>()?;
            let what = &name["layout.".len()..];
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
        "layout.size" | "layout.rank" | "layout.depth" if ops.len() == 1 => {
            let f = resolve(e, ops[0], true)?;
            if name == "layout.size" {
                vec![lower::size(e, &f)?]
            } else {
                // Structure only: the algebra answers even with runtime leaves.
                let value = type_value(ops[0])?;
                let r = layout_algebra::ops::call(
                    &name["layout.".len()..],
                    &[AlgebraValue::clone(&value)],
                )
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

fn has_uses(op: MlirOperation) -> bool {
    let r = unsafe { OperationRef::from_raw(op) };
    let used = r.results().any(|v| unsafe {
        !mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirValueGetFirstUse(v.to_raw()))
    });
    used
}

/// Erase the layout-dialect ops of `ops` (all side-effect free; null: already erased) whose
/// results are unused. `ops` is in post-order, so every user of an op comes after it (later
/// in its block, or nested in a later op): one pass from the end erases whole chains of
/// layout ops that only feed each other.
fn erase_dead_layout_ops(ops: &[(MlirOperation, bool)]) {
    for (op, _) in ops.iter().rev() {
        if op.ptr.is_null() {
            continue;
        }
        let results = unsafe { mlir_sys::mlirOperationGetNumResults(*op) };
        if results > 0 && !has_uses(*op) {
            unsafe { mlir_sys::mlirOperationDestroy(*op) };
        }
    }
}
