//! Shared-memory bank conflicts of a warp's access, given a register layout R (in dimensions
//! `register`, `lane`, and optionally `warp`, `block`) and a shared layout S over the same
//! tensor dimensions: Triton's direction (in dimensions `offset` and optionally `block`) or
//! CuTe's (the tensor dimensions to one offset, e.g. a converted CuTe layout).
//!
//! Hardware model (NVIDIA, 32 banks of 4 bytes): the register -> offset map is
//! `C = invert_and_compose(R, S)`. A thread moves `vector` elements at once: the largest
//! power of two V (at most 16 bytes) such that register bits map to offsets 1, 2, .., V/2 and
//! no other lane or register bit touches the offset bits below V (aligned vectors). One
//! instruction is one value of the remaining register bits; its lanes are served in phases:
//! 32 lanes when a vector is at most 4 bytes, 16 lanes for 8 bytes, 8 lanes for 16 bytes. In a
//! phase, a bank serves one 4-byte word per wavefront; lanes reading the same word share it
//! (broadcast). The conflicts of a phase are `wavefronts - 1`, with `wavefronts` the largest
//! number of distinct words in one bank.
//!
//! Because the map is linear, every phase of every instruction and every warp is a translate
//! (XOR by a constant) of the first phase and has the same count, so the count of phase 0 of
//! instruction 0 of warp 0 is *the* count. `count` computes it by F2 rank; `brute_force`
//! enumerates every phase of every instruction and checks they agree.

use super::invert::invert_and_compose;
use super::layout::LinearLayout;
use super::reshape::sublayout;
use crate::error::{Error, Result};

/// The access pattern derived from (R, S, bitwidth).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    /// Element offsets of each register bit (images in S's offset dimension).
    pub reg: Vec<u64>,
    /// Element offsets of each lane bit.
    pub lane: Vec<u64>,
    /// Register bits used as the vector (by index into `reg`), lowest offset first.
    pub vector_bits: Vec<usize>,
    pub bitwidth: u32,
    /// Offset bits of the shared layout.
    pub offset_bits: u32,
}

impl Access {
    pub fn vector(&self) -> i64 {
        1 << self.vector_bits.len()
    }
    /// Bytes moved per lane per instruction.
    pub fn bytes(&self) -> i64 {
        (self.vector() * self.bitwidth as i64 + 7) / 8
    }
    /// Lanes served together (one phase).
    pub fn lanes_per_phase(&self) -> i64 {
        match self.bytes() {
            b if b <= 4 => 32,
            8 => 16,
            _ => 8,
        }
    }
}

fn check_bitwidth(bitwidth: i64) -> Result<()> {
    if bitwidth <= 0 || bitwidth & (bitwidth - 1) != 0 || bitwidth > 1024 {
        return Err(Error::algebra(format!(
            "bank_conflicts: element bitwidth {bitwidth} is not a power of two in [1, 1024]"
        )));
    }
    Ok(())
}

/// Build the access of a warp: R's register/lane bits mapped to S's offsets.
pub fn access(r: &LinearLayout, s: &LinearLayout, bitwidth: i64) -> Result<Access> {
    check_bitwidth(bitwidth)?;
    access_of_map(&register_to_offset(r, s)?, bitwidth)
}

/// The register -> offset map of R through S (`register`, `lane` -> the offset): S in
/// Triton's direction (`offset` -> tensor dimensions) or in CuTe's (tensor dimensions -> one
/// offset).
pub fn register_to_offset(r: &LinearLayout, s: &LinearLayout) -> Result<LinearLayout> {
    for n in ["register", "lane"] {
        if !r.has_in(n) {
            return Err(Error::algebra(format!(
                "bank_conflicts: the register layout has no '{n}' in dimension (it has {})",
                r.in_names().join(", ")
            )));
        }
    }
    if s.has_in("offset") {
        let c = invert_and_compose(r, s)?;
        return sublayout(&c, &["register", "lane"], &["offset"]);
    }
    let same = s.ins().len() == r.outs().len() && r.outs().iter().all(|d| s.has_in(&d.name));
    if same && s.outs().len() == 1 {
        let c = super::compose::compose(r, s)?;
        let out = c.out_names()[0].to_string();
        return sublayout(&c, &["register", "lane"], &[out.as_str()]);
    }
    Err(Error::algebra(format!(
        "bank_conflicts: the shared layout must map 'offset' to the tensor dimensions [{}], or those dimensions to one offset; it maps [{}] to [{}]",
        r.out_names().join(", "),
        s.in_names().join(", "),
        s.out_names().join(", ")
    )))
}

