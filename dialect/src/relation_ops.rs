//! The verifier and the decision of the relation ops `layout.equal`, `layout.is_injective` and
//! `layout.is_bijective` (docs/relations.md). Each operand `L` is read as the integer-set
//! relation `{ c -> L(c) : 0 <= c < size(L) }` over the flat (colexicographic) coordinate `c`,
//! and the property is decided on those relations by ISL (layout_relation):
//!
//! - `equal(A, B)`: `dom A = dom B` and `A(c) = B(c)` for every `c` of that domain;
//! - `is_injective(L)`: `L(c) = L(c')` implies `c = c'`;
//! - `is_bijective(L)`: injective, with image `[0, size(L))` (a CuTe, swizzled or composed
//!   layout) or `[0, 2^N)` (a linear layout with N output bits).
//!
//! The verifier checks the arity and each operand's kind only: CuTe layouts, swizzles and
//! composed layouts (`!layout.layout`, `!layout.swizzle`) and linear layouts (`!layout.linear`)
//! have a relation; tuples, tilers and bijective (LEGO) layouts do not. It runs no ISL: deciding
//! is a search, which only the folder runs, under its budget (`FOLD_MAX_OPERATIONS` ISL
//! operations and `FOLD_TIME_LIMIT`). An operand with a runtime leaf `?` is legal and has no
//! relation (a `?` stride times a coordinate is not affine), so the op then does not fold.
//!
//! The C++ folder keeps the decision per operand types in the dialect's cache and turns it into
//! an `i1` constant with its remark or warning; it hands the op to [`layout_relation_decision`]
//! and reads the verdict, never naming the relation.

use layout_algebra::Error;
use layout_dialect_ffi::relation::{relation_decision, relation_operands};
use layout_dialect_ffi::{LayoutResult, Operand};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;
use mlir_sys::MlirOperation;

use crate::op_diagnostics::op_name;

/// Whether the op named `name` is a relation op.
pub fn is_relation_op(name: &str) -> bool {
    matches!(
        name,
        "layout.equal" | "layout.is_injective" | "layout.is_bijective"
    )
}

/// The relation of the op named `name` (`equal`, `is_injective` or `is_bijective`).
fn relation(name: &str) -> &str {
    name.strip_prefix("layout.").unwrap_or(name)
}

/// The op's operands as the values their types hold; an error for an operand of another
/// dialect.
fn operands<'c>(op: &OperationRef<'c, '_>) -> Result<Vec<Operand<'c>>, String> {
    op.operands()
        .map(|v| {
            crate::type_operand(v.r#type())
                .ok_or_else(|| format!("expects layout-dialect operands, got {}", v.r#type()))
        })
        .collect()
}

/// The verifier's error of the relation op `op` named `name`, if any (the module doc: arity and
/// operand kinds, no ISL).
pub fn verify_relation_op(op: OperationRef<'_, '_>, name: &str) -> Result<(), String> {
    match relation_operands(relation(name), &operands(&op)?) {
        Ok(_) | Err(Error::Dynamic(_)) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

/// The folder's decision on the relation op `op` (the statuses of
/// `layout_dialect_ffi::relation_decision`: ok with `kind` 1 when the property holds and 0 with
/// the witness when not; dynamic; or the error).
///
/// # Safety
/// `op` is a live relation op of the layout dialect.
#[no_mangle]
pub unsafe extern "C" fn layout_relation_decision(op: MlirOperation) -> LayoutResult {
    let op = OperationRef::from_raw(op);
    let name = op_name(&op);
    match operands(&op) {
        Ok(args) => relation_decision(relation(&name), &args),
        Err(e) => layout_dialect_ffi::error_result(Error::algebra(e)),
    }
}
