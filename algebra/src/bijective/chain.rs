//! LEGO's layout pieces and chains, with the paper's semantics (Figs. 6 and 7).
//!
//! Canonical bijections (row-major; the first index is the slowest):
//! `B_n(i) = i_1 * n_2 * ... * n_q + ... + i_{q-1} * n_q + i_q`, and
//! `B_n^-1(x) = (x / (n_2...n_q), ..., (x / n_q) % n_{q-1}, x % n_q)`.
//!
//! - `RegP([n], sigma)`: `apply(i) = B_{sigma(n)}(sigma(i))`, `inv(x) = sigma^-1(B^-1_{sigma(n)}(x))`
//!   where `sigma(v) = (v_{sigma_1}, ..., v_{sigma_d})` (1-based in the text).
//! - `GenP([n], f, finv)`: `apply(i) = f(i)`, `inv(x) = finv(x)`; verified bijective.
//! - `OrderBy(P_1, ..., P_q)`: `apply(i) = (...(P_1(i^1)) * |P_2| + P_2(i^2)) ...) * |P_q| + P_q(i^q)`
//!   (outermost piece first; `i^k` the digits of piece k), `inv` peels pieces innermost first
//!   with `% |P_k|` and `/ |P_k|`. `dims` is the concatenation of the pieces' dims.
//! - `O_1. ... .O_v.GroupBy(t_1, ..., t_g)`: `apply(i) = O_1(B^-1_{O_1}(... O_v(B^-1_{O_v}(B_t(i)))))`
//!   (the chain is applied from the right, the OrderBy next to GroupBy first), `inv(x) =
//!   B^-1_t(B_{O_v}(O_v^-1(... B_{O_1}(O_1^-1(x)))))`.
//!
//! The semantics is written once over [`Num`], implemented by `i64` (evaluation, checked) and
//! by [`Expr`] (symbolic index expressions for simplification and code generation).

use std::collections::BTreeMap;

use super::expr::{floor_div, floor_mod, Expr, MAX_EXPR_NODES};
use crate::error::{Error, Result};

/// A GenP piece: a user bijection on a tile and its inverse, as index expressions.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GenP {
    pub dims: Vec<i64>,
    /// Parameter names of `f`, one per tile dimension.
    pub params: Vec<String>,
    pub f: Expr,
    /// Parameter name of `finv`.
    pub inv_param: String,
    /// `finv`'s results, one per tile dimension.
    pub finv: Vec<Expr>,
}

/// A permutation piece of an OrderBy.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Piece {
    /// Dims and a 0-based permutation (`perm[k]` is the logical dim at physical position k).
    RegP {
        dims: Vec<i64>,
        perm: Vec<usize>,
    },
    GenP(GenP),
}

/// A reordering stage: pieces from the outermost level inwards.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OrderBy {
    pub pieces: Vec<Piece>,
}

/// A whole layout: `orders[0]. ... .orders[v-1].GroupBy(groups)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Chain {
    pub orders: Vec<OrderBy>,
    pub groups: Vec<Vec<i64>>,
}

/// Product of extents, checked.
pub fn product(dims: &[i64]) -> Result<i64> {
    dims.iter().try_fold(1i64, |p, &n| {
        p.checked_mul(n)
            .ok_or_else(|| Error::overflow(format!("the size of the tile {dims:?}")))
    })
}

/// Row-major strides of `dims`.
fn strides(dims: &[i64]) -> Result<Vec<i64>> {
    let mut s = vec![1i64; dims.len()];
    for k in (0..dims.len().saturating_sub(1)).rev() {
        s[k] = s[k + 1]
            .checked_mul(dims[k + 1])
            .ok_or_else(|| Error::overflow(format!("the strides of {dims:?}")))?;
    }
    Ok(s)
}

/// Values the semantics computes with: integers (evaluation) or expressions (symbolic).
pub trait Num: Clone {
    fn lit(v: i64) -> Self;
    fn add(&self, o: &Self) -> Result<Self>;
    fn scale(&self, c: i64) -> Result<Self>;
    fn div_c(&self, c: i64) -> Result<Self>;
    fn mod_c(&self, c: i64) -> Result<Self>;
    /// Evaluate (or substitute into) `e` with `names[k] = vals[k]`.
    fn call(e: &Expr, names: &[String], vals: &[Self]) -> Result<Self>;
}