/// The access of a warp given the register -> shared-offset map directly: in dimensions
/// `register` and `lane` (others, e.g. `warp`, are ignored: every warp has the same count),
/// one out dimension (the element offset; with several, the one named `offset`).
pub fn access_of_map(c: &LinearLayout, bitwidth: i64) -> Result<Access> {
    check_bitwidth(bitwidth)?;
    check_bitwidth(bitwidth)?;
    for n in ["register", "lane"] {
        if !c.has_in(n) {
            return Err(Error::algebra(format!(
                "bank_conflicts: the register -> offset map has no '{n}' in dimension (it has {})",
                c.in_names().join(", ")
            )));
        }
    }
    let out = match c.outs() {
        [one] => one.name.clone(),
        _ if c.has_out("offset") => "offset".to_string(),
        _ => {
            return Err(Error::algebra(format!(
                "bank_conflicts: the register -> offset map has out dimensions [{}]; expected one (the offset)",
                c.out_names().join(", ")
            )))
        }
    };
    let c = sublayout(c, &["register", "lane"], &[out.as_str()])?;
    let reg = c.ins()[c.in_index("register").unwrap()].bases.clone();
    let lane = c.ins()[c.in_index("lane").unwrap()].bases.clone();
    let offset_bits = c.total_out_bits();
    let max_v = (128 / bitwidth).max(1).trailing_zeros() as usize;
    let mut vector_bits = Vec::new();
    'grow: while vector_bits.len() < max_v {
        let k = vector_bits.len();
        let want = 1u64 << k;
        let Some(i) = reg.iter().position(|&v| v == want) else {
            break;
        };
        let low = (1u64 << (k + 1)) - 1;
        for (j, &v) in reg.iter().enumerate() {
            if j != i && !vector_bits.contains(&j) && v & low != 0 {
                break 'grow;
            }
        }
        if lane.iter().any(|&v| v & low != 0) {
            break;
        }
        vector_bits.push(i);
    }
    Ok(Access {
        reg,
        lane,
        vector_bits,
        bitwidth: bitwidth as u32,
        offset_bits,
    })
}

/// Word address bits of an element offset (offsets are in elements of `bitwidth` bits).
fn word_of(off: u64, bitwidth: u32) -> u64 {
    if bitwidth >= 32 {
        off << (bitwidth / 32).trailing_zeros()
    } else {
        off >> (32 / bitwidth).trailing_zeros()
    }
}

/// Conflicts per phase (`wavefronts - 1`), by F2 rank: the words of a phase form a subspace V;
/// a bank holds 2^(dim V - rank of V's bank bits) of them.
pub fn count(a: &Access) -> i64 {
    let words_per_lane = ((a.bytes() + 3) / 4).max(1) as u64;
    let phase_lanes = a.lanes_per_phase().trailing_zeros() as usize;
    let mut gens: Vec<u64> = (0..words_per_lane.trailing_zeros())
        .map(|t| 1u64 << t)
        .collect();
    for &l in a.lane.iter().take(phase_lanes) {
        gens.push(word_of(l, a.bitwidth));
    }
    let dim = super::gauss::rank(gens.iter().copied());
    let bank_rank = super::gauss::rank(gens.iter().map(|&w| w & 31));
    (1i64 << (dim - bank_rank)) - 1
}

/// Conflicts per phase by enumeration of every phase of every instruction (warp 0); errors if
/// two phases disagree (which linearity rules out). For testing the rank formula.
pub fn brute_force(a: &Access) -> Result<i64> {
    let vec_off: Vec<u64> = a.vector_bits.iter().map(|&i| a.reg[i]).collect();
    let other_regs: Vec<u64> = (0..a.reg.len())
        .filter(|i| !a.vector_bits.contains(i))
        .map(|i| a.reg[i])
        .collect();
    if other_regs.len() > 16 || a.lane.len() > 8 {
        return Err(Error::algebra("brute_force: access too large to enumerate"));
    }
    let span = |gens: &[u64], x: u64| -> u64 {
        let mut acc = 0;
        for (t, &g) in gens.iter().enumerate() {
            if x >> t & 1 == 1 {
                acc ^= g;
            }
        }
        acc
    };
    let bytes = a.bytes() as u64;
    let per_phase = a.lanes_per_phase() as u64;
    let nlanes = 1u64 << a.lane.len();
    let mut result: Option<i64> = None;
    for inst in 0..(1u64 << other_regs.len()) {
        let base_inst = span(&other_regs, inst);
        let mut p0 = 0;
        while p0 < nlanes {
            let mut words: Vec<u64> = Vec::new();
            for lane in p0..(p0 + per_phase).min(nlanes) {
                let start = base_inst ^ span(&a.lane, lane);
                // The vector's elements: start ^ combinations of the vector offsets.
                let mut lo = u64::MAX;
                for e in 0..(1u64 << vec_off.len()) {
                    lo = lo.min(start ^ span(&vec_off, e));
                }
                let first_bit = lo * a.bitwidth as u64;
                let last_bit = first_bit + bytes * 8 - 1;
                for w in (first_bit / 32)..=(last_bit / 32) {
                    if !words.contains(&w) {
                        words.push(w);
                    }
                }
            }
            let mut per_bank = [0i64; 32];
            for w in &words {
                per_bank[(w % 32) as usize] += 1;
            }
            let c = per_bank.iter().copied().max().unwrap_or(0).max(1) - 1;
            match result {
                None => result = Some(c),
                Some(r) if r != c => {
                    return Err(Error::algebra(format!(
                        "brute_force: phases disagree ({r} vs {c} conflicts)"
                    )))
                }
                _ => {}
            }
            p0 += per_phase;
        }
    }
    Ok(result.unwrap_or(0))
}

/// Totals of an access: (instructions per warp, phases per instruction, wavefronts per
/// instruction, extra wavefronts per warp = instructions x phases x conflicts).
pub fn totals(a: &Access) -> (i64, i64, i64, i64) {
    let instructions = 1i64 << (a.reg.len() - a.vector_bits.len());
    let lanes = 1i64 << a.lane.len();
    let phases = (lanes / a.lanes_per_phase()).max(1);
    let c = count(a);
    (
        instructions,
        phases,
        phases * (c + 1),
        instructions * phases * c,
    )
}

/// Bank conflicts per phase of the warp access of R through S with `bitwidth`-bit elements.
pub fn bank_conflicts(r: &LinearLayout, s: &LinearLayout, bitwidth: i64) -> Result<i64> {
    Ok(count(&access(r, s, bitwidth)?))
}
