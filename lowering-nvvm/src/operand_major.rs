//! Which extent of an MMA operand tile is contiguous in shared memory (`#layout.major`), read
//! from the tile's static 2-mode layout (MN, K): **K**-major when mode 1 has stride 1 (the
//! offset of the coordinate (0, 1) is 1), else **MN**-major when mode 0 has (the offset of
//! (1, 0) is 1), else neither, which the WGMMA and UMMA descriptors cannot read.
//!
//! The lowerings of `layout.mma_async` ([`crate::mma_async_lowering`]) and `layout.mma_tmem`
//! ([`crate::mma_tmem_lowering`]) and the pre-check of both
//! ([`crate::tensor_lowering_checks`]) ask it.

use layout_algebra::hw::Major;
use layout_dialect::layout_modes::static_offset;
use melior::ir::attribute::Attribute;
use melior::ir::r#type::Type;
use melior::Context;

/// `#layout.major<K>` or `#layout.major<MN>`, the attribute of `major`.
pub(crate) fn major_attribute(ctx: &Context, major: Major) -> Result<Attribute<'_>, String> {
    let text = match major {
        Major::K => "#layout.major<K>",
        Major::MN => "#layout.major<MN>",
    };
    Attribute::parse(ctx, text).ok_or_else(|| format!("internal: cannot make {text}"))
}

/// The major-ness of a tile whose layout gives the coordinate `c` the offset `offset(c)`.
fn major_by(offset: impl Fn(&[i64]) -> Option<i64>) -> Option<Major> {
    if offset(&[0, 1]) == Some(1) {
        Some(Major::K)
    } else if offset(&[1, 0]) == Some(1) {
        Some(Major::MN)
    } else {
        None
    }
}

/// The major-ness of the tile laid out by the layout type `layout`; `None` when neither mode
/// is contiguous (or the layout is not static).
pub(crate) fn major_of(layout: Type<'_>) -> Option<Major> {
    major_by(|c| static_offset(layout, c))
}
