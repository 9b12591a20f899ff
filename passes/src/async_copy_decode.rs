//! Decoding the plan of a tile copy from global to shared memory by `cp.async`
//! (`layout_algebra::linear::async_copy`, what `--layout-lower-register-tensors` emits for
//! `layout.async_copy`) into the tile coordinate and the shared offset of every element each
//! thread copies, from the emitted code (PTX ISA `cp.async`: `cp-size` bytes from the global
//! address to the shared address), written apart from the planner.
//!
//! Thread `t` is lane `l = t % 32` of warp `w = t / 32`. Its coordinate in dimension `d` is the
//! XOR of one constant per set bit of `l` and of `w` (`lane[i][d]`, `warp[i][d]`), its shared
//! offset likewise (`smem_lane[i]`, `smem_warp[i]`). Copy `a` reads `V` consecutive elements
//! of the last (contiguous) dimension from the coordinate `thread ^ coord_a` (per dimension)
//! and writes them to the shared offsets `(thread offset ^ smem_access[a]) + k`, `k < V`.

use layout_algebra::linear::async_copy::AsyncCopy;

/// One element one thread copies: its tile coordinate and the shared offset (elements) it
/// lands at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    pub thread: usize,
    pub copy: usize,
    pub coord: Vec<i64>,
    pub offset: i64,
}

fn xor_bits(x: usize, consts: &[i64]) -> i64 {
    consts
        .iter()
        .enumerate()
        .filter(|(i, _)| x >> i & 1 == 1)
        .fold(0, |acc, (_, &c)| acc ^ c)
}

/// Every element `threads` threads copy by the plan `plan` of a rank-`rank` tile.
pub fn copied(plan: &AsyncCopy, threads: usize, rank: usize) -> Vec<Copied> {
    let g = &plan.global;
    let column = |bits: &[Vec<i64>], d: usize| -> Vec<i64> { bits.iter().map(|b| b[d]).collect() };
    let mut out = Vec::new();
    for t in 0..threads {
        let (l, w) = (t % 32, t / 32);
        let thread: Vec<i64> = (0..rank)
            .map(|d| xor_bits(l, &column(&g.lane, d)) ^ xor_bits(w, &column(&g.warp, d)))
            .collect();
        let shared = xor_bits(l, &plan.smem_lane) ^ xor_bits(w, &plan.smem_warp);
        for (a, access) in g.accesses.iter().enumerate() {
            for k in 0..g.vector {
                let mut coord: Vec<i64> = (0..rank).map(|d| thread[d] ^ access.coord[d]).collect();
                coord[rank - 1] += k as i64;
                out.push(Copied {
                    thread: t,
                    copy: a,
                    coord,
                    offset: (shared ^ plan.smem_access[a]) + k as i64,
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
