//! CuTe's `retile` on register tensors: the registers a thread already holds, viewed through
//! another register layout, with no data moved between threads and no register chosen at run
//! time.
//!
//! `S` (the source) and `D` (the result) are register layouts of one CTA over the same tensor
//! (`distributed`): thread `(t, w)` holds `S(t, w) + span(S.reg)`, its register `r` the element
//! `S(t, w) + S.reg(r)`. Reading the fragment through `D` instead is a renaming of registers,
//! the same in every thread, exactly when
//!
//! ```text
//!     D.lane = S.lane,   D.warp = S.warp,   span(D.reg) ⊆ span(S.reg)
//! ```
//!
//! (bit for bit: `D.lane[i]` is `S.lane[i]`, not merely congruent to it modulo `span(S.reg)`).
//! Then `D`'s register `r` is `S`'s register `S.reg^-1(D.reg(r))` in every thread, a
//! compile-time permutation (with repeats when `D` broadcasts): `convert_plan`'s registers
//! path, cost 0.
//!
//! Each condition that fails is an error naming the first bit where the two layouts part and
//! the elements it selects on both sides, because each means data must move: a different lane
//! or warp bit is an exchange between threads (a shuffle or shared memory:
//! `layout.convert_layout`); a lane bit congruent but not equal makes a thread's register order
//! depend on its lane (a run-time select); a `D` register outside `span(S.reg)` is an element
//! the thread does not hold. The check is linear algebra on at most
//! `|reg| + |lane| + |warp|` vectors: bounded by the types' size.
//!
//! Example: the accumulator of `mma.sync.m16n8k16` on a 16x16 tile (`#ttg.nvidia_mma` v2:
//! registers `[[0,1],[8,0],[0,8]]`, lanes `[[0,2],[0,4],[1,0],[2,0],[4,0]]`) and the same
//! lanes with the registers in the order `[[0,8],[0,1],[8,0]]` (both column halves of a row
//! before the next row) hold the same eight elements in each thread: a retile, whose register
//! `r` reads the accumulator's register `((r >> 1) & 3) | ((r & 1) << 2)`. A blocked layout of
//! the tile is not: its lane bit 0 selects another element.

use super::gauss::{in_span, Echelon};
use super::layout::LinearLayout;
use super::tensor_encoding::{check_same_cta, check_tensor_encoding};
use crate::error::{Error, Result};

/// The register of `src` that each register bit of `dst` reads (`dst.reg[j] = src.reg(map[j])`),
/// when retiling the register tensor of extents `shape` from `src` to `dst` moves no data; else
/// the error naming the first bit where they part.
pub fn retile_registers(src: &LinearLayout, dst: &LinearLayout, shape: &[i64]) -> Result<Vec<u64>> {
    check_same_cta(src, dst, shape)?;
    let s = check_tensor_encoding(src, shape, "the source encoding")?;
    let d = check_tensor_encoding(dst, shape, "the result encoding")?;
    let at = |v: u64| {
        format!(
            "({})",
            src.unpack(v)
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let fail = |what: String| {
        Err(Error::algebra(format!(
            "retile: {what}; layout.convert_layout moves the data"
        )))
    };
    for (name, sv, dv) in [("lane", &s.lane, &d.lane), ("warp", &s.warp, &d.warp)] {
        for (i, (&a, &b)) in sv.iter().zip(dv.iter()).enumerate() {
            if a == b {
                continue;
            }
            let why = if in_span(&s.reg, a ^ b) {
                "the same elements in another register order in each thread (a per-lane select)"
            } else {
                "elements held by other threads"
            };
            return fail(format!(
                "{name} bit {i} selects element {} in the source encoding but {} in the result encoding: {why}",
                at(a),
                at(b)
            ));
        }
    }
    let mut e = Echelon::new();
    for (i, &v) in s.reg.iter().enumerate() {
        e.insert(i as u32, v);
    }
    let mut map = Vec::with_capacity(d.reg.len());
    for (j, &v) in d.reg.iter().enumerate() {
        match e.solve(v) {
            Some(r) => map.push(r),
            None => {
                return fail(format!(
                    "register bit {j} of the result encoding selects element {}, which no register of the source encoding holds in that thread",
                    at(v)
                ))
            }
        }
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::super::distributed::{combine, Distributed};
    use super::*;
    use crate::linear::parse_linear;

    fn lin(text: &str) -> LinearLayout {
        parse_linear(text).unwrap()
    }

    const ACC: &str = "tensor<16x16xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>>";
    const ROWS_FIRST: &str = "#ttg.linear<{register = [[0, 8], [0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>";
    const BLOCKED: &str = "tensor<16x16xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>>";

    #[test]
    fn renames_the_accumulator_registers() {
        let (s, d) = (lin(ACC), lin(ROWS_FIRST));
        let map = retile_registers(&s, &d, &[16, 16]).unwrap();
        let (ds, dd) = (
            Distributed::read(&s, "s").unwrap(),
            Distributed::read(&d, "d").unwrap(),
        );
        // Register bit j of the result is the source register holding its element: (0,8) is
        // source register 4, (0,1) register 1, (8,0) register 2.
        assert_eq!(map, vec![4, 1, 2]);
        for (j, &r) in map.iter().enumerate() {
            assert_eq!(combine(&ds.reg, r), dd.reg[j]);
        }
        // and back.
        assert_eq!(retile_registers(&d, &s, &[16, 16]).unwrap(), vec![2, 4, 1]);
    }

    #[test]
    fn a_lane_congruent_modulo_registers_is_a_select() {
        // Lane bit 0 selects (0,2) ^ (8,0): the same elements per thread, in a lane-dependent
        // register order.
        let moved = "#ttg.linear<{register = [[0, 1], [8, 0], [0, 8]], lane = [[8, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>";
        let e = retile_registers(&lin(ACC), &lin(moved), &[16, 16])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("lane bit 0 selects element (0, 2) in the source encoding but (8, 2)"),
            "{e}"
        );
        assert!(e.contains("per-lane select"), "{e}");
    }

    #[test]
    fn a_register_the_thread_lacks() {
        // Register 1 at (0,3) = (0,1) + (0,2): the element register 1 of the next lane holds.
        let other = "#ttg.linear<{register = [[0, 3], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>";
        let e = retile_registers(&lin(ACC), &lin(other), &[16, 16])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("register bit 0 of the result encoding selects element (0, 3)"),
            "{e}"
        );
    }

    #[test]
    fn names_the_lane_bit_that_moves_data() {
        let e = retile_registers(&lin(ACC), &lin(BLOCKED), &[16, 16])
            .unwrap_err()
            .to_string();
        assert!(e.contains("retile: lane bit 0 selects element"), "{e}");
        assert!(e.contains("layout.convert_layout"), "{e}");
    }

    #[test]
    fn refuses_another_shape() {
        let e = retile_registers(&lin(ACC), &lin(ROWS_FIRST), &[16, 32])
            .unwrap_err()
            .to_string();
        assert!(e.contains("extents [16, 32]"), "{e}");
    }
}
