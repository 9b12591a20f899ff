//! The A operand of `wgmma.mma_async` from registers (the RS form: `m64nNk16` with f16/bf16 A,
//! `m64nNk32` with e4m3/e5m2 A) held by a register tensor: which register of each thread is each
//! field of the instruction's A fragment, per k block of 32 bytes, derived from the tensor's
//! layout and checked for every lane and warp.
//!
//! The PTX ISA fixes A's register fragment for one warpgroup (a 64 x 32-byte tile per
//! instruction): warp `w = warp % 4` holds rows `16 w .. 16 w + 15`, each thread four `.b32`
//! registers, register `p` holding fields `a_{e p} .. a_{e p + e - 1}` low bytes first, `e` the
//! elements per register (`g = lane >> 2`, `q = lane % 4`):
//!
//! ```text
//! 16-bit (e = 2, k16): a_i (i < 8)  at row 16 w + g + 8 [i in {2, 3, 6, 7}],
//!                                      column 2 q + (i & 1) + 8 [i >= 4]
//! 8-bit  (e = 4, k32): a_i (i < 16) at row 16 w + g + 8 [(i >> 2) odd],
//!                                      column 4 q + (i & 3) + 16 [i >= 8]
//! ```
//!
//! (per warp the A fragment of `mma.sync.m16n8k16` / `m16n8k32`; CuTe's `ALayout_64x16` and
//! `ALayout_64x32`: in bytes the two are one fragment). A register tensor of `M x K` (`M = 64 W`)
//! over `4 W` warps feeds the instructions when warpgroup `G` holds rows `64 G ..`, and for k
//! block `j` one register `r_{j,i}` (the same in every thread) holds `a_i` at column
//! `kb j + ...` (`kb` = 16 or 32) in every lane and warp. The `r_{j,i}` are read off lane 0 of
//! warp 0 and checked for every lane and warp; anything else is an error naming the lane, warp,
//! field and both coordinates. The accumulator of `m64nNk16` converted to 16 bits is laid out so
//! (FlashAttention 3's P): a test checks that Triton's `nvidia_mma` v3 layout of a 64 x N tile
//! holds A's fragment for every k block. Converted to 8 bits it is not (a thread holds columns
//! `2 q, 2 q + 1` of each 8, the fragment `4 q .. 4 q + 3` of each 16): that tensor goes through
//! `layout.convert_layout` to Triton's `dot_op` of the v3 parent with `kWidth = 4`, which is.

use crate::error::{Error, Result};
use crate::hw::mma_sync::{a_offset, Operand};
use crate::linear::LinearLayout;

/// How a register tensor holds the A fragments of its warpgroups' instructions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WgmmaAOperand {
    /// Warpgroups (`M / 64`).
    pub warpgroups: usize,
    /// Elements per `.b32` register: 2 (16-bit A) or 4 (8-bit A).
    pub per_register: usize,
    /// `blocks[j][i]`: the register of the tensor that is field `a_i` of k block `j`
    /// (`4 * per_register` fields).
    pub blocks: Vec<Vec<usize>>,
}

/// Field `i` of the 8-bit fragment (`m64nNk32`): (row, column) in lane `lane` of warp 0.
fn a_offset_8bit(i: usize, lane: i64) -> (i64, i64) {
    let (g, q) = (lane >> 2, lane % 4);
    let i = i as i64;
    (g + 8 * ((i >> 2) & 1), 4 * q + (i & 3) + 16 * (i >> 3))
}

