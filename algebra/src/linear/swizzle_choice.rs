//! Generic swizzling: choose a shared layout through which a register layout `src` is written
//! and a register layout `dst` is read with no bank conflicts (in the model of
//! `bank_conflicts`) and the widest common vector.
//!
//! Over the flattened tensor space T = F2^n the offset bits are laid out as
//! `[vector | bank | segment]`: the vector is the registers `src` and `dst` share (at most 16
//! bytes), the segment bits (those above the 32 x 4-byte bank window) are chosen one by one
//! outside both `span(vector + src phase lanes) + segment` and
//! `span(vector + dst phase lanes) + segment` (a vector space is never the union of two proper
//! subspaces, so one always exists), and the bank bits complete the basis with unit vectors.
//! A phase's words then differ in their bank bits for both accesses: zero conflicts.

use super::bank_conflicts::{access_of_map, bank_conflicts, count, register_to_offset};
use super::gauss::in_span;
use super::layout::{InDim, LinearLayout};
use super::reshape::transpose_outs;
use crate::error::{Error, Result};
use crate::swizzle::Swizzle;

/// The chosen shared layout and what it achieves.
#[derive(Debug, Clone)]
pub struct SwizzleChoice {
    /// `offset -> tensor dims` (the out dimensions of `src`).
    pub smem: LinearLayout,
    /// Elements per vector access.
    pub vector: i64,
    pub write_conflicts: i64,
    pub read_conflicts: i64,
}

fn span_dim(gens: &[u64]) -> u32 {
    super::gauss::rank(gens.iter().copied())
}

/// Pick x in span(pool) outside span(a) and outside span(b) (both proper subspaces of
/// span(pool)): a pool vector outside one and inside the other plus one the other way round
/// is outside both.
pub(crate) fn outside_both(a: &[u64], b: &[u64], pool: &[u64]) -> Option<u64> {
    let u = pool.iter().copied().find(|&u| !in_span(a, u))?;
    if !in_span(b, u) {
        return Some(u);
    }
    let w = pool.iter().copied().find(|&w| !in_span(b, w))?;
    if !in_span(a, w) {
        return Some(w);
    }
    Some(u ^ w)
}

/// The vectors to choose offsets from inside `span(basis)` (over `n` tensor bits): its unit
/// vectors first (readable layouts), then `basis` itself.
pub(crate) fn unit_first_pool(n: u32, basis: &[u64]) -> Vec<u64> {
    let mut pool: Vec<u64> = (0..n)
        .map(|i| 1u64 << i)
        .filter(|&u| in_span(basis, u))
        .collect();
    pool.extend(basis.iter().copied());
    pool
}

/// Offsets that complete a 4-byte word above the `low` lowest offset bits (elements of `bits`
/// bits), taken from `pool`: lanes that differ only in them share a word (a broadcast, not a
/// conflict).
pub(crate) fn word_fill(pool: &[u64], low: usize, bits: i64) -> Vec<u64> {
    let word_bits = (32 / bits).max(1).trailing_zeros() as usize;
    let mut fill: Vec<u64> = Vec::new();
    for &u in pool {
        if low + fill.len() >= word_bits {
            break;
        }
        if !in_span(&fill, u) {
            fill.push(u);
        }
    }
    fill
}

