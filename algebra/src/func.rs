//! Layout functions beyond shape:stride: a swizzle alone, and composed layouts
//! `outer o offset o inner`, evaluated as x -> outer(offset + inner(x)).

use crate::error::{Error, Result};
use crate::int;
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
