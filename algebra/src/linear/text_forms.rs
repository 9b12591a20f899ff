//! Every text form of a linear layout, read by one function, [`parse_linear`]: the one entry
//! point through which `layout eval`, `layout batch`, the Python package, the relation and
//! LEGO operations and the dialect's `#layout.linear<...>` read a linear layout.
//!
//! | text | read by |
//! |---|---|
//! | `{"in_dims": [...], "out_dims": [...]}` | `json` |
//! | `#ttg.linear<{...}>`, `#ttg.shared_linear<{...}>`, a bare `{register = ...}` | `triton_text` |
//! | `tensor<64x64xf16, #ttg.blocked<{...}>>` (any distributed encoding) | `typed_encoding` |
//! | `!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{...}>, ...>` (a shared encoding) | `typed_encoding` |
//!
//! An encoding alone (`#ttg.blocked<{...}>`) has a layout only over a shape: it is read (so
//! that a malformed one is reported where it is malformed) and then refused with the two ways
//! to give the shape.

use super::encoding_text::{is_encoding_text, parse_encoding_text, SHARED_KINDS};
use super::json::{parse_layout_json, Json};
use super::layout::LinearLayout;
use super::triton_text::parse_triton_text;
use super::typed_encoding::{is_typed_encoding_text, parse_typed_encoding};
use crate::error::{Error, Result};

/// The prefixes of Triton's linear-layout text (`triton_text`).
const LINEAR_PREFIXES: [&str; 3] = ["#ttg.linear<", "#ttg.shared_linear<", "#triton_gpu.linear<"];

/// Whether `text` (after blanks) starts like one of the text forms of a linear layout (or an
/// encoding, which [`parse_linear`] explains): `{`, `#`, `tensor<` or `!ttg.memdesc<`.
pub fn is_linear_text(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('{') || t.starts_with('#') || is_typed_encoding_text(t)
}

/// Read a linear layout from any of its text forms.
pub fn parse_linear(text: &str) -> Result<LinearLayout> {
    let t = text.trim_start();
    let lead = text.len() - t.len();
    let json = t.starts_with('{') && t[1..].trim_start().starts_with('"');
    if json {
        return parse_layout_json(text);
    }
    if is_typed_encoding_text(t) {
        return parse_typed_encoding(text);
    }
    if t.starts_with('{') || LINEAR_PREFIXES.iter().any(|p| t.starts_with(p)) {
        return parse_triton_text(text);
    }
    if is_encoding_text(t) {
        let enc = parse_encoding_text(text)?;
        let kind_end = t
            .find(|c: char| c == '<' || c.is_ascii_whitespace())
            .unwrap_or(t.len());
        let name = &t[..kind_end];
        let kind = enc.get("kind").and_then(Json::as_str).unwrap_or("");
        let typed = if SHARED_KINDS.contains(&kind) {
            format!("!ttg.memdesc<64x64xf16, {name}<{{...}}>>")
        } else {
            format!("tensor<64x64xf16, {name}<{{...}}>>")
        };
        return Err(Error::parse(
            lead,
            format!(
                "{name} is an encoding, whose layout depends on the tensor shape: write {typed}, or linear_encoding({name}<{{...}}>, [64, 64])"
            ),
        ));
    }
    if t.starts_with('#') {
        return parse_triton_text(text);
    }
    Err(Error::parse(
        lead,
        "expected a linear layout: JSON '{\"in_dims\": ...}' or '#ttg.linear<{...}>', or an encoding with its shape 'tensor<64x64xf16, #ttg.blocked<{...}>>'",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::encoding_text::parse_encoding_text;
    use crate::linear::encodings::to_linear_layout;

    #[test]
    fn every_form_reads_the_same_layout() {
        let blocked = "#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>";
        let want = to_linear_layout(&parse_encoding_text(blocked).unwrap(), &[4, 16]).unwrap();
        let json = super::super::json::layout_to_json(&want);
        let triton = super::super::triton_text::print_triton_text(&want).unwrap();
        for text in [
            format!("tensor<4x16xf32, {blocked}>"),
            json,
            triton.clone(),
            format!("  {triton}"),
            // The #ttg.linear encoding over the shape its bases imply is itself.
            format!("tensor<4x16xf32, {triton}>"),
        ] {
            assert_eq!(parse_linear(&text).unwrap(), want, "{text}");
        }
    }

    /// Every prefix, and every insertion of a multi-byte character, of texts of each form is
    /// an error with an offset inside the text or a layout, never a panic.
    #[test]
    fn damaged_texts_are_errors_not_panics() {
        let texts = [
            "tensor<16x64xf16, #ttg.slice<{dim = 0, parent = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 8}>}>>",
            "!ttg.memdesc<8x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, fp4Padded = false}>, #ttg.shared_memory, mutable, 2x8x64>",
            "tensor<4x4x!tt.ptr<f16>, #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [0, 2]], warp = [], block = []}>>",
            "#ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>",
        ];
        for t in texts {
            for (i, _) in t.char_indices() {
                for damaged in [t[..i].to_string(), format!("{}é{}", &t[..i], &t[i..])] {
                    if let Err(e) = parse_linear(&damaged) {
                        if let Some(o) = e.offset() {
                            assert!(o <= damaged.len(), "{damaged}: {e}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn an_encoding_alone_asks_for_its_shape() {
        let e = parse_linear(" #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>").unwrap_err();
        assert_eq!(e.offset(), Some(1));
        let m = e.to_string();
        assert!(
            m.contains("#ttg.blocked is an encoding, whose layout depends on the tensor shape"),
            "{m}"
        );
        assert!(m.contains("write tensor<64x64xf16, #ttg.blocked<{...}>>, or linear_encoding(#ttg.blocked<{...}>, [64, 64])"), "{m}");
        let e = parse_linear(
            "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>",
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .contains("write !ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{...}>>"),
            "{e}"
        );
        // A malformed encoding is reported where it is malformed.
        let e = parse_linear("#ttg.blocked<{sizePerThread = [1], order = [0]}>").unwrap_err();
        assert_eq!(e.offset(), Some(46));
        assert!(
            e.to_string()
                .contains("needs the parameter 'threadsPerWarp'"),
            "{e}"
        );
        let e = parse_linear("8:1").unwrap_err();
        assert!(e.to_string().contains("expected a linear layout"), "{e}");
    }
}
