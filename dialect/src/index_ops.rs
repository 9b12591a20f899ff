//! The verifiers and folders of the index-valued ops of the algebra: the integer such an op
//! stands for is computed by the algebra, once per verifier or fold, from the values its
//! operands' types hold.
//!
//! - **CuTe's index functions** `layout.size`, `cosize`, `rank`, `depth`, `max_common_vector`
//!   and `max_alignment` (the functions of the same names in CuTe C++): when every operand is
//!   static, the op is the integer `f(a, ...)`: it folds to it, and an operation the algebra
//!   refuses (or an answer that is not one integer) is the verifier's error. With a runtime leaf
//!   in an operand (or a `*`), nothing is computed here: the lowering computes the integer at
//!   run time.
//! - **The linear-layout analyses** `layout.linear_vector_width` and
//!   `layout.linear_bank_conflicts` (of layout_algebra::linear, the latter with the element
//!   width `bits`): linear layouts are static, so the integer is always computed, with the same
//!   folding and errors.

use layout_algebra::{text, Error, Value as AlgebraValue};
use layout_dialect_ffi::{call, call_linear_analysis, text_and_kind, Operand, Stored};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use crate::op_access::integer_attribute;
use crate::op_diagnostics::algebra_message;

/// Whether the op named `name` is one of this module's.
pub fn is_index_op(name: &str) -> bool {
    matches!(
        name,
        "layout.size"
            | "layout.cosize"
            | "layout.rank"
            | "layout.depth"
            | "layout.max_common_vector"
            | "layout.max_alignment"
            | "layout.linear_vector_width"
            | "layout.linear_bank_conflicts"
    )
}

/// The error of the index op `op` named `name`, if any (the module doc).
pub fn verify_index_op(op: OperationRef<'_, '_>, name: &str) -> Result<(), String> {
    evaluate(op, name).map(|_| ())
}

/// The integer the index op `op` named `name` folds to: None when it is not computed here or
/// the algebra refuses it.
pub fn fold_index_op(op: OperationRef<'_, '_>, name: &str) -> Option<i64> {
    evaluate(op, name).ok().flatten()
}

/// The integer `op` stands for (None when an operand is not static), or the error.
fn evaluate(op: OperationRef<'_, '_>, name: &str) -> Result<Option<i64>, String> {
    let algebra_op = name.strip_prefix("layout.").unwrap_or(name);
    let operands: Vec<Option<Operand>> = op
        .operands()
        .map(|v| crate::type_operand(v.r#type()))
        .collect();
    if name.starts_with("layout.linear_") {
        let Some(args) = operands.into_iter().collect::<Option<Vec<Operand>>>() else {
            let other = op
                .operands()
                .find(|v| crate::type_operand(v.r#type()).is_none());
            return Err(format!(
                "expects layout-dialect operands, got {}",
                other.map(|v| v.r#type().to_string()).unwrap_or_default()
            ));
        };
        let bits = match name {
            "layout.linear_bank_conflicts" => integer_attribute(op, "bits").ok(),
            _ => None,
        };
        let stored = call_linear_analysis(algebra_op, &args, bits).map_err(|e| e.to_string())?;
        return match &stored {
            Stored::Cute(AlgebraValue::Tuple(t)) if t.as_int().is_some() => Ok(t.as_int()),
            other => Err(not_an_integer(&text_and_kind(other).0)),
        };
    }
    let mut args = Vec::with_capacity(operands.len());
    for (operand, v) in operands.into_iter().zip(op.operands()) {
        match operand {
            Some(o) if crate::type_is_static(v.r#type()) => args.push(o),
            _ => return Ok(None),
        }
    }
    match call(algebra_op, &args, &[]) {
        Ok(AlgebraValue::Tuple(t)) if t.as_int().is_some() => Ok(t.as_int()),
        Ok(v) => Err(not_an_integer(&text::print(&v))),
        Err(Error::Dynamic(_)) => Ok(None),
        Err(e) => Err(algebra_message(e)),
    }
}

/// The error for an answer of the algebra that is not one integer.
fn not_an_integer(answer: &str) -> String {
    format!("expected an integer result, the algebra returned '{answer}'")
}
