//! Layout functions beyond shape:stride: a swizzle alone, and composed layouts
//! `outer o offset o inner`, evaluated as x -> outer(offset + inner(x)).

use crate::error::{Error, Result};
use crate::int::{self, Int};
use crate::layout::{print_layout, Layout};
use crate::swizzle::Swizzle;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Func {
    Layout(Layout),
    Swizzle(Swizzle),
    Composed(Box<Composed>),
}

/// `outer o offset o inner`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Composed {
    pub outer: Func,
    pub offset: i64,
    pub inner: Func,
}

/// Most steps (about one per leaf evaluated) that evaluating a layout function point by point
/// may take: a composed layout whose outer function has many leaves is refused at fewer
/// points than a plain layout (docs/algebra.md, Limits).
pub const WORK_LIMIT: i64 = 1 << 26;

impl Func {
    pub fn composed(outer: Func, offset: i64, inner: Func) -> Func {
        Func::Composed(Box::new(Composed {
            outer,
            offset,
            inner,
        }))
    }
    /// The plain layout, if this is one.
    pub fn as_layout(&self) -> Option<&Layout> {
        match self {
            Func::Layout(l) => Some(l),
            _ => None,
        }
    }
    /// The innermost layout: the one that defines the domain.
    pub fn domain_layout(&self) -> Result<&Layout> {
        match self {
            Func::Layout(l) => Ok(l),
            Func::Swizzle(_) => Err(Error::algebra(
                "a swizzle alone has no shape (compose it with a layout)",
            )),
            Func::Composed(c) => c.inner.domain_layout(),
        }
    }
    /// Size of the domain.
    pub fn size(&self) -> Result<i64> {
        self.domain_layout()?.size()
    }
    /// Evaluate at an offset/index x (a swizzle maps offsets to offsets).
    pub fn apply(&self, x: i64) -> Result<i64> {
        match self {
            Func::Layout(l) => l.eval(x),
            Func::Swizzle(s) => {
                if x < 0 {
                    return Err(Error::algebra(format!(
                        "swizzle applied to the negative offset {x}"
                    )));
                }
                Ok(s.apply(x))
            }
            Func::Composed(c) => {
                let y = c.inner.apply(x)?;
                c.outer.apply(int::add(c.offset, y)?)
            }
        }
    }
    /// The translation period of the function's offsets: the least power of two `P` such that
    /// moving the offsets by any multiple `q` of `P` moves the function's values by `q`:
    ///
    ///   F'(x) = F(x) + q  where F' is F with its offsets moved by q.
    ///
    /// For a plain layout F(x) = L(x) every q works: P = 1. For `Sw<B,M,S> o o o L`,
    /// F(x) = Sw(o + L(x)); the swizzle reads and writes only bits below B + M + |S|, so for
    /// q a multiple of 2^(B+M+|S|), o + L(x) + q has the same low bits as o + L(x) and
    /// Sw(o + L(x) + q) = Sw(o + L(x)) + q: P = 2^(B+M+|S|) (a smaller q can change the bits
    /// the swizzle reads). This is when a tensor on a swizzled layout may be advanced by
    /// moving its pointer (a stage of a staged shared-memory layout, CuTe's `sA(_,_,s)`).
    /// None for another function (a swizzle alone, a composition with another outer layout).
    pub fn translation_period(&self) -> Option<i64> {
        match self {
            Func::Layout(_) => Some(1),
            Func::Composed(c) => match (&c.outer, &c.inner) {
                (Func::Swizzle(s), Func::Layout(_)) => {
                    let bits = s.b as i64 + s.m as i64 + (s.s as i64).abs();
                    Some(1i64 << bits.min(62))
                }
                _ => None,
            },
            Func::Swizzle(_) => None,
        }
    }
    /// Whether fixing top-level mode `mode` of the domain at a coordinate is a translation:
    /// F restricted to the other modes, at coordinate c of `mode`, is the restriction at 0
    /// moved by inner_mode(c). That holds when every offset of the mode is a multiple of the
    /// translation period P (translation_period), i.e. every stride leaf of the mode is a
    /// static multiple of P (any stride when P = 1), or when, for `Sw o 0 o L`, the offsets of
    /// the mode and of the other modes occupy disjoint bits before and after the swizzle
    /// (`mode_translates_by_bits`: then the move is F(c), a thread's partition of a swizzled
    /// tile). The error names the mode, the stride and the period.
    pub fn check_mode_translates(&self, mode: usize) -> Result<()> {
        let Some(p) = self.translation_period() else {
            return Err(Error::algebra(format!(
                "{} is not a layout or a swizzled layout (Sw<B,M,S> o offset o layout)",
                print_func(self)
            )));
        };
        let m = self.domain_layout()?.mode(mode)?;
        if p == 1 || self.mode_translates_by_bits(mode) {
            return Ok(());
        }
        for d in m.stride.leaves() {
            match (&d.coef, d.basis.is_empty()) {
                (Int::Lit(v), true) if v % p == 0 => {}
                _ => {
                    return Err(Error::algebra(format!(
                        "mode {mode} of {} has the stride {}, not a static multiple of {p}: \
                         the swizzle reads the offset bits below {p}, so a slice along this \
                         mode is not the tile at 0 moved",
                        print_func(self),
                        crate::stride::print_stride(&d)
                    )))
                }
            }
        }
        Ok(())
    }
    /// The second case of `check_mode_translates`, for `Sw o 0 o L` with static strides: when
    /// the offsets of the mode (a) and of the other modes (x) occupy disjoint bits, and so do
    /// their swizzled images, F(a + x) = Sw(a ^ x) = Sw(a) ^ Sw(x) = Sw(a) + Sw(x) (a swizzle
    /// is linear over XOR): the slice at c is the slice at 0 moved by F(c). The bits of a
    /// mode are the union of its leaves' (pairwise disjoint, so their sums do not carry);
    /// Sw<B,M,S> moves the bits under its mask `yyy` by S, so the swizzled images of offsets
    /// within bits `b` lie within `b | shift(b & yyy, S)`. A leaf of more than 2^16 elements
    /// is not examined (the check stays bounded by the layout's size): false.
    fn mode_translates_by_bits(&self, mode: usize) -> bool {
        let Func::Composed(c) = self else {
            return false;
        };
        let (Func::Swizzle(sw), Func::Layout(l), 0) = (&c.outer, &c.inner, c.offset) else {
            return false;
        };
        fn leaf_bits(s: &Int, d: &crate::stride::Stride) -> Option<u64> {
            match (s, &d.coef, d.basis.is_empty()) {
                (Int::Lit(n), Int::Lit(v), true) if (0..=1 << 16).contains(n) && *v >= 0 => {
                    let mut bits = 0u64;
                    for i in 0..*n {
                        bits |= u64::try_from(v.checked_mul(i)?).ok()?;
                    }
                    Some(bits)
                }
                _ => None,
            }
        }
        fn union(bits: &mut u64, leaf: u64) -> Option<()> {
            if *bits & leaf != 0 {
                return None;
            }
            *bits |= leaf;
            Some(())
        }
        let run = || -> Option<bool> {
            let (mut mine, mut rest) = (0u64, 0u64);
            for (i, m) in l.modes().iter().enumerate() {
                for (s, d) in m.shape.leaves().iter().zip(m.stride.leaves()) {
                    let b = leaf_bits(s, &d)?;
                    union(if i == mode { &mut mine } else { &mut rest }, b)?;
                }
            }
            if mine & rest != 0 {
                return Some(false);
            }
            let mask = ((1u64 << sw.b.clamp(0, 30)) - 1) << (sw.m + sw.s.max(0)).clamp(0, 60);
            let image = |b: u64| {
                let moved = b & mask;
                b | if sw.s >= 0 {
                    moved >> sw.s.min(63)
                } else {
                    moved << (-sw.s).min(63)
                }
            };
            Some(image(mine) & image(rest) == 0)
        };
        run().unwrap_or(false)
    }
    /// Steps of one `apply` (about one per leaf of every layout on the way).
    fn apply_cost(&self) -> i64 {
        match self {
            Func::Layout(l) => l.shape.leaves().len().max(1) as i64,
            Func::Swizzle(_) => 1,
            Func::Composed(c) => c.inner.apply_cost() + c.outer.apply_cost(),
        }
    }
    /// Steps per point of `table`/`for_each_value`: the innermost layout is walked by an
    /// odometer (one step), every outer function is applied.
    fn point_cost(&self) -> i64 {
        match self {
            Func::Composed(c) => c.inner.point_cost() + c.outer.apply_cost(),
            _ => 1,
        }
    }
    /// Refuse evaluating `n` points past `limit` or past WORK_LIMIT steps in all.
    fn check_work(&self, n: i64, limit: i64) -> Result<()> {
        if n > limit {
            return Err(Error::algebra(format!(
                "evaluation of {n} points exceeds the limit of {limit}"
            )));
        }
        let work = n.saturating_mul(self.point_cost());
        if work > WORK_LIMIT {
            return Err(Error::algebra(format!(
                "evaluating {n} points of {} takes {work} steps ({} per point), past the limit of {WORK_LIMIT}",
                print_func(self),
                self.point_cost()
            )));
        }
        Ok(())
    }
    /// The table f(0..size).
    pub fn table(&self, limit: i64) -> Result<Vec<i64>> {
        let n = self.size()?;
        if n > limit {
            return Err(Error::algebra(format!(
                "evaluation table of {n} points exceeds the limit of {limit}"
            )));
        }
        let mut out = Vec::with_capacity(n.max(0) as usize);
        self.for_each_value(limit, &mut |v| {
            out.push(v);
            Ok(())
        })?;
        Ok(out)
    }
    /// Call `g` with f(0), ..., f(size - 1) in order, storing nothing (size <= limit, and at
    /// most WORK_LIMIT steps). The innermost layout is walked by an odometer; an outer plain
    /// layout is evaluated on its flat leaves, read once.
    pub fn for_each_value(&self, limit: i64, g: &mut dyn FnMut(i64) -> Result<()>) -> Result<()> {
        let n = self.size()?;
        self.check_work(n, limit)?;
        match self {
            Func::Layout(l) => {
                crate::layout::for_each_leaves(&l.int_leaves("evaluation")?, n, |y| g(y))
            }
            Func::Composed(c) => {
                let outer = match &c.outer {
                    Func::Layout(l) => Some(l.int_leaves("evaluation")?),
                    _ => None,
                };
                c.inner.for_each_value(limit, &mut |y| {
                    let z = int::add(c.offset, y)?;
                    g(match &outer {
                        Some(leaves) => crate::layout::eval_leaves(leaves, z)?,
                        None => c.outer.apply(z)?,
                    })
                })
            }
            Func::Swizzle(_) => (0..n).try_for_each(|i| g(self.apply(i)?)),
        }
    }
    /// cosize: one past the largest value f takes on its domain. A composed layout is
    /// evaluated point by point (at most 2^24 points), in constant memory.
    pub fn cosize(&self) -> Result<i64> {
        match self {
            Func::Layout(l) => l.cosize(),
            _ => {
                let mut hi: Option<i64> = None;
                self.for_each_value(1 << 24, &mut |y| {
                    hi = Some(hi.map_or(y, |h| h.max(y)));
                    Ok(())
                })?;
                int::add(hi.unwrap_or(0), 1)
            }
        }
    }
}

