//! `layout.tensor_memory_load` and `layout.tensor_memory_store` of `--layout-lower-tensors`:
//! a register tensor moved from or to a tensor in tensor memory (TMEM) by one tcgen05.ld/st.
//! The rules:
//!
//! - the form: the TMEM tensor's layout (`tmem`) and the register tensor's encoding (the
//!   fragment) are moved by a tcgen05.ld/st whose shape (32x32b, 16x64b, 16x128b, 16x256b,
//!   16x32bx2), `.num` and registers per thread the hardware rules derive (`hw::tmem_copy`, the
//!   checks of `layout.tmem_load`); otherwise the error says why. `--layout-lower-tensors`
//!   checks it before any rewrite ([`crate::tensor_lowering_checks`]);
//! - the load becomes `layout.tmem_load` at the tensor's TMEM address (its pointer as an i32),
//!   one i32 per register (`i32` for one, else `vector<n x i32>`), bitcast to a vector of the
//!   element type and cast to the register tensor (`--layout-lower-register-tensors` makes the
//!   cast the tensor's struct);
//! - the store casts the register tensor to a vector of its registers, bitcasts it to i32 and
//!   stores it with `layout.tmem_store` as for the load;
//! - each reports the instruction as a remark (`tcgen05.ld.sync.aligned.32x32b.x128.b32: 128
//!   registers per thread`).

use layout_algebra::hw::tmem::ALL_TMEM_SHAPES;
use layout_dialect::memory_tensor::memory_tensor;
use layout_dialect::op_diagnostics::{emit_op_remark, emit_verifier_error, op_name};
use layout_dialect::type_attr;
use melior::ir::attribute::Attribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{RankedTensorType, ShapedTypeLike, Type};
use melior::ir::ValueLike;

use crate::build::{Builder, Val};
use crate::build_layout::{tmem_load, tmem_store};
use crate::build_llvm::Cast;
use crate::derive::Attrs;
use crate::lowering_failure::Failure;
use crate::resolved_access::shared_operands;

/// The tcgen05.ld/st that moves a register fragment from or to a TMEM layout.
pub(crate) struct TmemCopyForm {
    /// 32-bit registers per thread.
    pub regs: i64,
    /// The PTX shape (`32x32b`, ...).
    pub shape: &'static str,
    /// `.num`.
    pub num: i64,
}

/// The form moving `fragment` (a register tensor's encoding) from or to the TMEM layout `tmem`
/// (both attributes), by the checks of `layout.tmem_load`; why there is none otherwise.
fn tmem_copy_form(tmem: Attribute<'_>, fragment: Attribute<'_>) -> Result<TmemCopyForm, String> {
    let mut a = Attrs::new();
    for (key, attr) in [("tmem", tmem), ("fragment", fragment)] {
        if let Some(Ok(l)) = layout_dialect::attr_linear(attr) {
            a.insert_linear(key, l);
        } else if let Some(v) = layout_dialect::attr_value(attr) {
            a.insert_layout(key, v.map_err(|e| e.to_string()));
        }
    }
    let mut info = crate::verify::checked("layout.tmem_load", &a)?;
    info.resize(info.len().max(3), 0);
    let shape = usize::try_from(info[1])
        .ok()
        .and_then(|i| ALL_TMEM_SHAPES.get(i))
        .ok_or("unknown tcgen05 shape")?;
    Ok(TmemCopyForm {
        regs: info[0],
        shape: shape.name(),
        num: info[2],
    })
}

/// `ld` for a tensor_memory_load, `st` for a tensor_memory_store.
fn direction(op: OperationRef<'_, '_>) -> &'static str {
    if op_name(&op) == "layout.tensor_memory_store" {
        "st"
    } else {
        "ld"
    }
}

/// The form of the tensor_memory_load or tensor_memory_store `op` of the TMEM tensor `tmem`
/// and the register tensor type `regs` (the module doc); the op's error otherwise.
pub(crate) fn tensor_memory_form(
    op: OperationRef<'_, '_>,
    tmem: Type<'_>,
    regs: Type<'_>,
) -> Result<TmemCopyForm, String> {
    let layout = memory_tensor(tmem)
        .and_then(|t| type_attr(t.layout))
        .ok_or("internal: a tensor-memory copy of no tensor in memory")?;
    let fragment = tensor_encoding(regs)?;
    tmem_copy_form(layout, fragment).map_err(|why| {
        format!(
            "no tcgen05.{} moves this register tensor: {why}",
            direction(op)
        )
    })
}

