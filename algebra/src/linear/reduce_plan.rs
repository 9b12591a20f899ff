//! Reductions of a register tensor along one dimension, and the broadcast of the result back:
//! which registers a thread combines, which lanes exchange values by butterfly shuffles, and
//! which warps would have to meet in shared memory, all read off the tensor's linear layout
//! (Triton's `tt.reduce` and `SliceEncoding`, CuTe's row reductions of an MMA fragment).
//!
//! A register tensor of extents `(d_0, ..., d_{n-1})` is encoded by `L : (register, lane, warp)
//! -> (x_0, ..., x_{n-1})`, linear over F2 (`tensor_encoding`). Reducing along dimension `a`
//! combines, for each coordinate of the other dimensions, the elements along `a`. Let `M = P L`
//! with `P` the projection that drops `x_a`: two inputs hold elements of one result element
//! exactly when their images under `M` agree, i.e. when they differ by a vector of `ker M`.
//!
//! **Pure bases.** A basis vector `b` of an in dimension is *pure* when `M(b) = 0`: it moves
//! only along `a` (or holds a copy, `L(b) = 0`). The plan needs `ker M` to be spanned by pure
//! bases, `dim ker M = #pure` (every other combination of bases moves some other coordinate);
//! a layout where, say, a register bit and a lane bit only together stay in the row would make
//! a thread's partner register depend on its lane, and is refused (convert it first). Among the
//! pure bases, taken in the order registers, lanes, warps, one whose element offset `L(b)` lies
//! in the span of the earlier ones holds elements the thread or its partners already hold: a
//! *copy*, left out of the combination (a sum would count it twice); the others *reduce*.
//!
//! **Stages.** (1) In-thread: result register `s` combines the source registers whose non-pure
//! register bits are `s`, its reducing register bits anything and its copy bits 0 (each a
//! distinct element of the row), in increasing order. (2) Across lanes: one butterfly shuffle
//! (`shfl.sync.bfly` with lane mask `2^k`) per reducing lane bit `k`; afterwards every lane of a
//! group holds the group's result. (3) Across warps, when reducing warp bits remain (a row
//! spread over warps): through shared memory. The `T = 32 * 2^w` threads of the layout each
//! store their result registers at `(tid * S + s)` words of a scratch buffer (`S` result
//! registers per thread), meet at a barrier of `T` threads, and each combines, for every value
//! `c` of the reducing warp bits in increasing order, the word of the thread `tid` with those
//! bits (tid bits `5 + k`) replaced by `c`; a second barrier lets the buffer be reused. Every
//! thread of a group combines the same partials in the same order, so all hold one result.
//! Reducing warp bits are `warp_masks` (bit `k` of the warp index); the scratch holds `S * T`
//! elements.
//!
//! **Result.** The result is the rank `n-1` tensor whose encoding is `L`'s *slice* along `a`:
//! `M` with its zero register bases removed (Triton's `SliceEncoding`), so result register `s`
//! is the source registers' non-pure bits and every lane and warp keeps its bases' images. The
//! **broadcast** back to the source's shape and encoding gives source register `i` the result
//! register of `i`'s non-pure register bits: a renaming of registers, checked by requiring the
//! operand's encoding to be the source encoding's slice.
//!
//! Work is linear in the number of bases plus one entry per register: bounded by the types.

use super::gauss::Echelon;
use super::layout::{InDim, LinearLayout};
use super::reshape::sublayout;
use super::tensor_encoding::check_tensor_encoding;
use crate::error::{Error, Result};

/// How the registers, lanes and warps of a register tensor combine along one dimension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReducePlan {
    /// The result's encoding: the slice of the source along the dimension.
    pub result: LinearLayout,
    /// For each result register, the source registers it combines (in this order).
    pub groups: Vec<Vec<usize>>,
    /// The lane masks of the butterfly shuffles, in order.
    pub lane_masks: Vec<u32>,
    /// The reducing warp bits (bit k of the warp index), combined through shared memory.
    pub warp_masks: Vec<u32>,
    /// The threads of the layout (32 per warp): the barrier count and the scratch's rows.
    pub threads: usize,
    /// A short account of what was chosen, for a remark.
    pub summary: String,
}

