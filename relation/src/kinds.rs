//! Layouts of every kind, read from their text, and their relations.
//!
//! A layout argument is a CuTe layout (`(4,8):(8,1)`, an integer tuple standing for its
//! compact layout), a swizzle (`Sw<3,4,3>`), a composed layout (`Sw<3,4,3> o 0 o L`,
//! evaluated as outer(offset + inner(c)), CuTe's ComposedLayout), a linear layout (JSON
//! `{"in_dims": ...}` or Triton's `#ttg.linear<{...}>`), or an ISL map (`{ [c] -> [o] : ... }`),
//! taken as given, or a LEGO bijective layout (`OrderBy(...).GroupBy(...)`, `TileBy(...)`),
//! whose relation is built from its index expression (`bijective.rs`).
//!
//! A composed layout's relation is `inner ; (y -> y + offset) ; outer`, written as one
//! expression: the inner offset plus the offset, substituted into the outer function, which
//! acts on every non-negative offset (a swizzle's bits act on any offset >= 0, an outer
//! shape:stride layout extends along its last mode). When the argument of a swizzle would be
//! negative, the relation would silently lose coordinates: that is an error naming the first
//! such coordinate.

use layout_algebra::bijective::{parse_chain, Chain};
use layout_algebra::linear::{is_linear_text, parse_linear, LinearLayout};
use layout_algebra::{text, Error, Func, Layout, Result, Value};

use crate::cute;
use crate::expr::Exists;
use crate::isl::{Ctx, Map, Set};
pub use crate::space::Space;
use crate::swizzle;

/// A layout of any kind.
#[derive(Debug, Clone)]
pub enum AnyLayout {
    Func(Func),
    Linear(LinearLayout),
    /// ISL map text, taken as given.
    Isl(String),
    /// A LEGO bijective layout (chain), see [`crate::bijective`].
    Lego(Chain),
}

/// Whether `t` is a LEGO chain: it starts with `OrderBy(`, `GroupBy(` or `TileBy(`.
pub fn is_chain_text(t: &str) -> bool {
    let t = t.trim_start();
    ["OrderBy", "GroupBy", "TileBy"].iter().any(|k| {
        t.strip_prefix(k)
            .is_some_and(|r| r.trim_start().starts_with('('))
    })
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
        if is_chain_text(s) {
            return parse_chain(t).map(AnyLayout::Lego);
        }
        if is_linear_text(s) {
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
            (AnyLayout::Lego(c), _) => {
                Map::parse(ctx, &crate::bijective::chain_map_text(c, space)?)
            }
        }
    }

    /// The domain of the layout's relation, as the simple box it is built over (for an ISL map,
    /// the map's own domain). Comparing these needs no projection of existential variables.
    pub fn domain<'c>(&self, ctx: &'c Ctx, space: Space) -> Result<Set<'c>> {
        let (vars, bounds) = match (self, space) {
            (AnyLayout::Isl(t), _) => return Map::parse(ctx, t)?.domain(),
            (AnyLayout::Linear(l), Space::Flat) => (
                vec!["c".to_string()],
                format!(
                    "0 <= c < {}",
                    crate::expr::pow2(l.total_in_bits(), "linear domain")?
                ),
            ),
            (AnyLayout::Linear(l), _) => {
                let cs = crate::expr::vars("c", l.ins().len());
                let sizes: Vec<i64> = (0..l.ins().len()).map(|i| l.in_size(i)).collect();
                let b = crate::expr::bounds(&cs, &sizes);
                (cs, if b.is_empty() { "true".into() } else { b })
            }
            (AnyLayout::Func(f), _) => {
                let inner = inner_of(innermost(f), space)?;
                (inner.vars, inner.bounds)
            }
            (AnyLayout::Lego(c), _) => {
                let inputs = crate::bijective::chain_inputs(c, space)?;
                (inputs.vars, inputs.bounds)
            }
        };
        if bounds == "true" {
            return Set::parse(ctx, &format!("{{ [{}] }}", vars.join(", ")));
        }
        Set::parse(ctx, &format!("{{ [{}] : {bounds} }}", vars.join(", ")))
    }

    /// Whether the relation is a function by construction (every layout's; an ISL map is
    /// checked).
    pub fn is_function(&self) -> bool {
        !matches!(self, AnyLayout::Isl(_))
    }

    /// Whether the domain has as many points as the codomain of [`AnyLayout::codomain`] (all
    /// but linear layouts, whose codomain has 2^N points for 2^M coordinates).
    pub fn same_size(&self) -> bool {
        match self {
            AnyLayout::Linear(l) => l.total_in_bits() == l.total_out_bits(),
            _ => true,
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
            AnyLayout::Lego(c) => c.size()?,
            AnyLayout::Func(Func::Swizzle(sw)) => {
                crate::expr::pow2(swizzle::swizzle_bits(sw), "swizzle codomain")?
            }
            AnyLayout::Func(f) => f.size()?,
        };
        Set::parse(ctx, &format!("{{ [o] : 0 <= o < {n} }}"))
    }
}

/// The function that defines the domain: the innermost of a composed layout.
fn innermost(f: &Func) -> &Func {
    match f {
        Func::Composed(c) => innermost(&c.inner),
        _ => f,
    }
}

/// The inputs of a relation: variable names, their bounds, and the offset expression.
struct Inner {
    vars: Vec<String>,
    bounds: String,
    offset: String,
}

