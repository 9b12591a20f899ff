//! Shape:stride layouts: functions from coordinates to offsets,
//! L(c) = sum_i c_i * d_i over the leaves, with coordinates split colexicographically.

use crate::coprofile;
use crate::error::{Error, Result};
use crate::int::{self, Int};
use crate::stride::{int_leaf_pairs, print_stride_tuple, push_stride, Stride, StrideTuple};
use crate::tuple::{check_shape, print_int_tuple, push_tree, IntTuple, Tree};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    pub shape: IntTuple,
    pub stride: StrideTuple,
}

impl Layout {
    /// A layout from congruent shape and stride trees with positive extents.
    pub fn new(shape: IntTuple, stride: StrideTuple) -> Result<Layout> {
        if !shape.congruent(&stride) {
            return Err(Error::algebra(format!(
                "shape {} and stride {} are not congruent",
                print_int_tuple(&shape),
                print_stride_tuple(&stride)
            )));
        }
        check_shape(&shape)?;
        let l = Layout { shape, stride };
        if l.stride.has_basis() {
            coprofile::check_paths_of(&l.shape, &l.stride)?;
        }
        Ok(l)
    }
    /// Constructor for trusted inputs built by the algebra itself.
    pub(crate) fn raw(shape: IntTuple, stride: StrideTuple) -> Layout {
        debug_assert!(shape.congruent(&stride));
        Layout { shape, stride }
    }
    /// `s:d` with integer s, d.
    pub fn leaf(s: i64, d: i64) -> Layout {
        Layout::raw(IntTuple::lit(s), StrideTuple::int(d))
    }
    /// Flat layout from lists of integer shapes and strides (a tuple even for one mode).
    pub fn flat(shape: &[i64], stride: &[i64]) -> Layout {
        Layout::raw(
            Tree::Node(shape.iter().map(|&s| IntTuple::lit(s)).collect()),
            StrideTuple::ints(stride),
        )
    }
    /// Layout from modes (unwrapped when there is a single mode).
    pub fn from_modes_unwrapped(modes: Vec<Layout>) -> Layout {
        let (s, d) = split_modes(modes);
        Layout::raw(Tree::unwrap_one(s), Tree::unwrap_one(d))
    }
    /// A single part stays itself (a nested tiler's part is already a tuple); several parts
    /// form a tuple.
    pub fn from_modes_unwrapped_keep(modes: Vec<Layout>) -> Layout {
        if modes.len() == 1 {
            modes.into_iter().next().unwrap()
        } else {
            Layout::from_modes(modes)
        }
    }
    /// Layout whose top-level modes are the given layouts (always a tuple).
    pub fn from_modes(modes: Vec<Layout>) -> Layout {
        let (s, d) = split_modes(modes);
        Layout::raw(Tree::Node(s), Tree::Node(d))
    }
    /// The trivial layout `1:0`.
    pub fn trivial() -> Layout {
        Layout::leaf(1, 0)
    }
    /// Column-major compact layout of a shape; static size-1 leaves get stride 0 (CuTe).
    pub fn compact(shape: &IntTuple) -> Result<Layout> {
        let stride = compact_strides(shape, 1)?;
        Layout::new(shape.clone(), stride)
    }

