//! Reading and editing the IR through melior's typed values where melior has no safe API:
//! the use list of a value, and an op as the mutable reference melior's setters take (each
//! one audited block with its SAFETY note, over a typed value, never a raw handle); and the
//! ops nested in an op, collected through melior's safe API; and whether an op is pure. The passes built on them carry
//! `OperationRef`/`Value` and call no C function themselves.

use melior::ir::attribute::DenseI32ArrayAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef, OperationRefMut, WalkOrder};
use melior::ir::RegionLike;
use melior::ir::{Type, TypeLike, Value, ValueLike};

/// The uses of `v`, as (owning op, operand number), in the order of MLIR's use list (which
/// follows no program order).
pub fn uses<'c, 'a>(v: Value<'c, 'a>) -> Vec<(OperationRef<'c, 'a>, usize)> {
    let mut out = Vec::new();
    // SAFETY: `v` is a live value of IR that lives for `'a` (melior's `Value<'c, 'a>`). The use
    // list is only read: each `MlirOpOperand` is a use of `v` until the list ends (null), its
    // owner an op of the same IR, so live for `'a` too.
    unsafe {
        let mut u = mlir_sys::mlirValueGetFirstUse(v.to_raw());
        while !mlir_sys::mlirOpOperandIsNull(u) {
            out.push((
                OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(u)),
                mlir_sys::mlirOpOperandGetOperandNumber(u) as usize,
            ));
            u = mlir_sys::mlirOpOperandGetNextUse(u);
        }
    }
    out
}

/// `op` as melior's mutable reference, for its setters (`set_operand`, `set_attribute`).
///
/// A pass edits the IR it was handed, which the pass manager lends it alone while it runs;
/// melior hands those ops out as `OperationRef` (its walk, its blocks' and values' owners).
pub fn op_mut<'c, 'a>(op: OperationRef<'c, 'a>) -> OperationRefMut<'c, 'a> {
    // SAFETY: the same live op, for the same lifetimes: `OperationRefMut` is, like
    // `OperationRef`, a `Copy` handle whose lifetime `'a` bounds the op's life; it adds no
    // exclusive borrow for the handle to violate (MLIR's IR is reached only through the C API).
    unsafe { OperationRefMut::from_raw(op.to_raw()) }
}

/// `op` and every op nested in it, in the order of MLIR's walk (`PreOrder`: an op before the
/// ops of its regions; `PostOrder`: after them), each region, block and op in order. Unlike
/// melior's `walk`, whose callback sees each op for the call only, the ops are returned for
/// the lifetime of `op`'s IR (the IR must not change while they are collected).
pub fn nested_ops<'c, 'a>(op: OperationRef<'c, 'a>, order: WalkOrder) -> Vec<OperationRef<'c, 'a>> {
    fn visit<'c, 'a>(
        op: OperationRef<'c, 'a>,
        order: WalkOrder,
        out: &mut Vec<OperationRef<'c, 'a>>,
    ) {
        if matches!(order, WalkOrder::PreOrder) {
            out.push(op);
        }
        for region in op.regions() {
            let mut block = region.first_block();
            while let Some(b) = block {
                let mut inner = b.first_operation();
                while let Some(o) = inner {
                    visit(o, order, out);
                    inner = o.next_in_block();
                }
                block = b.next_in_region();
            }
        }
        if matches!(order, WalkOrder::PostOrder) {
            out.push(op);
        }
    }
    let mut out = Vec::new();
    visit(op, order, &mut out);
    out
}

extern "C" {
    fn mlirLayoutOperationIsPure(op: mlir_sys::MlirOperation) -> bool;
}

/// Whether `op` is pure: speculatable and free of memory effects (MLIR's `isPure`, read from
/// the op's interfaces).
pub fn is_pure(op: OperationRef<'_, '_>) -> bool {
    // SAFETY: `op` is a live op (melior's `OperationRef`); the call only reads it.
    unsafe { mlirLayoutOperationIsPure(op.to_raw()) }
}

/// The operands of ODS operand group `g` of an op with `operandSegmentSizes` (an op with
/// optional or variadic operands: `AttrSizedOperandSegments`); an error naming what is
/// missing for an op without them.
pub fn operand_group<'c, 'a>(
    op: OperationRef<'c, 'a>,
    g: usize,
) -> Result<Vec<Value<'c, 'a>>, String> {
    let sizes = op
        .attribute("operandSegmentSizes")
        .ok()
        .and_then(|a| DenseI32ArrayAttribute::try_from(a).ok())
        .ok_or_else(|| "internal: the op has no operandSegmentSizes".to_string())?;
    let size = |i: usize| {
        sizes
            .element(i)
            .ok()
            .and_then(|s| usize::try_from(s).ok())
            .ok_or_else(|| format!("internal: no operand group {i}"))
    };
    let start = (0..g).map(size).sum::<Result<usize, String>>()?;
    let len = size(g)?;
    Ok(op.operands().skip(start).take(len).collect())
}

/// The address space of an `!llvm.ptr`; `None` for another type.
pub fn pointer_space(t: Type<'_>) -> Option<u32> {
    // SAFETY: `t` is a live type (melior's `Type`), checked to be an LLVM pointer type first.
    t.is_llvm_pointer_type()
        .then(|| unsafe { mlir_sys::mlirLLVMPointerTypeGetAddressSpace(t.to_raw()) })
}

/// The element type and extents of a ranked shaped type (a ranked tensor, a vector, a memref;
/// a dynamic extent as MLIR's `i64::MIN`); `None` for another type.
pub fn ranked_shape(t: Type<'_>) -> Option<(Type<'_>, Vec<i64>)> {
    // SAFETY: `t` is a live type, checked to be a shaped type with a rank first; its rank,
    // extents and element type are read only, the element type uniqued in `t`'s context.
    unsafe {
        let raw = t.to_raw();
        if !t.is_shaped() || !mlir_sys::mlirShapedTypeHasRank(raw) {
            return None;
        }
        let rank = mlir_sys::mlirShapedTypeGetRank(raw) as isize;
        Some((
            Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw)),
            (0..rank)
                .map(|d| mlir_sys::mlirShapedTypeGetDimSize(raw, d))
                .collect(),
        ))
    }
}
