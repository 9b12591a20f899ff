//! `layout.mma_async %a, %b, %c` of `--layout-lower-tensors`: D = A * B + C by WGMMA, A and B
//! tiles in shared memory (or A a register tensor, the RS form), C and D register tensors of
//! f32. It becomes `nvvm.wgmma.fence.aligned`; per k block of 32 bytes of K (16 f16/bf16, 32
//! fp8) one async `layout.wgmma` per warpgroup, whose descriptors come from the shared layouts
//! (`layout.wgmma_desc` of block j); `nvvm.wgmma.commit.group.sync.aligned`. The rules:
//!
//! - the accumulator is a register tensor whose encoding holds the instruction's accumulator
//!   (`hw::wgmma_accumulator`: the warpgroups, and which register of the tensor is each field
//!   of the instruction); the remark says so (`1 warpgroup(s) of m64n64k16, accumulator field
//!   i in register i`); the fields are permuted into the instruction's order and back when
//!   they are not the registers' own;
//! - A's K extent is static (its register tensor's, or mode 1 of its shared layout);
//! - with more than one warpgroup, warpgroup G (thread index / 128) reads the tile (64, K) of
//!   a shared A at (G, 0) (`layout.local_tile`); the error when A cannot be so tiled;
//! - A from registers gives per k block the four `.b32` registers of the instruction's A
//!   fragment (`hw::wgmma_a_operand`: which register of the tensor is each of the `4 e`
//!   fields, `e` = 2 16-bit or 4 8-bit elements per register, low bytes first), and is K-major;
//! - a shared A or B is K- or MN-major ([`crate::operand_major`]): the error names the other.
//!
//! The shared tiles are resolved to their pointers by [`crate::resolved_access::shared_operands`].

use layout_algebra::hw::wgmma_a_operand::wgmma_a_operand;
use layout_algebra::hw::wgmma_accumulator::wgmma_accumulator;
use layout_algebra::hw::Major;
use layout_algebra::ops::local_tile::tile_value;
use layout_dialect::ir::ranked_shape;
use layout_dialect::layout_modes::static_mode_sizes;
use layout_dialect::memory_tensor::memory_tensor;
use layout_dialect::op_access::bit_width;
use layout_dialect::op_diagnostics::emit_op_remark;
use layout_dialect::{attr_linear, attr_mnemonic};
use melior::ir::attribute::{Attribute, TypeAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{RankedTensorType, ShapedTypeLike, Type};
use melior::ir::ValueLike;

use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_i32, const_of, index_castui, Arith};
use crate::build_layout::{shared_tile_desc, wgmma_async, SharedTileDesc, WgmmaParams};
use crate::build_nvvm::Sync;
use crate::kernel_checks::algebra;
use crate::lowering_failure::Failure;
use crate::memory_tile::tile_of;
use crate::operand_major::{major_attribute, major_of};
use crate::register_tensor::llvm_element;
use crate::resolved_access::shared_operands;

/// The accumulator of the instruction in the register tensor `c` (the module doc).
struct Accumulator {
    /// The warpgroups that run the MMA.
    warpgroups: usize,
    /// The register of the tensor of each field of the instruction.
    fields: Vec<usize>,
    /// What the remark says.
    summary: String,
}

/// The accumulator of `m64n<n>k<k>` in the register tensor encoded by `enc` (an `m x n`
/// tensor); the error otherwise.
fn accumulator(enc: Option<Attribute<'_>>, m: i64, n: i64, k: i64) -> Result<Accumulator, String> {
    let c = match enc
        .filter(|e| attr_mnemonic(*e).is_some())
        .and_then(attr_linear)
    {
        None => return Err("the accumulator is not a register tensor".to_string()),
        Some(c) => c.map_err(|e| e.to_string())?,
    };
    let p = algebra(|| Some(wgmma_accumulator(&c, m, n)))
        .unwrap_or_else(|| Err(panicked()))
        .map_err(|e| e.to_string())?;
    let summary = format!(
        "{} warpgroup(s) of m64n{n}k{k}, accumulator field i in register {}",
        p.warpgroups,
        if p.is_identity() {
            "i"
        } else {
            "of the layout (permuted)"
        }
    );
    Ok(Accumulator {
        warpgroups: p.warpgroups,
        fields: p.fields,
        summary,
    })
}