/// `M = P L`: `l` without out dimension `dim` (every in dimension's bases projected).
fn project(l: &LinearLayout, dim: usize) -> Result<LinearLayout> {
    let names = l.out_names();
    let outs: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != dim)
        .map(|(_, n)| *n)
        .collect();
    sublayout(l, &l.in_names(), &outs)
}

/// The slice of the register layout `l` along out dimension `dim`: `l` without that dimension
/// and with the register bases that became zero removed (module doc).
pub fn slice_encoding(l: &LinearLayout, dim: usize) -> Result<LinearLayout> {
    let names = l.out_names();
    if dim >= names.len() {
        return Err(Error::algebra(format!(
            "reduce: dimension {dim} is not a dimension of the rank-{} tensor",
            names.len()
        )));
    }
    let m = project(l, dim)?;
    let ins = m
        .ins()
        .iter()
        .map(|d| InDim {
            name: d.name.clone(),
            bases: if d.name == "register" {
                d.bases.iter().copied().filter(|&b| b != 0).collect()
            } else {
                d.bases.clone()
            },
        })
        .collect();
    let s = LinearLayout::from_parts(ins, m.outs().to_vec());
    // Rename the out dimensions to the tensor's positions (dim0, dim1, ...) when the source
    // uses them, so that the result reads as an encoding of its own shape.
    rename_positional(&s, l)
}

/// `s` with its out dimensions named `dim0, dim1, ...` when `source`'s are so named (Triton's
/// convention); otherwise as they are.
fn rename_positional(s: &LinearLayout, source: &LinearLayout) -> Result<LinearLayout> {
    let positional = source
        .out_names()
        .iter()
        .enumerate()
        .all(|(j, n)| *n == format!("dim{j}"));
    if !positional {
        return Ok(s.clone());
    }
    let outs = s
        .outs()
        .iter()
        .enumerate()
        .map(|(j, o)| super::layout::OutDim {
            name: format!("dim{j}"),
            log2: o.log2,
        })
        .collect();
    Ok(LinearLayout::from_parts(s.ins().to_vec(), outs))
}