/// Choose the shared layout for writing through `src` and reading through `dst`.
pub fn optimal_swizzling(
    src: &LinearLayout,
    dst: &LinearLayout,
    bitwidth: i64,
) -> Result<SwizzleChoice> {
    if bitwidth <= 0 || bitwidth & (bitwidth - 1) != 0 || bitwidth > 1024 {
        return Err(Error::algebra(format!(
            "optimal_swizzling: element bitwidth {bitwidth} is not a power of two in [1, 1024]"
        )));
    }
    let dst = transpose_outs(dst, &src.out_names())?;
    if dst.outs() != src.outs() {
        return Err(Error::algebra(
            "optimal_swizzling: src and dst must have the same out dimensions (names and sizes)",
        ));
    }
    let n = src.total_out_bits();
    let get = |l: &LinearLayout, d: &str| -> Result<Vec<u64>> {
        l.in_index(d)
            .map(|i| l.ins()[i].bases.clone())
            .ok_or_else(|| {
                Error::algebra(format!(
                    "optimal_swizzling: a layout has no '{d}' in dimension"
                ))
            })
    };
    let (sreg, slane) = (get(src, "register")?, get(src, "lane")?);
    let (dreg, dlane) = (get(&dst, "register")?, get(&dst, "lane")?);
    let kmax = (128 / bitwidth).max(1).trailing_zeros() as usize;
    let mut vec: Vec<u64> = Vec::new();
    for &v in &sreg {
        if vec.len() < kmax && v != 0 && dreg.contains(&v) && !in_span(&vec, v) {
            vec.push(v);
        }
    }
    // Every other register and lane image must avoid the vector's offset bits (aligned,
    // in-order vectors), so they must lie in a complement C of span(vector): drop vector
    // bits until span(others) meets span(vector) only in 0.
    let others = |vec: &[u64]| -> Vec<u64> {
        sreg.iter()
            .chain(&dreg)
            .filter(|v| !vec.contains(v))
            .chain(slane.iter())
            .chain(dlane.iter())
            .copied()
            .filter(|&v| v != 0)
            .collect()
    };
    while !vec.is_empty() {
        let x = others(&vec);
        if span_dim(&vec) + span_dim(&x) == span_dim(&[vec.clone(), x].concat()) {
            break;
        }
        vec.pop();
    }
    // A basis of C: a basis of span(others), completed by unit vectors.
    let mut cbasis: Vec<u64> = Vec::new();
    for v in others(&vec) {
        if !in_span(&cbasis, v) {
            cbasis.push(v);
        }
    }
    for i in 0..n {
        let u = 1u64 << i;
        let all: Vec<u64> = vec.iter().chain(&cbasis).copied().collect();
        if !in_span(&all, u) {
            cbasis.push(u);
        }
    }
    let pool = unit_first_pool(n, &cbasis);
    let bytes = ((1i64 << vec.len()) * bitwidth + 7) / 8;
    let lp = match bytes {
        b if b <= 4 => 5,
        8 => 4,
        _ => 3,
    };
    let fill = word_fill(&pool, vec.len(), bitwidth);
    let mut a: Vec<u64> = fill.clone();
    a.extend(slane.iter().take(lp).copied().filter(|&v| v != 0));
    let mut b: Vec<u64> = fill.clone();
    b.extend(dlane.iter().take(lp).copied().filter(|&v| v != 0));
    let kb = (1024 / bitwidth).trailing_zeros().min(n);
    let c_dim = n - vec.len() as u32;
    let s = c_dim.saturating_sub(
        (kb - (vec.len() as u32).min(kb))
            .max(span_dim(&a))
            .max(span_dim(&b)),
    );
    let mut seg: Vec<u64> = Vec::new();
    for _ in 0..s {
        let x = outside_both(&a, &b, &pool).ok_or_else(|| {
            Error::algebra("optimal_swizzling: no segment vector outside both lane spans")
        })?;
        seg.push(x);
        a.push(x);
        b.push(x);
    }
    let low: Vec<u64> = vec.iter().chain(&fill).copied().collect();
    let mut used: Vec<u64> = low.iter().chain(&seg).copied().collect();
    let mut bank = Vec::new();
    for &u in &pool {
        if used.len() as u32 == n {
            break;
        }
        if !in_span(&used, u) {
            used.push(u);
            bank.push(u);
        }
    }
    let bases: Vec<u64> = low.iter().chain(&bank).chain(&seg).copied().collect();
    let smem = LinearLayout::from_parts(
        vec![InDim {
            name: "offset".into(),
            bases,
        }],
        src.outs().to_vec(),
    );
    if !smem.is_invertible() {
        return Err(Error::algebra(
            "optimal_swizzling: internal error: the chosen offsets are not a basis",
        ));
    }
    Ok(SwizzleChoice {
        vector: 1 << vec.len(),
        write_conflicts: bank_conflicts(src, &smem, bitwidth)?,
        read_conflicts: bank_conflicts(&dst, &smem, bitwidth)?,
        smem,
    })
}

