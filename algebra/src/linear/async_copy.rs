//! How the threads of a CTA copy a tile from global memory into shared memory with `cp.async`
//! (sm_80+): the widest copy each thread can issue, and where each one reads and writes.
//!
//! The tile lies in global memory as for [`global_access`]: row-major in its last dimension,
//! `base + bytes * (sum_{d < n-1} c_d * stride_d + c_{n-1})`, with `align` the byte alignment
//! the caller guarantees for `base` and every `stride_d * bytes`. The thread layout `T` (a
//! register layout, `tensor_encoding`) says which elements each thread copies: thread `(lane
//! t, warp w)` "register" `r` is the element `T(r, t, w)`. The shared layout `S` is a linear
//! layout from the tile's dimensions `dim0, ..., dim{n-1}` to one offset in elements (a CuTe
//! layout, swizzled or not, converted by `to_linear`): element `c` sits at `smem + bytes *
//! S(c)`.
//!
//! **The shared offset of a thread's element** is `S(T(r, t, w))`: `T` and `S` are linear over
//! F2, so it is the XOR of `S(T(b))` over the set bits `b` of `(r, t, w)`.
//!
//! **Copy width.** `V = 2^k` elements are one `cp.async` when they are one access of the
//! global side ([`global_access`]: register bits `0..k` select the next elements along the last
//! dimension, every other basis moves it by a multiple of `V`, `V * bytes <= align`) and, on
//! the shared side, register bits `0..k` select the next offsets (`S(T(2^b)) = 2^b` for
//! `b < k`) while every other basis moves the offset by a multiple of `V` (each copy starts
//! `V * bytes` aligned in shared memory). `cp.async` copies 4, 8 or 16 bytes, so `V * bytes`
//! must be one of them: the widest such `V` is taken; each wider one is reported with the
//! condition it breaks, and a tile whose widest common vector is under 4 bytes is an error that
//! says why the wider ones fail.

use super::global_access::{global_access, GlobalAccess};
use super::layout::LinearLayout;
use super::shared_access::{shared_offsets, shared_width};
use crate::error::{Error, Result};

/// The sizes `cp.async` copies, in bytes.
pub const CP_ASYNC_BYTES: [i64; 3] = [4, 8, 16];

/// The plan of a `cp.async` copy of a tile from global to shared memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsyncCopy {
    /// The global side: vector width, per-bit coordinates, one access per copy.
    pub global: GlobalAccess,
    /// The shared offset (elements, XOR) each lane bit and each warp bit contributes.
    pub smem_lane: Vec<i64>,
    pub smem_warp: Vec<i64>,
    /// The register part of the shared offset of each copy (of `global.accesses`, in order).
    pub smem_access: Vec<i64>,
    /// Why each wider copy was not taken (global side, then shared side).
    pub rejected: Vec<String>,
}

impl AsyncCopy {
    /// The bytes of one copy.
    pub fn bytes(&self) -> i64 {
        self.global.vector as i64 * self.global.elem_bytes
    }

    /// `N x cp.async.cg.shared.global [16 bytes] per thread; wider: ...` for a remark.
    pub fn summary(&self) -> String {
        let cache = if self.bytes() == 16 { "cg" } else { "ca" };
        let mut s = format!(
            "{} x cp.async.{cache}.shared.global of {} bytes per thread ({} elements of {} bytes each)",
            self.global.accesses.len(),
            self.bytes(),
            self.global.vector,
            self.global.elem_bytes
        );
        if !self.rejected.is_empty() {
            s.push_str(&format!("; wider: {}", self.rejected.join("; ")));
        }
        s
    }
}

