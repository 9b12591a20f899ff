//! The algebra of layouts with scaled-basis strides (`d@i`, `d@j@i`), as NVIDIA's CuTe IR
//! defines it: every operation works per basis coordinate, with the basis as the unit.
//!
//! A layout L whose strides are scaled bases d·e_p (p a mode path) maps an index to a vector
//! of the basis-coordinate space: L(i) = sum_k c_k(i) d_k e_{p_k}. Integer strides may appear
//! among them only when they are zero (they contribute nothing).
//!
//! - The **coprofile** P is the tuple tree of the coordinate space: the union of the paths of
//!   all basis strides (`1@0` and `1@1@2` give P = (_,_,(_,_))). A path that ends where
//!   another continues (`1@1` and `1@0@1`) has no coprofile and is an error. The leaves of P
//!   are the **buckets**; bucket p holds the leaves of L whose stride is d·e_p.
//! - The **projection** L_p is the integer layout with L's shape and the stride d for the
//!   leaves of bucket p, 0 elsewhere; L(i) = sum_p L_p(i) e_p.
//! - An operation on L is the tree P with each bucket p replaced by the operation on L_p:
//!   * coshape(L) = P with the bucket extents cosize(|L_p|) = sum (s-1)|d| + 1;
//!     cosize(L) = size(coshape(L)) (one past the largest coordinate, bucket by bucket);
//!   * complement(L) = P with complement_p (CuTe IR's un-extended complement of L_p, see
//!     `bucket_complement`) scaled by e_p: (L, complement(L)) is injective over the
//!     coordinate space and each bucket's complement is ordered;
//!   * right_inverse(L) = P with right_inverse(L_p), an integer layout into L's domain:
//!     L(R(c)) = c for every coordinate c of R's domain (congruent to P);
//!   * left_inverse(L) = P with left_inverse(L_p) (1:0 for a bucket L does not reach):
//!     L(R(L(i))) = L(i), and R(L(i)) = i when L is injective;
//!   * logical_product(L, B) = (L, complement(L) o B) for an integer-strided B: the copies
//!     of L step along the last basis coordinate's rest, past L's extent there (in
//!     `basis_product`, above composition).
//!
//! The coprofile, the projections, coshape, cosize, L(i) and crd2idx live in the core
//! (`crate::scaled_basis`, re-exported here). This layer sits below composition, complement
//! and inverse, which call it for scaled-basis operands: where a bucket needs the integer
//! operation (right_inverse, left_inverse, the composition check), the caller passes it in.

use crate::error::{Error, Result};
use crate::int::{self, Int};
use crate::layout::Layout;
use crate::stride::Stride;
use crate::text::print_layout;
use crate::tuple::{IntTuple, Tree};

pub use crate::scaled_basis::{
    check_paths, coprofile, coshape, cosize, crd2idx, eval, project, Coprofile,
};

/// The tree P with each bucket p replaced by `f(p, L_p)`, assembled as one layout.
fn per_bucket(
    l: &Layout,
    op: &str,
    f: &mut dyn FnMut(&[u32], &Layout) -> Result<Layout>,
) -> Result<Layout> {
    fn go(
        t: &Coprofile,
        l: &Layout,
        f: &mut dyn FnMut(&[u32], &Layout) -> Result<Layout>,
    ) -> Result<Layout> {
        match t {
            Tree::Leaf(p) => f(p, &project(l, p)),
            Tree::Node(v) => Ok(Layout::from_modes(
                v.iter().map(|k| go(k, l, f)).collect::<Result<_>>()?,
            )),
        }
    }
    go(&coprofile(l, op)?, l, f)
}

/// Whether L reaches bucket p: a leaf with extent > 1 and a nonzero coefficient on it.
fn reaches(lp: &Layout) -> bool {
    lp.leaf_modes()
        .iter()
        .any(|(s, d)| !d.is_zero() && *s != Int::Lit(1))
}

/// Scale an integer layout's strides by e_p.
fn scale_by_basis(r: Layout, p: &[u32]) -> Layout {
    let stride = r.stride.map(&mut |d| Stride {
        coef: d.coef.clone(),
        basis: p.to_vec(),
    });
    Layout::raw(r.shape, stride)
}