    pub fn rank(&self) -> usize {
        self.shape.rank()
    }
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }
    pub fn size(&self) -> Result<i64> {
        self.shape.product()
    }
    /// The i-th mode as a layout.
    pub fn mode(&self, i: usize) -> Result<Layout> {
        match (self.shape.mode(i), self.stride.mode(i)) {
            (Some(s), Some(d)) => Ok(Layout::raw(s.clone(), d.clone())),
            _ => Err(Error::algebra(format!(
                "mode {i} is out of range for a rank-{} layout",
                self.rank()
            ))),
        }
    }
    pub fn modes(&self) -> Vec<Layout> {
        self.shape
            .modes()
            .into_iter()
            .zip(self.stride.modes())
            .map(|(s, d)| Layout::raw(s, d))
            .collect()
    }
    /// The top-level modes, taking the layout apart (a leaf is its own single mode).
    pub fn into_modes(self) -> Vec<Layout> {
        match (self.shape, self.stride) {
            (Tree::Node(ss), Tree::Node(ds)) => ss
                .into_iter()
                .zip(ds)
                .map(|(s, d)| Layout::raw(s, d))
                .collect(),
            (s, d) => vec![Layout::raw(s, d)],
        }
    }
    /// (extent, stride) of every leaf, in order.
    pub fn leaf_modes(&self) -> Vec<(Int, Stride)> {
        fn go(s: &IntTuple, d: &StrideTuple, out: &mut Vec<(Int, Stride)>) {
            match (s, d) {
                (Tree::Leaf(x), Tree::Leaf(y)) => out.push((x.clone(), y.clone())),
                (Tree::Node(xs), Tree::Node(ys)) => {
                    xs.iter().zip(ys).for_each(|(x, y)| go(x, y, out));
                }
                _ => unreachable!("a layout's shape and stride are congruent"),
            }
        }
        let mut out = Vec::with_capacity(8);
        go(&self.shape, &self.stride, &mut out);
        out
    }
    /// The position, in leaf order, of the leaf of the shape at the mode path `path` (a
    /// leaf mode is its own mode 0); `what` names the caller in errors.
    pub fn leaf_position(&self, path: &[i64], what: &str) -> Result<usize> {
        let mut t = &self.shape;
        let mut before = 0usize;
        for (depth, &i) in path.iter().enumerate() {
            let k = usize::try_from(i)
                .map_err(|_| Error::algebra(format!("{what}: negative mode index {i}")))?;
            match t {
                Tree::Node(v) if k < v.len() => {
                    before += v[..k].iter().map(|m| m.leaf_count()).sum::<usize>();
                    t = &v[k];
                }
                Tree::Leaf(_) if k == 0 => {}
                _ => {
                    return Err(Error::algebra(format!(
                        "{what}: mode {:?} is out of range for the shape {}",
                        &path[..=depth],
                        print_int_tuple(&self.shape)
                    )))
                }
            }
        }
        if !t.is_leaf() {
            return Err(Error::algebra(format!(
                "{what}: mode {path:?} of the shape {} is the tuple {}, not a leaf",
                print_int_tuple(&self.shape),
                print_int_tuple(t)
            )));
        }
        Ok(before)
    }
    /// The layout whose shape and stride have the tree of `self`, with its k-th leaf mode
    /// (s_k, d_k) replaced by the layout `f(k, s_k, d_k)` (CuTe's transform over the leaves of
    /// B that composition does: `R = (A o s_0:d_0, A o s_1:d_1, ...)` with B's profile).
    pub fn map_leaf_modes(
        &self,
        f: &mut dyn FnMut(usize, &Int, &Stride) -> Result<Layout>,
    ) -> Result<Layout> {
        fn go(
            s: &IntTuple,
            d: &StrideTuple,
            k: &mut usize,
            f: &mut dyn FnMut(usize, &Int, &Stride) -> Result<Layout>,
        ) -> Result<Layout> {
            match (s, d) {
                (Tree::Node(ss), Tree::Node(ds)) => {
                    let mut shape = Vec::with_capacity(ss.len());
                    let mut stride = Vec::with_capacity(ss.len());
                    for (si, di) in ss.iter().zip(ds) {
                        let m = go(si, di, k, f)?;
                        shape.push(m.shape);
                        stride.push(m.stride);
                    }
                    Ok(Layout::raw(Tree::Node(shape), Tree::Node(stride)))
                }
                (Tree::Leaf(x), Tree::Leaf(y)) => {
                    let i = *k;
                    *k += 1;
                    f(i, x, y)
                }
                _ => Err(Error::algebra(
                    "a layout's shape and stride are not congruent",
                )),
            }
        }
        go(&self.shape, &self.stride, &mut 0, f)
    }
    /// Static integer (extent, stride) pairs of every leaf.
    pub fn int_leaves(&self, what: &str) -> Result<Vec<(i64, i64)>> {
        int_leaf_pairs(&self.shape, &self.stride, what)
    }
    pub fn flatten(&self) -> Layout {
        Layout::raw(self.shape.flatten(), self.stride.flatten())
    }
    pub fn is_static(&self) -> bool {
        // Walks the strides in place (no copy of the leaves): the verifier of every composition
        // and the contracts of every call ask.
        let mut strides_static = true;
        self.stride
            .for_each_leaf(&mut |d| strides_static &= d.coef.is_static());
        self.shape.is_static() && strides_static
    }

    /// Whether some leaf (extent or stride) is a runtime value.
    pub fn has_runtime_leaf(&self) -> bool {
        !self.is_static()
    }
    /// size(L) with C++'s arithmetic: static when every extent is (crate::int).
    pub fn size_int(&self) -> Result<Int> {
        let mut p = Int::Lit(1);
        for x in self.shape.leaves() {
            p = p.mul(&x)?;
        }
        Ok(p)
    }
    /// cosize(L) = sum_i (s_i - 1)·|d_i| + 1 with C++'s arithmetic (integer strides).
    pub fn cosize_int(&self) -> Result<Int> {
        let mut hi = Int::Lit(1);
        for (s, d) in self.leaf_modes() {
            if !d.is_int() {
                return Err(Error::algebra(format!(
                    "cosize of {} with runtime leaves needs integer strides",
                    print_layout(self)
                )));
            }
            hi = hi.add(&s.add(&Int::Lit(-1))?.mul(&d.coef.abs()?)?)?;
        }
        Ok(hi)
    }
    /// The layout with the runtime conditions `conds` recorded (crate::sym): they go into the
    /// first runtime leaf, so that evaluating the layout for values checks them. A condition
    /// that is statically false is an error; a runtime one on a layout without runtime
    /// leaves cannot be checked there, so it is refused with the condition.
    pub fn with_conditions(self, conds: Vec<(Int, String)>, op: &str) -> Result<Layout> {
        let mut pending: Vec<(Int, String)> = Vec::new();
        for (c, what) in conds {
            match c {
                Int::Lit(0) => return Err(Error::algebra(what)),
                Int::Lit(_) => {}
                c => pending.push((c, what)),
            }
        }
        if pending.is_empty() {
            return Ok(self);
        }
        let mut pending = Some(pending);
        let mut attach = |x: &Int| -> Result<Int> {
            match (x, pending.take()) {
                (Int::Dyn(_), Some(ps)) => {
                    let mut v = x.clone();
                    for (c, what) in ps {
                        v = v.check(&c, &|| what.clone())?;
                    }
                    Ok(v)
                }
                (_, p) => {
                    pending = p;
                    Ok(x.clone())
                }
            }
        };
        let shape = self.shape.try_map(&mut attach)?;
        let stride = self.stride.try_map(&mut |d| {
            Ok(Stride {
                coef: attach(&d.coef)?,
                basis: d.basis.clone(),
            })
        })?;
        if let Some(ps) = pending {
            return Err(Error::algebra(format!(
                "{op}: the result {} has no runtime leaf to check the runtime condition {} on ({})",
                print_layout(&self),
                ps[0].0.sym().text(),
                ps[0].1
            )));
        }
        Ok(Layout::raw(shape, stride))
    }
    /// The runtime conditions recorded in the leaves (crate::sym), each once.
    pub fn conditions(&self) -> Vec<(Int, String)> {
        let mut out = Vec::new();
        for (s, d) in self.leaf_modes() {
            crate::sym::conditions(&s.sym(), &mut out);
            crate::sym::conditions(&d.coef.sym(), &mut out);
        }
        out.into_iter()
            .map(|(c, w)| (Int::Dyn(c), w.to_string()))
            .collect()
    }

    /// L(i) for a linear index i (the last leaf absorbs indices past the size).
    pub fn eval(&self, idx: i64) -> Result<i64> {
        let leaves = self.int_leaves("evaluation")?;
        eval_leaves(&leaves, idx)
    }
    /// L(c) for a hierarchical coordinate (each sub-coordinate may be linear for its mode).
    pub fn eval_crd(&self, crd: &IntTuple) -> Result<i64> {
        crd2idx(crd, &self.shape, &self.stride)
    }
    /// The whole function table L(0..size).
    pub fn table(&self, limit: i64) -> Result<Vec<i64>> {
        let n = self.size()?;
        if n > limit {
            return Err(Error::algebra(format!(
                "evaluation table of {n} points exceeds the limit of {limit}"
            )));
        }
        let leaves = self.int_leaves("evaluation")?;
        table_leaves(&leaves, n)
    }
    /// cosize = L_|d|(size - 1) + 1: one past the largest offset (with |strides|).
    pub fn cosize(&self) -> Result<i64> {
        if self.stride.has_basis() {
            return coprofile::coshape_of(&self.shape, &self.stride)?.product();
        }
        let leaves = self.int_leaves("cosize")?;
        let mut hi = 0i64;
        for (s, d) in leaves {
            hi = int::add(hi, int::mul(int::sub(s, 1)?, int::abs(d)?)?)?;
        }
        int::add(hi, 1)
    }
}

