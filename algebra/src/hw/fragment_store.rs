//! Where each register of an MMA fragment lands in a row-major global tensor.
//!
//! A fragment is a CuTe layout `F : (thread, value) -> i`, `i` the column-major index of a
//! `rows x cols` tile (`i = m + rows * n`), as CuTe's MMA atoms give their C layouts (the
//! WGMMA m64nN f32 accumulator is `((4,8,4),(2,2,N/8)):((128,1,16),(64,8,512))`). A layout is
//! additive over its top-level modes,
//!
//! ```text
//!     F(t, v) = F_T(t) + F_V(v),
//! ```
//!
//! so when neither part carries into the other's rows,
//!
//! ```text
//!     max_t (F_T(t) mod rows) + max_v (F_V(v) mod rows) < rows,
//! ```
//!
//! the tile coordinate splits, `m = m_T(t) + m_V(v)` and `n = n_T(t) + n_V(v)` with
//! `(m_X, n_X) = (F_X mod rows, F_X div rows)`. A store then computes the thread's
//! `(m_T, n_T)` once, from the thread mode's leaves, and adds a constant `(m_V, n_V)` per
//! register. In a row-major tensor the registers `v_0..v_{w-1}` with equal `m_V` and
//! `n_V(v_j) = n_V(v_0) + j` are adjacent: one vector store of width `w` when every thread's
//! `n_T + n_V(v_0)` is a multiple of `w` (the runtime address alignment is the lowering's check).
//! Widths are powers of two up to 16 bytes.

use crate::error::{Error, Result};
use crate::layout::{eval_leaves, Layout};

use super::json::J;
use super::Elem;

/// The store plan of one fragment.
#[derive(Clone, Debug, PartialEq)]
pub struct FragmentStore {
    /// The thread mode's flat leaves `(extent, stride)`: `F_T(t)` for `t` below their product.
    pub thread_leaves: Vec<(i64, i64)>,
    /// Threads in the thread mode.
    pub threads: i64,
    /// Tile rows (the modulus of the column-major tile index).
    pub rows: i64,
    /// `(m_V, n_V)` of each register, in register order.
    pub values: Vec<(i64, i64)>,
    /// The registers of each store, in order: `groups[g]` are adjacent columns of one row.
    pub groups: Vec<Vec<usize>>,
    /// Each width (in registers) wider than the widest chosen, with the first reason it was
    /// rejected, widest first.
    pub rejected: Vec<(usize, String)>,
}

impl FragmentStore {
    /// `{"threads", "rows", "values": [[m, n], ..], "groups": [[v, ..], ..], "widths": [..],
    /// "rejected": [{"width", "why"}, ..]}`.
    pub fn to_json(&self) -> String {
        let pairs: Vec<String> = self
            .values
            .iter()
            .map(|(m, n)| format!("[{m},{n}]"))
            .collect();
        let groups: Vec<String> = self
            .groups
            .iter()
            .map(|g| {
                let v: Vec<String> = g.iter().map(|x| x.to_string()).collect();
                format!("[{}]", v.join(","))
            })
            .collect();
        let widths: Vec<String> = self.groups.iter().map(|g| g.len().to_string()).collect();
        let rejected: Vec<String> = self
            .rejected
            .iter()
            .map(|(w, why)| format!("{{\"width\":{w},\"why\":{}}}", J::str(why.clone()).render()))
            .collect();
        format!(
            "{{\"threads\":{},\"rows\":{},\"values\":[{}],\"groups\":[{}],\"widths\":[{}],\"rejected\":[{}]}}",
            self.threads,
            self.rows,
            pairs.join(","),
            groups.join(","),
            widths.join(","),
            rejected.join(",")
        )
    }

    /// The widest store, in registers.
    pub fn max_width(&self) -> usize {
        self.groups.iter().map(Vec::len).max().unwrap_or(0)
    }
}

