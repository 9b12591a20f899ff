//! Hierarchical tuples: a leaf or a (possibly empty) list of tuples. Shapes, strides and
//! coordinates are all trees of this kind.

use crate::error::{Error, Result};
use crate::int::{self, Int};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Tree<T> {
    Leaf(T),
    Node(Vec<Tree<T>>),
}

/// An integer tuple (shapes and coordinates).
pub type IntTuple = Tree<Int>;

impl<T: Clone> Tree<T> {
    pub fn is_leaf(&self) -> bool {
        matches!(self, Tree::Leaf(_))
    }
    /// Number of top-level modes (a leaf has rank 1).
    pub fn rank(&self) -> usize {
        match self {
            Tree::Leaf(_) => 1,
            Tree::Node(v) => v.len(),
        }
    }
    /// Nesting depth: 0 for a leaf, 1 + max depth of the children for a tuple.
    pub fn depth(&self) -> usize {
        match self {
            Tree::Leaf(_) => 0,
            Tree::Node(v) => 1 + v.iter().map(|t| t.depth()).max().unwrap_or(0),
        }
    }
    /// The i-th top-level mode (a leaf is its own mode 0).
    pub fn mode(&self, i: usize) -> Option<&Tree<T>> {
        match self {
            Tree::Leaf(_) if i == 0 => Some(self),
            Tree::Leaf(_) => None,
            Tree::Node(v) => v.get(i),
        }
    }
    /// The modes as a list (a leaf is a list of one).
    pub fn modes(&self) -> Vec<Tree<T>> {
        match self {
            Tree::Leaf(_) => vec![self.clone()],
            Tree::Node(v) => v.clone(),
        }
    }
    /// Follow a path of mode indices.
    pub fn at_path(&self, path: &[usize]) -> Option<&Tree<T>> {
        let mut t = self;
        for &i in path {
            t = t.mode(i)?;
        }
        Some(t)
    }
    /// Leaves in order (colexicographic = left to right).
    pub fn leaves(&self) -> Vec<T> {
        let mut out = Vec::new();
        self.for_each_leaf(&mut |x| out.push(x.clone()));
        out
    }
    pub fn for_each_leaf<F: FnMut(&T) + ?Sized>(&self, f: &mut F) {
        match self {
            Tree::Leaf(x) => f(x),
            Tree::Node(v) => v.iter().for_each(|t| t.for_each_leaf(f)),
        }
    }
    pub fn map<U>(&self, f: &mut dyn FnMut(&T) -> U) -> Tree<U> {
        match self {
            Tree::Leaf(x) => Tree::Leaf(f(x)),
            Tree::Node(v) => Tree::Node(v.iter().map(|t| t.map(f)).collect()),
        }
    }
    pub fn try_map<U>(&self, f: &mut dyn FnMut(&T) -> Result<U>) -> Result<Tree<U>> {
        Ok(match self {
            Tree::Leaf(x) => Tree::Leaf(f(x)?),
            Tree::Node(v) => Tree::Node(v.iter().map(|t| t.try_map(f)).collect::<Result<_>>()?),
        })
    }
    /// Depth-1 tuple of the leaves; a leaf stays a leaf.
    pub fn flatten(&self) -> Tree<T> {
        match self {
            Tree::Leaf(_) => self.clone(),
            Tree::Node(_) => Tree::Node(self.leaves().into_iter().map(Tree::Leaf).collect()),
        }
    }
    /// Same tree structure (leaves against leaves, tuples of equal rank).
    pub fn congruent<U: Clone>(&self, other: &Tree<U>) -> bool {
        match (self, other) {
            (Tree::Leaf(_), Tree::Leaf(_)) => true,
            (Tree::Node(a), Tree::Node(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }
    /// A tuple of the given modes, unwrapped to the single mode when there is only one.
    pub fn unwrap_one(mut v: Vec<Tree<T>>) -> Tree<T> {
        if v.len() == 1 {
            v.pop().unwrap()
        } else {
            Tree::Node(v)
        }
    }
    /// Rebuild a tree with the structure of `profile` from a flat list of leaves.
    pub fn unflatten<U: Clone>(leaves: &[T], profile: &Tree<U>) -> Tree<T> {
        let mut it = leaves.iter();
        profile.map(&mut |_| it.next().expect("unflatten: profile size").clone())
    }
    /// Count of leaves.
    pub fn leaf_count(&self) -> usize {
        match self {
            Tree::Leaf(_) => 1,
            Tree::Node(v) => v.iter().map(|t| t.leaf_count()).sum(),
        }
    }
}

impl IntTuple {
    pub fn lit(v: i64) -> IntTuple {
        Tree::Leaf(Int::Lit(v))
    }
    pub fn tuple(v: Vec<IntTuple>) -> IntTuple {
        Tree::Node(v)
    }
    /// Static leaves, or an error naming `what`.
    pub fn values(&self, what: &str) -> Result<Vec<i64>> {
        self.leaves().into_iter().map(|x| x.get(what)).collect()
    }
    /// Product of all leaves (an empty tuple has product 1).
    pub fn product(&self) -> Result<i64> {
        match self {
            Tree::Leaf(x) => x.get("size"),
            Tree::Node(v) => v.iter().try_fold(1i64, |p, t| int::mul(p, t.product()?)),
        }
    }
    /// The product with C++'s arithmetic: static when every leaf is (crate::int).
    pub fn product_int(&self) -> Result<Int> {
        let mut p = Int::Lit(1);
        for x in self.leaves() {
            p = p.mul(&x)?;
        }
        Ok(p)
    }
    pub fn is_static(&self) -> bool {
        match self {
            Tree::Leaf(x) => x.is_static(),
            Tree::Node(v) => v.iter().all(|t| t.is_static()),
        }
    }
    /// The tuple as a single static integer, if it is a leaf.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Tree::Leaf(Int::Lit(v)) => Some(*v),
            _ => None,
        }
    }
}

/// Append the canonical text of a tree: a leaf by `leaf`, a tuple as `(a,b,...)` (no spaces).
pub(crate) fn push_tree<T, F: Fn(&mut String, &T)>(out: &mut String, t: &Tree<T>, leaf: &F) {
    match t {
        Tree::Leaf(x) => leaf(out, x),
        Tree::Node(v) => {
            out.push('(');
            for (i, c) in v.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_tree(out, c, leaf);
            }
            out.push(')');
        }
    }
}

