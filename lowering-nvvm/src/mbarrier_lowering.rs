//! The mbarrier ring ops of `--layout-lower-tensors` on a tensor of barriers (i64 each,
//! resolved by [`crate::tensor_resolve`]):
//!
//! - **ring position k**: barrier `k mod S` of the ring of S barriers (S its static size, an
//!   error when it has none) and the parity of its phase, `(k div S) mod 2` (i32); the previous
//!   use of the stage (position `k - S`, for `k < S` the phase before 0, which a fresh barrier
//!   reports complete) has the parity `(k div S + 1) mod 2`.
//! - **`layout.mbarrier_init`**: `nvvm.mbarrier.init` of each barrier of the tensor (1 to 256,
//!   at the offsets its static layout gives; an error otherwise) with the op's arrival count,
//!   then `nvvm.fence.mbarrier.init`.
//! - **`layout.mbarrier_wait`**: `nvvm.mbarrier.try_wait.parity` (a loop) on the barrier of
//!   the ring position with the parity of its phase (of the phase before, with `free`).
//! - **`layout.mbarrier_arrive`**: each executing thread arrives once (`nvvm.mbarrier.arrive`,
//!   release at CTA scope) on the barrier of the ring position; with `multicast = n`, on that
//!   barrier of each CTA 0..n-1 of the cluster (`nvvm.mapa`, cluster scope).

use layout_dialect::layout_modes::{static_offset, static_size};
use layout_dialect::memory_tensor::memory_tensor;
use layout_dialect::op_access::integer_attribute;
use layout_dialect::op_diagnostics::op_name;
use melior::ir::attribute::{Attribute, BoolAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use crate::algebra_inference::Emitted;
use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_i32, const_index, index_cast, index_castui, Arith};
use crate::build_layout::{crd2idx, op_of};
use crate::tensor_resolve::{internal, op_error, resolve};

/// The barrier of ring position `k` of the ring `bars` and the parity (i32) of its phase, or
/// with `previous` of the phase before it (the module doc).
pub(crate) fn ring_barrier<'c>(
    b: &Builder<'c>,
    at: OperationRef<'c, 'c>,
    bars: Val<'c>,
    k: Val<'c>,
    previous: bool,
) -> Result<(Val<'c>, Val<'c>), Emitted> {
    let r = resolve(b, at, bars)?;
    let ty = bars.r#type();
    let n = memory_tensor(ty)
        .and_then(|t| static_size(t.layout))
        .filter(|&n| n >= 1)
        .ok_or_else(|| op_error(at, &format!("the barrier ring '{ty}' has no static size")))?;
    let ring = const_index(b, n);
    let s = arith(b, Arith::RemUI, k, ring);
    let offset = crd2idx(b, r.layout, &[s]).map_err(internal(at))?;
    let offset64 = index_cast(b, offset, b.i64());
    let bar = b.element_address(r.ptr, b.i64(), offset64);
    let mut phase = arith(b, Arith::DivUI, k, ring);
    if previous {
        let one = const_index(b, 1);
        phase = arith(b, Arith::AddI, phase, one);
    }
    let one = const_index(b, 1);
    let parity = arith(b, Arith::AndI, phase, one);
    Ok((bar, index_castui(b, parity, b.i32())))
}

/// Operand `i` of `op`.
fn operand<'c>(op: OperationRef<'c, 'c>, i: usize) -> Result<Val<'c>, Emitted> {
    op.operands().nth(i).ok_or_else(|| {
        op_error(
            op,
            &format!("internal: {} has no operand {i}", op_name(&op)),
        )
    })
}

/// Lower the mbarrier op `op` (the module doc).
pub(crate) fn lower_mbarrier<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>) -> Result<(), Emitted> {
    match op_name(&op).as_str() {
        "layout.mbarrier_init" => init(b, op),
        "layout.mbarrier_wait" => wait(b, op),
        "layout.mbarrier_arrive" => arrive(b, op),
        name => Err(op_error(
            op,
            &format!("internal: {name} is not an mbarrier op"),
        )),
    }?;
    b.replace(op, &[]);
    Ok(())
}

