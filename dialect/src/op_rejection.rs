//! Why a Rust op verifier rejects an op: the errors it found, which the C entry
//! (`layout_verify_op`, `op_verifier.rs`) emits at the op in order, as
//! `op->emitOpError()` would. Shared by the verifiers of the register-tensor ops and of the
//! tensors in memory.

/// Why a verifier rejects an op: its errors, emitted in order (usually one; a check that reads
/// two operands independently reports each that fails).
pub(crate) struct Rejection(pub Vec<String>);

impl From<String> for Rejection {
    fn from(message: String) -> Self {
        Rejection(vec![message])
    }
}

impl From<&str> for Rejection {
    fn from(message: &str) -> Self {
        Rejection(vec![message.to_string()])
    }
}
