//! `layout-lowering`: the `layout` dialect lowered to index math.
//!
//! The pass `layout-lower-to-index` (cpp/LowerToIndex.cpp, the per-op lowering in [`pass`]) rewrites `layout.crd2idx` and
//! `layout.idx2crd` into `arith` ops for static layouts, dynamic layouts built by `layout.make`
//! from index values, swizzles and composed layouts, with a linear index or one coordinate per
//! mode. The structure of a layout comes from the algebra (`layout_algebra`), coalescing
//! included; this crate only turns that structure into IR (docs/lowering.md).
//!
//! The test harness (JIT evaluation, corpora, the op-count tool) lives in the crate
//! `layout-lowering-harness` (lowering/harness), outside what liblayout-c.so links.

pub mod bijective;
pub mod bitfield;
pub mod emit;
mod ir;
pub use layout_algebra::fast_hash;
pub mod linear;
pub mod lower;
pub mod overflow;
pub mod pass;
pub mod recording;
pub mod runtime_leaves;
pub mod symbolic;
pub mod template;

extern "C" {
    fn layout_lowering_register_passes();
    /// The pass `layout-lower-to-index` (cpp/LowerToIndex.cpp).
    fn layout_lowering_create_lower_to_index_pass() -> mlir_sys::MlirPass;
}

/// A new `layout-lower-to-index` pass: MLIR's dialect conversion of every layout op it lowers
/// (crd2idx, idx2crd, linear_apply, apply, inv, the shape queries) under the op it runs on, one
/// pattern per op calling [`pass::layout_lowering_lower_op`]; then the layout ops left without
/// uses are erased.
pub fn create_lower_to_index_pass() -> melior::pass::Pass {
    unsafe { melior::pass::Pass::from_raw_fn(layout_lowering_create_lower_to_index_pass) }
}

/// Register `layout-lower-to-index` and the pipeline `lower-to-index` (the pass, then upstream
/// `canonicalize` and `cse`) with MLIR's global pass registry, so that
/// `layout-opt --layout-lower-to-index` / `--lower-to-index` and textual pipelines find them.
/// Idempotent.
pub fn register_passes() {
    unsafe { layout_lowering_register_passes() }
}
