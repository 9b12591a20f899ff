//! A linear layout as the encoding of a register tensor:
//! `tensor<d0 x ... x d{n-1} x T, #layout.linear<L>>` says that `L` distributes the tensor
//! over the registers, lanes and warps of one CTA.
//!
//! `L` must then be a register layout of the CTA (`distributed`: in dimensions `register`,
//! `lane` with 32 lanes, optionally `warp` and a `block` that selects nothing; every element
//! held by some thread) whose out dimension `j` is tensor dimension `j`: `n` out dimensions,
//! the `j`-th of size `d_j`. Two encodings of one value (the operand and the result of a
//! `layout.convert_layout`) must name the same out dimensions and have the same warps: a
//! conversion moves data between the threads of a CTA and never changes the CTA.

use super::distributed::Distributed;
use super::layout::LinearLayout;
use crate::error::{Error, Result};

/// Check that `l` encodes a register tensor of extents `shape`; `who` names the encoding in
/// the error ("the result encoding").
pub fn check_tensor_encoding(l: &LinearLayout, shape: &[i64], who: &str) -> Result<Distributed> {
    let outs = l.outs();
    let extents = |sizes: Vec<String>| format!("[{}]", sizes.join(", "));
    let theirs = extents(
        (0..outs.len())
            .map(|j| format!("{}={}", outs[j].name, l.out_size(j)))
            .collect(),
    );
    if outs.len() != shape.len() || (0..outs.len()).any(|j| l.out_size(j) != shape[j]) {
        return Err(Error::algebra(format!(
            "{who} lays out a tensor of out dimensions {theirs}, but the tensor has extents {}: out dimension j must be tensor dimension j",
            extents(shape.iter().map(|d| d.to_string()).collect())
        )));
    }
    Distributed::read(l, who)
}

/// Check that `a` and `b`, both encodings of one tensor, name the same out dimensions and
/// distribute it over the same number of warps.
pub fn check_same_cta(a: &LinearLayout, b: &LinearLayout, shape: &[i64]) -> Result<()> {
    let da = check_tensor_encoding(a, shape, "the source encoding")?;
    let db = check_tensor_encoding(b, shape, "the result encoding")?;
    if a.out_names() != b.out_names() {
        return Err(Error::algebra(format!(
            "the source encoding names the tensor dimensions [{}] and the result encoding [{}]",
            a.out_names().join(", "),
            b.out_names().join(", ")
        )));
    }
    if da.warps() != db.warps() {
        return Err(Error::algebra(format!(
            "the source encoding spreads the tensor over {} warps and the result encoding over {}: a conversion keeps the CTA",
            da.warps(),
            db.warps()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::parse_linear;

    fn lin(text: &str) -> LinearLayout {
        parse_linear(text).unwrap()
    }

    const BLOCKED: &str = "tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>";
    const BLOCKED_2W: &str = "tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>>";
    const TRANSPOSED: &str = "tensor<64x32xf16, #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>";

    #[test]
    fn accepts_an_encoding_of_its_shape() {
        let d = check_tensor_encoding(&lin(BLOCKED), &[64, 32], "the encoding").unwrap();
        assert_eq!(d.warps(), 4);
        check_same_cta(&lin(BLOCKED), &lin(TRANSPOSED), &[64, 32]).unwrap();
    }

    #[test]
    fn names_the_mismatched_extents() {
        let e = check_tensor_encoding(&lin(BLOCKED), &[32, 64], "the result encoding")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the result encoding lays out a tensor of out dimensions [dim0=64, dim1=32], but the tensor has extents [32, 64]"),
            "{e}"
        );
        let e = check_tensor_encoding(&lin(BLOCKED), &[64, 32, 1], "the encoding")
            .unwrap_err()
            .to_string();
        assert!(e.contains("extents [64, 32, 1]"), "{e}");
    }

    #[test]
    fn refuses_a_layout_that_is_not_a_register_layout() {
        let toy = lin("#ttg.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = []}>");
        let e = check_tensor_encoding(&toy, &[2, 2], "the encoding")
            .unwrap_err()
            .to_string();
        assert!(e.contains("the encoding has 2 lanes; a warp has 32"), "{e}");
    }

    #[test]
    fn refuses_a_conversion_across_warp_counts() {
        let e = check_same_cta(&lin(BLOCKED), &lin(BLOCKED_2W), &[64, 32])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("over 4 warps and the result encoding over 2"),
            "{e}"
        );
    }
}
