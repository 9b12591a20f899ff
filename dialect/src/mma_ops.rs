//! The verifiers of the MMA ops: `layout.mma` (`mma.sync` m16n8k16 on register tensors),
//! `layout.mma_async` (warpgroup MMAs, `wgmma.mma_async`, A and B in shared memory or A in
//! registers) and `layout.mma_tmem` (`tcgen05.mma`, the accumulator in tensor memory).
//!
//! - **mma**: A, B and C are register tensors encoded by `#layout.linear` (each one that is
//!   not is an error of its own), D has C's type; A, B, C are M x K, K x N and M x N; A and B
//!   both f16 or both bf16, C f32; and the layouts hold the m16n8k16 fragments
//!   (`hw::mma_sync::mma_sync_plan`; its error names the operand, lane, warp and element).
//! - **Shared operands** (mma_async, mma_tmem): A (M x K) and B (N x K) are tensors in shared
//!   memory with static layouts, both f16 or both bf16 (mma_async also takes each of
//!   f8E4M3FN / f8E5M2), their layouts of two modes of static sizes.
//! - **mma_async**: A is a shared tensor (above) or a register tensor (the RS form): then B is
//!   a shared tensor whose layout has two modes of static sizes (N, K), A is encoded by a
//!   `#layout.linear`, of B's 16-bit type or both fp8, M x K with B's K, and its layout holds
//!   wgmma's A fragment (`hw::wgmma_a_operand`). C is encoded by a `#layout.linear`, D has
//!   C's type, C is M x N of f32; K is a multiple of one instruction's K (32 bytes of A's
//!   elements); and C's layout holds the accumulator (`hw::wgmma_accumulator`).
//! - **mma_tmem**: shared A and B (f16 or bf16); D an f32 tensor in tensor memory; a commit
//!   names a ring and a position together, the ring a barrier ring; `ctaGroup` is 1 or 2; A is
//!   128 x K and B N x K (N / 2 x K in each CTA of a pair) with K a multiple of 16 and N a
//!   multiple of 16 in [16, 256]; D's layout is (128,N):(65536,1) (row i in TMEM lane i,
//!   column j in column j).
//!
//! The first failure, in that order per op, is the op's error.

use layout_algebra::hw::mma_sync::mma_sync_plan;
use layout_algebra::hw::wgmma_a_operand::wgmma_a_operand;
use layout_algebra::hw::wgmma_accumulator::wgmma_accumulator;
use melior::ir::attribute::IntegerAttribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{TypeLike, ValueLike};
use melior::Context;

use crate::barrier_ops::barrier_ring;
use crate::ir::operand_group as group;
use crate::layout_modes::{flat_modes, mode_sizes, Flat};
use crate::memory_tensor::{memory_tensor, tensor_in, MemorySpace};
use crate::op_access::{bit_width, operand_type as operand, result_type as result};
use crate::register_tile::{tile_of, Tile};

