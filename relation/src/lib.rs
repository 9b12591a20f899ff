//! `layout-relation`: layouts as integer set relations on the system ISL.
//!
//! Every layout kind of the project (CuTe shape:stride layouts, swizzles, composed layouts
//! `Sw o off o L`, F2 linear layouts) becomes an ISL relation from coordinates to offsets,
//! following "Modeling Layout Abstractions Using Integer Set Relations" with CuTe's semantics
//! where the paper differs. On relations, ISL decides equality, injectivity and bijectivity
//! with witnesses, composes (apply_range) and inverts (reverse), and the paper's
//! reconstruction turns a relation back into a CuTe layout, or says why none exists.
//! See docs/relations.md.

pub mod affine_f2;
pub mod bijective;
pub mod complement_check;
pub mod complement_fill;
pub mod cute;
pub mod expr;
pub mod f2_decide;
pub mod isl;
pub mod kinds;
pub mod lego_check;
pub mod linear;
pub mod ops;
pub mod props;
pub mod reconstruct;
pub mod runtime_layout;
pub mod space;
pub mod swizzle;

pub use isl::{Ctx, Map, Set};
pub use kinds::{AnyLayout, Space};
