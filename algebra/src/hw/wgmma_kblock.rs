//! The per-k operand blocks of a WGMMA tile: a shared-memory tile (MN, K_total) holds
//! K_total / K_instr consecutive operand blocks along K (K_instr = one instruction's K = 32
//! bytes of K = 256 / bits elements). Block k is the tile restricted to K columns
//! [k * K_instr, (k+1) * K_instr), written `Sw o (off + L(0, k*K_instr)) o L_k`; its
//! descriptor is `wgmma_desc` of that block, and the per-k advance of the descriptor is the
//! difference of the start addresses (a constant added to the start-address field).

use crate::error::{Error, Result};
use crate::func::Func;
use crate::hw::elem::Elem;
use crate::hw::smem::{AnySmem, Smem};
use crate::hw::swizzle_modes::ByteSwizzle;
use crate::hw::wgmma_desc::{wgmma_desc, Major, WgmmaDesc};
use crate::int;
use crate::layout::Layout;
use crate::ops::composition::compose;
use crate::tuple::IntTuple;

/// One instruction's K in elements (32 bytes of K).
pub fn k_per_instruction(elem: Elem) -> i64 {
    256 / elem.bits()
}

/// The operand block `k` of the tile `tile` (layout (MN, K_total) in elements, swizzle
/// included), as a layout function over (MN, K_instr).
pub fn wgmma_k_block(elem: Elem, tile: &Func, k: i64) -> Result<Func> {
    let op = "wgmma_k_block";
    Smem::split(tile, elem, op)?;
    k_block(op, elem, tile, k)
}

/// Block `k` of a tile for any swizzle (the caller checks the swizzle is the hardware's).
pub(crate) fn k_block(op: &str, elem: Elem, tile: &Func, k: i64) -> Result<Func> {
    let s = AnySmem::split(tile, op)?;
    let l = &s.layout;
    if l.rank() != 2 || l.shape.is_leaf() {
        return Err(Error::algebra(format!(
            "{op}: the tile layout must have rank 2 (MN, K), found {}",
            crate::text::print_layout(l)
        )));
    }
    let mn = l.mode(0)?.size()?;
    let kt = l.mode(1)?.size()?;
    let kb = k_per_instruction(elem);
    if kt % kb != 0 {
        return Err(Error::algebra(format!(
            "{op}: the tile's K extent {kt} is not a multiple of one instruction's K ({kb} {} \
             elements = 32 bytes)",
            elem.name()
        )));
    }
    if k < 0 || k >= kt / kb {
        return Err(Error::algebra(format!(
            "{op}: k block {k} is outside [0, {}) for a tile of K extent {kt}",
            kt / kb
        )));
    }
    if int::mul(mn, kb)? > 1 << 20 {
        return Err(Error::algebra(format!(
            "{op}: a block of {mn} x {kb} elements is more than this function checks (2^20)"
        )));
    }
    // Block 0 is L o (MN, kb):(1, MN) (the colexicographic index of (mn, kk) in (MN, K)).
    let sel = Layout::flat(&[mn, kb], &[1, mn]);
    let block = compose(l, &sel)?;
    let start = int::mul(int::mul(k, kb)?, mn)?;
    let base = l.eval(start)?;
    // The block k function must be a translate of block 0.
    for x in 0..int::mul(mn, kb)? {
        let kk = x / mn;
        let m = x % mn;
        let idx = int::add(m, int::mul(int::add(int::mul(k, kb)?, kk)?, mn)?)?;
        let want = l.eval(idx)?;
        let got = int::add(base, block.eval(x)?)?;
        if want != got {
            return Err(Error::algebra(format!(
                "{op}: k block {k} of {} is not a translate of block 0: element ({m},{kk}) is \
                 at {want}, block 0 shifted by {base} gives {got}",
                crate::text::print_layout(l)
            )));
        }
    }
    let block = Layout::new(
        IntTuple::tuple(vec![block.mode(0)?.shape, block.mode(1)?.shape]),
        crate::stride::StrideTuple::Node(vec![block.mode(0)?.stride, block.mode(1)?.stride]),
    )?;
    let off = int::add(s.offset, base)?;
    Ok(match s.swizzle {
        None if off == 0 => Func::Layout(block),
        sw => Func::composed(
            Func::Swizzle(sw.unwrap_or(ByteSwizzle::None.on_elements(elem))),
            off,
            Func::Layout(block),
        ),
    })
}

/// Descriptor of block `k` of a tile at `byte_address`, and the per-k advance in bytes
/// (start address of block k+1 minus block k, when the tile has a block k+1; else 0).
pub fn wgmma_desc_k(
    elem: Elem,
    major: Major,
    tile: &Func,
    byte_address: i64,
    k: i64,
) -> Result<(WgmmaDesc, i64)> {
    let d = wgmma_desc(elem, major, &wgmma_k_block(elem, tile, k)?, byte_address)?;
    let advance = match wgmma_k_block(elem, tile, k + 1) {
        Ok(next) => wgmma_desc(elem, major, &next, byte_address)?.start_address - d.start_address,
        Err(_) => 0,
    };
    Ok((d, advance))
}
