//! A CuTe layout from a relation (the paper's Section 3.6, "CuTe layout from layout mappings
//! and shape"), or the reason why none exists.
//!
//! The relation must be a function of static integers from a box `[0, s_0) x ... x [0,
//! s_{n-1})` (one dimension: an interval `[0, P)`) to one offset, with offset 0 at coordinate
//! 0. It is flattened to the integral coordinate (colexicographic over the box).
//!
//! - With a shape (the paper's Algorithm 2): the strides are the offsets at the mode
//!   boundaries, d_k = F(P_k), and the candidate shape:strides must equal the relation (the
//!   paper's "strictly affine index mapping"); otherwise the error names a coordinate where it
//!   does not.
//! - Without a shape, the shape is inferred. The coalesced form of a layout is determined by
//!   its function: its first mode has stride d = F(1) and extent the length k of the run
//!   F(j) = j*d (the next mode's stride differs from k*d, else the two would coalesce), and the
//!   rest is the layout of j -> F(j*k). So each dimension of the box is read off greedily,
//!   with ISL finding each run's end symbolically (the least multiple of the current step where
//!   the offset leaves the progression); a run that does not divide the remaining extent means
//!   no layout exists. The candidate is then checked for equality with the relation as a
//!   whole, and the first coordinate where it differs is the reason when it is not.

use layout_algebra::{text, Error, IntTuple, Layout, Result, StrideTuple, Tree};

use crate::expr::{prefix_products, vars};
use crate::isl::{Ctx, Map, Set};
use crate::props::{self, show_point, Equality};

/// The box domain of a relation: extents s_i with domain exactly `[0, s_0) x ...`.
fn box_extents(rel: &Map<'_>) -> Result<Vec<i64>> {
    let ctx = rel.ctx();
    let n = rel.in_dim()?;
    let dom = rel.domain()?;
    if dom.is_empty()? {
        return Err(Error::algebra("from_relation: the relation is empty"));
    }
    let cs = vars("c", n);
    let mut extents = Vec::with_capacity(n);
    for (i, c) in cs.iter().enumerate() {
        let proj = Map::parse(ctx, &format!("{{ [{}] -> [{c}] }}", cs.join(", ")))?;
        let along = dom.clone().apply(proj)?;
        let lo = along.lexmin_point()?.map(|p| p[0]);
        let hi = along.lexmax_point()?.map(|p| p[0]);
        match (lo, hi) {
            (Some(0), Some(hi)) => extents.push(
                hi.checked_add(1)
                    .ok_or_else(|| Error::overflow("from_relation: domain extent"))?,
            ),
            (Some(lo), _) => {
                return Err(Error::algebra(format!(
                "from_relation: input dimension {i} starts at {lo}; layout coordinates start at 0"
            )))
            }
            _ => {
                return Err(Error::algebra(format!(
                    "from_relation: input dimension {i} has no bounds"
                )))
            }
        }
    }
    let bx = Set::parse(
        ctx,
        &format!(
            "{{ [{}] : {} }}",
            cs.join(", "),
            crate::expr::bounds(&cs, &extents)
        ),
    )?;
    if let Some(missing) = bx.subtract(dom)?.lexmin_point()? {
        return Err(Error::algebra(format!(
            "from_relation: the domain is not the box {}: coordinate {} is missing",
            box_text(&extents),
            show_point(&missing)
        )));
    }
    Ok(extents)
}

fn box_text(extents: &[i64]) -> String {
    extents
        .iter()
        .map(|s| format!("[0, {s})"))
        .collect::<Vec<_>>()
        .join(" x ")
}

/// The relation over the integral coordinate of the box (identity for one dimension).
fn flatten<'c>(rel: &Map<'c>, extents: &[i64]) -> Result<(Map<'c>, i64)> {
    let (prefix, size) = prefix_products(extents, "from_relation")?;
    if extents.len() == 1 {
        return Ok((rel.clone(), size));
    }
    let cs = vars("c", extents.len());
    let mut eqs = Vec::with_capacity(cs.len());
    for (k, c) in cs.iter().enumerate() {
        let q = crate::expr::floor_div("c", prefix[k]);
        eqs.push(format!("{c} = ({q}) mod {}", extents[k]));
    }
    let lin = Map::parse(
        rel.ctx(),
        &format!(
            "{{ [c] -> [{}] : {} and 0 <= c < {size} }}",
            cs.join(", "),
            eqs.join(" and ")
        ),
    )?;
    Ok((lin.apply_range(rel.clone())?, size))
}

/// F(c) for a flat function F.
fn at(f: &Map<'_>, c: i64) -> Result<i64> {
    Ok(props::image_point(f, &[c])?[0])
}

/// The coalesced modes (extent, stride) of the positions `base * j`, `j < extent`, of F.
fn read_modes(f: &Map<'_>, base: i64, extent: i64, dim: usize) -> Result<Vec<(i64, i64)>> {
    let mut modes = Vec::new();
    let mut pos = 1i64;
    while pos < extent {
        let step = pos
            .checked_mul(base)
            .ok_or_else(|| Error::overflow("from_relation: mode position"))?;
        let d = at(f, step)?;
        let left = extent / pos;
        let end = step
            .checked_mul(left)
            .ok_or_else(|| Error::overflow("from_relation: mode end"))?;
        let q = crate::expr::floor_div("c", step);
        let off = Map::parse(
            f.ctx(),
            &format!(
                "{{ [c] -> [o] : c mod {step} = 0 and {step} <= c < {end} and (o < {d}*({q}) or o > {d}*({q})) }}"
            ),
        )?
        .intersect(f.clone())?;
        let k = match off.domain()?.lexmin_point()? {
            Some(c) => c[0] / step,
            None => left,
        };
        if left % k != 0 {
            return Err(Error::algebra(format!(
                "from_relation: no CuTe layout has this relation: along input dimension {dim}, from position {step} the offsets are {d}*j for {k} steps, and {k} does not divide the remaining extent {left}"
            )));
        }
        modes.push((k, d));
        pos *= k;
    }
    if modes.is_empty() {
        modes.push((1, 0));
    }
    Ok(modes)
}

