//! The verifiers and folders of the bijective (LEGO) layout ops. The layout `B` is a
//! `#layout.bijective` attribute: a chain of bijections from the logical dims
//! `(d_0, ..., d_{n-1})` onto the offsets `[0, d_0 * ... * d_{n-1})` (layout_algebra::bijective,
//! parsed and checked bijective when the attribute is built).
//!
//! - **`layout.apply B, i_0, ..., i_{n-1}`** is the offset `B(i)`: one index operand per logical
//!   dim. It folds when every index is a constant inside its dim (`0 <= i_k < d_k`).
//! - **`layout.inv B, x`** is the coordinate `B^-1(x)`: one result per logical dim. It folds when
//!   the offset is a constant inside `[0, size(B))`.
//!
//! An input outside the domain is not folded (the op is left as it is); a count that does not
//! fit the logical dims is the verifier's error.

use layout_algebra::bijective::Chain;
use melior::ir::operation::{OperationLike, OperationRef};

/// The chain of the op's `layout` attribute, or the error for an attribute that is not a
/// bijective layout.
fn chain(op: OperationRef<'_, '_>) -> Result<Chain, String> {
    let attr = op
        .attribute("layout")
        .map_err(|_| "requires attribute 'layout'".to_string())?;
    match crate::attr_bijective(attr) {
        Some(Ok(c)) => Ok(c),
        _ => Err(format!("expects a #layout.bijective attribute, got {attr}")),
    }
}

/// The error of a `layout.apply` (`inv == false`: one index operand per logical dim) or a
/// `layout.inv` (`inv == true`: one result per logical dim), if any.
pub fn verify_bijective_op(op: OperationRef<'_, '_>, inv: bool) -> Result<(), String> {
    let dims = chain(op)?.dims();
    let (n, what) = if inv {
        (op.result_count(), "result")
    } else {
        (op.operand_count(), "index operand")
    };
    if dims.len() == n {
        return Ok(());
    }
    Err(format!(
        "expects one {what} per logical dim of the bijective layout: {} dim{} {dims:?}, got {n}",
        dims.len(),
        if dims.len() == 1 { "" } else { "s" },
    ))
}

/// The integers a `layout.apply` (`ints`: its constant indices) or a `layout.inv` (`ints`: its
/// constant offset) folds to: the offset, or one coordinate per result; None when an input lies
/// outside the domain or the counts do not fit.
pub fn fold_bijective_op(op: OperationRef<'_, '_>, inv: bool, ints: &[i64]) -> Option<Vec<i64>> {
    let chain = chain(op).ok()?;
    if !inv {
        return chain.apply(ints).ok().map(|offset| vec![offset]);
    }
    let [offset] = ints else {
        return None;
    };
    let coordinate = chain.inv(*offset).ok()?;
    (coordinate.len() == op.result_count()).then_some(coordinate)
}
