//! The shared buffer of the register conversions of `--layout-lower-register-tensors`, planned
//! before any rewrite ([`layout_nvvm_prepare_register_tensors`], which cpp/RegisterTensors.cpp
//! calls first, after the pass's checks of the module):
//!
//! - A `layout.convert_layout` is planned by `convert_plan` (the hardware rules of
//!   `layout.convert`, [`crate::verify::convert_shared_bytes`]) for its element type as a
//!   register holds it, its source and result encodings, the shared-memory budget at the op
//!   ([`budget_at`]: `layout.smem_budget` of the nearest op around it, the op included, that
//!   has an integer one; else static shared memory, 48 KiB) and the target SM. A conversion
//!   without a plan is an error at the op; every conversion is planned, and reports its
//!   errors, before the pass gives up.
//! - A conversion whose plan goes through shared memory uses the buffer `__layout_convert_smem`
//!   ([`BUFFER`]) of its nearest symbol table: an internal `llvm.mlir.global` of
//!   `!llvm.array<N x i8>` in address space 3, 16-byte aligned, first in the table's body, N
//!   the largest plan of the table. A conversion with no symbol table around it is an error at
//!   the op. Then the tables, in the order of their first conversion: one whose largest plan
//!   exceeds static shared memory is an error at the table (a smaller budget tiles the plans),
//!   a symbol of the table already named `__layout_convert_smem` an error at that symbol; the
//!   first of these errors stops the pass.
//! - The buffer is shared by every conversion: one that may follow another (an earlier one in
//!   its function, or itself in an earlier iteration) waits for the CTA first ([`is_fenced`]).
//!   Only the first of a function (MLIR's `FunctionOpInterface`), straight-line in the
//!   function's entry block, starts with the buffer free.
//!
//! The conversions found fenced are kept for the patterns of the pass that follows on the same
//! thread (the conversion driver runs them there, after the plan).

use std::cell::RefCell;
use std::collections::HashSet;

use layout_dialect::op_access::{operand_type, result_type};
use layout_dialect::op_diagnostics::{emit_verifier_error, op_name};
use layout_dialect::register_tile::Tile;
use melior::ir::attribute::{Attribute, IntegerAttribute, StringAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef, WalkOrder};
use melior::ir::r#type::{IntegerType, Type};
use melior::ir::RegionLike;
use melior::Context;
use mlir_sys::MlirOperation;

use crate::build_llvm::internal_global;
use crate::kernel_checks::check_block_warps;
use crate::register_tensor::held_as_integer;
use crate::register_type_checks::check_register_tensors;
use crate::verify::convert_shared_bytes;

/// The name of the conversions' shared buffer.
pub(crate) const BUFFER: &str = "__layout_convert_smem";

/// The attribute that bounds the shared memory of the conversions in the op that carries it.
const BUDGET_ATTRIBUTE: &str = "layout.smem_budget";

/// Static shared memory of a CTA: the default budget of a conversion, and the most its buffer
/// may hold.
const STATIC_SMEM_BYTES: i64 = 48 * 1024;

extern "C" {
    /// The function (`FunctionOpInterface`) and the symbol table nearest around `op`, each
    /// null when there is none (cpp/RegisterTensors.cpp: MLIR's C API reads no interface or
    /// trait).
    fn layout_nvvm_convert_scope(
        op: MlirOperation,
        function: *mut MlirOperation,
        table: *mut MlirOperation,
    );
}

thread_local! {
    /// The conversions of the last plan made on this thread that wait for the CTA first (the
    /// addresses of their ops).
    static FENCED: RefCell<HashSet<usize>> = RefCell::new(HashSet::new());
}

/// The checks of `--layout-lower-register-tensors` before any rewrite: the threads that run
/// the register-tensor ops ([`crate::kernel_checks`]), the register tensor types and the ops
/// on them ([`crate::register_type_checks`]); then the plan of the conversions' shared buffer
/// (see the module note) at the target `sm`. True when there was no error (each is reported).
///
/// # Safety
/// `root` is a live operation that nothing else modifies during the call.
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_prepare_register_tensors(
    root: MlirOperation,
    sm: i64,
) -> bool {
    // SAFETY: the caller's contract: `root` is live for the call, and so is its context, which
    // `ctx` borrows from `context` (a local that outlives every use); nothing read is kept past
    // the call but the addresses of the fenced ops.
    let root = OperationRef::from_raw(root);
    let context = root.context();
    let ctx = context.to_ref();
    check_block_warps(root) && check_register_tensors(root) && plan(ctx, root, sm)
}

/// Whether the conversion `op` waits for the CTA before it uses the shared buffer (see the
/// module note), as the last plan on this thread found.
pub(crate) fn is_fenced(op: OperationRef<'_, '_>) -> bool {
    FENCED.with(|f| f.borrow().contains(&address(op)))
}

/// The address of `op`, which names it while it lives.
fn address(op: OperationRef<'_, '_>) -> usize {
    op.to_raw().ptr as usize
}

/// The shared-memory budget of the conversions at `op`: `layout.smem_budget` of the nearest op
/// around it (itself first) with an integer one, else static shared memory.
pub(crate) fn budget_at(op: OperationRef<'_, '_>) -> i64 {
    std::iter::successors(Some(op), |o| o.parent_operation())
        .find_map(|o| {
            o.attribute(BUDGET_ATTRIBUTE)
                .ok()
                .and_then(|a| IntegerAttribute::try_from(a).ok())
        })
        .map_or(STATIC_SMEM_BYTES, |a| a.value())
}

/// A register conversion (`layout.convert_layout`, `layout.retile`) as `layout.convert` takes
/// it: the type a register of its elements has, its source and result encodings, its budget.
pub(crate) struct Conversion<'c> {
    pub elem: Type<'c>,
    pub from: Attribute<'c>,
    pub to: Attribute<'c>,
    pub budget: i64,
}

