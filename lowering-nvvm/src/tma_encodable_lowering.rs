//! `layout.tma_encodable %T` of `--layout-lower-tensors`: whether `cuTensorMapEncodeTiled`
//! accepts the global extents and strides of a tensor, as index math on the leaves of its
//! layout.
//!
//! - The tensor is a whole one, made by `layout.make_tensor` in the function; the math reads
//!   the leaves of that make_tensor's layout operand.
//! - Every top-level mode of the tensor's layout is a leaf (the plan of
//!   `layout_algebra::hw::tma_encodable`); otherwise the error names the first mode that is
//!   not, or says the modes cannot be read.
//! - The predicate: every extent e in `[extent_min, extent_max]`, and for every mode but the
//!   contiguous one the stride s with `0 < s < stride_limit` and s times the element's bits a
//!   multiple of `stride_multiple_bits` (in bits, so that sub-byte elements need no division;
//!   s is bounded first, so the product cannot wrap): the driver's rules (`hw::tma_limits`).
//!   The op becomes the `arith.andi` of those comparisons on `arith.index_cast`s of
//!   `layout.shape_leaf` / `layout.stride_leaf`; static leaves fold later (canonicalize).
//!
//! `--layout-lower-tensors` checks the plan before any rewrite
//! ([`crate::tensor_lowering_checks`]); the errors are the op's.

use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::hw::tma_encodable::{tma_encodable, EncodableError, TmaEncodable};
use layout_dialect::memory_tensor::memory_tensor;
use layout_dialect::op_access::bit_width;
use layout_dialect::op_diagnostics::op_name;
use melior::dialect::arith::CmpiPredicate;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

use crate::build::{Builder, Val};
use crate::build_arith::{arith, cmpi, const_i64, const_of, index_cast, Arith};
use crate::build_layout::{leaf, Leaf};
use crate::kernel_checks::defining_op;

/// The `layout.make_tensor` that makes `tensor`, if one does.
pub(crate) fn make_tensor_of<'c: 'a, 'a>(tensor: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    defining_op(tensor).filter(|d| op_name(d) == "layout.make_tensor")
}

/// The predicate of the `layout.tma_encodable` `op` on its tensor: the modes to test and the
/// driver's limits; the error of the module doc.
pub(crate) fn encodable_plan(op: OperationRef<'_, '_>) -> Result<TmaEncodable, String> {
    let tensor = op.operands().next();
    if tensor.and_then(make_tensor_of).is_none() {
        return Err(
            "asks about the tensor map of a whole tensor, made by layout.make_tensor in \
                    its function, found a tensor that is not"
                .to_string(),
        );
    }
    let Some(t) = tensor.and_then(|t| memory_tensor(t.r#type())) else {
        return Err("internal: tma_encodable of a value that is not a tensor".to_string());
    };
    let bits = bit_width(t.element).unwrap_or(0);
    let plan = catch_unwind(AssertUnwindSafe(|| {
        match layout_dialect::type_value(t.layout) {
            Some(Ok(l)) => tma_encodable(&l, bits),
            _ => Err(EncodableError::NoModes),
        }
    }));
    match plan {
        Ok(Ok(plan)) => Ok(plan),
        Ok(Err(EncodableError::NotLeaf(d))) => Err(format!(
            "reads the extent and stride of each mode of '{}', but mode {d} is not a leaf",
            t.layout
        )),
        _ => Err(format!("cannot read the modes of '{}'", t.layout)),
    }
}

/// Lower the `layout.tma_encodable` `op` (module doc), through `b`.
pub(crate) fn lower_tma_encodable<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
) -> Result<(), String> {
    let plan = encodable_plan(op)?;
    let tensor = op.operands().next();
    let (Some(make), Some(t)) = (
        tensor.and_then(make_tensor_of),
        tensor.and_then(|t| memory_tensor(t.r#type())),
    ) else {
        return Err("internal: tma_encodable of a tensor not made by make_tensor".to_string());
    };
    let Some(layout) = make.operands().nth(1) else {
        return Err("internal: a make_tensor without layout".to_string());
    };
    let bits = bit_width(t.element).unwrap_or(0);
    // The ops in the order the C++ lowering made them (its compiler evaluated a call's
    // arguments right to left): each comparison's constant before it, the right operand of
    // an `andi` before its left.
    let cmp = |p: CmpiPredicate, x: Val<'c>, v: i64| {
        let c = const_i64(b, v);
        cmpi(b, p, x, c)
    };
    let both = |x: Val<'c>, y: Val<'c>| arith(b, Arith::AndI, x, y);
    let i1 = b.i1();
    let mut ok = const_of(b, 1, i1);
    for mode in &plan.leaves {
        let path: Vec<i64> = mode.path.iter().map(|&d| d as i64).collect();
        let extent = leaf(b, Leaf::Extent, layout, &path)?;
        let e = index_cast(b, extent, b.i64());
        let at_most = cmp(CmpiPredicate::Sle, e, plan.extent_max);
        let at_least = cmp(CmpiPredicate::Sge, e, plan.extent_min);
        let in_range = both(at_least, at_most);
        ok = both(ok, in_range);
        if mode.contiguous {
            continue;
        }
        let stride = leaf(b, Leaf::Stride, layout, &path)?;
        let s = index_cast(b, stride, b.i64());
        let below = cmp(CmpiPredicate::Slt, s, plan.stride_limit);
        let positive = cmp(CmpiPredicate::Sgt, s, 0);
        let bounded = both(positive, below);
        let bits_value = const_i64(b, bits);
        let sb = arith(b, Arith::MulI, s, bits_value);
        let multiple = const_i64(b, plan.stride_multiple_bits);
        let rem = arith(b, Arith::RemSI, sb, multiple);
        let aligned = cmp(CmpiPredicate::Eq, rem, 0);
        let stride_ok = both(bounded, aligned);
        ok = both(ok, stride_ok);
    }
    b.replace(op, &[ok]);
    Ok(())
}