/// Evaluate a flat list of (extent, stride) at a linear index, last leaf absorbing the rest.
pub fn eval_leaves(leaves: &[(i64, i64)], idx: i64) -> Result<i64> {
    let mut rest = idx;
    let mut off = 0i64;
    for (k, &(s, d)) in leaves.iter().enumerate() {
        let c = if k + 1 == leaves.len() {
            rest
        } else {
            rest % s
        };
        rest /= s;
        off = int::add(off, int::mul(c, d)?)?;
    }
    Ok(off)
}

/// The shapes and the strides of a list of layouts.
fn split_modes(modes: Vec<Layout>) -> (Vec<IntTuple>, Vec<StrideTuple>) {
    let mut s = Vec::with_capacity(modes.len());
    let mut d = Vec::with_capacity(modes.len());
    for l in modes {
        s.push(l.shape);
        d.push(l.stride);
    }
    (s, d)
}

/// L(0..n) by an odometer over the leaves (one add per point, a reset per carry). Every
/// partial sum is bounded by sum_i s_i |d_i| (checked first), so none can overflow.
pub fn table_leaves(leaves: &[(i64, i64)], n: i64) -> Result<Vec<i64>> {
    let mut out = Vec::with_capacity(n.max(0) as usize);
    for_each_leaves(leaves, n, |off| {
        out.push(off);
        Ok(())
    })?;
    Ok(out)
}

