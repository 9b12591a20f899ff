//! Why a Rust pattern of `--layout-lower-tensors` failed: an error to emit at its op, or one
//! already emitted there (by the resolution of a tensor, [`crate::tensor_resolve`], which
//! reports its own errors as [`Emitted`]). `tensor_patterns::lower` emits the first kind only,
//! so every failure is reported exactly once.

use crate::algebra_inference::Emitted;

/// Why a lowering failed: its error, or an error already emitted at the op.
#[derive(Debug)]
pub(crate) enum Failure {
    Message(String),
    Reported,
}

impl Failure {
    /// The error to emit, none when it was emitted.
    pub(crate) fn message(self) -> Option<String> {
        match self {
            Failure::Message(m) => Some(m),
            Failure::Reported => None,
        }
    }
}

impl From<String> for Failure {
    fn from(m: String) -> Failure {
        Failure::Message(m)
    }
}

impl From<Emitted> for Failure {
    fn from(_: Emitted) -> Failure {
        Failure::Reported
    }
}
