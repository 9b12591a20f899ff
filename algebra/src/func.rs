//! Layout functions beyond shape:stride: a swizzle alone, and composed layouts
//! `outer o offset o inner`, evaluated as x -> outer(offset + inner(x)).

use crate::error::{Error, Result};
use crate::int;
use crate::layout::Layout;
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
    /// The table f(0..size).
    pub fn table(&self, limit: i64) -> Result<Vec<i64>> {
        let n = self.size()?;
        if n > limit {
            return Err(Error::algebra(format!(
                "evaluation table of {n} points exceeds the limit of {limit}"
            )));
        }
        match self {
            Func::Layout(l) => l.table(limit),
            Func::Composed(c) if c.inner.as_layout().is_some() => {
                let inner = c.inner.table(limit)?;
                inner
                    .into_iter()
                    .map(|y| c.outer.apply(int::add(c.offset, y)?))
                    .collect()
            }
            _ => (0..n).map(|i| self.apply(i)).collect(),
        }
    }
    /// Call `g` with f(0), ..., f(size - 1) in order, storing nothing (size <= limit).
    pub fn for_each_value(&self, limit: i64, g: &mut dyn FnMut(i64) -> Result<()>) -> Result<()> {
        let n = self.size()?;
        if n > limit {
            return Err(Error::algebra(format!(
                "evaluation of {n} points exceeds the limit of {limit}"
            )));
        }
        match self {
            Func::Layout(l) => {
                crate::layout::for_each_leaves(&l.int_leaves("evaluation")?, n, |y| g(y))
            }
            Func::Composed(c) => c
                .inner
                .for_each_value(limit, &mut |y| g(c.outer.apply(int::add(c.offset, y)?)?)),
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
