//! The plan of `layout.tma_encodable %T`: whether `cuTensorMapEncodeTiled` accepts a tensor
//! map of the tensor T = (p, L) at run time, as a predicate on the leaves of L.
//!
//! L's top-level modes are the tensor map's candidate dimensions. For each mode d (L itself
//! when it is a single leaf, depth 0) with extent e_d and stride s_d (in elements of `bits`
//! bits), the driver's limits (`hw::tma_limits`) read
//!
//! ```text
//!   1 <= e_d <= GLOBAL_EXTENT_MAX                                      every mode
//!   0 < s_d < stride_limit_elements(bits),  s_d bits mod 128 = 0       every mode but a
//!                                                                      contiguous one
//! ```
//!
//! A mode is contiguous when L is a plain layout and its stride is the static 1 (TMA's dim 0
//! has no stride argument); a swizzled or composed layout has no integer strides, so none of
//! its modes is. Static leaves fold the predicate; runtime leaves make it index math (the
//! lowering reads each leaf with `layout.shape_leaf` / `layout.stride_leaf` at its path).
//!
//! Errors: a value that is not a layout function (no modes), and a mode of a plain layout that
//! is not a single leaf (its extent and stride are not one integer each).

use crate::func::Func;
use crate::hw::tma_limits::{stride_limit_elements, stride_multiple_bits, GLOBAL_EXTENT_MAX};
use crate::stride::Stride;
use crate::tuple::Tree;
use crate::value::Value;
use crate::Int;

/// One mode of the predicate: its path in L (empty for a leaf layout) and whether it is the
/// contiguous one (no stride condition).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodableLeaf {
    pub path: Vec<usize>,
    pub contiguous: bool,
}

/// The predicate of layout.tma_encodable (module comment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaEncodable {
    pub leaves: Vec<EncodableLeaf>,
    /// Every extent lies in [extent_min, extent_max].
    pub extent_min: i64,
    pub extent_max: i64,
    /// Every non-contiguous stride s: 0 < s < stride_limit and s bits mod stride_multiple_bits
    /// = 0.
    pub stride_limit: i64,
    pub stride_multiple_bits: i64,
}

/// Why a layout has no predicate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodableError {
    /// The value has no modes (not a layout function), or the element has no bits.
    NoModes,
    /// Mode `0` of the plain layout is not a single leaf.
    NotLeaf(usize),
}

/// Whether a stride is the static integer 1.
fn unit(s: &Tree<Stride>) -> bool {
    matches!(s, Tree::Leaf(x) if x.is_int() && matches!(x.coef, Int::Lit(1)))
}

/// The predicate of layout.tma_encodable on a tensor of layout `l` and `bits`-bit elements.
pub fn tma_encodable(l: &Value, bits: i64) -> Result<TmaEncodable, EncodableError> {
    let Value::Func(f) = l else {
        return Err(EncodableError::NoModes);
    };
    let stride_limit = stride_limit_elements(bits).ok_or(EncodableError::NoModes)?;
    let domain = f.domain_layout().map_err(|_| EncodableError::NoModes)?;
    let plain = match f {
        Func::Layout(p) => Some(p),
        _ => None,
    };
    let mut leaves = Vec::new();
    if domain.depth() == 0 {
        let contiguous = plain.is_some_and(|p| p.modes().first().is_some_and(|m| unit(&m.stride)));
        leaves.push(EncodableLeaf {
            path: vec![],
            contiguous,
        });
    } else {
        let modes = plain.map(|p| p.modes());
        for d in 0..domain.rank() {
            let mode = modes.as_ref().and_then(|m| m.get(d));
            if mode.is_some_and(|m| !matches!(m.shape, Tree::Leaf(_))) {
                return Err(EncodableError::NotLeaf(d));
            }
            leaves.push(EncodableLeaf {
                path: vec![d],
                contiguous: mode.is_some_and(|m| unit(&m.stride)),
            });
        }
    }
    Ok(TmaEncodable {
        leaves,
        extent_min: 1,
        extent_max: GLOBAL_EXTENT_MAX,
        stride_limit,
        stride_multiple_bits: stride_multiple_bits(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse;

    fn v(s: &str) -> Value {
        parse(s).unwrap()
    }

    fn leaf(path: &[usize], contiguous: bool) -> EncodableLeaf {
        EncodableLeaf {
            path: path.to_vec(),
            contiguous,
        }
    }

    #[test]
    fn each_mode_is_a_leaf_and_the_unit_stride_is_contiguous() {
        let p = tma_encodable(&v("(?,?):(?,1)"), 16).unwrap();
        assert_eq!(p.leaves, vec![leaf(&[0], false), leaf(&[1], true)]);
        assert_eq!((p.extent_min, p.extent_max), (1, 1 << 32));
        assert_eq!((p.stride_limit, p.stride_multiple_bits), (1 << 39, 128));
        let p = tma_encodable(&v("(?,?,?):(1,?,?)"), 8).unwrap();
        assert_eq!(
            p.leaves,
            vec![leaf(&[0], true), leaf(&[1], false), leaf(&[2], false)]
        );
        assert_eq!(p.stride_limit, 1 << 40);
    }

    #[test]
    fn a_leaf_layout_is_one_mode() {
        let p = tma_encodable(&v("?:1"), 32).unwrap();
        assert_eq!(p.leaves, vec![leaf(&[], true)]);
        let p = tma_encodable(&v("?:?"), 32).unwrap();
        assert_eq!(p.leaves, vec![leaf(&[], false)]);
    }

    #[test]
    fn a_swizzled_layout_has_no_contiguous_mode() {
        let p = tma_encodable(&v("Sw<3,4,3> o 0 o (64,64):(64,1)"), 16).unwrap();
        assert_eq!(p.leaves, vec![leaf(&[0], false), leaf(&[1], false)]);
    }

    #[test]
    fn errors() {
        assert_eq!(
            tma_encodable(&v("((2,?),?):((1,2),?)"), 16),
            Err(EncodableError::NotLeaf(0))
        );
        assert_eq!(tma_encodable(&v("(8,4)"), 16), Err(EncodableError::NoModes));
        assert_eq!(
            tma_encodable(&v("(8,4):(4,1)"), 0),
            Err(EncodableError::NoModes)
        );
    }
}
