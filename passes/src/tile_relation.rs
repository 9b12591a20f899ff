//! The source side of the proofs: a shared-memory tile layout as the relation from its
//! per-mode coordinate to the byte it occupies, built by `layout-relation` from the layout's
//! own semantics (not from any descriptor).
//!
//! A tile `L` or `Sw<B,M,S> o off o L` (offsets in elements, the swizzle on element offsets)
//! placed at byte address `A` holds coordinate c at byte `floor(bits * x / 8)` with
//! x = `Sw(A*8/bits + off + L(c))`: the address joins the offset before the swizzle, because
//! the hardware (and CuTe's shared-memory pointers) swizzle absolute addresses. A tile whose
//! address is aligned to the swizzle's repeat is unaffected; one that is not is placed where
//! the hardware really swizzles it.

use layout_algebra::linear::from_cute::from_cute;
use layout_algebra::{Func, Layout};
use layout_relation::affine_f2::{shift, AffineF2};
use layout_relation::{AnyLayout, Ctx, Map, Space};

/// `{ [c_0, .., c_{r-1}] -> [byte] }` of the tile `f` (one coordinate per top-level mode; with
/// `Space::Flat` one flat coordinate) at byte address `address`, for `elem_bits`-bit elements.
pub fn tile_bytes<'c>(
    ctx: &'c Ctx,
    f: &Func,
    space: Space,
    elem_bits: i64,
    address: i64,
) -> Result<Map<'c>, String> {
    let scaled = address
        .checked_mul(8)
        .ok_or_else(|| format!("byte address {address} overflows"))?;
    if elem_bits <= 0 || scaled % elem_bits != 0 {
        return Err(format!(
            "byte address {address} is not a whole number of {elem_bits}-bit elements"
        ));
    }
    let at = scaled / elem_bits;
    let placed = match f {
        Func::Composed(c) => Func::composed(
            c.outer.clone(),
            c.offset
                .checked_add(at)
                .ok_or_else(|| format!("offset {} + {at} overflows", c.offset))?,
            c.inner.clone(),
        ),
        Func::Layout(_) => f.clone(),
        Func::Swizzle(_) => {
            return Err("a swizzle alone has no shape: compose it with the tile layout".into())
        }
    };
    let shift = if matches!(f, Func::Layout(_)) { at } else { 0 };
    let rel = AnyLayout::Func(placed)
        .relation(ctx, space)
        .map_err(|e| e.to_string())?;
    let to_bytes = Map::parse(
        ctx,
        &format!("{{ [o] -> [a] : 8*a <= {elem_bits}*(o + {shift}) < 8*a + 8 }}"),
    )
    .map_err(|e| e.to_string())?;
    rel.apply_range(to_bytes).map_err(|e| e.to_string())
}

/// `{ c -> c }` over the coordinates of the tile `f` (its box in `space`): the domain on which
/// [`tile_bytes`] is total by construction, without the swizzle's bit variables.
pub fn tile_identity<'c>(ctx: &'c Ctx, f: &Func, space: Space) -> Result<Map<'c>, String> {
    let dom = AnyLayout::Func(f.clone())
        .domain(ctx, space)
        .map_err(|e| e.to_string())?;
    let n = dom.dim().map_err(|e| e.to_string())?;
    let vs = crate::isl_text::names("c", n).join(", ");
    Map::parse(ctx, &format!("{{ [{vs}] -> [{vs}] }}"))
        .and_then(|m| m.intersect_domain(dom))
        .map_err(|e| e.to_string())
}

/// The innermost shape:stride layout of a tile (its domain).
pub fn domain_layout(f: &Func) -> Result<&Layout, String> {
    f.domain_layout().map_err(|e| e.to_string())
}

/// Size of top-level mode `i` of the tile.
pub fn mode_size(f: &Func, i: usize) -> Result<i64, String> {
    domain_layout(f)?
        .mode(i)
        .and_then(|m| m.size())
        .map_err(|e| e.to_string())
}

/// Restrict a relation over (mn, k) to the block `0 <= mn < mn_n`, `k0 <= k < k0 + k_n`,
/// renumbered from k = 0.
pub fn k_block<'c>(rel: Map<'c>, mn_n: i64, k0: i64, k_n: i64) -> Result<Map<'c>, String> {
    let shift = Map::parse(
        rel.ctx(),
        &format!(
            "{{ [mn, k] -> [mn, kt] : kt = k + {k0} and 0 <= mn < {mn_n} and 0 <= k < {k_n} }}"
        ),
    )
    .map_err(|e| e.to_string())?;
    shift.apply_range(rel).map_err(|e| e.to_string())
}