/// Call `f` with L(0), ..., L(n - 1) in order, without storing them (the odometer of
/// `table_leaves`).
pub fn for_each_leaves(
    leaves: &[(i64, i64)],
    n: i64,
    mut f: impl FnMut(i64) -> Result<()>,
) -> Result<()> {
    let mut bound = 0i64;
    for &(s, d) in leaves {
        bound = int::add(bound, int::mul(s, int::abs(d)?)?)?;
    }
    if let Some(&(s, d)) = leaves.last() {
        // The last leaf absorbs indices past its extent: bound its largest coordinate too.
        let inner: i64 = leaves[..leaves.len() - 1]
            .iter()
            .try_fold(1i64, |p, &(s, _)| int::mul(p, s))?;
        let last = int::ceil_div(n.max(1), inner)?;
        int::add(bound, int::mul(last.max(s), int::abs(d)?)?)?;
    }
    if leaves.iter().any(|&(s, _)| s <= 0) {
        return Err(Error::algebra(
            "evaluation of a layout with a non-positive extent",
        ));
    }
    let mut crd = vec![0i64; leaves.len()];
    let mut off = 0i64;
    for _ in 0..n {
        f(off)?;
        for (k, &(s, d)) in leaves.iter().enumerate() {
            crd[k] += 1;
            off += d;
            if crd[k] < s || k + 1 == leaves.len() {
                break;
            }
            off -= s * d;
            crd[k] = 0;
        }
    }
    Ok(())
}

/// CuTe's crd2idx: a leaf coordinate against a tuple shape is split colexicographically.
pub fn crd2idx(crd: &IntTuple, shape: &IntTuple, stride: &StrideTuple) -> Result<i64> {
    match (crd, shape, stride) {
        (Tree::Leaf(c), Tree::Leaf(_), Tree::Leaf(d)) => {
            int::mul(c.get("crd2idx")?, d.value("crd2idx")?)
        }
        (Tree::Leaf(c), Tree::Node(_), _) => {
            Layout::raw(shape.clone(), stride.clone()).eval(c.get("crd2idx")?)
        }
        (Tree::Node(cs), Tree::Node(ss), Tree::Node(ds)) if cs.len() == ss.len() => {
            let mut off = 0i64;
            for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
                off = int::add(off, crd2idx(c, s, d)?)?;
            }
            Ok(off)
        }
        _ => Err(Error::algebra(format!(
            "coordinate {} is not congruent to shape {}",
            print_int_tuple(crd),
            print_int_tuple(shape)
        ))),
    }
}

/// Column-major compact strides starting at `start`; static size-1 leaves get stride 0.
/// After a dynamic extent the running product (and so every later stride) is dynamic.
pub fn compact_strides(shape: &IntTuple, start: i64) -> Result<StrideTuple> {
    let mut cur = Int::Lit(start);
    shape.try_map(&mut |s| {
        let d = match s {
            Int::Lit(1) => return Ok(Stride::int(0)),
            _ => cur.clone(),
        };
        cur = cur.mul(s)?;
        Ok(Stride {
            coef: d,
            basis: Vec::new(),
        })
    })
}

/// The canonical text of a layout: `shape:stride`, `(2,4):(1,2)`.
pub fn print_layout(l: &Layout) -> String {
    let mut s = String::with_capacity(32);
    push_tree(&mut s, &l.shape, &int::push_int);
    s.push(':');
    push_tree(&mut s, &l.stride, &push_stride);
    s
}
