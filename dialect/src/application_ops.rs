//! The verifiers and folders of the ops that apply a layout: `layout.crd2idx` (a coordinate to
//! an offset), `layout.idx2crd` (an index to the coordinate in the layout's shape) and
//! `layout.linear_apply` (input indices to the offset of a linear layout).
//!
//! - **`layout.crd2idx`**: the layout is a CuTe layout or a swizzle (or `*`, then nothing more
//!   is checked) and there is at least one coordinate. The coordinate count must fit the
//!   layout's shape (one linear index, one per mode or one per leaf), whether the layout is
//!   static or not; with a static layout and constant coordinates the application itself must
//!   succeed (the coordinate lies in the domain). It folds to the offset when the layout is
//!   static and the coordinates are constants.
//! - **`layout.idx2crd`**: the layout is a CuTe layout or a swizzle; with a static layout whose
//!   shape is a static integer tuple, one result per leaf of the shape. It folds to the
//!   coordinate's leaves when the layout is static and the index a constant inside it.
//! - **`layout.linear_apply`**: the linear layout is given once, as the attribute `layout` or
//!   as the operand `linear`; it is a linear layout (`#layout.linear` / `!layout.linear`), and
//!   there is one index operand per input dimension of it.

use layout_algebra::{text, Error, Value as AlgebraValue};
use layout_dialect_ffi::{coordinate_of, crd2idx, idx2crd, linear_apply_check, Stored};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, Value, ValueLike};

use crate::ir::operand_group;
use crate::op_access::{constant_int, operand_type};
use crate::op_diagnostics::algebra_message;

/// The layout operand's type of a crd2idx or idx2crd, checked to be a CuTe layout or a swizzle.
fn applied_layout<'c>(op: OperationRef<'c, '_>) -> Result<Type<'c>, String> {
    let ty = operand_type(op, 0)?;
    if !matches!(crate::type_mnemonic(ty), Some("layout" | "swizzle")) {
        return Err(format!("expects a layout operand, got '{ty}'"));
    }
    Ok(ty)
}

/// The value a layout-dialect type holds (None for `*` or a type of another dialect).
fn stored_value(ty: Type<'_>) -> Option<&Stored> {
    crate::type_stored(ty).flatten()
}

/// The error of a `layout.crd2idx`, if any (the module doc).
pub fn verify_crd2idx(op: OperationRef<'_, '_>) -> Result<(), String> {
    let ty = applied_layout(op)?;
    let coords: Vec<Value> = op.operands().skip(1).collect();
    if coords.is_empty() {
        return Err("expects at least one coordinate operand".into());
    }
    if crate::type_text(ty) == Some("*") {
        return Ok(());
    }
    let constants: Vec<Option<i64>> = coords.iter().map(|c| constant_int(*c)).collect();
    let values: Vec<i64> = constants.iter().map(|c| c.unwrap_or(0)).collect();
    let layout = stored_value(ty);
    if constants.iter().any(Option::is_none) {
        // Whether n coordinates fit the shape depends on the layout and n only.
        return coordinate_of(layout, &values)
            .map(|_| ())
            .map_err(algebra_message);
    }
    if crate::type_is_static(ty) {
        return crd2idx(layout, &values)
            .map(|_| ())
            .map_err(|e| e.to_string());
    }
    // A layout with runtime leaves: the coordinate count only (a dynamic answer is no error).
    match coordinate_of(layout, &values) {
        Err(Error::Dynamic(_)) | Ok(_) => Ok(()),
        Err(e) => Err(algebra_message(e)),
    }
}

/// The offset a `layout.crd2idx` folds to at the constant coordinates `coords`: None when the
/// layout is not static or the offset is not one integer.
pub fn fold_crd2idx(op: OperationRef<'_, '_>, coords: &[i64]) -> Option<i64> {
    let ty = op.operands().next()?.r#type();
    if !crate::type_is_static(ty) {
        return None;
    }
    crd2idx(stored_value(ty), coords).ok().flatten()
}

/// The error of a `layout.idx2crd`, if any (the module doc).
pub fn verify_idx2crd(op: OperationRef<'_, '_>) -> Result<(), String> {
    let ty = applied_layout(op)?;
    if !crate::type_is_static(ty) {
        return Ok(());
    }
    let shape = match stored_value(ty).and_then(Stored::cute) {
        Some(AlgebraValue::Func(f)) => match f.domain_layout() {
            Ok(l) => l.shape.clone(),
            Err(_) => return Ok(()),
        },
        _ => return Ok(()),
    };
    let Ok(leaves) = shape.values("idx2crd") else {
        return Ok(());
    };
    let (n, results) = (leaves.len(), op.result_count());
    if results != n {
        return Err(format!(
            "expects one result per leaf of the shape {}: {n} results, got {results}",
            text::print(&AlgebraValue::Tuple(shape))
        ));
    }
    Ok(())
}

/// The coordinate a `layout.idx2crd` folds to at the constant index `idx`: its leaves, one
/// per result of the op, or None.
pub fn fold_idx2crd(op: OperationRef<'_, '_>, idx: i64) -> Option<Vec<i64>> {
    let ty = op.operands().next()?.r#type();
    if !crate::type_is_static(ty) {
        return None;
    }
    idx2crd(stored_value(ty), idx).filter(|leaves| leaves.len() == op.result_count())
}

/// The error of a `layout.linear_apply`, if any (the module doc).
pub fn verify_linear_apply(op: OperationRef<'_, '_>) -> Result<(), String> {
    let attr = op.attribute("layout").ok();
    let operand = operand_group(op, 0)?.first().map(|v| v.r#type());
    let inputs = operand_group(op, 1)?.len();
    let layout = match (attr, operand) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(format!(
                "expects the linear layout as a #layout.linear attribute or as an SSA operand of type !layout.linear<...>, got {}",
                if attr.is_some() { "both" } else { "neither" }
            ))
        }
        (Some(a), None) => {
            if crate::attr_mnemonic(a) != Some("linear") {
                return Err(format!("expects a #layout.linear attribute, got {a}"));
            }
            crate::attr_stored(a).flatten()
        }
        (None, Some(t)) => {
            if crate::type_mnemonic(t) != Some("linear") {
                return Err(format!(
                    "expects an operand of type !layout.linear<...>, got '{t}'"
                ));
            }
            stored_value(t)
        }
    };
    linear_apply_check(layout, inputs)
}
