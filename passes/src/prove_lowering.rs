//! The pass `layout-prove-lowering`: proves, symbolically, that the index math `--lower-to-index`
//! emits for every static `layout.crd2idx` and `layout.idx2crd` computes the layout's function
//! on its whole domain.
//!
//! For each such op, the pass runs the lowering's own code (`layout_lowering::pass::emit_lowering`)
//! on it: the arith ops are emitted right before the op, the op itself is left in place. The
//! emitted ops are translated into an ISL relation ([`crate::arith_relation`]) from the op's
//! coordinate operands to its results, then erased, so the pass leaves the IR as it found it;
//! the real lowering runs afterwards (`--layout-prove-lowering --lower-to-index`). The relation
//! is compared with the layout's relation from `layout-relation` (ISL equality of two functions
//! on one domain: one integer feasibility problem, no enumeration):
//!
//! - `crd2idx %L, %x`: the flat relation `{ [c] -> [o] }` of L on `[0, size(L))` (a bare
//!   swizzle: on `[0, 2^(B+M+|S|))`);
//! - `crd2idx %L, %m0, ..., %m{r-1}`: the relation over one coordinate per top-level mode;
//! - `idx2crd %L, %x`: the inverse of the compact (colexicographic) layout of L's domain shape,
//!   `[x] -> [c_0, ..., c_{n-1}]`, one output per leaf.
//!
//! A coordinate operand that is an `arith.constant` is fixed to its value (the lowering folds
//! it, so the proof holds at that point); one value passed twice is one coordinate.
//! A difference is an error at the op naming a witness coordinate and both values; a lowering
//! that the translation cannot follow is an error that says which op and why.
//!
//! Test-only fault injection: on an op carrying the unit attribute `layout.test_wrong_lowering`,
//! the first non-zero `arith.constant` the lowering emits for it is incremented by one before
//! the translation, which the proof must then reject.

use layout_dialect::op_diagnostics::{emit_op_error, op_name};
use std::collections::HashSet;

use layout_algebra::{text, Func, Layout, Value as AlgebraValue};
use layout_dialect::ir::{nested_ops, op_mut};
use layout_lowering::emit::Emitter;
use layout_lowering::pass::emit_lowering;
use layout_relation::isl::DEFAULT_MAX_OPERATIONS;
use layout_relation::props::{equal, show_point, Equality};
use layout_relation::{AnyLayout, Ctx, Map, Set, Space};
use melior::dialect::DialectHandle;
use melior::ir::attribute::IntegerAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{
    OperationLike, OperationMutLike, OperationRef, OperationResult, WalkOrder,
};
use melior::ir::r#type::TypeId;
use melior::ir::{BlockRef, Value, ValueLike};
use melior::pass::{create_external, ExternalPass, Pass, RunExternalPass};
use melior::{ContextRef, IrRewriter};

use crate::arith_relation::{constant_value, translate, Input};

/// The pass argument (`layout-opt --layout-prove-lowering`).
pub const ARGUMENT: &str = "layout-prove-lowering";

/// The test-only attribute that makes the proof see a deliberately wrong lowering.
pub const FAULT_ATTRIBUTE: &str = "layout.test_wrong_lowering";

#[repr(align(8))]
struct PassId;
static PROVE_LOWERING_ID: PassId = PassId;

#[derive(Clone, Debug, Default)]
struct ProveLowering;

impl<'c> RunExternalPass<'c> for ProveLowering {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, operation: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        if !prove_under(operation) {
            pass.signal_failure();
        }
    }
}

/// A new `layout-prove-lowering` pass (runs on any op: proves everything nested in it).
pub fn create_pass() -> Pass {
    create_external(
        ProveLowering,
        TypeId::create(&PROVE_LOWERING_ID),
        "LayoutProveLowering",
        ARGUMENT,
        "Prove with ISL that the index math of --lower-to-index equals every static layout's function",
        "",
        &[DialectHandle::arith()],
    )
}