/// The `cp.async` plan of copying the tile `shape` laid out over the threads by `threads` (a
/// register layout) from global memory (row-major, `align`) into shared memory laid out by
/// `smem` (tile dimensions `dim0, ...` to one offset).
pub fn async_copy(
    threads: &LinearLayout,
    shape: &[i64],
    elem_bits: i64,
    align: i64,
    smem: &LinearLayout,
) -> Result<AsyncCopy> {
    let widest = global_access(threads, shape, elem_bits, align)?;
    let elem_bytes = widest.elem_bytes;
    let offset = shared_offsets(smem, shape, "async_copy")?;
    let of = |c: &[i64]| offset(c);
    let bases = |name: &str| -> Vec<Vec<i64>> {
        threads
            .in_index(name)
            .map(|i| threads.bases_of(i))
            .unwrap_or_default()
    };
    let reg: Vec<i64> = bases("register").iter().map(|c| of(c)).collect();
    let lane: Vec<i64> = bases("lane").iter().map(|c| of(c)).collect();
    let warp: Vec<i64> = bases("warp").iter().map(|c| of(c)).collect();
    let mut rejected = widest.rejected.clone();
    // The widest vector both sides allow, from the global side's down.
    let (vector, shared_rejected) = shared_width(&reg, &lane, &warp, widest.vector);
    rejected.extend(shared_rejected);
    let bytes = vector as i64 * elem_bytes;
    if !CP_ASYNC_BYTES.contains(&bytes) {
        return Err(Error::algebra(format!(
            "async_copy: cp.async copies 4, 8 or 16 bytes, but the widest copy both layouts allow is {vector} element(s) of {elem_bytes} bytes ({bytes} bytes): {}",
            rejected.join("; ")
        )));
    }
    // The global plan of exactly that width (an alignment of one copy caps it there).
    let global = global_access(threads, shape, elem_bits, align.min(bytes))?;
    if global.vector != vector {
        return Err(Error::algebra(format!(
            "async_copy: internal: the global plan takes {} elements, the copy {vector}",
            global.vector
        )));
    }
    let smem_access = global
        .accesses
        .iter()
        .map(|a| {
            let r = a.registers[0];
            (0..reg.len())
                .filter(|b| r >> b & 1 == 1)
                .fold(0, |acc, b| acc ^ reg[b])
        })
        .collect();
    // Keep the reasons for the widths above the one taken only.
    rejected.retain(|why| {
        why.split(' ')
            .next()
            .and_then(|n| n.parse::<usize>().ok())
            .is_none_or(|n| n > vector)
    });
    Ok(AsyncCopy {
        global,
        smem_lane: lane,
        smem_warp: warp,
        smem_access,
        rejected,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::parse_linear;

    /// 128 threads, 8 halves each: a 64x64 f16 tile, row-major threads (8 per row).
    const ROWS: &str = "{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}";

    fn cute(text: &str) -> Result<LinearLayout> {
        let f = crate::text::parse_func(text)?;
        crate::linear::from_cute::from_cute(&f, &["dim0", "dim1"], "offset")
    }

    fn smem(text: &str) -> LinearLayout {
        cute(text).unwrap()
    }

    #[test]
    fn row_major_tile_into_a_swizzled_tile_is_sixteen_bytes() {
        let t = parse_linear(ROWS).unwrap();
        // The 128B-swizzled K-major f16 tile: rows of 64 halves, Sw<3,3,3>.
        let s = smem("Sw<3,3,3> o 0 o (64,64):(64,1)");
        let p = async_copy(&t, &[64, 64], 16, 16, &s).unwrap();
        assert_eq!(p.bytes(), 16);
        assert_eq!(p.global.accesses.len(), 4);
        // Every element lands where the shared layout puts it.
        for lane in 0..32i64 {
            for warp in 0..4i64 {
                for (a, base) in p.global.accesses.iter().zip(&p.smem_access) {
                    let mut coord = a.coord.clone();
                    let mut off = *base;
                    for (i, c) in p.global.lane.iter().enumerate() {
                        if lane >> i & 1 == 1 {
                            coord = coord.iter().zip(c).map(|(x, y)| x ^ y).collect();
                            off ^= p.smem_lane[i];
                        }
                    }
                    for (i, c) in p.global.warp.iter().enumerate() {
                        if warp >> i & 1 == 1 {
                            coord = coord.iter().zip(c).map(|(x, y)| x ^ y).collect();
                            off ^= p.smem_warp[i];
                        }
                    }
                    let (r, c) = (coord[0], coord[1]);
                    let want = r * 64 + ((c / 8) ^ (r % 8)) * 8 + c % 8;
                    assert_eq!(off, want, "lane {lane} warp {warp} at ({r}, {c})");
                }
            }
        }
    }

    #[test]
    fn a_transposed_tile_narrows_the_copy_and_names_why() {
        let t = parse_linear(ROWS).unwrap();
        // Column-major in shared memory: the next column is 64 elements away.
        let s = smem("(64,64):(1,64)");
        let e = async_copy(&t, &[64, 64], 16, 16, &s)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("widest copy both layouts allow is 1 element(s) of 2 bytes (2 bytes)"),
            "{e}"
        );
        assert!(
            e.contains("register bit 0 is at shared offset 64, not 1"),
            "{e}"
        );
        // f32 elements: 4-byte copies still fit cp.async.
        let s = smem("(64,64):(1,64)");
        let p = async_copy(&t, &[64, 64], 32, 16, &s).unwrap();
        assert_eq!(p.bytes(), 4);
        assert!(
            p.summary().contains("cp.async.ca.shared.global of 4 bytes"),
            "{}",
            p.summary()
        );
    }

    #[test]
    fn alignment_and_padding_cap_the_width() {
        let t = parse_linear(ROWS).unwrap();
        let s = smem("(64,64):(64,1)");
        // An 8-byte aligned global tensor: 8-byte copies.
        let p = async_copy(&t, &[64, 64], 16, 8, &s).unwrap();
        assert_eq!(p.bytes(), 8);
        assert!(
            p.rejected
                .iter()
                .any(|w| w.contains("guaranteed alignment")),
            "{:?}",
            p.rejected
        );
        // Rows padded to 68 halves are not a linear layout (68 is no power of two).
        assert!(cute("(64,64):(68,1)").is_err());
        // A shared layout of the wrong tile.
        let e = async_copy(&t, &[64, 64], 16, 16, &smem("(32,64):(64,1)")).unwrap_err();
        assert!(
            e.to_string().contains("covers 32 along dim0, the tile 64"),
            "{e}"
        );
    }
}
