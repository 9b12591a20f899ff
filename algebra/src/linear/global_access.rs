//! How the threads of a CTA load a register tensor from global memory, or store it: the widest
//! vector each thread can move at once, and the coordinates every access touches.
//!
//! The tensor lies in global memory row-major in its last dimension: element
//! `(c_0, ..., c_{n-1})` at `base + bytes * (sum_{d < n-1} c_d * stride_d + c_{n-1})`; `align`
//! is the byte alignment the caller guarantees for `base` and for every `stride_d * bytes`.
//! The register layout `L` (`tensor_encoding`) gives thread `(lane t, warp w)` register `r` the
//! element `L(r, t, w) = R(r) ^ T(t) ^ W(w)`, XOR of the images of the set bits, per
//! coordinate.
//!
//! **Vector width.** `V = 2^k` registers are one access when register bits `0..k` select the
//! next elements along the last dimension (`R(2^b) = 2^b e_{n-1}` for `b < k`: then registers
//! `r, r+1, .., r+V-1` hold `V` consecutive elements for every `r` with its low `k` bits
//! zero), every other basis (register bits from `k`, lanes, warps) moves the last coordinate by
//! a multiple of `V` (each access starts at a multiple of `V`, so it is `V * bytes` aligned
//! given `align`), `V * bytes <= 16` (the widest `ld/st.global.v4.b32`) and
//! `V * bytes <= align`. The largest such `k` is taken; each wider width is reported with the
//! condition it breaks.
//!
//! **Accesses.** Per thread, one access per distinct register coordinate `R(r)` with `r`'s low
//! `k` bits zero: registers that repeat a coordinate (broadcast: a register basis 0) share it.
//! The lowering adds the thread part `T(t) ^ W(w)` (XOR per coordinate) at run time.
//!
//! **Replicas.** A lane bit (warp bit) whose image `T(2^i)` (`W(2^i)`) is zero moves no
//! coordinate: the threads that differ only in such bits hold the same elements (a slice
//! layout broadcast over the lanes of a quad, say). A store is then issued by the one thread
//! of each such set whose replica bits are clear (`(lane & lane_replicas) == 0` and `(warp &
//! warp_replicas) == 0`), so every element is written once, as Triton masks redundant stores;
//! a load reads in every thread.

use super::layout::LinearLayout;
use super::tensor_encoding::check_tensor_encoding;
use crate::error::{Error, Result};

/// The widest access in bytes (`ld.global.v4.b32`).
pub const MAX_ACCESS_BYTES: i64 = 16;

/// One access of a thread: the register part of its coordinate and the first register of each
/// group of `vector` registers it fills (a load) or reads (a store, from the first group).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    pub coord: Vec<i64>,
    pub registers: Vec<usize>,
}

/// The plan of a global load or store of a register tensor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlobalAccess {
    /// Elements per access.
    pub vector: usize,
    pub elem_bytes: i64,
    /// The coordinate each lane bit and each warp bit contributes (XOR), per tensor dimension.
    pub lane: Vec<Vec<i64>>,
    pub warp: Vec<Vec<i64>>,
    pub accesses: Vec<Access>,
    /// The lane bits and the warp bits of zero image (replicas; module doc), as bit masks.
    pub lane_replicas: i64,
    pub warp_replicas: i64,
    /// Why each wider vector was not taken.
    pub rejected: Vec<String>,
}

impl GlobalAccess {
    /// `ld.global.v4.b32`-style name of one access (`ld` or `st`).
    pub fn instruction(&self, kind: &str) -> String {
        let bytes = self.vector as i64 * self.elem_bytes;
        let (n, w) = match bytes {
            16 => (4, 32),
            8 => (2, 32),
            b => (1, 8 * b),
        };
        if n == 1 {
            format!("{kind}.global.b{w}")
        } else {
            format!("{kind}.global.v{n}.b{w}")
        }
    }

