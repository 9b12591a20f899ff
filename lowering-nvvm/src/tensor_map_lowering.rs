//! `layout.encode_tensor_map %map, %T {smem = S}` of `--layout-lower-tensors`: the hardware op
//! `layout.tma_desc` that encodes the tensor map of the global tensor `%T` for tiles laid out
//! by `S`.
//!
//! - `%T` is a whole tensor, made by `layout.make_tensor` in the function (the kernel tiles the
//!   `tma` tensor, not the host).
//! - Its element type is one the hardware names (`layout_dialect::element_types`; the error lists the
//!   types TMA moves), and the algebra's tensor map of its layout for tiles of `S`
//!   (`layout_algebra::hw::tma_desc`) exists: the layout is a plain layout, `S` a CuTe layout,
//!   and every runtime extent or stride of a TMA dimension is one leaf's. The algebra's error
//!   otherwise.
//! - The runtime arguments (`TmaDesc::runtime_operands`, in the order of `tma_desc`'s
//!   `dims(...)`) are read off the leaves of the make_tensor's layout operand: an extent is
//!   `layout.shape_leaf`, a stride is `layout.stride_leaf` times the element's bytes (for
//!   sub-byte elements: times its bits, divided by 8), each `arith.index_cast` to i64.
//! - The op becomes `layout.tma_desc %map, %ptr dims(...)` of the make_tensor's pointer, with
//!   `elem` the element type, `gmem` the tensor's layout and `smem` the op's.
//!
//! `--layout-lower-tensors` checks all of it before any rewrite
//! ([`crate::tensor_lowering_checks`]); the errors are the op's.

use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::hw::{tma_desc, Elem, TmaRuntime};
use layout_algebra::{Error, Value as AlgebraValue};
use layout_dialect::memory_tensor::{memory_tensor, MemoryTensor};
use layout_dialect::op_access::bit_width;
use layout_dialect::{attr_value, hardware_element_types, type_attr, type_value};
use melior::ir::attribute::{Attribute, TypeAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_i64, index_cast, Arith};
use crate::build_layout::{leaf, tma_desc as build_tma_desc, Leaf};
use crate::derive::hardware_element_name;
use crate::tma_encodable_lowering::make_tensor_of;

/// The tensor and the `smem` attribute of the `layout.encode_tensor_map` `op`.
fn operands<'c>(op: OperationRef<'c, '_>) -> Result<(MemoryTensor<'c>, Attribute<'c>), String> {
    let tensor = op.operands().nth(1).and_then(|t| memory_tensor(t.r#type()));
    match (tensor, op.attribute("smem")) {
        (Some(t), Ok(smem)) => Ok((t, smem)),
        _ => Err("internal: an encode_tensor_map without tensor or smem".to_string()),
    }
}

/// The runtime arguments of the tensor map of `tensor` (a global tensor) for tiles of `smem`,
/// in the order of `layout.tma_desc`'s `dims(...)`; the error of the module doc.
fn tma_runtime(tensor: MemoryTensor<'_>, smem: Attribute<'_>) -> Result<Vec<TmaRuntime>, String> {
    let Some(elem) = hardware_element_name(tensor.element) else {
        return Err(format!(
            "a TMA copy of '{}' elements: TMA moves {}",
            tensor.element,
            hardware_element_types()
        ));
    };
    let gmem = type_value(tensor.layout).and_then(Result::ok);
    let smem = attr_value(smem).and_then(Result::ok);
    let runtime = catch_unwind(AssertUnwindSafe(|| -> Result<Vec<TmaRuntime>, Error> {
        let g = match gmem.as_deref() {
            Some(AlgebraValue::Func(f)) => f.as_layout().cloned(),
            _ => None,
        }
        .ok_or_else(|| Error::algebra("tma: the global tensor's layout must be a plain layout"))?;
        let s = match smem.as_deref() {
            Some(AlgebraValue::Func(f)) => f.clone(),
            _ => {
                return Err(Error::algebra(
                    "tma: the shared tile's layout must be a CuTe layout",
                ))
            }
        };
        tma_desc(Elem::parse(elem)?, &g, &s)?.runtime_operands()
    }));
    match runtime {
        Ok(Ok(args)) => Ok(args),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("internal error: the layout algebra panicked".to_string()),
    }
}

/// The check of the module doc on the `layout.encode_tensor_map` `op`, before any rewrite.
pub(crate) fn check_encode_tensor_map(op: OperationRef<'_, '_>) -> Result<(), String> {
    if op.operands().nth(1).and_then(make_tensor_of).is_none() {
        return Err(
            "encodes the tensor map of a whole tensor, made by layout.make_tensor in its \
                    function (the kernel tiles the tma tensor), found a tensor that is not"
                .to_string(),
        );
    }
    let (tensor, smem) = operands(op)?;
    tma_runtime(tensor, smem).map(|_| ())
}

/// Lower the `layout.encode_tensor_map` `op` (module doc), through `b`.
pub(crate) fn lower_encode_tensor_map<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
) -> Result<(), String> {
    let (tensor, smem) = operands(op)?;
    let args = tma_runtime(tensor, smem)?;
    let mut ops = op.operands();
    let (Some(map), Some(make)) = (ops.next(), ops.next().and_then(make_tensor_of)) else {
        return Err("internal: encode_tensor_map of a tensor not made by make_tensor".to_string());
    };
    let mut made = make.operands();
    let (Some(ptr), Some(layout)) = (made.next(), made.next()) else {
        return Err("internal: a make_tensor without pointer or layout".to_string());
    };
    let Some(gmem) = type_attr(tensor.layout) else {
        return Err("internal: a tensor layout that is not a layout value".to_string());
    };
    let bits = bit_width(tensor.element).unwrap_or(0);
    let mut dynamic: Vec<Val<'c>> = Vec::new();
    for arg in &args {
        let (which, path) = match arg {
            TmaRuntime::Extent(p) => (Leaf::Extent, p),
            TmaRuntime::StrideBytes(p) => (Leaf::Stride, p),
        };
        let path: Vec<i64> = path.iter().map(|&m| i64::from(m)).collect();
        let value = leaf(b, which, layout, &path)?;
        let mut v = index_cast(b, value, b.i64());
        if which == Leaf::Stride {
            // In the order the C++ lowering made them (its compiler evaluated a call's
            // arguments right to left).
            v = if bits % 8 == 0 {
                let bytes = const_i64(b, bits / 8);
                arith(b, Arith::MulI, v, bytes)
            } else {
                let eight = const_i64(b, 8);
                let bits = const_i64(b, bits);
                let v_bits = arith(b, Arith::MulI, v, bits);
                arith(b, Arith::DivSI, v_bits, eight)
            };
        }
        dynamic.push(v);
    }
    let elem = TypeAttribute::new(tensor.element).into();
    let status = build_tma_desc(b, map, ptr, &dynamic, elem, gmem, smem)?;
    b.replace(op, &[status]);
    Ok(())
}
