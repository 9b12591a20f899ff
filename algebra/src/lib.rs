//! `layout-algebra`: CuTe's layout algebra in pure Rust, with checked i64 arithmetic.
//!
//! Layouts are functions from (hierarchical) coordinates to offsets. Every operation returns
//! a value that satisfies the operation's post-conditions, or an [`Error`] that says which
//! mode and which condition failed.
//!
//! # Layers
//!
//! The modules form layers, lowest first. A module uses only modules of its own layer or of a
//! lower one, and the module graph has no cycle (tests/contracts.rs, `module_layers`, checks
//! both from the source). Where a lower module needs a higher operation, the caller passes
//! it in as a function (the scaled-basis extension gets the integer inverses and composition
//! check; the lifts of composed layouts get the dispatch). One item per layer (an item may
//! wrap onto indented lines):
//!
//! 1. core: `error` `checked` `sym` `int` `fast_hash` `tuple` `stride` `coprofile` `layout` `scaled_basis`
//!    `swizzle` `pointer_swizzle` `func` `offset_composed` `value` `crate`
//! 2. text: `text` `text::*`
//! 3. primitive ops: `ops::coalesce` `ops::filter` `ops::slice` `ops::modes` `ops::shape_arith`
//!    `ops::tiler` `ops::zip` `ops::ordered` `ops::nullspace` `ops::domain_distribute`
//!    `ops::contract_complement` `ops::contract_left_inverse` `ops::contract_product`
//!    `ops::contract_bounds` `ops::printable` `ops::copy_vector` `ops::index_runtime`
//! 4. scaled-basis extension: `ops::basis`
//! 5. composition, complement, inverse: `ops::composition_runtime` `ops::composition`
//!    `ops::complement_runtime` `ops::complement` `ops::inverse_runtime` `ops::inverse`
//!    `ops::swizzle_slice` `ops::composed`
//! 6. divides, products, tilers, bind: `ops::bind` `ops::divide` `ops::product` `ops::basis_product`
//!    `ops::ceil_div` `ops::tile_to_shape` `ops::recast` `ops::common` `ops::offset_composed_ops`
//!    `ops::tiled_copy` `ops::tiled_mma` `ops::tensor_view`
//! 7. linear layouts, bijective layouts, hardware descriptors: `linear::*` `bijective::*` `hw::*`
//! 8. dispatch: the name -> operation tables and the facades that export them:
//!    `linear::dispatch` `bijective::dispatch` `hw` `ops::dispatch` `ops` `linear` `bijective`
//! 9. kernel plans: the typed plans of the kernel ops, computed through the dispatch:
//!    `ops::partition_plan` `ops::local_tile` `ops::multicast_slice`
//!    `ops::slice_tensor`
//! 10. expressions over the operations, as `layout eval` and Python's `evaluate` read them:
//!     `expression`

pub mod bijective;
pub mod checked;
pub mod coprofile;
pub mod error;
pub mod expression;
pub mod fast_hash;
pub mod func;
pub mod hw;
pub mod int;
pub mod layout;
pub mod linear;
pub mod offset_composed;
pub mod ops;
pub mod pointer_swizzle;
pub mod scaled_basis;
pub mod stride;
pub mod swizzle;
pub mod sym;
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