/// Verify `layout.mma` (the module doc): every error the encodings of A, B and C give, else
/// the first of the other rules.
pub fn verify_mma(op: OperationRef<'_, '_>) -> Result<(), Vec<String>> {
    let one = |e: String| vec![e];
    let (a, b, c) = (
        tile_of(operand(op, 0).map_err(one)?).map_err(one)?,
        tile_of(operand(op, 1).map_err(one)?).map_err(one)?,
        tile_of(operand(op, 2).map_err(one)?).map_err(one)?,
    );
    let (la, lb, lc) = (
        a.encoding("A operand"),
        b.encoding("B operand"),
        c.encoding("accumulator"),
    );
    let (la, lb, lc) = match (la, lb, lc) {
        (Ok(la), Ok(lb), Ok(lc)) => (la, lb, lc),
        (la, lb, lc) => {
            return Err([la.err(), lb.err(), lc.err()]
                .into_iter()
                .flatten()
                .collect());
        }
    };
    let rest = || {
        if result(op)? != c.ty {
            return Err(format!(
                "the result type must be the accumulator's, '{}'",
                c.ty
            ));
        }
        if a.rank() != 2
            || b.rank() != 2
            || c.rank() != 2
            || a.shape[1] != b.shape[0]
            || a.shape[0] != c.shape[0]
            || b.shape[1] != c.shape[1]
        {
            return Err(format!(
                "A, B and C must be M x K, K x N and M x N, found '{}', '{}' and '{}'",
                a.ty, b.ty, c.ty
            ));
        }
        if !is_half(a.elem) || b.elem != a.elem {
            return Err(format!(
                "A and B must both be f16 or both bf16, found '{}' and '{}'",
                a.elem, b.elem
            ));
        }
        if !c.elem.is_f32() {
            return Err(format!("the accumulator must be f32, found '{}'", c.elem));
        }
        mma_sync_plan(&la, &lb, &lc, c.shape[0], c.shape[1], a.shape[1])
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    rest().map_err(one)
}

/// Verify `layout.mma_async` (the module doc).
pub fn verify_mma_async(op: OperationRef<'_, '_>) -> Result<(), String> {
    let (a_type, b_type) = (operand(op, 0)?, operand(op, 1)?);
    let c = tile_of(operand(op, 2)?)?;
    let register_a = Tile::of(a_type);
    let (sa, sb, elem_a) = if let Some(a) = &register_a {
        let b = tensor_in("B operand", b_type, MemorySpace::Shared, None)?;
        let sb = mode_sizes(b.layout)
            .filter(|s| s.len() == 2)
            .ok_or_else(|| {
                format!("B must have a static layout of two modes (N, K), found '{b_type}'")
            })?;
        register_a_operand(a, b.element, &sb)?;
        (vec![a.shape[0], a.shape[1]], sb, a.elem)
    } else if memory_tensor(a_type).is_none() {
        return Err(format!(
            "A is a shared tensor or a register tensor, found '{a_type}'"
        ));
    } else {
        shared_operands(op, true)?
    };
    // One instruction's K: 32 bytes (16 f16/bf16, 32 fp8).
    let k_instr = 256
        / bit_width(elem_a)
            .filter(|&w| w > 0)
            .ok_or("internal: no width")?;
    let lc = c.encoding("accumulator")?;
    if result(op)? != c.ty {
        return Err(format!(
            "the result type must be the accumulator's, '{}'",
            c.ty
        ));
    }
    if !c.elem.is_f32() || c.rank() != 2 {
        return Err(format!(
            "the accumulator must be an M x N tensor of f32, found '{}'",
            c.ty
        ));
    }
    if sa[0] != c.shape[0] || sb[0] != c.shape[1] || sa[1] != sb[1] || sa[1] % k_instr != 0 {
        let a_shown = match &register_a {
            Some(a) => a.ty,
            None => {
                memory_tensor(a_type)
                    .ok_or("internal: A is not a tensor")?
                    .layout
            }
        };
        let b_layout = memory_tensor(b_type)
            .ok_or("internal: B is not a tensor")?
            .layout;
        return Err(format!(
            "A, B and C must be M x K, N x K and M x N with K a multiple of {k_instr} (one instruction's K for '{elem_a}'), found A '{a_shown}', B '{b_layout}' and '{}'",
            c.ty
        ));
    }
    wgmma_accumulator(&lc, c.shape[0], c.shape[1])
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The A operand of mma_async from registers (the module doc), against B's element type `eb`
/// and B's mode sizes `sb` (N, K).
fn register_a_operand(a: &Tile<'_>, eb: Type<'_>, sb: &[i64]) -> Result<(), String> {
    let la = a.encoding("A operand from registers")?;
    let ea = a.elem;
    if !((is_half(eb) && ea == eb) || (is_fp8(ea) && is_fp8(eb))) {
        return Err(format!(
            "A from registers and B must both be f16, both bf16, or both f8E4M3FN/f8E5M2, found '{ea}' and '{eb}'"
        ));
    }
    if a.rank() != 2 || a.shape[1] != sb[1] {
        return Err(format!(
            "A from registers must be M x K with B's K ({}), found '{}'",
            sb[1], a.ty
        ));
    }
    let bits = bit_width(ea).ok_or("internal: no width")?;
    wgmma_a_operand(&la, a.shape[0], a.shape[1], bits as u32)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The shared A and B operands of the module doc (operands 0 and 1; with `fp8`, each may be
/// f8E4M3FN or f8E5M2): A's and B's mode sizes and A's element type.
fn shared_operands<'c>(
    op: OperationRef<'c, '_>,
    fp8: bool,
) -> Result<(Vec<i64>, Vec<i64>, Type<'c>), String> {
    let a = tensor_in("A operand", operand(op, 0)?, MemorySpace::Shared, None)?;
    let b = tensor_in("B operand", operand(op, 1)?, MemorySpace::Shared, None)?;
    let (ea, eb) = (a.element, b.element);
    let half = is_half(ea) && eb == ea;
    if !(half || (fp8 && is_fp8(ea) && is_fp8(eb))) {
        return Err(format!(
            "A and B must both be f16 or both bf16{}, found '{ea}' and '{eb}'",
            if fp8 {
                ", or each f8E4M3FN or f8E5M2"
            } else {
                ""
            }
        ));
    }
    match (mode_sizes(a.layout), mode_sizes(b.layout)) {
        (Some(sa), Some(sb)) if sa.len() == 2 && sb.len() == 2 => Ok((sa, sb, ea)),
        _ => Err(format!(
            "A and B must have static layouts of two modes (M or N, K), found A '{}' and B '{}'",
            a.layout, b.layout
        )),
    }
}

/// Verify `layout.mma_tmem` (the module doc).
pub fn verify_mma_tmem<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), String> {
    let (sa, sb, _) = shared_operands(op, false)?;
    let d = tensor_in(
        "accumulator",
        operand(op, 2)?,
        MemorySpace::Tmem,
        Some(Type::float32(ctx)),
    )?;
    let bars = group(op, 4)?.first().map(|v| v.r#type());
    if bars.is_some() == group(op, 5)?.is_empty() {
        return Err("commits to a barrier ring at a position: commit(%ring[%k] : ...)".into());
    }
    if let Some(bars) = bars {
        barrier_ring(ctx, bars)?;
    }
    let layout = |i: usize| -> Result<Type<'c>, String> {
        Ok(memory_tensor(operand(op, i)?)
            .ok_or("internal: not a tensor in memory")?
            .layout)
    };
    let group = op
        .attribute("ctaGroup")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map_or(1, |g| g.value());
    if group != 1 && group != 2 {
        return Err(format!(
            "ctaGroup is 1 (one CTA) or 2 (a CTA pair), found {group}"
        ));
    }
    // With a CTA pair, B holds this CTA's half of N.
    let n = sb[0].wrapping_mul(group);
    if sa[0] != 128 || sa[1] != sb[1] || sa[1] % 16 != 0 || n % 16 != 0 || n > 256 {
        let (la, lb) = (layout(0)?, layout(1)?);
        if group == 2 {
            return Err(format!(
                "with ctaGroup = 2, A and B must be 128 x K and N/2 x K in each CTA (K a multiple of 16, N a multiple of 16 in [16, 256]), found A '{la}' and B '{lb}'"
            ));
        }
        return Err(format!(
            "A and B must be 128 x K and N x K (K a multiple of 16, N a multiple of 16 in [16, 256]), found A '{la}' and B '{lb}'"
        ));
    }
    let lane_major = [
        (Flat::Int(128), Flat::Int(65536)),
        (Flat::Int(n), Flat::Int(1)),
    ];
    if flat_modes(d.layout) != lane_major {
        return Err(format!(
            "the accumulator of tcgen05.mma M = 128 N = {n} lies in TMEM lane i, column j: (128,{n}):(65536,1), found '{}'",
            d.layout
        ));
    }
    Ok(())
}

/// Whether `t` is f16 or bf16.
fn is_half(t: Type<'_>) -> bool {
    t.is_f16() || t.is_bf16()
}

/// Whether `t` is one of WGMMA's 8-bit float operand types (e4m3, e5m2).
fn is_fp8(t: Type<'_>) -> bool {
    t.is_float8e4m3fn() || t.is_float8e5m2()
}
