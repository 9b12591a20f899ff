//! The lowering rules: a layout function applied to an index (or to one coordinate per mode)
//! becomes index arithmetic; idx2crd becomes the colexicographic split of an index.
//!
//! For a flat list of leaves (s_k : d_k) and an index x, the offset is
//! sum_k ((x div (s_0...s_{k-1})) mod s_k) * d_k, where the last leaf takes no `mod` (it
//! absorbs indices past the size, as in the algebra). Linear indices into a layout observe only
//! its function, so the leaves are those of `coalesce(L)` (the algebra's). Stride-0 leaves
//! cost nothing. Swizzles are and/shift/xor; composed layouts chain inner, offset, outer.

use layout_algebra::Swizzle;

use crate::bitfield::{self, Group};
use crate::emit::{power_of_two, Emitter, Sym};
use crate::symbolic::{Leaf, SymFunc, SymLayout};

const I64_MAX: i128 = i64::MAX as i128;

fn leaf_sym(l: Leaf, extent: bool) -> Sym {
    match l {
        Leaf::Lit(v) => Sym::constant(v),
        // A runtime extent is >= 1 (the algebra rejects non-positive extents); nothing is known
        // about a runtime stride.
        Leaf::Dyn(v) if extent => Sym::value(v, 1, I64_MAX),
        Leaf::Dyn(v) => Sym::unknown(v),
    }
}

/// The index range of a domain of `size` points (unknown size: any non-negative index).
pub fn domain_index(x: Sym, size: Option<i64>) -> Sym {
    let hi = size.map(|n| (n as i128 - 1).max(0)).unwrap_or(I64_MAX);
    Sym {
        lo: x.lo.max(0),
        hi: x.hi.min(hi).max(x.lo.max(0)),
        ..x
    }
}

/// Split `x` along the extents `shape`: one coordinate per leaf (the last absorbs the rest).
/// `want[k]` says whether coordinate k is needed (unneeded ones emit nothing).
/// Returns, for each leaf, the coordinate (or None when not wanted) as a closure result
/// through `f(k, base, divisor)`, which receives the value to split and the static divisor
/// still to apply to it.
fn split<F>(e: &mut Emitter, x: Sym, shape: &[Leaf], want: &[bool], mut f: F)
where
    F: FnMut(&mut Emitter, usize, Sym, i64),
{
    let mut base = x;
    let mut divisor: i64 = 1;
    let mut pending: Vec<Sym> = Vec::new();
    let n = shape.len();
    for k in 0..n {
        if want[k] {
            if !pending.is_empty() {
                base = e.div_const(base, divisor);
                divisor = 1;
                for p in pending.drain(..) {
                    base = e.div(base, p);
                }
            }
            f(e, k, base, divisor);
        }
        if k + 1 < n {
            match shape[k] {
                Leaf::Lit(s) => match divisor.checked_mul(s) {
                    Some(d) if (d as i128) <= base.hi => divisor = d,
                    // Every later coordinate is 0 on this range.
                    _ => {
                        base = Sym::constant(0);
                        divisor = 1;
                    }
                },
                Leaf::Dyn(_) => pending.push(leaf_sym(shape[k], true)),
            }
        }
    }
}

/// The coordinate of leaf k: (base div divisor) mod s (no mod for the last leaf).
fn coordinate(e: &mut Emitter, base: Sym, divisor: i64, s: Leaf, last: bool) -> Sym {
    let q = e.div_const(base, divisor);
    if last {
        q
    } else {
        e.rem(q, leaf_sym(s, true))
    }
}

