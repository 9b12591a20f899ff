//! `mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32` on register tensors: which
//! registers of each thread are each instruction's fragments, derived from the layouts of A
//! (`M x K`), B (`K x N`) and the accumulator C (`M x N`), and checked for every lane and warp.
//!
//! The PTX ISA fixes the fragments of one instruction (a warp computes a 16x8 tile of D from a
//! 16x16 slice of A and a 16x8 slice of B; `g = lane >> 2`, `q = lane % 4`):
//!
//! ```text
//! A: a_i (i < 8) at row g + 8*[i in {2,3,6,7}],  column 2q + (i & 1) + 8*[i >= 4]
//! B: b_i (i < 4) at row 2q + (i & 1) + 8*[i >= 2], column g
//! C: c_i (i < 4) at row g + 8*[i >= 2],           column 2q + (i & 1)
//! ```
//!
//! A layout `L(r, t, w) = R(r) ^ T(t) ^ W(w)` can feed an instruction when, for each fragment
//! element `x_i`, one register `r_i` (the same in every thread: code is uniform) holds it in
//! every lane and warp: `L(r_i, t, w) = origin(w) + offset_i(t)`. The tiles come from warp 0:
//! each accumulator register `r` lies in the tile whose origin is `C(r, 0, 0)` rounded down to
//! 16 rows and 8 columns; a tile's `r_i` are read off lane 0 of warp 0 and then checked for
//! every lane and warp (the origin of warp `w` is where its lane 0 holds `c_0`); the A and B
//! registers of each k step likewise, with A's rows and B's columns those of the warp's tile.
//! Every accumulator register must belong to exactly one tile. Anything else is an error that
//! names the operand, the lane and warp, the fragment element and both coordinates.

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::linear::tensor_encoding::check_tensor_encoding;
use crate::linear::LinearLayout;

/// Registers of one instruction: A's eight elements, B's four, C's (and D's) four.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MmaSyncStep {
    pub a: [usize; 8],
    pub b: [usize; 4],
    pub c: [usize; 4],
}

/// The instructions of one thread: per accumulator tile, its k steps in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MmaSyncPlan {
    pub tiles: Vec<Vec<MmaSyncStep>>,
}

impl MmaSyncPlan {
    pub fn instructions(&self) -> usize {
        self.tiles.iter().map(Vec::len).sum()
    }

    /// A short account of the plan, for a remark: the instructions per thread, the
    /// accumulator tiles and the k steps of each.
    pub fn summary(&self) -> String {
        format!(
            "{} x mma.sync.aligned.m16n8k16.row.col per thread ({} accumulator tiles of 16x8, {} k steps each)",
            self.instructions(),
            self.tiles.len(),
            self.tiles.first().map_or(0, Vec::len)
        )
    }
}

pub(crate) fn a_offset(i: usize, lane: i64) -> (i64, i64) {
    let (g, q) = (lane >> 2, lane % 4);
    let row = g + if matches!(i, 2 | 3 | 6 | 7) { 8 } else { 0 };
    let col = 2 * q + (i as i64 & 1) + if i >= 4 { 8 } else { 0 };
    (row, col)
}

fn b_offset(i: usize, lane: i64) -> (i64, i64) {
    let (g, q) = (lane >> 2, lane % 4);
    (2 * q + (i as i64 & 1) + if i >= 2 { 8 } else { 0 }, g)
}

fn c_offset(i: usize, lane: i64) -> (i64, i64) {
    let (g, q) = (lane >> 2, lane % 4);
    (g + if i >= 2 { 8 } else { 0 }, 2 * q + (i as i64 & 1))
}

/// A register tensor of two dimensions: `at(r, lane, warp)` = (row, column). `op` names the
/// instruction in messages (`mma_sync`, `wgmma`).
pub(crate) struct Operand<'a> {
    pub(crate) op: &'static str,
    pub(crate) name: &'a str,
    l: &'a LinearLayout,
    pub(crate) regs: usize,
    pub(crate) warps: usize,
    /// The element each register, lane and warp index contributes (`L(r, 0, 0)`, `L(0, t, 0)`,
    /// `L(0, 0, w)`): `L(r, t, w)` is their XOR per coordinate, `L` being linear over F2.
    by_register: Vec<(i64, i64)>,
    by_lane: Vec<(i64, i64)>,
    by_warp: Vec<(i64, i64)>,
}

