//! Linear layout -> CuTe layout. Each in dimension becomes a top-level mode of extent 2^bits
//! whose strides are the images of its bits (consecutive doubling bits merged); the out
//! dimensions are flattened into one offset (out dimension 0 minor). This is exact when the
//! non-zero images have pairwise disjoint bits (the CuTe sum never carries). Otherwise a
//! swizzle `Sw<B,M,S>` (an involution for S >= B) is searched such that `Sw o 0 o L'` with a
//! carry-free `L'` (the first in the order B, S, M ascending, widened to the canonical B when
//! its top bits lie past the codomain); when none exists the error names two overlapping images.

use super::layout::LinearLayout;
use crate::error::{Error, Result};
use crate::func::Func;
use crate::layout::Layout;
use crate::stride::Stride;
use crate::swizzle::Swizzle;
use crate::tuple::{IntTuple, Tree};

/// The first pair of in bits whose non-zero images share a bit.
fn overlap(images: &[u64]) -> Option<(usize, usize)> {
    let mut seen = 0u64;
    for (k, &v) in images.iter().enumerate() {
        if seen & v != 0 {
            let j = images[..k].iter().position(|&w| w & v != 0).unwrap();
            return Some((j, k));
        }
        seen |= v;
    }
    None
}

/// The swizzle that makes `images` carry-free, if any (B ascending, then S, then M).
pub fn find_swizzle(images: &[u64], out_bits: u32) -> Option<Swizzle> {
    // Already carry-free: no swizzle needed.
    overlap(images)?;
    let n = out_bits as i64;
    let shifts = |b: i64| (b..=n).chain((b..=n).map(|s| -s));
    for b in 1..=n {
        for s in shifts(b) {
            for m in 0..=n {
                if b + m + s.abs() > n.min(62) {
                    break;
                }
                let sw = Swizzle::new(b, m, s).ok()?;
                let mapped: Vec<u64> = images.iter().map(|&v| sw.apply(v as i64) as u64).collect();
                if overlap(&mapped).is_none() {
                    // Canonical form: when the top yyy bit is past the codomain, widen B (the
                    // added yyy bits are never set, so the function is the same) as far as
                    // the zzz bits stay inside the codomain and S >= B: Sw<3,4,3> on a
                    // 512-element tile, not the equivalent Sw<2,4,3>.
                    if s > 0 && m + s + b >= n {
                        let wide = s.min(n - m).max(b);
                        return Swizzle::new(wide, m, s).ok();
                    }
                    return Some(sw);
                }
            }
        }
    }
    None
}

fn mode(images: &[u64]) -> Layout {
    // Merge runs: a bit continues the previous leaf when both are 0 or it doubles it.
    let mut leaves: Vec<(i64, i64)> = Vec::new();
    for &v in images {
        if let Some(last) = leaves.last_mut() {
            let next = if last.1 == 0 {
                0
            } else {
                last.1.checked_mul(last.0).unwrap_or(-1)
            };
            if (v as i64) == next {
                last.0 *= 2;
                continue;
            }
        }
        leaves.push((2, v as i64));
    }
    match leaves.len() {
        0 => Layout::leaf(1, 0),
        1 => Layout::leaf(leaves[0].0, leaves[0].1),
        _ => Layout::raw(
            Tree::Node(leaves.iter().map(|&(s, _)| IntTuple::lit(s)).collect()),
            Tree::Node(
                leaves
                    .iter()
                    .map(|&(_, d)| Tree::Leaf(Stride::int(d)))
                    .collect(),
            ),
        ),
    }
}

