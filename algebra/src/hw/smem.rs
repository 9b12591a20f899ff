//! A shared-memory operand as the hardware sees it: a shape:stride layout in elements, an
//! element offset, and one of the hardware swizzles (`L`, or `Sw<B,M,S> o off o L` with the
//! swizzle written on element offsets).

use crate::error::{Error, Result};
use crate::func::Func;
use crate::hw::elem::Elem;
use crate::hw::swizzle_modes::ByteSwizzle;
use crate::layout::Layout;
use crate::swizzle::Swizzle;

/// The parts of a shared-memory layout function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Smem {
    /// The swizzle mode (recognized from the element swizzle).
    pub swizzle: ByteSwizzle,
    /// The element offset `off` of `Sw o off o L` (0 for a plain layout).
    pub offset: i64,
    /// The shape:stride layout `L`, in elements.
    pub layout: Layout,
}

impl Smem {
    /// Split `f` into swizzle mode, offset and layout; anything else is an error that says
    /// which form is expected.
    pub fn split(f: &Func, elem: Elem, op: &str) -> Result<Smem> {
        match f {
            Func::Layout(l) => Ok(Smem {
                swizzle: ByteSwizzle::None,
                offset: 0,
                layout: l.clone(),
            }),
            Func::Composed(c) => match (&c.outer, &c.inner) {
                (Func::Swizzle(sw), Func::Layout(l)) => Ok(Smem {
                    swizzle: ByteSwizzle::from_element_swizzle(sw, elem, op)?,
                    offset: c.offset,
                    layout: l.clone(),
                }),
                _ => Err(Error::algebra(format!(
                    "{op}: expected a shared-memory layout L or Sw<B,M,S> o off o L (a swizzle \
                     on element offsets over a shape:stride layout), found {}",
                    crate::text::print_func(f)
                ))),
            },
            Func::Swizzle(_) => Err(Error::algebra(format!(
                "{op}: a swizzle alone has no shape: compose it with the shared-memory layout \
                 (Sw<B,M,S> o 0 o L)"
            ))),
        }
    }
}

/// A shared-memory layout function with any swizzle (for per-lane addresses, where the
/// hardware only sees the addresses, not the swizzle mode).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnySmem {
    pub swizzle: Option<Swizzle>,
    pub offset: i64,
    pub layout: Layout,
}

impl AnySmem {
    /// Split `L` or `Sw<B,M,S> o off o L`.
    pub fn split(f: &Func, op: &str) -> Result<AnySmem> {
        match f {
            Func::Layout(l) => Ok(AnySmem {
                swizzle: None,
                offset: 0,
                layout: l.clone(),
            }),
            Func::Composed(c) => match (&c.outer, &c.inner) {
                (Func::Swizzle(sw), Func::Layout(l)) => Ok(AnySmem {
                    swizzle: Some(*sw),
                    offset: c.offset,
                    layout: l.clone(),
                }),
                _ => Err(Error::algebra(format!(
                    "{op}: expected a shared-memory layout L or Sw<B,M,S> o off o L, found {}",
                    crate::text::print_func(f)
                ))),
            },
            Func::Swizzle(_) => Err(Error::algebra(format!(
                "{op}: a swizzle alone has no shape: compose it with the shared-memory layout \
                 (Sw<B,M,S> o 0 o L)"
            ))),
        }
    }
    /// The element offset of index `x` of the domain, `Sw(off + L(x))`.
    pub fn element_offset(&self, x: i64) -> Result<i64> {
        let y = crate::int::add(self.offset, self.layout.eval(x)?)?;
        match self.swizzle {
            None => Ok(y),
            Some(_) if y < 0 => Err(Error::algebra(format!(
                "the swizzle is applied to the negative element offset {y}"
            ))),
            Some(sw) => Ok(sw.apply(y)),
        }
    }
}