impl Num for i64 {
    fn lit(v: i64) -> Self {
        v
    }
    fn add(&self, o: &Self) -> Result<Self> {
        self.checked_add(*o)
            .ok_or_else(|| Error::overflow("an index sum"))
    }
    fn scale(&self, c: i64) -> Result<Self> {
        self.checked_mul(c)
            .ok_or_else(|| Error::overflow("an index product"))
    }
    fn div_c(&self, c: i64) -> Result<Self> {
        floor_div(*self, c)
    }
    fn mod_c(&self, c: i64) -> Result<Self> {
        floor_mod(*self, c)
    }
    fn call(e: &Expr, names: &[String], vals: &[Self]) -> Result<Self> {
        e.eval_with(&|x| names.iter().position(|n| n == x).map(|k| vals[k]))
    }
}

impl Num for Expr {
    fn lit(v: i64) -> Self {
        Expr::Const(v)
    }
    fn add(&self, o: &Self) -> Result<Self> {
        Ok(match (self, o) {
            (Expr::Const(0), x) | (x, Expr::Const(0)) => x.clone(),
            _ => Expr::add(self.clone(), o.clone()),
        })
    }
    fn scale(&self, c: i64) -> Result<Self> {
        if let Expr::Const(k) = self {
            return k
                .checked_mul(c)
                .map(Expr::Const)
                .ok_or_else(|| Error::overflow("an index product"));
        }
        Ok(match c {
            0 => Expr::Const(0),
            1 => self.clone(),
            _ => Expr::mul(Expr::Const(c), self.clone()),
        })
    }
    fn div_c(&self, c: i64) -> Result<Self> {
        if c == 1 {
            return Ok(self.clone());
        }
        Expr::div(self.clone(), c)
    }
    fn mod_c(&self, c: i64) -> Result<Self> {
        if c == 1 {
            return Ok(Expr::Const(0));
        }
        Expr::rem(self.clone(), c)
    }
    fn call(e: &Expr, names: &[String], vals: &[Self]) -> Result<Self> {
        let mut size = e.size();
        for (n, v) in names.iter().zip(vals) {
            size = size.saturating_add(e.occurrences(n).saturating_mul(v.size()));
        }
        if size > MAX_EXPR_NODES {
            return Err(Error::algebra(format!(
                "the symbolic index expression would have about {size} nodes, more than \
                 {MAX_EXPR_NODES} (a GenP applied to a large argument)"
            )));
        }
        let sub: BTreeMap<String, Expr> = names.iter().cloned().zip(vals.iter().cloned()).collect();
        Ok(e.substitute(&sub))
    }
}

/// `B_dims(idx)`.
pub fn flatten<N: Num>(idx: &[N], dims: &[i64]) -> Result<N> {
    let s = strides(dims)?;
    let mut acc = N::lit(0);
    for (i, st) in idx.iter().zip(s) {
        acc = acc.add(&i.scale(st)?)?;
    }
    Ok(acc)
}

/// `B^-1_dims(x)`: the first digit is `x / stride_0` (no modulo: `x` is in the domain).
pub fn unflatten<N: Num>(x: &N, dims: &[i64]) -> Result<Vec<N>> {
    let s = strides(dims)?;
    let mut out = Vec::with_capacity(dims.len());
    for k in 0..dims.len() {
        let q = x.div_c(s[k])?;
        out.push(if k == 0 { q } else { q.mod_c(dims[k])? });
    }
    Ok(out)
}

impl Piece {
    pub fn dims(&self) -> &[i64] {
        match self {
            Piece::RegP { dims, .. } => dims,
            Piece::GenP(g) => &g.dims,
        }
    }
    pub fn apply<N: Num>(&self, idx: &[N]) -> Result<N> {
        match self {
            Piece::RegP { dims, perm } => {
                let pd: Vec<i64> = perm.iter().map(|&k| dims[k]).collect();
                let pi: Vec<N> = perm.iter().map(|&k| idx[k].clone()).collect();
                flatten(&pi, &pd)
            }
            Piece::GenP(g) => N::call(&g.f, &g.params, idx),
        }
    }
    pub fn inv<N: Num>(&self, x: &N) -> Result<Vec<N>> {
        match self {
            Piece::RegP { dims, perm } => {
                let pd: Vec<i64> = perm.iter().map(|&k| dims[k]).collect();
                let digits = unflatten(x, &pd)?;
                let mut out = vec![N::lit(0); dims.len()];
                for (pos, &k) in perm.iter().enumerate() {
                    out[k] = digits[pos].clone();
                }
                Ok(out)
            }
            Piece::GenP(g) => g
                .finv
                .iter()
                .map(|e| {
                    N::call(
                        e,
                        std::slice::from_ref(&g.inv_param),
                        std::slice::from_ref(x),
                    )
                })
                .collect(),
        }
    }
}