    /// A one-line summary for a remark.
    pub fn summary(&self, kind: &str) -> String {
        let mut s = format!(
            "{} x {} per thread ({} element{} of {} bytes each)",
            self.accesses.len(),
            self.instruction(kind),
            self.vector,
            if self.vector == 1 { "" } else { "s" },
            self.elem_bytes
        );
        if kind == "st" && (self.lane_replicas | self.warp_replicas) != 0 {
            s += &format!(
                ", by the threads whose lane bits {:#x} and warp bits {:#x} are clear (the others hold copies)",
                self.lane_replicas, self.warp_replicas
            );
        }
        if !self.rejected.is_empty() {
            s += &format!("; wider: {}", self.rejected.join("; "));
        }
        s
    }
}

/// The promise of `align` against the strides that are known at compile time: the tile is
/// row-major in its last dimension and `strides[d]` (elements; `None` when only known at run
/// time) is the stride of dimension `d < n-1`. Every known `stride * elem_bytes` must be a
/// multiple of `align`, or rows start at addresses the vector accesses of `align` bytes
/// would not be aligned to. An error names the dimension, the stride and the largest
/// alignment the strides allow.
pub fn check_stride_alignment(strides: &[Option<i64>], elem_bits: i64, align: i64) -> Result<()> {
    if elem_bits <= 0 || elem_bits % 8 != 0 || align <= 0 || align & (align - 1) != 0 {
        return Ok(()); // reported by global_access with its own message
    }
    let elem_bytes = elem_bits / 8;
    for (d, s) in strides.iter().enumerate() {
        let Some(s) = *s else { continue };
        let bytes = s.checked_mul(elem_bytes).ok_or_else(|| {
            Error::algebra(format!(
                "the stride of dimension {d} ({s} elements of {elem_bytes} bytes) overflows i64"
            ))
        })?;
        if bytes % align != 0 {
            // The largest power of two dividing every known byte stride (and align).
            let most = strides
                .iter()
                .flatten()
                .fold(align, |a, &t| a.min(low_bit(t.saturating_mul(elem_bytes))));
            return Err(Error::algebra(format!(
                "align = {align} promises {align}-byte aligned rows, but dimension {d} has the static stride {s} ({bytes} bytes), not a multiple of {align}: rows of this tile are at most {most}-byte aligned (align <= {most})"
            )));
        }
    }
    Ok(())
}

/// The largest power of two dividing `x` (at most 2^62; 2^62 for 0).
fn low_bit(x: i64) -> i64 {
    let u = x.unsigned_abs();
    if u == 0 {
        1 << 62
    } else {
        (u & u.wrapping_neg()).min(1 << 62) as i64
    }
}

fn xor(a: &[i64], b: &[i64]) -> Vec<i64> {
    a.iter().zip(b).map(|(x, y)| x ^ y).collect()
}

