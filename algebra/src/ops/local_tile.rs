//! The plan of `layout.local_tile` (CuTe's `local_tile(T, tile, coord)`): the facts its
//! verifier checks and its lowering builds on, computed once here.
//!
//! For a tensor of layout L (rank n) and a flat tile t = (t_0, ..., t_{n-1}) of positive static
//! extents, one per mode of L,
//!
//! ```text
//!   D       = zipped_divide(L, t)          ((tile modes), (rest modes))
//!   tile(L) = D_0 = get(D, 0)              the layout of one tile
//!   rest(L) = D_1 = get(D, 1)              tile coordinate c -> offset of tile c's origin
//!   local_tile(T, t, c) = (p + rest(c), tile(L))
//! ```
//!
//! The tile at c is the tile at 0 moved by rest(c) only when fixing mode 1 of D is a
//! translation of mode 0 (`Func::check_mode_translates(1)`: a swizzle must read no bit of the
//! move together with the tile's own offsets); otherwise the plan is an error.
//!
//! Bounds: mode d of L is `whole` when t_d = 1 or its extent is static and a multiple of t_d:
//! then every tile at a coordinate inside the tensor lies in it (CuTe's assumption; a tile of
//! extent 1, e.g. one head of a (seq, d, heads) tensor, is inside whenever its coordinate is).
//! Other modes need a predicate on the residue `size(L_d) - c_d t_d` (the lowering's).
//!
//! The same plan cuts the shared tile of a multicast TMA copy (`ops::multicast_slice`).

use crate::error::Error;
use crate::ops::call;
use crate::tuple::IntTuple;
use crate::value::Value;

/// The facts of one local_tile (module comment).
#[derive(Clone, Debug, PartialEq)]
pub struct LocalTile {
    /// The tile's extents t_d, one per mode of L.
    pub extents: Vec<i64>,
    /// zipped_divide(L, t).
    pub divided: Value,
    /// Mode 0 of the divided layout: the layout of one tile.
    pub tile: Value,
    /// Mode 1 of the divided layout: tile coordinate -> offset of the tile's origin.
    pub rest: Value,
    /// Per mode of L: the tile extent is 1, or the extent is static and a multiple of it.
    pub whole: Vec<bool>,
}

/// Why a local_tile has no plan.
#[derive(Clone, Debug, PartialEq)]
pub enum LocalTileError {
    /// The tile is not a flat tuple of positive static extents.
    NotFlat,
    /// The tile has `tile` modes, the layout `layout` (none: no rank).
    Rank { tile: usize, layout: Option<usize> },
    /// zipped_divide or get failed: the algebra's message.
    Algebra(Error),
    /// The tiles are not one tile moved: the message names the mode, stride and period.
    NotTranslation(Error),
}

fn integer(v: Result<Value, Error>) -> Option<i64> {
    match v.ok()? {
        Value::Tuple(IntTuple::Leaf(crate::Int::Lit(x))) => Some(x),
        _ => None,
    }
}

/// The extents of a flat tile of positive static extents (`tile`'s rank and depth as the
/// algebra's `rank` and `depth` read them), or [`LocalTileError::NotFlat`].
pub fn tile_extents(tile: &Value) -> Result<Vec<i64>, LocalTileError> {
    let Value::Tuple(t) = tile else {
        return Err(LocalTileError::NotFlat);
    };
    let rank = integer(call("rank", std::slice::from_ref(tile)));
    let depth = integer(call("depth", std::slice::from_ref(tile)));
    let extents = t
        .values("local_tile")
        .map_err(|_| LocalTileError::NotFlat)?;
    match (rank, depth) {
        (Some(r), Some(d))
            if d <= 1 && extents.len() as i64 == r && extents.iter().all(|&e| e > 0) =>
        {
            Ok(extents)
        }
        _ => Err(LocalTileError::NotFlat),
    }
}

/// The flat tile (t_0, ..., t_{n-1}) as an integer tuple.
pub fn tile_value(extents: &[i64]) -> Value {
    Value::Tuple(IntTuple::tuple(
        extents.iter().map(|&e| IntTuple::lit(e)).collect(),
    ))
}

/// The number of elements of each top-level mode of the layout function `l` (of its domain
/// for a swizzled or composed layout); `None` for a mode whose extents are not static.
pub fn mode_sizes(l: &Value) -> Option<Vec<Option<i64>>> {
    match l {
        Value::Func(f) => f.domain_layout().ok().map(|d| {
            d.modes()
                .iter()
                .map(|m| {
                    if m.shape.is_static() {
                        m.size().ok()
                    } else {
                        None
                    }
                })
                .collect()
        }),
        _ => None,
    }
}