fn operands<'c: 'a, 'a>(op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    op.operands().collect()
}

/// A value's identity (its handle's address).
fn key(v: Value<'_, '_>) -> usize {
    v.to_raw().ptr as usize
}

/// The op defining `v` (None for a block argument).
fn defining_op<'c: 'a, 'a>(v: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    OperationResult::try_from(v).ok().map(|r| r.owner())
}

/// The layout function of a value of fully static type `!layout.layout<L>` or
/// `!layout.swizzle<B,M,S>` (None otherwise: dynamic, unknown or another type), as the type's
/// storage holds it.
pub fn static_layout(v: Value<'_, '_>) -> Option<Func> {
    let ty = v.r#type();
    if layout_dialect::type_text(ty)?.contains('?') {
        return None;
    }
    match &*layout_dialect::type_value(ty)?.ok()? {
        AlgebraValue::Func(f) => Some(f.clone()),
        _ => None,
    }
}

/// Prove every static crd2idx/idx2crd nested under `root`; false (with diagnostics) on failure.
pub fn prove_under(root: OperationRef<'_, '_>) -> bool {
    let mut targets = Vec::new();
    for op in nested_ops(root, WalkOrder::PostOrder) {
        let n = op_name(&op);
        if matches!(n.as_str(), "layout.crd2idx" | "layout.idx2crd") {
            let ops = operands(op);
            if let Some(f) = ops.first().and_then(|v| static_layout(*v)) {
                targets.push((op, Target::Static(f)));
            } else if n == "layout.crd2idx" {
                if let Some(r) = ops.first().and_then(|v| runtime_make(*v)) {
                    targets.push((op, r));
                }
            }
        }
    }
    let mut ok = true;
    for (op, t) in targets {
        let r = match &t {
            Target::Static(f) => prove_op(op, f),
            Target::Runtime { layout, inputs } => prove_runtime_op(op, layout, inputs),
        };
        if let Err(m) = r {
            emit_op_error(&op, &m);
            ok = false;
        }
    }
    ok
}

/// What a crd2idx/idx2crd is proven against.
enum Target<'c, 'a> {
    /// A layout of static type.
    Static(Func),
    /// A runtime layout made by `layout.make` from these runtime values (its i-th `?` is
    /// `inputs[i]`).
    Runtime {
        layout: Layout,
        inputs: Vec<Value<'c, 'a>>,
    },
}

/// A layout operand of runtime type made by `layout.make` directly: its layout (leaves `$i`)
/// and the make's operands. None for other producers (a runtime layout computed by algebra
/// ops is checked by evaluation, lowering/harness, not here).
fn runtime_make<'c: 'a, 'a>(v: Value<'c, 'a>) -> Option<Target<'c, 'a>> {
    let ty = v.r#type();
    let layout = match &*layout_dialect::type_value(ty)?.ok()? {
        AlgebraValue::Func(Func::Layout(l)) if l.has_runtime_leaf() => l.clone(),
        _ => return None,
    };
    let def = defining_op(v)?;
    if op_name(&def) != "layout.make" {
        return None;
    }
    Some(Target::Runtime {
        layout,
        inputs: operands(def),
    })
}

/// The range assumed for a runtime value: extents in [1, 2^31 - 1], strides in
/// [-(2^31 - 1), 2^31 - 1] (a value that is both: the extent's).
pub const RUNTIME_MAX: i64 = (1 << 31) - 1;

fn innermost(f: &Func) -> &Func {
    match f {
        Func::Composed(c) => innermost(&c.inner),
        _ => f,
    }
}

/// What the op computes: the reference relation, its coordinate variables and their extents.
struct Spec<'c> {
    reference: Map<'c>,
    extents: Vec<i64>,
}