impl<'c> Conversion<'c> {
    /// The conversion `op` (of context `ctx`), whose verifier made both sides register tensors.
    pub(crate) fn of(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<Conversion<'c>, String> {
        let (src, dst) = (operand_type(op, 0)?, result_type(op)?);
        let tile =
            Tile::of(src).ok_or_else(|| format!("internal: '{src}' is not a ranked tensor"))?;
        let elem =
            held_as_integer(tile.elem).map_or(tile.elem, |bits| IntegerType::new(ctx, bits).into());
        Ok(Conversion {
            elem,
            from: linear_encoding(src)?,
            to: linear_encoding(dst)?,
            budget: budget_at(op),
        })
    }

    /// The bytes of shared memory its plan at the target `sm` goes through (0: none).
    pub(crate) fn shared_bytes(&self, sm: i64) -> Result<i64, String> {
        convert_shared_bytes(self.elem, self.from, self.to, self.budget, sm)
    }
}

/// The `#layout.linear` encoding of the register tensor type `ty`.
fn linear_encoding(ty: Type<'_>) -> Result<Attribute<'_>, String> {
    Tile::of(ty)
        .and_then(|t| t.encoding)
        .filter(|a| layout_dialect::attr_mnemonic(*a) == Some("linear"))
        .ok_or_else(|| format!("internal: '{ty}' is not a register tensor"))
}

/// The function around `op` and its nearest symbol table, each `None` when there is none.
fn scope<'c, 'a>(
    op: OperationRef<'c, 'a>,
) -> (Option<OperationRef<'c, 'a>>, Option<OperationRef<'c, 'a>>) {
    let null = || MlirOperation {
        ptr: std::ptr::null_mut(),
    };
    let (mut function, mut table) = (null(), null());
    // SAFETY: `op` is a live op (melior's `OperationRef`); the C++ side only reads it and
    // writes two ops around it (or null) into the locals, which live in the same IR as `op`.
    unsafe {
        layout_nvvm_convert_scope(op.to_raw(), &mut function, &mut table);
        (
            OperationRef::from_option_raw(function),
            OperationRef::from_option_raw(table),
        )
    }
}

/// The plan of the module under `root` (see the module note): the fenced conversions kept, the
/// buffers created; false, the errors reported, when it fails.
fn plan<'c>(ctx: &'c Context, root: OperationRef<'c, '_>, sm: i64) -> bool {
    let mut ok = true;
    let mut fenced = HashSet::new();
    // The symbol tables, in the order of their first conversion, and their largest plan.
    let mut tables: Vec<(OperationRef<'c, '_>, i64)> = Vec::new();
    // The functions with an earlier conversion through shared memory.
    let mut seen: Vec<OperationRef<'c, '_>> = Vec::new();
    let conversions = layout_dialect::ir::nested_ops(root, WalkOrder::PostOrder)
        .into_iter()
        .filter(|op| op_name(op) == "layout.convert_layout");
    for op in conversions {
        let bytes = match Conversion::of(ctx, op).and_then(|c| c.shared_bytes(sm)) {
            Ok(bytes) => bytes,
            Err(e) => {
                emit_verifier_error(&op, &e);
                ok = false;
                continue;
            }
        };
        if bytes == 0 {
            continue;
        }
        let (function, table) = scope(op);
        let first = function.is_some_and(|f| {
            !seen.contains(&f) && op.block() == f.region(0).ok().and_then(|r| r.first_block())
        });
        if let Some(f) = function {
            if !seen.contains(&f) {
                seen.push(f);
            }
        }
        if !first {
            fenced.insert(address(op));
        }
        let Some(table) = table else {
            emit_verifier_error(
                &op,
                "needs a shared buffer but has no symbol table around it",
            );
            ok = false;
            continue;
        };
        match tables.iter_mut().find(|(t, _)| *t == table) {
            Some((_, need)) => *need = (*need).max(bytes),
            None => tables.push((table, bytes)),
        }
    }
    FENCED.with(|f| *f.borrow_mut() = fenced);
    ok && tables
        .into_iter()
        .all(|(table, bytes)| add_buffer(ctx, table, bytes))
}

/// The buffer of `bytes` bytes first in the body of the symbol table `table`; false, the error
/// reported, when the buffer is too large or its name taken.
fn add_buffer<'c>(ctx: &'c Context, table: OperationRef<'c, '_>, bytes: i64) -> bool {
    if bytes > STATIC_SMEM_BYTES {
        emit_verifier_error(
            &table,
            &format!(
                "its conversions need a shared buffer of {bytes} bytes, more than static shared memory holds ({STATIC_SMEM_BYTES}): a smaller layout.smem_budget tiles them"
            ),
        );
        return false;
    }
    let Some(body) = table.region(0).ok().and_then(|r| r.first_block()) else {
        emit_verifier_error(&table, "internal: a symbol table without a body");
        return false;
    };
    let named = std::iter::successors(body.first_operation(), |o| o.next_in_block()).find(|o| {
        o.attribute("sym_name")
            .ok()
            .and_then(|a| StringAttribute::try_from(a).ok())
            .is_some_and(|s| s.value() == BUFFER)
    });
    if let Some(old) = named {
        emit_verifier_error(
            &old,
            &format!("is named {BUFFER}, the name of the conversions' shared buffer"),
        );
        return false;
    }
    let array = melior::dialect::llvm::r#type::array(IntegerType::new(ctx, 8).into(), bytes as u32);
    body.insert_operation(
        0,
        internal_global(ctx, table.location(), BUFFER, array, 16, 3),
    );
    true
}
