//! coalesce: merge adjacent modes (s0:d0, s1:d1) with d1 = s0*d0 and drop size-1 modes.
//! Post-conditions: size(R) = size(L), depth(R) <= 1, R(i) = L(i) for 0 <= i < size(L).
//! By profile: coalesce applied to each mode at the terminals of the profile (the ranks of
//! the profile's tuples are kept).

use crate::error::{Error, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::stride::Stride;
use crate::tuple::{IntTuple, Tree};

/// One flat mode: extent and stride.
pub(crate) type Mode = (Int, Stride);

/// Backward fold of CuTe's coalesce over `old`, seeded with the front mode `seed`.
/// Returns the modes of the result; `None` means the trivial `1:0`.
fn bw_coalesce(old: &[Mode], seed: Mode) -> Result<Option<Vec<Mode>>> {
    // The result back to front: out[0] is the seed, out.last() the current front.
    let mut out: Vec<Mode> = Vec::with_capacity(old.len() + 1);
    out.push(seed);
    for (s, d) in old.iter().rev() {
        if *s == Int::Lit(1) {
            continue;
        }
        let lone = out.len() == 1;
        let front = out.last_mut().expect("out starts with the seed");
        if lone && front.0 == Int::Lit(1) {
            *front = (s.clone(), d.clone());
            continue;
        }
        // C++ merges when the front extent is static and s·d == front stride is a static
        // truth (`_0 * x = _0`: a runtime extent of stride 0 merges into a stride-0 front).
        if front.0.is_static() && d.basis == front.1.basis {
            if let (Ok(Int::Lit(p)), Int::Lit(fd)) = (s.mul(&d.coef), &front.1.coef) {
                if p == *fd {
                    *front = (s.mul(&front.0)?, d.clone());
                    continue;
                }
            }
        }
        out.push((s.clone(), d.clone()));
    }
    if out.len() == 1 && out[0].0 == Int::Lit(1) {
        return Ok(None);
    }
    out.reverse();
    Ok(Some(out))
}

fn from_modes(modes: Option<Vec<Mode>>, force_tuple: bool) -> Layout {
    match modes {
        None => Layout::trivial(),
        Some(m) if m.len() == 1 && !force_tuple => {
            let (s, d) = m.into_iter().next().unwrap();
            Layout::raw(Tree::Leaf(s), Tree::Leaf(d))
        }
        Some(m) => {
            let (s, d): (Vec<_>, Vec<_>) = m
                .into_iter()
                .map(|(s, d)| (Tree::Leaf(s), Tree::Leaf(d)))
                .unzip();
            Layout::raw(Tree::Node(s), Tree::Node(d))
        }
    }
}

/// coalesce(L): the flattest layout with the same function on [0, size(L)).
pub fn coalesce(l: &Layout) -> Result<Layout> {
    coalesce_leaf_modes(&l.leaf_modes())
}

/// coalesce of the flat layout with these (extent, stride) modes.
pub(crate) fn coalesce_leaf_modes(modes: &[Mode]) -> Result<Layout> {
    let Some((last, rest)) = modes.split_last() else {
        return Ok(Layout::trivial());
    };
    Ok(from_modes(bw_coalesce(rest, last.clone())?, false))
}

/// CuTe's coalesce_x: like coalesce, but the function is also kept outside the domain
/// (a trailing size-1 mode keeps its stride). The extent of the last mode is not meaningful.
/// Returns the flat modes (one mode means an integral layout).
pub(crate) fn coalesce_x(l: &Layout) -> Result<Vec<Mode>> {
    let modes = l.leaf_modes();
    let Some((last, rest)) = modes.split_last() else {
        return Ok(vec![(Int::Lit(1), Stride::int(0))]);
    };
    let seed = if last.0 == Int::Lit(1) {
        (Int::Lit(2), last.1.clone())
    } else {
        last.clone()
    };
    Ok(bw_coalesce(rest, seed)?.unwrap_or_else(|| vec![(Int::Lit(1), Stride::int(0))]))
}

/// coalesce by profile: coalesce each mode of L at the terminals of `profile`.
pub fn coalesce_profile(l: &Layout, profile: &IntTuple) -> Result<Layout> {
    by_profile(l, profile, "coalesce", &coalesce)
}

/// Apply `f` to the modes of `l` at the terminals of `profile` (modes past the profile's rank
/// are kept unchanged).
pub(crate) fn by_profile(
    l: &Layout,
    profile: &IntTuple,
    op: &str,
    f: &dyn Fn(&Layout) -> Result<Layout>,
) -> Result<Layout> {
    match profile {
        Tree::Leaf(_) => f(l),
        Tree::Node(ps) => {
            // An integral layout is its own single mode (rank 1), as in CuTe's
            // transform_layout: coalesce(1:0, (1)) = (1):(0).
            let modes = crate::ops::tiler::modes_of(l);
            if ps.len() > modes.len() {
                return Err(Error::algebra(format!(
                    "{op}: profile of rank {} has more modes than the layout's mode {} (rank {})",
                    ps.len(),
                    crate::text::print_layout(l),
                    modes.len()
                )));
            }
            let mut out = Vec::with_capacity(modes.len());
            for (i, m) in modes.iter().enumerate() {
                out.push(match ps.get(i) {
                    Some(p) => by_profile(m, p, op, f)?,
                    None => m.clone(),
                });
            }
            Ok(Layout::from_modes(out))
        }
    }
}
