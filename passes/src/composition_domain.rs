//! The pass `layout-composition-domain`: the exact set of coordinates at which a composition
//! reads its left operand outside its domain.
//!
//! `R = A o B` evaluates `A(B(c))`. A's domain is `[0, size(A))`; CuTe extends A along its last
//! mode past it, and the verifier of `layout.composition` warns with the index range
//! `[size(A), cosize(B))` (from the algebra: bounded by the op's size). Which coordinates of B
//! actually land there is a search, so it is this opt-in analysis: for every
//! `layout.composition` with static CuTe layouts whose B reaches past size(A), a remark at the
//! op gives
//!
//!   `{ c in dom(B) : B(c) < 0 or B(c) >= size(A) }`
//!
//! over B's natural coordinate (one variable `c0, c1, ...` per leaf of B's shape, leftmost
//! first). There `B(c) = sum_i c_i * d_i` is affine in the coordinate, so the set has no
//! integer divisions (`floor`): it reads as the box of B's domain cut by one or two
//! half-spaces (`layout_relation::ops::out_of_domain_natural`). ISL runs under a budget
//! ([`MAX_OPERATIONS`] operations, [`TIME_LIMIT`]); when it runs out the remark says so
//! instead of giving a set. The pass changes nothing in the IR.

use layout_algebra::{Func, Value as AlgebraValue};
use layout_dialect::ir::nested_ops;
use layout_dialect::op_diagnostics::{emit_op_diagnostic, op_name, Severity};
use layout_relation::isl::Budget;
use layout_relation::{AnyLayout, Ctx};
use melior::ir::operation::{OperationLike, OperationRef, WalkOrder};
use melior::ir::r#type::TypeId;
use melior::ir::ValueLike;
use melior::pass::{create_external, ExternalPass, Pass, RunExternalPass};
use melior::ContextRef;

/// The pass argument (`layout-opt --layout-composition-domain`).
pub const ARGUMENT: &str = "layout-composition-domain";

/// ISL operations one composition may use.
pub const MAX_OPERATIONS: u64 = 2_000_000;

/// Wall time one composition may use.
pub const TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(2);

#[repr(align(8))]
struct PassId;
static COMPOSITION_DOMAIN_ID: PassId = PassId;

#[derive(Clone, Debug, Default)]
struct CompositionDomain;

impl<'c> RunExternalPass<'c> for CompositionDomain {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, operation: OperationRef<'c, '_>, _pass: ExternalPass<'_>) {
        let targets = nested_ops(operation, WalkOrder::PreOrder)
            .into_iter()
            .filter(|op| op_name(op) == "layout.composition");
        for op in targets {
            if let Some(message) = remark_of(op) {
                emit_op_diagnostic(&op, Severity::Remark, &message);
            }
        }
    }
}

/// A new `layout-composition-domain` pass (runs on any op: analyses everything nested in it).
pub fn create_pass() -> Pass {
    create_external(
        CompositionDomain,
        TypeId::create(&COMPOSITION_DOMAIN_ID),
        "LayoutCompositionDomain",
        ARGUMENT,
        "Remark, at each composition that reads A past size(A), the exact set of B's coordinates that do (ISL, opt-in)",
        "",
        &[],
    )
}

/// The static CuTe layout an operand's type holds (None: another kind, dynamic or unknown).
fn operand_layout(op: OperationRef<'_, '_>, i: usize) -> Option<Func> {
    let value = op.operand(i).ok()?;
    match &*layout_dialect::type_value(value.r#type())?.ok()? {
        AlgebraValue::Func(f @ Func::Layout(l)) if l.is_static() => Some(f.clone()),
        _ => None,
    }
}

/// The remark of one composition, or None when A and B are not static layouts or B stays in
/// A's domain.
fn remark_of(op: OperationRef<'_, '_>) -> Option<String> {
    let a = operand_layout(op, 0)?;
    let b = operand_layout(op, 1)?;
    let (Func::Layout(la), Func::Layout(lb)) = (&a, &b) else {
        return None;
    };
    let (size_a, _) = layout_dialect::reads_past_domain(la, lb)?;
    Some(match out_of_domain_natural(&a, &b) {
        Ok(set) => format!(
            "the coordinates of B = {} that read A past size(A) = {size_a}: {set} (B's natural coordinate, one variable per leaf)",
            layout_algebra::text::print_func(&b)
        ),
        Err(e) => format!(
            "the coordinates of B = {} that read A past size(A) = {size_a} are not known: {e}",
            layout_algebra::text::print_func(&b)
        ),
    })
}

/// `{ c in dom(B) : B(c) < 0 or B(c) >= size(A) }` over B's natural coordinate, as ISL text,
/// under the budget of [`MAX_OPERATIONS`] operations and [`TIME_LIMIT`].
pub fn out_of_domain_natural(a: &Func, b: &Func) -> Result<String, layout_algebra::Error> {
    let ctx = Ctx::with_budget(Budget {
        operations: MAX_OPERATIONS,
        time: Some(TIME_LIMIT),
    })?;
    let (a, b) = (AnyLayout::Func(a.clone()), AnyLayout::Func(b.clone()));
    let set = layout_relation::ops::out_of_domain_natural(&ctx, &a, &b)?;
    set.to_text()
}
