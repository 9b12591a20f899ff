//! The pass `layout-assign-layouts`: choose the layout of every layout-polymorphic register
//! tensor of a function (`func.func`, `gpu.func`) so that the conversions it needs cost least,
//! and materialize them as
//! `layout.convert_layout` ops (docs/passes.md).
//!
//! **IR.** Register tensors are ranked tensors encoded by `#layout.linear<...>`
//! (`layout.convert_layout`'s verifier: a register layout of the CTA over the tensor). Ops
//! are of three kinds:
//!
//! - *polymorphic*: an `arith`/`math` op whose operands and results are all such tensors of
//!   one shape (elementwise: any common layout computes the same values), and a splat
//!   `arith.constant`; an `scf.for` iteration argument (its init, block argument, yield
//!   operand and result share one layout). Each is a variable of the assignment;
//! - `layout.convert_layout`: transparent; the pass removes every one and inserts those the
//!   assignment needs;
//! - *anchors*: every other op, and a polymorphic op carrying the unit attribute
//!   `layout.fixed`: their results have, and their operands need, the layouts their types
//!   name (global loads and stores, MMA operands and results, function arguments, returns).
//!
//! **Cost.** A value of layout `D` whose users need the distinct layouts `L1, L2, ..` is
//! converted once to each `Li != D` right after its definition (`layout_assignment`), each
//! convert costing `convert_plan(D, Li, bits, budget)`: its shared-memory crossbar accesses
//! per warp (wavefronts through shared memory, or shuffles plus a quarter of the selects;
//! 0 for a register renaming), times how often the definition runs (the constant trip counts
//! of the `scf.for` loops around it; an unknown trip count is a power of `N`). Elements of
//! fewer than 8 bits move as bytes. The shared-memory budget is the integer attribute
//! `layout.smem_budget` of the function or of an op around it, else static shared memory
//! (48 KiB, as the lowering of register tensors); a conversion that does not fit, even tiled,
//! is impossible. The plans are for the target `layout.sm` (an integer attribute found the
//! same way, 90 without it): no `stmatrix` before sm_90, no `ldmatrix` before sm_75.
//!
//! **Search.** The candidates of a variable are the layouts of its connected component: the
//! anchors' layouts and the layouts the input gives its values (so the answer is never worse
//! than the input). `layout_algebra::linear::layout_assignment` finds the cheapest
//! assignment by branch and bound (exact over the candidates unless the search budget runs
//! out, then the gap to a proven lower bound is reported). A remark at each inserted convert
//! gives its plan and cost; a remark at the function the totals, before and after.

use std::collections::HashMap;

use layout_algebra::linear::convert_plan::{convert_plan_for, Path, DEFAULT_SM};
use layout_algebra::linear::layout_assignment::{
    assign_layouts, component_candidates, total_cost, Assignment, Cost, Problem, Slot, ValueSlots,
    Weight,
};
use layout_algebra::linear::LinearLayout;
use layout_dialect::ir::{nested_ops, op_mut, uses};
use layout_dialect::op_diagnostics::{emit_op_diagnostic, emit_op_error, op_name, Severity};
use melior::ir::attribute::{DenseElementsAttribute, IntegerAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{
    OperationBuilder, OperationLike, OperationMutLike, OperationRef, OperationResult, WalkOrder,
};
use melior::ir::r#type::{DimSize, IntegerType, RankedTensorType, TypeId};
use melior::ir::{
    Attribute, BlockRef, RegionLike, ShapedTypeLike, Type, TypeLike, Value, ValueLike,
};
use melior::pass::{create_external, ExternalPass, Pass, RunExternalPass};
use melior::ContextRef;

/// The pass argument (`layout-opt --layout-assign-layouts`).
pub const ARGUMENT: &str = "layout-assign-layouts";

/// The unit attribute that makes a polymorphic op an anchor.
pub const FIXED_ATTRIBUTE: &str = "layout.fixed";

/// The integer attribute (on the function or an op around it) that bounds a conversion's
/// shared memory.
pub const BUDGET_ATTRIBUTE: &str = "layout.smem_budget";

/// The integer attribute (on the function or an op around it) naming the target SM the
/// conversions are planned for (which matrix instructions they may use); 90 without it.
pub const SM_ATTRIBUTE: &str = "layout.sm";

/// The budget without the attribute: static shared memory (48 KiB), what
/// `--layout-lower-register-tensors` gives the conversions it lowers.
pub const STATIC_SMEM_BYTES: i64 = 48 * 1024;

const CONVERT: &str = "layout.convert_layout";

#[repr(align(8))]
struct PassId;
static ASSIGN_LAYOUTS_ID: PassId = PassId;

#[derive(Clone, Debug, Default)]
struct AssignLayouts;

impl<'c> RunExternalPass<'c> for AssignLayouts {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, operation: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        let functions: Vec<_> = nested_ops(operation, WalkOrder::PreOrder)
            .into_iter()
            .filter(|op| matches!(op_name(op).as_str(), "func.func" | "gpu.func"))
            .collect();
        let mut ok = true;
        for f in functions {
            if let Err(m) = assign_function(f) {
                emit_op_error(&f, &m);
                ok = false;
            }
        }
        if !ok {
            pass.signal_failure();
        }
    }
}