/// The innermost layout (or a bare swizzle) in the given space.
fn inner_of(f: &Func, space: Space) -> Result<Inner> {
    let flat = |offset: String, size: i64| Inner {
        vars: vec!["c".into()],
        bounds: format!("0 <= c < {size}"),
        offset,
    };
    match f {
        Func::Layout(l) => match space {
            Space::Flat => {
                let leaves = cute::static_leaves(l)?;
                Ok(flat(cute::flat_offset("c", &leaves)?, l.size()?))
            }
            Space::Coord => {
                let (vars, bounds, offset) = cute::coord_parts(l)?;
                Ok(Inner {
                    vars,
                    bounds,
                    offset,
                })
            }
            Space::Modes => {
                let (vars, bounds, offset) = cute::modes_parts(l)?;
                Ok(Inner {
                    vars,
                    bounds,
                    offset,
                })
            }
        },
        Func::Swizzle(sw) => Ok(flat(
            "c".into(),
            crate::expr::pow2(swizzle::swizzle_bits(sw), "swizzle domain")?,
        )),
        // The domain and offset of the innermost function; the composition layers around it
        // are applied by `layered_offset`.
        Func::Composed(_) => inner_of(innermost(f), space),
    }
}

fn has_swizzle(f: &Func) -> bool {
    match f {
        Func::Swizzle(_) => true,
        Func::Layout(_) => false,
        Func::Composed(c) => has_swizzle(&c.outer) || has_swizzle(&c.inner),
    }
}

/// The offset of `f` given the offset expression `x` of its innermost function: each
/// composition layer `outer o off o inner` applied from the inside out (an innermost swizzle
/// is applied to `x` too; an innermost shape:stride layout's offset is `x` itself).
fn layered_offset(f: &Func, x: &str, conds: &mut Vec<String>, ex: &mut Exists) -> Result<String> {
    match f {
        Func::Composed(c) => {
            let y = layered_offset(&c.inner, x, conds, ex)?;
            if !ex.vars.is_empty() && has_swizzle(&c.outer) {
                // The condition that the outer swizzle reads an offset >= 0 would have to be
                // stated over the inner swizzle's bit variables; refused rather than dropped.
                return Err(Error::algebra(
                    "relation: a swizzle applied to another swizzle's output (a composed layout                      with swizzles in both its outer and its inner part) is not supported",
                ));
            }
            outer_apply(&c.outer, &format!("{} + {y}", c.offset), conds, ex)
        }
        Func::Swizzle(_) => outer_apply(f, x, conds, ex),
        Func::Layout(_) => Ok(x.to_string()),
    }
}

/// Longest relation text built (a bound on nested swizzles, whose expressions repeat their
/// argument).
const MAX_TEXT: usize = 1 << 20;

/// `f` applied to the offset expression `y`, as the outer part of a composed layout: a
/// shape:stride layout extends along its last mode; a swizzle needs `y >= 0` (pushed to
/// `conds`).
fn outer_apply(f: &Func, y: &str, conds: &mut Vec<String>, ex: &mut Exists) -> Result<String> {
    if y.len() > MAX_TEXT {
        return Err(Error::algebra(format!(
            "relation: the composed layout's expression exceeds {MAX_TEXT} bytes"
        )));
    }
    match f {
        Func::Layout(l) => cute::flat_offset(&format!("({y})"), &cute::static_leaves(l)?),
        Func::Swizzle(sw) => {
            conds.push(format!("{y} >= 0"));
            swizzle::swizzle_apply(&format!("({y})"), sw, ex)
        }
        Func::Composed(c) => {
            let inner = outer_apply(&c.inner, y, conds, ex)?;
            outer_apply(&c.outer, &format!("{} + {inner}", c.offset), conds, ex)
        }
    }
}

/// A shape:stride, swizzle or composed layout as a relation. The composed layout's offset is
/// written as one expression (the inner offset substituted into the outer functions), so that
/// every division ISL sees is an explicit floor of the coordinates: relations built by
/// composing maps would carry unknown existential variables, which make every later test slow.
fn func_map<'c>(ctx: &'c Ctx, f: &Func, space: Space) -> Result<Map<'c>> {
    let mut ex = Exists::default();
    let mut conds = Vec::new();
    let (inner, offset) = match f {
        Func::Composed(_) => {
            let inner = inner_of(innermost(f), space)?;
            let offset = layered_offset(f, &inner.offset, &mut conds, &mut ex)?;
            (inner, offset)
        }
        Func::Swizzle(sw) => {
            let inner = inner_of(f, space)?;
            let offset = swizzle::swizzle_apply("c", sw, &mut ex)?;
            (inner, offset)
        }
        Func::Layout(_) => {
            let inner = inner_of(f, space)?;
            let offset = inner.offset.clone();
            (inner, offset)
        }
    };
    let vars = inner.vars.join(", ");
    if !conds.is_empty() {
        // Coordinates where a swizzle would read a negative offset.
        let neg: Vec<String> = conds.iter().map(|c| format!("not ({c})")).collect();
        let bad = Set::parse(
            ctx,
            &format!(
                "{{ [{vars}] : {} and ({}) }}",
                inner.bounds,
                neg.join(" or ")
            ),
        )?;
        if let Some(at) = bad.lexmin_point()? {
            return Err(Error::algebra(format!(
                "relation of {}: at coordinate {} a swizzle is applied to a negative offset (a swizzle acts on offsets >= 0)",
                text::print_func(f),
                crate::props::show_point(&at)
            )));
        }
    }
    let body = ex.wrap(&format!("o = {offset}"));
    Map::parse(
        ctx,
        &format!("{{ [{vars}] -> [o] : {} and {body} }}", inner.bounds),
    )
}
