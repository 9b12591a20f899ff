//! `layout.copy %src to %dst` of `--layout-lower-tensors`: element i of the source to element i
//! of the destination, one access per run of `w` elements. The rules:
//!
//! - the vector width `w` is the widest run both layouts allow (`ops::copy_vector` of the two
//!   layouts, at most 16 bytes and the op's `align`); the remark says how it was chosen (`copy:
//!   4 x ld.global + st.shared of 16 bytes (vectors of 8 'f16': at most 8 elements (16 bytes and
//!   align 16); runs of the source 8, of the destination 8)`);
//! - an async copy (`async`) is one `cp.async` per run (`cg` for 16 bytes, else `ca`), reading
//!   a global pointer (the source cast to address space 1 when it is not one); a run moves 4, 8
//!   or 16 bytes, else the op's error (checked before any rewrite, by
//!   [`crate::tensor_lowering_checks`]);
//! - a synchronous copy is one `llvm.load` and one `llvm.store` of the run (a vector of `w`
//!   elements, or one element), both aligned to the run's bytes;
//! - element j of either tensor is at `layout.crd2idx` of its layout at j from its pointer;
//! - the source partition (`layout.partition`) of an async copy of a tile that may reach past
//!   its tensor is predicated: per mode d that needs a predicate, the algebra's coordinate of
//!   the mode (`ops::partition_plan::copy_mode_bound`: a layout R_d whose value at the thread
//!   (t, 0, 0) is the thread's coordinate, and the table of thread 0's slice of it); each run
//!   reads only the bytes that lie inside the tensor (cp.async's src-size zero-fills the rest):
//!   along a mode the run crosses (coordinates j, j+1, ...) the elements below the residue,
//!   along another mode all or none.
//!
//! The tensors are resolved by [`crate::tensor_resolve`].

use layout_algebra::ops::copy_vector::copy_vector;
use layout_algebra::ops::partition_plan::copy_mode_bound;
use layout_algebra::Value as AlgebraValue;
use layout_dialect::ffi::Stored;
use layout_dialect::layout_modes::static_size;
use layout_dialect::memory_tensor::{memory_tensor, MemoryTensor};
use layout_dialect::op_access::{bit_width, integer_attribute};
use layout_dialect::op_diagnostics::emit_plain_op_remark;
use layout_dialect::tensor_partitions::tiled_copy;
use layout_dialect::{type_attr, type_value, value_type};
use melior::dialect::arith::CmpiPredicate;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use crate::build::{Builder, Val};
use crate::build_arith::{arith, cmpi, const_index, index_cast, Arith};
use crate::build_layout::{constant, crd2idx};
use crate::kernel_checks::algebra;
use crate::lowering_failure::Failure;
use crate::register_tensor::llvm_element;
use crate::tensor_resolve::{resolve, Resolved};

/// The vector width of a copy and the remark's reasons for it.
pub(crate) struct CopyWidth {
    /// Elements per access (-1 when the algebra found none).
    pub elements: i64,
    /// The bytes of an element.
    pub bytes: i64,
    /// Why (`at most 8 elements (16 bytes and align 16); runs of the source 8, ...`).
    pub why: String,
}

