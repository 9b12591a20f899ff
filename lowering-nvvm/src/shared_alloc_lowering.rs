//! `layout.shared_alloc %base -> %t_0, ..., %t_n-1` of `--layout-lower-tensors`: the tensors
//! placed in shared memory from the base pointer, each a `layout.make_tensor` of `base +
//! offset` with its static layout.
//!
//! - The placement (`layout_algebra::hw::shared_placement`): the tensors in order, each at the
//!   next multiple of 16 bytes or of its layout's translation period in bytes, whichever is
//!   larger. A tensor without whole-byte elements, a static cosize or a period of at most
//!   2^20 elements cannot be placed: the error names its type.
//! - A base that is the address of a global of static size (`layout_nvvm_sized_global`,
//!   cpp/MemoryTensors.cpp) holds the tensors: it is aligned to 16 bytes or more, and holds the
//!   bytes they need from a base of its alignment (the padding that rounds it up to the
//!   largest alignment included).
//! - The bytes needed from a 16-byte aligned base are at most the shared memory a CTA of the
//!   target SM may have (`hw::smem_capacity`), when that is known.
//! - A remark gives the bytes needed and where each tensor lies.
//! - When a tensor needs more than 16-byte alignment, the base is first rounded up to the
//!   largest alignment (`ptrtoint` to i32, add alignment - 1, and with -alignment, the
//!   difference as an i8 `getelementptr`); each tensor is then an i8 `getelementptr` of its
//!   offset from it, a `layout.const` of its layout and a `layout.make_tensor` of the two,
//!   which replaces the result.
//!
//! The errors are the op's; `--layout-lower-tensors` stops at the first.

use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::hw::shared_placement::{shared_placement, SharedPlacement};
use layout_algebra::hw::smem_capacity::max_shared_bytes;
use layout_dialect::memory_tensor::memory_tensor;
use layout_dialect::op_access::bit_width;
use layout_dialect::op_diagnostics::emit_op_remark;
use layout_dialect::{type_attr, type_value};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, ValueLike};

use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_i32, Arith};
use crate::build_layout::{constant, make_tensor};
use crate::build_llvm::Cast;
use crate::kernel_checks::sized_global;

/// The placement of `tensors` (the result types), or the index of the first tensor that
/// cannot be placed (a panic of the algebra: the first).
fn placement(tensors: &[Type<'_>]) -> Result<SharedPlacement, usize> {
    let mut values = Vec::with_capacity(tensors.len());
    for (i, &ty) in tensors.iter().enumerate() {
        let t = memory_tensor(ty).ok_or(i)?;
        let layout = type_value(t.layout).and_then(Result::ok).ok_or(i)?;
        values.push((layout, bit_width(t.element).unwrap_or(0)));
    }
    let pairs: Vec<_> = values.iter().map(|(l, bits)| (&**l, *bits)).collect();
    catch_unwind(AssertUnwindSafe(|| shared_placement(&pairs))).unwrap_or(Err(0))
}

/// Lower the `layout.shared_alloc` `op` (module doc) for a CTA of `sm_<sm>`, through `b`.
pub(crate) fn lower_shared_alloc<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    sm: i64,
) -> Result<(), String> {
    let types: Vec<Type<'c>> = op.results().map(|r| r.r#type()).collect();
    let Some(base) = op.operands().next() else {
        return Err("internal: a shared_alloc without base".to_string());
    };
    let global = sized_global(base);
    let p = placement(&types).map_err(|i| {
        let ty = types.get(i).map_or(String::new(), |t| t.to_string());
        format!(
            "cannot place '{ty}' in shared memory: whole-byte elements, a static cosize and a \
             period of at most 2^20 elements are needed"
        )
    })?;
    let placed: Vec<String> = p
        .tensors
        .iter()
        .enumerate()
        .map(|(i, t)| {
            format!(
                "#{i} at byte {} ({} bytes, aligned to {})",
                t.offset, t.bytes, t.align
            )
        })
        .collect();
    let placed = placed.join(", ");
    let needs = p.needs();
    if let Some(g) = &global {
        if g.align < 16 {
            return Err(format!(
                "places its tensors at 16-byte boundaries from a 16-byte aligned base, but @{} \
                 is aligned to {} bytes (give the global alignment = 16 or more)",
                g.name, g.align
            ));
        }
        let fits = p.needs_from(g.align);
        if fits > g.bytes {
            return Err(format!(
                "needs {fits} bytes of shared memory from the {}-byte aligned @{}, which holds \
                 {} bytes ('{}'): {placed}",
                g.align, g.name, g.bytes, g.ty
            ));
        }
    }
    if let Some(most) = max_shared_bytes(sm) {
        if most >= 0 && needs > most {
            return Err(format!(
                "needs {needs} bytes of shared memory from a 16-byte aligned base, more than the \
                 {most} bytes ({} KiB) a CTA of sm_{sm} may have: {placed}",
                most / 1024
            ));
        }
    }
    emit_op_remark(
        &op,
        &format!("needs {needs} bytes of shared memory from a 16-byte aligned base: {placed}"),
    );
    let ptr_ty = base.r#type();
    let mut base: Val<'c> = base;
    if p.align > 16 {
        let raw = b.cast(Cast::PtrToInt, base, b.i32());
        let below = const_i32(b, p.align - 1);
        let up = arith(b, Arith::AddI, raw, below);
        let mask = const_i32(b, -p.align);
        let aligned = arith(b, Arith::AndI, up, mask);
        let pad = arith(b, Arith::SubI, aligned, raw);
        base = b.byte_offset(base, pad, ptr_ty);
    }
    let mut tensors = Vec::with_capacity(types.len());
    for (&ty, placed) in types.iter().zip(&p.tensors) {
        let Some(layout) = memory_tensor(ty).map(|t| t.layout) else {
            return Err("internal: a shared_alloc result that is not a tensor".to_string());
        };
        let Some(value) = type_attr(layout) else {
            return Err("internal: a tensor layout that is not a layout value".to_string());
        };
        // The C++ builder's `(int32_t)offset`.
        let ptr = b.const_byte_gep(base, placed.offset as i32, ptr_ty);
        let l = constant(b, value, layout)?;
        tensors.push(make_tensor(b, ptr, l, ty)?);
    }
    b.replace(op, &tensors);
    Ok(())
}
