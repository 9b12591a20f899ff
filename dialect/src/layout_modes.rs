//! The top-level modes of the layout a layout-dialect type holds, read from its stored value
//! (no printing, no parsing): the rank, the number of elements of each mode and of the whole
//! layout, the offset of a static coordinate, and each mode of a plain layout as one (extent, stride) leaf pair. What the
//! kernel-op verifiers compare shapes and strides with (and the checks of the tensor lowering,
//! lowering-nvvm's tensor_lowering_checks).

use layout_algebra::{Func, Int, Tree, Value};
use layout_dialect_ffi::Stored;
use melior::ir::r#type::Type;

/// The CuTe value a layout-dialect type holds; `None` for `*`, a linear or bijective layout,
/// or a type of another dialect.
fn cute_value(layout: Type<'_>) -> Option<&Value> {
    crate::type_stored(layout).flatten().and_then(Stored::cute)
}

/// The rank of a CuTe layout function (of its domain for a swizzled or composed layout) or of
/// an integer tuple; `None` for another value.
pub fn rank(layout: Type<'_>) -> Option<usize> {
    match cute_value(layout)? {
        Value::Func(f) => f.domain_layout().ok().map(|l| l.rank()),
        Value::Tuple(t) => Some(t.rank()),
        _ => None,
    }
}

/// The number of elements of each top-level mode of a CuTe layout function (of its domain for
/// a swizzled or composed layout); `None` for another value or when a mode's extents are not
/// static.
pub fn mode_sizes(layout: Type<'_>) -> Option<Vec<i64>> {
    static_mode_sizes(layout)?.into_iter().collect()
}

/// The number of elements of each top-level mode of a CuTe layout function (of its domain for
/// a swizzled or composed layout), `None` for a mode whose extents are not static; `None` for
/// another value.
pub fn static_mode_sizes(layout: Type<'_>) -> Option<Vec<Option<i64>>> {
    let Value::Func(f) = cute_value(layout)? else {
        return None;
    };
    Some(
        f.domain_layout()
            .ok()?
            .modes()
            .iter()
            .map(|m| m.shape.is_static().then(|| m.size().ok()).flatten())
            .collect(),
    )
}

/// The number of elements of a CuTe layout function when it is static (the shape of a plain
/// layout static, whatever its strides); `None` otherwise.
pub fn static_size(layout: Type<'_>) -> Option<i64> {
    layout_dialect_ffi::static_size(crate::type_stored(layout).flatten())
}

/// The offset a static CuTe layout function gives the index values `coords` (one linear index,
/// one per top-level mode, or one per leaf, as `layout.crd2idx` reads them) when it is one
/// integer; `None` otherwise.
pub fn static_offset(layout: Type<'_>, coords: &[i64]) -> Option<i64> {
    layout_dialect_ffi::static_offset(crate::type_stored(layout).flatten(), coords)
}

/// An extent or stride of a flattened mode: an integer, a runtime leaf, or not a single leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flat {
    Int(i64),
    Dynamic,
    Nested,
}

impl Flat {
    /// The leaf as a message shows it: the integer, `?`, or `(nested)`.
    pub fn text(self) -> String {
        match self {
            Flat::Int(v) => v.to_string(),
            Flat::Dynamic => "?".into(),
            Flat::Nested => "(nested)".into(),
        }
    }

    /// The integer, if the leaf is one.
    pub fn int(self) -> Option<i64> {
        match self {
            Flat::Int(v) => Some(v),
            _ => None,
        }
    }
}

/// The top-level modes of a plain CuTe layout type as (extent, stride); none for another value
/// (a swizzled or composed layout, a tuple, ...).
pub fn flat_modes(layout: Type<'_>) -> Vec<(Flat, Flat)> {
    let Some(Value::Func(Func::Layout(l))) = cute_value(layout) else {
        return Vec::new();
    };
    let int = |x: &Int| match x {
        Int::Lit(v) => Flat::Int(*v),
        Int::Dyn(_) => Flat::Dynamic,
    };
    l.modes()
        .iter()
        .map(|m| {
            let extent = match &m.shape {
                Tree::Leaf(x) => int(x),
                Tree::Node(_) => Flat::Nested,
            };
            let stride = match &m.stride {
                Tree::Leaf(x) if x.is_int() => int(&x.coef),
                _ => Flat::Nested,
            };
            (extent, stride)
        })
        .collect()
}