/// A new `layout-assign-layouts` pass (runs on any op: every `func.func` and `gpu.func`
/// nested in it).
pub fn create_pass() -> Pass {
    create_external(
        AssignLayouts,
        TypeId::create(&ASSIGN_LAYOUTS_ID),
        "LayoutAssignLayouts",
        ARGUMENT,
        "Assign layouts to layout-polymorphic register tensors so that the converts they need cost least (exact over the candidates), and insert them",
        "",
        &[],
    )
}

/// A register tensor's type: shape, element type and the encoding when it is a
/// `#layout.linear` (with its layout).
struct TensorType<'c> {
    shape: Vec<i64>,
    elem: Type<'c>,
    encoding: Attribute<'c>,
    layout: LinearLayout,
}

/// The register-tensor view of `ty` (None for any other type). An encoding that is a
/// `#layout.linear` whose value cannot be read is an error.
fn tensor_type(ty: Type<'_>) -> Result<Option<TensorType<'_>>, String> {
    let Ok(ranked) = RankedTensorType::try_from(ty) else {
        return Ok(None);
    };
    let Some(encoding) = ranked.encoding() else {
        return Ok(None);
    };
    let layout = match layout_dialect::attr_linear(encoding) {
        None => return Ok(None),
        Some(Err(e)) => return Err(format!("a tensor encoding is not a usable layout: {e}")),
        Some(Ok(l)) => l,
    };
    Ok(Some(TensorType {
        shape: shape_of(ranked),
        elem: ranked.element(),
        encoding,
        layout,
    }))
}

/// The dimensions of a ranked tensor type as MLIR stores them (a dynamic one as
/// `ShapedType::kDynamic`, `i64::MIN`).
fn shape_of(ty: RankedTensorType<'_>) -> Vec<i64> {
    (0..ty.rank())
        .map(|i| match ty.dim_size(i) {
            Ok(DimSize::Static(n)) => n as i64,
            _ => i64::MIN,
        })
        .collect()
}

/// The ranked tensor type of `shape` (as [`shape_of`] gives it) over `elem`, encoded by
/// `encoding`.
fn tensor_of<'c>(shape: &[i64], elem: Type<'c>, encoding: Attribute<'c>) -> Type<'c> {
    let dims: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
    RankedTensorType::new(&dims, elem, Some(encoding)).into()
}

fn value_tensor<'c>(v: Value<'c, '_>) -> Result<Option<TensorType<'c>>, String> {
    tensor_type(v.r#type())
}

/// Bits an element of `elem` moves as (at least a byte); an error for types of no width.
fn element_bits(elem: Type<'_>) -> Result<i64, String> {
    let bits = if let Ok(int) = IntegerType::try_from(elem) {
        int.width() as i64
    } else if elem.is_float() {
        elem.float_width() as i64
    } else if elem.is_index() {
        64
    } else {
        return Err(
            "a register tensor's element type has no bit width (integer, float or index expected)"
                .into(),
        );
    };
    let moved = (bits.max(8) as u64).next_power_of_two() as i64;
    if moved > 64 {
        return Err(format!(
            "a register tensor has {bits}-bit elements; conversions move at most 64-bit elements"
        ));
    }
    Ok(moved)
}

fn operands<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    op.operands().collect()
}

fn results<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    op.results().map(Value::from).collect()
}

