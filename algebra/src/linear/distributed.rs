//! A register layout of one CTA seen as F2 vectors: for each hardware bit (register, lane,
//! warp) the tensor element it selects, packed over the tensor dimensions of the layout.
//!
//! Thread `(lane t, warp w)` holds the elements `L(t, w) + span(reg)`, where
//! `L(t, w) = sum_{i : bit i of t} lane[i] + sum_{j : bit j of w} warp[j]`; register `r`
//! holds `sum_{k : bit k of r} reg[k]` on top of that. A warp has 32 lanes (5 lane bits);
//! the number of warps is `2^warp.len()`. A `block` dimension is accepted only when it
//! selects nothing (every CTA holds the same elements): the plans built on this type are
//! per CTA.

use super::gauss::rank;
use super::layout::LinearLayout;
use crate::error::{Error, Result};

/// Lane bits of a warp (32 lanes).
pub const LANE_BITS: usize = 5;

/// The tensor element of each register, lane and warp bit of a register layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distributed {
    pub reg: Vec<u64>,
    pub lane: Vec<u64>,
    pub warp: Vec<u64>,
}

/// XOR of the vectors of `vs` selected by the bits of `bits`.
pub fn combine(vs: &[u64], bits: u64) -> u64 {
    vs.iter()
        .enumerate()
        .filter(|(i, _)| bits >> i & 1 == 1)
        .fold(0, |acc, (_, &v)| acc ^ v)
}

impl Distributed {
    /// Read `l` (in dimensions `register`, `lane`, optionally `warp` and a `block` that
    /// selects nothing); `side` names the layout in errors.
    pub fn from_layout(l: &LinearLayout, side: &str) -> Result<Distributed> {
        Distributed::read(l, &format!("convert_plan: the {side} layout"))
    }

    /// Read `l` as [`Distributed::from_layout`] does; errors begin with `who` ("the
    /// encoding").
    pub fn read(l: &LinearLayout, who: &str) -> Result<Distributed> {
        let mut out = Distributed {
            reg: Vec::new(),
            lane: Vec::new(),
            warp: Vec::new(),
        };
        let mut has_lane = false;
        for d in l.ins() {
            match d.name.as_str() {
                "register" => out.reg = d.bases.clone(),
                "lane" => {
                    has_lane = true;
                    out.lane = d.bases.clone()
                }
                "warp" => out.warp = d.bases.clone(),
                "block" => {
                    if d.bases.iter().any(|&b| b != 0) {
                        return Err(Error::algebra(format!(
                            "{who} distributes the tensor over CTAs ('block' bits select elements); plan one CTA's conversion with per-CTA layouts"
                        )));
                    }
                }
                other => {
                    return Err(Error::algebra(format!(
                        "{who} has in dimension '{other}'; a register layout has 'register', 'lane' and optionally 'warp' and 'block'"
                    )))
                }
            }
        }
        if !has_lane || out.lane.len() != LANE_BITS {
            return Err(Error::algebra(format!(
                "{who} has {} lanes; a warp has 32 (lane must have 5 bits)",
                if has_lane { 1i64 << out.lane.len() } else { 0 }
            )));
        }
        let n = l.total_out_bits();
        let r = rank(out.reg.iter().chain(&out.lane).chain(&out.warp).copied());
        if r != n {
            return Err(Error::algebra(format!(
                "{who} reaches 2^{r} of the tensor's 2^{n} elements; a register layout must hold every element (surjective)"
            )));
        }
        Ok(out)
    }

    /// The first element held by lane `t` of warp `w`.
    pub fn thread_base(&self, t: u64, w: u64) -> u64 {
        combine(&self.lane, t) ^ combine(&self.warp, w)
    }

    pub fn warps(&self) -> i64 {
        1i64 << self.warp.len()
    }

    /// Distinct elements of one warp: `2^rank(reg + lane)`.
    pub fn warp_elements(&self) -> i64 {
        1i64 << rank(self.reg.iter().chain(&self.lane).copied())
    }
}
