//! The operations of the algebra, one concept per file, and `call`: dispatch by CuTe name
//! on parsed values (used by the `layout` CLI, `layout batch` and the dialect's hooks).

pub mod coalesce;
pub mod complement;
pub mod composed;
pub mod composition;
mod dispatch;
pub mod divide;
pub mod filter;
pub mod inverse;
pub mod modes;
pub mod product;
pub mod slice;
pub mod zip;

pub use dispatch::{all_op_names, call, OP_NAMES};