impl<'a> Operand<'a> {
    fn new(name: &'a str, l: &'a LinearLayout, shape: [i64; 2]) -> Result<Operand<'a>> {
        Self::of("mma_sync", name, l, shape)
    }

    pub(crate) fn of(
        op: &'static str,
        name: &'a str,
        l: &'a LinearLayout,
        shape: [i64; 2],
    ) -> Result<Operand<'a>> {
        let d = check_tensor_encoding(l, &shape, &format!("{op}: {name}'s layout"))?;
        let regs = 1usize << d.reg.len();
        let warps = d.warps() as usize;
        // One in dimension set to `v`, the others 0 (a dimension the layout lacks: nothing).
        let image = |dim: &str, v: i64| -> (i64, i64) {
            let vals: Vec<i64> = l
                .ins()
                .iter()
                .map(|d| if d.name == dim { v } else { 0 })
                .collect();
            let out = l.unpack(l.apply_packed(&vals));
            (out[0], out[1])
        };
        Ok(Operand {
            op,
            name,
            l,
            regs,
            warps,
            by_register: (0..regs as i64).map(|r| image("register", r)).collect(),
            by_lane: (0..32).map(|t| image("lane", t)).collect(),
            by_warp: (0..warps.max(1) as i64).map(|w| image("warp", w)).collect(),
        })
    }

    /// The element `(row, column)` that register `r` of `lane` in `warp` holds (from the tables;
    /// an index past them, which the checks do not make, is evaluated on the layout).
    pub(crate) fn at(&self, r: usize, lane: i64, warp: i64) -> (i64, i64) {
        let table = |t: &[(i64, i64)], i: i64| t.get(usize::try_from(i).ok()?).copied();
        match (
            table(&self.by_register, r as i64),
            table(&self.by_lane, lane),
            table(&self.by_warp, warp),
        ) {
            (Some(a), Some(b), Some(c)) => (a.0 ^ b.0 ^ c.0, a.1 ^ b.1 ^ c.1),
            _ => {
                let vals: Vec<i64> = self
                    .l
                    .ins()
                    .iter()
                    .map(|d| match d.name.as_str() {
                        "register" => r as i64,
                        "lane" => lane,
                        "warp" => warp,
                        _ => 0,
                    })
                    .collect();
                let out = self.l.unpack(self.l.apply_packed(&vals));
                (out[0], out[1])
            }
        }
    }

    /// The register holding `target` in lane 0 of warp 0.
    pub(crate) fn register_of(
        &self,
        index: &HashMap<(i64, i64), usize>,
        target: (i64, i64),
    ) -> Result<usize> {
        index.get(&target).copied().ok_or_else(|| {
            Error::algebra(format!(
                "{}: {} holds no element at {target:?} in lane 0 of warp 0, where an instruction needs it",
                self.op, self.name
            ))
        })
    }

    pub(crate) fn index(&self) -> HashMap<(i64, i64), usize> {
        let mut m = HashMap::new();
        for r in (0..self.regs).rev() {
            m.insert(self.at(r, 0, 0), r);
        }
        m
    }

    /// Check `registers[i]` holds `origin + offset(i, lane)` in every lane of `warp`.
    pub(crate) fn check(
        &self,
        registers: &[usize],
        warp: i64,
        origin: (i64, i64),
        offset: fn(usize, i64) -> (i64, i64),
        what: char,
    ) -> Result<()> {
        for lane in 0..32 {
            for (i, &r) in registers.iter().enumerate() {
                let (dr, dc) = offset(i, lane);
                let want = (origin.0 + dr, origin.1 + dc);
                let got = self.at(r, lane, warp);
                if got != want {
                    return Err(Error::algebra(format!(
                        "{}: {}'s layout does not hold the {} fragment: {what}{i} of lane {lane} in warp {warp} must be element {want:?}, register {r} holds {got:?}",
                        self.op,
                        self.name,
                        if self.op == "mma_sync" { "m16n8k16" } else { "instruction's" }
                    )));
                }
            }
        }
        Ok(())
    }
}

