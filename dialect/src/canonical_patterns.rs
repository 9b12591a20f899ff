//! The canonicalization patterns of the layout dialect: their match and rewrite, behind the one
//! C entry [`layout_canonicalize_op`] that the C++ pattern of cpp/LayoutCanonicalize.cpp calls
//! with the pattern's number ([`Canonicalization`]).
//!
//! Canonicalization never changes what an op computes. An operand is replaced only where the
//! op observes less than the whole layout:
//!
//! - **`layout.crd2idx` with one (linear) index** observes only the function `i -> L(i)` of its
//!   layout L, and `coalesce(L)` is the same function on the same domain `[0, size(L))`
//!   (CuTe's post-condition of coalesce): the layout operand becomes `layout.coalesce L`.
//! - **`layout.cosize`** observes only the footprint of its layout, and
//!   `filter(L) = coalesce(filter_zeros(L))` has the same image: the operand becomes
//!   `layout.filter L`.
//!
//! Each applies when the operand is a CuTe layout of the dialect (not `*`), is not already
//! the result of that op, and the algebra's answer differs from it (so the pattern reaches a
//! fixed point); an operand the algebra cannot simplify (a runtime leaf in the way: a dynamic
//! answer) is left as it is.
//!
//! - **bind** (a fold of the dialect): an op of the algebra, i.e. a layout-dialect op with one
//!   result (an index, or a value with runtime leaves) and no region, all of whose operands are
//!   layout values, at least one of them made by `layout.make` from integer constants `c_j`, is
//!   computed on its runtime leaves `$j`, as CuTe C++ computes with `int` leaves, and the
//!   answer `f($0, ..., $n-1)` evaluated at `$j = c_j`
//!   ([`layout_dialect_ffi::call_bound`]). An index result becomes an `arith.constant`; a value
//!   with runtime leaves becomes a `layout.make` of the same type whose operands are the
//!   constants its runtime leaves take (the type keeps C++'s static/runtime split, so the value
//!   stays what C++ would hold). Constants that break a condition the algebra records for
//!   runtime leaves (a divisibility) are left alone: the lowering asserts the condition where
//!   it computes the op.
//!
//! Nothing here prints or parses: the operands are the values the types hold, and the new
//! types are made from the algebra's values.

use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::{text, Value as AlgebraValue};
use layout_dialect_ffi::{call_bound, Bound, Stored};
use melior::dialect::arith;
use melior::ir::attribute::IntegerAttribute;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationMutLike, OperationRef};
use melior::ir::{Type, TypeLike, Value, ValueLike};
use melior::{Context, RewriterBase};
use mlir_sys::{MlirOperation, MlirRewriterBase};

use crate::ir::op_mut;
use crate::op_access::constant_int;

/// The patterns, numbered as cpp/LayoutCanonicalize.cpp adds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Canonicalization {
    /// `layout.crd2idx` with one index: coalesce the layout.
    CoalesceCrd2IdxLayout = 0,
    /// `layout.cosize`: filter the layout.
    FilterCosizeOperand = 1,
    /// Any op of the dialect on `layout.make`s of constants: bind it (the module doc).
    BindConstantLeaves = 2,
}

/// Apply the canonicalization numbered `kind` to `op` through `rewriter` (the greedy driver's,
/// its insertion point before `op`): true when `op` was rewritten, false when the pattern does
/// not apply (nothing was changed).
///
/// # Safety
/// `op` is a live op and `rewriter` the pattern rewriter of the pattern being applied to it.
#[no_mangle]
pub unsafe extern "C" fn layout_canonicalize_op(
    op: MlirOperation,
    kind: i32,
    rewriter: MlirRewriterBase,
) -> bool {
    // SAFETY: both handles are live for the call (the caller's contract), and so is the op's
    // context, which `ctx` borrows through the local `context` (it outlives every use).
    let context;
    let (op, rewriter, ctx) = unsafe {
        let op = OperationRef::from_raw(op);
        context = op.context();
        (op, RewriterBase::from_raw(rewriter), context.to_ref())
    };
    let rule = |op, rewriter: &RewriterBase, ctx| match kind {
        0 => simplify_operand(ctx, op, rewriter, 2, "coalesce"),
        1 => simplify_operand(ctx, op, rewriter, 1, "filter"),
        2 => bind_constant_leaves(ctx, op, rewriter),
        _ => false,
    };
    catch_unwind(AssertUnwindSafe(|| rule(op, &rewriter, ctx))).unwrap_or(false)
}

