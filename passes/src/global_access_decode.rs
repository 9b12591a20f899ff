//! Decoding the plans of a register tensor's accesses to global memory
//! (`layout_algebra::linear::global_access`, what `--layout-lower-register-tensors` emits for
//! `layout.global_load` / `layout.global_store`) and of a tile copy from global to shared
//! memory by `cp.async` (`linear::async_copy`, for `layout.async_copy`) into the tile
//! coordinate of every element each thread moves (and, for cp.async, the shared offset it
//! lands at), from the emitted code (PTX ISA `ld/st.global.v*`, `cp.async`), written apart from
//! the planners.
//!
//! Thread `t` is lane `l = t % 32` of warp `w = t / 32`. Its coordinate in dimension `d` is the
//! XOR of one constant per set bit of `l` and of `w` (`lane[i][d]`, `warp[i][d]`), its shared
//! offset likewise (`smem_lane[i]`, `smem_warp[i]`). Access (copy) `a` moves `V` consecutive
//! elements of the last (contiguous) dimension from the coordinate `thread ^ coord_a` (per
//! dimension): element `k < V` is register `g + k` for each register group `g` of the access
//! (a load fills every group, a store writes from the first); a cp.async writes them to the
//! shared offsets `(thread offset ^ smem_access[a]) + k`, emitted as `((thread offset ^ x) + a)
//! + k` with `(x, a) = split_thread_xor(smem bits, smem_access[a])`, the form decoded here.

use layout_algebra::linear::async_copy::AsyncCopy;
use layout_algebra::linear::global_access::GlobalAccess;
use layout_algebra::linear::shared_access::split_thread_xor;

use crate::shared_access_decode::{moved_groups, xor_bits};

/// One element one thread copies: its tile coordinate and the shared offset (elements) it
/// lands at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    pub thread: usize,
    pub copy: usize,
    pub coord: Vec<i64>,
    pub offset: i64,
}

/// Thread `t`'s coordinate in each of `rank` dimensions.
fn thread_coord(g: &GlobalAccess, t: usize, rank: usize) -> Vec<i64> {
    let column = |bits: &[Vec<i64>], d: usize| -> Vec<i64> { bits.iter().map(|b| b[d]).collect() };
    (0..rank)
        .map(|d| xor_bits(t % 32, &column(&g.lane, d)) ^ xor_bits(t / 32, &column(&g.warp, d)))
        .collect()
}

/// The coordinate of element `k` of access `a` of a thread at `thread`.
fn element(thread: &[i64], access: &[i64], k: usize) -> Vec<i64> {
    let mut coord: Vec<i64> = thread.iter().zip(access).map(|(t, a)| t ^ a).collect();
    if let Some(last) = coord.last_mut() {
        *last += k as i64;
    }
    coord
}

/// One register of one thread and the tile coordinate it is loaded from or stored to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    pub thread: usize,
    pub register: usize,
    pub coord: Vec<i64>,
}

/// Every register `threads` threads load (`store` false) or store by the plan `plan` of a
/// rank-`rank` tensor.
pub fn moved(plan: &GlobalAccess, threads: usize, rank: usize, store: bool) -> Vec<Moved> {
    let mut out = Vec::new();
    for t in 0..threads {
        let thread = thread_coord(plan, t, rank);
        for a in &plan.accesses {
            for &g in moved_groups(&a.registers, store) {
                for k in 0..plan.vector {
                    out.push(Moved {
                        thread: t,
                        register: g + k,
                        coord: element(&thread, &a.coord, k),
                    });
                }
            }
        }
    }
    out
}

/// Every element `threads` threads copy by the plan `plan` of a rank-`rank` tile.
pub fn copied(plan: &AsyncCopy, threads: usize, rank: usize) -> Vec<Copied> {
    let g = &plan.global;
    let mut out = Vec::new();
    let bits: Vec<i64> = plan
        .smem_lane
        .iter()
        .chain(&plan.smem_warp)
        .copied()
        .collect();
    for t in 0..threads {
        let thread = thread_coord(g, t, rank);
        let shared = xor_bits(t % 32, &plan.smem_lane) ^ xor_bits(t / 32, &plan.smem_warp);
        for (a, access) in g.accesses.iter().enumerate() {
            let (x, add) = split_thread_xor(&bits, plan.smem_access[a]);
            for k in 0..g.vector {
                out.push(Copied {
                    thread: t,
                    copy: a,
                    coord: element(&thread, &access.coord, k),
                    offset: (shared ^ x) + add + k as i64,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use layout_algebra::linear::global_access::{Access, GlobalAccess};

    #[test]
    fn a_copy_reads_consecutive_columns_and_writes_consecutive_offsets() {
        // 2 lanes bits: lane bit 0 moves 8 columns (shared +8), lane bit 1 one row (shared
        // +64); one copy of 8 elements at row 4 (shared 256).
        let plan = AsyncCopy {
            global: GlobalAccess {
                vector: 8,
                elem_bytes: 2,
                lane: vec![vec![0, 8], vec![1, 0]],
                warp: vec![],
                accesses: vec![Access {
                    coord: vec![4, 0],
                    registers: vec![0],
                }],
                rejected: vec![],
            },
            smem_lane: vec![8, 64],
            smem_warp: vec![],
            smem_access: vec![256],
            rejected: vec![],
        };
        let c = copied(&plan, 4, 2);
        let lane3: Vec<_> = c.iter().filter(|x| x.thread == 3).collect();
        assert_eq!(lane3.len(), 8);
        assert_eq!(
            (lane3[0].coord.clone(), lane3[0].offset),
            (vec![5, 8], 8 ^ 64 ^ 256)
        );
        assert_eq!(
            (lane3[7].coord.clone(), lane3[7].offset),
            (vec![5, 15], (8 ^ 64 ^ 256) + 7)
        );
    }
}
