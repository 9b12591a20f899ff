//! The tile plans of `layout.local_tile` (`layout_algebra::ops::local_tile`) and of the
//! slice a `multicast = n` TMA load copies (`layout_algebra::ops::multicast_slice`) over the
//! C ABI: the divided layout and its two modes as values (handles), the tile's extents and
//! per mode whether it is whole as integers, and on error a stage that says which message it
//! is (the C++ names the attributes and types in its diagnostics).

use layout_algebra::ops::local_tile::{self, LocalTile, LocalTileError};
use layout_algebra::ops::multicast_slice::{self, MulticastError};

use std::mem::MaybeUninit;

use crate::abi::write_all;
use crate::stored::Stored;
use crate::{
    from_error, owned, with_value, LayoutResult, LayoutSliceMut, STATUS_ALGEBRA_ERROR, STATUS_OK,
};

/// [`layout_ffi_local_tile`]'s stages: the algebra's message (or success).
pub const TILE_ALGEBRA: i64 = 0;
/// The tile is not a flat tuple of positive extents.
pub const TILE_NOT_FLAT: i64 = 1;
/// The tile's rank is not the layout's (`info[1]`, `info[2]`; -1 for a layout without rank).
pub const TILE_RANK: i64 = 2;
/// The tiles are not one tile moved (the message says why).
pub const TILE_NOT_TRANSLATION: i64 = 3;

/// The values of a plan in `values[0..3]` (divided, tile, rest; unless null) and two integers
/// per mode in `modes[0..2 rank]` (extent, whole), as many modes as fit.
fn write_plan(
    p: &LocalTile,
    values: Option<&mut [MaybeUninit<LayoutResult>; 3]>,
    modes: LayoutSliceMut<i64>,
) {
    if let Some(values) = values {
        for (out, v) in values.iter_mut().zip([&p.divided, &p.tile, &p.rest]) {
            out.write(with_value(Stored::Cute(v.clone())));
        }
    }
    let whole_modes = modes.len() / 2;
    let pairs: Vec<i64> = p
        .extents
        .iter()
        .zip(&p.whole)
        .take(whole_modes)
        .flat_map(|(&e, &w)| [e, i64::from(w)])
        .collect();
    modes.write(&pairs);
}

fn caught<T>(f: impl FnOnce() -> T) -> Option<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok()
}

fn panicked() -> LayoutResult {
    owned(
        STATUS_ALGEBRA_ERROR,
        0,
        0,
        "internal error: the layout algebra panicked".into(),
    )
}

/// An error whose message the C++ writes (it names the op's attributes and types).
fn unnamed() -> LayoutResult {
    owned(STATUS_ALGEBRA_ERROR, 0, 0, String::new())
}

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

/// The plan of `layout.local_tile` of the tensor layout `layout` by the tile `tile`
/// ([`local_tile_of`]). On success: `values[0..3]` = zipped_divide(L, tile), its mode 0 (the
/// tile's layout) and mode 1 (tile coordinate -> offset of its origin); `modes[2d]` the tile's
/// extent of mode d and `modes[2d + 1]` 1 when mode d of L is a static multiple of it, for
/// each of `info[1]` modes (as many as fit in `modes`). `info[0]` is the stage
/// ([`TILE_ALGEBRA`], ...), `info[1]` the tile's rank (-1 when not flat), `info[2]` the
/// layout's (-1 when unknown). On error the message (the algebra's, or empty for
/// [`TILE_NOT_FLAT`] and [`TILE_RANK`]); a divide the runtime leaves leave open is dynamic.
///
/// # C caller's contract
/// The handles must be null or live; `values` must be null or point to 3 writable results,
/// `modes` must be a valid [`LayoutSliceMut`] and `info` null or point to 3 writable integers.
#[no_mangle]
pub extern "C" fn layout_ffi_local_tile(
    layout: Option<&Stored>,
    tile: Option<&Stored>,
    values: Option<&mut [MaybeUninit<LayoutResult>; 3]>,
    modes: LayoutSliceMut<i64>,
    info: Option<&mut [MaybeUninit<i64>; 3]>,
) -> LayoutResult {
    let r = caught(|| local_tile_of(layout, tile));
    let Some((rank, r)) = r else {
        return panicked();
    };
    let (stage, layout_rank, result) = match r {
        Ok(p) => {
            write_plan(&p, values, modes);
            (TILE_ALGEBRA, rank, owned(STATUS_OK, 0, 0, String::new()))
        }
        Err(LocalTileError::NotFlat) => (TILE_NOT_FLAT, -1, unnamed()),
        Err(LocalTileError::Rank { layout, .. }) => {
            (TILE_RANK, layout.map_or(-1, |r| r as i64), unnamed())
        }
        Err(LocalTileError::Algebra(e)) => (TILE_ALGEBRA, rank, from_error(e)),
        Err(LocalTileError::NotTranslation(e)) => (TILE_NOT_TRANSLATION, rank, from_error(e)),
    };
    if let Some(info) = info {
        write_all(info, &[stage, rank, layout_rank]);
    }
    result
}

