//! The operations of the algebra, one concept per file, and `call`: dispatch by CuTe name
//! on parsed values (used by the `layout` CLI, `layout batch` and the dialect's hooks).

mod dispatch;

pub use dispatch::{call, OP_NAMES};
