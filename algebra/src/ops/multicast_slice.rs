//! The slice of a shared tile that one CTA loads in a `layout.tma_copy` with `multicast = n`,
//! computed once here for the verifier, the lowering and the derived host function.
//!
//! A multicast load of the shared tile S (static mode extents (E_0, E_1, ..., E_{k-1})) to n
//! CTAs of a cluster cuts mode 0 in n slices: CTA r loads
//!
//! ```text
//!   slice  = (E_0 / n, E_1, ..., E_{k-1})          (n must divide E_0)
//!   S_r    = local_tile(S, slice, (r, 0, ..., 0))  (ops::local_tile)
//! ```
//!
//! and multicasts it to the same place of every CTA's tile. Every slice has the layout
//! tile(S) = get(zipped_divide(S, slice), 0) (the TMA box of each CTA), and slice r is slice 0
//! moved by rest(r): the local_tile plan checks that fixing mode 1 of the divided layout is a
//! translation (TMA swizzles by the shared address, so a swizzle must read no bit of the move).

use crate::error::Error;
use crate::ops::local_tile::{self, LocalTile, LocalTileError};
use crate::text::print;
use crate::value::Value;

/// The plan of a multicast slice (module comment).
#[derive(Clone, Debug, PartialEq)]
pub struct MulticastSlice {
    /// The slice tile (E_0 / n, E_1, ...) as an integer tuple.
    pub slice: Value,
    /// local_tile of the shared tile by the slice.
    pub tile: LocalTile,
}

/// Why a shared tile has no multicast slice.
#[derive(Clone, Debug, PartialEq)]
pub enum MulticastError {
    /// The shared tile's layout has no rank (not a layout function).
    NoRank,
    /// Mode `0` has no static extent.
    NotStatic(usize),
    /// n does not divide the extent of mode 0 (given), or n < 1.
    NotMultiple(i64),
    /// zipped_divide failed: the algebra's message.
    Algebra(Error),
    /// The slices are not one slice moved: "in slices of (E_0/n, ...) that are not one slice
    /// moved: " and the message that names the mode, stride and period.
    NotTranslation(Error),
}

/// The static extents of each mode of the shared tile `shared`, mode 0 cut in `n`.
pub fn slice_extents(shared: &Value, n: i64) -> Result<Vec<i64>, MulticastError> {
    let sizes = local_tile::mode_sizes(shared).ok_or(MulticastError::NoRank)?;
    let mut extents = Vec::with_capacity(sizes.len());
    for (m, e) in sizes.iter().enumerate() {
        extents.push(e.ok_or(MulticastError::NotStatic(m))?);
    }
    match extents.first_mut() {
        Some(e0) if n >= 1 && *e0 % n == 0 => *e0 /= n,
        Some(e0) => return Err(MulticastError::NotMultiple(*e0)),
        None => return Err(MulticastError::NoRank),
    }
    Ok(extents)
}

/// The slice of `shared` one CTA of a `multicast = n` load copies (module comment).
pub fn multicast_slice(shared: &Value, n: i64) -> Result<MulticastSlice, MulticastError> {
    let extents = slice_extents(shared, n)?;
    let slice = local_tile::tile_value(&extents);
    let tile = local_tile::local_tile(shared, &slice).map_err(|e| match e {
        LocalTileError::NotTranslation(e) => {
            MulticastError::NotTranslation(Error::algebra(format!(
                "in slices of {} that are not one slice moved: {e}",
                print(&slice)
            )))
        }
        LocalTileError::Algebra(e) => MulticastError::Algebra(e),
        // The slice has one positive extent per mode of the tile.
        LocalTileError::NotFlat | LocalTileError::Rank { .. } => MulticastError::NoRank,
    })?;
    Ok(MulticastSlice { slice, tile })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse;

    fn v(s: &str) -> Value {
        parse(s).unwrap()
    }

    #[test]
    fn mode_0_is_cut_in_n() {
        let s = v("Sw<3,4,3> o 0 o (128,64):(64,1)");
        let p = multicast_slice(&s, 2).unwrap();
        assert_eq!(print(&p.slice), "(64,64)");
        assert_eq!(p.tile.extents, vec![64, 64]);
        assert_eq!(print(&p.tile.tile), "Sw<3,4,3> o 0 o (64,64):(64,1)");
        assert_eq!(print(&p.tile.rest), "Sw<3,4,3> o 0 o (2,1):(4096,0)");
    }

    #[test]
    fn rank_1_tiles() {
        let p = multicast_slice(&v("(256):(1)"), 4).unwrap();
        assert_eq!(print(&p.slice), "(64)");
    }

    #[test]
    fn n_must_divide_mode_0() {
        assert_eq!(
            multicast_slice(&v("(96,64):(64,1)"), 5),
            Err(MulticastError::NotMultiple(96))
        );
        assert_eq!(
            multicast_slice(&v("(96,64):(64,1)"), 0),
            Err(MulticastError::NotMultiple(96))
        );
    }

    #[test]
    fn extents_must_be_static() {
        assert_eq!(
            multicast_slice(&v("(64,?):(1,64)"), 2),
            Err(MulticastError::NotStatic(1))
        );
        assert_eq!(
            multicast_slice(&v("(64,32)"), 2),
            Err(MulticastError::NoRank)
        );
    }

    #[test]
    fn slices_of_a_swizzle_must_be_one_slice_moved() {
        // 128 rows of 64 cut in 16: slices of 8 rows (512 elements) moved by 512, a bit the
        // swizzle reads with the rows'.
        let s = v("Sw<3,4,3> o 0 o (128,64):(64,1)");
        match multicast_slice(&s, 64) {
            Err(MulticastError::NotTranslation(e)) => assert!(
                e.to_string()
                    .starts_with("in slices of (2,64) that are not one slice moved: mode 1 of "),
                "{e}"
            ),
            other => panic!("{other:?}"),
        }
    }
}