/// The canonical text of an integer tuple: `(2,(4,?))`.
pub fn print_int_tuple(t: &IntTuple) -> String {
    let mut s = String::new();
    push_tree(&mut s, t, &int::push_int);
    s
}

/// Check that every leaf of a shape is a positive extent.
pub fn check_shape(shape: &IntTuple) -> Result<()> {
    let mut bad = None;
    shape.for_each_leaf(&mut |x| {
        if let Int::Lit(v) = x {
            if *v <= 0 && bad.is_none() {
                bad = Some(*v);
            }
        }
    });
    match bad {
        Some(v) => Err(Error::algebra(format!("shape extent {v} is not positive"))),
        None => Ok(()),
    }
}

/// Split a linear index into a coordinate congruent to `shape` (colexicographic; the last
/// leaf absorbs anything past the size).
pub fn idx2crd(idx: i64, shape: &IntTuple) -> Result<IntTuple> {
    fn go(idx: i64, shape: &IntTuple, last: bool) -> Result<(IntTuple, i64)> {
        match shape {
            Tree::Leaf(s) => {
                let s = s.get("idx2crd")?;
                if last {
                    Ok((IntTuple::lit(idx), 0))
                } else {
                    Ok((IntTuple::lit(idx % s), idx / s))
                }
            }
            Tree::Node(v) => {
                let mut out = Vec::with_capacity(v.len());
                let mut rest = idx;
                for (i, m) in v.iter().enumerate() {
                    let (c, r) = go(rest, m, last && i + 1 == v.len())?;
                    out.push(c);
                    rest = r;
                }
                Ok((Tree::Node(out), rest))
            }
        }
    }
    Ok(go(idx, shape, true)?.0)
}

/// Colexicographic linear index of a coordinate in a shape (the inverse of idx2crd).
/// A leaf coordinate against a tuple shape is already linear.
pub fn crd2lin(crd: &IntTuple, shape: &IntTuple) -> Result<i64> {
    match (crd, shape) {
        (Tree::Leaf(c), _) => c.get("coordinate"),
        (Tree::Node(cs), Tree::Node(ss)) if cs.len() == ss.len() => {
            let mut idx = 0i64;
            let mut scale = 1i64;
            for (c, s) in cs.iter().zip(ss) {
                idx = int::add(idx, int::mul(crd2lin(c, s)?, scale)?)?;
                scale = int::mul(scale, s.product()?)?;
            }
            Ok(idx)
        }
        _ => Err(Error::algebra(format!(
            "coordinate {} is not congruent to shape {}",
            print_int_tuple(crd),
            print_int_tuple(shape)
        ))),
    }
}