/// Result `index` of `op` (which has it).
fn result<'c, 'a>(op: OperationRef<'c, 'a>, index: usize) -> Value<'c, 'a> {
    op.result(index).expect("the op has the result").into()
}

fn dialect_of(name: &str) -> &str {
    name.split('.').next().unwrap_or("")
}

/// An op's identity (its handle's address), a key of the model's maps.
fn key(op: OperationRef<'_, '_>) -> usize {
    op.to_raw().ptr as usize
}

/// The splat attribute of a splat `arith.constant` (None otherwise).
fn splat_value<'c>(op: OperationRef<'c, '_>) -> Option<Attribute<'c>> {
    let a = DenseElementsAttribute::try_from(op.attribute("value").ok()?).ok()?;
    a.is_splat().then(|| a.splat_value())
}

/// Whether `op` is layout-polymorphic: an `arith`/`math` op on register tensors of one shape
/// (a splat for `arith.constant`), not fixed by the user.
fn is_polymorphic(op: OperationRef<'_, '_>) -> Result<bool, String> {
    let name = op_name(&op);
    if !matches!(dialect_of(&name), "arith" | "math") || op.has_attribute(FIXED_ATTRIBUTE) {
        return Ok(false);
    }
    let values: Vec<Value> = operands(op).into_iter().chain(results(op)).collect();
    if op.result_count() == 0 {
        return Ok(false);
    }
    if name == "arith.constant" && splat_value(op).is_none() {
        return Ok(false);
    }
    let mut shape: Option<Vec<i64>> = None;
    for v in values {
        match value_tensor(v)? {
            Some(t) if shape.as_ref().map_or(true, |s| *s == t.shape) => shape = Some(t.shape),
            _ => return Ok(false),
        }
    }
    Ok(true)
}

/// Where a variable lives: a polymorphic op (its results), or iteration argument `index` of
/// an `scf.for` (its init operand `3 + index`, body argument `1 + index`, yield operand
/// `index` and result `index`).
#[derive(Clone, Copy)]
enum Var<'c, 'a> {
    Op(OperationRef<'c, 'a>),
    Iter(OperationRef<'c, 'a>, usize),
}

/// One register tensor value: where it is defined, its users (operand slots, seen through
/// the converts), its cost class and weight, and where its converts go.
struct Managed<'c, 'a> {
    value: Value<'c, 'a>,
    def: Slot,
    uses: Vec<(OperationRef<'c, 'a>, usize, Slot)>,
    class: usize,
    weight: Weight,
    /// The op after which converts are inserted (None: at the start of `block`).
    after: Option<OperationRef<'c, 'a>>,
    block: BlockRef<'c, 'a>,
    tensor: TensorType<'c>,
}

/// The function as an assignment problem.
struct Model<'c, 'a> {
    layouts: Vec<(Attribute<'c>, LinearLayout)>,
    vars: Vec<Var<'c, 'a>>,
    var_of_op: HashMap<usize, usize>,
    var_of_iter: HashMap<(usize, usize), usize>,
    values: Vec<Managed<'c, 'a>>,
    converts: Vec<OperationRef<'c, 'a>>,
    classes: Vec<i64>,
    /// Program order of every op of the function (pre-order).
    order: HashMap<usize, usize>,
}

impl<'c, 'a> Model<'c, 'a> {
    fn layout_id(&mut self, t: &TensorType<'c>) -> usize {
        if let Some(i) = self.layouts.iter().position(|(a, _)| *a == t.encoding) {
            return i;
        }
        self.layouts.push((t.encoding, t.layout.clone()));
        self.layouts.len() - 1
    }

    fn class_of(&mut self, t: &TensorType<'c>) -> Result<usize, String> {
        let bits = element_bits(t.elem)?;
        Ok(match self.classes.iter().position(|&b| b == bits) {
            Some(i) => i,
            None => {
                self.classes.push(bits);
                self.classes.len() - 1
            }
        })
    }

