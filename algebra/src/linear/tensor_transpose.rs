//! The transpose of a register tensor's logical dimensions: the same registers, lanes and warps
//! holding the same elements, the tensor's dimensions in another order (Triton's `tt.trans` on a
//! distributed encoding, CuTe's `select` of a fragment's modes). No data moves.
//!
//! A register tensor of extents `(d_0, ..., d_{n-1})` is encoded by a register layout `L` whose
//! out dimension `j` is tensor dimension `j` (`tensor_encoding`). Transposing by `order` (a
//! permutation of `0..n`) gives the tensor `T` of extents `(d_{order[0]}, ..., d_{order[n-1]})`
//! with `T[x_0, ..., x_{n-1}] = S[y]` where `y_{order[j]} = x_j`; the thread, register pair that
//! holds `S[y]` holds `T[x]`, so `T`'s encoding is
//!
//! ```text
//!     L^T(r, l, w) = permute(L(r, l, w)):   out j of L^T = out order[j] of L
//! ```
//!
//! with out dimension `j` keeping the name of `L`'s out dimension `j` (out `j` is still tensor
//! dimension `j`). Over F2 this permutes the bit fields of every basis vector: `L^T`'s register
//! `r` is `L`'s register `r` in every thread, which is why the lowering is free (the register
//! struct is the same value).
//!
//! The verifier compares the result's encoding with `L^T` basis by basis and names the first
//! one that differs; the check is linear in the number of bases (bounded by the types).

use super::layout::{LinearLayout, OutDim};
use super::reshape::transpose_outs;
use super::tensor_encoding::check_tensor_encoding;
use crate::error::{Error, Result};

