//! The operations of the algebra, one concept per file, and `call`: dispatch by CuTe name
//! on parsed values (used by the `layout` CLI, `layout batch` and the dialect's hooks).

pub mod basis;
pub mod basis_product;
pub mod bind;
pub mod ceil_div;
pub mod coalesce;
pub mod common;
pub mod complement;
pub mod complement_runtime;
pub mod composed;
pub mod composition;
pub mod composition_runtime;
pub mod contract_bounds;
mod contract_complement;
pub mod contract_left_inverse;
pub mod contract_product;
pub mod copy_vector;
mod dispatch;
pub mod divide;
pub mod domain_distribute;
pub mod filter;
pub mod index_runtime;
pub mod inverse;
pub mod inverse_runtime;
pub mod local_tile;
pub mod modes;
pub mod multicast_slice;
pub mod nullspace;
pub mod offset_composed_ops;
pub mod ordered;
pub mod partition_plan;
pub mod printable;
pub mod product;
pub mod recast;
pub mod shape_arith;
pub mod slice;
pub mod slice_tensor;
mod swizzle_slice;
pub mod tensor_view;
pub mod tile_to_shape;
pub mod tiled_copy;
pub mod tiled_mma;
pub mod tiler;
pub mod zip;

pub use dispatch::{
    all_op_names, call, call_text_at, is_op, parse_arg, parse_arg_numbered, OP_NAMES,
};