/// The plan of moving the register tensor `l` of extents `shape` (elements of `elem_bits`
/// bits, a multiple of 8) between registers and global memory aligned to `align` bytes.
pub fn global_access(
    l: &LinearLayout,
    shape: &[i64],
    elem_bits: i64,
    align: i64,
) -> Result<GlobalAccess> {
    check_tensor_encoding(l, shape, "the register layout")?;
    if elem_bits <= 0 || elem_bits % 8 != 0 || elem_bits > 128 {
        return Err(Error::algebra(format!(
            "global_access: elements of {elem_bits} bits; whole bytes (8 to 128 bits) expected"
        )));
    }
    if align <= 0 || align & (align - 1) != 0 {
        return Err(Error::algebra(format!(
            "global_access: the alignment must be a power of two number of bytes, got {align}"
        )));
    }
    let elem_bytes = elem_bits / 8;
    let last = shape.len() - 1;
    let bases = |name: &str| -> Vec<Vec<i64>> {
        l.in_index(name).map(|i| l.bases_of(i)).unwrap_or_default()
    };
    let (reg, lane, warp) = (bases("register"), bases("lane"), bases("warp"));
    // Register bits that select the next elements along the last dimension.
    let mut k = 0usize;
    while k < reg.len() && (0..shape.len()).all(|d| reg[k][d] == if d == last { 1 << k } else { 0 })
    {
        k += 1;
    }
    let mut rejected = Vec::new();
    let mut width = 0usize;
    for w in 1..=k + 1 {
        let v = 1i64 << w;
        let why = if w > k {
            match reg.get(k) {
                Some(b) => format!(
                    "{v} elements: register bit {k} selects the element at {b:?}, not the next along dimension {last}"
                ),
                None => format!("{v} elements: a thread holds {} register(s)", 1 << reg.len()),
            }
        } else if v * elem_bytes > MAX_ACCESS_BYTES {
            format!(
                "{v} elements: {} bytes, more than one access moves ({MAX_ACCESS_BYTES})",
                v * elem_bytes
            )
        } else if v * elem_bytes > align {
            format!(
                "{v} elements: {} bytes, more than the guaranteed alignment ({align} bytes)",
                v * elem_bytes
            )
        } else if let Some((what, c)) = reg[w..]
            .iter()
            .enumerate()
            .map(|(i, b)| (format!("register bit {}", w + i), b[last]))
            .chain(
                lane.iter()
                    .enumerate()
                    .map(|(i, b)| (format!("lane bit {i}"), b[last])),
            )
            .chain(
                warp.iter()
                    .enumerate()
                    .map(|(i, b)| (format!("warp bit {i}"), b[last])),
            )
            .find(|(_, c)| c % v != 0)
        {
            format!("{v} elements: {what} moves dimension {last} by {c}, not a multiple of {v}, so an access would start unaligned")
        } else {
            width = w;
            continue;
        };
        rejected.push(why);
        break;
    }
    let vector = 1usize << width;
    let mut accesses: Vec<Access> = Vec::new();
    for r in (0..1usize << reg.len()).step_by(vector) {
        let coord = (0..reg.len())
            .filter(|b| r >> b & 1 == 1)
            .fold(vec![0; shape.len()], |acc, b| xor(&acc, &reg[b]));
        match accesses.iter_mut().find(|a| a.coord == coord) {
            Some(a) => a.registers.push(r),
            None => accesses.push(Access {
                coord,
                registers: vec![r],
            }),
        }
    }
    let replicas = |bits: &[Vec<i64>]| {
        bits.iter()
            .enumerate()
            .filter(|(_, b)| b.iter().all(|&c| c == 0))
            .fold(0i64, |m, (i, _)| m | 1 << i)
    };
    Ok(GlobalAccess {
        vector,
        elem_bytes,
        lane_replicas: replicas(&lane),
        warp_replicas: replicas(&warp),
        lane,
        warp,
        accesses,
        rejected,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::parse_linear;

    fn plan(text: &str, shape: &[i64], bits: i64, align: i64) -> GlobalAccess {
        global_access(&parse_linear(text).unwrap(), shape, bits, align).unwrap()
    }

    #[test]
    fn a_static_stride_must_keep_the_promised_alignment() {
        // Rows of 65 halves are 130 bytes apart: 2-byte aligned, not 16.
        let e = check_stride_alignment(&[Some(65)], 16, 16)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("dimension 0 has the static stride 65 (130 bytes), not a multiple of 16"),
            "{e}"
        );
        assert!(e.contains("(align <= 2)"), "{e}");
        assert!(check_stride_alignment(&[Some(64)], 16, 16).is_ok());
        assert!(check_stride_alignment(&[None, Some(72)], 16, 16).is_ok());
        assert!(check_stride_alignment(&[Some(72), Some(65)], 16, 4).is_err());
    }

    #[test]
    fn eight_halves_per_thread_are_one_sixteen_byte_access() {
        let p = plan(
            "tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>",
            &[64, 64],
            16,
            16,
        );
        assert_eq!(p.vector, 8);
        assert_eq!(p.accesses.len(), 4);
        assert_eq!(p.instruction("ld"), "ld.global.v4.b32");
        // Register 8 is 16 rows down.
        assert_eq!(p.accesses[1].coord, vec![16, 0]);
        assert_eq!(p.rejected, vec!["16 elements: register bit 3 selects the element at [16, 0], not the next along dimension 1".to_string()]);
        // Lanes: 8 along the row (by 8 elements), 4 down.
        assert_eq!(p.lane[0], vec![0, 8]);
        assert_eq!(p.lane[3], vec![1, 0]);
    }

    #[test]
    fn the_alignment_bounds_the_vector() {
        let p = plan(
            "tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>",
            &[64, 64],
            16,
            4,
        );
        assert_eq!(p.vector, 2);
        assert_eq!(p.instruction("st"), "st.global.b32");
        assert!(
            p.rejected[0].contains("more than the guaranteed alignment (4 bytes)"),
            "{:?}",
            p.rejected
        );
        assert_eq!(p.accesses.len(), 16);
    }

    #[test]
    fn a_row_slice_is_stored_by_one_lane_of_each_quad() {
        // The rows of the wgmma accumulator: lane bits 0 and 1 (the quad) move no row.
        let p = plan(
            "tensor<128xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>}>>",
            &[128],
            32,
            4,
        );
        assert_eq!((p.lane_replicas, p.warp_replicas), (0b11, 0));
        assert_eq!(p.accesses.len(), 2);
        assert!(
            p.summary("st")
                .contains("lane bits 0x3 and warp bits 0x0 are clear"),
            "{}",
            p.summary("st")
        );
        assert!(!p.summary("ld").contains("clear"));
        // A blocked layout holds every element once.
        let q = plan(
            "tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>",
            &[64, 64],
            16,
            16,
        );
        assert_eq!((q.lane_replicas, q.warp_replicas), (0, 0));
    }

    #[test]
    fn an_mma_accumulator_moves_pairs() {
        // Registers 0, 1 are two columns; register bit 1 is 8 rows down.
        let p = plan(
            "tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>",
            &[64, 64],
            32,
            16,
        );
        assert_eq!(p.vector, 2);
        assert_eq!(p.instruction("ld"), "ld.global.v2.b32");
        assert_eq!(p.accesses.len(), 16);
    }

    #[test]
    fn a_column_major_thread_moves_single_elements() {
        let p = plan(
            "tensor<64x64xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>",
            &[64, 64],
            16,
            16,
        );
        assert_eq!(p.vector, 1);
        assert_eq!(p.instruction("ld"), "ld.global.b16");
        assert_eq!(p.accesses.len(), 32);
    }

    #[test]
    fn broadcast_registers_share_an_access() {
        // Register bit 1 repeats register bit 0's elements: registers 2, 3 hold what 0, 1 do.
        let p = plan(
            "#ttg.linear<{register = [[0, 1], [0, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = [[1, 0]], block = []}>",
            &[2, 64],
            16,
            16,
        );
        assert_eq!(p.vector, 2);
        assert_eq!(
            p.accesses,
            vec![Access {
                coord: vec![0, 0],
                registers: vec![0, 2]
            }]
        );
        assert!(
            p.rejected[0].contains("register bit 1 selects the element at [0, 0]"),
            "{:?}",
            p.rejected
        );
    }

    #[test]
    fn bad_arguments_are_refused() {
        let l = parse_linear("tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>").unwrap();
        assert!(global_access(&l, &[64, 64], 16, 12)
            .unwrap_err()
            .to_string()
            .contains("power of two"));
        assert!(global_access(&l, &[64, 64], 4, 16)
            .unwrap_err()
            .to_string()
            .contains("whole bytes"));
        assert!(global_access(&l, &[32, 64], 16, 16).is_err());
    }
}
