//! Layouts with scaled-basis strides (`d@i`, `d@j@i`) as functions, as NVIDIA's CuTe IR
//! defines them: the basis is the unit, and L maps an index to a coordinate vector.
//!
//! A layout L whose strides are scaled bases d·e_p (p a mode path) maps an index to a vector
//! of the basis-coordinate space: L(i) = sum_k c_k(i) d_k e_{p_k}. Integer strides may appear
//! among them only when they are zero (they contribute nothing). With the coprofile P (the
//! tuple tree of the coordinate space, see `coprofile`) and the projections L_p (the integer
//! layout with L's shape and the stride d for the leaves of bucket p, 0 elsewhere):
//! L(i) = sum_p L_p(i) e_p, coshape(L) = P with the bucket extents cosize(|L_p|), and
//! cosize(L) = size(coshape(L)). The operations of the algebra on such layouts are in
//! `ops::basis`.

use crate::error::Result;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Tree};

pub use crate::coprofile::Coprofile;
use crate::coprofile::{check_paths_of, coprofile_of, coshape_of, project_strides};

/// Check the strides (static basis coefficients, integers only when zero) and build the
/// coprofile of L.
pub fn coprofile(l: &Layout, op: &str) -> Result<Coprofile> {
    coprofile_of(&l.shape, &l.stride, op)
}

/// Check that the basis paths of L agree on their depth (see `coprofile`).
pub fn check_paths(l: &Layout) -> Result<()> {
    check_paths_of(&l.shape, &l.stride)
}

/// L_p: L's shape, the coefficient d for the leaves with stride d·e_p, 0 elsewhere (for the
/// empty path: the integer strides).
pub fn project(l: &Layout, p: &[u32]) -> Layout {
    Layout::raw(l.shape.clone(), project_strides(&l.stride, p))
}

/// coshape(L): the coprofile with each bucket's extent cosize(|L_p|).
pub fn coshape(l: &Layout) -> Result<IntTuple> {
    coshape_of(&l.shape, &l.stride)
}

/// cosize(L) = size(coshape(L)).
pub fn cosize(l: &Layout) -> Result<i64> {
    coshape(l)?.product()
}

/// L(i) as a basis vector: the coordinate tuple congruent to the coprofile.
pub fn eval(l: &Layout, idx: i64) -> Result<IntTuple> {
    fn go(t: &Coprofile, l: &Layout, idx: i64) -> Result<IntTuple> {
        match t {
            Tree::Leaf(p) => Ok(IntTuple::lit(project(l, p).eval(idx)?)),
            Tree::Node(v) => Ok(Tree::Node(
                v.iter().map(|k| go(k, l, idx)).collect::<Result<_>>()?,
            )),
        }
    }
    go(&coprofile(l, "evaluation")?, l, idx)
}

/// crd2idx for a scaled-basis L: the coordinate vector L(c), a tuple congruent to the
/// coprofile (the coordinate c may be hierarchical or linear, as for integer strides).
pub fn crd2idx(crd: &IntTuple, l: &Layout) -> Result<IntTuple> {
    fn go(t: &Coprofile, l: &Layout, crd: &IntTuple) -> Result<IntTuple> {
        match t {
            Tree::Leaf(p) => Ok(IntTuple::lit(project(l, p).eval_crd(crd)?)),
            Tree::Node(v) => Ok(Tree::Node(
                v.iter().map(|k| go(k, l, crd)).collect::<Result<_>>()?,
            )),
        }
    }
    go(&coprofile(l, "crd2idx")?, l, crd)
}