/// The map of [`k_block`]`(`[`tile_bytes`]`(f, Space::Modes, elem_bits, address), mn_n, k0,
/// k_n)` as an affine map over F2 on the bits of (mn, k) when it is one, with the block inside
/// the tile; None otherwise (ISL decides). Exact because:
///
/// - `from_cute` converts the inner layout `L` (rank 2) exactly: `L(c)` is the XOR of the images
///   of the set bits of its per-mode coordinate c, on the whole tile;
/// - the block's k coordinate is `k0 + k'` with `k0` a multiple of the power of two `k_n`, so
///   its bits are those of `k'` and of `k0`, and `L(mn, k0 + k') = L(mn, k') ^ L(0, k0)`;
/// - the element offset added before the swizzle (the tile's own plus the address) shares no
///   bit with any image of `L`, so the sum does not carry;
/// - the swizzle and the byte scaling (a power-of-two element width) are linear over F2.
pub fn tile_block_f2(
    f: &Func,
    elem_bits: i64,
    address: i64,
    mn_n: i64,
    k0: i64,
    k_n: i64,
) -> Option<AffineF2> {
    let (sw, off, inner) = match f {
        Func::Composed(c) => match (&c.outer, &c.inner) {
            (Func::Swizzle(sw), Func::Layout(l)) => (Some(*sw), c.offset, l),
            _ => return None,
        },
        Func::Layout(l) => (None, 0, l),
        Func::Swizzle(_) => return None,
    };
    if inner.rank() != 2 || elem_bits <= 0 || elem_bits & (elem_bits - 1) != 0 {
        return None;
    }
    let lin = from_cute(&Func::Layout(inner.clone()), &["mn", "k"], "offset").ok()?;
    let (a, kb) = (lin.in_log2(0), lin.in_log2(1));
    let log2 = |x: i64| (x > 0 && x & (x - 1) == 0).then(|| x.trailing_zeros());
    let b = log2(k_n)?;
    if mn_n != 1i64 << a || k0 < 0 || k0 % k_n != 0 || k0 + k_n > 1i64 << kb {
        return None;
    }
    let cols: Vec<u64> = lin.columns().collect();
    let support = cols.iter().fold(0u64, |x, &c| x | c);
    let at = address.checked_mul(8)?;
    if at % elem_bits != 0 {
        return None;
    }
    let base = off.checked_add(at / elem_bits)?;
    if base < 0 || base as u64 & support != 0 {
        return None;
    }
    let mut constant = base as u64;
    for j in 0..kb {
        if k0 >> j & 1 == 1 {
            constant ^= cols[(a + j) as usize];
        }
    }
    let mut columns = cols[..a as usize].to_vec();
    columns.extend_from_slice(&cols[a as usize..(a + b) as usize]);
    let map = AffineF2 {
        in_bits: vec![a, b],
        columns,
        constant,
    };
    let map = match sw {
        // Sw(x) = x ^ ((x & yyy) >> S): linear; every offset here is >= 0.
        Some(sw) => map.then(|v| sw.apply(v as i64) as u64),
        None => map,
    };
    // byte = floor(bits * x / 8)
    let eb = elem_bits.trailing_zeros() as i32;
    let scaled = map.then(|v| shift(v, eb - 3).unwrap_or(u64::MAX));
    let fits = |v: u64| v < 1u64 << 62;
    (fits(scaled.constant) && scaled.columns.iter().all(|&c| fits(c))).then_some(scaled)
}

/// The map of [`k_block`]`(`[`tile_bytes`]`(f, Space::Modes, elem_bits, address), mn_n, k0,
/// k_n)` at one point (mn, k) of the block, by evaluating the tile (`Func::apply`, the
/// semantics its relation is built from) at the flat index of the mode coordinates
/// `(mn, k0 + k)`: `Sw(off + A + L(c))` (A the address in elements) and its first byte. None
/// when the block is not inside the tile (then the domains differ: ISL says where), for a
/// negative swizzle argument (the relation layer refuses those), or on overflow.
#[allow(clippy::too_many_arguments)]
pub fn tile_block_byte(
    f: &Func,
    elem_bits: i64,
    address: i64,
    mn_n: i64,
    k0: i64,
    k_n: i64,
    mn: i64,
    k: i64,
) -> Option<i64> {
    let (s0, s1) = (mode_size(f, 0).ok()?, mode_size(f, 1).ok()?);
    if domain_layout(f).ok()?.rank() != 2
        || mn_n != s0
        || k0 < 0
        || k0.checked_add(k_n)? > s1
        || !(0..mn_n).contains(&mn)
        || !(0..k_n).contains(&k)
    {
        return None;
    }
    let scaled = address.checked_mul(8)?;
    if elem_bits <= 0 || scaled % elem_bits != 0 {
        return None;
    }
    let at = scaled / elem_bits;
    let flat = s0.checked_mul(k0 + k)?.checked_add(mn)?;
    let x = match f {
        Func::Composed(c) => {
            let y = c
                .inner
                .apply(flat)
                .ok()?
                .checked_add(c.offset)?
                .checked_add(at)?;
            if y < 0 {
                return None;
            }
            c.outer.apply(y).ok()?
        }
        Func::Layout(l) => l.eval(flat).ok()?.checked_add(at)?,
        Func::Swizzle(_) => return None,
    };
    let b = x.checked_mul(elem_bits)?;
    Some(b.div_euclid(8))
}
