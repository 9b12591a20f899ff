//! The coprofile of scaled-basis strides (CuTe IR), read from the shape and stride trees of
//! a layout L (the layout-level forms are in `scaled_basis`; `Layout::new` checks the paths
//! and `Layout::cosize` measures the coshape with these).
//!
//! - The **coprofile** P is the tuple tree of the coordinate space: the union of the paths of
//!   all basis strides (`1@0` and `1@1@2` give P = (_,_,(_,_))). A path that ends where
//!   another continues (`1@1` and `1@0@1`) has no coprofile and is an error. The leaves of P
//!   are the **buckets**; bucket p holds the leaves of L whose stride is d·e_p.
//! - The **projection** L_p has L's shape and the stride d for the leaves of bucket p, 0
//!   elsewhere.
//! - coshape(L) = P with the bucket extents cosize(|L_p|) = sum (s-1)|d| + 1.

use crate::error::{Error, Result};
use crate::int;
use crate::stride::{int_leaf_pairs, print_stride, print_stride_tuple, Stride, StrideTuple};
use crate::tuple::{print_int_tuple, IntTuple, Tree};

/// A node of the coprofile while it is being built: `Some(kids)` for a tuple.
#[derive(Default)]
struct Node {
    /// A basis stride ends here (the node is a coordinate).
    ends: bool,
    kids: Vec<Node>,
}

/// The coprofile tree: leaves are the buckets (their paths, outermost first).
pub type Coprofile = Tree<Vec<u32>>;

/// The layout `shape:stride` as `print_layout` writes it (for the error messages).
fn layout_text(shape: &IntTuple, stride: &StrideTuple) -> String {
    format!("{}:{}", print_int_tuple(shape), print_stride_tuple(stride))
}

/// Check the strides (static basis coefficients, integers only when zero) and build the
/// coprofile of L = shape:stride.
pub fn coprofile_of(shape: &IntTuple, stride: &StrideTuple, op: &str) -> Result<Coprofile> {
    for d in stride.leaves() {
        if !d.coef.is_static() {
            return Err(Error::algebra(format!(
                "{op}: {} has the dynamic stride {}; the scaled-basis algebra needs static strides",
                layout_text(shape, stride),
                print_stride(&d)
            )));
        }
        if d.is_int() && !d.is_zero() {
            return Err(Error::algebra(format!(
                "{op}: {} mixes scaled-basis strides with the nonzero integer stride {}; the strides must be all integers or all scaled bases (zero integers allowed)",
                layout_text(shape, stride),
                print_stride(&d)
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
    let cp = build(&paths(shape, stride, op)?, &mut Vec::new());
    let n = cp.leaves().len();
    if n > MAX_COPROFILE_MODES {
        return Err(Error::algebra(format!(
            "{op}: the scaled-basis strides of {} span a coordinate of {n} modes, more than the {MAX_COPROFILE_MODES} the scaled-basis operations take (their work grows with the modes)",
            layout_text(shape, stride)
        )));
    }
    Ok(cp)
}

/// Most leaves of a coprofile (modes of the coordinate a scaled-basis layout maps to) that the
/// scaled-basis operations take: they project the layout onto each, so their work is about
/// size x modes (a basis index of 56056 made `tile_to_shape(1:2@56056, (4,8))` take a second).
pub const MAX_COPROFILE_MODES: usize = 1024;

/// The trie of the basis paths of L's strides; an error when a path ends where another
/// continues (`1@1` with `1@0@1`: mode 1 of the coordinate would be both an integer and a
/// tuple). Every layout with scaled-basis strides is checked this way when it is made.
fn paths(shape: &IntTuple, stride: &StrideTuple, op: &str) -> Result<Node> {
    let mut root = Node::default();
    for d in stride.leaves() {
        if d.is_int() {
            continue;
        }
        let mut node = &mut root;
        for (k, &m) in d.basis.iter().enumerate() {
            if node.ends && k > 0 {
                return Err(path_conflict(op, shape, stride, &d));
            }
            let m = m as usize;
            if node.kids.len() <= m {
                node.kids.resize_with(m + 1, Node::default);
            }
            node = &mut node.kids[m];
        }
        if !node.kids.is_empty() {
            return Err(path_conflict(op, shape, stride, &d));
        }
        node.ends = true;
    }
    Ok(root)
}

/// Check that the basis paths of L = shape:stride agree on their depth (see `paths`).
pub fn check_paths_of(shape: &IntTuple, stride: &StrideTuple) -> Result<()> {
    paths(shape, stride, "layout").map(|_| ())
}

fn path_conflict(op: &str, shape: &IntTuple, stride: &StrideTuple, d: &Stride) -> Error {
    Error::algebra(format!(
        "{op}: the scaled-basis paths of {} do not agree on their depth: the basis of {} ends at a mode that another stride continues through (or continues through one where another ends)",
        layout_text(shape, stride),
        print_stride(d)
    ))
}

/// The strides of L_p: the coefficient d for the leaves with stride d·e_p, 0 elsewhere (for
/// the empty path: the integer strides).
pub fn project_strides(stride: &StrideTuple, p: &[u32]) -> StrideTuple {
    stride.map(&mut |d| {
        if d.basis == p {
            Stride {
                coef: d.coef.clone(),
                basis: Vec::new(),
            }
        } else {
            Stride::int(0)
        }
    })
}

/// coshape(L): the coprofile with each bucket's extent cosize(|L_p|).
pub fn coshape_of(shape: &IntTuple, stride: &StrideTuple) -> Result<IntTuple> {
    fn go(t: &Coprofile, shape: &IntTuple, stride: &StrideTuple) -> Result<IntTuple> {
        match t {
            Tree::Leaf(p) => {
                let mut hi = 0i64;
                for (s, d) in int_leaf_pairs(shape, &project_strides(stride, p), "cosize")? {
                    hi = int::add(hi, int::mul(int::sub(s, 1)?, int::abs(d)?)?)?;
                }
                Ok(IntTuple::lit(int::add(hi, 1)?))
            }
            Tree::Node(v) => Ok(Tree::Node(
                v.iter()
                    .map(|k| go(k, shape, stride))
                    .collect::<Result<_>>()?,
            )),
        }
    }
    go(&coprofile_of(shape, stride, "cosize")?, shape, stride)
}