/// The CuTe swizzle chosen for a (register layout, shared layout) pair.
#[derive(Debug, Clone)]
pub struct CuteSwizzleChoice {
    pub swizzle: Swizzle,
    /// The shared layout with the swizzle applied to its offsets, in the direction it was
    /// given (Triton's: `offset -> tensor`, the swizzle first; CuTe's: `tensor -> offset`,
    /// the swizzle last, i.e. `Sw o 0 o S`).
    pub smem: LinearLayout,
    pub vector: i64,
    pub conflicts: i64,
}

/// The swizzle `Sw<B,M,S>` on the offsets of `s` that makes the warp access of `r` through it
/// conflict-free with the widest vector: among all swizzles within the offset bits, the fewest
/// conflicts per phase, then the widest vector, then the smallest B, M, S (`Sw<0,0,0>`, no
/// swizzle, when it is already best).
pub fn choose_cute_swizzle(
    r: &LinearLayout,
    s: &LinearLayout,
    bitwidth: i64,
) -> Result<CuteSwizzleChoice> {
    let c = register_to_offset(r, s)?;
    let n = c.total_out_bits() as i64;
    let mut best: Option<(i64, i64, Swizzle)> = None;
    let consider = |sw: Swizzle, best: &mut Option<(i64, i64, Swizzle)>| -> Result<()> {
        let mapped = map_offsets(&c, &sw);
        let acc = access_of_map(&mapped, bitwidth)?;
        let (conf, vec) = (count(&acc), acc.vector());
        let better = match best {
            None => true,
            Some((bc, bv, _)) => conf < *bc || (conf == *bc && vec > *bv),
        };
        if better {
            *best = Some((conf, vec, sw));
        }
        Ok(())
    };
    consider(Swizzle::new(0, 0, 0)?, &mut best)?;
    for b in 1..=n {
        for m in 0..=n {
            for sh in b..=n {
                if b + m + sh > n.min(62) {
                    break;
                }
                consider(Swizzle::new(b, m, sh)?, &mut best)?;
            }
        }
    }
    let (conflicts, vector, swizzle) = best.expect("Sw<0,0,0> is always considered");
    let smem = if s.has_in("offset") {
        // offset --Sw--> offset --S--> tensor (Sw is an involution); other in dimensions
        // (block) pass through.
        let mut pre = LinearLayout::empty();
        for (i, d) in s.ins().iter().enumerate() {
            let f = if d.name == "offset" {
                swizzle_layout(&swizzle, d.bases.len() as u32)
            } else {
                LinearLayout::identity1d(s.in_size(i), &d.name, &d.name)?
            };
            pre = super::product::product(&pre, &f)?;
        }
        super::compose::compose(&pre, s)?
    } else {
        let out = s.outs()[0].name.clone();
        let bits = s.outs()[0].log2;
        let sw_ll = swizzle_layout(&swizzle, bits);
        let sw_ll = super::reshape::reshape_ins(&sw_ll, &[(out.clone(), 1i64 << bits)])?;
        let sw_ll = super::reshape::reshape_outs(&sw_ll, &[(out, 1i64 << bits)])?;
        super::compose::compose(s, &sw_ll)?
    };
    Ok(CuteSwizzleChoice {
        swizzle,
        smem,
        vector,
        conflicts,
    })
}

/// The register -> offset map with `sw` applied to every offset.
fn map_offsets(c: &LinearLayout, sw: &Swizzle) -> LinearLayout {
    let ins = c
        .ins()
        .iter()
        .map(|d| InDim {
            name: d.name.clone(),
            bases: d.bases.iter().map(|&v| sw.apply(v as i64) as u64).collect(),
        })
        .collect();
    LinearLayout::from_parts(ins, c.outs().to_vec())
}

/// `Sw` as a linear layout `offset -> offset` on `bits` offset bits.
fn swizzle_layout(sw: &Swizzle, bits: u32) -> LinearLayout {
    LinearLayout::from_parts(
        vec![InDim {
            name: "offset".into(),
            bases: (0..bits).map(|k| sw.apply(1i64 << k) as u64).collect(),
        }],
        vec![super::layout::OutDim {
            name: "offset".into(),
            log2: bits,
        }],
    )
}