/// The encoding of the register tensor type `ty`.
fn tensor_encoding(ty: Type<'_>) -> Result<Attribute<'_>, String> {
    RankedTensorType::try_from(ty)
        .ok()
        .and_then(|t| t.encoding())
        .ok_or_else(|| "internal: a tensor-memory copy of no register tensor".to_string())
}

/// The remark naming the tcgen05.ld/st `op` became.
fn remark_tmem_copy(op: OperationRef<'_, '_>, form: &TmemCopyForm) {
    emit_op_remark(
        &op,
        &format!(
            "tcgen05.{}.sync.aligned.{}.x{}.b32: {} registers per thread",
            direction(op),
            form.shape,
            form.num,
            form.regs
        ),
    );
}

/// The registers of a tcgen05.ld/st as the hardware op takes them: i32 for one, else
/// `vector<n x i32>`.
fn tmem_regs_type<'c>(b: &Builder<'c>, n: i64) -> Type<'c> {
    if n == 1 {
        b.i32()
    } else {
        b.vector(n as usize, b.i32())
    }
}

/// What a tensor-memory copy moves: its form, the TMEM tensor's pointer and layout attribute,
/// the register tensor's encoding (the fragment) and element type.
struct TmemCopy<'c> {
    form: TmemCopyForm,
    ptr: Val<'c>,
    layout: Attribute<'c>,
    fragment: Attribute<'c>,
    elem: Type<'c>,
}

/// The copy `op` of the TMEM tensor `tmem` and the register tensor type `regs`, the form's
/// error emitted first (the form and the tensor are both asked before either is checked).
fn tmem_copy<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    tmem: Val<'c>,
    regs: Type<'c>,
) -> Result<TmemCopy<'c>, Failure> {
    let form = tensor_memory_form(op, tmem.r#type(), regs);
    if let Err(e) = &form {
        emit_verifier_error(&op, e);
    }
    let tensor = shared_operands(b, op, tmem);
    let (Ok(form), Ok((ptr, layout))) = (form, tensor) else {
        return Err(Failure::Reported);
    };
    let elem = RankedTensorType::try_from(regs)
        .map_err(|_| "internal: a tensor-memory copy of no register tensor".to_string())?
        .element();
    Ok(TmemCopy {
        form,
        ptr,
        layout,
        fragment: tensor_encoding(regs)?,
        elem,
    })
}

/// Lower the `layout.tensor_memory_load` `op` (the module doc).
pub(crate) fn lower_tensor_memory_load<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
) -> Result<(), Failure> {
    let (Some(src), Some(result)) = (op.operands().next(), op.results().next()) else {
        return Err("internal: a tensor_memory_load without its tensor"
            .to_string()
            .into());
    };
    let ty = result.r#type();
    let c = tmem_copy(b, op, src, ty)?;
    let n = c.form.regs;
    let taddr = b.cast(Cast::PtrToInt, c.ptr, b.i32());
    let mut regs = tmem_load(b, taddr, c.layout, c.fragment, tmem_regs_type(b, n))?;
    if n == 1 {
        let zero = b.c32(0);
        let one = b.poison(b.vector(1, b.i32()));
        regs = b.insert_element(one, regs, zero);
    }
    let vals = b.bitcast(regs, b.vector(n as usize, c.elem));
    remark_tmem_copy(op, &c.form);
    let tensor = b.unrealized_cast(vals, ty);
    b.replace(op, &[tensor]);
    Ok(())
}

/// Lower the `layout.tensor_memory_store` `op` (the module doc).
pub(crate) fn lower_tensor_memory_store<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
) -> Result<(), Failure> {
    let mut operands = op.operands();
    let (Some(value), Some(dst)) = (operands.next(), operands.next()) else {
        return Err("internal: a tensor_memory_store without its operands"
            .to_string()
            .into());
    };
    let c = tmem_copy(b, op, dst, value.r#type())?;
    let n = c.form.regs;
    let vals = b.unrealized_cast(value, b.vector(n as usize, c.elem));
    let mut regs = b.bitcast(vals, b.vector(n as usize, b.i32()));
    if n == 1 {
        let zero = b.c32(0);
        regs = b.extract_element(regs, zero);
    }
    let taddr = b.cast(Cast::PtrToInt, c.ptr, b.i32());
    tmem_store(b, taddr, regs, c.layout, c.fragment)?;
    remark_tmem_copy(op, &c.form);
    b.replace(op, &[]);
    Ok(())
}