/// The plan for `fragment : (thread, value) -> m + rows * n`, storing `elem` values.
pub fn fragment_store(elem: Elem, fragment: &Layout, rows: i64) -> Result<FragmentStore> {
    let bad = |m: String| Error::algebra(format!("fragment_store: {m}"));
    if !fragment.is_static() {
        return Err(bad(format!(
            "the fragment {} must be static (registers are named at compile time)",
            crate::layout::print_layout(fragment)
        )));
    }
    if fragment.rank() != 2 {
        return Err(bad(format!(
            "the fragment must have two modes (thread, value), found rank {}",
            fragment.rank()
        )));
    }
    if !(1..1 << 31).contains(&rows) {
        return Err(bad(format!("tileRows must be in [1, 2^31), found {rows}")));
    }
    if !matches!(elem.name(), "f16" | "bf16" | "f32") {
        return Err(bad(format!(
            "stores f16, bf16 or f32 (converted from the f32 registers), found {}",
            elem.name()
        )));
    }
    let t_leaves = fragment.mode(0)?.int_leaves("fragment thread mode")?;
    let v_leaves = fragment.mode(1)?.int_leaves("fragment value mode")?;
    const MAX: i64 = 1024;
    let count = |leaves: &[(i64, i64)]| {
        leaves
            .iter()
            .try_fold(1i64, |acc, l| acc.checked_mul(l.0).filter(|&n| n <= MAX))
    };
    let (Some(threads), Some(nvals)) = (count(&t_leaves), count(&v_leaves)) else {
        let ext = |l: &[(i64, i64)]| {
            l.iter()
                .map(|x| x.0.to_string())
                .collect::<Vec<_>>()
                .join("x")
        };
        return Err(bad(format!(
            "{} threads x {} registers: at most {MAX} of each",
            ext(&t_leaves),
            ext(&v_leaves)
        )));
    };
    if threads > MAX || nvals > MAX {
        return Err(bad(format!(
            "{threads} threads x {nvals} registers: at most {MAX} of each"
        )));
    }
    // The lowering computes the thread's part in i32: tile indices below 2^31.
    const LIMIT: i64 = 1 << 31;
    // (row, column) of each entry of one mode: its tile index split by the column-major tile.
    let offsets = |leaves: &[(i64, i64)], n: i64, what: &str| -> Result<Vec<(i64, i64)>> {
        (0..n)
            .map(|i| {
                let x = eval_leaves(leaves, i)?;
                if !(0..LIMIT).contains(&x) {
                    return Err(bad(format!(
                        "{what} {i} has the tile index {x}, outside [0, 2^31)"
                    )));
                }
                Ok((x.rem_euclid(rows), x.div_euclid(rows)))
            })
            .collect()
    };
    let thread_offsets = offsets(&t_leaves, threads, "thread")?;
    let values = offsets(&v_leaves, nvals, "register")?;
    let max_mt = thread_offsets.iter().map(|p| p.0).max().unwrap_or(0);
    let max_mv = values.iter().map(|p| p.0).max().unwrap_or(0);
    if max_mt + max_mv >= rows {
        return Err(bad(format!(
            "thread rows (up to {max_mt}) plus register rows (up to {max_mv}) reach row {} of a {rows}-row tile: the thread and value modes carry into each other's columns",
            max_mt + max_mv
        )));
    }
    let mut seen = std::collections::HashSet::new();
    for &(mt, nt) in &thread_offsets {
        for &(mv, nv) in &values {
            if !seen.insert((mt + mv, nt + nv)) {
                return Err(bad(format!(
                    "two registers store to tile element ({}, {}): the fragment is not injective",
                    mt + mv,
                    nt + nv
                )));
            }
        }
    }
    let bytes = elem.bits() / 8;
    let widest = (16 / bytes.max(1)).max(1) as usize;
    let mut used = vec![false; values.len()];
    let mut groups = Vec::new();
    let mut rejected: Vec<(usize, String)> = Vec::new();
    for v in 0..values.len() {
        if used[v] {
            continue;
        }
        let (m, n) = values[v];
        let mut width = widest;
        let group = loop {
            let held = |j: i64| (0..values.len()).find(|&w| !used[w] && values[w] == (m, n + j));
            let members: Option<Vec<usize>> = (0..width as i64).map(held).collect();
            let misaligned = thread_offsets
                .iter()
                .position(|&(_, nt)| (nt + n) % width as i64 != 0);
            match (members, misaligned) {
                (Some(g), None) => break g,
                (Some(g), Some(_)) if width == 1 => break g,
                (members, misaligned) => {
                    if !rejected.iter().any(|r: &(usize, String)| r.0 == width) {
                        let why = match misaligned {
                            Some(t) if members.is_some() => format!(
                                "thread {t} would start it at column {} of the tile, not a multiple of {width}",
                                thread_offsets[t].1 + n
                            ),
                            _ => {
                                let gap = (0..width as i64).find(|&j| held(j).is_none()).unwrap_or(0);
                                format!(
                                    "register {v} is at (row {m}, column {n}) of the thread's part, but column {} of that row is not one of its registers",
                                    n + gap
                                )
                            }
                        };
                        rejected.push((width, why));
                    }
                    width /= 2
                }
            }
        };
        for &w in &group {
            used[w] = true;
        }
        groups.push(group);
    }
    Ok(FragmentStore {
        thread_leaves: t_leaves,
        threads,
        rows,
        values,
        rejected: {
            let chosen = groups.iter().map(Vec::len).max().unwrap_or(1);
            let mut r: Vec<(usize, String)> =
                rejected.into_iter().filter(|(w, _)| *w > chosen).collect();
            r.sort_by(|a, b| b.0.cmp(&a.0));
            r
        },
        groups,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_layout;

    fn frag(s: &str) -> Layout {
        parse_layout(s).unwrap()
    }

    #[test]
    fn wgmma_accumulator_pairs() {
        // m64n16 f32 accumulator: register i at row lane/4 + 8*((i/2)%2) + 16*warp, column
        // 2*(lane%4) + i%2 + 8*(i/4) (PTX ISA, wgmma D fragment).
        let f = frag("((4,8,4),(2,2,2)):((128,1,16),(64,8,512))");
        let p = fragment_store(Elem::parse("f16").unwrap(), &f, 64).unwrap();
        assert_eq!(p.threads, 128);
        for (i, &(m, n)) in p.values.iter().enumerate() {
            let i = i as i64;
            assert_eq!((m, n), (8 * ((i / 2) % 2), i % 2 + 8 * (i / 4)));
        }
        assert_eq!(
            p.groups,
            vec![vec![0, 1], vec![2, 3], vec![4, 5], vec![6, 7]]
        );
        // 16 bytes (8 f16) and 8 bytes (4 f16): the row's next columns belong to other threads.
        assert_eq!(
            p.rejected.iter().map(|r| r.0).collect::<Vec<_>>(),
            vec![8, 4]
        );
        assert!(
            p.rejected[1]
                .1
                .contains("column 2 of that row is not one of its registers"),
            "{:?}",
            p.rejected
        );
        for t in 0..128i64 {
            let x = eval_leaves(&p.thread_leaves, t).unwrap();
            let (lane, warp) = (t % 32, t / 32);
            assert_eq!((x % 64, x / 64), (lane / 4 + 16 * warp, 2 * (lane % 4)));
        }
    }

    #[test]
    fn carries_and_overlaps_are_refused() {
        let f16 = Elem::parse("f16").unwrap();
        let e = fragment_store(f16, &frag("(32,4):(1,16)"), 32).unwrap_err();
        assert!(e.to_string().contains("carry"), "{e}");
        let e = fragment_store(f16, &frag("(4,4):(1,1)"), 16).unwrap_err();
        assert!(e.to_string().contains("not injective"), "{e}");
        let e = fragment_store(Elem::parse("e4m3").unwrap(), &frag("(4,4):(1,4)"), 16).unwrap_err();
        assert!(e.to_string().contains("f16, bf16 or f32"), "{e}");
        let e = fragment_store(f16, &frag("(4,4,4):(1,4,16)"), 16).unwrap_err();
        assert!(e.to_string().contains("two modes"), "{e}");
        // Bounds: counts, tile indices and rows stay where the i32 lowering computes them.
        let e = fragment_store(f16, &frag("((4611686018427387904,4),2):((1,1),1)"), 4).unwrap_err();
        assert!(e.to_string().contains("at most 1024 of each"), "{e}");
        let e = fragment_store(f16, &frag("(2,2):(4611686018427387904,1)"), 4).unwrap_err();
        assert!(e.to_string().contains("outside [0, 2^31)"), "{e}");
        let e = fragment_store(f16, &frag("(2,2):(1,2)"), 1 << 31).unwrap_err();
        assert!(
            e.to_string().contains("tileRows must be in [1, 2^31)"),
            "{e}"
        );
    }

    #[test]
    fn widths_follow_the_columns() {
        // One thread, 8 registers along a row: one 16-byte store of f16, two of f32.
        let f = frag("(1,8):(0,4)");
        let p = fragment_store(Elem::parse("f16").unwrap(), &f, 4).unwrap();
        assert_eq!(p.groups, vec![(0..8).collect::<Vec<_>>()]);
        let p = fragment_store(Elem::parse("f32").unwrap(), &f, 4).unwrap();
        assert_eq!(p.groups, vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
        // Thread 1 starts at column 3: its pair is not aligned, so no thread gets one.
        let f = frag("(2,2):(12,4)");
        let p = fragment_store(Elem::parse("f16").unwrap(), &f, 4).unwrap();
        assert_eq!(p.max_width(), 1);
        assert!(
            p.rejected.iter().any(|(w, why)| *w == 2
                && why.contains(
                    "thread 1 would start it at column 3 of the tile, not a multiple of 2"
                )),
            "{:?}",
            p.rejected
        );
    }
}