/// The algebra's error for a panic.
fn panicked() -> layout_algebra::Error {
    layout_algebra::Error::algebra("internal error: the layout algebra panicked")
}

/// The A operand of `op` from the register tensor `a` of type `ty` (`m x k`): per k block,
/// the struct of the four `.b32` registers of the instruction's A fragment (the module doc).
/// The tensor becomes its registers through a cast the register-tensor lowering folds.
fn register_fragments_of_a<'c>(
    b: &Builder<'c>,
    a: Val<'c>,
    ty: RankedTensorType<'c>,
    m: i64,
    k: i64,
) -> Result<Vec<Val<'c>>, String> {
    let bits = bit_width(ty.element()).ok_or("internal: A's elements have no width")?;
    let layout = ty
        .encoding()
        .and_then(attr_linear)
        .ok_or("internal: A is not a register tensor")?
        .map_err(|e| e.to_string())?;
    let plan = algebra(|| Some(wgmma_a_operand(&layout, m, k, bits as u32)))
        .unwrap_or_else(|| Err(panicked()))
        .map_err(|e| e.to_string())?;
    let per = plan.per_register;
    let elem = llvm_element(b, ty.element());
    let all = b.structure(&vec![elem; 4 * per * plan.blocks.len()]);
    let regs = b.unrealized_cast(a, all);
    let four = b.structure(&[b.i32(); 4]);
    let packed = b.vector(per, elem);
    let mut out = Vec::with_capacity(plan.blocks.len());
    for block in &plan.blocks {
        let mut frag = b.undef(four);
        for p in 0..4 {
            let mut v = b.undef(packed);
            for h in 0..per {
                let reg = *block
                    .get(per * p + h)
                    .ok_or("internal: a short A fragment")?;
                let x = b.extract_value(regs, reg)?;
                let position = b.c32(h as i64);
                v = b.insert_element(v, x, position);
            }
            let word = b.bitcast(v, b.i32());
            frag = b.insert_value(frag, word, p);
        }
        out.push(frag);
    }
    Ok(out)
}

/// Warpgroup `g`'s rows of the shared A: `layout.local_tile %a[g, 0] {tile = (64, k)}`;
/// `None` when the algebra refuses the tile.
fn warpgroup_rows<'c>(b: &Builder<'c>, a: Val<'c>, k: i64, g: Val<'c>) -> Option<Val<'c>> {
    let zero = const_of(b, 0, Type::index(b.context()));
    tile_of(b, a, &tile_value(&[64, k]), &[g, zero])
}

