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

use layout_algebra::{Func, Layout};
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
