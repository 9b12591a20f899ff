//! `layout.tma_copy %src to %dst` of `--layout-lower-tensors`: a TMA load (the source a tile of
//! a tma tensor, completing on a barrier of the ring `barrier(%bars[%k])`) or store (the
//! destination one) becomes `layout.tma_load` / `layout.tma_store`. The rules:
//!
//! - with `multicast = n`, the CTA copies slice r (its cluster rank) of mode 0 of both tiles
//!   cut in n (`ops::multicast_slice`: `layout.local_tile %t[r, 0, ...] {tile = (E0/n, E1,
//!   ...)}` of each); the error when the shared tile has no rank or no static extent, when
//!   the algebra refuses the slice, or when either tile cannot be so cut;
//! - the global tile and the shared tile are resolved (the global one by
//!   [`crate::tensor_resolve`], the shared one by [`crate::resolved_access::shared_operands`]),
//!   both before any error is reported;
//! - the TMA steps of the global tensor's layout ([`crate::tma_steps`]) give, per mode of the
//!   global tensor, the TMA dimension a step of it moves and by how many steps; the op's remark
//!   says `tma_copy: load, ` or `store, ` (with multicast `slice (cluster rank) of n multicast
//!   to n CTAs, each expecting n slices: `) and the boxes; the global tensor has one leaf per
//!   mode (the error otherwise);
//! - the TMA coordinate of dimension m is the sum of the origin coordinates of the modes that
//!   step it times their steps (i32; 0 where no mode steps it);
//! - the new op carries the tensor map (the global tile's pointer), the shared tile's pointer,
//!   the element type, the global tensor's layout as `gmem`, the shared layout as `smem`; a
//!   load also the ring's barrier ([`crate::mbarrier_lowering::ring_barrier`]) and `multicast`.

use layout_algebra::ops::multicast_slice::{multicast_slice, MulticastError};
use layout_dialect::ir::operand_group;
use layout_dialect::memory_tensor::memory_tensor;
use layout_dialect::op_diagnostics::emit_op_remark;
use layout_dialect::{type_attr, type_value};
use melior::ir::attribute::{Attribute, IntegerAttribute, TypeAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_i32, const_index, index_cast, index_castui, Arith};
use crate::build_layout::{tma_load, tma_store, TmaParams};
use crate::kernel_checks::algebra;
use crate::lowering_failure::Failure;
use crate::mbarrier_lowering::ring_barrier;
use crate::memory_tile::tile_of;
use crate::resolved_access::shared_operands;
use crate::tensor_resolve::{is_tma, resolve};
use crate::tma_steps::tma_steps;

