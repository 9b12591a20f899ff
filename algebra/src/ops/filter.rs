//! filter_zeros: every leaf with stride 0 gets extent 1 (structure kept; the function on the
//! remaining coordinates is unchanged). filter = coalesce(filter_zeros(L)): removes stride-0
//! and size-1 modes. Post-condition of filter: the same image as L, no stride-0 mode.

use crate::error::Result;
use crate::int::Int;
use crate::layout::Layout;
use crate::ops::coalesce::{by_profile, coalesce_leaf_modes};
use crate::tuple::{IntTuple, Tree};

pub fn filter_zeros(l: &Layout) -> Layout {
    fn go(s: &IntTuple, d: &crate::stride::StrideTuple) -> IntTuple {
        match (s, d) {
            (Tree::Leaf(_), Tree::Leaf(st)) if st.is_zero() => Tree::Leaf(Int::Lit(1)),
            (Tree::Node(ss), Tree::Node(ds)) => {
                Tree::Node(ss.iter().zip(ds).map(|(a, b)| go(a, b)).collect())
            }
            _ => s.clone(),
        }
    }
    Layout::raw(go(&l.shape, &l.stride), l.stride.clone())
}

pub fn filter(l: &Layout) -> Result<Layout> {
    // coalesce(filter_zeros(l)) without building the intermediate layout.
    let mut modes = l.leaf_modes();
    for m in &mut modes {
        if m.1.is_zero() {
            m.0 = Int::Lit(1);
        }
    }
    coalesce_leaf_modes(&modes)
}

/// filter applied at the terminals of `profile`.
pub fn filter_profile(l: &Layout, profile: &IntTuple) -> Result<Layout> {
    by_profile(l, profile, "filter", &filter)
}

/// The flat modes of filter(l) as integers, when every leaf is a static integer: stride-0 and
/// extent-1 leaves dropped, neighbours with d1 = s0·d0 merged (coalesce; merging left to right
/// gives the same modes as CuTe's right-to-left fold), `1:0` when nothing is left. None for a
/// dynamic or basis leaf or an overflowing merge: the caller then takes the general path,
/// which reports them.
pub(crate) fn filter_int_modes(l: &Layout) -> Option<Vec<(i64, i64)>> {
    fn go(s: &IntTuple, d: &crate::stride::StrideTuple, out: &mut Vec<(i64, i64)>) -> Option<()> {
        match (s, d) {
            (Tree::Leaf(Int::Lit(s)), Tree::Leaf(st)) if st.is_int() => {
                let Int::Lit(d) = st.coef else { return None };
                if d == 0 || *s == 1 {
                    return Some(());
                }
                match out.last_mut() {
                    Some((s0, d0)) if s0.checked_mul(*d0) == Some(d) => *s0 = s0.checked_mul(*s)?,
                    _ => out.push((*s, d)),
                }
                Some(())
            }
            (Tree::Node(ss), Tree::Node(ds)) => {
                ss.iter().zip(ds).try_for_each(|(s, d)| go(s, d, out))
            }
            _ => None,
        }
    }
    let mut out = Vec::with_capacity(8);
    go(&l.shape, &l.stride, &mut out)?;
    if out.is_empty() {
        out.push((1, 0));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{filter, filter_int_modes};
    use crate::layout::Layout;
    use crate::stride::StrideTuple;
    use crate::tuple::{IntTuple, Tree};

    /// The integer fast path of filter gives the modes of filter itself.
    #[test]
    fn filter_int_modes_agrees_with_filter() {
        let mut seed = 3u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let strides = [0i64, 1, 2, 3, 4, 6, 8, 12, -2, 1 << 62];
        for _ in 0..20_000 {
            let mut modes = Vec::new();
            for _ in 0..1 + next(3) {
                let leaves: Vec<(i64, i64)> = (0..1 + next(3))
                    .map(|_| {
                        (
                            1 + next(6) as i64,
                            strides[next(strides.len() as u64) as usize],
                        )
                    })
                    .collect();
                let s = Tree::Node(leaves.iter().map(|&(s, _)| IntTuple::lit(s)).collect());
                let d = Tree::Node(leaves.iter().map(|&(_, d)| StrideTuple::int(d)).collect());
                modes.push(Layout::new(s, d).unwrap());
            }
            let l = Layout::from_modes(modes);
            let general = filter(&l).and_then(|f| f.int_leaves("t"));
            match filter_int_modes(&l) {
                Some(m) => assert_eq!(Ok(m), general, "{}", crate::text::print_layout(&l)),
                None => assert!(general.is_err(), "{}", crate::text::print_layout(&l)),
            }
        }
    }
}
