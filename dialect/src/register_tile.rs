//! A register tensor as the kernel ops see it: a ranked tensor type whose encoding is a linear
//! layout (`#layout.linear`, dimensions `register`, `lane`, `warp` onto the tensor's), read
//! through the C API: its element type, its extents and its encoding.

use layout_algebra::linear::layout::LinearLayout;
use melior::ir::attribute::Attribute;
use melior::ir::r#type::{RankedTensorType, Type};

use crate::ir::ranked_shape;
use crate::op_access::bit_width;

/// A ranked tensor type read through the C API: its element type, extents (MLIR's, a dynamic
/// one as `i64::MIN`) and encoding.
pub struct Tile<'c> {
    /// The tensor type itself (printed in messages).
    pub ty: Type<'c>,
    /// Its element type.
    pub elem: Type<'c>,
    /// Its extents.
    pub shape: Vec<i64>,
    /// Its encoding attribute, if any.
    pub encoding: Option<Attribute<'c>>,
}

impl<'c> Tile<'c> {
    /// The tile of `ty`; `None` when `ty` is not a ranked tensor.
    pub fn of(ty: Type<'c>) -> Option<Tile<'c>> {
        let ranked = RankedTensorType::try_from(ty).ok()?;
        let (elem, shape) = ranked_shape(ty)?;
        Some(Tile {
            ty,
            elem,
            shape,
            encoding: ranked.encoding(),
        })
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The linear layout of the encoding: an error naming `what` when it is not a
    /// `#layout.linear`.
    pub fn encoding(&self, what: &str) -> Result<LinearLayout, String> {
        match self.encoding.and_then(crate::attr_linear) {
            Some(Ok(l)) => Ok(l),
            _ => Err(format!(
                "the {what} must be a register tensor encoded by a #layout.linear<...>, found '{}'",
                self.ty
            )),
        }
    }

    /// The element width in bits: the tile's elements are integers or floats.
    pub fn elem_bits(&self) -> Result<i64, String> {
        bit_width(self.elem)
            .ok_or_else(|| format!("elements must be integers or floats, found '{}'", self.elem))
    }
}

/// The register tile of `ty`, which the ODS makes a ranked tensor.
pub fn tile_of(ty: Type<'_>) -> Result<Tile<'_>, String> {
    Tile::of(ty).ok_or_else(|| format!("internal: '{ty}' is not a ranked tensor"))
}