/// The coalesce or filter (`simplify`) rule for an op of `operands` operands whose operand 0
/// is the layout (the module doc).
fn simplify_operand(
    ctx: &Context,
    op: OperationRef<'_, '_>,
    rewriter: &RewriterBase,
    operands: usize,
    simplify: &str,
) -> bool {
    if op.operand_count() != operands {
        return false;
    }
    let Ok(layout) = op.operand(0) else {
        return false;
    };
    let Some(simpler) = simplified(layout, simplify) else {
        return false;
    };
    let Ok(new) = OperationBuilder::new(&format!("layout.{simplify}"), op.location())
        .add_operands(&[layout])
        .add_results(&[crate::value_type(ctx, Stored::Cute(simpler))])
        .build()
    else {
        return false;
    };
    rewriter.set_insertion_point_before(op);
    let new = rewriter.insert(new);
    let Ok(result) = new.result(0) else {
        return false;
    };
    rewriter.start_op_modification(op);
    op_mut(op).set_operand(0, result.into());
    rewriter.finalize_op_modification(op);
    true
}

/// `simplify(v)` (coalesce or filter) of the CuTe layout `v` holds, when the algebra computes
/// it and it differs from `v`; None when `v` is already `simplify`'s result.
fn simplified(v: Value<'_, '_>, simplify: &str) -> Option<AlgebraValue> {
    let ty = v.r#type();
    if crate::type_mnemonic(ty) != Some("layout") || crate::type_text(ty) == Some("*") {
        return None;
    }
    if let Ok(def) = melior::ir::operation::OperationResult::try_from(v) {
        if def.owner().name().as_string_ref().as_str() == Ok(&*format!("layout.{simplify}")) {
            return None;
        }
    }
    let layout = crate::type_stored(ty).flatten()?.cute()?;
    let result = layout_algebra::ops::call(simplify, std::slice::from_ref(layout)).ok()?;
    (Some(text::print(&result).as_str()) != crate::type_text(ty)).then_some(result)
}

/// The bind rule (the module doc).
fn bind_constant_leaves(ctx: &Context, op: OperationRef<'_, '_>, rewriter: &RewriterBase) -> bool {
    let name = op.name();
    let Some(algebra_op) = name
        .as_string_ref()
        .as_str()
        .ok()
        .and_then(|n| n.strip_prefix("layout."))
    else {
        return false;
    };
    if matches!(algebra_op, "make" | "const") || op.result_count() != 1 || op.region_count() != 0 {
        return false;
    }
    let Ok(result) = op.result(0) else {
        return false;
    };
    let result_type = result.r#type();
    let index_result = result_type.is_index();
    if !index_result && (!is_value(result_type) || crate::type_is_static(result_type)) {
        return false;
    }
    let mut args = Vec::with_capacity(op.operand_count());
    let mut values = Vec::new();
    let mut bound = false;
    for v in op.operands() {
        let ty = v.r#type();
        match crate::type_operand(ty) {
            Some(operand) if operand.text != "*" => args.push(operand),
            _ => return false,
        }
        if crate::type_is_static(ty) {
            continue;
        }
        let Some(leaves) = made_of_constants(v) else {
            return false;
        };
        values.extend(leaves);
        bound = true;
    }
    if !bound {
        return false;
    }
    let indices = crate::op_access::i64_array_attribute(op, "indices").unwrap_or_default();
    let Ok(answer) = call_bound(algebra_op, &args, &indices, &values, !index_result) else {
        return false;
    };
    let location = op.location();
    let constant = |v: i64| {
        let index = Type::index(ctx);
        let c = rewriter.insert(arith::constant(
            ctx,
            IntegerAttribute::new(index, v).into(),
            location,
        ));
        c.result(0).map(Value::from)
    };
    rewriter.set_insertion_point_before(op);
    let replacement = match answer {
        Bound::Value(AlgebraValue::Tuple(t)) if index_result => match t.as_int() {
            Some(v) => constant(v),
            None => return false,
        },
        Bound::Leaves(leaves) if !index_result => {
            let leaves: Result<Vec<Value>, _> = leaves.into_iter().map(constant).collect();
            let Ok(leaves) = leaves else {
                return false;
            };
            let Ok(make) = OperationBuilder::new("layout.make", location)
                .add_operands(&leaves)
                .add_results(&[result_type])
                .build()
            else {
                return false;
            };
            rewriter.insert(make).result(0).map(Value::from)
        }
        _ => return false,
    };
    match replacement {
        Ok(v) => {
            rewriter.replace_op_with_values(op, &[v]);
            true
        }
        Err(_) => false,
    }
}

/// Whether `ty` is a value type of the dialect other than `*`.
fn is_value(ty: Type<'_>) -> bool {
    crate::type_text(ty).is_some_and(|t| t != "*")
}

/// The constants a `layout.make` that defines `v` takes, in order; None when `v` is not made
/// by `layout.make` or a leaf is not an integer constant.
fn made_of_constants(v: Value<'_, '_>) -> Option<Vec<i64>> {
    let make = melior::ir::operation::OperationResult::try_from(v)
        .ok()?
        .owner();
    if make.name().as_string_ref().as_str() != Ok("layout.make") {
        return None;
    }
    make.operands().map(constant_int).collect()
}
