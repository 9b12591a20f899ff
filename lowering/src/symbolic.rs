//! Layout functions whose runtime `?` leaves are bound to SSA index values.
//!
//! The structure (shape, strides, swizzles, composition) is the algebra's; each runtime leaf
//! carries the expression of its value (runtime_leaves.rs), which the caller's `leaf` function
//! turns into the SSA value computing it. Coalescing is the algebra's `coalesce`, whose
//! runtime leaves are again expressions (a merged mode's extent is a product), bound the same
//! way.

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
    /// With runtime leaves: the coalesced leaves of each top-level mode, bound with the rest
    /// (empty for a static layout, whose modes coalesce on first use).
    modes_coalesced: Vec<Result<Vec<(Leaf, Leaf)>, String>>,
}

/// A layout function with bound leaves (mirrors [`Func`]).
#[derive(Clone, Debug)]
pub enum SymFunc {
    Layout(SymLayout),
    Swizzle(Swizzle),
    /// outer o offset o inner
    Composed(Box<SymFunc>, i64, Box<SymFunc>),
}

/// Turns a leaf of the algebra (static, or a runtime expression) into a bound [`Leaf`].
pub type LeafOf<'a> = dyn FnMut(&Int) -> Result<Leaf, String> + 'a;

/// The binding of a layout without runtime leaves.
pub fn static_leaf(x: &Int) -> Result<Leaf, String> {
    match x {
        Int::Lit(v) => Ok(Leaf::Lit(*v)),
        Int::Dyn(s) => Err(format!("the runtime leaf {} has no value", s.text())),
    }
}

fn bind_stride(d: &Stride, leaf: &mut LeafOf) -> Result<Leaf, String> {
    if !d.basis.is_empty() {
        return Err(format!(
            "scaled-basis stride {} (a coordinate-valued layout) cannot be lowered to one index",
            layout_algebra::text::print_stride(d)
        ));
    }
    leaf(&d.coef)
}

/// The flat (extent, stride) leaves of `coalesce(layout)`, bound by `leaf`.
fn coalesced_leaves(layout: &Layout, leaf: &mut LeafOf) -> Result<Vec<(Leaf, Leaf)>, String> {
    let c = coalesce(layout).map_err(|e| e.to_string())?;
    c.leaf_modes()
        .iter()
        .map(|(s, d)| {
            if !d.basis.is_empty() {
                return Err("scaled-basis strides cannot be lowered to one index".to_string());
            }
            Ok((leaf(s)?, leaf(&d.coef)?))
        })
        .collect()
}

impl SymLayout {
    /// Bind the leaves of `layout` by `leaf`. With runtime leaves, the coalesced leaves are
    /// bound at once too (their expressions need `leaf`); a static layout coalesces on first
    /// use.
    pub fn bind(layout: &Layout, leaf: &mut LeafOf) -> Result<SymLayout, String> {
        let shape = layout
            .shape
            .leaves()
            .iter()
            .map(|s| leaf(s))
            .collect::<Result<Vec<_>, _>>()?;
        let stride = layout
            .stride
            .leaves()
            .iter()
            .map(|d| bind_stride(d, leaf))
            .collect::<Result<Vec<_>, _>>()?;
        let coalesced = OnceCell::new();
        let mut modes_coalesced = Vec::new();
        if layout.has_runtime_leaf() {
            let _ = coalesced.set(coalesced_leaves(layout, leaf));
            for m in layout.modes() {
                modes_coalesced.push(coalesced_leaves(&m, leaf));
            }
        }
        Ok(SymLayout {
            layout: layout.clone(),
            shape,
            stride,
            coalesced,
            modes_coalesced,
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
        let coalesced = OnceCell::new();
        if let Some(c) = self.modes_coalesced.get(i) {
            let _ = coalesced.set(c.clone());
        }
        Ok(SymLayout {
            layout: m.clone(),
            shape: self.shape[start..start + n].to_vec(),
            stride: self.stride[start..start + n].to_vec(),
            coalesced,
            modes_coalesced: Vec::new(),
        })
    }

    /// The static size, if every extent is static.
    pub fn static_size(&self) -> Option<i64> {
        self.layout.size().ok()
    }

    /// The leaves of `coalesce(layout)` (the algebra's), bound.
    pub fn coalesced(&self) -> Result<Vec<(Leaf, Leaf)>, String> {
        self.coalesced
            .get_or_init(|| coalesced_leaves(&self.layout, &mut static_leaf))
            .clone()
    }
}

impl SymFunc {
    /// Bind the leaves of `func` by `leaf` (outer before inner).
    pub fn bind(func: &Func, leaf: &mut LeafOf) -> Result<SymFunc, String> {
        Ok(match func {
            Func::Layout(l) => SymFunc::Layout(SymLayout::bind(l, leaf)?),
            Func::Swizzle(s) => SymFunc::Swizzle(*s),
            Func::Composed(c) => {
                let outer = Self::bind(&c.outer, leaf)?;
                let inner = Self::bind(&c.inner, leaf)?;
                SymFunc::Composed(Box::new(outer), c.offset, Box::new(inner))
            }
        })
    }

    /// Bind a function without runtime leaves.
    pub fn bind_static(func: &Func) -> Result<SymFunc, String> {
        Self::bind(func, &mut static_leaf)
    }
}
