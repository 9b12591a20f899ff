//! `layout-algebra`: CuTe's layout algebra in pure Rust, with checked i64 arithmetic.
//!
//! Layouts are functions from (hierarchical) coordinates to offsets. Every operation returns
//! a value that satisfies the operation's post-conditions, or an [`Error`] that says which
//! mode and which condition failed.

pub mod bijective;
pub mod error;
pub mod fast_hash;
pub mod func;
pub mod hw;
pub mod int;
pub mod layout;
pub mod linear;
pub mod offset_composed;
pub mod ops;
pub mod stride;
pub mod swizzle;
pub mod text;
pub mod tuple;
pub mod value;

pub use error::{Error, Result};
pub use func::{Composed, Func};
pub use int::Int;
pub use layout::Layout;
pub use stride::{Stride, StrideTuple};
pub use swizzle::Swizzle;
pub use tuple::{IntTuple, Tree};
pub use value::Value;
