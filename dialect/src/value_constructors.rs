//! The verifiers of the ops that make a layout value: `layout.const` and `layout.make`.
//!
//! - **`layout.const`**: the attribute's storage parsed its text once and recorded what it
//!   found (Layout/ValueStorage.h); the verifier reads that record. The text must have a value
//!   (else the parse error), be the canonical text of that value (else the canonical text is
//!   named), and a CuTe value must have no runtime leaf `?` (those are built by `layout.make`).
//! - **`layout.make`**: the result type spells out a value (not `*`) that is not a linear
//!   layout (it has no runtime leaves) and parses, and the op has one index operand per `?`
//!   leaf of its canonical text.

use melior::ir::operation::{OperationLike, OperationRef};

use crate::op_access::result_type;

/// The error of a `layout.const`, if any (the module doc).
pub fn verify_const(op: OperationRef<'_, '_>) -> Result<(), String> {
    let attr = op
        .attribute("value")
        .map_err(|_| "internal: no attribute 'value'".to_string())?;
    let (text, note) =
        crate::attr_text_and_note(attr).ok_or("internal: 'value' is not a layout value")?;
    let linear = crate::attr_mnemonic(attr) == Some("linear");
    let what = if linear { "linear layout" } else { "value" };
    if crate::attr_stored(attr).flatten().is_none() {
        return Err(format!("invalid {what} '{text}': {note}"));
    }
    // A value whose text is not canonical has the canonical text as its note.
    if !note.is_empty() {
        return Err(format!(
            "{what} '{text}' is not canonical (expected '{note}')"
        ));
    }
    if !linear && text.contains('?') {
        return Err(format!(
            "value '{text}' has dynamic leaves '?': build it with layout.make from index values"
        ));
    }
    Ok(())
}

/// The error of a `layout.make`, if any (the module doc).
pub fn verify_make(op: OperationRef<'_, '_>) -> Result<(), String> {
    let ty = result_type(op)?;
    let text = crate::type_text(ty).ok_or("internal: the result is not a layout value")?;
    if text == "*" {
        return Err("result type must spell out the value; '*' has no leaves to fill".into());
    }
    if crate::type_mnemonic(ty) == Some("linear") {
        return Err(format!(
            "a linear layout has no runtime leaves: build '{ty}' with layout.const"
        ));
    }
    if crate::type_stored(ty).flatten().is_none() {
        return Err(format!("invalid result type text '{text}'"));
    }
    // The canonical text of a CuTe value spells each runtime leaf as `?`.
    let leaves = text.matches('?').count();
    let operands = op.operand_count();
    if operands != leaves {
        return Err(format!(
            "expects one index operand per '?' leaf of '{ty}': {leaves} leaves, got {operands} operands"
        ));
    }
    Ok(())
}