/// The A-operand plan of an `m x k` register tensor of `bits`-bit elements (16 or 8) laid out by
/// `a` for `wgmma.mma_async` with A from registers.
pub fn wgmma_a_operand(a: &LinearLayout, m: i64, k: i64, bits: u32) -> Result<WgmmaAOperand> {
    let (per_register, kb, offset): (usize, i64, fn(usize, i64) -> (i64, i64)) = match bits {
        16 => (2, 16, a_offset),
        8 => (4, 32, a_offset_8bit),
        _ => {
            return Err(Error::algebra(format!(
                "wgmma: A from registers has 16-bit (f16, bf16) or 8-bit (e4m3, e5m2) elements, not {bits}-bit"
            )))
        }
    };
    if m <= 0 || m % 64 != 0 || k <= 0 || k % kb != 0 {
        return Err(Error::algebra(format!(
            "wgmma: A from registers is M x K with M a positive multiple of 64 (one warpgroup each) and K a multiple of {kb} (one instruction's K for {bits}-bit A); got {m} x {k}"
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
    let blocks = (k / kb) as usize;
    let fields = 4 * per_register;
    if op.regs != fields * blocks {
        return Err(Error::algebra(format!(
            "wgmma: each thread holds {fields} elements of A per k block of {kb} ({} for K = {k}), the layout gives it {} registers",
            fields * blocks,
            op.regs
        )));
    }
    let index = op.index();
    let mut out = Vec::with_capacity(blocks);
    for j in 0..blocks {
        let mut regs = Vec::with_capacity(fields);
        for i in 0..fields {
            let (r, c) = offset(i, 0);
            regs.push(op.register_of(&index, (r, c + kb * j as i64))?);
        }
        for warp in 0..op.warps as i64 {
            let origin = (64 * (warp / 4) + 16 * (warp % 4), kb * j as i64);
            op.check(&regs, warp, origin, offset, 'a')?;
        }
        out.push(regs);
    }
    Ok(WgmmaAOperand {
        warpgroups,
        per_register,
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
        let p = wgmma_a_operand(&v3(64, 64, 4), 64, 64, 16).unwrap();
        assert_eq!(p.warpgroups, 1);
        assert_eq!(p.blocks.len(), 4);
        // The accumulator's fields d_0..d_7 of n-block j are a_0, a_1, a_2, a_3 at columns
        // 8 j' .. and a_4 .. a_7 at the next 8: registers 8 j .. 8 j + 7 in order.
        for (j, b) in p.blocks.iter().enumerate() {
            assert_eq!(
                *b,
                (0..8).map(|i| 8 * j + i).collect::<Vec<_>>(),
                "block {j}"
            );
        }
        let two = wgmma_a_operand(&v3(128, 128, 8), 128, 128, 16).unwrap();
        assert_eq!((two.warpgroups, two.blocks.len()), (2, 8));
    }

    #[test]
    fn the_mma_sync_operand_layout_feeds_it_too() {
        // Triton's dot operand of an m16n8k16 parent (opIdx 0), 4 warps along M: per warp the
        // mma.sync A fragment, which is wgmma's.
        let a = parse_linear("tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>>").unwrap();
        let p = wgmma_a_operand(&a, 64, 32, 16).unwrap();
        assert_eq!(p.blocks.len(), 2);
    }

    #[test]
    fn refusals_name_the_rule() {
        let e = wgmma_a_operand(&v3(64, 64, 4), 64, 8, 16)
            .unwrap_err()
            .to_string();
        assert!(e.contains("K a multiple of 16"), "{e}");
        let blocked = parse_linear("tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>").unwrap();
        let e = wgmma_a_operand(&blocked, 64, 64, 16)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("wgmma: A's layout does not hold the instruction's fragment")
                || e.contains("holds no element"),
            "{e}"
        );
        let e = wgmma_a_operand(&v3(128, 64, 8), 128, 64, 16).unwrap();
        assert_eq!(e.warpgroups, 2);
        let e = wgmma_a_operand(&v3(64, 64, 4), 128, 64, 16)
            .unwrap_err()
            .to_string();
        assert!(e.contains("lays out a tensor"), "{e}");
    }

    fn dot_op_v3(m: i64, k: i64, warps: i64, elem: &str, k_width: i64) -> LinearLayout {
        parse_linear(&format!(
            "tensor<{m}x{k}x{elem}, #ttg.dot_op<{{opIdx = 0, parent = #ttg.nvidia_mma<{{versionMajor = 3, versionMinor = 0, warpsPerCTA = [{warps}, 1], instrShape = [16, {k}, 32]}}>, kWidth = {k_width}}}>>"
        ))
        .unwrap()
    }

    #[test]
    fn the_8bit_fragment_is_tritons_v3_dot_operand_with_k_width_4() {
        // CuTe's ALayout_64x32: thread (q, g, w) value (v0, v1, v2) at row 16 w + g + 8 v1,
        // column 4 q + v0 + 16 v2; register v1 + 2 v2, byte v0. Triton's dot_op of the v3
        // parent with kWidth 4 is that layout, its registers in field order.
        let a = dot_op_v3(64, 64, 4, "f8E4M3FN", 4);
        let p = wgmma_a_operand(&a, 64, 64, 8).unwrap();
        assert_eq!((p.warpgroups, p.per_register, p.blocks.len()), (1, 4, 2));
        for (j, b) in p.blocks.iter().enumerate() {
            assert_eq!(
                *b,
                (0..16).map(|i| 16 * j + i).collect::<Vec<_>>(),
                "block {j}"
            );
        }
        let two = wgmma_a_operand(&dot_op_v3(128, 128, 8, "f8E4M3FN", 4), 128, 128, 8).unwrap();
        assert_eq!((two.warpgroups, two.blocks.len()), (2, 4));
        // Field by field against the table written from the ISA.
        for i in 0..16 {
            for lane in [0, 5, 31] {
                let (r, c) = a_offset_8bit(i, lane);
                assert_eq!(
                    r,
                    (lane >> 2) + if (4..8).contains(&i) || i >= 12 { 8 } else { 0 }
                );
                assert_eq!(
                    c,
                    4 * (lane % 4) + (i as i64 % 4) + if i >= 8 { 16 } else { 0 }
                );
            }
        }
    }

    #[test]
    fn the_8bit_accumulator_layout_is_not_the_fragment() {
        // The m64nNk32 accumulator rounded to 8 bits: a thread holds columns 2q, 2q + 1 of
        // each 8 where the fragment wants 4q .. 4q + 3 of each 16; the error names the field.
        let acc = parse_linear("tensor<64x64xf8E4M3FN, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>>").unwrap();
        let e = wgmma_a_operand(&acc, 64, 64, 8).unwrap_err().to_string();
        assert!(e.contains("wgmma: A"), "{e}");
        // kWidth 2 (the 16-bit operand) is not the 8-bit fragment either.
        let e = wgmma_a_operand(&dot_op_v3(64, 64, 4, "f8E4M3FN", 2), 64, 64, 8)
            .unwrap_err()
            .to_string();
        assert!(e.contains("wgmma: A"), "{e}");
        let e = wgmma_a_operand(&dot_op_v3(64, 64, 4, "f8E4M3FN", 4), 64, 48, 8)
            .unwrap_err()
            .to_string();
        assert!(e.contains("K a multiple of 32"), "{e}");
        let e = wgmma_a_operand(&dot_op_v3(64, 64, 4, "f8E4M3FN", 4), 64, 64, 32)
            .unwrap_err()
            .to_string();
        assert!(e.contains("not 32-bit"), "{e}");
    }
}
