//! Queries: consecutive elements (`num_consecutive_in_out`), the vector width of a layout
//! onto a tensor (`vector_width`) and free-variable masks.

use super::gauss::Echelon;
use super::layout::LinearLayout;
use super::reshape::transpose_outs;
use crate::error::Result;

/// Triton's `getNumConsecutiveInOut`: the largest power of two V such that in-dimension 0's
/// values 0..V map to out-dimension 0's values 0..V with every other out component zero and no
/// other basis touching those low bits. Out dimension 0 is the minor one (the convention of
/// Triton's LinearLayout, whose flattening puts the first out dimension lowest).
pub fn num_consecutive_in_out(l: &LinearLayout) -> i64 {
    match l.outs().first() {
        Some(d) => consecutive(l, d.log2),
        None => 1,
    }
}

/// The vector width of a layout onto a tensor: how many consecutive values of in-dimension 0
/// (registers) hold consecutive elements of the tensor along its fastest dimension.
///
/// The out dimensions `dim0, ..., dim{n-1}` (Triton's names of a tensor's dimensions, any
/// order) are the tensor's, which is row-major: `dim{n-1}` varies fastest. The layout is read
/// with its out dimensions flattened row-major, `flat = sum_d x_d * prod_{e > d} size_e`, i.e.
/// transposed to `dim{n-1}, ..., dim0` (minor first) and counted as `num_consecutive_in_out`
/// over all out bits: V is the largest power of two with `L(register = r) = r` (flat) for
/// `r < V`, no other basis touching the flat bits below V. This is what Triton gets when it
/// composes a register layout with a row-major identity shared layout and asks
/// `getNumConsecutiveInOut` of `register -> offset`. Any other out dimensions are taken in the
/// LinearLayout convention (the first one minor): `num_consecutive_in_out`.
///
/// `#ttg.blocked<{sizePerThread = [1, 8], order = [1, 0], ...}>` over `[16, 64]`: registers
/// `[0, 1], [0, 2], [0, 4]` flatten to 1, 2, 4, lanes and warps start at 8: V = 8 (the first
/// out dimension alone, dim0, would give 1).
pub fn vector_width(l: &LinearLayout) -> Result<i64> {
    let n = l.outs().len();
    let tensor = n > 1 && (0..n).all(|d| l.has_out(&format!("dim{d}")));
    if !tensor {
        return Ok(num_consecutive_in_out(l));
    }
    let minor_first: Vec<String> = (0..n).rev().map(|d| format!("dim{d}")).collect();
    let refs: Vec<&str> = minor_first.iter().map(String::as_str).collect();
    let t = transpose_outs(l, &refs)?;
    Ok(consecutive(&t, t.total_out_bits()))
}

/// `num_consecutive_in_out` with the low `w0` bits of the packed out word as out dimension 0.
fn consecutive(l: &LinearLayout, w0: u32) -> i64 {
    if l.ins().is_empty() {
        return 1;
    }
    let first = &l.ins()[0].bases;
    let mut consec = 0usize;
    while consec < first.len() && (consec as u32) < w0 && first[consec] == 1u64 << consec {
        consec += 1;
    }
    let mask0 = super::layout::low_mask(w0);
    let mut other = 0u64;
    for (i, d) in l.ins().iter().enumerate() {
        for (k, &v) in d.bases.iter().enumerate() {
            if i != 0 || k >= consec {
                other |= v & mask0;
            }
        }
    }
    let tz = if other != 0 {
        other.trailing_zeros() as usize
    } else {
        31
    };
    1i64 << consec.min(tz).min(62)
}

/// For each in dimension, the mask of its bits that are free variables (bits whose image is a
/// combination of the images of earlier bits, so they do not change the result's information).
pub fn free_variable_masks(l: &LinearLayout) -> Vec<(String, i64)> {
    let mut ech = Echelon::new();
    let mut out = Vec::with_capacity(l.ins().len());
    let mut c = 0u32;
    for d in l.ins() {
        let mut mask = 0i64;
        for (k, &v) in d.bases.iter().enumerate() {
            if !ech.insert(c, v) {
                mask |= 1 << k;
            }
            c += 1;
        }
        out.push((d.name.clone(), mask));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::text_forms::parse_linear;

    fn width(text: &str) -> i64 {
        vector_width(&parse_linear(text).unwrap()).unwrap()
    }

    const BLOCKED_1X8: &str = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>";

    /// sizePerThread [1, 8], order [1, 0] over 16x64: registers [0,1], [0,2], [0,4] (dim1 is
    /// order[0]), lanes [0,8], [0,16], [0,32], [1,0], [2,0], warps [4,0], [8,0]. Row-major
    /// flat offsets (x0 * 64 + x1): registers 1, 2, 4; everything else 8 and up: 8 elements.
    /// The first out dimension alone (dim0) sees register bases 0: 1, the bug of issue 32.
    #[test]
    fn a_blocked_1x8_layout_holds_8_consecutive_elements() {
        let l = parse_linear(&format!("tensor<16x64xf16, {BLOCKED_1X8}>")).unwrap();
        assert_eq!(vector_width(&l).unwrap(), 8);
        assert_eq!(num_consecutive_in_out(&l), 1);
        // The same layout written as #ttg.linear, its bases derived above.
        let lin = "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>";
        assert_eq!(parse_linear(lin).unwrap(), l);
        assert_eq!(width(lin), 8);
        // The answer does not depend on the order the out dimensions are listed in.
        let t = transpose_outs(&l, &["dim1", "dim0"]).unwrap();
        assert_eq!(vector_width(&t).unwrap(), 8);
    }

    #[test]
    fn vector_widths_of_triton_encodings() {
        // Column-major: sizePerThread [8, 1], order [0, 1]: registers [1,0], [2,0], [4,0] are
        // flat 16, 32, 64 in the row-major 64x16 tensor: 1 element along dim1.
        assert_eq!(
            width("tensor<64x16xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>"),
            1
        );
        // MMA v2 accumulator (m16n8): registers [0,1], [8,0]; lanes [0,2], [0,4], [1,0], ...
        // Flat (x0 * 8 + x1): registers 1, 64, lanes from 2: pairs of columns, 2.
        assert_eq!(
            width("tensor<16x8xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>"),
            2
        );
        // Hopper accumulator m64n64: the same pairs (registers [0,1], [8,0], [0,8], ...).
        assert_eq!(
            width("tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>"),
            2
        );
        // Operand A of an MMA v2 with kWidth 8 over 16x64: registers [0,1], [0,2], [0,4],
        // [8,0], [0,32], lanes [0,8], ...: flat 1, 2, 4, 512, 32, lanes from 8: kWidth = 8.
        assert_eq!(
            width("tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>, kWidth = 8}>>"),
            8
        );
        // The slice along dim 0 keeps the dim1 components: registers [1], [2], [4]: 8.
        assert_eq!(
            width(&format!(
                "tensor<64xf16, #ttg.slice<{{dim = 0, parent = {BLOCKED_1X8}}}>>"
            )),
            8
        );
        // The f16 128-byte NVMMA swizzle over 8x64: offsets 1..32 are columns 1..32, offset 64
        // is (1, 8), flat 72: bit 3 is touched by the swizzle, 8 elements (16 bytes).
        assert_eq!(
            width("!ttg.memdesc<8x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>"),
            8
        );
        // Not a tensor's out dimensions: the first one is the minor one, as in Triton.
        assert_eq!(
            width(
                r#"{"in_dims":[{"name":"in","bases":[[1,0],[2,0],[0,1],[0,2],[0,4]]}],"out_dims":["out1","out2"]}"#
            ),
            4
        );
    }
}