/// The pointer and the layout attribute of the shared tile `tensor` read by `op`, and its
/// major-ness (`None` when neither mode is contiguous).
fn shared_tile<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    tensor: Val<'c>,
) -> Result<(Val<'c>, Attribute<'c>, Option<Major>), Failure> {
    let (ptr, layout) = shared_operands(b, op, tensor)?;
    let major = memory_tensor(tensor.r#type()).and_then(|t| major_of(t.layout));
    Ok((ptr, layout, major))
}

/// Lower the `layout.mma_async` `op` (the module doc).
pub(crate) fn lower_mma_async<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
) -> Result<(), Failure> {
    let ctx = b.context();
    let mut operands = op.operands();
    let (Some(a), Some(bt), Some(c)) = (operands.next(), operands.next(), operands.next()) else {
        return Err("internal: an mma_async without its operands"
            .to_string()
            .into());
    };
    let c_type = c.r#type();
    let enc = RankedTensorType::try_from(c_type)
        .ok()
        .and_then(|t| t.encoding());
    let Some((_, dims)) = ranked_shape(c_type).filter(|(_, d)| d.len() == 2) else {
        return Err("internal: the accumulator is not a matrix"
            .to_string()
            .into());
    };
    let (m, n) = (dims[0], dims[1]);
    // A from registers (the RS form) or from shared memory.
    let reg_a = RankedTensorType::try_from(a.r#type()).ok();
    let elem = match reg_a {
        Some(t) => Some(t.element()),
        None => memory_tensor(a.r#type()).map(|t| t.element),
    };
    let elem_b = memory_tensor(bt.r#type()).map(|t| t.element);
    let (Some(elem), Some(elem_b)) = (elem, elem_b) else {
        return Err("internal: an mma_async of no tensors".to_string().into());
    };
    let bits = bit_width(elem)
        .filter(|&w| w > 0)
        .ok_or_else(|| "internal: A's elements have no width".to_string())?;
    // One instruction's K: 32 bytes of K (16 f16/bf16, 32 fp8).
    let k_instr = 256 / bits;
    let acc = accumulator(enc, m, n, k_instr)?;
    emit_op_remark(
        &op,
        &format!(
            "mma_async: {}{}",
            acc.summary,
            if reg_a.is_some() {
                "; A from registers"
            } else {
                ""
            }
        ),
    );
    let k = match reg_a {
        Some(t) => ranked_shape(t.into()).and_then(|(_, d)| d.get(1).copied()),
        None => memory_tensor(a.r#type())
            .and_then(|t| static_mode_sizes(t.layout))
            .and_then(|s| s.get(1).copied().flatten()),
    };
    let Some(k) = k else {
        return Err("A's K extent is not static".to_string().into());
    };
    let mut shared_a = None;
    let mut major_a = Some(Major::K);
    let mut a_regs = Vec::new();
    if let Some(t) = reg_a {
        a_regs = register_fragments_of_a(b, a, t, m, k)?;
    } else {
        // Warpgroup G's rows of A: local_tile(A, (64, K), (G, 0)).
        let mut tile = a;
        if acc.warpgroups > 1 {
            let tid = b.thread_id_x();
            let wg = const_i32(b, 128);
            let g = arith(b, Arith::DivUI, tid, wg);
            let gi = index_castui(b, g, Type::index(ctx));
            tile = warpgroup_rows(b, a, k, gi)
                .ok_or_else(|| format!("cannot tile A by (64, {k}) for its warpgroups"))?;
        }
        let (ptr, layout, major) = shared_tile(b, op, tile)?;
        shared_a = Some((ptr, layout));
        major_a = major;
    }
    let (ptr_b, layout_b, major_b) = shared_tile(b, op, bt)?;
    let (Some(major_a), Some(major_b)) = (major_a, major_b) else {
        return Err(format!(
            "neither mode of {}'s shared layout is contiguous (stride 1): WGMMA reads K- or \
             MN-major tiles",
            if major_a.is_some() { "B" } else { "A" }
        )
        .into());
    };
    let regs = b.structure(&vec![b.f32(); acc.fields.len()]);
    let mut d = b.unrealized_cast(c, regs);
    let identity = acc.fields.iter().enumerate().all(|(i, &r)| i == r);
    // The registers in the instruction's field order (`to_fields`), or back.
    let permute = |from: Val<'c>, to_fields: bool| -> Result<Val<'c>, String> {
        let mut out = b.undef(regs);
        for (i, &reg) in acc.fields.iter().enumerate() {
            let (src, dst) = if to_fields { (reg, i) } else { (i, reg) };
            let v = b.extract_value(from, src)?;
            out = b.insert_value(out, v, dst);
        }
        Ok(out)
    };
    if !identity {
        d = permute(d, true)?;
    }
    b.sync(Sync::WgmmaFence);
    let params = WgmmaParams {
        elem_a: TypeAttribute::new(elem).into(),
        major_a: major_attribute(ctx, major_a)?,
        elem_b: TypeAttribute::new(elem_b).into(),
        major_b: major_attribute(ctx, major_b)?,
        elem_d: TypeAttribute::new(b.f32()).into(),
    };
    for j in 0..k / k_instr {
        let desc_a = match shared_a {
            Some((ptr, layout)) => shared_tile_desc(
                b,
                SharedTileDesc::Wgmma,
                ptr,
                [params.elem_a, params.major_a, layout],
                j,
            )?,
            None => *a_regs
                .get(j as usize)
                .ok_or_else(|| "internal: fewer A fragments than k blocks".to_string())?,
        };
        let desc_b = shared_tile_desc(
            b,
            SharedTileDesc::Wgmma,
            ptr_b,
            [params.elem_b, params.major_b, layout_b],
            j,
        )?;
        d = wgmma_async(b, desc_a, desc_b, d, n, &params, regs)?;
    }
    b.sync(Sync::WgmmaCommitGroup);
    if !identity {
        d = permute(d, false)?;
    }
    let result = b.unrealized_cast(d, c_type);
    b.replace(op, &[result]);
    Ok(())
}