/// CuTe IR's coalesce of a complement bucket: left to right, a size-1 mode already taken is
/// dropped when another follows, and a mode merges into the previous one when its stride is
/// the previous extent times stride (the last mode is kept even with extent 1).
fn coalesce_keep_last(modes: &[(i64, i64)]) -> Layout {
    let mut out: Vec<(i64, i64)> = Vec::with_capacity(modes.len());
    for &(s, d) in modes {
        while out.last().is_some_and(|m| m.0 == 1) {
            out.pop();
        }
        match out.last_mut() {
            Some(m) if m.0.checked_mul(m.1) == Some(d) => m.0 *= s,
            _ => out.push((s, d)),
        }
    }
    if out.len() == 1 {
        Layout::leaf(out[0].0, out[0].1)
    } else {
        let (s, d): (Vec<i64>, Vec<i64>) = out.into_iter().unzip();
        Layout::flat(&s, &d)
    }
}

/// complement of one bucket (CuTe IR): the nonzero modes (s_k:d_k), s_k > 1, sorted by d,
/// give the gaps d_k / D_{k-1} : D_{k-1} with D_0 = 1, D_k = s_k d_k, and a last mode
/// 1 : D_n; an empty bucket gives 1:1. A stride below the span D_{k-1} of the smaller ones
/// (overlapping modes) or a negative stride has no complement.
fn bucket_complement(l: &Layout, lp: &Layout) -> Result<Layout> {
    let mut modes: Vec<(i64, i64)> = lp
        .int_leaves("complement")?
        .into_iter()
        .filter(|&(s, d)| d != 0 && s != 1)
        .collect();
    modes.sort_by_key(|m| m.1);
    let mut out = Vec::with_capacity(modes.len() + 1);
    let mut span = 1i64;
    for (s, d) in modes {
        if d < 0 {
            return Err(Error::algebra(format!(
                "complement: {} has the negative coefficient {d}; complement needs positive strides",
                print_layout(l)
            )));
        }
        if d < span {
            return Err(Error::algebra(format!(
                "complement: {} has no complement: the coefficient {d} lies inside the span {span} of the modes of its basis coordinate with smaller coefficients (the modes interleave, or L is not injective)",
                print_layout(l)
            )));
        }
        out.push((d / span, span));
        span = int::mul(d, s)?;
    }
    out.push((1, span));
    Ok(coalesce_keep_last(&out))
}

/// complement(L) for a scaled-basis L (CuTe IR's default cotarget: the coshape).
pub fn complement(l: &Layout) -> Result<Layout> {
    per_bucket(l, "complement", &mut |p, lp| {
        Ok(scale_by_basis(bucket_complement(l, lp)?, p))
    })
}

/// right_inverse(L) for a scaled-basis L; `int_right_inverse` is right_inverse of an integer
/// layout (the projections L_p).
pub fn right_inverse(
    l: &Layout,
    int_right_inverse: &dyn Fn(&Layout) -> Result<Layout>,
) -> Result<Layout> {
    per_bucket(l, "right_inverse", &mut |_, lp| {
        if reaches(lp) {
            int_right_inverse(lp)
        } else {
            Ok(Layout::trivial())
        }
    })
}

/// left_inverse(L) for a scaled-basis L; `int_left_inverse` is left_inverse of an integer
/// layout (the projections L_p).
pub fn left_inverse(
    l: &Layout,
    int_left_inverse: &dyn Fn(&Layout) -> Result<Layout>,
) -> Result<Layout> {
    per_bucket(l, "left_inverse", &mut |_, lp| {
        if reaches(lp) {
            int_left_inverse(lp).map_err(|e| {
                Error::algebra(format!(
                    "{e} (the projection of {} on one basis coordinate)",
                    print_layout(l)
                ))
            })
        } else {
            Ok(Layout::trivial())
        }
    })
}

/// The error for a scaled-basis tiler or second operand where the operation needs integers.
pub fn needs_integer(op: &str, what: &str, b: &Layout) -> Error {
    Error::algebra(format!(
        "{op}: {what} {} has scaled-basis strides; it must have integer strides (only the first operand may carry scaled bases)",
        print_layout(b)
    ))
}

/// complement with an explicit cotarget is defined for integer strides only (as in CuTe IR).
pub fn complement_with_cotarget(l: &Layout, m: &IntTuple) -> Error {
    Error::algebra(format!(
        "complement: {} has scaled-basis strides, so it takes no cotarget (here {}): its complement is per basis coordinate, up to the coshape; call complement({})",
        print_layout(l),
        crate::text::print_int_tuple(m),
        print_layout(l)
    ))
}

