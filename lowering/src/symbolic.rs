//! Layout functions whose dynamic `?` leaves are bound to SSA index values.
//!
//! The structure (shape, strides, swizzles, composition) comes from the algebra's parse of the
//! type text; each `?` leaf is paired, in print order, with the `index` operand of the
//! `layout.make` that built it. Coalescing is the algebra's `coalesce`; this module only keeps
//! track of which SSA value each surviving dynamic leaf is.

use layout_algebra::ops::coalesce::coalesce;
use layout_algebra::{Func, Int, Layout, Stride, Swizzle};
use mlir_sys::MlirValue;
use std::cell::OnceCell;

/// A leaf of a shape or stride: a static integer or a runtime index value.
#[derive(Clone, Copy, Debug)]
pub enum Leaf {
    Lit(i64),
    Dyn(MlirValue),
}

impl Leaf {
    pub fn lit(self) -> Option<i64> {
        match self {
            Leaf::Lit(v) => Some(v),
            Leaf::Dyn(_) => None,
        }
    }
}

/// A shape:stride layout with its flat leaves bound.
#[derive(Clone, Debug)]
pub struct SymLayout {
    pub layout: Layout,
    /// Flat shape leaves, in order.
    pub shape: Vec<Leaf>,
    /// Flat stride leaves, in order (integer strides only).
    pub stride: Vec<Leaf>,
    /// [`SymLayout::coalesced`], computed once (a pass run keeps one `SymLayout` per static
    /// layout type and lowers every op of that type with it).
    coalesced: OnceCell<Result<Vec<(Leaf, Leaf)>, String>>,
}

/// A layout function with bound leaves (mirrors [`Func`]).
#[derive(Clone, Debug)]
pub enum SymFunc {
    Layout(SymLayout),
    Swizzle(Swizzle),
    /// outer o offset o inner
    Composed(Box<SymFunc>, i64, Box<SymFunc>),
}

fn bind_int(x: &Int, values: &mut dyn Iterator<Item = MlirValue>) -> Result<Leaf, String> {
    match x {
        Int::Lit(v) => Ok(Leaf::Lit(*v)),
        Int::Dyn(_) => values
            .next()
            .map(Leaf::Dyn)
            .ok_or_else(|| "fewer runtime values than '?' leaves".to_string()),
    }
}

fn bind_stride(d: &Stride, values: &mut dyn Iterator<Item = MlirValue>) -> Result<Leaf, String> {
    if !d.basis.is_empty() {
        return Err(format!(
            "scaled-basis stride {} (a coordinate-valued layout) cannot be lowered to one index",
            layout_algebra::text::print_stride(d)
        ));
    }
    bind_int(&d.coef, values)
}

impl SymLayout {
    /// Bind the `?` leaves of `layout` (shape leaves first, then stride leaves: print order).
    pub fn bind(
        layout: &Layout,
        values: &mut dyn Iterator<Item = MlirValue>,
    ) -> Result<SymLayout, String> {
        let shape = layout
            .shape
            .leaves()
            .into_iter()
            .map(|s| bind_int(&s, values))
            .collect::<Result<Vec<_>, _>>()?;
        let stride = layout
            .stride
            .leaves()
            .iter()
            .map(|d| bind_stride(d, values))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SymLayout {
            layout: layout.clone(),
            shape,
            stride,
            coalesced: OnceCell::new(),
        })
    }

    /// The flat (extent, stride) leaves.
    pub fn leaves(&self) -> Vec<(Leaf, Leaf)> {
        self.shape
            .iter()
            .copied()
            .zip(self.stride.iter().copied())
            .collect()
    }

    /// Top-level mode `i` with its leaves.
    pub fn mode(&self, i: usize) -> Result<SymLayout, String> {
        let modes = self.layout.modes();
        let m = modes
            .get(i)
            .ok_or_else(|| format!("mode {i} out of range"))?;
        let start: usize = modes[..i].iter().map(|m| m.shape.leaf_count()).sum();
        let n = m.shape.leaf_count();
        Ok(SymLayout {
            layout: m.clone(),
            shape: self.shape[start..start + n].to_vec(),
            stride: self.stride[start..start + n].to_vec(),
            coalesced: OnceCell::new(),
        })
    }

    /// The static size, if every extent is static.
    pub fn static_size(&self) -> Option<i64> {
        self.layout.size().ok()
    }

    /// The leaves of `coalesce(layout)` (the algebra's), with the runtime values of the
    /// dynamic leaves carried over. coalesce never merges a mode with a dynamic extent or
    /// stride; it keeps such modes verbatim and in order (or drops them when their extent is a
    /// static 1), so each dynamic mode of the result is the next equal dynamic mode of the input.
    pub fn coalesced(&self) -> Result<Vec<(Leaf, Leaf)>, String> {
        self.coalesced
            .get_or_init(|| self.compute_coalesced())
            .clone()
    }

    fn compute_coalesced(&self) -> Result<Vec<(Leaf, Leaf)>, String> {
        let c = coalesce(&self.layout).map_err(|e| e.to_string())?;
        let orig = self.layout.leaf_modes();
        let mut j = 0usize;
        let mut out = Vec::new();
        for (s, d) in c.leaf_modes() {
            if !d.basis.is_empty() {
                return Err("scaled-basis strides cannot be lowered to one index".into());
            }
            match (&s, &d.coef) {
                (Int::Lit(sv), Int::Lit(dv)) => out.push((Leaf::Lit(*sv), Leaf::Lit(*dv))),
                _ => {
                    while j < orig.len() && !(orig[j].0 == s && orig[j].1 == d) {
                        j += 1;
                    }
                    if j == orig.len() {
                        return Err(
                            "internal: a dynamic mode of coalesce() has no source mode".into()
                        );
                    }
                    out.push((self.shape[j], self.stride[j]));
                    j += 1;
                }
            }
        }
        Ok(out)
    }
}

impl SymFunc {
    /// Bind the `?` leaves of `func` to `values` (print order: outer before inner).
    pub fn bind(func: &Func, values: &[MlirValue]) -> Result<SymFunc, String> {
        let mut it = values.iter().copied();
        let f = Self::bind_iter(func, &mut it)?;
        if it.next().is_some() {
            return Err("more runtime values than '?' leaves".into());
        }
        Ok(f)
    }

    fn bind_iter(
        func: &Func,
        values: &mut dyn Iterator<Item = MlirValue>,
    ) -> Result<SymFunc, String> {
        Ok(match func {
            Func::Layout(l) => SymFunc::Layout(SymLayout::bind(l, values)?),
            Func::Swizzle(s) => SymFunc::Swizzle(*s),
            Func::Composed(c) => {
                let outer = Self::bind_iter(&c.outer, values)?;
                let inner = Self::bind_iter(&c.inner, values)?;
                SymFunc::Composed(Box::new(outer), c.offset, Box::new(inner))
            }
        })
    }
}
