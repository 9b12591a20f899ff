//! The coordinates of the elements of a register tensor, as its layout places them: what CuTe's
//! identity tensor partitioned like a fragment gives (`make_identity_tensor` + `partition`),
//! and what Triton's `make_range` broadcast into a layout gives. Masks (causal attention,
//! sequence bounds) compare them.
//!
//! A register tensor of extents `(d_0, ..., d_{n-1})` is encoded by `L : (register, lane, warp)
//! -> (x_0, ..., x_{n-1})`, linear over F2 (`tensor_encoding`), so the element in register `r`
//! of the thread with lane `l` and warp `w` is at
//!
//! ```text
//!     x(r, l, w) = L(r, 0, 0) xor L(0, l, w),   L(0, l, w) = xor of L(lane bit i) for the set
//!                                                   bits i of l, and of the warp bits of w
//! ```
//!
//! (coordinates XOR as bit vectors: each dimension is a power of two, its bits a field of the
//! packed coordinate). The plan is each register's coordinates and each lane and warp bit's; the
//! lowering computes the thread's part once from `tid.x` and XORs each register's in: one
//! constant per register, no search.

use super::layout::LinearLayout;
use super::tensor_encoding::check_tensor_encoding;
use crate::error::Result;

/// Where a register tensor's elements lie (module doc): per register, lane bit and warp bit, its
/// coordinates (one per dimension).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TensorCoordinates {
    pub registers: Vec<Vec<i64>>,
    pub lane: Vec<Vec<i64>>,
    pub warp: Vec<Vec<i64>>,
}

/// The coordinates of the register tensor of extents `shape` encoded by `l`.
pub fn tensor_coordinates(l: &LinearLayout, shape: &[i64]) -> Result<TensorCoordinates> {
    let d = check_tensor_encoding(l, shape, "the encoding")?;
    let unpack = |v: u64| l.unpack(v);
    let combine = |bits: &[u64], i: usize| {
        bits.iter()
            .enumerate()
            .filter(|(k, _)| i >> k & 1 == 1)
            .fold(0u64, |acc, (_, &b)| acc ^ b)
    };
    Ok(TensorCoordinates {
        registers: (0..1usize << d.reg.len())
            .map(|r| unpack(combine(&d.reg, r)))
            .collect(),
        lane: d.lane.iter().map(|&b| unpack(b)).collect(),
        warp: d.warp.iter().map(|&b| unpack(b)).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::parse_linear;

    #[test]
    fn every_element_is_where_the_layout_says() {
        let l = parse_linear("tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>").unwrap();
        let c = tensor_coordinates(&l, &[64, 64]).unwrap();
        assert_eq!(c.registers.len(), 32);
        assert_eq!((c.lane.len(), c.warp.len()), (5, 2));
        // The accumulator's fragment (PTX ISA): d_i of lane l in warp w at row 16 w + l / 4 +
        // 8 [bit 1 of i], column 2 (l % 4) + (i & 1) + 8 (i >> 2).
        for w in 0..4i64 {
            for lane in 0..32i64 {
                for i in 0..32usize {
                    let mut x = c.registers[i].clone();
                    for (k, b) in c.lane.iter().enumerate() {
                        if lane >> k & 1 == 1 {
                            x = x.iter().zip(b).map(|(a, b)| a ^ b).collect();
                        }
                    }
                    for (k, b) in c.warp.iter().enumerate() {
                        if w >> k & 1 == 1 {
                            x = x.iter().zip(b).map(|(a, b)| a ^ b).collect();
                        }
                    }
                    let i = i as i64;
                    let want = vec![
                        16 * w + lane / 4 + 8 * ((i >> 1) & 1),
                        2 * (lane % 4) + (i & 1) + 8 * (i >> 2),
                    ];
                    assert_eq!(x, want, "warp {w} lane {lane} register {i}");
                }
            }
        }
        let e = tensor_coordinates(&l, &[64, 32]).unwrap_err().to_string();
        assert!(e.contains("the encoding lays out a tensor"), "{e}");
    }
}
