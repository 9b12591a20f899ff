//! Layouts of every kind, read from their text, and their relations.
//!
//! A layout argument is a CuTe layout (`(4,8):(8,1)`, an integer tuple standing for its
//! compact layout), a swizzle (`Sw<3,4,3>`), a composed layout (`Sw<3,4,3> o 0 o L`,
//! evaluated as outer(offset + inner(c)), CuTe's ComposedLayout), a linear layout (JSON
//! `{"in_dims": ...}` or Triton's `#ttg.linear<{...}>`), or an ISL map (`{ [c] -> [o] : ... }`),
//! taken as given.
//!
//! A composed layout's relation is `inner ; (y -> y + offset) ; outer` (apply_range), with the
//! outer function over all non-negative offsets (a swizzle's bits act on any offset, an outer
//! shape:stride layout extends along its last mode). When the offset plus the inner layout
//! leaves that domain (a negative offset), the relation would silently lose coordinates: that is
//! an error naming the first such coordinate.

use layout_algebra::linear::{parse_linear, LinearLayout};
use layout_algebra::{text, Error, Func, Layout, Result, Value};

use crate::cute;
use crate::isl::{Ctx, Map, Set};
use crate::swizzle;

/// A layout of any kind.
#[derive(Debug, Clone)]
pub enum AnyLayout {
    Func(Func),
    Linear(LinearLayout),
    /// ISL map text, taken as given.
    Isl(String),
}

/// The coordinate space of a relation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// One integral coordinate `[c]` (colexicographic) and one offset `[o]`.
    Flat,
    /// The natural coordinate: one input per leaf (CuTe) or per input dimension (linear;
    /// then one output per output dimension).
    Coord,
    /// One integral coordinate per top-level mode (CuTe).
    Modes,
}

impl Space {
    pub fn parse(name: &str) -> Result<Space> {
        match name.trim().trim_matches('"') {
            "flat" => Ok(Space::Flat),
            "coord" => Ok(Space::Coord),
            "modes" => Ok(Space::Modes),
            other => Err(Error::algebra(format!(
                "unknown coordinate space '{other}' (expected flat, coord or modes)"
            ))),
        }
    }
}

/// Whether `t` is ISL map or set notation: `{`, then `[` (an unnamed tuple) or `:`/`}`.
pub fn is_isl_text(t: &str) -> bool {
    let t = t.trim_start();
    match t.strip_prefix('{') {
        Some(rest) => matches!(rest.trim_start().chars().next(), Some('[' | '}' | ':')),
        None => t.starts_with('[') && t.contains("->") && t.contains('{'),
    }
}

impl AnyLayout {
    /// Read a layout of any kind from its text.
    pub fn parse(t: &str) -> Result<AnyLayout> {
        let s = t.trim_start();
        if is_isl_text(s) {
            return Ok(AnyLayout::Isl(t.to_string()));
        }
        if s.starts_with('{') || s.starts_with('#') {
            return parse_linear(t).map(AnyLayout::Linear);
        }
        match text::parse(t)? {
            Value::Func(f) => Ok(AnyLayout::Func(f)),
            Value::Tuple(shape) => Ok(AnyLayout::Func(Func::Layout(Layout::compact(&shape)?))),
            other => Err(Error::algebra(format!(
                "expected a layout (CuTe, swizzle, composed, linear or an ISL map), found {}",
                other.kind()
            ))),
        }
    }

    /// The layout's relation in the given coordinate space.
    pub fn relation<'c>(&self, ctx: &'c Ctx, space: Space) -> Result<Map<'c>> {
        match (self, space) {
            (AnyLayout::Isl(t), _) => Map::parse(ctx, t),
            (AnyLayout::Linear(l), Space::Flat) => crate::linear::flat_map(ctx, l),
            (AnyLayout::Linear(l), _) => crate::linear::coord_map(ctx, l),
            (AnyLayout::Func(f), _) => func_map(ctx, f, space),
        }
    }

    /// The set a bijective layout must cover exactly, over the flat offset: `[0, size)` for
    /// CuTe, swizzled and composed layouts (size = cosize, the paper's bijective layout),
    /// `[0, 2^N)` for a linear layout with N output bits, and for an ISL map its own domain
    /// (a permutation of it).
    pub fn codomain<'c>(&self, ctx: &'c Ctx, rel: &Map<'c>) -> Result<Set<'c>> {
        let n = match self {
            AnyLayout::Isl(_) => return rel.domain(),
            AnyLayout::Linear(l) => crate::expr::pow2(l.total_out_bits(), "linear codomain")?,
            AnyLayout::Func(Func::Swizzle(sw)) => {
                crate::expr::pow2(swizzle::swizzle_bits(sw), "swizzle codomain")?
            }
            AnyLayout::Func(f) => f.size()?,
        };
        Set::parse(ctx, &format!("{{ [o] : 0 <= o < {n} }}"))
    }
}

/// A shape:stride, swizzle or composed layout as a relation.
fn func_map<'c>(ctx: &'c Ctx, f: &Func, space: Space) -> Result<Map<'c>> {
    match f {
        Func::Layout(l) => match space {
            Space::Flat => cute::flat_map(ctx, l, false),
            Space::Coord => cute::coord_map(ctx, l),
            Space::Modes => cute::modes_map(ctx, l),
        },
        Func::Swizzle(sw) => swizzle::swizzle_map(ctx, sw, true),
        Func::Composed(c) => {
            let inner = func_map(ctx, &c.inner, space)?;
            let dom = inner.domain()?;
            let shifted = inner.apply_range(Map::parse(
                ctx,
                &format!("{{ [y] -> [x] : x = y + ({}) }}", c.offset),
            )?)?;
            let out = shifted.clone().apply_range(outer_map(ctx, &c.outer)?)?;
            let lost = dom.subtract(out.domain()?)?;
            if let Some(at) = lost.lexmin_point()? {
                let x = crate::props::image_point(&shifted, &at)?;
                return Err(Error::algebra(format!(
                    "relation of {}: at coordinate {} the outer function is applied to the offset {}, outside its domain (offsets >= 0)",
                    text::print_func(f),
                    crate::props::show_point(&at),
                    crate::props::show_point(&x)
                )));
            }
            Ok(out)
        }
    }
}

/// A function as the outer part of a composed layout: over every offset `>= 0`.
fn outer_map<'c>(ctx: &'c Ctx, f: &Func) -> Result<Map<'c>> {
    match f {
        Func::Layout(l) => cute::flat_map(ctx, l, true),
        Func::Swizzle(sw) => swizzle::swizzle_map(ctx, sw, false),
        Func::Composed(c) => outer_map(ctx, &c.inner)?
            .apply_range(Map::parse(
                ctx,
                &format!("{{ [y] -> [x] : x = y + ({}) }}", c.offset),
            )?)?
            .apply_range(outer_map(ctx, &c.outer)?),
    }
}