/// The memory tensor of operand `i` of `op`.
fn tensor_operand<'c>(op: OperationRef<'c, 'c>, i: usize) -> Result<MemoryTensor<'c>, String> {
    op.operands()
        .nth(i)
        .and_then(|v| memory_tensor(v.r#type()))
        .ok_or_else(|| "internal: a copy of a value that is not a tensor in memory".to_string())
}

/// The widest run of at most `max` elements both layouts `src` and `dst` allow (-1 when none).
fn vector_of(src: Type<'_>, dst: Type<'_>, max: i64) -> i64 {
    let (Some(Ok(a)), Some(Ok(b))) = (type_value(src), type_value(dst)) else {
        return -1;
    };
    match (&*a, &*b) {
        (AlgebraValue::Func(a), AlgebraValue::Func(b)) => {
            algebra(|| copy_vector(a, b, max).ok()).unwrap_or(-1)
        }
        _ => -1,
    }
}

/// The vector width of the layout.copy `op` (the module doc).
pub(crate) fn copy_width(op: OperationRef<'_, '_>) -> Result<CopyWidth, String> {
    let src = tensor_operand(op, 0)?;
    let dst = tensor_operand(op, 1)?;
    let bytes = bit_width(src.element).unwrap_or(0) / 8;
    if bytes == 0 {
        return Err("internal: a copy of elements narrower than a byte".to_string());
    }
    let align = integer_attribute(op, "align")?;
    let max = 16.min(align) / bytes;
    let s = vector_of(src.layout, src.layout, max);
    let d = vector_of(dst.layout, dst.layout, max);
    let elements = vector_of(src.layout, dst.layout, max);
    let why = format!(
        "at most {max} elements (16 bytes and align {align}); runs of the source {s}, of the \
         destination {d}"
    );
    Ok(CopyWidth {
        elements,
        bytes,
        why,
    })
}

/// cp.async moves 4, 8 or 16 bytes: the error of an async layout.copy `op` whose runs are
/// narrower.
pub(crate) fn check_cp_async_width(op: OperationRef<'_, '_>) -> Result<(), String> {
    if op.attribute("async").is_err() {
        return Ok(());
    }
    let CopyWidth {
        elements: w,
        bytes,
        why,
    } = copy_width(op)?;
    if w * bytes < 4 {
        return Err(format!(
            "cp.async moves 4, 8 or 16 bytes, but the partitions allow vectors of {w} elements \
             ({} bytes): {why}",
            w * bytes
        ));
    }
    Ok(())
}

/// Where one tile mode of a partitioned source ends for the copying thread: the thread's
/// coordinate in the mode, the coordinate of each of its elements relative to it (a static
/// table), and the residue of the mode.
struct ModeBound<'c> {
    thread: Val<'c>,
    table: Vec<i64>,
    residue: Val<'c>,
}

/// The bounds of the modes of the partition `r` that need a predicate (the module doc).
fn mode_bounds<'c>(b: &Builder<'c>, r: &Resolved<'c>) -> Result<Vec<ModeBound<'c>>, Failure> {
    let part = r
        .partition
        .ok_or_else(|| "internal: a predicated copy of no partition".to_string())?;
    let copy = tiled_copy(part)?
        .map_err(|_| "internal: the partition's tiling is not a CuTe value".to_string())?;
    let thread = part
        .operands()
        .nth(1)
        .ok_or_else(|| "internal: a partition without its thread".to_string())?;
    let mut out = Vec::new();
    for (d, (&partial, &residue)) in r.partial.iter().zip(&r.residue).enumerate() {
        if !partial {
            continue;
        }
        let (rd, table) = algebra(|| {
            Some(copy_mode_bound(
                copy.thr,
                copy.val,
                copy.vector,
                &r.tile_sizes,
                d,
            ))
        })
        .ok_or_else(|| "internal error: the layout algebra panicked".to_string())?
        .map_err(|e| e.to_string())?;
        let zero = const_index(b, 0);
        let ty = value_type(b.context(), Stored::Cute(rd));
        let value = type_attr(ty)
            .ok_or_else(|| "internal: the bound is not a layout-dialect value".to_string())?;
        let rd = constant(b, value, ty)?;
        out.push(ModeBound {
            thread: crd2idx(b, rd, &[thread, zero, zero])?,
            table,
            residue,
        });
    }
    Ok(out)
}

/// The bytes (i32) of the run of `w` elements from element `j` that lie inside the tensor
/// (the module doc), elements of `bytes` bytes.
fn run_bytes<'c>(
    b: &Builder<'c>,
    bounds: &[ModeBound<'c>],
    j: usize,
    w: i64,
    bytes: i64,
) -> Result<Val<'c>, String> {
    let c = |v: i64| const_index(b, v);
    let mut valid = c(w);
    for bound in bounds {
        let entry = |k: usize| {
            bound
                .table
                .get(k)
                .copied()
                .ok_or_else(|| "internal: a short table of a mode's coordinates".to_string())
        };
        let first = entry(j)?;
        let step = if w > 1 { entry(j + 1)? - first } else { 0 };
        let at = arith(b, Arith::AddI, bound.thread, c(first));
        let left = arith(b, Arith::SubI, bound.residue, at);
        let n = if step == 1 {
            // C++ built `max(min(left, w), 0)` with its arguments right to left.
            let zero = c(0);
            let w = c(w);
            let least = arith(b, Arith::MinSI, left, w);
            arith(b, Arith::MaxSI, least, zero)
        } else {
            // All or none: the run's last element (step * (w - 1) past its first) inside.
            let inside = cmpi(b, CmpiPredicate::Sgt, left, c(0.max(step * (w - 1))));
            let zero = c(0);
            let w = c(w);
            b.insert_one(melior::dialect::arith::select(
                inside,
                w,
                zero,
                b.location(),
            ))
        };
        valid = arith(b, Arith::MinSI, valid, n);
    }
    let total = arith(b, Arith::MulI, valid, c(bytes));
    Ok(index_cast(b, total, b.i32()))
}

