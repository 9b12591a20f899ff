//! Diagnostics of the Rust passes on an MLIR operation (any melior `OperationLike`): its name, and an error (or a remark
//! or warning) at its location in MLIR's own form `'<name>' op <message>` (what
//! `op->emitError()` prints in C++), or a bare one at a location; and the error `op->emitOpError()` emits in C++, the op
//! attached, optionally with a note at another location.
//! Shared by the lowering, NVVM lowering and proof passes.

use std::ffi::CString;

use melior::ir::operation::OperationLike;
use melior::ir::Location;

/// The operation's name (`layout.crd2idx`); empty if MLIR gives no UTF-8 name.
pub fn op_name<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> String {
    op.name().as_string_ref().as_str().unwrap_or("").to_string()
}

/// How serious a diagnostic is (MLIR's remark, warning and error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Remark = 0,
    Warning = 1,
    Error = 2,
}

extern "C" {
    fn mlirLayoutEmitDiagnostic(
        loc: mlir_sys::MlirLocation,
        severity: i32,
        message: *const std::os::raw::c_char,
    );
    fn mlirLayoutEmitOpDiagnostic(
        op: mlir_sys::MlirOperation,
        remark: bool,
        message: *const std::os::raw::c_char,
        note_loc: mlir_sys::MlirLocation,
        note: *const std::os::raw::c_char,
    );
}

/// Emit `'<name>' op <message>` with `severity` at the operation's location. A NUL byte in the
/// message (which a C string cannot hold) is printed as a space.
pub fn emit_op_diagnostic<'c: 'a, 'a>(
    op: &impl OperationLike<'c, 'a>,
    severity: Severity,
    message: &str,
) {
    let text = format!("'{}' op {message}", op_name(op));
    emit_diagnostic(op.location(), severity, &text)
}

/// Emit `message` with `severity` at `loc`, as `mlir::emitWarning(loc) << message` (or
/// emitRemark, emitError) does in C++: no op attached, nothing printed but the message (a NUL
/// byte printed as a space).
pub fn emit_diagnostic(loc: Location<'_>, severity: Severity, message: &str) {
    let text = CString::new(message.replace('\0', " ")).expect("NUL bytes were replaced");
    // SAFETY: `loc` is a live location (melior's `Location` of its context), `text` a
    // NUL-terminated string that outlives the call (the C++ side copies it).
    unsafe { mlirLayoutEmitDiagnostic(loc.to_raw(), severity as i32, text.as_ptr()) };
}

/// Emit `'<name>' op <message>` as an error at `loc`, for an op named `name` that is not
/// built (what C++'s `emitOptionalError(loc, "'", name, "' op ", message)` emits when an op's
/// result type cannot be inferred).
pub fn emit_named_op_error(loc: Location<'_>, name: &str, message: &str) {
    emit_diagnostic(loc, Severity::Error, &format!("'{name}' op {message}"));
}

/// Emit `'<name>' op <message>` as an error at the operation's location.
pub fn emit_op_error<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, message: &str) {
    emit_op_diagnostic(op, Severity::Error, message)
}

/// Emit `'<name>' op <message>` as the error of `op`, as `op->emitOpError() << message` does in
/// C++ (with the op attached as a note when the context prints ops on diagnostics), then the
/// note `note` at its location if one is given (NUL bytes printed as spaces, as above).
pub fn emit_op_error_noted<'c: 'a, 'a>(
    op: &impl OperationLike<'c, 'a>,
    message: &str,
    note: Option<(Location<'c>, &str)>,
) {
    emit_attached(op, false, message, note)
}

/// Emit `'<name>' op <message>` as a remark of `op`, as `op->emitRemark() << "'" <<
/// op->getName() << "' op " << message` does in C++ (the op attached as a note when the context
/// prints ops on diagnostics): what a pass says it chose for the op.
pub fn emit_op_remark<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, message: &str) {
    emit_plain_op_remark(op, &format!("'{}' op {message}", op_name(op)))
}

/// Emit `message` as a remark of `op` without the op's name, as `op->emitRemark() << message`
/// does in C++ (the op attached as a note when the context prints ops on diagnostics).
pub fn emit_plain_op_remark<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, message: &str) {
    emit_attached(op, true, message, None)
}

/// The error (`remark` false: `'<name>' op <message>`) or remark (the message as it is) of
/// `op` with the op attached, then the note.
fn emit_attached<'c: 'a, 'a>(
    op: &impl OperationLike<'c, 'a>,
    remark: bool,
    message: &str,
    note: Option<(Location<'c>, &str)>,
) {
    let c_string = |t: &str| CString::new(t.replace('\0', " ")).expect("NUL bytes were replaced");
    let text = c_string(message);
    let note_text = note.map(|(_, n)| c_string(n));
    let note_loc = note.map_or(op.location(), |(l, _)| l);
    let note_ptr = note_text.as_ref().map_or(std::ptr::null(), |n| n.as_ptr());
    // SAFETY: `op` is a live op and `note_loc` a live location of its context (melior's typed
    // handles); the texts are NUL-terminated strings (or null for no note) that outlive the
    // call (the C++ side copies them).
    unsafe {
        mlirLayoutEmitOpDiagnostic(
            op.to_raw(),
            remark,
            text.as_ptr(),
            note_loc.to_raw(),
            note_ptr,
        )
    };
}

/// Emit `'<name>' op <message>` as the error of a verifier: what `op->emitOpError()` emits in
/// C++, with the op attached as a note when the context prints ops on diagnostics (a verifier's
/// error shows the op it rejects; a pass's error, [`emit_op_error`], shows its location only).
pub fn emit_verifier_error<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>, message: &str) {
    emit_op_error_noted(op, message, None)
}

/// The message of an algebra error as the dialect's C API reports it (`from_error`): a parse
/// error's message alone, any other error as it displays.
pub fn algebra_message(e: layout_algebra::Error) -> String {
    match e {
        layout_algebra::Error::Parse { message, .. } => message,
        e => e.to_string(),
    }
}
