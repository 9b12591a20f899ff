//! How the TMA coordinates of a `layout.tma_copy` follow from the coordinates of its tile in the
//! global tensor (`hw::tma_desc`, the gmem-to-TMA map of the tensor map for boxes of the shared
//! tile): per leaf of the global tensor's layout, the TMA dimension a step of the leaf moves and
//! by how many steps (`-1, 0` for a leaf the tensor map does not address), and a summary of the
//! boxes for the copy's remark. The rules:
//!
//! - the shared tile's elements are of a type the hardware names (the error lists them);
//! - the global tensor's layout is a plain layout, the shared tile's a CuTe layout;
//! - the algebra's `tma_desc` accepts the pair (its error otherwise);
//! - at most 8 leaves (16 numbers).
//!
//! `--layout-lower-tensors` checks it before any rewrite ([`crate::tensor_lowering_checks`])
//! and the lowering of `layout.tma_copy` asks it ([`crate::tma_copy_lowering`]).

use layout_algebra::hw::{tma_desc, Elem, TmaDesc};
use layout_algebra::{Error, Value};
use layout_dialect::memory_tensor::memory_tensor;
use layout_dialect::type_value;
use melior::ir::r#type::Type;

use crate::derive::hardware_element_name;
use crate::kernel_checks::algebra;

/// The most numbers of the steps (two per leaf of the global layout: at most 8 leaves); the
/// error beyond says "the caller holds", as it did when C++ held them.
const MOST_STEPS: usize = 16;

/// The TMA steps of a copy (the module doc).
pub(crate) struct TmaSteps {
    /// Per leaf of the global layout, the TMA dimension (-1 for none) and the steps, flattened.
    pub steps: Vec<i64>,
    /// The boxes, for the copy's remark.
    pub summary: String,
}

/// The steps of copying tiles of the shared tensor type `shared` of the global tensor laid out
/// by `gmem` (the module doc); the error otherwise.
pub(crate) fn tma_steps(gmem: Type<'_>, shared: Type<'_>) -> Result<TmaSteps, String> {
    let tile = memory_tensor(shared).ok_or("internal: a TMA copy of no shared tensor")?;
    let Some(elem) = hardware_element_name(tile.element) else {
        return Err(format!(
            "a TMA copy of '{}' elements: TMA moves {}",
            tile.element,
            layout_dialect::hardware_element_types()
        ));
    };
    let desc = algebra(|| Some(desc_of(elem, gmem, tile.layout)))
        .unwrap_or_else(|| Err("internal error: the layout algebra panicked".to_string()))?;
    let mut steps = Vec::with_capacity(2 * desc.gmem_leaf_to_tma.len());
    for l in &desc.gmem_leaf_to_tma {
        let (m, c) = l.map_or((-1, 0), |(m, c)| (m as i64, c));
        steps.extend([m, c]);
    }
    if steps.len() > MOST_STEPS {
        return Err(format!(
            "tma_coords: the plan has {} numbers, more than the {MOST_STEPS} the caller holds",
            steps.len()
        ));
    }
    let dims: Vec<String> = desc.box_dim.iter().map(|b| b.to_string()).collect();
    let summary = format!(
        "{} x cp.async.bulk.tensor.{}d of the box [{}] ({} bytes each, {}; TMA coordinates {})",
        desc.boxes.len(),
        desc.rank(),
        dims.join(", "),
        desc.box_bytes,
        desc.swizzle.enumerator(),
        layout_algebra::text::print_layout(&desc.gmem_to_tma)
    );
    Ok(TmaSteps { steps, summary })
}

/// The algebra's TMA parameters of boxes of the shared tile laid out by `smem` of the global
/// tensor laid out by `gmem`, for elements named `elem`; the algebra's message otherwise.
fn desc_of(elem: &str, gmem: Type<'_>, smem: Type<'_>) -> Result<TmaDesc, String> {
    let g = type_value(gmem).and_then(Result::ok);
    let g = match g.as_deref() {
        Some(Value::Func(f)) => f.as_layout().cloned(),
        _ => None,
    }
    .ok_or_else(|| Error::algebra("tma: the global tensor's layout must be a plain layout"));
    let s = type_value(smem).and_then(Result::ok);
    let s = match s.as_deref() {
        Some(Value::Func(f)) => Ok(f.clone()),
        _ => Err(Error::algebra(
            "tma: the shared tile's layout must be a CuTe layout",
        )),
    };
    let (g, s) = (g.map_err(|e| e.to_string())?, s.map_err(|e| e.to_string())?);
    tma_desc(Elem::parse(elem).map_err(|e| e.to_string())?, &g, &s).map_err(|e| e.to_string())
}