impl OrderBy {
    pub fn dims(&self) -> Vec<i64> {
        self.pieces
            .iter()
            .flat_map(|p| p.dims().iter().copied())
            .collect()
    }
    pub fn apply<N: Num>(&self, idx: &[N]) -> Result<N> {
        let mut acc = N::lit(0);
        let mut at = 0;
        for p in &self.pieces {
            let d = p.dims().len();
            let cur = p.apply(&idx[at..at + d])?;
            acc = acc.scale(product(p.dims())?)?.add(&cur)?;
            at += d;
        }
        Ok(acc)
    }
    pub fn inv<N: Num>(&self, x: &N) -> Result<Vec<N>> {
        let mut out: Vec<Vec<N>> = Vec::with_capacity(self.pieces.len());
        let mut rest = x.clone();
        for (k, p) in self.pieces.iter().enumerate().rev() {
            let size = product(p.dims())?;
            // The outermost piece takes the whole remaining quotient (x is in the domain).
            let cur = if k == 0 {
                rest.clone()
            } else {
                rest.mod_c(size)?
            };
            out.push(p.inv(&cur)?);
            if k > 0 {
                rest = rest.div_c(size)?;
            }
        }
        out.reverse();
        Ok(out.into_iter().flatten().collect())
    }
}

impl Chain {
    /// The logical dims (the GroupBy tiles, concatenated).
    pub fn dims(&self) -> Vec<i64> {
        self.groups.iter().flatten().copied().collect()
    }
    /// Number of elements.
    pub fn size(&self) -> Result<i64> {
        product(&self.dims())
    }
    /// Logical index -> physical offset.
    pub fn apply_sym<N: Num>(&self, idx: &[N]) -> Result<N> {
        let mut x = flatten(idx, &self.dims())?;
        for o in self.orders.iter().rev() {
            let digits = unflatten(&x, &o.dims())?;
            x = o.apply(&digits)?;
        }
        Ok(x)
    }
    /// Physical offset -> logical index.
    pub fn inv_sym<N: Num>(&self, x: &N) -> Result<Vec<N>> {
        let mut x = x.clone();
        for o in &self.orders {
            let digits = o.inv(&x)?;
            x = flatten(&digits, &o.dims())?;
        }
        unflatten(&x, &self.dims())
    }
    /// `apply` at an integer index, which must lie in the logical domain.
    pub fn apply(&self, idx: &[i64]) -> Result<i64> {
        let dims = self.dims();
        if idx.len() != dims.len() {
            return Err(Error::algebra(format!(
                "lego apply: the layout has {} logical dims {dims:?}, the index has {} components",
                dims.len(),
                idx.len()
            )));
        }
        for (k, (&i, &n)) in idx.iter().zip(&dims).enumerate() {
            if i < 0 || i >= n {
                return Err(Error::algebra(format!(
                    "lego apply: index component {k} is {i}, outside [0, {n})"
                )));
            }
        }
        self.apply_sym(idx)
    }
    /// `inv` at an integer offset, which must lie in `[0, size)`.
    pub fn inv(&self, x: i64) -> Result<Vec<i64>> {
        let n = self.size()?;
        if x < 0 || x >= n {
            return Err(Error::algebra(format!(
                "lego inv: offset {x} is outside [0, {n})"
            )));
        }
        self.inv_sym(&x)
    }
    /// Whether the chain has a GenP piece (else it is strided).
    pub fn has_genp(&self) -> bool {
        self.orders
            .iter()
            .any(|o| o.pieces.iter().any(|p| matches!(p, Piece::GenP(_))))
    }
    /// The symbolic apply over variables `i0, i1, ...` (unsimplified).
    pub fn apply_expr(&self) -> Result<(Vec<String>, Expr)> {
        let names: Vec<String> = (0..self.dims().len()).map(|k| format!("i{k}")).collect();
        let vars: Vec<Expr> = names.iter().map(|n| Expr::var(n.clone())).collect();
        Ok((names, self.apply_sym(&vars)?))
    }
    /// The symbolic inv over the variable `x` (unsimplified).
    pub fn inv_expr(&self) -> Result<Vec<Expr>> {
        self.inv_sym(&Expr::var("x"))
    }
    /// Ranges of the apply variables `i<k>` (`[0, n_k)`) and of the inv variable `x`.
    pub fn var_ranges(&self) -> Result<BTreeMap<String, (i64, i64)>> {
        let mut r: BTreeMap<String, (i64, i64)> = self
            .dims()
            .iter()
            .enumerate()
            .map(|(k, &n)| (format!("i{k}"), (0, n - 1)))
            .collect();
        r.insert("x".into(), (0, self.size()? - 1));
        Ok(r)
    }
}
