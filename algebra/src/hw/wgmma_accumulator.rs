//! The accumulator of `wgmma.mma_async.m64nNk16.f32` held by a register tensor: which register
//! of each thread is each field of the instruction's accumulator struct, derived from the
//! tensor's layout and checked for every lane and warp.
//!
//! The PTX ISA fixes the f32 accumulator of one warpgroup (four warps, `w = warp % 4`, a 64 x N
//! tile; `g = lane >> 2`, `q = lane % 4`): field `d_i` (`i < N/2`) holds
//!
//! ```text
//! row 16 w + g + 8 [bit 1 of i],   column 2 q + (i & 1) + 8 (i >> 2)
//! ```
//!
//! A register tensor of `M x N` (`M = 64 W`) spread over `4 W` warps feeds the instruction when
//! warpgroup `G` (warps `4G .. 4G+3`) holds rows `64 G ..` of the tile and one register `r_i`
//! (the same in every thread: code is uniform) holds field `d_i` in every lane and warp:
//! `L(r_i, lane, warp) = (64 G + 16 w + g + 8 [bit 1 of i], 2 q + (i & 1) + 8 (i >> 2))`. The
//! `r_i` are read off lane 0 of warp 0 and then checked for every lane and warp; anything else
//! is an error that names the lane, warp, field and both coordinates. Triton's
//! `nvidia_mma` version 3 with `warpsPerCTA = [4W, 1]` and `instrShape = [16, N, 16]` is this
//! layout with `r_i = i` (a test checks it).

use crate::error::{Error, Result};
use crate::hw::mma_sync::Operand;
use crate::linear::LinearLayout;

/// How a register tensor holds the accumulators of its warpgroups' instructions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WgmmaAccumulator {
    /// Warpgroups (`M / 64`); warpgroup `G` computes rows `64 G .. 64 G + 63`.
    pub warpgroups: usize,
    /// `fields[i]`: the register of the tensor that is field `d_i` of the instruction.
    pub fields: Vec<usize>,
}

impl WgmmaAccumulator {
    /// Whether field `i` is register `i` (the struct is the tensor's registers as they are).
    pub fn is_identity(&self) -> bool {
        self.fields.iter().enumerate().all(|(i, &r)| i == r)
    }
}

/// Row and column of field `i` of the accumulator in `lane` of warp 0 of a warpgroup.
fn field_offset(i: usize, lane: i64) -> (i64, i64) {
    let (g, q) = (lane >> 2, lane % 4);
    let i = i as i64;
    (g + 8 * ((i >> 1) & 1), 2 * q + (i & 1) + 8 * (i >> 2))
}

/// The accumulator plan of an `m x n` register tensor laid out by `c` for
/// `wgmma.mma_async.m64nNk16` with f32 accumulation (`N = n`).
pub fn wgmma_accumulator(c: &LinearLayout, m: i64, n: i64) -> Result<WgmmaAccumulator> {
    if m <= 0 || m % 64 != 0 || !(8..=256).contains(&n) || n % 8 != 0 {
        return Err(Error::algebra(format!(
            "wgmma: the accumulator of m64nNk16 instructions is M x N with M a positive multiple of 64 (one warpgroup each) and N a multiple of 8 in [8, 256]; got {m} x {n}"
        )));
    }
    let op = Operand::of("wgmma", "the accumulator", c, [m, n])?;
    let warpgroups = (m / 64) as usize;
    if op.warps != 4 * warpgroups {
        return Err(Error::algebra(format!(
            "wgmma: the accumulator of {m} x {n} needs {} warps (a warpgroup of 4 per 64 rows), its layout spreads it over {}",
            4 * warpgroups,
            op.warps
        )));
    }
    let fields_per_thread = (n / 2) as usize;
    if op.regs != fields_per_thread {
        return Err(Error::algebra(format!(
            "wgmma: each thread holds {fields_per_thread} accumulators of m64n{n}k16, the layout gives it {} registers",
            op.regs
        )));
    }
    let index = op.index();
    let fields = (0..fields_per_thread)
        .map(|i| op.register_of(&index, field_offset(i, 0)))
        .collect::<Result<Vec<_>>>()?;
    for warp in 0..op.warps as i64 {
        let origin = (64 * (warp / 4) + 16 * (warp % 4), 0);
        op.check(&fields, warp, origin, field_offset, 'd')?;
    }
    Ok(WgmmaAccumulator { warpgroups, fields })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::parse_linear;

    fn layout(shape: &str, enc: &str) -> LinearLayout {
        parse_linear(&format!("tensor<{shape}, {enc}>")).unwrap()
    }

    fn v3(warps: i64, n: i64) -> String {
        format!(
            "#ttg.nvidia_mma<{{versionMajor = 3, versionMinor = 0, warpsPerCTA = [{warps}, 1], instrShape = [16, {n}, 16]}}>"
        )
    }

    #[test]
    fn triton_mma_v3_is_the_accumulator_register_for_register() {
        for (warps, n) in [(4, 64), (4, 256), (8, 256), (8, 128), (16, 8)] {
            let m = 16 * warps;
            let c = layout(&format!("{m}x{n}xf32"), &v3(warps, n));
            let p = wgmma_accumulator(&c, m, n).unwrap();
            assert_eq!(p.warpgroups as i64, warps / 4);
            assert_eq!(p.fields.len() as i64, n / 2);
            assert!(p.is_identity(), "{warps} warps, n = {n}: {:?}", p.fields);
        }
    }

    #[test]
    fn the_fields_follow_the_ptx_isa_figure() {
        // d_i of lane 5 of warp 2 (g = 1, q = 1): row 32 + 1 + 8 [i in {2,3,6,7,..}].
        assert_eq!(field_offset(0, 5), (1, 2));
        assert_eq!(field_offset(1, 5), (1, 3));
        assert_eq!(field_offset(2, 5), (9, 2));
        assert_eq!(field_offset(5, 5), (1, 11));
    }

    #[test]
    fn warps_side_by_side_along_n_are_refused_with_the_element() {
        let c = layout("64x128xf32", &format!(
            "#ttg.nvidia_mma<{{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}}>"
        ));
        let e = wgmma_accumulator(&c, 64, 128).unwrap_err().to_string();
        assert!(e.starts_with("wgmma:"), "{e}");
    }

    #[test]
    fn an_mma_v2_accumulator_over_2x2_warps_is_refused_with_a_witness() {
        // (mma v2 over [4, 1] warps is the same layout as v3 for 64 x 64: it is accepted.)
        let same = layout(
            "64x64xf32",
            "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>",
        );
        assert!(wgmma_accumulator(&same, 64, 64).unwrap().is_identity());
        let c = layout(
            "64x64xf32",
            "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>",
        );
        let e = wgmma_accumulator(&c, 64, 64).unwrap_err().to_string();
        // Warp 0 holds 16 x 32, not the 16 x 64 strip of field d_4 = (0, 8).
        assert!(
            e.starts_with("wgmma: the accumulator holds no element at (0, 8)"),
            "{e}"
        );
    }

    #[test]
    fn shapes_the_instruction_cannot_have_are_refused() {
        let c = layout("64x64xf32", &v3(4, 64));
        assert!(wgmma_accumulator(&c, 48, 64).is_err());
        assert!(wgmma_accumulator(&c, 64, 260).is_err());
    }
}
