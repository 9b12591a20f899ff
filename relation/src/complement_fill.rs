//! The paper's complement, "fill as many gaps as possible" (its Algorithm 6), under its own
//! name: `complement_fill(H, D)`. CuTe's `complement` stays the algebra's (it rejects layouts
//! whose strides do not divide, e.g. (2,2):(1,5)); this one answers them:
//! complement_fill((2,2):(1,5), 20) = (2,3):(2,9).
//!
//! With max = max(D, cosize(H)) - 1, starting from H_curr = H and filled = [0, 1), repeat
//! while end <= max: begin = the least offset of [0, max] not in filled nor in the image of
//! H_curr (stop when there is none); filled = [0, begin); if begin < cosize(H), end = the least
//! offset of the image of H past filled and the new mode is floor(end/begin) : begin,
//! otherwise end = max + 1 and the mode is ceil(end/begin) : begin; a mode of extent > 1 is
//! appended to H_curr and to the complement; filled = [0, end).
//!
//! Two statements of the paper's pseudo-code contradict its own worked examples, which we
//! follow: the trailing gap keeps begin (the least unfilled offset, which is cosize(H_curr)),
//! not cosize(H) (with cosize(H), complement((2,2):(1,4), 20) would be (2,4):(2,6), not the
//! paper's (2,3):(2,8)); and the first mode found starts the complement (the pseudo-code's
//! "if H' is trivial then concatenate else replace" is inverted).

use layout_algebra::{Error, Layout, Result};

use crate::cute::{flat_map, static_leaves};
use crate::isl::{Ctx, Set};

/// Iterations at most (each appends a mode of extent >= 2 or moves `end` past a gap).
const MAX_STEPS: usize = 256;

fn layout_of(leaves: &[(i64, i64)]) -> Layout {
    let (s, d): (Vec<i64>, Vec<i64>) = leaves.iter().copied().unzip();
    Layout::flat(&s, &d)
}

fn interval<'c>(ctx: &'c Ctx, lo: i64, hi_excl: i64) -> Result<Set<'c>> {
    Set::parse(ctx, &format!("{{ [o] : {lo} <= o < {hi_excl} }}"))
}

/// The paper's complement of `h` up to `d`.
pub fn complement_fill(ctx: &Ctx, h: &Layout, d: i64) -> Result<Layout> {
    if d < 1 {
        return Err(Error::algebra(format!(
            "complement_fill: the target size {d} must be positive"
        )));
    }
    let leaves = static_leaves(h)?;
    let range_h = flat_map(ctx, h, false)?.range()?;
    let cosize = match range_h.lexmax_point()? {
        Some(p) => p[0]
            .checked_add(1)
            .ok_or_else(|| Error::overflow("complement_fill: cosize"))?,
        None => return Err(Error::algebra("complement_fill: the layout is empty")),
    };
    let max_index = (d - 1).max(cosize - 1);
    let limit = max_index
        .checked_add(1)
        .ok_or_else(|| Error::overflow("complement_fill: target"))?;
    let mut curr = leaves;
    let mut comp: Vec<(i64, i64)> = Vec::new();
    let mut filled = 1i64;
    let mut end = 0i64;
    let mut steps = 0;
    while end <= max_index {
        steps += 1;
        if steps > MAX_STEPS {
            return Err(Error::algebra(format!(
                "complement_fill: no fixed point after {MAX_STEPS} steps"
            )));
        }
        let image = flat_map(ctx, &layout_of(&curr), false)?.range()?;
        let gaps = interval(ctx, filled, limit)?.subtract(image)?;
        let Some(begin) = gaps.lexmin_point()?.map(|p| p[0]) else {
            break;
        };
        let (shape, stride);
        if begin < cosize {
            let rest = range_h.clone().subtract(interval(ctx, 0, begin)?)?;
            end = rest
                .lexmin_point()?
                .map(|p| p[0])
                .ok_or_else(|| Error::algebra("internal: complement_fill past the image"))?;
            shape = end / begin;
            stride = begin;
        } else {
            end = limit;
            shape = layout_algebra::int::ceil_div(end, begin)?;
            stride = begin;
        }
        if shape > 1 {
            curr.push((shape, stride));
            comp.push((shape, stride));
        }
        filled = end;
    }
    Ok(match comp.as_slice() {
        [] => Layout::trivial(),
        [(s, d)] => Layout::leaf(*s, *d),
        _ => layout_of(&comp),
    })
}