/// The plan of `D = A B + C` over tensors of `M x K` (A), `K x N` (B) and `M x N` (C, D).
pub fn mma_sync_plan(
    a: &LinearLayout,
    b: &LinearLayout,
    c: &LinearLayout,
    m: i64,
    n: i64,
    k: i64,
) -> Result<MmaSyncPlan> {
    if m <= 0 || n <= 0 || k <= 0 || m % 16 != 0 || n % 8 != 0 || k % 16 != 0 {
        return Err(Error::algebra(format!(
            "mma_sync: m16n8k16 needs positive M, N and K, M a multiple of 16, N of 8 and K of 16; got M = {m}, N = {n}, K = {k}"
        )));
    }
    let (a, b, c) = (
        Operand::new("A", a, [m, k])?,
        Operand::new("B", b, [k, n])?,
        Operand::new("C", c, [m, n])?,
    );
    if a.warps != c.warps || b.warps != c.warps {
        return Err(Error::algebra(format!(
            "mma_sync: A, B and C are spread over {}, {} and {} warps; one CTA computes them",
            a.warps, b.warps, c.warps
        )));
    }
    let (ai, bi, ci) = (a.index(), b.index(), c.index());
    let mut owner: Vec<Option<usize>> = vec![None; c.regs];
    let mut origins: Vec<(i64, i64)> = Vec::new();
    for r in 0..c.regs {
        let (row, col) = c.at(r, 0, 0);
        let o = (row & !15, col & !7);
        if !origins.contains(&o) {
            origins.push(o);
        }
    }
    origins.sort();
    let mut tiles = Vec::new();
    for (t, &o) in origins.iter().enumerate() {
        let mut creg = [0usize; 4];
        for (i, slot) in creg.iter_mut().enumerate() {
            let (dr, dc) = c_offset(i, 0);
            *slot = c.register_of(&ci, (o.0 + dr, o.1 + dc))?;
        }
        for &r in &creg {
            if let Some(other) = owner[r] {
                if other != t {
                    return Err(Error::algebra(format!(
                        "mma_sync: C's register {r} lies in the tiles at {:?} and {o:?}",
                        origins[other]
                    )));
                }
            }
            owner[r] = Some(t);
        }
        let mut steps = Vec::new();
        for k0 in (0..k).step_by(16) {
            let mut areg = [0usize; 8];
            for (i, slot) in areg.iter_mut().enumerate() {
                let (dr, dc) = a_offset(i, 0);
                *slot = a.register_of(&ai, (o.0 + dr, k0 + dc))?;
            }
            let mut breg = [0usize; 4];
            for (i, slot) in breg.iter_mut().enumerate() {
                let (dr, dc) = b_offset(i, 0);
                *slot = b.register_of(&bi, (k0 + dr, o.1 + dc))?;
            }
            steps.push(MmaSyncStep {
                a: areg,
                b: breg,
                c: creg,
            });
        }
        tiles.push(steps);
    }
    if let Some(r) = owner.iter().position(Option::is_none) {
        return Err(Error::algebra(format!(
            "mma_sync: C's register {r} holds {:?}, which no instruction's accumulator fragment covers",
            c.at(r, 0, 0)
        )));
    }
    // Every lane and warp: the origin of warp w is where its lane 0 holds c0.
    for w in 0..c.warps as i64 {
        for steps in &tiles {
            let origin = c.at(steps[0].c[0], 0, w);
            c.check(&steps[0].c, w, origin, c_offset, 'c')?;
            for (s, step) in steps.iter().enumerate() {
                let k0 = 16 * s as i64;
                a.check(&step.a, w, (origin.0, k0), a_offset, 'a')?;
                b.check(&step.b, w, (k0, origin.1), b_offset, 'b')?;
            }
        }
    }
    Ok(MmaSyncPlan { tiles })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::parse_linear;

    const MMA: &str = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>";

    fn layout(shape: &str, enc: &str) -> LinearLayout {
        parse_linear(&format!("tensor<{shape}, {enc}>")).unwrap()
    }

    fn dot(op: usize, shape: &str) -> LinearLayout {
        layout(
            shape,
            &format!("#ttg.dot_op<{{opIdx = {op}, parent = {MMA}, kWidth = 2}}>"),
        )
    }

    #[test]
    fn triton_mma_v2_operands_feed_m16n8k16() {
        let (a, b, c) = (
            dot(0, "64x32xf16"),
            dot(1, "32x64xf16"),
            layout("64x64xf32", MMA),
        );
        let p = mma_sync_plan(&a, &b, &c, 64, 64, 32).unwrap();
        // Each of 4 warps owns 16 rows: 8 tiles of 16x8, two k steps each.
        assert_eq!(p.tiles.len(), 8);
        assert_eq!(p.instructions(), 16);
        // Every accumulator register in exactly one tile.
        let mut cs: Vec<usize> = p.tiles.iter().flat_map(|s| s[0].c).collect();
        cs.sort();
        assert_eq!(cs, (0..32).collect::<Vec<_>>());
        // The first tile's accumulator is registers 0..4 (c0, c1 adjacent columns).
        assert_eq!(p.tiles[0][0].c, [0, 1, 2, 3]);
    }

    #[test]
    fn every_warp_arrangement_of_mma_v2_feeds_it() {
        for (wm, wn) in [(1, 1), (2, 2), (1, 4), (4, 1), (2, 4)] {
            let parent = format!(
                "#ttg.nvidia_mma<{{versionMajor = 2, versionMinor = 0, warpsPerCTA = [{wm}, {wn}], instrShape = [16, 8]}}>"
            );
            let d = |op: usize, shape: &str| {
                layout(
                    shape,
                    &format!("#ttg.dot_op<{{opIdx = {op}, parent = {parent}, kWidth = 2}}>"),
                )
            };
            let (a, b, c) = (
                d(0, "128x64xbf16"),
                d(1, "64x128xbf16"),
                layout("128x128xf32", &parent),
            );
            let p = mma_sync_plan(&a, &b, &c, 128, 128, 64).unwrap();
            // 128x128 over wm*wn warps of 16x8 tiles, 4 k steps.
            assert_eq!(
                p.instructions() as i64,
                128 * 128 / 128 / (wm * wn) * 4,
                "{wm}x{wn}"
            );
        }
    }

    #[test]
    fn an_accumulator_in_another_layout_is_refused_with_a_witness() {
        let (a, b) = (dot(0, "64x32xf16"), dot(1, "32x64xf16"));
        let blocked = layout(
            "64x64xf32",
            "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
        );
        let e = mma_sync_plan(&a, &b, &blocked, 64, 64, 32)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("mma_sync: C"), "{e}");
    }

    #[test]
    fn swapped_operands_are_refused() {
        // B's layout given for A.
        let (a, b, c) = (
            dot(1, "64x32xf16"),
            dot(1, "32x64xf16"),
            layout("64x64xf32", MMA),
        );
        let e = mma_sync_plan(&a, &b, &c, 64, 64, 32)
            .unwrap_err()
            .to_string();
        assert!(e.contains("mma_sync: A"), "{e}");
    }

    #[test]
    fn shapes_must_be_whole_instructions() {
        let (a, b, c) = (
            dot(0, "64x32xf16"),
            dot(1, "32x64xf16"),
            layout("64x64xf32", MMA),
        );
        let e = mma_sync_plan(&a, &b, &c, 64, 64, 24)
            .unwrap_err()
            .to_string();
        assert!(e.contains("K of 16; got M = 64, N = 64, K = 24"), "{e}");
    }
}