/// The plan of local_tile of the layout `l` by the tile `tile` (module comment).
pub fn local_tile(l: &Value, tile: &Value) -> Result<LocalTile, LocalTileError> {
    let extents = tile_extents(tile)?;
    let rank = integer(call("rank", std::slice::from_ref(l)));
    if rank != Some(extents.len() as i64) {
        return Err(LocalTileError::Rank {
            tile: extents.len(),
            layout: rank.map(|r| r as usize),
        });
    }
    let divided =
        call("zipped_divide", &[l.clone(), tile.clone()]).map_err(LocalTileError::Algebra)?;
    let mode = |i: i64| call("get", &[divided.clone(), Value::int(i)]);
    let tile_layout = mode(0).map_err(LocalTileError::Algebra)?;
    match &divided {
        Value::Func(f) => f
            .check_mode_translates(1)
            .map_err(LocalTileError::NotTranslation)?,
        _ => {
            return Err(LocalTileError::NotTranslation(Error::algebra(
                "expected a CuTe layout",
            )))
        }
    }
    let rest = mode(1).map_err(LocalTileError::Algebra)?;
    let sizes = mode_sizes(l).unwrap_or_default();
    let whole = extents
        .iter()
        .enumerate()
        .map(|(d, &t)| t == 1 || matches!(sizes.get(d), Some(Some(s)) if s % t == 0))
        .collect();
    Ok(LocalTile {
        extents,
        divided,
        tile: tile_layout,
        rest,
        whole,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{parse, print};

    fn v(s: &str) -> Value {
        parse(s).unwrap()
    }

    #[test]
    fn tile_and_rest_are_the_modes_of_zipped_divide() {
        let l = v("(128,64):(64,1)");
        let p = local_tile(&l, &v("(64,32)")).unwrap();
        assert_eq!(p.extents, vec![64, 32]);
        assert_eq!(
            p.divided,
            call("zipped_divide", &[l.clone(), v("(64,32)")]).unwrap()
        );
        assert_eq!(print(&p.tile), "(64,32):(64,1)");
        assert_eq!(print(&p.rest), "(2,2):(4096,32)");
        assert_eq!(p.whole, vec![true, true]);
        // Tile (1,1) starts at rest(1,1) and holds L there: L(64 + i, 32 + j).
        let at = |f: &Value, c: &str| integer(call("crd2idx", &[v(c), f.clone()])).unwrap();
        assert_eq!(
            at(&p.rest, "(1,1)") + at(&p.tile, "(3,5)"),
            at(&l, "(67,37)")
        );
    }

    #[test]
    fn partial_and_dynamic_modes_are_not_whole() {
        let p = local_tile(&v("(100,64):(64,1)"), &v("(64,32)")).unwrap();
        assert_eq!(p.whole, vec![false, true]);
        let p = local_tile(&v("(?,?):(?,1)"), &v("(64,32)")).unwrap();
        assert_eq!(p.whole, vec![false, false]);
        assert_eq!(print(&p.tile), "(64,32):(?,1)");
    }

    #[test]
    fn a_mode_tiled_by_one_is_whole() {
        // One head of a (seq, d, heads) tensor: the head mode's extent is runtime, its tile 1.
        let p = local_tile(&v("(?,64,?):(64,1,?)"), &v("(64,64,1)")).unwrap();
        assert_eq!(p.whole, vec![false, true, true]);
        assert_eq!(print(&p.tile), "(64,64,1):(64,1,?)");
    }

    #[test]
    fn a_tile_is_a_flat_tuple_of_positive_extents() {
        let l = v("(128,64):(64,1)");
        for bad in [
            "((2,2),32)",
            "(0,32)",
            "(-4,32)",
            "(?,32)",
            "(64,32):(1,64)",
        ] {
            assert_eq!(
                local_tile(&l, &v(bad)),
                Err(LocalTileError::NotFlat),
                "{bad}"
            );
        }
        assert_eq!(tile_extents(&v("8")), Ok(vec![8]));
    }

    #[test]
    fn one_extent_per_mode() {
        assert_eq!(
            local_tile(&v("(128,64):(64,1)"), &v("(64)")),
            Err(LocalTileError::Rank {
                tile: 1,
                layout: Some(2)
            })
        );
    }

    #[test]
    fn tiles_of_a_swizzle_must_be_one_tile_moved() {
        // Sw<3,4,3> reads bits 4..6 and 7..9 of the offset: a tile of 8 rows (8 x 64 elements =
        // 512, bits 0..8) is moved by 512: row bits the swizzle reads with the tile's.
        let l = v("Sw<3,4,3> o 0 o (128,64):(64,1)");
        assert!(matches!(
            local_tile(&l, &v("(4,64)")),
            Err(LocalTileError::NotTranslation(_))
        ));
        assert!(local_tile(&l, &v("(64,64)")).is_ok());
    }

    #[test]
    fn the_algebra_refuses_a_divide() {
        // A tile that does not divide a runtime-free mode is fine (a partial tile); a tile
        // larger than a static mode is the algebra's error only where it refuses it.
        match local_tile(&v("(4,8):(8,1)"), &v("(3,8)")) {
            Ok(p) => assert_eq!(p.whole, vec![false, true]),
            Err(LocalTileError::Algebra(_)) => {}
            Err(e) => panic!("{e:?}"),
        }
    }
}
