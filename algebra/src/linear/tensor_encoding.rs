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
//!
//! A thread holds at most 2^[`MAX_REGISTER_BITS`] elements of a register tensor: a thread has
//! 255 32-bit registers, so more never compiles without spilling, and the bound keeps every
//! check and lowering that walks a thread's registers bounded by the op (a `sizePerThread` of
//! 2^46 would otherwise be walked element by element).

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
    let d = Distributed::read(l, who)?;
    if d.reg.len() > MAX_REGISTER_BITS {
        return Err(Error::algebra(format!(
            "{who} gives each thread 2^{} elements of the tensor; a register tensor holds at most 2^{MAX_REGISTER_BITS} = {} per thread (a thread has 255 32-bit registers)",
            d.reg.len(),
            1u64 << MAX_REGISTER_BITS
        )));
    }
    Ok(d)
}

/// log2 of the most elements a thread holds in a register tensor (module doc).
pub const MAX_REGISTER_BITS: usize = 12;

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

    fn from_text(enc: &str) -> LinearLayout {
        let json = crate::linear::encoding_text::parse_encoding_text(enc).unwrap();
        crate::linear::encodings::to_linear_layout(&json, &[64, 64]).unwrap()
    }

    /// A blocked encoding whose sizePerThread makes 2^49 elements per thread (found by
    /// layout-fuzz: its registers were walked one by one) is refused at once.
    #[test]
    fn registers_per_thread_are_bounded() {
        let enc = "#ttg.blocked<{sizePerThread = [8, 70368744177664], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>";
        let l = from_text(enc);
        let e = check_tensor_encoding(&l, &[64, 64], "the encoding")
            .unwrap_err()
            .to_string();
        assert!(e.contains("gives each thread 2^49 elements"), "{e}");
        let ok = "#ttg.blocked<{sizePerThread = [8, 512], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>";
        let l = from_text(ok);
        assert!(check_tensor_encoding(&l, &[64, 64], "the encoding").is_ok());
    }

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