/// The term c_k * d_k of one leaf, choosing the cheapest form; for power-of-two divisor,
/// extent and stride, ((x >> p) & (s-1)) << r can be one `andi` (r == p) or a shift and an
/// `andi` with the mask (s-1) << r.
/// The masked form of [`term`] for power-of-two divisor, extent and stride, when it is
/// exact and cheaper than the generic form: (p, r, mask, ops). Also returns the ops of the
/// generic form.
fn masked_form(
    base: Sym,
    divisor: i64,
    s: Leaf,
    d: Leaf,
    last: bool,
) -> (Option<(u32, u32, i64, u32)>, Option<u32>) {
    if let (Some(p), Some(sv), Some(dv)) = (power_of_two(divisor), s.lit(), d.lit()) {
        if let (Some(_), Some(r)) = (power_of_two(sv), power_of_two(dv)) {
            let quotient_hi = base.hi >> p;
            let needs_mod = !last && quotient_hi >= sv as i128;
            // Cost of the generic form: div (p > 0), mod, mul (r > 0).
            let generic = (p > 0 && base.hi >= divisor as i128) as u32
                + needs_mod as u32
                + (r > 0 && quotient_hi > 0) as u32;
            // The masked form is exact when the mod is needed or a no-op (not for a last leaf
            // whose quotient may exceed its extent).
            if base.nonneg() && (needs_mod || quotient_hi < sv as i128) && quotient_hi > 0 {
                let mask = ((sv - 1) as i128) << r;
                let shifted_fits = r <= p || (base.hi << (r - p)) <= I64_MAX;
                let masked = if r == p { 1 } else { 2 };
                if mask <= I64_MAX && shifted_fits && masked < generic {
                    return (Some((p, r, mask as i64, masked)), Some(generic));
                }
            }
            return (None, Some(generic));
        }
    }
    (None, None)
}

/// Ops of [`term`] for a leaf that is a bit field (power-of-two divisor and stride).
fn term_cost(base: Sym, divisor: i64, s: Leaf, d: Leaf, last: bool) -> u32 {
    match masked_form(base, divisor, s, d, last) {
        (Some((_, _, _, ops)), _) => ops,
        (None, Some(generic)) => generic,
        // A field with a non-power-of-two extent (a top field): div (p > 0), mul (r > 0).
        (None, None) => {
            let p = power_of_two(divisor).unwrap_or(0);
            let r = d.lit().and_then(power_of_two).unwrap_or(1);
            (p > 0 && base.hi >= divisor as i128) as u32 + (r > 0) as u32
        }
    }
}

fn term(e: &mut Emitter, base: Sym, divisor: i64, s: Leaf, d: Leaf, last: bool) -> Sym {
    {
        {
            if let (Some((p, r, mask, _)), _) = masked_form(base, divisor, s, d, last) {
                {
                    let shifted = if r < p {
                        e.shr(base, p - r)
                    } else if r > p {
                        e.shl(base, r - p)
                    } else {
                        base
                    };
                    return e.and_const(shifted, mask);
                }
            }
        }
    }
    let c = coordinate(e, base, divisor, s, last);
    e.mul(c, leaf_sym(d, false))
}