/// layout.mbarrier_init (the module doc).
fn init<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>) -> Result<(), Emitted> {
    let bars = operand(op, 0)?;
    let r = resolve(b, op, bars)?;
    let ty = bars.r#type();
    let layout = memory_tensor(ty)
        .map(|t| t.layout)
        .ok_or_else(|| op_error(op, "internal: the barriers are not a tensor"))?;
    let n = static_size(layout);
    let Some(n) = n.filter(|n| (1..=256).contains(n)) else {
        return Err(op_error(
            op,
            &format!(
                "initializes 1 to 256 barriers, '{ty}' holds {}",
                n.map_or("?".to_string(), |n| n.to_string())
            ),
        ));
    };
    let arrivals = integer_attribute(op, "arrivals").map_err(internal(op))?;
    let count = const_i32(b, arrivals);
    for i in 0..n {
        let offset = static_offset(layout, &[i])
            .and_then(|o| i32::try_from(o).ok())
            .ok_or_else(|| op_error(op, &format!("cannot evaluate '{layout}' at {i}")))?;
        let bar = b.const_element_address(r.ptr, b.i64(), offset);
        op_of(b, "nvvm.mbarrier.init", &[bar, count], &[], &[]).map_err(internal(op))?;
    }
    op_of(b, "nvvm.fence.mbarrier.init", &[], &[], &[]).map_err(internal(op))?;
    Ok(())
}

/// layout.mbarrier_wait (the module doc).
fn wait<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>) -> Result<(), Emitted> {
    let free = op.attribute("free").is_ok();
    let (bar, parity) = ring_barrier(b, op, operand(op, 0)?, operand(op, 1)?, free)?;
    let ticks = const_i32(b, 1_000_000);
    op_of(
        b,
        "nvvm.mbarrier.try_wait.parity",
        &[bar, parity, ticks],
        &[],
        &[],
    )
    .map_err(internal(op))?;
    Ok(())
}

/// `#nvvm.mem_scope<scope>`.
fn mem_scope<'c>(b: &Builder<'c>, scope: &str) -> Result<Attribute<'c>, String> {
    Attribute::parse(b.context(), &format!("#nvvm.mem_scope<{scope}>"))
        .ok_or_else(|| format!("internal: no memory scope {scope}"))
}

/// `nvvm.mbarrier.arrive bar` at `scope`, with an i64 result (the barrier's state) when
/// `state`.
fn arrive_at<'c>(b: &Builder<'c>, bar: Val<'c>, scope: &str, state: bool) -> Result<(), String> {
    let attrs = [
        ("scope", mem_scope(b, scope)?),
        ("relaxed", BoolAttribute::new(b.context(), false).into()),
    ];
    let results = if state { vec![b.i64()] } else { Vec::new() };
    op_of(b, "nvvm.mbarrier.arrive", &[bar], &attrs, &results)?;
    Ok(())
}

/// layout.mbarrier_arrive (the module doc).
fn arrive<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>) -> Result<(), Emitted> {
    let (bar, _) = ring_barrier(b, op, operand(op, 0)?, operand(op, 1)?, false)?;
    match op.attribute("multicast").ok() {
        Some(_) => {
            let n = integer_attribute(op, "multicast").map_err(internal(op))?;
            // The same barrier in each CTA q of the cluster, at cluster scope.
            let remote = b.ptr(7);
            for q in 0..n {
                let q = const_i32(b, q);
                let new = op_of(b, "nvvm.mapa", &[bar, q], &[], &[remote]).map_err(internal(op))?;
                let remote_bar = new
                    .results()
                    .next()
                    .map(Into::into)
                    .ok_or_else(|| op_error(op, "internal: nvvm.mapa without result"))?;
                arrive_at(b, remote_bar, "cluster", false).map_err(internal(op))?;
            }
        }
        None => arrive_at(b, bar, "cta", true).map_err(internal(op))?,
    }
    Ok(())
}