    /// The slot of the operand `index` of `user` (whose type is `t`).
    fn use_slot(&mut self, user: OperationRef<'c, 'a>, index: usize, t: &TensorType<'c>) -> Slot {
        if let Some(&x) = self.var_of_op.get(&key(user)) {
            return Slot::Var(x);
        }
        let name = op_name(&user);
        if name == "scf.for" && index >= 3 {
            if let Some(&x) = self.var_of_iter.get(&(key(user), index - 3)) {
                return Slot::Var(x);
            }
        }
        if name == "scf.yield" {
            if let Some(parent) = user.parent_operation() {
                if let Some(&x) = self.var_of_iter.get(&(key(parent), index)) {
                    return Slot::Var(x);
                }
            }
        }
        Slot::Fixed(self.layout_id(t))
    }
}

/// The ops of `block` in order.
fn block_ops<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block()).collect()
}

/// The blocks of every region of `op` in order.
fn op_blocks<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<BlockRef<'c, 'a>> {
    op.regions()
        .flat_map(|r| std::iter::successors(r.first_block(), |b| b.next_in_region()))
        .collect()
}

/// The integer value of an `arith.constant` (None for anything else).
fn constant_int(v: Value<'_, '_>) -> Option<i64> {
    let def = OperationResult::try_from(v).ok()?.owner();
    if op_name(&def) != "arith.constant" {
        return None;
    }
    Some(
        IntegerAttribute::try_from(def.attribute("value").ok()?)
            .ok()?
            .value(),
    )
}

/// How often code in `block` runs per run of `function`: constant `scf.for` trip counts
/// multiply, any other loop (`scf.for` of unknown trip count, `scf.while`) adds a power of N.
fn block_weight(mut block: BlockRef<'_, '_>, function: OperationRef<'_, '_>) -> Weight {
    let mut w = Weight::ONCE;
    loop {
        let Some(op) = block.parent_operation() else {
            return w;
        };
        if op == function {
            return w;
        }
        match op_name(&op).as_str() {
            "scf.for" => {
                let o = operands(op);
                match (constant_int(o[0]), constant_int(o[1]), constant_int(o[2])) {
                    (Some(lb), Some(ub), Some(step)) if step > 0 => {
                        let trips = ((ub as i128 - lb as i128 + step as i128 - 1) / step as i128)
                            .clamp(1, u64::MAX as i128) as u64;
                        w.factor = w.factor.saturating_mul(trips);
                    }
                    _ => w.degree += 1,
                }
            }
            "scf.while" => w.degree += 1,
            _ => {}
        }
        match op.block() {
            Some(b) => block = b,
            None => return w,
        }
    }
}

/// The users of `v` as (op, operand index), seen through `layout.convert_layout` chains.
fn uses_through_converts<'c, 'a>(v: Value<'c, 'a>, out: &mut Vec<(OperationRef<'c, 'a>, usize)>) {
    for (owner, index) in uses(v) {
        if op_name(&owner) == CONVERT {
            uses_through_converts(result(owner, 0), out);
        } else {
            out.push((owner, index));
        }
    }
}

/// Build the model of `function`: first the variables and converts, then every register
/// tensor value in program order.
fn build_model<'c, 'a>(function: OperationRef<'c, 'a>) -> Result<Model<'c, 'a>, String> {
    let mut m = Model {
        layouts: Vec::new(),
        vars: Vec::new(),
        var_of_op: HashMap::new(),
        var_of_iter: HashMap::new(),
        values: Vec::new(),
        converts: Vec::new(),
        classes: Vec::new(),
        order: HashMap::new(),
    };
    // Every op of the function but the function itself (the walk's first).
    let all_ops: Vec<_> = nested_ops(function, WalkOrder::PreOrder)
        .into_iter()
        .skip(1)
        .collect();
    m.order = all_ops
        .iter()
        .enumerate()
        .map(|(i, &op)| (key(op), i))
        .collect();
    for &op in &all_ops {
        let name = op_name(&op);
        if name == CONVERT {
            m.converts.push(op);
        } else if name == "scf.for" {
            for (i, r) in results(op).into_iter().enumerate() {
                if value_tensor(r)?.is_some() {
                    m.var_of_iter.insert((key(op), i), m.vars.len());
                    m.vars.push(Var::Iter(op, i));
                }
            }
        } else if is_polymorphic(op)? {
            m.var_of_op.insert(key(op), m.vars.len());
            m.vars.push(Var::Op(op));
        }
    }
    visit_block_values(&mut m, function, None)?;
    Ok(m)
}

