//! The plan of `layout.slice_tensor %T[c_0, ...] {modes = [m_0, ...]}`: the tensor T = (p, L)
//! with the top-level modes m_i of L fixed at the coordinates c_i, computed once here for the
//! verifier and the lowering.
//!
//! With n = rank(L) and K the modes not fixed, in order,
//!
//! ```text
//!   slice(T) = (p + L(c), select(L, K))     c: c_i in mode m_i, 0 in the modes of K
//! ```
//!
//! which is T restricted to the fixed coordinates only when fixing each mode m_i is a
//! translation of the rest (`Func::check_mode_translates(m_i)`: a swizzle must read no bit of
//! the move together with the kept modes' offsets).
//!
//! Conditions, in the order they are checked:
//! - with `ring`, each fixed mode has a static extent (the ring's length: the coordinate is a
//!   position taken modulo it);
//! - L has a rank;
//! - the fixed modes are increasing modes of [0, n), and at least one mode is kept;
//! - without `ring`, a constant coordinate lies in its mode's static extent [0, E);
//! - each fixed mode translates, and select(L, K) exists.

use crate::error::Error;
use crate::ops::call;
use crate::ops::local_tile::mode_sizes;
use crate::tuple::IntTuple;
use crate::value::Value;

/// The facts of one slice_tensor (module comment).
#[derive(Clone, Debug, PartialEq)]
pub struct SliceTensor {
    /// rank(L).
    pub rank: usize,
    /// The modes kept, in order.
    pub kept: Vec<usize>,
    /// select(L, kept): the slice's layout.
    pub layout: Value,
}

/// Why a slice_tensor has no plan (module comment's conditions).
#[derive(Clone, Debug, PartialEq)]
pub enum SliceTensorError {
    /// With ring, fixed mode `0` has no static extent.
    RingExtent(i64),
    /// L has no rank.
    NoRank,
    /// The fixed mode `mode` is out of [0, rank) or not above the one before.
    Mode { rank: usize, mode: i64 },
    /// Every mode is fixed.
    AllFixed,
    /// The constant coordinate `coord` of mode `mode` lies outside [0, extent).
    Outside { coord: i64, mode: i64, extent: i64 },
    /// Fixing a mode is not a translation: the message names it.
    NotTranslation(Error),
    /// select failed: the algebra's message.
    Algebra(Error),
}

fn integer(v: Result<Value, Error>) -> Option<i64> {
    match v.ok()? {
        Value::Tuple(IntTuple::Leaf(crate::Int::Lit(x))) => Some(x),
        _ => None,
    }
}

/// The plan of slicing `l` at the fixed `modes` (`coords[i]`: the constant coordinate of
/// `modes[i]`, if any) with or without `ring` (module comment).
pub fn slice_tensor(
    l: &Value,
    modes: &[i64],
    coords: &[Option<i64>],
    ring: bool,
) -> Result<SliceTensor, SliceTensorError> {
    let sizes = mode_sizes(l).unwrap_or_default();
    let extent = |d: i64| -> Option<i64> {
        usize::try_from(d)
            .ok()
            .and_then(|d| sizes.get(d).copied().flatten())
    };
    if ring {
        if let Some(&d) = modes.iter().find(|&&d| extent(d).is_none()) {
            return Err(SliceTensorError::RingExtent(d));
        }
    }
    let rank = integer(call("rank", std::slice::from_ref(l)))
        .and_then(|r| usize::try_from(r).ok())
        .ok_or(SliceTensorError::NoRank)?;
    for (i, &d) in modes.iter().enumerate() {
        if d < 0 || d >= rank as i64 || (i > 0 && d <= modes[i - 1]) {
            return Err(SliceTensorError::Mode { rank, mode: d });
        }
    }
    let kept: Vec<usize> = (0..rank)
        .filter(|&d| !modes.contains(&(d as i64)))
        .collect();
    if kept.is_empty() {
        return Err(SliceTensorError::AllFixed);
    }
    if !ring {
        for (&d, c) in modes.iter().zip(coords) {
            if let (Some(k), Some(e)) = (*c, extent(d)) {
                if k < 0 || k >= e {
                    return Err(SliceTensorError::Outside {
                        coord: k,
                        mode: d,
                        extent: e,
                    });
                }
            }
        }
    }
    for &d in modes {
        match l {
            Value::Func(f) => f
                .check_mode_translates(d as usize)
                .map_err(SliceTensorError::NotTranslation)?,
            _ => {
                return Err(SliceTensorError::NotTranslation(Error::algebra(
                    "expected a CuTe layout",
                )))
            }
        }
    }
    let mut args = vec![l.clone()];
    args.extend(kept.iter().map(|&d| Value::int(d as i64)));
    let layout = call("select", &args).map_err(SliceTensorError::Algebra)?;
    Ok(SliceTensor { rank, kept, layout })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{parse, print};

    fn v(s: &str) -> Value {
        parse(s).unwrap()
    }

    #[test]
    fn the_kept_modes_are_selected() {
        let l = v("(64,32,4):(32,1,2048)");
        let p = slice_tensor(&l, &[2], &[Some(3)], false).unwrap();
        assert_eq!((p.rank, p.kept.clone()), (3, vec![0, 1]));
        assert_eq!(print(&p.layout), "(64,32):(32,1)");
        let p = slice_tensor(&l, &[0, 2], &[None, None], false).unwrap();
        assert_eq!(print(&p.layout), "(32):(1)");
    }

    #[test]
    fn a_swizzled_stage_ring() {
        let l = v("Sw<3,4,3> o 0 o (64,64,4):(64,1,4096)");
        let p = slice_tensor(&l, &[2], &[Some(9)], true).unwrap();
        assert_eq!(print(&p.layout), "Sw<3,4,3> o 0 o (64,64):(64,1)");
    }

    #[test]
    fn errors_in_order() {
        let l = v("(64,?,4):(1,64,?)");
        assert_eq!(
            slice_tensor(&l, &[1], &[None], true),
            Err(SliceTensorError::RingExtent(1))
        );
        assert_eq!(
            slice_tensor(&l, &[2, 1], &[None, None], false),
            Err(SliceTensorError::Mode { rank: 3, mode: 1 })
        );
        assert_eq!(
            slice_tensor(&l, &[3], &[None], false),
            Err(SliceTensorError::Mode { rank: 3, mode: 3 })
        );
        assert_eq!(
            slice_tensor(&l, &[0, 1, 2], &[None, None, None], false),
            Err(SliceTensorError::AllFixed)
        );
        assert_eq!(
            slice_tensor(&l, &[2], &[Some(4)], false),
            Err(SliceTensorError::Outside {
                coord: 4,
                mode: 2,
                extent: 4
            })
        );
        // A ring position wraps; a dynamic extent is not checked.
        assert!(slice_tensor(&l, &[1], &[Some(1000)], false).is_ok());
        assert_eq!(
            slice_tensor(&v("(8,4)"), &[0], &[None], false),
            Err(SliceTensorError::NotTranslation(Error::algebra(
                "expected a CuTe layout"
            )))
        );
    }

    #[test]
    fn a_fixed_mode_must_translate() {
        // Rows of a swizzled tile: the row bits are read by the swizzle with the columns'.
        let l = v("Sw<3,4,3> o 0 o (64,64):(64,1)");
        assert!(matches!(
            slice_tensor(&l, &[0], &[None], false),
            Err(SliceTensorError::NotTranslation(_))
        ));
    }
}