/// `base + crd2idx(layout, i)` elements of `elem`.
fn element_at<'c>(
    b: &Builder<'c>,
    r: &Resolved<'c>,
    base: Val<'c>,
    elem: Type<'c>,
    i: Val<'c>,
) -> Result<Val<'c>, String> {
    let off = crd2idx(b, r.layout, &[i])?;
    let off = index_cast(b, off, b.i64());
    Ok(b.element_address(base, elem, off))
}

/// Lower the layout.copy `op` (the module doc).
pub(crate) fn lower_copy<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>) -> Result<(), Failure> {
    let mut operands = op.operands();
    let (Some(src_value), Some(dst_value)) = (operands.next(), operands.next()) else {
        return Err("internal: a copy without its two tensors"
            .to_string()
            .into());
    };
    let src = resolve(b, op, src_value)?;
    let dst = resolve(b, op, dst_value)?;
    let src_type = tensor_operand(op, 0)?;
    let dst_type = tensor_operand(op, 1)?;
    let elem = llvm_element(b, src_type.element);
    let bytes = bit_width(elem).unwrap_or(0) / 8;
    let CopyWidth {
        elements: w, why, ..
    } = copy_width(op)?;
    let n = static_size(src_type.layout)
        .ok_or_else(|| "internal: a copy of a tile without a static size".to_string())?;
    if w < 1 {
        return Err(format!("internal: no vector width for the copy: {why}").into());
    }
    let access = if w == 1 {
        elem
    } else {
        b.vector(w as usize, elem)
    };
    let asynchronous = op.attribute("async").is_ok();
    let mut from = src.ptr;
    if asynchronous {
        let global = b.ptr(1);
        if from.r#type() != global {
            from = b.addrspacecast(from, global);
        }
    }
    let run = w * bytes;
    let bounds = if src.per_thread && src.partial.contains(&true) {
        mode_bounds(b, &src)?
    } else {
        Vec::new()
    };
    for j in (0..n).step_by(w as usize) {
        let i = const_index(b, j);
        let s = element_at(b, &src, from, elem, i)?;
        let d = element_at(b, &dst, dst.ptr, elem, i)?;
        if asynchronous {
            let src_bytes = if bounds.is_empty() {
                None
            } else {
                Some(run_bytes(b, &bounds, j as usize, w, bytes)?)
            };
            b.cp_async(d, s, run as i32, run == 16, src_bytes);
        } else {
            let v = b.load(access, s, run as u32);
            b.store(v, d, run as u32);
        }
    }
    let instr = if asynchronous {
        format!(
            "cp.async.{}.shared.global",
            if run == 16 { "cg" } else { "ca" }
        )
    } else {
        format!(
            "ld.{} + st.{}",
            src_type.space.name(),
            dst_type.space.name()
        )
    };
    emit_plain_op_remark(
        &op,
        &format!(
            "copy: {} x {instr} of {run} bytes (vectors of {w} '{}': {why})",
            n / w,
            src_type.element
        ),
    );
    b.replace(op, &[]);
    Ok(())
}