/// Add the register tensor values of the blocks of `op` (arguments, then each op's results,
/// then its regions) to the model.
fn visit_block_values<'c, 'a>(
    m: &mut Model<'c, 'a>,
    function: OperationRef<'c, 'a>,
    op: Option<OperationRef<'c, 'a>>,
) -> Result<(), String> {
    for block in op_blocks(op.unwrap_or(function)) {
        let owner = block.parent_operation();
        for i in 0..block.argument_count() {
            let v: Value = block.argument(i).expect("an argument of the block").into();
            let def = match owner {
                Some(owner) if op_name(&owner) == "scf.for" && i >= 1 => m
                    .var_of_iter
                    .get(&(key(owner), i - 1))
                    .map(|&x| Slot::Var(x)),
                _ => None,
            };
            add_value(m, function, v, def, None, block)?;
        }
        for inner in block_ops(block) {
            let name = op_name(&inner);
            if name != CONVERT {
                for (i, r) in results(inner).into_iter().enumerate() {
                    let def = if let Some(&x) = m.var_of_op.get(&key(inner)) {
                        Some(Slot::Var(x))
                    } else {
                        m.var_of_iter.get(&(key(inner), i)).map(|&x| Slot::Var(x))
                    };
                    add_value(m, function, r, def, Some(inner), block)?;
                }
            }
            visit_block_values(m, function, Some(inner))?;
        }
    }
    Ok(())
}

fn add_value<'c, 'a>(
    m: &mut Model<'c, 'a>,
    function: OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
    def: Option<Slot>,
    after: Option<OperationRef<'c, 'a>>,
    block: BlockRef<'c, 'a>,
) -> Result<(), String> {
    let Some(t) = value_tensor(v)? else {
        return Ok(());
    };
    let def = match def {
        Some(s) => s,
        None => Slot::Fixed(m.layout_id(&t)),
    };
    let mut raw = Vec::new();
    uses_through_converts(v, &mut raw);
    // Users in program order (MLIR's use lists are in no fixed order): the converts are
    // inserted in the order of their first user, so the output does not depend on how the
    // input was built.
    raw.sort_by_key(|&(user, index)| (m.order.get(&key(user)).copied(), index));
    let mut uses = Vec::new();
    for (user, index) in raw {
        let operand = user.operand(index).expect("the use's operand");
        let ut = value_tensor(operand)?
            .ok_or_else(|| "internal: a convert's result is not a register tensor".to_string())?;
        let slot = m.use_slot(user, index, &ut);
        uses.push((user, index, slot));
    }
    let class = m.class_of(&t)?;
    let weight = block_weight(block, function);
    m.values.push(Managed {
        value: v,
        def,
        uses,
        class,
        weight,
        after,
        block,
        tensor: t,
    });
    Ok(())
}

/// The layout the input gives each variable.
fn input_layouts(m: &mut Model) -> Result<Vec<usize>, String> {
    let vars = m.vars.clone();
    vars.iter()
        .map(|v| {
            let value = match *v {
                Var::Op(op) => result(op, 0),
                Var::Iter(op, i) => result(op, i),
            };
            let t = value_tensor(value)?.expect("a variable's value is a register tensor");
            Ok(m.layout_id(&t))
        })
        .collect()
}

/// The positive integer attribute `name` (counting `unit`) of the function or the nearest op
/// around it, else `default`.
fn int_attribute_around(
    function: OperationRef<'_, '_>,
    name: &str,
    unit: &str,
    default: i64,
) -> Result<i64, String> {
    let mut op = Some(function);
    while let Some(o) = op {
        if let Ok(a) = o.attribute(name) {
            let Ok(a) = IntegerAttribute::try_from(a) else {
                return Err(format!("{name} must be an integer ({unit})"));
            };
            let b = a.value();
            if b <= 0 {
                return Err(format!("{name} must be positive, got {b}"));
            }
            return Ok(b);
        }
        op = o.parent_operation();
    }
    Ok(default)
}