/// The extents of the transposed tensor: `shape[order[j]]` for each `j`, after checking that
/// `order` is a permutation of `0..shape.len()`.
pub fn transposed_shape(shape: &[i64], order: &[i64]) -> Result<Vec<i64>> {
    let n = shape.len();
    let mut seen = vec![false; n];
    let valid = order.len() == n
        && order.iter().all(|&o| {
            let ok = (0..n as i64).contains(&o) && !seen[o as usize];
            if ok {
                seen[o as usize] = true;
            }
            ok
        });
    if !valid {
        return Err(Error::algebra(format!(
            "transpose: order [{}] is not a permutation of the tensor's {n} dimensions [0, {n})",
            order
                .iter()
                .map(|o| o.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Ok(order.iter().map(|&o| shape[o as usize]).collect())
}

/// The encoding of the transpose by `order` of the register tensor of extents `shape` encoded by
/// `src` (module doc).
pub fn transpose_encoding(
    src: &LinearLayout,
    shape: &[i64],
    order: &[i64],
) -> Result<LinearLayout> {
    check_tensor_encoding(src, shape, "the source encoding")?;
    transposed_shape(shape, order)?;
    let names = src.out_names();
    let ordered: Vec<&str> = order.iter().map(|&o| names[o as usize]).collect();
    let t = transpose_outs(src, &ordered)?;
    let outs = t
        .outs()
        .iter()
        .zip(src.outs())
        .map(|(o, s)| OutDim {
            name: s.name.clone(),
            log2: o.log2,
        })
        .collect();
    Ok(LinearLayout::from_parts(t.ins().to_vec(), outs))
}

/// The verifier of a register transpose: `dst` (the result's encoding) must be
/// `transpose_encoding(src, shape, order)`, else the error names the first basis where they part.
pub fn check_transpose(
    src: &LinearLayout,
    dst: &LinearLayout,
    shape: &[i64],
    order: &[i64],
) -> Result<()> {
    let want = transpose_encoding(src, shape, order)?;
    let new_shape = transposed_shape(shape, order)?;
    check_tensor_encoding(dst, &new_shape, "the result encoding")?;
    if want.in_names() != dst.in_names() || want.out_names() != dst.out_names() {
        return Err(Error::algebra(format!(
            "transpose: the result encoding has in dimensions [{}] and out dimensions [{}], the transpose of the source [{}] and [{}]",
            dst.in_names().join(", "),
            dst.out_names().join(", "),
            want.in_names().join(", "),
            want.out_names().join(", ")
        )));
    }
    for (i, (w, d)) in want.ins().iter().zip(dst.ins()).enumerate() {
        let wb = want.bases_of(i);
        let db = dst.bases_of(i);
        if wb.len() != db.len() {
            return Err(Error::algebra(format!(
                "transpose: the result encoding has {} {} bases, the transpose of the source {}",
                db.len(),
                d.name,
                wb.len()
            )));
        }
        if let Some(k) = (0..wb.len()).find(|&k| wb[k] != db[k]) {
            let v = |b: &[i64]| {
                format!(
                    "[{}]",
                    b.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            return Err(Error::algebra(format!(
                "transpose: {} basis {k} of the result encoding is {}, the transpose of the source's holds {} there (the source's {} with its dimensions in the order [{}]): a transpose moves no data, layout.convert_layout does",
                w.name,
                v(&db[k]),
                v(&wb[k]),
                v(&src.bases_of(i)[k]),
                order.iter().map(|o| o.to_string()).collect::<Vec<_>>().join(", ")
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::text_forms::parse_linear;

    fn enc(text: &str) -> LinearLayout {
        parse_linear(text).unwrap()
    }

    #[test]
    fn transposes_a_blocked_layout() {
        // 16 x 8 blocked: 2 registers along dim1, 32 lanes as (4 along dim1, 8 along dim0),
        // 2 warps along dim0.
        let s = enc("tensor<16x8xf16, #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>>");
        let t = transpose_encoding(&s, &[16, 8], &[1, 0]).unwrap();
        assert_eq!(t.out_names(), s.out_names());
        assert_eq!(t.out_size(0), 8);
        assert_eq!(t.out_size(1), 16);
        // Every (register, lane, warp) holds the transposed element.
        let ri = s.in_index("register").unwrap();
        for i in 0..s.ins().len() {
            for (k, b) in s.bases_of(i).iter().enumerate() {
                assert_eq!(t.bases_of(i)[k], vec![b[1], b[0]], "in {i} basis {k}");
            }
        }
        assert_eq!(t.bases_of(ri).len(), 1);
        // Twice is the identity; the identity order changes nothing.
        assert_eq!(transpose_encoding(&t, &[8, 16], &[1, 0]).unwrap(), s);
        assert_eq!(transpose_encoding(&s, &[16, 8], &[0, 1]).unwrap(), s);
        check_transpose(&s, &t, &[16, 8], &[1, 0]).unwrap();
    }

    #[test]
    fn the_transpose_of_a_blocked_layout_is_the_blocked_layout_of_the_other_order() {
        // Triton: trans of blocked(order = [1, 0]) is blocked with every per-dimension list
        // reversed and order [0, 1].
        let s = enc("tensor<32x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>");
        let t = enc("tensor<64x32xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>");
        check_transpose(&s, &t, &[32, 64], &[1, 0]).unwrap();
    }

    #[test]
    fn errors_name_the_rule() {
        let s = enc("tensor<16x8xf16, #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>>");
        let e = transpose_encoding(&s, &[16, 8], &[1, 1])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("order [1, 1] is not a permutation of the tensor's 2 dimensions [0, 2)"),
            "{e}"
        );
        let e = transpose_encoding(&s, &[16, 8], &[2, 0])
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a permutation"), "{e}");
        // The untransposed encoding as the result: its out sizes are not the new extents.
        let e = check_transpose(&s, &s, &[16, 8], &[1, 0])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the result encoding lays out a tensor of out dimensions"),
            "{e}"
        );
        // A result with the right extents but a lane moved: data would move.
        let other = enc("tensor<8x16xf16, #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [1, 0]}>>");
        let e = check_transpose(&s, &other, &[16, 8], &[1, 0])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("of the result encoding is") && e.contains("layout.convert_layout"),
            "{e}"
        );
        // A source that is not a register tensor of that shape.
        let e = transpose_encoding(&s, &[16, 16], &[1, 0])
            .unwrap_err()
            .to_string();
        assert!(e.contains("the source encoding lays out"), "{e}");
    }
}
