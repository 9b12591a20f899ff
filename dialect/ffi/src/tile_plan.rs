//! The tile plan of `layout.local_tile` (`layout_algebra::ops::local_tile`) on stored values:
//! the verifier's and the lowering's (dialect/src/tensor_partitions.rs).

use layout_algebra::ops::local_tile::{self, LocalTile, LocalTileError};

use crate::stored::Stored;

/// The plan of `layout.local_tile` of the tensor layout `layout` by the tile `tile`
/// (`ops::local_tile`, a value that is not a CuTe value read as having no rank) and the tile's
/// rank (-1 when it is not a flat tuple of positive extents): the verifier's and the
/// lowering's.
pub fn local_tile_of(
    layout: Option<&Stored>,
    tile: Option<&Stored>,
) -> (i64, Result<LocalTile, LocalTileError>) {
    let (l, t) = match (layout.and_then(Stored::cute), tile.and_then(Stored::cute)) {
        (Some(l), Some(t)) => (l, t),
        (_, None) => return (-1, Err(LocalTileError::NotFlat)),
        (None, Some(t)) => {
            let rank = local_tile::tile_extents(t).map_or(-1, |e| e.len() as i64);
            let err = match rank {
                -1 => LocalTileError::NotFlat,
                r => LocalTileError::Rank {
                    tile: r as usize,
                    layout: None,
                },
            };
            return (rank, Err(err));
        }
    };
    let rank = local_tile::tile_extents(t).map_or(-1, |e| e.len() as i64);
    (rank, local_tile::local_tile(l, t))
}