/// The plan of reducing the register tensor of extents `shape` encoded by `src` along
/// dimension `dim` (module doc).
pub fn reduce_plan(src: &LinearLayout, shape: &[i64], dim: usize) -> Result<ReducePlan> {
    let d = check_tensor_encoding(src, shape, "the source encoding")?;
    if dim >= shape.len() {
        return Err(Error::algebra(format!(
            "reduce: dimension {dim} is not a dimension of the rank-{} tensor",
            shape.len()
        )));
    }
    if shape.len() < 2 {
        return Err(Error::algebra(
            "reduce: the tensor has one dimension; the result would have none (reduce a tensor of rank 2 or more)".to_string(),
        ));
    }
    let result = slice_encoding(src, dim)?;
    let m = project(src, dim)?;
    let md = super::distributed::Distributed::read(&m, "reduce: the projected layout")?;
    // Every vector of ker M must be a combination of pure bases.
    let all: Vec<u64> = md
        .reg
        .iter()
        .chain(&md.lane)
        .chain(&md.warp)
        .copied()
        .collect();
    let pure = all.iter().filter(|&&b| b == 0).count();
    let kernel = all.len() - super::gauss::rank(all.iter().copied()) as usize;
    if kernel != pure {
        return Err(Error::algebra(format!(
            "reduce: the layout holds dimension {dim} in combinations of bases that each move another dimension too (its kernel along the other dimensions has dimension {kernel}, its bases that move along dimension {dim} alone are {pure}): a thread's partner would depend on its lane; layout.convert_layout to a layout whose bases each move along dimension {dim} alone or not at all"
        )));
    }
    // Pure bases in the order registers, lanes, warps: reducing when their element offset is
    // new, copies otherwise.
    let mut seen = Echelon::new();
    let mut col = 0u32;
    let mut reducing = |b: u64| {
        col += 1;
        b != 0 && seen.insert(col - 1, b)
    };
    let (mut reg_reduce, mut reg_copy) = (Vec::new(), Vec::new());
    let mut kept = Vec::new();
    for (k, (&full, &proj)) in d.reg.iter().zip(&md.reg).enumerate() {
        if proj != 0 {
            kept.push(k);
        } else if reducing(full) {
            reg_reduce.push(k);
        } else {
            reg_copy.push(k);
        }
    }
    let mut lane_masks = Vec::new();
    for (k, (&full, &proj)) in d.lane.iter().zip(&md.lane).enumerate() {
        if proj == 0 && reducing(full) {
            lane_masks.push(1u32 << k);
        }
    }
    let mut warp_masks = Vec::new();
    for (k, (&full, &proj)) in d.warp.iter().zip(&md.warp).enumerate() {
        if proj == 0 && reducing(full) {
            warp_masks.push(1u32 << k);
        }
    }
    let threads = 32usize << d.warp.len();
    let groups: Vec<Vec<usize>> = (0..1usize << kept.len())
        .map(|s| {
            let base: usize = kept
                .iter()
                .enumerate()
                .filter(|(j, _)| s >> j & 1 == 1)
                .map(|(_, &k)| 1 << k)
                .sum();
            (0..1usize << reg_reduce.len())
                .map(|t| {
                    base + reg_reduce
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| t >> j & 1 == 1)
                        .map(|(_, &k)| 1usize << k)
                        .sum::<usize>()
                })
                .collect()
        })
        .collect();
    let summary = format!(
        "{} register(s) per result register in-thread{}, {} butterfly shuffle(s){}{}; {} result register(s) per thread",
        1usize << reg_reduce.len(),
        if reg_copy.is_empty() { String::new() } else { format!(" ({} copied register bit(s) left out)", reg_copy.len()) },
        lane_masks.len(),
        if lane_masks.is_empty() {
            String::new()
        } else {
            format!(" (lane masks {})", lane_masks.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", "))
        },
        if warp_masks.is_empty() {
            String::new()
        } else {
            format!(
                ", then {} warp(s) through shared memory (warp masks {}; {} words of scratch, 2 barriers of {threads} threads)",
                1usize << warp_masks.len(),
                warp_masks.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", "),
                groups.len() * threads
            )
        },
        groups.len()
    );
    Ok(ReducePlan {
        result,
        groups,
        lane_masks,
        warp_masks,
        threads,
        summary,
    })
}

