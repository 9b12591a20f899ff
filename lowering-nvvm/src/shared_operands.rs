//! A tensor in shared or tensor memory resolved at the op that reads it, for the Rust patterns
//! of `--layout-lower-tensors`: its first element's pointer and its (static) layout as the
//! `smem` / `tmem` attribute of the hardware ops. The tensor is made in its function by
//! `layout.make_tensor` and tiled, sliced, viewed (`local_tile`, `slice_tensor`, the views);
//! the ops that compute its pointer are created before the reading op. One thread's partition
//! (`layout.partition`) is not a tile of every thread: it is refused, the error at the op.
//!
//! The resolution is cpp/MemoryTensors.cpp's `resolve` (`sharedOperands` there), reached
//! through `layout_nvvm_shared_operands`; its error is emitted there, and a pattern that meets
//! it fails with [`Failure::Reported`].

use layout_dialect::memory_tensor::memory_tensor;
use layout_dialect::type_attr;
use melior::ir::attribute::Attribute;
use melior::ir::operation::OperationRef;
use melior::ir::{Value, ValueLike};
use mlir_sys::{MlirOperation, MlirRewriterBase, MlirValue};

use crate::build::{Builder, Val};

extern "C" {
    /// `sharedOperands` of cpp/MemoryTensors.cpp: the pointer of `tensor` resolved before `at`
    /// through `rewriter` (a pattern rewriter), or false with the error emitted at `at`.
    fn layout_nvvm_shared_operands(
        at: MlirOperation,
        tensor: MlirValue,
        rewriter: MlirRewriterBase,
        ptr: *mut MlirValue,
    ) -> bool;
}

/// The pointer and the layout attribute of the shared or tensor-memory tensor `tensor` read by
/// `at`, the ops that compute them inserted through `b`; `None` when it cannot be resolved (the
/// error emitted at `at`).
pub(crate) fn shared_operands<'c>(
    b: &Builder<'c>,
    at: OperationRef<'c, 'c>,
    tensor: Val<'c>,
) -> Option<(Val<'c>, Attribute<'c>)> {
    let layout = memory_tensor(tensor.r#type()).and_then(|t| type_attr(t.layout))?;
    let rewriter = b.insertion();
    let mut ptr = MlirValue {
        ptr: std::ptr::null(),
    };
    // SAFETY: `at`, `tensor` and the rewriter (the pattern's, its insertion point before `at`)
    // are live for the call; on success C++ wrote a value of the op's context, which lives as
    // long as the pattern's call (`'c`).
    let ptr = unsafe {
        layout_nvvm_shared_operands(at.to_raw(), tensor.to_raw(), rewriter, &mut ptr)
            .then(|| Value::from_raw(ptr))
    }?;
    Some((ptr, layout))
}

/// Why a lowering failed: its error, or an error already emitted at the op (by the C++
/// resolution of a tensor, [`shared_operands`]).
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
