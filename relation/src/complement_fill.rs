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

/// Largest offset range (and domain of `H`) the bitmap form handles.
const BITMAP_LIMIT: i64 = 1 << 22;

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
    if let Some(r) = by_bitmap(&static_leaves(h)?, d) {
        return r;
    }
    complement_fill_isl(ctx, h, d)
}

/// The images the fixed point of [`complement_fill`] asks for, in one representation (ISL sets
/// or bitmaps): the algorithm is written once, in [`fill`].
trait Images {
    /// The least offset in `[from, limit)` outside the image of `H_curr`.
    fn first_gap(&mut self, from: i64, limit: i64) -> Result<Option<i64>>;
    /// The least offset of the image of `H` at or past `begin`.
    fn image_of_h_from(&self, begin: i64) -> Result<Option<i64>>;
    /// Append the mode `shape : stride` to `H_curr`.
    fn add_mode(&mut self, shape: i64, stride: i64) -> Result<()>;
}

/// The fixed point of the module doc on `images`, with `cosize` = cosize(H) and `limit` =
/// max(D, cosize(H)).
fn fill(images: &mut impl Images, cosize: i64, limit: i64) -> Result<Layout> {
    let max_index = limit - 1;
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
        let Some(begin) = images.first_gap(filled, limit)? else {
            break;
        };
        let shape;
        if begin < cosize {
            end = images
                .image_of_h_from(begin)?
                .ok_or_else(|| Error::algebra("internal: complement_fill past the image"))?;
            shape = end / begin;
        } else {
            end = limit;
            shape = layout_algebra::int::ceil_div(end, begin)?;
        }
        if shape > 1 {
            images.add_mode(shape, begin)?;
            comp.push((shape, begin));
        }
        filled = end;
    }
    Ok(match comp.as_slice() {
        [] => Layout::trivial(),
        [(s, d)] => Layout::leaf(*s, *d),
        _ => layout_of(&comp),
    })
}

/// The images as ISL sets: `H_curr` by its leaves, the image of `H` as a set.
struct IslImages<'c> {
    ctx: &'c Ctx,
    curr: Vec<(i64, i64)>,
    range_h: Set<'c>,
}

impl Images for IslImages<'_> {
    fn first_gap(&mut self, from: i64, limit: i64) -> Result<Option<i64>> {
        let image = flat_map(self.ctx, &layout_of(&self.curr), false)?.range()?;
        let gaps = interval(self.ctx, from, limit)?.subtract(image)?;
        Ok(gaps.lexmin_point()?.map(|p| p[0]))
    }
    fn image_of_h_from(&self, begin: i64) -> Result<Option<i64>> {
        let rest = self
            .range_h
            .clone()
            .subtract(interval(self.ctx, 0, begin)?)?;
        Ok(rest.lexmin_point()?.map(|p| p[0]))
    }
    fn add_mode(&mut self, shape: i64, stride: i64) -> Result<()> {
        self.curr.push((shape, stride));
        Ok(())
    }
}

/// [`complement_fill`] with every image computed by ISL (any strides and sizes; bounded by the
/// context's budget).
pub fn complement_fill_isl(ctx: &Ctx, h: &Layout, d: i64) -> Result<Layout> {
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
    let limit = d.max(cosize);
    let mut images = IslImages {
        ctx,
        curr: leaves,
        range_h,
    };
    fill(&mut images, cosize, limit)
}

/// Offsets `[0, len)` as bits.
struct Bitmap {
    words: Vec<u64>,
    len: i64,
}

impl Bitmap {
    fn new(len: i64) -> Bitmap {
        Bitmap {
            words: vec![0; (len as usize).div_ceil(64)],
            len,
        }
    }
    fn set(&mut self, i: i64) {
        if (0..self.len).contains(&i) {
            self.words[i as usize / 64] |= 1 << (i % 64);
        }
    }
    fn get(&self, i: i64) -> bool {
        self.words[i as usize / 64] >> (i % 64) & 1 == 1
    }
    /// self |= self shifted up by `k` >= 0 (bits past `len` are dropped).
    fn or_shifted(&mut self, k: i64) {
        if k >= self.len {
            return;
        }
        let (w, b) = ((k / 64) as usize, (k % 64) as u32);
        for i in (w..self.words.len()).rev() {
            let lo = self.words[i - w];
            let mut v = lo << b;
            if b > 0 && i > w {
                v |= self.words[i - w - 1] >> (64 - b);
            }
            self.words[i] |= v;
        }
        let tail = self.len as usize % 64;
        if tail != 0 {
            *self.words.last_mut().unwrap() &= (1u64 << tail) - 1;
        }
    }
    /// Add the mode (s, d): the union of the image shifted by 0, d, ..., (s-1) d, by doubling
    /// (O(log s) shifts).
    fn add_mode(&mut self, s: i64, d: i64) {
        let mut covered = 1i64;
        while covered < s {
            let step = covered.min(s - covered);
            match step.checked_mul(d) {
                Some(k) if k < self.len => self.or_shifted(k),
                _ => break,
            }
            covered += step;
        }
    }
    /// The least offset in `[from, len)` whose bit is clear.
    fn first_clear(&self, from: i64) -> Option<i64> {
        (from..self.len).find(|&i| !self.get(i))
    }
}

/// The same algorithm on explicit sets of offsets, for a layout with strides >= 0 whose
/// domain and offsets below max(D, cosize(H)) fit [`BITMAP_LIMIT`]: the images are bitmaps,
/// and appending a mode is a union of shifted copies. Exact, and instant where ISL's ranges of
/// floor-heavy relations are not (complement_fill(((2,64)):((5,32)), 17) ran for minutes).
/// None when the layout is outside these bounds (then ISL computes it).
fn by_bitmap(leaves: &[(i64, i64)], d: i64) -> Option<Result<Layout>> {
    if leaves.iter().any(|&(s, st)| s < 1 || st < 0) {
        return None;
    }
    let size = leaves
        .iter()
        .try_fold(1i64, |p, &(s, _)| p.checked_mul(s))
        .filter(|&n| n <= BITMAP_LIMIT)?;
    let cosize = leaves
        .iter()
        .try_fold(0i64, |acc, &(s, st)| {
            acc.checked_add((s - 1).checked_mul(st)?)
        })?
        .checked_add(1)?;
    let limit = d.max(cosize);
    if limit > BITMAP_LIMIT {
        return None;
    }
    let table = match layout_algebra::layout::table_leaves(leaves, size) {
        Ok(t) => t,
        Err(e) => return Some(Err(e)),
    };
    let mut range_h = table.clone();
    range_h.sort_unstable();
    range_h.dedup();
    let mut image = Bitmap::new(limit);
    for &o in &table {
        image.set(o);
    }
    Some(fill(&mut BitmapImages { image, range_h }, cosize, limit))
}

/// The images as bitmaps: `H_curr`'s image as bits, the image of `H` as a sorted list.
struct BitmapImages {
    image: Bitmap,
    range_h: Vec<i64>,
}

impl Images for BitmapImages {
    fn first_gap(&mut self, from: i64, _limit: i64) -> Result<Option<i64>> {
        // The bitmap's length is the limit.
        Ok(self.image.first_clear(from))
    }
    fn image_of_h_from(&self, begin: i64) -> Result<Option<i64>> {
        let i = self.range_h.partition_point(|&o| o < begin);
        Ok(self.range_h.get(i).copied())
    }
    fn add_mode(&mut self, shape: i64, stride: i64) -> Result<()> {
        self.image.add_mode(shape, stride);
        Ok(())
    }
}