/// sum_k c_k(x) * d_k over flat leaves.
///
/// The leaves are split from `x` in order; a wanted leaf whose divisor (relative to the value
/// being split) is not a power of two first divides that value once (`base = base div P`),
/// so the leaves after it split the quotient with power-of-two divisors again. Terms that are
/// bit fields of the same value with the same shift are merged into one mask
/// ([`crate::bitfield`]); the others take [`term`].
pub fn apply_leaves(e: &mut Emitter, x: Sym, leaves: &[(Leaf, Leaf)]) -> Sym {
    enum Slot {
        Term(Sym),
        /// A group and its first field's leaf (base, divisor, extent, stride, last).
        Group(usize, (Sym, i64, Leaf, Leaf, bool)),
    }
    let n = leaves.len();
    let mut slots = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    let mut base = x;
    let mut divisor: i64 = 1;
    let mut pending: Vec<Sym> = Vec::new();
    for (k, &(s, d)) in leaves.iter().enumerate() {
        let wanted = !matches!(d, Leaf::Lit(0)) && !matches!(s, Leaf::Lit(1));
        if wanted {
            if !pending.is_empty() {
                base = e.div_const(base, divisor);
                divisor = 1;
                for p in pending.drain(..) {
                    base = e.div(base, p);
                }
            } else if power_of_two(divisor).is_none() {
                base = e.div_const(base, divisor);
                divisor = 1;
            }
            let last = k + 1 == n;
            let p = power_of_two(divisor).unwrap_or(0);
            match bitfield::field(base, p, s, d, last) {
                Some(f) => match groups.iter().position(|g| g.takes(&base, &f)) {
                    Some(g) => {
                        groups[g].mask |= f.mask;
                        groups[g].fields += 1;
                    }
                    None => {
                        groups.push(Group {
                            base,
                            mask: f.mask,
                            shift: f.shift,
                            fields: 1,
                        });
                        slots.push(Slot::Group(groups.len() - 1, (base, divisor, s, d, last)));
                    }
                },
                None => slots.push(Slot::Term(term(e, base, divisor, s, d, last))),
            }
        }
        if k + 1 < n {
            match s {
                Leaf::Lit(v) => match divisor.checked_mul(v) {
                    Some(q) if (q as i128) <= base.hi => divisor = q,
                    // Every later coordinate is 0 on this range.
                    _ => {
                        base = Sym::constant(0);
                        divisor = 1;
                    }
                },
                Leaf::Dyn(_) => pending.push(leaf_sym(s, true)),
            }
        }
    }
    let mut acc = Sym::constant(0);
    for slot in slots {
        let t = match slot {
            Slot::Term(t) => t,
            // A field alone keeps the per-leaf form unless the group form is cheaper.
            Slot::Group(g, (base, divisor, s, d, last))
                if groups[g].fields == 1
                    && groups[g].cost() >= term_cost(base, divisor, s, d, last) =>
            {
                term(e, base, divisor, s, d, last)
            }
            Slot::Group(g, _) => groups[g].emit(e),
        };
        acc = e.add(acc, t);
    }
    acc
}

/// A layout applied to a linear index. `in_domain`: x is known to be < size(L), so the
/// layout may be coalesced first (coalesce keeps the function on the domain only).
pub fn apply_layout(
    e: &mut Emitter,
    l: &SymLayout,
    x: Sym,
    in_domain: bool,
) -> Result<Sym, String> {
    let leaves = if in_domain {
        l.coalesced()?
    } else {
        l.leaves()
    };
    Ok(apply_leaves(e, x, &leaves))
}

/// Sw<B,M,S>(x) = x ^ ((x & yyy) >> S) for x >= 0.
pub fn apply_swizzle(e: &mut Emitter, s: &Swizzle, x: Sym) -> Sym {
    if s.is_identity() || x.hi < (1i128 << (s.m + s.s.max(0))) {
        return x;
    }
    let y = e.and_const(x, s.yyy_mask());
    let moved = if s.s >= 0 {
        e.shr(y, s.s as u32)
    } else {
        e.shl(y, (-s.s) as u32)
    };
    e.xor(x, moved)
}

/// A function applied to an offset (outer parts of composed layouts).
/// Offsets are non-negative by contract (the algebra rejects a swizzle of a negative offset
/// and a layout evaluated at a negative index is outside its domain): the range of `z` is
/// clamped to [0, ..) (this only matters with runtime strides of unknown sign).
fn apply_outer(e: &mut Emitter, f: &SymFunc, z: Sym) -> Result<Sym, String> {
    let z = Sym {
        lo: z.lo.max(0),
        hi: z.hi.max(0),
        ..z
    };
    match f {
        SymFunc::Layout(l) => {
            let in_domain = match l.static_size() {
                Some(n) => z.lo >= 0 && z.hi < n as i128,
                None => false,
            };
            apply_layout(e, l, z, in_domain)
        }
        SymFunc::Swizzle(s) => Ok(apply_swizzle(e, s, z)),
        SymFunc::Composed(outer, off, inner) => {
            let y = apply_outer(e, inner, z)?;
            let w = e.add_const(y, *off);
            apply_outer(e, outer, w)
        }
    }
}