/// The slices of `src` and `dst` a `multicast = n` TMA load of `op` copies (the module doc).
fn multicast_slices<'c>(
    b: &Builder<'c>,
    src: Val<'c>,
    dst: Val<'c>,
    n: i64,
) -> Result<(Val<'c>, Val<'c>), Failure> {
    let shared = memory_tensor(dst.r#type())
        .ok_or_else(|| "internal: a TMA copy of no shared tensor".to_string())?
        .layout;
    let value = type_value(shared).and_then(Result::ok);
    let plan = algebra(|| {
        Some(match value.as_deref() {
            Some(s) => multicast_slice(s, n),
            None => Err(MulticastError::NoRank),
        })
    })
    .unwrap_or_else(|| {
        Err(MulticastError::Algebra(layout_algebra::Error::algebra(
            "internal error: the layout algebra panicked",
        )))
    });
    let plan = plan.map_err(|e| match e {
        MulticastError::NoRank => format!("the shared tile '{shared}' has no rank"),
        MulticastError::NotStatic(m) => {
            format!("the shared tile '{shared}' has no static extent in mode {m}")
        }
        MulticastError::NotMultiple(_) => String::new(),
        MulticastError::Algebra(e) | MulticastError::NotTranslation(e) => e.to_string(),
    })?;
    let r = b.cluster_rank();
    let zero = const_index(b, 0);
    let mut coords = vec![zero; plan.tile.extents.len()];
    if let Some(c) = coords.first_mut() {
        *c = index_castui(b, r, Type::index(b.context()));
    }
    let s = tile_of(b, src, &plan.slice, &coords);
    let d = tile_of(b, dst, &plan.slice, &coords);
    match (s, d) {
        (Some(s), Some(d)) => Ok((s, d)),
        _ => Err(format!(
            "cannot cut mode 0 of the tiles '{}' and '{}' in {n} slices",
            src.r#type(),
            dst.r#type()
        )
        .into()),
    }
}

/// Lower the `layout.tma_copy` `op` (the module doc).
pub(crate) fn lower_tma_copy<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>) -> Result<(), Failure> {
    let mut operands = op.operands();
    let (Some(mut src), Some(mut dst)) = (operands.next(), operands.next()) else {
        return Err("internal: a tma_copy without its tiles".to_string().into());
    };
    let load = is_tma(src);
    let ctas = op
        .attribute("multicast")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value());
    if let Some(n) = ctas {
        // Slice r (the CTA's cluster rank) of mode 0 of both tiles.
        (src, dst) = multicast_slices(b, src, dst, n)?;
    }
    let (global, shared) = if load { (src, dst) } else { (dst, src) };
    let g = resolve(b, op, global);
    let s = shared_operands(b, op, shared);
    let (g, (shared_ptr, smem)) = (g?, s?);
    let elem = memory_tensor(global.r#type())
        .map(|t| Attribute::from(TypeAttribute::new(t.element)))
        .ok_or_else(|| "internal: a TMA copy of no global tensor".to_string())?;
    let steps = tma_steps(g.root, shared.r#type())?;
    let multicast = ctas.map_or(String::new(), |n| {
        format!("slice (cluster rank) of {n} multicast to {n} CTAs, each expecting {n} slices: ")
    });
    emit_op_remark(
        &op,
        &format!(
            "tma_copy: {}{multicast}{}",
            if load { "load, " } else { "store, " },
            steps.summary
        ),
    );
    let steps = steps.steps;
    let modes = steps.len() / 2;
    if modes != g.origin.len() {
        return Err(format!(
            "the global tensor '{}' must have one leaf per mode for TMA coordinates",
            g.root
        )
        .into());
    }
    let rank = (0..modes)
        .map(|d| steps[2 * d] + 1)
        .max()
        .unwrap_or(0)
        .max(0);
    let mut coords: Vec<Option<Val<'c>>> = vec![None; rank as usize];
    for (d, &origin) in g.origin.iter().enumerate() {
        let Ok(m) = usize::try_from(steps[2 * d]) else {
            continue;
        };
        let step = const_index(b, steps[2 * d + 1]);
        let c = arith(b, Arith::MulI, origin, step);
        coords[m] = Some(match coords[m] {
            Some(sum) => arith(b, Arith::AddI, sum, c),
            None => c,
        });
    }
    let coords32: Vec<Val<'c>> = coords
        .into_iter()
        .map(|c| match c {
            Some(c) => index_cast(b, c, b.i32()),
            None => const_i32(b, 0),
        })
        .collect();
    let params = TmaParams {
        elem,
        gmem: type_attr(g.root)
            .ok_or_else(|| "internal: a global tensor of no layout".to_string())?,
        smem,
        multicast: ctas,
    };
    if load {
        let bars = operand_group(op, 2)?;
        let position = operand_group(op, 3)?;
        let (Some(&bars), Some(&k)) = (bars.first(), position.first()) else {
            return Err("internal: a TMA load without its barrier"
                .to_string()
                .into());
        };
        let (bar, _) = ring_barrier(b, op, bars, k, false)?;
        tma_load(b, [shared_ptr, g.ptr, bar], &coords32, &params)?;
    } else {
        tma_store(b, [g.ptr, shared_ptr], &coords32, &params)?;
    }
    b.replace(op, &[]);
    Ok(())
}
