//! The register conversions of `--layout-lower-register-tensors` (two kinds of
//! [`crate::register_ops`]), each of which becomes `layout.convert`, the plan of `convert_plan`
//! that `--layout-lower-to-nvvm` lowers:
//!
//! - `layout.convert_layout`: the thread's index (`nvvm.read.ptx.sreg.tid.x`); then
//!   `nvvm.barrier0` when the conversion waits for the CTA before it uses the shared buffer
//!   ([`crate::convert_buffer::is_fenced`]); then, when its plan goes through shared memory,
//!   the buffer's address (`llvm.mlir.addressof @__layout_convert_smem`, address space 3); then
//!   `layout.convert %src smem(%buffer) thread(%tid)` with the type a register of its elements
//!   has, the source and result encodings, the budget at the op and the target SM. A
//!   conversion without a plan is an error at the op.
//! - `layout.retile`: the thread's index, then `layout.convert` without a buffer. Its verifier
//!   proved that the plan is a renaming of registers (convert_plan's registers path), which the
//!   lowering of `layout.convert` emits as struct field moves.
//!
//! Which conversions wait, and the buffer itself, were planned before the rewrite
//! ([`crate::convert_buffer`]).

use melior::ir::operation::OperationRef;
use melior::ir::r#type::Type;

use crate::build::{Builder, Val};
use crate::build_layout;
use crate::build_nvvm::Sync;
use crate::convert_buffer::{is_fenced, Conversion, BUFFER};

/// Which register conversion is lowered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RegisterConversion {
    /// `layout.convert_layout`.
    ConvertLayout,
    /// `layout.retile`.
    Retile,
}

/// Lower the conversion `op` of kind `kind`: `operands` are its remapped operands (the source's
/// struct), `results` its result's converted type, `sm` the target SM.
pub(crate) fn lower<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    kind: RegisterConversion,
    operands: &[Val<'c>],
    results: &[Type<'c>],
    sm: i64,
) -> Result<(), String> {
    let (Some(&src), Some(&result)) = (operands.first(), results.first()) else {
        return Err("internal: a conversion has one operand and one result".into());
    };
    let conversion = Conversion::of(b.context(), op)?;
    let bytes = match kind {
        RegisterConversion::ConvertLayout => conversion.shared_bytes(sm)?,
        RegisterConversion::Retile => 0,
    };
    let thread = b.thread_id_x();
    if kind == RegisterConversion::ConvertLayout && is_fenced(op) {
        b.sync(Sync::Barrier0);
    }
    let buffer = (bytes > 0).then(|| b.address_of(BUFFER, b.ptr(3)));
    let converted = build_layout::convert(b, src, buffer, thread, &conversion, sm, result)?;
    b.replace(op, &[converted]);
    Ok(())
}