fn spec<'c>(ctx: &'c Ctx, name: &str, f: &Func, coords: usize) -> Result<Spec<'c>, String> {
    let err = |e: layout_algebra::Error| e.to_string();
    let any = AnyLayout::Func(f.clone());
    match (name, innermost(f)) {
        ("layout.crd2idx", Func::Swizzle(sw)) if coords == 1 => Ok(Spec {
            reference: any.relation(ctx, Space::Flat).map_err(err)?,
            extents: vec![1i64 << layout_relation::swizzle::swizzle_bits(sw)],
        }),
        ("layout.crd2idx", Func::Layout(l)) if coords == 1 => Ok(Spec {
            reference: any.relation(ctx, Space::Flat).map_err(err)?,
            extents: vec![l.size().map_err(err)?],
        }),
        ("layout.crd2idx", Func::Layout(l)) if coords == l.rank() => Ok(Spec {
            reference: any.relation(ctx, Space::Modes).map_err(err)?,
            extents: l
                .modes()
                .iter()
                .map(|m| m.size())
                .collect::<Result<_, _>>()
                .map_err(err)?,
        }),
        ("layout.idx2crd", Func::Layout(l)) if coords == 1 => {
            let compact = Layout::compact(&l.shape).map_err(err)?;
            Ok(Spec {
                reference: AnyLayout::Func(Func::Layout(compact))
                    .relation(ctx, Space::Coord)
                    .map_err(err)?
                    .reverse()
                    .map_err(err)?,
                extents: vec![l.size().map_err(err)?],
            })
        }
        _ => Err(format!(
            "has {coords} coordinate operand(s), which the lowering does not accept for this layout"
        )),
    }
}

/// The ops of `block` in order.
fn block_ops<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block()).collect()
}

/// Prove one op: lower it in place (scratch ops before it), translate, erase, compare.
fn prove_op(op: OperationRef<'_, '_>, f: &Func) -> Result<(), String> {
    let name = op_name(&op);
    let ops = operands(op);
    let coords = &ops[1..];
    let ctx = Ctx::new(DEFAULT_MAX_OPERATIONS).map_err(|e| e.to_string())?;
    let spec = spec(&ctx, &name, f, coords.len())?;
    with_lowering(op, |values| compare(&ctx, &spec, coords, values, f))
}

/// Run the lowering's own code on `op` (its arith ops emitted right before it, the fault
/// injected when the op asks for it), hand the lowered values to `check`, then erase the
/// emitted ops: the IR is left as it was.
fn with_lowering<'c, 'a>(
    op: OperationRef<'c, 'a>,
    check: impl FnOnce(&[Value<'c, 'a>]) -> Result<(), String>,
) -> Result<(), String> {
    let block = op.block().ok_or("is not in a block")?;
    let before: HashSet<usize> = block_ops(block)
        .into_iter()
        .map(|o| o.to_raw().ptr as usize)
        .collect();
    let mut e = Emitter::new(IrRewriter::from_op(op), op.location());
    let lowered = emit_lowering(&mut e, op);
    let scratch: Vec<OperationRef> = block_ops(block)
        .into_iter()
        .filter(|o| !before.contains(&(o.to_raw().ptr as usize)))
        .collect();
    let result = lowered
        .map_err(|m| format!("cannot be lowered to index math, so nothing is proven: {m}"))
        .and_then(|v| v.ok_or_else(|| "is not lowered by --lower-to-index".to_string()))
        .and_then(|values| {
            if op.attribute(FAULT_ATTRIBUTE).is_ok() {
                inject_fault(&scratch)?;
            }
            check(&values)
        });
    // The scratch ops are used only among themselves: erase users first.
    for o in scratch.into_iter().rev() {
        // SAFETY: `o` was emitted by this lowering before `op` and is used only by the ops
        // emitted after it (destroyed before it here) and by nothing the check kept.
        unsafe { mlir_sys::mlirOperationDestroy(o.to_raw()) };
    }
    result
}