fn modes_layout(modes: &[(i64, i64)]) -> Layout {
    match modes {
        [(s, d)] => Layout::leaf(*s, *d),
        _ => {
            let (s, d): (Vec<i64>, Vec<i64>) = modes.iter().copied().unzip();
            Layout::flat(&s, &d)
        }
    }
}

/// The strides of `shape` read at its mode boundaries (a leaf of extent 1 gets stride 0).
fn strides_at_boundaries(f: &Map<'_>, shape: &IntTuple, size: i64) -> Result<StrideTuple> {
    let extents = shape.values("from_relation shape")?;
    let (prefix, _) = prefix_products(&extents, "from_relation")?;
    let mut ds = Vec::with_capacity(extents.len());
    for (k, &s) in extents.iter().enumerate() {
        ds.push(if s == 1 || prefix[k] >= size {
            0
        } else {
            at(f, prefix[k])?
        });
    }
    Ok(Tree::unflatten(&StrideTuple::ints(&ds).leaves(), shape))
}

/// Check that `shape` fits the box: the same size for one dimension, else one top-level mode
/// per dimension with the dimension's extent.
fn check_shape(shape: &IntTuple, extents: &[i64]) -> Result<()> {
    let size = shape.product()?;
    let (_, total) = prefix_products(extents, "from_relation")?;
    if extents.len() == 1 {
        if size != total {
            return Err(Error::algebra(format!(
                "from_relation: the shape {} has size {size}, the relation's domain [0, {total})",
                text::print_int_tuple(shape)
            )));
        }
        return Ok(());
    }
    let modes = shape.modes();
    if modes.len() != extents.len() {
        return Err(Error::algebra(format!(
            "from_relation: the shape {} has {} modes, the relation {} input dimensions",
            text::print_int_tuple(shape),
            modes.len(),
            extents.len()
        )));
    }
    for (i, (m, &e)) in modes.iter().zip(extents).enumerate() {
        if m.product()? != e {
            return Err(Error::algebra(format!(
                "from_relation: mode {i} of the shape {} has size {}, input dimension {i} extent {e}",
                text::print_int_tuple(shape),
                m.product()?
            )));
        }
    }
    Ok(())
}

/// A CuTe layout whose relation is `rel`, with the given shape or with the inferred coalesced
/// shape; an error says why none exists.
pub fn from_relation(rel: &Map<'_>, shape: Option<&IntTuple>) -> Result<Layout> {
    if rel.param_dim()? != 0 {
        return Err(Error::algebra(
            "from_relation: the relation has parameters; a CuTe layout is static",
        ));
    }
    if rel.out_dim()? != 1 {
        return Err(Error::algebra(format!(
            "from_relation: a CuTe layout has one output (the offset), the relation has {}",
            rel.out_dim()?
        )));
    }
    if rel.in_dim()? == 0 {
        return Err(Error::algebra("from_relation: the relation has no input"));
    }
    if let Some(f) = props::single_valuedness(rel)? {
        return Err(Error::algebra(format!(
            "from_relation: the relation is not a function: {}",
            f.reason()
        )));
    }
    let extents = box_extents(rel)?;
    let (flat, size) = flatten(rel, &extents)?;
    let zero = at(&flat, 0)?;
    if zero != 0 {
        return Err(Error::algebra(format!(
            "from_relation: coordinate 0 maps to {zero}; a CuTe layout maps it to 0"
        )));
    }
    let candidate = match shape {
        Some(shape) => {
            check_shape(shape, &extents)?;
            Layout::new(shape.clone(), strides_at_boundaries(&flat, shape, size)?)?
        }
        None => {
            let (prefix, _) = prefix_products(&extents, "from_relation")?;
            let dims = extents
                .iter()
                .enumerate()
                .map(|(i, &e)| Ok(modes_layout(&read_modes(&flat, prefix[i], e, i)?)))
                .collect::<Result<Vec<_>>>()?;
            match dims.len() {
                1 => dims.into_iter().next().expect("one dimension"),
                _ => Layout::from_modes(dims),
            }
        }
    };
    let ctx: &Ctx = rel.ctx();
    let cand_rel = crate::cute::flat_map(ctx, &candidate, false)?;
    match props::equal(&flat, &cand_rel)? {
        Equality::Equal => Ok(candidate),
        Equality::Unequal {
            witness,
            left,
            right,
            ..
        } => {
            let show = |v: Option<Vec<i64>>| v.map_or("nothing".into(), |v| show_point(&v));
            let what = if shape.is_some() {
                "the index mapping over this shape is not strictly affine: the strides read at the mode boundaries give"
            } else {
                "no CuTe layout has this relation: the only candidate (read at the mode boundaries) is"
            };
            Err(Error::algebra(format!(
                "from_relation: {what} {}, which at flat coordinate {} gives {} where the relation gives {}",
                text::print_layout(&candidate),
                show_point(&witness),
                show(right),
                show(left)
            )))
        }
    }
}
