//! Bijectivity of chains, checked.
//!
//! RegP pieces are bijections by construction (a permutation of dims composed with canonical
//! bijections), and so are OrderBy and GroupBy once every stage has the same number of
//! elements. What remains is GenP: a user function and its claimed inverse. With static
//! extents it is checked exhaustively: for every index `i` of the tile, `y = f(i)` lies in
//! `[0, size)` and `finv(y) == i`. That makes `f` injective from a set of `size` elements into
//! one of `size` elements, hence bijective, with `finv` its inverse. A failure is an error that
//! names the piece and gives a witness. Tiles past [`GENP_CHECK_LIMIT`] elements are refused
//! (the ISL proof for larger ones belongs to the relation layer, which this crate cannot use).

use super::chain::{product, Chain, GenP, Piece};
use crate::error::{Error, Result};

/// Largest GenP tile checked exhaustively (elements).
pub const GENP_CHECK_LIMIT: i64 = 1 << 22;

/// Most expression-node evaluations the GenP checks of one chain may take.
pub const GENP_WORK_LIMIT: u128 = 1 << 30;

/// Largest layout `lego_table` enumerates.
pub const TABLE_LIMIT: i64 = 1 << 20;

/// All row-major indices of `dims`, in order, passed to `visit`.
pub fn for_each_index(dims: &[i64], mut visit: impl FnMut(&[i64]) -> Result<()>) -> Result<()> {
    let n = product(dims)?;
    let mut idx = vec![0i64; dims.len()];
    for _ in 0..n {
        visit(&idx)?;
        for k in (0..dims.len()).rev() {
            idx[k] += 1;
            if idx[k] < dims[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    Ok(())
}

/// Check a GenP piece (`where_` names it in messages).
pub fn check_genp(g: &GenP, where_: &str) -> Result<()> {
    let size = product(&g.dims)?;
    if size > GENP_CHECK_LIMIT {
        return Err(Error::algebra(format!(
            "{where_}: GenP tile {:?} has {size} elements, more than the exhaustive bijectivity \
             check handles ({GENP_CHECK_LIMIT})",
            g.dims
        )));
    }
    let piece = Piece::GenP(g.clone());
    for_each_index(&g.dims, |i| {
        let y = piece
            .apply(i)
            .map_err(|e| Error::algebra(format!("{where_}: GenP f at {i:?} fails: {e}")))?;
        if y < 0 || y >= size {
            return Err(Error::algebra(format!(
                "{where_}: GenP f maps {i:?} to {y}, outside [0, {size})"
            )));
        }
        let back = piece
            .inv(&y)
            .map_err(|e| Error::algebra(format!("{where_}: GenP finv at {y} fails: {e}")))?;
        if back != i {
            return Err(Error::algebra(format!(
                "{where_}: GenP finv is not the inverse of f: f{i:?} = {y} but finv({y}) = {back:?}"
            )));
        }
        Ok(())
    })
}

/// Check a parsed chain: every stage has as many elements as the GroupBy, every GenP is a
/// bijection with the given inverse, and the symbolic strides fit in i64.
pub fn check_chain(c: &Chain) -> Result<()> {
    // Bound the work of the exhaustive GenP checks: elements times expression nodes.
    let mut work: u128 = 0;
    for o in &c.orders {
        for p in &o.pieces {
            if let Piece::GenP(g) = p {
                let nodes = g.f.size() + g.finv.iter().map(|e| e.size()).sum::<usize>();
                work += product(&g.dims)?.max(0) as u128 * nodes as u128;
            }
        }
    }
    if work > GENP_WORK_LIMIT {
        return Err(Error::algebra(format!(
            "the GenP bijectivity checks would evaluate {work} expression nodes, more than \
             {GENP_WORK_LIMIT}"
        )));
    }
    check_sizes(c)?;
    for (k, o) in c.orders.iter().enumerate() {
        for (j, p) in o.pieces.iter().enumerate() {
            if let Piece::GenP(g) = p {
                check_genp(g, &format!("OrderBy {} piece {}", k + 1, j + 1))?;
            }
        }
    }
    Ok(())
}

/// Every OrderBy stage has as many elements as the logical view (GroupBy): the part of
/// [`check_chain`] that does not evaluate GenP pieces (the relation layer proves those).
pub fn check_sizes(c: &Chain) -> Result<()> {
    let n = product(&c.dims())?;
    for (k, o) in c.orders.iter().enumerate() {
        let m = product(&o.dims())?;
        if m != n {
            return Err(Error::algebra(format!(
                "OrderBy {} of the chain has {m} elements ({:?}), the logical view (GroupBy) \
                 has {n} ({:?})",
                k + 1,
                o.dims(),
                c.dims()
            )));
        }
    }
    Ok(())
}

/// The full mapping: entry `r` is `apply` at the `r`-th logical index in row-major order.
/// Checked to be a permutation of `[0, size)` (a post-condition of bijectivity).
pub fn table(c: &Chain) -> Result<Vec<i64>> {
    let n = c.size()?;
    if n > TABLE_LIMIT {
        return Err(Error::algebra(format!(
            "lego_table: the layout has {n} elements, more than the table limit {TABLE_LIMIT}"
        )));
    }
    let mut out = Vec::with_capacity(n as usize);
    let mut seen = vec![false; n as usize];
    for_each_index(&c.dims(), |i| {
        let y = c.apply(i)?;
        if y < 0 || y >= n || seen[y as usize] {
            return Err(Error::algebra(format!(
                "lego_table: the layout is not a bijection: {i:?} maps to {y}"
            )));
        }
        seen[y as usize] = true;
        out.push(y);
        Ok(())
    })?;
    Ok(out)
}
