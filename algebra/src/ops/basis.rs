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
//!     of L step along the last basis coordinate's rest, past L's extent there.

use crate::error::{Error, Result};
use crate::int::{self, Int};
use crate::layout::Layout;
use crate::ops::inverse;
use crate::stride::Stride;
use crate::text::print_layout;
use crate::tuple::{IntTuple, Tree};

/// A node of the coprofile while it is being built: `Some(kids)` for a tuple.
#[derive(Default)]
struct Node {
    /// A basis stride ends here (the node is a coordinate).
    ends: bool,
    kids: Vec<Node>,
}

/// The coprofile tree: leaves are the buckets (their paths, outermost first).
pub type Coprofile = Tree<Vec<u32>>;

/// Check the strides (static basis coefficients, integers only when zero) and build the
/// coprofile of L.
pub fn coprofile(l: &Layout, op: &str) -> Result<Coprofile> {
    for (_, d) in l.leaf_modes() {
        if d.coef == Int::Dyn {
            return Err(Error::algebra(format!(
                "{op}: {} has the dynamic stride {}; the scaled-basis algebra needs static strides",
                print_layout(l),
                crate::text::print_stride(&d)
            )));
        }
        if d.is_int() && !d.is_zero() {
            return Err(Error::algebra(format!(
                "{op}: {} mixes scaled-basis strides with the nonzero integer stride {}; the strides must be all integers or all scaled bases (zero integers allowed)",
                print_layout(l),
                crate::text::print_stride(&d)
            )));
        }
    }
    fn build(n: &Node, path: &mut Vec<u32>) -> Coprofile {
        if n.kids.is_empty() {
            return Tree::Leaf(path.clone());
        }
        Tree::Node(
            n.kids
                .iter()
                .enumerate()
                .map(|(i, k)| {
                    path.push(i as u32);
                    let t = build(k, path);
                    path.pop();
                    t
                })
                .collect(),
        )
    }
    Ok(build(&paths(l, op)?, &mut Vec::new()))
}

/// The trie of the basis paths of L's strides; an error when a path ends where another
/// continues (`1@1` with `1@0@1`: mode 1 of the coordinate would be both an integer and a
/// tuple). Every layout with scaled-basis strides is checked this way when it is made.
fn paths(l: &Layout, op: &str) -> Result<Node> {
    let mut root = Node::default();
    for (_, d) in l.leaf_modes() {
        if d.is_int() {
            continue;
        }
        let mut node = &mut root;
        for (k, &m) in d.basis.iter().enumerate() {
            if node.ends && k > 0 {
                return Err(path_conflict(op, l, &d));
            }
            let m = m as usize;
            if node.kids.len() <= m {
                node.kids.resize_with(m + 1, Node::default);
            }
            node = &mut node.kids[m];
        }
        if !node.kids.is_empty() {
            return Err(path_conflict(op, l, &d));
        }
        node.ends = true;
    }
    Ok(root)
}

/// Check that the basis paths of L agree on their depth (see `paths`).
pub fn check_paths(l: &Layout) -> Result<()> {
    paths(l, "layout").map(|_| ())
}

fn path_conflict(op: &str, l: &Layout, d: &Stride) -> Error {
    Error::algebra(format!(
        "{op}: the scaled-basis paths of {} do not agree on their depth: the basis of {} ends at a mode that another stride continues through (or continues through one where another ends)",
        print_layout(l),
        crate::text::print_stride(d)
    ))
}

/// L_p: L's shape, the coefficient d for the leaves with stride d·e_p, 0 elsewhere (for the
/// empty path: the integer strides).
pub fn project(l: &Layout, p: &[u32]) -> Layout {
    let stride = l.stride.map(&mut |d| {
        if d.basis == p {
            Stride {
                coef: d.coef,
                basis: Vec::new(),
            }
        } else {
            Stride::int(0)
        }
    });
    Layout::raw(l.shape.clone(), stride)
}

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

