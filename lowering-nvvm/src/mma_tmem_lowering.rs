//! `layout.mma_tmem %a, %b, %d accumulate(%acc)` of `--layout-lower-tensors`: D (in tensor
//! memory) = A * B (+ D) by UMMA, A and B tiles in shared memory. The rules:
//!
//! - A, B and D are resolved ([`crate::resolved_access::shared_operands`] for A and B, the
//!   resolution of [`crate::tensor_resolve`] for D), all three before any error is reported;
//! - K is mode 1 of A's layout, N mode 0 of B's (twice it for a CTA pair, `ctaGroup = 2`: B
//!   holds this CTA's half of N, and M is 256, else 128), both static, and A and B are K- or
//!   MN-major ([`crate::operand_major`]); the error otherwise names all of these;
//! - per k block j of 16: the UMMA descriptors of block j of A and B (`layout.umma_desc` of
//!   their shared layouts) and one `layout.tcgen05_mma` into D's TMEM address (i32), adding
//!   when `accumulate` is true or j > 0;
//! - with `commit(%bars[%k])`, `nvvm.tcgen05.commit` to the barrier of ring position k
//!   ([`crate::mbarrier_lowering::ring_barrier`]); for a CTA pair to both CTAs of the pair,
//!   the multicast mask having the bits (rank & ~1) and (rank | 1) of the CTA's cluster rank.

use layout_dialect::ir::operand_group;
use layout_dialect::layout_modes::static_mode_sizes;
use layout_dialect::memory_tensor::memory_tensor;
use melior::ir::attribute::{Attribute, IntegerAttribute, TypeAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use crate::build::Builder;
use crate::build_arith::{arith, const_i32, const_of, Arith};
use crate::build_layout::{op_of, shared_tile_desc, tcgen05_mma, SharedTileDesc, UmmaParams};
use crate::build_llvm::Cast;
use crate::lowering_failure::Failure;
use crate::mbarrier_lowering::ring_barrier;
use crate::operand_major::{major_attribute, major_of};
use crate::resolved_access::shared_operands;
use crate::tensor_resolve::resolve;

/// Static mode `d` of the layout of the memory tensor type `ty`.
fn static_mode(ty: Type<'_>, d: usize) -> Option<i64> {
    memory_tensor(ty)
        .and_then(|t| static_mode_sizes(t.layout))
        .and_then(|s| s.get(d).copied().flatten())
}

/// Lower the `layout.mma_tmem` `op` (the module doc).
pub(crate) fn lower_mma_tmem<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>) -> Result<(), Failure> {
    let ctx = b.context();
    let mut operands = op.operands();
    let (Some(a), Some(bt), Some(d), Some(accumulate)) = (
        operands.next(),
        operands.next(),
        operands.next(),
        operands.next(),
    ) else {
        return Err("internal: an mma_tmem without its operands"
            .to_string()
            .into());
    };
    let sa = shared_operands(b, op, a);
    let sb = shared_operands(b, op, bt);
    let rd = resolve(b, op, d);
    let ((ptr_a, tile_a), (ptr_b, tile_b), rd) = (sa?, sb?, rd?);
    let k = static_mode(a.r#type(), 1);
    // A CTA pair: M = 256, and B holds this CTA's half of N.
    let pair = op
        .attribute("ctaGroup")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .is_some_and(|g| g.value() == 2);
    let n = static_mode(bt.r#type(), 0).map(|n| if pair { n * 2 } else { n });
    let major_a = memory_tensor(a.r#type()).and_then(|t| major_of(t.layout));
    let major_b = memory_tensor(bt.r#type()).and_then(|t| major_of(t.layout));
    let (Some(k), Some(n), Some(major_a), Some(major_b)) = (k, n, major_a, major_b) else {
        return Err("cannot read K, N or the major-ness of the operands"
            .to_string()
            .into());
    };
    let elem = memory_tensor(a.r#type())
        .map(|t| Attribute::from(TypeAttribute::new(t.element)))
        .ok_or_else(|| "internal: A is not a tensor".to_string())?;
    let tmem = b.cast(Cast::PtrToInt, rd.ptr, b.i32());
    let (major_a, major_b) = (
        major_attribute(ctx, major_a)?,
        major_attribute(ctx, major_b)?,
    );
    let always = const_of(b, 1, b.i1());
    let params = UmmaParams {
        elem,
        major_a,
        major_b,
        m: if pair { 256 } else { 128 },
        n,
        cta_group: if pair { 2 } else { 1 },
    };
    for j in 0..k / 16 {
        let desc_a = shared_tile_desc(b, SharedTileDesc::Umma, ptr_a, [elem, major_a, tile_a], j)?;
        let desc_b = shared_tile_desc(b, SharedTileDesc::Umma, ptr_b, [elem, major_b, tile_b], j)?;
        let add = if j == 0 { accumulate } else { always };
        tcgen05_mma(b, [tmem, desc_a, desc_b, add], &params)?;
    }
    let commit = operand_group(op, 4)?;
    let position = operand_group(op, 5)?;
    if let (Some(&bars), Some(&k)) = (commit.first(), position.first()) {
        let (bar, _) = ring_barrier(b, op, bars, k, false)?;
        if !pair {
            op_of(b, "nvvm.tcgen05.commit", &[bar], &[], &[])?;
        } else {
            // Both CTAs of the pair: bits (rank & ~1) and (rank | 1) of the mask.
            let rank = b.cluster_rank();
            let minus_two = const_i32(b, -2);
            let even = arith(b, Arith::AndI, rank, minus_two);
            let three = const_i32(b, 3);
            let mask32 = arith(b, Arith::ShLI, three, even);
            let mask = b.insert_one(melior::dialect::arith::trunci(
                mask32,
                b.int(16),
                b.location(),
            ));
            let group = Attribute::parse(ctx, "#nvvm.cta_group<cta_2>")
                .ok_or_else(|| "internal: cannot make #nvvm.cta_group<cta_2>".to_string())?;
            op_of(
                b,
                "nvvm.tcgen05.commit",
                &[bar, mask],
                &[("group", group)],
                &[],
            )?;
        }
    }
    b.replace(op, &[]);
    Ok(())
}