/// [`layout_ffi_multicast_slice`]'s stages: the algebra's message (or success).
pub const SLICE_ALGEBRA: i64 = 0;
/// The shared tile has no rank.
pub const SLICE_NO_RANK: i64 = 1;
/// Mode `info[1]` has no static extent.
pub const SLICE_NOT_STATIC: i64 = 2;
/// n does not divide mode 0's extent `info[1]`.
pub const SLICE_NOT_MULTIPLE: i64 = 3;
/// The slices are not one slice moved (the message says why).
pub const SLICE_NOT_TRANSLATION: i64 = 4;

/// The slice of the shared tile `shared` that one CTA of a `multicast = n` TMA load copies
/// (`ops::multicast_slice`). On success the result's value is the slice tile (E_0/n, E_1,
/// ...) and `values`, `modes` are its local_tile plan as [`layout_ffi_local_tile`]'s. `info[0]`
/// is the stage ([`SLICE_ALGEBRA`], ...), `info[1]` the mode without static extent or mode 0's
/// extent for those stages.
///
/// # C caller's contract
/// As [`layout_ffi_local_tile`]; `info` must be null or point to 2 writable integers.
#[no_mangle]
pub extern "C" fn layout_ffi_multicast_slice(
    shared: Option<&Stored>,
    n: i64,
    values: Option<&mut [MaybeUninit<LayoutResult>; 3]>,
    modes: LayoutSliceMut<i64>,
    info: Option<&mut [MaybeUninit<i64>; 2]>,
) -> LayoutResult {
    let s = shared.and_then(Stored::cute);
    let Some(r) = caught(|| match s {
        Some(s) => multicast_slice::multicast_slice(s, n),
        None => Err(MulticastError::NoRank),
    }) else {
        return panicked();
    };
    let (stage, at, result) = match r {
        Ok(p) => {
            write_plan(&p.tile, values, modes);
            (SLICE_ALGEBRA, 0, with_value(Stored::Cute(p.slice)))
        }
        Err(MulticastError::NoRank) => (SLICE_NO_RANK, 0, unnamed()),
        Err(MulticastError::NotStatic(m)) => (SLICE_NOT_STATIC, m as i64, unnamed()),
        Err(MulticastError::NotMultiple(e)) => (SLICE_NOT_MULTIPLE, e, unnamed()),
        Err(MulticastError::Algebra(e)) => (SLICE_ALGEBRA, 0, from_error(e)),
        Err(MulticastError::NotTranslation(e)) => (SLICE_NOT_TRANSLATION, 0, from_error(e)),
    };
    if let Some(info) = info {
        write_all(info, &[stage, at]);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{layout_result_free, KIND_LAYOUT, KIND_TUPLE, STATUS_DYNAMIC};
    use layout_algebra::text::print;
    use layout_algebra::Value;

    fn value_of(r: &LayoutResult) -> Option<Value> {
        r.value().and_then(Stored::cute).cloned()
    }

    fn handle(text: &str, kind: i32) -> Option<&'static Stored> {
        Some(Box::leak(Box::new(Stored::parse(text, kind).unwrap())))
    }

    fn text(r: &LayoutResult) -> String {
        String::from_utf8_lossy(r.text()).into_owned()
    }

    fn free(mut r: LayoutResult) {
        layout_result_free(Some(&mut r));
    }

    fn blank() -> LayoutResult {
        owned(STATUS_OK, 0, 0, String::new())
    }

    #[test]
    fn local_tile_gives_the_modes_of_the_divide() {
        let mut values = blanks();
        let mut modes = [0i64; 8];
        let mut info = [MaybeUninit::new(9i64); 3];
        let r = layout_ffi_local_tile(
            handle("(100,64):(64,1)", KIND_LAYOUT),
            handle("(64,32)", KIND_TUPLE),
            Some(&mut values),
            modes.as_mut_slice().into(),
            Some(&mut info),
        );
        assert_eq!(r.status, STATUS_OK);
        assert_eq!(ints(info), [TILE_ALGEBRA, 2, 2]);
        assert_eq!(&modes[..4], &[64, 0, 32, 1]);
        let values = results(values);
        assert_eq!(text(&values[1]), "(64,32):(64,1)");
        assert_eq!(print(&value_of(&values[2]).unwrap()), "(2,2):(4096,32)");
        free(r);
        values.into_iter().for_each(free);
    }

    #[test]
    fn local_tile_stages() {
        let run = |l: &str, t: &str| {
            let mut values = blanks();
            let mut modes = [0i64; 8];
            let mut info = [MaybeUninit::new(9i64); 3];
            let r = layout_ffi_local_tile(
                handle(l, KIND_LAYOUT),
                handle(t, KIND_TUPLE),
                Some(&mut values),
                modes.as_mut_slice().into(),
                Some(&mut info),
            );
            let out = (r.status, ints(info), text(&r));
            free(r);
            results(values).into_iter().for_each(free);
            out
        };
        assert_eq!(
            run("(128,64):(64,1)", "((2,2),32)"),
            (STATUS_ALGEBRA_ERROR, [TILE_NOT_FLAT, -1, -1], String::new())
        );
        assert_eq!(
            run("(128,64):(64,1)", "(64)"),
            (STATUS_ALGEBRA_ERROR, [TILE_RANK, 1, 2], String::new())
        );
        let (status, info, msg) = run("Sw<3,4,3> o 0 o (128,64):(64,1)", "(4,64)");
        assert_eq!(
            (status, info),
            (STATUS_ALGEBRA_ERROR, [TILE_NOT_TRANSLATION, 2, 2])
        );
        assert!(msg.starts_with("mode 1 of "), "{msg}");
        assert_ne!(run("(?,?):(?,1)", "(64,32)").0, STATUS_DYNAMIC);
    }

    #[test]
    fn multicast_slice_cuts_mode_0() {
        let mut values = blanks();
        let mut modes = [0i64; 8];
        let mut info = [MaybeUninit::new(9i64); 2];
        let r = layout_ffi_multicast_slice(
            handle("(128,64):(64,1)", KIND_LAYOUT),
            2,
            Some(&mut values),
            modes.as_mut_slice().into(),
            Some(&mut info),
        );
        assert_eq!((r.status, text(&r)), (STATUS_OK, "(64,64)".to_string()));
        assert_eq!(ints(info), [SLICE_ALGEBRA, 0]);
        let values = results(values);
        assert_eq!(text(&values[1]), "(64,64):(64,1)");
        free(r);
        values.into_iter().for_each(free);
        // An error writes no values (none given) and no modes (an empty array).
        let mut info = [MaybeUninit::new(9i64); 2];
        let r = layout_ffi_multicast_slice(
            handle("(96,64):(64,1)", KIND_LAYOUT),
            5,
            None,
            (&mut [] as &mut [i64]).into(),
            Some(&mut info),
        );
        assert_eq!(
            (r.status, ints(info)),
            (STATUS_ALGEBRA_ERROR, [SLICE_NOT_MULTIPLE, 96])
        );
        free(r);
    }

    /// Three results without text or value, as places for a plan's values.
    fn blanks() -> [MaybeUninit<LayoutResult>; 3] {
        [blank(), blank(), blank()].map(MaybeUninit::new)
    }

    /// The results of [`blanks`] after a call.
    fn results(values: [MaybeUninit<LayoutResult>; 3]) -> [LayoutResult; 3] {
        // SAFETY: `blanks` initialized them, and a call only writes results over them.
        values.map(|v| unsafe { v.assume_init() })
    }

    /// The integers of an info array after a call.
    fn ints<const N: usize>(info: [MaybeUninit<i64>; N]) -> [i64; N] {
        // SAFETY: the tests initialize every info array, and a call only writes integers.
        info.map(|i| unsafe { i.assume_init() })
    }
}