/// The value of an operand defined by `arith.constant` (None otherwise).
fn constant_operand(v: Value<'_, '_>) -> Option<i64> {
    defining_op(v)
        .filter(|d| op_name(d) == "arith.constant")
        .and_then(constant_value)
}

/// Prove a crd2idx of a layout made from runtime values: the reference is the layout's linear
/// form in the runtime values (relation/src/runtime_layout.rs: extents as ISL parameters, each
/// runtime stride's multiple as an output), the lowered math is translated with the make's
/// operands as those parameters (arith_relation.rs); equal as maps for every value of the
/// parameters in their assumed ranges ([`RUNTIME_MAX`]).
fn prove_runtime_op(
    op: OperationRef<'_, '_>,
    layout: &Layout,
    inputs: &[Value<'_, '_>],
) -> Result<(), String> {
    use layout_relation::runtime_layout::{input_index, modes_linear_form};
    let err = |e: layout_algebra::Error| e.to_string();
    let ops = operands(op);
    let coords = &ops[1..];
    let ctx = Ctx::new(DEFAULT_MAX_OPERATIONS).map_err(|e| e.to_string())?;
    // Constant make operands are part of the layout (the lowering folds them); the others are
    // the runtime values, one per distinct SSA value.
    let extent_leaves = layout
        .shape
        .leaves()
        .iter()
        .filter(|x| !x.is_static())
        .count();
    let mut symbol_of: Vec<Option<usize>> = Vec::with_capacity(inputs.len());
    let mut symbols: Vec<crate::arith_relation::Symbol> = Vec::new();
    let mut konst: Vec<Option<i64>> = Vec::with_capacity(inputs.len());
    for (i, v) in inputs.iter().enumerate() {
        let k = constant_operand(*v);
        konst.push(k);
        if k.is_some() {
            symbol_of.push(None);
            continue;
        }
        let extent = i < extent_leaves;
        let idx = match symbols.iter().position(|s| key(s.value) == key(*v)) {
            Some(j) => {
                if extent {
                    symbols[j].lo = 1;
                }
                j
            }
            None => {
                symbols.push(crate::arith_relation::Symbol {
                    value: *v,
                    index: symbols.len(),
                    lo: if extent { 1 } else { -RUNTIME_MAX },
                    hi: RUNTIME_MAX,
                });
                symbols.len() - 1
            }
        };
        symbol_of.push(Some(idx));
    }
    let n = symbols.len();
    // The layout with its constant leaves in place.
    let mut next = 0usize;
    let mut leaf = |x: &layout_algebra::Int| -> Result<layout_algebra::Int, layout_algebra::Error> {
        if x.is_static() {
            return Ok(x.clone());
        }
        let i = next;
        next += 1;
        Ok(match konst.get(i).copied().flatten() {
            Some(k) => layout_algebra::Int::Lit(k),
            None => x.clone(),
        })
    };
    let shape = layout.shape.try_map(&mut |x| leaf(x)).map_err(err)?;
    let stride = layout
        .stride
        .try_map(&mut |d| {
            Ok::<_, layout_algebra::Error>(layout_algebra::Stride {
                coef: leaf(&d.coef)?,
                basis: d.basis.clone(),
            })
        })
        .map_err(err)?;
    let bound = Layout::new(shape, stride).map_err(err)?;
    let symbol = |x: &layout_algebra::sym::Sym| -> Result<usize, layout_algebra::Error> {
        let i = input_index(x)?;
        symbol_of.get(i).copied().flatten().ok_or_else(|| {
            layout_algebra::Error::algebra(format!("runtime leaf {i} has no runtime value"))
        })
    };
    let shown = text::print_layout(layout);
    let reference_layout = if coords.len() == bound.rank() && coords.len() > 1 {
        bound.clone()
    } else if coords.len() == 1 {
        let flat = bound.flatten();
        Layout::new(
            layout_algebra::Tree::Node(vec![flat.shape]),
            layout_algebra::Tree::Node(vec![flat.stride]),
        )
        .map_err(err)?
    } else {
        return Err(format!(
            "has {} coordinate operand(s), which the lowering does not accept for {shown}",
            coords.len()
        ));
    };
    let form = modes_linear_form(&reference_layout, true, n, &symbol)
        .map_err(|e| format!("cannot prove the lowering of {shown}: {e}"))?;
    let reference = Map::parse(&ctx, &form.text).map_err(err)?;
    // The domain: the reference's, the constant and repeated coordinates, the assumed ranges.
    let params: Vec<String> = (0..n).map(|r| format!("R{r}")).collect();
    let names: Vec<String> = (0..coords.len()).map(|i| format!("c{i}")).collect();
    let mut dom: Vec<String> = symbols
        .iter()
        .map(|s| format!("{} <= R{} <= {}", s.lo, s.index, s.hi))
        .collect();
    let sizes = (0..coords.len())
        .map(|i| {
            // At most the mode's static part times RUNTIME_MAX.
            let mode = reference_layout.mode(i).map_err(err)?;
            mode.shape
                .leaves()
                .iter()
                .try_fold(1i64, |acc, x| match x {
                    layout_algebra::Int::Lit(v) => acc.checked_mul(*v),
                    _ => acc.checked_mul(RUNTIME_MAX),
                })
                .ok_or_else(|| "the mode size overflows".to_string())
        })
        .collect::<Result<Vec<i64>, String>>()?;
    let ins = coordinate_inputs(coords, &names, &sizes, &mut dom);
    let domain = reference
        .domain()
        .and_then(|d| {
            d.intersect(Set::parse(
                &ctx,
                &format!(
                    "[{}] -> {{ [{}] : {} }}",
                    params.join(", "),
                    names.join(", "),
                    if dom.is_empty() {
                        "true".into()
                    } else {
                        dom.join(" and ")
                    }
                ),
            )?)
        })
        .map_err(err)?;
    with_lowering(op, |values| {
        let t = translate(&ins, &symbols, values)?;
        let mut outs = Vec::new();
        let mut defs = Vec::new();
        for (k, (g, parts)) in t.results.iter().zip(&t.parts).enumerate() {
            outs.push(format!("o{k}"));
            defs.push(format!("o{k} = {g}"));
            for (r, u) in parts.iter().enumerate() {
                outs.push(format!("o{k}s{r}"));
                defs.push(format!("o{k}s{r} = {u}"));
            }
        }
        let text = format!(
            "[{}] -> {{ [{}] -> [{}] : {} }}",
            params.join(", "),
            names.join(", "),
            outs.join(", "),
            t.exists.wrap(&defs.join(" and "))
        );
        let lowered = Map::parse(&ctx, &text)
            .and_then(|m| m.intersect_domain(domain.clone()))
            .map_err(|e| format!("the translated lowering is not a valid relation: {e}"))?;
        let what = format!(
            "{shown} (runtime values R0.. = the make's non-constant operands, each result as [static part, multiple of R0, ..])"
        );
        decide(&lowered, reference.clone(), &domain, &what)
    })
}

