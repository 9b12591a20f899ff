//! Decoding the plan of a register tensor's shared-memory load or store
//! (`layout_algebra::linear::shared_access`, what `--layout-lower-register-tensors` emits for
//! `layout.shared_load` / `layout.shared_store`) into the shared offset of every register of
//! every thread, from the semantics of the emitted instructions (PTX ISA `ld/st.shared`,
//! `ldmatrix`/`stmatrix` `.m8n8.b16`), written apart from the planner.
//!
//! Thread `t` is lane `l = t % 32` of warp `w = t / 32`. The emitted code forms the thread's
//! offset as the XOR of one constant per set bit of `l` and of `w` (`lane[i]`, `warp[i]`):
//!
//! ```text
//! T(l, w) = XOR_{i : bit i of l} lane[i]  XOR  XOR_{i : bit i of w} warp[i]
//! ```
//!
//! A constant offset `c` is emitted as `(T ^ x) + a` with `(x, a) = split_thread_xor(bits, c)`
//! (`bits` the constants `T` is formed from): the decoding follows that form.
//!
//! - vector accesses: access `a` moves `V` consecutive elements at `T ^ offset_a`: element
//!   `k < V` of it is register `g + k` for each register group `g` of the access (a load fills
//!   every group, a store writes from the first);
//! - `ldmatrix` / `stmatrix` `.x{num}`: instruction `(offset, first)`; lane `l` supplies the row
//!   address `R(l, w) = T_rows(l, w) ^ offset` (with the row constants in place of `lane[i]`);
//!   matrix `j` takes its 8 rows from lanes `8j .. 8j+7`, and thread `l`'s 32-bit register `j`
//!   (registers `first + 2j + h`, `h` = 0, 1: its two 16-bit halves, `h` the lower first) is
//!
//! ```text
//! plain:  row l/4,        column 2(l%4) + h   ->  R(8j + l/4, w)        + 2(l%4) + h
//! .trans: row 2(l%4) + h, column l/4          ->  R(8j + 2(l%4) + h, w) + l/4
//! ```
//!
//! Offsets are in elements (the code scales them by the element's bytes).

use layout_algebra::linear::shared_access::{split_thread_xor, SharedAccess};

/// One register of one thread and the shared offset (elements) it is loaded from or stored to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub thread: usize,
    pub register: usize,
    pub offset: i64,
}

/// The XOR of `consts[i]` over the set bits `i` of `x` (bits past `consts` contribute nothing:
/// the caller checks the thread count).
pub(crate) fn xor_bits(x: usize, consts: &[i64]) -> i64 {
    consts
        .iter()
        .enumerate()
        .filter(|(i, _)| x >> i & 1 == 1)
        .fold(0, |acc, (_, &c)| acc ^ c)
}

/// The register groups an access moves: a load fills every group of registers that repeat its
/// elements, a store writes from the first.
pub(crate) fn moved_groups(groups: &[usize], store: bool) -> &[usize] {
    if store {
        &groups[..groups.len().min(1)]
    } else {
        groups
    }
}

/// Every register of `threads` threads placed by the vector accesses of `plan`.
pub fn vector_placements(plan: &SharedAccess, threads: usize, store: bool) -> Vec<Placement> {
    let mut out = Vec::new();
    let bits: Vec<i64> = plan.lane.iter().chain(&plan.warp).copied().collect();
    for t in 0..threads {
        let base = xor_bits(t % 32, &plan.lane) ^ xor_bits(t / 32, &plan.warp);
        for a in &plan.accesses {
            let (x, add) = split_thread_xor(&bits, a.offset);
            for &g in moved_groups(&a.registers, store) {
                for k in 0..plan.vector {
                    out.push(Placement {
                        thread: t,
                        register: g + k,
                        offset: (base ^ x) + add + k as i64,
                    });
                }
            }
        }
    }
    out
}

/// Every register of `threads` threads placed by the `ldmatrix`/`stmatrix` form of `plan`
/// (None when the plan has none).
pub fn matrix_placements(plan: &SharedAccess, threads: usize) -> Option<Vec<Placement>> {
    let m = plan.matrix.as_ref()?;
    let mut out = Vec::new();
    let bits: Vec<i64> = m.lane_rows.iter().chain(&plan.warp).copied().collect();
    for t in 0..threads {
        let (l, w) = (t % 32, t / 32);
        for &(offset, first) in &m.instructions {
            let (x, add) = split_thread_xor(&bits, offset);
            let row =
                |lane: usize| (xor_bits(lane, &m.lane_rows) ^ xor_bits(w, &plan.warp) ^ x) + add;
            for j in 0..m.num {
                for h in 0..2 {
                    let at = if m.trans {
                        row(8 * j + 2 * (l % 4) + h) + (l / 4) as i64
                    } else {
                        row(8 * j + l / 4) + (2 * (l % 4) + h) as i64
                    };
                    out.push(Placement {
                        thread: t,
                        register: first + 2 * j + h,
                        offset: at,
                    });
                }
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use layout_algebra::linear::shared_access::{MatrixAccess, SharedAccessItem};

    fn plan(matrix: Option<MatrixAccess>) -> SharedAccess {
        SharedAccess {
            vector: 2,
            elem_bytes: 2,
            lane: vec![2, 4, 8, 16, 32],
            warp: vec![],
            accesses: vec![SharedAccessItem {
                offset: 64,
                registers: vec![0, 2],
            }],
            rejected: vec![],
            matrix,
            matrix_rejected: None,
        }
    }

    #[test]
    fn vector_access_elements_follow_the_thread_offset() {
        let p = vector_placements(&plan(None), 32, false);
        // Lane 3: offset 2 ^ 4 = 6, access at 6 ^ 64 = 70: registers 0, 1 and 2, 3.
        let lane3: Vec<_> = p
            .iter()
            .filter(|x| x.thread == 3)
            .map(|x| (x.register, x.offset))
            .collect();
        assert_eq!(lane3, vec![(0, 70), (1, 71), (2, 70), (3, 71)]);
        // A store writes from the first group only.
        assert_eq!(vector_placements(&plan(None), 32, true).len(), 32 * 2);
    }

    #[test]
    fn stmatrix_rows_come_from_the_lanes_of_each_matrix() {
        // x2, rows of 8 elements 8 apart: lane i supplies row i (offset 8i) of matrix 0 and
        // lane 8 + i row i of matrix 1, 64 further.
        let m = MatrixAccess {
            store: true,
            num: 2,
            trans: false,
            lane_rows: vec![8, 16, 32, 64, 0],
            instructions: vec![(0, 0)],
        };
        let p = matrix_placements(&plan(Some(m.clone())), 32).unwrap();
        // Lane 5: row 1, columns 2, 3 of matrix 0 (registers 0, 1), of matrix 1 (2, 3).
        let lane5: Vec<_> = p
            .iter()
            .filter(|x| x.thread == 5)
            .map(|x| (x.register, x.offset))
            .collect();
        assert_eq!(lane5, vec![(0, 10), (1, 11), (2, 74), (3, 75)]);
        // .trans: lane 5 holds rows 2, 3 of column 1.
        let t = MatrixAccess { trans: true, ..m };
        let p = matrix_placements(&plan(Some(t)), 32).unwrap();
        let lane5: Vec<_> = p
            .iter()
            .filter(|x| x.thread == 5)
            .map(|x| (x.register, x.offset))
            .collect();
        assert_eq!(lane5, vec![(0, 17), (1, 25), (2, 81), (3, 89)]);
    }
}