/// crd2idx: `coords` is one linear index, one index per top-level mode of the domain layout,
/// or one index per leaf of its shape (a hierarchical coordinate with the shape's profile).
pub fn crd2idx(e: &mut Emitter, f: &SymFunc, coords: &[Sym]) -> Result<Sym, String> {
    match f {
        SymFunc::Layout(l) => {
            if coords.len() == 1 {
                let x = domain_index(coords[0], l.static_size());
                return apply_layout(e, l, x, true);
            }
            let rank = l.layout.rank();
            let leaves = l.shape.len();
            if coords.len() != rank && coords.len() == leaves {
                return Ok(crd2idx_per_leaf(e, l, coords));
            }
            if coords.len() != rank {
                return Err(format!(
                    "{} coordinates for a layout of rank {rank} with {leaves} leaves (expected 1, {rank} or {leaves})",
                    coords.len()
                ));
            }
            let mut acc = Sym::constant(0);
            for (i, c) in coords.iter().enumerate() {
                let m = l.mode(i)?;
                let x = domain_index(*c, m.static_size());
                let t = apply_layout(e, &m, x, true)?;
                acc = e.add(acc, t);
            }
            Ok(acc)
        }
        SymFunc::Swizzle(s) => {
            if coords.len() != 1 {
                return Err("a swizzle takes one offset".into());
            }
            let x = domain_index(coords[0], None);
            Ok(apply_swizzle(e, s, x))
        }
        SymFunc::Composed(outer, off, inner) => {
            let y = crd2idx(e, inner, coords)?;
            let z = e.add_const(y, *off);
            apply_outer(e, outer, z)
        }
    }
}

/// crd2idx at a hierarchical coordinate with the profile of the shape: `sum_k c_k * d_k` over
/// the leaves (CuTe's inner product of a congruent coordinate with the strides). Each c_k lies
/// in `[0, s_k)` by the op's contract; the range feeds the overflow flags, and a leaf with
/// stride 0 or extent 1 contributes nothing.
fn crd2idx_per_leaf(e: &mut Emitter, l: &SymLayout, coords: &[Sym]) -> Sym {
    let mut acc = Sym::constant(0);
    for (&c, leaf) in coords.iter().zip(l.leaves()) {
        let x = domain_index(c, leaf.0.lit());
        let t = apply_leaves(e, x, &[leaf]);
        acc = e.add(acc, t);
    }
    acc
}

/// idx2crd: the coordinate of a linear index in the shape of the domain layout, one value per
/// leaf (colexicographic; the last leaf absorbs the rest).
pub fn idx2crd(e: &mut Emitter, f: &SymFunc, x: Sym) -> Result<Vec<Sym>, String> {
    let l = match f {
        SymFunc::Layout(l) => l,
        SymFunc::Composed(_, _, inner) => return idx2crd(e, inner, x),
        SymFunc::Swizzle(_) => return Err("a swizzle alone has no shape".into()),
    };
    let x = domain_index(x, l.static_size());
    let n = l.shape.len();
    let mut out = vec![Sym::constant(0); n];
    let want: Vec<bool> = l.shape.iter().map(|s| !matches!(s, Leaf::Lit(1))).collect();
    let shape = l.shape.clone();
    split(e, x, &shape, &want, |e, k, base, divisor| {
        out[k] = coordinate(e, base, divisor, shape[k], k + 1 == n);
    });
    // A static extent-1 leaf has coordinate 0, except a last one, which absorbs the rest.
    if n > 0 && matches!(shape[n - 1], Leaf::Lit(1)) && !want[n - 1] {
        let mut rest = Sym::constant(0);
        let mut first = true;
        split(
            e,
            x,
            &shape,
            &(0..n).map(|k| k + 1 == n).collect::<Vec<_>>(),
            |e, k, base, divisor| {
                if first {
                    rest = coordinate(e, base, divisor, shape[k], true);
                    first = false;
                }
            },
        );
        out[n - 1] = rest;
    }
    Ok(out)
}

/// size: the product of the extents of the domain layout (runtime extents multiply at run time).
pub fn size(e: &mut Emitter, f: &SymFunc) -> Result<Sym, String> {
    let l = match f {
        SymFunc::Layout(l) => l,
        SymFunc::Composed(_, _, inner) => return size(e, inner),
        SymFunc::Swizzle(_) => return Err("a swizzle alone has no shape".into()),
    };
    let mut acc = Sym::constant(1);
    for s in &l.shape {
        acc = e.mul(acc, leaf_sym(*s, true));
    }
    Ok(acc)
}