/// The broadcast of `slice` (the encoding of a tensor reduced along `dim`) back to the register
/// tensor of extents `shape` encoded by `dst`: for each register of `dst`, the register of
/// `slice` it copies. `slice` must be `dst`'s slice along `dim` (else the error names the first
/// basis where they part).
pub fn broadcast_plan(
    slice: &LinearLayout,
    dst: &LinearLayout,
    shape: &[i64],
    dim: usize,
) -> Result<Vec<usize>> {
    let d = check_tensor_encoding(dst, shape, "the result encoding")?;
    let want = slice_encoding(dst, dim)?;
    let mut small: Vec<i64> = shape.to_vec();
    small.remove(dim);
    check_tensor_encoding(slice, &small, "the source encoding")?;
    if want.in_names() != slice.in_names() || want.out_names() != slice.out_names() {
        return Err(Error::algebra(format!(
            "broadcast: the source encoding has in dimensions [{}] and out dimensions [{}], the slice of the result's along dimension {dim} [{}] and [{}]",
            slice.in_names().join(", "),
            slice.out_names().join(", "),
            want.in_names().join(", "),
            want.out_names().join(", ")
        )));
    }
    for (i, w) in want.ins().iter().enumerate() {
        let (wb, sb) = (want.bases_of(i), slice.bases_of(i));
        if wb != sb {
            let k = (0..wb.len().max(sb.len()))
                .find(|&k| wb.get(k) != sb.get(k))
                .unwrap_or(0);
            let v = |b: Option<&Vec<i64>>| {
                b.map_or("none".to_string(), |b| {
                    format!(
                        "[{}]",
                        b.iter()
                            .map(|x| x.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })
            };
            return Err(Error::algebra(format!(
                "broadcast: {} basis {k} of the source encoding is {}, the slice of the result encoding along dimension {dim} has {} there: the source must be the result's slice (each thread then holds the values of its own rows)",
                w.name,
                v(sb.get(k)),
                v(wb.get(k))
            )));
        }
    }
    let m = project(dst, dim)?;
    let reg = m.bases_of(m.in_index("register").unwrap_or(0));
    let kept: Vec<usize> = (0..d.reg.len())
        .filter(|&k| reg[k].iter().any(|&x| x != 0))
        .collect();
    Ok((0..1usize << d.reg.len())
        .map(|i| {
            kept.iter()
                .enumerate()
                .filter(|(_, &k)| i >> k & 1 == 1)
                .map(|(j, _)| 1usize << j)
                .sum()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::text_forms::parse_linear;

    fn enc(text: &str) -> LinearLayout {
        parse_linear(text).unwrap()
    }

    /// The element each (register, lane, warp) of `l` holds, as coordinates.
    fn at(l: &LinearLayout, r: i64, lane: i64, warp: i64) -> Vec<i64> {
        let mut p = vec![("register".to_string(), r), ("lane".to_string(), lane)];
        if l.has_in("warp") {
            p.push(("warp".to_string(), warp));
        }
        if l.has_in("block") {
            p.push(("block".to_string(), 0));
        }
        l.apply(&p).unwrap().into_iter().map(|(_, v)| v).collect()
    }

    /// Simulate the plan on the tensor T[x] = some value of x: every result register of every
    /// thread must hold the sum of its row, and the result encoding must say which row.
    fn check_sums(src: &LinearLayout, shape: &[i64], dim: usize) {
        let p = reduce_plan(src, shape, dim).unwrap();
        let d = super::super::distributed::Distributed::read(src, "t").unwrap();
        let val = |x: &[i64]| {
            x.iter()
                .enumerate()
                .map(|(j, &c)| (c + 1) * (7 + 13 * j as i64))
                .product::<i64>()
        };
        let warps = 1i64 << d.warp.len();
        // After stage 1 and the butterflies: each lane's partial per result register.
        let mut partial = vec![vec![vec![0i64; p.groups.len()]; 32]; warps as usize];
        for w in 0..warps {
            for lane in 0..32 {
                for (s, g) in p.groups.iter().enumerate() {
                    partial[w as usize][lane as usize][s] =
                        g.iter().map(|&r| val(&at(src, r as i64, lane, w))).sum();
                }
            }
            for &m in &p.lane_masks {
                let prev = partial[w as usize].clone();
                for lane in 0..32usize {
                    for s in 0..p.groups.len() {
                        partial[w as usize][lane][s] = prev[lane][s] + prev[lane ^ m as usize][s];
                    }
                }
            }
        }
        // Stage 3: thread (w, lane) combines the partials of the warps w' that differ from w only
        // in the reducing warp bits, in increasing order of those bits.
        let wm: usize = p.warp_masks.iter().map(|&m| m as usize).sum();
        assert_eq!(p.threads, 32 << d.warp.len());
        let after: Vec<Vec<Vec<i64>>> = (0..warps as usize)
            .map(|w| {
                (0..32)
                    .map(|lane| {
                        (0..p.groups.len())
                            .map(|s| {
                                (0..warps as usize)
                                    .filter(|&v| v & !wm == w & !wm)
                                    .map(|v| partial[v][lane][s])
                                    .sum()
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let partial = after;
        for w in 0..warps {
            for lane in 0..32 {
                for s in 0..p.groups.len() {
                    let row = at(&p.result, s as i64, lane, w);
                    let want: i64 = (0..shape[dim])
                        .map(|c| {
                            let mut x = row.clone();
                            x.insert(dim, c);
                            val(&x)
                        })
                        .sum();
                    assert_eq!(
                        partial[w as usize][lane as usize][s], want,
                        "warp {w} lane {lane} result register {s}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_rows_of_an_mma_accumulator_reduce_in_thread_and_across_a_quad() {
        // m16n8k16 accumulator over 64 x 64 with 4 warps: a row is held by the 4 lanes of a quad
        // (lane bits 0, 1) in 2 registers per n-tile x 8 n-tiles.
        let acc = enc("tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>");
        let p = reduce_plan(&acc, &[64, 64], 1).unwrap();
        assert_eq!(p.lane_masks, vec![1, 2]);
        assert_eq!(p.groups.len(), 2);
        assert_eq!(p.groups[0].len(), 16);
        check_sums(&acc, &[64, 64], 1);
        assert!(p.warp_masks.is_empty());
        // Along the columns: rows 16 w + ... are spread over the 4 warps, which meet in shared
        // memory.
        let p = reduce_plan(&acc, &[64, 64], 0).unwrap();
        assert_eq!(p.warp_masks, vec![1, 2]);
        assert_eq!(p.threads, 128);
        assert!(
            p.summary
                .contains("then 4 warp(s) through shared memory (warp masks 1, 2; "),
            "{}",
            p.summary
        );
        check_sums(&acc, &[64, 64], 0);
    }

    #[test]
    fn wgmma_accumulator_rows() {
        let acc = enc("tensor<128x128xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>>");
        let p = reduce_plan(&acc, &[128, 128], 1).unwrap();
        assert_eq!(p.lane_masks, vec![1, 2]);
        check_sums(&acc, &[128, 128], 1);
    }

    #[test]
    fn blocked_layouts_and_copies() {
        let b = enc("tensor<32x64xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>");
        check_sums(&b, &[32, 64], 1);
        assert_eq!(
            reduce_plan(&b, &[32, 64], 1).unwrap().lane_masks,
            vec![1, 2, 4]
        );
        // A tensor smaller than the layout's tile: lanes hold copies (broadcast), left out.
        let small = enc("tensor<8x4xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>");
        check_sums(&small, &[8, 4], 1);
        let p = reduce_plan(&small, &[8, 4], 1).unwrap();
        assert!(p.lane_masks.is_empty(), "{:?}", p.lane_masks);
    }

    #[test]
    fn slice_matches_triton_and_broadcast_inverts_it() {
        let parent = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>";
        let b = enc(&format!("tensor<32x64xf32, {parent}>"));
        let triton = enc(&format!(
            "tensor<32xf32, #ttg.slice<{{dim = 1, parent = {parent}}}>>"
        ));
        assert_eq!(slice_encoding(&b, 1).unwrap(), triton);
        assert_eq!(reduce_plan(&b, &[32, 64], 1).unwrap().result, triton);
        let map = broadcast_plan(&triton, &b, &[32, 64], 1).unwrap();
        // Every register of the parent copies the slice register of its own row.
        for (i, &s) in map.iter().enumerate() {
            for lane in 0..32 {
                for w in 0..4 {
                    assert_eq!(
                        at(&b, i as i64, lane, w)[0],
                        at(&triton, s as i64, lane, w)[0]
                    );
                }
            }
        }
        let e = broadcast_plan(&triton, &b, &[32, 64], 0)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the source encoding lays out") || e.contains("broadcast:"),
            "{e}"
        );
    }

    #[test]
    fn rows_across_warps_meet_in_shared_memory() {
        // 4 warps side by side along the columns (warpsPerCTA [2, 4], order [1, 0]: warp bits 0
        // and 1 along the columns, bit 2 along the rows): lanes, then warp bits 0 and 1 reduce
        // along dimension 1; warp bit 2 splits the rows.
        let b = enc("tensor<32x128xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 4], order = [1, 0]}>>");
        let p = reduce_plan(&b, &[32, 128], 1).unwrap();
        assert_eq!(p.lane_masks, vec![1, 2, 4]);
        assert_eq!(p.warp_masks, vec![1, 2]);
        assert_eq!(p.threads, 256);
        check_sums(&b, &[32, 128], 1);
    }

    #[test]
    fn refusals_name_the_rule() {
        // Register bit 0 moves (1, 1), lane bit 0 (1, 0): only together do they stay in row 0
        // (the kernel vector register + lane), so a thread's partner register would depend on
        // its lane.
        let mixed = enc("#ttg.linear<{register = [[1, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>");
        let e = reduce_plan(&mixed, &[32, 2], 1).unwrap_err().to_string();
        assert!(e.contains("its kernel along the other dimensions has dimension 1, its bases that move along dimension 1 alone are 0"), "{e}");
        let b = enc("tensor<32x64xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>");
        let e = reduce_plan(&b, &[32, 64], 2).unwrap_err().to_string();
        assert!(
            e.contains("dimension 2 is not a dimension of the rank-2 tensor"),
            "{e}"
        );
    }
}