/// One convert's plan summary: cost in crossbar accesses per warp, and its description.
#[derive(Clone)]
struct PlanCost {
    units: u64,
    text: String,
}

fn plan_cost(
    from: &LinearLayout,
    to: &LinearLayout,
    bits: i64,
    budget: i64,
    sm: i64,
) -> Result<PlanCost, String> {
    let p = convert_plan_for(from, to, bits, budget, sm).map_err(|e| e.to_string())?;
    let units = match p.path {
        Path::Registers => 0,
        Path::Shuffle => {
            let s = p.shuffle.as_ref().expect("a shuffle plan");
            (s.shuffles + (s.selects + 3) / 4) as u64
        }
        Path::Shared => p.cost as u64,
    };
    let instructions: Vec<String> = p
        .instructions
        .iter()
        .map(|i| format!("{} x{}", i.name, i.count))
        .collect();
    let text = match p.path {
        Path::Registers => "registers (no data moves)".to_string(),
        _ => format!(
            "{}: {} {} per warp (lower bound {}); {}",
            p.path.name(),
            units,
            if p.path == Path::Shared {
                "wavefronts"
            } else {
                "crossbar slots"
            },
            p.lower_bound,
            instructions.join(", ")
        ),
    };
    Ok(PlanCost { units, text })
}

fn assign_function(function: OperationRef<'_, '_>) -> Result<(), String> {
    let mut m = build_model(function)?;
    if m.vars.is_empty() && m.converts.is_empty() {
        return Ok(());
    }
    let budget = int_attribute_around(function, BUDGET_ATTRIBUTE, "bytes", STATIC_SMEM_BYTES)?;
    let sm = int_attribute_around(function, SM_ATTRIBUTE, "an SM number", DEFAULT_SM as i64)?;
    let input = input_layouts(&mut m)?;
    let values: Vec<ValueSlots> = m
        .values
        .iter()
        .map(|v| ValueSlots {
            def: v.def,
            uses: v.uses.iter().map(|u| u.2).collect(),
            class: v.class,
            weight: v.weight,
        })
        .collect();
    let problem = Problem {
        candidates: component_candidates(m.vars.len(), &values, &input),
        values,
    };
    let mut plans: HashMap<(usize, usize, usize), Result<PlanCost, String>> = HashMap::new();
    let layouts = m.layouts.clone();
    let classes = m.classes.clone();
    let mut plan = |class: usize, from: usize, to: usize| -> Result<PlanCost, String> {
        plans
            .entry((class, from, to))
            .or_insert_with(|| {
                plan_cost(&layouts[from].1, &layouts[to].1, classes[class], budget, sm)
            })
            .clone()
    };
    let mut oracle = |class: usize, from: usize, to: usize| plan(class, from, to).map(|p| p.units);
    let was = total_cost(&problem, &input, &mut oracle);
    let answer = assign_layouts(&problem, &mut oracle).map_err(|e| e.to_string())?;
    let inserted = rewrite(&mut m, &problem, &answer, &mut plan)?;
    let summary = format!(
        "layout assignment: {} polymorphic value{} over {} layout{}: {} convert{} (the input had {}), cost {} (the input's layouts: {}); {}",
        m.vars.len(),
        if m.vars.len() == 1 { "" } else { "s" },
        m.layouts.len(),
        if m.layouts.len() == 1 { "" } else { "s" },
        inserted,
        if inserted == 1 { "" } else { "s" },
        m.converts.len(),
        answer.cost,
        was.map_or("impossible".to_string(), |c| c.to_string()),
        verdict(&answer)
    );
    emit_op_diagnostic(&function, Severity::Remark, &summary);
    for &c in m.converts.iter().rev() {
        // SAFETY: every user of a convert was pointed at the value of its layout by `rewrite`,
        // and the converts are destroyed users first (a chain's later ones come later in
        // program order), so none has a use left; nothing refers to them after this (the model
        // is dropped with this function).
        unsafe { mlir_sys::mlirOperationDestroy(c.to_raw()) };
    }
    Ok(())
}