impl From<Layout> for Func {
    fn from(l: Layout) -> Func {
        Func::Layout(l)
    }
}

/// The canonical text of a layout function: `s:d`, `Sw<b,m,s>`, `outer o offset o inner`.
pub fn print_func(f: &Func) -> String {
    match f {
        Func::Layout(l) => print_layout(l),
        Func::Swizzle(sw) => format!("Sw<{},{},{}>", sw.b, sw.m, sw.s),
        Func::Composed(c) => format!(
            "{} o {} o {}",
            print_func(&c.outer),
            c.offset,
            print_func(&c.inner)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn modes(m: Vec<Layout>) -> Layout {
        Layout::from_modes(m)
    }

    /// The period is a period (moving the offset by any multiple of it moves every value by
    /// the same amount) and the least power of two that is (half of it fails somewhere).
    #[test]
    fn translation_period_is_the_least_power_of_two_period() {
        let leaf = Layout::leaf;
        let cases = [
            // Sw<2,3,3> o 0 o (64,32):(32,1)
            (
                Swizzle::new(2, 3, 3),
                0,
                modes(vec![leaf(64, 32), leaf(32, 1)]),
            ),
            // Sw<3,4,3> o 0 o ((8,16),64):((64,512),1)
            (
                Swizzle::new(3, 4, 3),
                0,
                modes(vec![modes(vec![leaf(8, 64), leaf(16, 512)]), leaf(64, 1)]),
            ),
            // Sw<1,2,-2> o 4 o (16,8):(8,1)
            (
                Swizzle::new(1, 2, -2),
                4,
                modes(vec![leaf(16, 8), leaf(8, 1)]),
            ),
        ];
        for (sw, offset, inner) in cases {
            let (sw, inner) = (Func::Swizzle(sw.unwrap()), Func::Layout(inner));
            let f = Func::composed(sw.clone(), offset, inner.clone());
            let p = f.translation_period().unwrap();
            let moved = |q: i64| Func::composed(sw.clone(), offset + q, inner.clone());
            let n = f.size().unwrap();
            for k in 1..4 {
                let g = moved(k * p);
                for x in 0..n {
                    assert_eq!(g.apply(x).unwrap(), f.apply(x).unwrap() + k * p);
                }
            }
            let g = moved(p / 2);
            assert!((0..n).any(|x| g.apply(x).unwrap() != f.apply(x).unwrap() + p / 2));
        }
        assert_eq!(Func::Layout(leaf(8, 1)).translation_period(), Some(1));
    }
}
