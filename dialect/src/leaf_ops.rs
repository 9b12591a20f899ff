//! The verifier and folder of `layout.shape_leaf` and `layout.stride_leaf`: the leaf of a
//! layout's shape or stride at a mode path (outermost first).
//!
//! The operand is a CuTe layout (`!layout.layout<...>`; with `*` nothing more is checked), and
//! the path must lead to a leaf of its shape; a stride leaf must be an integer (not a scaled
//! basis). The op folds to the leaf's value when it is static, and to the operand of the
//! `layout.make` that built the layout when it is that op's k-th runtime leaf `?`.

use layout_dialect_ffi::{leaf, Leaf};
use melior::ir::operation::{OperationLike, OperationRef, OperationResult};
use melior::ir::{Value, ValueLike};

use crate::op_access::{i64_array_attribute, operand_type};
use crate::op_diagnostics::algebra_message;

/// The error of a `layout.shape_leaf` (`stride` false) or `layout.stride_leaf`, if any (the
/// module doc).
pub fn verify_leaf(op: OperationRef<'_, '_>, stride: bool) -> Result<(), String> {
    let ty = operand_type(op, 0)?;
    if crate::type_mnemonic(ty) != Some("layout") {
        return Err(format!("expects a layout operand, got '{ty}'"));
    }
    if crate::type_text(ty) == Some("*") {
        return Ok(());
    }
    let path = i64_array_attribute(op, "path")?;
    leaf(crate::type_stored(ty).flatten(), stride, &path)
        .map(|_| ())
        .map_err(algebra_message)
}

/// What a leaf op folds to.
pub enum LeafFold<'c, 'a> {
    /// The static leaf's value.
    Constant(i64),
    /// The operand of the `layout.make` that gave the runtime leaf.
    Forward(Value<'c, 'a>),
}

/// What a `layout.shape_leaf` (`stride` false) or `layout.stride_leaf` at the mode path `path`
/// folds to, if anything (the module doc).
pub fn fold_leaf<'c, 'a>(
    op: OperationRef<'c, 'a>,
    stride: bool,
    path: &[i64],
) -> Option<LeafFold<'c, 'a>> {
    let layout = op.operands().next()?;
    let ty = layout.r#type();
    if crate::type_text(ty) == Some("*") {
        return None;
    }
    match leaf(crate::type_stored(ty).flatten(), stride, path).ok()? {
        Leaf::Static(v) => Some(LeafFold::Constant(v)),
        Leaf::Runtime(k) => {
            // The k-th runtime leaf: the k-th operand of the layout.make that built it.
            let make = OperationResult::try_from(layout).ok()?.owner();
            if make.name().as_string_ref().as_str() != Ok("layout.make") {
                return None;
            }
            // Counted first: melior's `operand` prints the op on a miss.
            if k >= make.operand_count() {
                return None;
            }
            make.operand(k).ok().map(LeafFold::Forward)
        }
    }
}
