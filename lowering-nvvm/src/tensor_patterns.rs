//! The greedy rewrite patterns of `--layout-lower-tensors` (cpp/MemoryTensors.cpp) whose
//! bodies are Rust: each `RustRewritePattern<Op>` there hands its op, its kind (numbered from
//! [`FIRST_KIND`], `TensorOp` below) and the pattern's rewriter to
//! `layout_nvvm_lower_op` (src/pass.rs), which calls [`lower`]. The ops:
//!
//! - `layout.encode_tensor_map`: see [`crate::tensor_map_lowering`];
//! - `layout.tma_encodable`: see [`crate::tma_encodable_lowering`];
//! - `layout.shared_alloc`, lowered before the patterns run (each through an `IRRewriter`, with
//!   the target SM): see [`crate::shared_alloc_lowering`];
//! - the memory accesses of tensors (`layout.async_copy`, `layout.shared_load`,
//!   `layout.shared_store`, `layout.tensor_ptr`, `layout.global_load`, `layout.global_store`):
//!   see [`crate::resolved_access`]; an op without tensor operands is not their pattern's (it
//!   fails without an error);
//! - `layout.mbarrier_init`, `layout.mbarrier_wait`, `layout.mbarrier_arrive`: see
//!   [`crate::mbarrier_lowering`];
//! - `layout.mma_async`: see [`crate::mma_async_lowering`];
//! - `layout.tensor_memory_load` and `layout.tensor_memory_store`: see
//!   [`crate::tensor_memory_lowering`];
//! - `layout.copy`: see [`crate::copy_lowering`];
//! - `layout.mma_tmem`: see [`crate::mma_tmem_lowering`];
//! - `layout.tma_copy`: see [`crate::tma_copy_lowering`].
//!
//! An op that cannot be lowered is the op's error (`op->emitOpError()` in C++), and the
//! pattern fails.

use layout_dialect::op_diagnostics::emit_verifier_error;
use melior::ir::operation::OperationRef;

use crate::build::Builder;
use crate::copy_lowering::lower_copy;
use crate::lowering_failure::Failure;
use crate::mbarrier_lowering::lower_mbarrier;
use crate::mma_async_lowering::lower_mma_async;
use crate::mma_tmem_lowering::lower_mma_tmem;
use crate::resolved_access::resolve_access;
use crate::shared_alloc_lowering::lower_shared_alloc;
use crate::tensor_map_lowering::lower_encode_tensor_map;
use crate::tensor_memory_lowering::{lower_tensor_memory_load, lower_tensor_memory_store};
use crate::tma_copy_lowering::lower_tma_copy;
use crate::tma_encodable_lowering::lower_tma_encodable;

/// The kind of the first memory-tensor op: the kinds below it are the hardware and
/// register-tensor ops of src/pass.rs.
pub const FIRST_KIND: i32 = 200;

/// The memory-tensor ops lowered here, numbered from [`FIRST_KIND`] (cpp/MemoryTensors.cpp
/// passes these numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TensorOp {
    EncodeTensorMap,
    TmaEncodable,
    SharedAlloc,
    AsyncCopy,
    SharedLoad,
    SharedStore,
    TensorPtr,
    GlobalLoad,
    GlobalStore,
    MbarrierInit,
    MbarrierWait,
    MbarrierArrive,
    MmaAsync,
    TensorMemoryLoad,
    TensorMemoryStore,
    Copy,
    MmaTmem,
    TmaCopy,
}

impl TensorOp {
    const ALL: [TensorOp; 18] = [
        TensorOp::EncodeTensorMap,
        TensorOp::TmaEncodable,
        TensorOp::SharedAlloc,
        TensorOp::AsyncCopy,
        TensorOp::SharedLoad,
        TensorOp::SharedStore,
        TensorOp::TensorPtr,
        TensorOp::GlobalLoad,
        TensorOp::GlobalStore,
        TensorOp::MbarrierInit,
        TensorOp::MbarrierWait,
        TensorOp::MbarrierArrive,
        TensorOp::MmaAsync,
        TensorOp::TensorMemoryLoad,
        TensorOp::TensorMemoryStore,
        TensorOp::Copy,
        TensorOp::MmaTmem,
        TensorOp::TmaCopy,
    ];

    fn from_number(k: i32) -> Option<TensorOp> {
        TensorOp::ALL
            .get(usize::try_from(k.checked_sub(FIRST_KIND)?).ok()?)
            .copied()
    }
}

/// Lower the memory-tensor op `op` of kind `kind` (at least [`FIRST_KIND`]) for a CTA of
/// `sm_<sm>` through `b`; false, with the reason emitted as the op's error, when it cannot be
/// lowered.
pub(crate) fn lower<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>, kind: i32, sm: i64) -> bool {
    let lowered = match TensorOp::from_number(kind) {
        Some(TensorOp::EncodeTensorMap) => lower_encode_tensor_map(b, op).map_err(Some),
        Some(TensorOp::TmaEncodable) => lower_tma_encodable(b, op).map_err(Some),
        Some(TensorOp::SharedAlloc) => lower_shared_alloc(b, op, sm).map_err(Some),
        Some(
            TensorOp::AsyncCopy
            | TensorOp::SharedLoad
            | TensorOp::SharedStore
            | TensorOp::TensorPtr
            | TensorOp::GlobalLoad
            | TensorOp::GlobalStore,
        ) => return resolve_access(b, op).unwrap_or(false),
        Some(TensorOp::MbarrierInit | TensorOp::MbarrierWait | TensorOp::MbarrierArrive) => {
            return lower_mbarrier(b, op).is_ok()
        }
        Some(TensorOp::MmaAsync) => lower_mma_async(b, op).map_err(Failure::message),
        Some(TensorOp::TensorMemoryLoad) => {
            lower_tensor_memory_load(b, op).map_err(Failure::message)
        }
        Some(TensorOp::TensorMemoryStore) => {
            lower_tensor_memory_store(b, op).map_err(Failure::message)
        }
        Some(TensorOp::Copy) => lower_copy(b, op).map_err(Failure::message),
        Some(TensorOp::MmaTmem) => lower_mma_tmem(b, op).map_err(Failure::message),
        Some(TensorOp::TmaCopy) => lower_tma_copy(b, op).map_err(Failure::message),
        None => Err(Some(format!(
            "internal: no memory-tensor op numbered {kind}"
        ))),
    };
    match lowered {
        Ok(()) => true,
        Err(e) => {
            if let Some(e) = e {
                emit_verifier_error(&op, &e);
            }
            false
        }
    }
}
