//! The verifiers of the ops that move a register tensor to or from tensor memory
//! (`layout.tensor_memory_load`, `tcgen05.ld`; `layout.tensor_memory_store`, `tcgen05.st`)
//! and of `layout.tensor_ptr` (the pointer of a tensor's first element).
//!
//! - **tensor_memory_load / store**: the tensor-memory operand is a tensor in `tmem`; the
//!   register tensor (the load's result, the store's value) is encoded by a `#layout.linear`;
//!   both hold the same element type, f32 or i32 (the 32-bit cells of TMEM); the register
//!   tensor's shape is the mode sizes of the tensor-memory layout, which is static.
//! - **tensor_ptr**: the pointer is an `!llvm.ptr` of the tensor's address space (global 1,
//!   shared 3, tmem 6, tma 0: its tensor map); a global tensor's may also be the generic
//!   `!llvm.ptr`.
//!
//! The first failure, in that order per op, is the op's error.

use melior::ir::operation::OperationRef;
use melior::ir::r#type::{IntegerType, Type};
use melior::ir::TypeLike;

use crate::ir::pointer_space;
use crate::layout_modes::mode_sizes;
use crate::memory_tensor::{memory_tensor, tensor_in, MemorySpace};
use crate::op_access::{operand_type as operand, result_type as result};
use crate::register_tile::tile_of;

/// Verify `layout.tensor_memory_load` (the module doc).
pub fn verify_tensor_memory_load(op: OperationRef<'_, '_>) -> Result<(), String> {
    same_cells(result(op)?, operand(op, 0)?)
}

/// Verify `layout.tensor_memory_store` (the module doc).
pub fn verify_tensor_memory_store(op: OperationRef<'_, '_>) -> Result<(), String> {
    same_cells(operand(op, 0)?, operand(op, 1)?)
}

/// The rule of the module doc for the register tensor `regs` and the tensor `tmem` in tensor
/// memory.
fn same_cells(regs: Type<'_>, tmem: Type<'_>) -> Result<(), String> {
    let t = tensor_in("tensor-memory operand", tmem, MemorySpace::Tmem, None)?;
    let regs = tile_of(regs)?;
    regs.encoding("register tensor")?;
    let elem = regs.elem;
    if elem != t.element {
        return Err(format!(
            "the register tensor holds '{elem}' and the tensor-memory operand '{}'",
            t.element
        ));
    }
    // MLIR's `isInteger(32)`: a 32-bit integer of any signedness.
    let i32_cell = IntegerType::try_from(elem).is_ok_and(|i| i.width() == 32);
    if !elem.is_f32() && !i32_cell {
        return Err(format!(
            "tcgen05.ld/st move 32-bit cells: the elements must be f32 or i32, found '{elem}'"
        ));
    }
    let sizes = crate::type_is_static(t.layout)
        .then(|| mode_sizes(t.layout))
        .flatten();
    if sizes.as_deref() != Some(&regs.shape[..]) {
        let shape: Vec<String> = regs.shape.iter().map(i64::to_string).collect();
        return Err(format!(
            "the register tensor's shape must be the mode sizes of the tensor-memory layout (static), found {} and '{}'",
            shape.join("x"),
            t.layout
        ));
    }
    Ok(())
}

/// Verify `layout.tensor_ptr` (the module doc).
pub fn verify_tensor_ptr(op: OperationRef<'_, '_>) -> Result<(), String> {
    let t = memory_tensor(operand(op, 0)?).ok_or("internal: not a tensor in memory")?;
    let ptr = result(op)?;
    let space = t.space.address_space();
    let global = t.space == MemorySpace::Global;
    let fits = match pointer_space(ptr) {
        Some(p) => p == space || (global && p == 0),
        None => false,
    };
    if !fits {
        return Err(format!(
            "the pointer of a tensor in {} memory is an !llvm.ptr<{space}>{}, found '{ptr}'",
            t.space.name(),
            if global { " or !llvm.ptr" } else { "" }
        ));
    }
    Ok(())
}
