//! Properties of relations, decided by ISL, each with a witness when it fails.
//!
//! - equality: `A = B` (isl_map_is_equal). When the domains differ, the witness is the least
//!   coordinate of their symmetric difference; otherwise the least coordinate of the domain of
//!   `(A \ B) u (B \ A)`, where the two relations give different offsets.
//! - injectivity: the pairs `c1 <lex c2` of `A ; A^-1` (coordinates that share an offset);
//!   the witness is the least such pair and their offset.
//! - bijectivity onto a codomain K: injective, a function, and `range(A) = K`; the witness is
//!   a collision, a coordinate with two offsets, the least offset of `K \ range(A)` (missed) or
//!   of `range(A) \ K` (outside).
//!
//! Witnesses are lexicographic minima, so they are deterministic and the smallest there are.

use layout_algebra::{Error, Result};

use crate::isl::{Ctx, Map, Set};

/// A point as text: `5` or `(1, 2)`.
pub fn show_point(p: &[i64]) -> String {
    match p {
        [x] => x.to_string(),
        _ => format!(
            "({})",
            p.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// The set holding just `p`.
pub fn point_set<'c>(ctx: &'c Ctx, p: &[i64]) -> Result<Set<'c>> {
    let xs: Vec<String> = p.iter().map(i64::to_string).collect();
    Set::parse(ctx, &format!("{{ [{}] }}", xs.join(", ")))
}

/// The least image of the point `at` under `rel`, or None when `at` is outside its domain.
pub fn image_at(rel: &Map<'_>, at: &[i64]) -> Result<Option<Vec<i64>>> {
    rel.clone()
        .intersect_domain(point_set(rel.ctx(), at)?)?
        .range()?
        .lexmin_point()
}

/// The least image of `at`, which must be in the domain.
pub fn image_point(rel: &Map<'_>, at: &[i64]) -> Result<Vec<i64>> {
    image_at(rel, at)?.ok_or_else(|| {
        Error::algebra(format!(
            "internal: coordinate {} is not in the relation's domain",
            show_point(at)
        ))
    })
}

/// `{ [a_0..a_{n-1}] -> [b_0..b_{n-1}] : a <lex b }`.
fn lex_lt<'c>(ctx: &'c Ctx, n: usize) -> Result<Map<'c>> {
    let a = crate::expr::vars("a", n);
    let b = crate::expr::vars("b", n);
    let mut alts = Vec::with_capacity(n);
    for k in 0..n {
        let mut conj: Vec<String> = (0..k).map(|j| format!("{} = {}", a[j], b[j])).collect();
        conj.push(format!("{} < {}", a[k], b[k]));
        alts.push(format!("({})", conj.join(" and ")));
    }
    let cond = if alts.is_empty() {
        "false".to_string()
    } else {
        alts.join(" or ")
    };
    Map::parse(
        ctx,
        &format!("{{ [{}] -> [{}] : {cond} }}", a.join(", "), b.join(", ")),
    )
}

/// The least pair `(p, q)`, `p <lex q`, related by `pairs` (a map from a space to itself).
fn least_pair(pairs: Map<'_>, n: usize) -> Result<Option<(Vec<i64>, Vec<i64>)>> {
    let ctx = pairs.ctx();
    let ordered = pairs.intersect(lex_lt(ctx, n)?)?;
    Ok(ordered.wrapped()?.lexmin_point()?.map(|mut v| {
        let q = v.split_off(n);
        (v, q)
    }))
}

/// The verdict of an equality test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Equality {
    Equal,
    /// Unequal at `witness`; `left`/`right` are the values there (None: outside a domain).
    Unequal {
        witness: Vec<i64>,
        left: Option<Vec<i64>>,
        right: Option<Vec<i64>>,
        reason: String,
    },
}

/// Decide `a = b`, with a witness coordinate when they differ.
pub fn equal(a: &Map<'_>, b: &Map<'_>) -> Result<Equality> {
    let (ai, ao, bi, bo) = (a.in_dim()?, a.out_dim()?, b.in_dim()?, b.out_dim()?);
    if (ai, ao) != (bi, bo) {
        return Err(Error::algebra(format!(
            "equal: cannot compare a relation of {ai} inputs and {ao} outputs with one of {bi} inputs and {bo} outputs (compare both in the flat space)"
        )));
    }
    if a.is_equal(b)? {
        return Ok(Equality::Equal);
    }
    let (da, db) = (a.domain()?, b.domain()?);
    if !da.is_equal(&db)? {
        let sym = da.clone().subtract(db.clone())?.union(db.subtract(da)?)?;
        let w = sym
            .lexmin_point()?
            .ok_or_else(|| Error::algebra("internal: unequal domains without a witness"))?;
        let (left, right) = (image_at(a, &w)?, image_at(b, &w)?);
        let reason = format!(
            "the domains differ: coordinate {} is in the domain of the {} relation only",
            show_point(&w),
            if left.is_some() { "left" } else { "right" }
        );
        return Ok(Equality::Unequal {
            witness: w,
            left,
            right,
            reason,
        });
    }
    let diff = a
        .clone()
        .subtract(b.clone())?
        .union(b.clone().subtract(a.clone())?)?;
    let w = diff
        .domain()?
        .lexmin_point()?
        .ok_or_else(|| Error::algebra("internal: unequal relations without a witness"))?;
    let (left, right) = (image_at(a, &w)?, image_at(b, &w)?);
    let reason = format!(
        "at coordinate {} the left gives {} and the right gives {}",
        show_point(&w),
        left.as_deref().map_or("nothing".into(), show_point),
        right.as_deref().map_or("nothing".into(), show_point)
    );
    Ok(Equality::Unequal {
        witness: w,
        left,
        right,
        reason,
    })
}

