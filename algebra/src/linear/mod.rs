//! Linear layouts over F2 (Triton's LinearLayout): named input and output dimensions, one
//! basis vector per input bit; conversions to and from CuTe layouts; bank-conflict analysis.
//!
//! One concept per file: the data model (`layout`), F2 elimination (`gauss`), `compose`,
//! `invert` (invert_and_compose, pseudoinvert, invert), `product` (and concat), `divide`
//! (and quotient), `reshape` (transpose, reshape, flatten, sublayout), `queries` (vector
//! width, free variables), the text forms (`json`, `triton_text`), CuTe conversions
//! (`from_cute`, `to_cute`), GPU encodings (`encodings`) and the shared-memory analyses
//! (`bank_conflicts`, `swizzle_choice`), layout conversions (`distributed`, `convert_plan`,
//! `convert_shared`, `convert_shuffle`, `convert_certificate`), Triton's encoding attribute text (`encoding_text`)
//! and its typed form with a shape (`typed_encoding`: `tensor<...>`, `!ttg.memdesc<...>`).
//! `text_forms::parse_linear` reads every text form; `dispatch` exposes the operations by
//! name.

pub mod async_copy;
pub mod bank_conflicts;
pub mod compose;
pub mod convert_certificate;
pub mod convert_plan;
pub mod convert_shared;
pub mod convert_shuffle;
mod dispatch;
pub mod distributed;
pub mod divide;
pub mod encoding_text;
pub mod encodings;
pub mod from_cute;
pub mod gauss;
pub mod global_access;
pub mod invert;
pub mod json;
pub mod layout;
pub mod layout_assignment;
pub mod product;
pub mod queries;
pub mod reduce_plan;
pub mod reshape;
pub mod retile;
pub mod shared_access;
pub mod swizzle_choice;
pub mod tensor_coordinates;
pub mod tensor_encoding;
pub mod tensor_transpose;
pub mod text_forms;
pub mod to_cute;
pub mod triton_text;
pub mod typed_encoding;

pub use dispatch::{call, call_text, call_text_at, OP_NAMES};
pub use layout::{InDim, LinearLayout, OutDim};
pub use text_forms::{is_linear_text, parse_linear};
