//! GPU encodings as linear layouts (stub, filled below).

use super::json::Json;
use super::layout::LinearLayout;
use crate::error::{Error, Result};

/// The linear layout of a Triton encoding over a tensor of `shape`.
pub fn to_linear_layout(enc: &Json, shape: &[i64]) -> Result<LinearLayout> {
    let _ = (enc, shape);
    Err(Error::algebra("encodings: not yet implemented"))
}