/// Why a relation is not injective or not bijective.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Two coordinates with one offset.
    Collision {
        first: Vec<i64>,
        second: Vec<i64>,
        offset: Vec<i64>,
    },
    /// One coordinate with two offsets.
    TwoValues {
        coord: Vec<i64>,
        first: Vec<i64>,
        second: Vec<i64>,
    },
    /// An offset of the codomain that no coordinate reaches.
    Missed { offset: Vec<i64> },
    /// An offset reached outside the codomain.
    Outside { offset: Vec<i64> },
}

impl Failure {
    pub fn reason(&self) -> String {
        match self {
            Failure::Collision {
                first,
                second,
                offset,
            } => format!(
                "coordinates {} and {} both map to offset {}",
                show_point(first),
                show_point(second),
                show_point(offset)
            ),
            Failure::TwoValues {
                coord,
                first,
                second,
            } => format!(
                "coordinate {} maps to both {} and {}",
                show_point(coord),
                show_point(first),
                show_point(second)
            ),
            Failure::Missed { offset } => {
                format!(
                    "offset {} of the codomain is not reached",
                    show_point(offset)
                )
            }
            Failure::Outside { offset } => {
                format!("offset {} is outside the codomain", show_point(offset))
            }
        }
    }
}

/// None when `rel` is injective, else the least collision.
pub fn injectivity(rel: &Map<'_>) -> Result<Option<Failure>> {
    if rel.is_injective()? {
        return Ok(None);
    }
    let n = rel.in_dim()?;
    let pairs = rel.clone().apply_range(rel.clone().reverse()?)?;
    let (first, second) = least_pair(pairs, n)?
        .ok_or_else(|| Error::algebra("internal: non-injective relation without a witness"))?;
    let offset = image_point(rel, &first)?;
    Ok(Some(Failure::Collision {
        first,
        second,
        offset,
    }))
}

/// None when `rel` is a function (single-valued), else a coordinate with two offsets.
pub fn single_valuedness(rel: &Map<'_>) -> Result<Option<Failure>> {
    if rel.is_single_valued()? {
        return Ok(None);
    }
    let n = rel.out_dim()?;
    let pairs = rel.clone().reverse()?.apply_range(rel.clone())?;
    let (first, second) = least_pair(pairs, n)?
        .ok_or_else(|| Error::algebra("internal: multi-valued relation without a witness"))?;
    let back = rel.clone().reverse()?;
    let from_first = back
        .clone()
        .intersect_domain(point_set(rel.ctx(), &first)?)?;
    let from_second = back.intersect_domain(point_set(rel.ctx(), &second)?)?;
    let coord = from_first
        .range()?
        .intersect(from_second.range()?)?
        .lexmin_point()?
        .ok_or_else(|| Error::algebra("internal: multi-valued relation without a coordinate"))?;
    Ok(Some(Failure::TwoValues {
        coord,
        first,
        second,
    }))
}

/// None when `rel` is a bijection onto `codomain`, else the first failure found.
pub fn bijectivity(rel: &Map<'_>, codomain: &Set<'_>) -> Result<Option<Failure>> {
    if let Some(f) = single_valuedness(rel)? {
        return Ok(Some(f));
    }
    if let Some(f) = injectivity(rel)? {
        return Ok(Some(f));
    }
    let range = rel.range()?;
    if let Some(offset) = codomain.clone().subtract(range.clone())?.lexmin_point()? {
        return Ok(Some(Failure::Missed { offset }));
    }
    if let Some(offset) = range.subtract(codomain.clone())?.lexmin_point()? {
        return Ok(Some(Failure::Outside { offset }));
    }
    Ok(None)
}

/// The offsets between the least and the largest offset of a one-output relation that it
/// does not reach.
pub fn gaps<'c>(rel: &Map<'c>) -> Result<Set<'c>> {
    if rel.out_dim()? != 1 {
        return Err(Error::algebra(
            "gaps: the relation must have one output (use the flat space)",
        ));
    }
    let range = rel.range()?;
    let (lo, hi) = match (range.lexmin_point()?, range.lexmax_point()?) {
        (Some(lo), Some(hi)) => (lo[0], hi[0]),
        _ => return Set::parse(rel.ctx(), "{ [o] : false }"),
    };
    Set::parse(rel.ctx(), &format!("{{ [o] : {lo} <= o <= {hi} }}"))?
        .subtract(range)?
        .coalesce()
}
