//! The verifier's warning on `layout.composition` `A o B`: when both operands are static, and
//! B's image (the offsets `0 .. cosize(B)`) reaches past `size(A)`, A is read outside its
//! domain (extended along its last mode, as CuTe does). The warning names the index range
//! `[size(A), cosize(B))`; it is emitted at the op's location (an op-attached diagnostic would
//! print, and so verify again, the op) and never fails the op. Its cost is that of `size` and
//! `cosize`; the exact set of B's coordinates past size(A) is the opt-in pass
//! `--layout-composition-domain`.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use crate::op_diagnostics::{emit_diagnostic, Severity};

/// Warn at the location of the `layout.composition` `op` when it reads A outside its domain
/// (the module doc).
pub fn warn_composition_reach(op: OperationRef<'_, '_>) {
    let mut values = Vec::with_capacity(2);
    for v in op.operands() {
        let ty = v.r#type();
        if !crate::type_is_static(ty) {
            return;
        }
        values.push(crate::type_stored(ty).flatten().and_then(|s| s.cute()));
    }
    let (Some(Some(a)), Some(Some(b))) = (values.first(), values.get(1)) else {
        return;
    };
    if let Some(warning) = layout_dialect_ffi::composition_reach(a, b) {
        emit_diagnostic(op.location(), Severity::Warning, &warning);
    }
}