/// composition with a scaled-basis A and an integer B: R(c) = A(B(c)) holds as vectors iff it
/// holds for every basis coordinate, R_p(c) = A_p(B(c)) (the integer strides, if any, form
/// their own coordinate). Each projection is checked as an integer composition (exactly on
/// small domains, else on a sample), so a carry between modes of A that CuTe's rule does not
/// see (`(5,1,2,1):(1@0,10@0,1@1,4@1) o (2,3):(1,2)` reads 5@0 where A(5) = 1@1) is an error.
/// `check_int` is the check of an integer composition R = A o B.
pub(crate) fn check_composition(
    a: &Layout,
    b: &Layout,
    r: &Layout,
    check_int: &dyn Fn(&Layout, &Layout, &Layout) -> Result<()>,
) -> Result<()> {
    let mut paths: Vec<Vec<u32>> = a.leaf_modes().into_iter().map(|(_, d)| d.basis).collect();
    paths.sort();
    paths.dedup();
    for p in &paths {
        check_int(&project(a, p), b, &project(r, p)).map_err(|e| {
            Error::algebra(format!(
                "{e} (on the basis coordinate {} of A = {})",
                if p.is_empty() {
                    "of the integer strides".to_string()
                } else {
                    crate::text::print_stride(&Stride {
                        coef: Int::Lit(1),
                        basis: p.clone(),
                    })
                },
                print_layout(a)
            ))
        })?;
    }
    Ok(())
}

/// The complement of a scaled-basis tiler T in the coordinate space of a layout with shape S
/// (CuTe IR's complement_extend(T, S), used by the divides): for each top-level mode i of S,
/// - when T reaches coordinate i (a leaf of T's coprofile): T_i's bucket complement with its
///   last extent replaced by what is left of S_i, ceil_div(S_i, span) (per leaf of S_i,
///   compact after the span), coalesced, scaled by e_i;
/// - otherwise the identity of S_i along e_i (`S_i : 1@i`, or one basis per leaf of S_i).
///
/// A coordinate of T nested deeper than S's top-level modes is an error.
pub fn complement_in_shape(t: &Layout, shape: &IntTuple) -> Result<Layout> {
    let cp = coprofile(t, "complement")?;
    let top: Vec<Coprofile> = match &cp {
        Tree::Node(v) => v.clone(),
        leaf => vec![leaf.clone()],
    };
    let modes: Vec<IntTuple> = match shape {
        Tree::Node(v) => v.clone(),
        leaf => vec![leaf.clone()],
    };
    if top.len() > modes.len() {
        return Err(Error::algebra(format!(
            "complement: the tiler {} reaches coordinate {} of a shape of rank {}",
            print_layout(t),
            top.len() - 1,
            modes.len()
        )));
    }
    let mut out = Vec::with_capacity(modes.len());
    for (i, s) in modes.iter().enumerate() {
        let p = vec![i as u32];
        match top.get(i) {
            Some(Tree::Leaf(_)) => {
                let base = bucket_complement(t, &project(t, &p))?;
                let mut flat: Vec<(i64, i64)> = base.int_leaves("complement")?;
                let (_, span) = flat.pop().expect("a bucket complement ends with 1:span");
                let mut rest = span;
                let mut stride = span;
                for x in s.values("complement")? {
                    let r = int::ceil_div(x, rest)?;
                    flat.push((r, stride));
                    stride = int::mul(stride, r)?;
                    rest = int::ceil_div(rest, x)?;
                }
                let c = crate::ops::coalesce::coalesce(&Layout::flat(
                    &flat.iter().map(|m| m.0).collect::<Vec<_>>(),
                    &flat.iter().map(|m| m.1).collect::<Vec<_>>(),
                ))?;
                out.push(scale_by_basis(c, &p));
            }
            Some(Tree::Node(_)) => {
                return Err(Error::algebra(format!(
                    "complement: the tiler {} reaches inside coordinate {i}; a divide by a tiler with nested bases is not supported",
                    print_layout(t)
                )))
            }
            None => {
                fn identity(s: &IntTuple, path: &mut Vec<u32>) -> crate::stride::StrideTuple {
                    match s {
                        Tree::Leaf(_) => Tree::Leaf(Stride {
                            coef: Int::Lit(1),
                            basis: path.clone(),
                        }),
                        Tree::Node(v) => Tree::Node(
                            (0..v.len())
                                .map(|j| {
                                    path.push(j as u32);
                                    let r = identity(&v[j], path);
                                    path.pop();
                                    r
                                })
                                .collect(),
                        ),
                    }
                }
                // basis paths are stored outermost first
                let stride = identity(s, &mut p.clone());
                out.push(Layout::new(s.clone(), stride)?);
            }
        }
    }
    Ok(if shape.is_leaf() {
        Layout::from_modes_unwrapped(out)
    } else {
        Layout::from_modes(out)
    })
}
