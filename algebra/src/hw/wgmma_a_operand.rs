//! The A operand of `wgmma.mma_async` from registers (the RS form, `m64nNk16` with f16/bf16 A)
//! held by a register tensor: which register of each thread is each field of the instruction's
//! A fragment, per k block of 16, derived from the tensor's layout and checked for every lane
//! and warp.
//!
//! The PTX ISA fixes A's register fragment for one warpgroup (a 64 x 16 tile per instruction):
//! warp `w = warp % 4` holds rows `16 w .. 16 w + 15`, each thread four `.b32` registers of two
//! 16-bit elements `a_0 .. a_7` (`g = lane >> 2`, `q = lane % 4`):
//!
//! ```text
//! a_i: row 16 w + g + 8 [i in {2, 3, 6, 7}],   column 2 q + (i & 1) + 8 [i >= 4]
//! ```
//!
//! (per warp the A fragment of `mma.sync.m16n8k16`; CuTe's `ALayout_64x16`). A register tensor of
//! `M x K` (`M = 64 W`) over `4 W` warps feeds the instructions when warpgroup `G` holds rows
//! `64 G ..`, and for k block `j` one register `r_{j,i}` (the same in every thread) holds `a_i`
//! at column `16 j + ...` in every lane and warp. The `r_{j,i}` are read off lane 0 of warp 0
//! and checked for every lane and warp; anything else is an error naming the lane, warp, field
//! and both coordinates. Register `2p` and `2p + 1` of a block form `.b32` register `p` (low
//! half first). The accumulator of `m64nNk16` converted to 16 bits is laid out so (FlashAttention
//! 3's P): a test checks that Triton's `nvidia_mma` v3 layout of a 64 x N tile holds A's fragment
//! for every k block.

use crate::error::{Error, Result};
use crate::hw::mma_sync::{a_offset, Operand};
use crate::linear::LinearLayout;

/// How a register tensor holds the A fragments of its warpgroups' instructions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WgmmaAOperand {
    /// Warpgroups (`M / 64`).
    pub warpgroups: usize,
    /// `blocks[j][i]`: the register of the tensor that is field `a_i` of k block `j`.
    pub blocks: Vec<[usize; 8]>,
}

/// The A-operand plan of an `m x k` register tensor laid out by `a` for `wgmma.mma_async`
/// `m64nNk16` with A from registers.
pub fn wgmma_a_operand(a: &LinearLayout, m: i64, k: i64) -> Result<WgmmaAOperand> {
    if m <= 0 || m % 64 != 0 || k <= 0 || k % 16 != 0 {
        return Err(Error::algebra(format!(
            "wgmma: A from registers is M x K with M a positive multiple of 64 (one warpgroup each) and K a multiple of 16 (one instruction's K); got {m} x {k}"
        )));
    }
    let op = Operand::of("wgmma", "A", a, [m, k])?;
    let warpgroups = (m / 64) as usize;
    if op.warps != 4 * warpgroups {
        return Err(Error::algebra(format!(
            "wgmma: A of {m} x {k} from registers needs {} warps (a warpgroup of 4 per 64 rows), its layout spreads it over {}",
            4 * warpgroups,
            op.warps
        )));
    }
    let blocks = (k / 16) as usize;
    if op.regs != 8 * blocks {
        return Err(Error::algebra(format!(
            "wgmma: each thread holds 8 elements of A per k block of 16 ({} for K = {k}), the layout gives it {} registers",
            8 * blocks,
            op.regs
        )));
    }
    let index = op.index();
    let mut out = Vec::with_capacity(blocks);
    for j in 0..blocks {
        let mut fields = [0usize; 8];
        for (i, f) in fields.iter_mut().enumerate() {
            let (r, c) = a_offset(i, 0);
            *f = op.register_of(&index, (r, c + 16 * j as i64))?;
        }
        for warp in 0..op.warps as i64 {
            let origin = (64 * (warp / 4) + 16 * (warp % 4), 16 * j as i64);
            op.check(&fields, warp, origin, a_offset, 'a')?;
        }
        out.push(fields);
    }
    Ok(WgmmaAOperand {
        warpgroups,
        blocks: out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::parse_linear;

    fn v3(m: i64, n: i64, warps: i64) -> LinearLayout {
        parse_linear(&format!(
            "tensor<{m}x{n}xf16, #ttg.nvidia_mma<{{versionMajor = 3, versionMinor = 0, warpsPerCTA = [{warps}, 1], instrShape = [16, {n}, 16]}}>>"
        ))
        .unwrap()
    }

    #[test]
    fn the_wgmma_accumulator_is_the_next_wgmmas_a_fragment() {
        // FlashAttention 3's P: S = Q K^T's accumulator (m64n64, 4 warps), converted to f16,
        // is the A operand of O += P V from registers, k block j being columns 16 j ..
        let p = wgmma_a_operand(&v3(64, 64, 4), 64, 64).unwrap();
        assert_eq!(p.warpgroups, 1);
        assert_eq!(p.blocks.len(), 4);
        // The accumulator's fields d_0..d_7 of n-block j are a_0, a_1, a_2, a_3 at columns
        // 8 j' .. and a_4 .. a_7 at the next 8: registers 8 j .. 8 j + 7 in order.
        for (j, b) in p.blocks.iter().enumerate() {
            assert_eq!(*b, [0, 1, 2, 3, 4, 5, 6, 7].map(|i| 8 * j + i), "block {j}");
        }
        let two = wgmma_a_operand(&v3(128, 128, 8), 128, 128).unwrap();
        assert_eq!((two.warpgroups, two.blocks.len()), (2, 8));
    }

    #[test]
    fn the_mma_sync_operand_layout_feeds_it_too() {
        // Triton's dot operand of an m16n8k16 parent (opIdx 0), 4 warps along M: per warp the
        // mma.sync A fragment, which is wgmma's.
        let a = parse_linear("tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>").unwrap();
        let p = wgmma_a_operand(&a, 64, 32).unwrap();
        assert_eq!(p.blocks.len(), 2);
    }

    #[test]
    fn refusals_name_the_rule() {
        let e = wgmma_a_operand(&v3(64, 64, 4), 64, 8)
            .unwrap_err()
            .to_string();
        assert!(e.contains("K a multiple of 16"), "{e}");
        let blocked = parse_linear("tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>").unwrap();
        let e = wgmma_a_operand(&blocked, 64, 64).unwrap_err().to_string();
        assert!(
            e.contains("wgmma: A's layout does not hold the instruction's fragment")
                || e.contains("holds no element"),
            "{e}"
        );
        let e = wgmma_a_operand(&v3(128, 64, 8), 128, 64).unwrap();
        assert_eq!(e.warpgroups, 2);
        let e = wgmma_a_operand(&v3(64, 64, 4), 128, 64)
            .unwrap_err()
            .to_string();
        assert!(e.contains("lays out a tensor"), "{e}");
    }
}