/// The deliberate fault: the first non-zero constant of the lowering, plus one.
fn inject_fault(scratch: &[OperationRef<'_, '_>]) -> Result<(), String> {
    for &o in scratch {
        if op_name(&o) != "arith.constant" {
            continue;
        }
        let Some(k) = constant_value(o).filter(|k| *k != 0) else {
            continue;
        };
        let ty = o.result(0).map_err(|e| e.to_string())?.r#type();
        let bumped = IntegerAttribute::new(ty, k.checked_add(1).ok_or("fault overflows")?);
        op_mut(o).set_attribute("value", bumped.into());
        return Ok(());
    }
    Err(format!(
        "{FAULT_ATTRIBUTE}: the lowering emits no non-zero constant to corrupt"
    ))
}

/// Translate the lowered values and decide equality with the reference on the domain.
fn compare(
    ctx: &Ctx,
    spec: &Spec<'_>,
    coords: &[Value<'_, '_>],
    values: &[Value<'_, '_>],
    f: &Func,
) -> Result<(), String> {
    let err = |e: layout_algebra::Error| e.to_string();
    let names: Vec<String> = (0..coords.len()).map(|i| format!("c{i}")).collect();
    let mut dom: Vec<String> = names
        .iter()
        .zip(&spec.extents)
        .map(|(c, n)| format!("0 <= {c} < {n}"))
        .collect();
    let inputs = coordinate_inputs(coords, &names, &spec.extents, &mut dom);
    let t = translate(&inputs, &[], values)?;
    let outs: Vec<String> = (0..values.len()).map(|i| format!("o{i}")).collect();
    let defs: Vec<String> = outs
        .iter()
        .zip(&t.results)
        .map(|(o, r)| format!("{o} = {r}"))
        .collect();
    let dom_text = dom.join(" and ");
    let lowered_text = format!(
        "{{ [{}] -> [{}] : {dom_text} and {} }}",
        names.join(", "),
        outs.join(", "),
        t.exists.wrap(&defs.join(" and "))
    );
    let lowered = Map::parse(ctx, &lowered_text)
        .map_err(|e| format!("the translated lowering is not a valid relation: {e}"))?;
    let domain =
        Set::parse(ctx, &format!("{{ [{}] : {dom_text} }}", names.join(", "))).map_err(err)?;
    if spec.reference.out_dim().map_err(err)? != values.len() {
        return Err(format!(
            "the lowering gives {} values where the layout has {} outputs",
            values.len(),
            spec.reference.out_dim().map_err(err)?
        ));
    }
    // The translation is total on its domain by construction (every variable is defined for
    // every value of its operands), so both relations have the domain `domain`; projecting the
    // existential variables to check it would cost more than the proof.
    decide(
        &lowered,
        spec.reference.clone(),
        &domain,
        &text::print(&AlgebraValue::Func(f.clone())),
    )
}

