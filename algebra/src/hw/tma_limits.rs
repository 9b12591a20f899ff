//! The limits `cuTensorMapEncodeTiled` puts on a tensor map (CUDA driver API, "Tensor Map
//! Object Management"), in one place: `hw::tma_desc` checks them on the static parameters of a
//! box, `hw::tma_encodable` turns them into the run-time predicate of `layout.tma_encodable`.
//!
//! ```text
//!   tensorRank          1 <= rank <= 5                      (MAX_RANK, interleave none)
//!   globalDim[i]        1 <= e <= 2^32                      (GLOBAL_EXTENT_MAX)
//!   globalStrides[i]    s bytes, s > 0, s mod 16 = 0,       (GLOBAL_STRIDE_ALIGN_BYTES)
//!                       s < 2^40                            (GLOBAL_STRIDE_LIMIT_BYTES)
//!   boxDim[i]           1 <= b <= 256                       (BOX_EXTENT_MAX)
//! ```
//!
//! A tensor in TMA's space is a plain layout whose top-level modes are the tensor map's
//! dimensions: 1 to MAX_RANK modes, each a single shape leaf ([`tensor_map_rank`]).
//!
//! A stride of `s` elements of `bits` bits is `s bits / 8` bytes: it is aligned when `s bits`
//! is a multiple of 8 * 16 = 128 bits ([`stride_multiple_bits`]) and below the limit when
//! `s < 2^40 * 8 / bits` ([`stride_limit_elements`]; exact, as `bits` divides 2^43 for every
//! element TMA moves: 4, 8, 16, 32 or 64 bits, and rounded down otherwise, which keeps the
//! byte bound).

use crate::func::Func;
use crate::tuple::Tree;
use crate::value::Value;

/// The most dimensions of a tiled tensor map (without interleave).
pub const MAX_RANK: usize = 5;
/// The largest global extent of a dimension.
pub const GLOBAL_EXTENT_MAX: i64 = 1 << 32;
/// Global strides (of dimensions 1..) are positive multiples of this many bytes.
pub const GLOBAL_STRIDE_ALIGN_BYTES: i64 = 16;
/// Global strides are below this many bytes.
pub const GLOBAL_STRIDE_LIMIT_BYTES: i64 = 1 << 40;
/// The largest box extent of a dimension.
pub const BOX_EXTENT_MAX: i64 = 256;

/// The multiple of bits a global stride in elements times the element's bits must be.
pub const fn stride_multiple_bits() -> i64 {
    GLOBAL_STRIDE_ALIGN_BYTES * 8
}

/// The exclusive bound on a global stride in elements of `bits` bits (module comment), or
/// `None` for `bits < 1`.
pub fn stride_limit_elements(bits: i64) -> Option<i64> {
    (bits >= 1).then(|| GLOBAL_STRIDE_LIMIT_BYTES * 8 / bits)
}

/// The rank of the tensor map over the layout `l` (module comment), or `None` when `l` is not
/// a plain layout of 1 to [`MAX_RANK`] modes that are single shape leaves.
pub fn tensor_map_rank(l: &Value) -> Option<usize> {
    let Value::Func(Func::Layout(l)) = l else {
        return None;
    };
    let modes = l.modes();
    ((1..=MAX_RANK).contains(&modes.len())
        && modes.iter().all(|m| matches!(m.shape, Tree::Leaf(_))))
    .then_some(modes.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse;

    #[test]
    fn a_tensor_map_has_1_to_5_leaf_modes() {
        let rank = |s: &str| tensor_map_rank(&parse(s).unwrap());
        assert_eq!(rank("(?,?):(1,?)"), Some(2));
        assert_eq!(rank("(?,?,?,?,?):(1,?,?,?,?)"), Some(5));
        assert_eq!(rank("(64,64):(1@0,1@1)"), Some(2));
        assert_eq!(rank("?:1"), Some(1));
        assert_eq!(rank("(2,2,2,2,2,2):(1,2,4,8,16,32)"), None);
        assert_eq!(rank("((2,?),?):((1,2),?)"), None);
        assert_eq!(rank("Sw<3,4,3> o 0 o (64,64):(64,1)"), None);
        assert_eq!(rank("(64,64)"), None);
    }

    #[test]
    fn the_stride_bound_in_elements_is_the_byte_bound() {
        for bits in [4, 8, 16, 32, 64] {
            let limit = stride_limit_elements(bits).unwrap();
            // The last stride below the limit has fewer than 2^40 bytes, the limit has 2^40.
            assert!((limit - 1) * bits / 8 < GLOBAL_STRIDE_LIMIT_BYTES);
            assert_eq!(limit * bits / 8, GLOBAL_STRIDE_LIMIT_BYTES);
        }
        assert_eq!(stride_limit_elements(16), Some(1 << 39));
        assert_eq!(stride_limit_elements(0), None);
        assert_eq!(stride_multiple_bits(), 128);
    }
}