/// coshape(L): the coprofile with each bucket's extent cosize(|L_p|).
pub fn coshape(l: &Layout) -> Result<IntTuple> {
    fn go(t: &Coprofile, l: &Layout) -> Result<IntTuple> {
        match t {
            Tree::Leaf(p) => {
                let mut hi = 0i64;
                for (s, d) in project(l, p).int_leaves("cosize")? {
                    hi = int::add(hi, int::mul(int::sub(s, 1)?, int::abs(d)?)?)?;
                }
                Ok(IntTuple::lit(int::add(hi, 1)?))
            }
            Tree::Node(v) => Ok(Tree::Node(
                v.iter().map(|k| go(k, l)).collect::<Result<_>>()?,
            )),
        }
    }
    go(&coprofile(l, "cosize")?, l)
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

/// Scale an integer layout's strides by e_p.
fn scale_by_basis(r: Layout, p: &[u32]) -> Layout {
    let stride = r.stride.map(&mut |d| Stride {
        coef: d.coef,
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

/// right_inverse(L) for a scaled-basis L.
pub fn right_inverse(l: &Layout) -> Result<Layout> {
    per_bucket(l, "right_inverse", &mut |_, lp| {
        if reaches(lp) {
            inverse::right_inverse(lp)
        } else {
            Ok(Layout::trivial())
        }
    })
}

/// left_inverse(L) for a scaled-basis L.
pub fn left_inverse(l: &Layout) -> Result<Layout> {
    per_bucket(l, "left_inverse", &mut |_, lp| {
        if reaches(lp) {
            inverse::left_inverse(lp).map_err(|e| {
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

/// logical_product(L, B) = (L, complement(L) o B) for a scaled-basis L and an integer B.
/// When B reads complement(L) past its size (composition extends the last mode), the copies
/// of L at the distinct points of B are checked to be disjoint; CuTe IR returns overlapping
/// copies there (`logical_product((2):(5@0), (2,3):(1,2))`), which we refuse.
pub fn logical_product(l: &Layout, b: &Layout) -> Result<Layout> {
    let c = complement(l).map_err(|e| Error::algebra(format!("logical_product: {e}")))?;
    let rest = crate::ops::composition::compose(&c, b)
        .map_err(|e| Error::algebra(format!("logical_product: {e}")))?;
    if crate::ops::composition::reads_past_domain(&c, b)?.is_some() {
        check_copies_disjoint(l, b, &rest)?;
    }
    Ok(Layout::from_modes(vec![l.clone(), rest]))
}

/// Most points (size(L)·size(B)) of a product checked for disjoint copies.
const COPIES_LIMIT: i64 = 1 << 20;

/// The copies L + rest(j), one per distinct value B(j), must not meet.
fn check_copies_disjoint(l: &Layout, b: &Layout, rest: &Layout) -> Result<()> {
    let (na, nb) = (l.size()?, b.size()?);
    if int::mul(na, nb)? > COPIES_LIMIT {
        return Err(Error::algebra(format!(
            "logical_product: B = {} reads past complement({}) and the product ({} points) is too large to check for overlapping copies (limit {COPIES_LIMIT})",
            print_layout(b),
            print_layout(l),
            int::mul(na, nb)?
        )));
    }
    let cp = coprofile(l, "logical_product")?;
    let buckets: Vec<Layout> = cp.leaves().iter().map(|p| project(l, p)).collect();
    let rests: Vec<Layout> = cp.leaves().iter().map(|p| project(rest, p)).collect();
    let vector =
        |ls: &[Layout], i: i64| -> Result<Vec<i64>> { ls.iter().map(|x| x.eval(i)).collect() };
    let image: std::collections::HashSet<Vec<i64>> = (0..na)
        .map(|i| vector(&buckets, i))
        .collect::<Result<_>>()?;
    // Every point of every copy, flat (`dim` coordinates per point, the copies in order of
    // their first j): a sort finds the repeated points with 8·dim + 4 bytes per point (a set
    // of the points took about 90 bytes per point, 87 MB at the limit).
    let dim = buckets.len().max(1);
    let mut copies: Vec<i64> = Vec::new();
    let mut flat: Vec<i64> = Vec::new();
    let mut seen_b = std::collections::HashSet::new();
    for j in 0..nb {
        if !seen_b.insert(b.eval(j)?) {
            continue;
        }
        copies.push(j);
        let off = vector(&rests, j)?;
        for v in &image {
            for (x, y) in v.iter().zip(&off) {
                flat.push(int::add(*x, *y)?);
            }
            if buckets.is_empty() {
                // No coordinates: every point is the same empty vector; one 0 stands for it.
                flat.push(0);
            }
        }
    }
    let point = |r: usize| &flat[r * dim..(r + 1) * dim];
    let rows = flat.len() / dim;
    let mut order: Vec<u32> = (0..rows as u32).collect();
    order.sort_unstable_by(|&x, &y| point(x as usize).cmp(point(y as usize)).then(x.cmp(&y)));
    // A point met before (an equal point of a lower row): the first such row in the order of
    // the copies names the copy that overlaps an earlier one.
    let first_repeat = order
        .windows(2)
        .filter(|w| point(w[0] as usize) == point(w[1] as usize))
        .map(|w| w[1] as usize)
        .min();
    if let Some(row) = first_repeat {
        let j = copies[row / image.len()];
        return Err(Error::algebra(format!(
            "logical_product: the copy of {} at B({j}) = {} overlaps another copy: B reads complement(L) past its size, and the extension along its last mode lands on L's own points",
            print_layout(l),
            b.eval(j)?
        )));
    }
    Ok(())
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

/// composition with a scaled-basis A and an integer B: R(c) = A(B(c)) holds as vectors iff it
/// holds for every basis coordinate, R_p(c) = A_p(B(c)) (the integer strides, if any, form
/// their own coordinate). Each projection is checked as an integer composition (exactly on
/// small domains, else on a sample), so a carry between modes of A that CuTe's rule does not
/// see (`(5,1,2,1):(1@0,10@0,1@1,4@1) o (2,3):(1,2)` reads 5@0 where A(5) = 1@1) is an error.
pub(crate) fn check_composition(a: &Layout, b: &Layout, r: &Layout) -> Result<()> {
    let mut paths: Vec<Vec<u32>> = a.leaf_modes().into_iter().map(|(_, d)| d.basis).collect();
    paths.sort();
    paths.dedup();
    for p in &paths {
        crate::ops::composition::check_composition(&project(a, p), b, &project(r, p)).map_err(
            |e| {
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
            },
        )?;
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

#[cfg(test)]
mod tests {
    use super::check_copies_disjoint;
    use crate::text::parse_layout;

    fn check(l: &str, b: &str, rest: &str) -> Result<(), String> {
        let p = |t: &str| parse_layout(t).unwrap();
        check_copies_disjoint(&p(l), &p(b), &p(rest)).map_err(|e| e.to_string())
    }

    #[test]
    fn copies_that_meet_name_the_first_copy_that_overlaps() {
        // L = {0, 1} along @0; copy j sits at j@0: copy 1 = {1, 2} meets copy 0 at 1.
        let err = check("2:1@0", "4:1", "4:1@0").unwrap_err();
        assert!(
            err.contains("the copy of 2:1@0 at B(1) = 1 overlaps another copy"),
            "{err}"
        );
        // Copies at 0, 3, 6, 9 of {0, 1, 2, 3}: copy 1 = {3..6} meets copy 0 at 3.
        let err = check("4:1@0", "4:1", "4:3@0").unwrap_err();
        assert!(err.contains("at B(1) = 1"), "{err}");
        // Two coordinates: copies apart along @1 never meet; along @0 by 1 they do (copy 2
        // is the first to meet an earlier one when the first step is along @1).
        assert!(check("(2,2):(1@0,1@1)", "4:1", "4:2@1").is_ok());
        let err = check("(2,2):(1@0,1@1)", "(2,2):(1,2)", "(2,2):(2@1,1@0)").unwrap_err();
        assert!(err.contains("at B(2) = 2"), "{err}");
    }

    #[test]
    fn disjoint_copies_and_repeated_values_of_b_pass() {
        assert!(check("2:1@0", "4:1", "4:2@0").is_ok());
        // B(0) = B(1): one copy per distinct value of B.
        assert!(check("2:1@0", "(2,2):(0,1)", "(2,2):(0,2@0)").is_ok());
    }
}