fn verdict(a: &Assignment) -> String {
    if a.optimal {
        format!("optimal over the candidates ({} search nodes)", a.nodes)
    } else {
        format!(
            "best found after {} search nodes, lower bound {} (gap {})",
            a.nodes,
            a.lower_bound,
            a.cost.sub(a.lower_bound)
        )
    }
}

/// Retype the variables' values, insert one convert per value and needed layout, point every
/// user at the value of its layout. Returns the number of converts inserted.
fn rewrite<'c, 'a>(
    m: &mut Model<'c, 'a>,
    problem: &Problem,
    answer: &Assignment,
    plan: &mut dyn FnMut(usize, usize, usize) -> Result<PlanCost, String>,
) -> Result<usize, String> {
    let resolve = |s: Slot| match s {
        Slot::Fixed(l) => l,
        Slot::Var(x) => answer.layouts[x],
    };
    // Retype: a variable's values take its layout.
    for (x, var) in m.vars.clone().into_iter().enumerate() {
        let enc = m.layouts[answer.layouts[x]].0;
        match var {
            Var::Op(op) => {
                for r in results(op) {
                    retype(r, enc);
                }
                if op_name(&op) == "arith.constant" {
                    let splat = splat_value(op).expect("a polymorphic constant is a splat");
                    let ty = result(op, 0).r#type();
                    op_mut(op)
                        .set_attribute("value", DenseElementsAttribute::splat(ty, splat).into());
                }
            }
            Var::Iter(op, i) => {
                retype(result(op, i), enc);
                let body = op_blocks(op)[0];
                retype(
                    body.argument(i + 1).expect("the body's argument").into(),
                    enc,
                );
            }
        }
    }
    let mut inserted = 0;
    for (k, v) in m.values.iter().enumerate() {
        let d = resolve(problem.values[k].def);
        let mut made: Vec<(usize, Value)> = vec![(d, v.value)];
        let mut last = v.after;
        for &(user, index, slot) in &v.uses {
            let l = resolve(slot);
            let target = match made.iter().find(|(ml, _)| *ml == l) {
                Some(&(_, val)) => val,
                None => {
                    let p = plan(v.class, d, l)?;
                    let op = new_convert(v, m.layouts[l].0, last)?;
                    last = Some(op);
                    inserted += 1;
                    let times = match (v.weight.factor, v.weight.degree) {
                        (1, 0) => String::new(),
                        _ => format!(", runs {} times", Cost::scaled(1, v.weight)),
                    };
                    emit_op_diagnostic(
                        &op,
                        Severity::Remark,
                        &format!("inserted by layout assignment: {}{times}", p.text),
                    );
                    let val = result(op, 0);
                    made.push((l, val));
                    val
                }
            };
            op_mut(user).set_operand(index, target);
        }
    }
    Ok(inserted)
}

/// Give the register tensor `v` the layout `encoding` (same shape and element type).
fn retype<'c>(v: Value<'c, '_>, encoding: Attribute<'c>) {
    let ty = RankedTensorType::try_from(v.r#type()).expect("a register tensor");
    v.set_type(tensor_of(&shape_of(ty), ty.element(), encoding));
}

/// A new `layout.convert_layout` of `v` to `encoding`, after `after` (None: at the start of
/// `v`'s block).
fn new_convert<'c, 'a>(
    v: &Managed<'c, 'a>,
    encoding: Attribute<'c>,
    after: Option<OperationRef<'c, 'a>>,
) -> Result<OperationRef<'c, 'a>, String> {
    let loc = match v.after {
        Some(op) => op.location(),
        None => v
            .block
            .parent_operation()
            .ok_or("internal: a register tensor's block is outside any op")?
            .location(),
    };
    let src = RankedTensorType::try_from(v.value.r#type()).expect("a register tensor");
    let ty = tensor_of(&v.tensor.shape, src.element(), encoding);
    let op = OperationBuilder::new(CONVERT, loc)
        .add_operands(&[v.value])
        .add_results(&[ty])
        .build()
        .map_err(|_| "internal: cannot create layout.convert_layout".to_string())?;
    Ok(match after {
        Some(a) => v.block.insert_operation_after(a, op),
        None => v.block.insert_operation(0, op),
    })
}
