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