/// Convert to a CuTe layout (with a swizzle where one is needed), or say why none exists.
pub fn to_cute(l: &LinearLayout) -> Result<Func> {
    let bits = l.total_out_bits();
    if bits > 62 {
        return Err(Error::overflow(format!(
            "to_cute: {bits} output bits do not fit an i64 offset"
        )));
    }
    let all: Vec<u64> = l.columns().collect();
    let sw = match overlap(&all) {
        None => None,
        Some((j, k)) => Some(find_swizzle(&all, bits).ok_or_else(|| {
            let name = |c: usize| {
                let mut c = c;
                for d in l.ins() {
                    if c < d.bases.len() {
                        return format!("bit {c} of '{}'", d.name);
                    }
                    c -= d.bases.len();
                }
                unreachable!()
            };
            Error::algebra(format!(
                "to_cute: no CuTe layout: the offsets {} of {} and {} of {} share bits (a CuTe sum would carry), and no swizzle Sw<B,M,S> separates the images",
                all[j],
                name(j),
                all[k],
                name(k)
            ))
        })?),
    };
    let mapped: Vec<u64> = match sw {
        Some(s) => all.iter().map(|&v| s.apply(v as i64) as u64).collect(),
        None => all,
    };
    let mut modes = Vec::with_capacity(l.ins().len());
    let mut at = 0usize;
    for d in l.ins() {
        modes.push(mode(&mapped[at..at + d.bases.len()]));
        at += d.bases.len();
    }
    let layout = match modes.len() {
        0 => Layout::leaf(1, 0),
        1 => modes.pop().unwrap(),
        _ => Layout::from_modes(modes),
    };
    Ok(match sw {
        None => Func::Layout(layout),
        Some(s) => Func::composed(Func::Swizzle(s), 0, Func::Layout(layout)),
    })
}

/// The thread-value layout of a register tensor: `((lane, warp), register) -> tile index`.
///
/// A register tensor's encoding `E` maps (`register`, `lane`, `warp`, `block`) to the tensor's
/// coordinates (out dimension 0 minor, so the packed out value is the colexicographic tile
/// index). Its CuTe form `to_cute(E)` has one top-level mode per in dimension; this regroups
/// them as CuTe's (thread, value) fragment: thread `t = lane + 32 warp` (the lane mode alone
/// when the encoding has no `warp`), value `r` = register `r` of the thread in the encoding's
/// register order. So `TV(t, r)` is the tile index of register `r` of thread `t`, the form
/// the hardware fragments (`tcgen05.ld`, `ldmatrix`) are derived from.
///
/// Errors: an in dimension other than those four, a `block` that selects elements (a register
/// tensor lives in one CTA), or an encoding whose offsets carry (a swizzled distribution has
/// no shape:stride fragment).
pub fn thread_value(l: &LinearLayout) -> Result<Layout> {
    for d in l.ins() {
        match d.name.as_str() {
            "register" | "lane" | "warp" => {}
            "block" if d.bases.iter().all(|&b| b == 0) => {}
            "block" => {
                return Err(Error::algebra(
                    "thread_value: the encoding's 'block' selects elements; a register tensor \
                     lies in one CTA"
                        .to_string(),
                ))
            }
            other => {
                return Err(Error::algebra(format!(
                    "thread_value: '{other}' is not an in dimension of a register tensor \
                     (register, lane, warp, block)"
                )))
            }
        }
    }
    let cute = match to_cute(l)? {
        Func::Layout(c) => c,
        f => {
            return Err(Error::algebra(format!(
                "thread_value: the registers are not a shape:stride function of (thread, \
                 register): the encoding is {} (a swizzled distribution)",
                crate::func::print_func(&f)
            )))
        }
    };
    let single = l.ins().len() == 1;
    let mode_of = |name: &str| -> Result<Option<Layout>> {
        match l.in_index(name) {
            None => Ok(None),
            Some(_) if single => Ok(Some(cute.clone())),
            Some(i) => cute.mode(i).map(Some),
        }
    };
    let register = mode_of("register")?.unwrap_or_else(Layout::trivial);
    let lane = mode_of("lane")?.unwrap_or_else(Layout::trivial);
    let threads = match mode_of("warp")? {
        None => lane,
        Some(warp) => Layout::from_modes(vec![lane, warp]),
    };
    Ok(Layout::from_modes(vec![threads, register]))
}