/// The translation's inputs for the coordinate operands (range [0, size)), adding to `dom` that
/// a repeated operand is one coordinate and a constant one is fixed to its value (the lowering
/// folds it, so the proof holds at that point).
fn coordinate_inputs<'c, 'a>(
    coords: &[Value<'c, 'a>],
    names: &[String],
    sizes: &[i64],
    dom: &mut Vec<String>,
) -> Vec<Input<'c, 'a>> {
    let mut inputs = Vec::new();
    for (i, v) in coords.iter().enumerate() {
        if let Some(j) = coords[..i].iter().position(|w| key(*w) == key(*v)) {
            dom.push(format!("{} = {}", names[i], names[j]));
            continue;
        }
        if let Some(k) = constant_operand(*v) {
            dom.push(format!("{} = {k}", names[i]));
        }
        inputs.push(Input {
            value: *v,
            name: names[i].clone(),
            lo: 0,
            hi: sizes[i].saturating_sub(1),
        });
    }
    inputs
}

/// Equality of the lowered relation and the reference on `domain`, or the error with a witness.
fn decide(lowered: &Map, reference: Map, domain: &Set, what: &str) -> Result<(), String> {
    let err = |e: layout_algebra::Error| e.to_string();
    let reference = reference.intersect_domain(domain.clone()).map_err(err)?;
    match equal(lowered, domain, &reference, domain, true).map_err(err)? {
        Equality::Equal => Ok(()),
        Equality::Unequal {
            witness,
            left,
            right,
            ..
        } => Err(format!(
            "lowering is wrong for {what}: at coordinate {} the lowered index math gives {} and the layout gives {}",
            show_point(&witness),
            left.as_deref().map_or("nothing".into(), show_point),
            right.as_deref().map_or("nothing".into(), show_point),
        )),
    }
}
