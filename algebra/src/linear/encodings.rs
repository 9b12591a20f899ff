//! The GPU encodings a kernel author uses, as linear layouts (Triton's conversions of its
//! TritonGPU encodings): `blocked`, `nvidia_mma` (MMA v2 register layout, v3 = Hopper
//! WGMMA accumulators), `dot_operand` (of an MMA v2/v3 or of a blocked parent),
//! `slice`, `linear` (a `#ttg.linear` layout fitted to a shape), `swizzled_shared`,
//! `nvmma_shared` (32/64/128-byte swizzles, transposed, fp4-padded) and `tensor_memory`.
//! Encodings are given as JSON objects with a `kind` (the fields of the Triton reference
//! cases; `encoding_text` reads Triton's attribute text into them); register layouts have in
//! dimensions `register, lane, warp, block`, shared ones `offset, block`, tensor memory
//! `row, col`; the out dimensions are `dim0, dim1, ...`.

use super::json::Json;
use super::layout::{log2_exact, LinearLayout, OutDim};
use super::product::product;
use super::reshape::{reshape_outs, transpose_outs};
use crate::error::{Error, Result};
use crate::int;

/// The input dimensions of a `linear` encoding (`#ttg.linear`), in Triton's order.
pub const LINEAR_IN_DIMS: [&str; 4] = ["register", "lane", "warp", "block"];

fn bad(what: String) -> Error {
    Error::algebra(format!("encoding: {what}"))
}

fn ints(e: &Json, key: &str) -> Result<Vec<i64>> {
    e.get(key)
        .and_then(Json::as_arr)
        .ok_or_else(|| bad(format!("missing integer list '{key}'")))?
        .iter()
        .map(|x| {
            x.as_int()
                .ok_or_else(|| bad(format!("'{key}' holds a non-integer")))
        })
        .collect()
}

/// The integer list `key`, which must have one entry per dimension of a rank-`rank` tensor.
fn ints_rank(e: &Json, key: &str, rank: usize) -> Result<Vec<i64>> {
    let v = ints(e, key)?;
    if v.len() != rank {
        return Err(bad(format!(
            "'{key}' has {} entries, but the encoding has rank {rank}",
            v.len()
        )));
    }
    Ok(v)
}

fn int(e: &Json, key: &str) -> Result<i64> {
    e.get(key)
        .and_then(Json::as_int)
        .ok_or_else(|| bad(format!("missing integer '{key}'")))
}

fn flag(e: &Json, key: &str) -> bool {
    matches!(e.get(key), Some(Json::Bool(true)))
}

fn dim(d: usize) -> String {
    format!("dim{d}")
}

fn names(rank: usize) -> Vec<String> {
    (0..rank).map(dim).collect()
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn id(size: i64, i: &str, o: &str) -> Result<LinearLayout> {
    LinearLayout::identity1d(size, i, o)
}

fn zeros(size: i64, i: &str, o: &str) -> Result<LinearLayout> {
    LinearLayout::zeros1d(size, i, o, 1)
}

fn mul(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout> {
    product(a, b)
}

/// Identity of `shape` over `in_name`, dimensions taken minor-first in `order`.
fn identity_nd(in_name: &str, shape: &[i64], order: &[usize]) -> Result<LinearLayout> {
    let mut l = LinearLayout::empty();
    for &d in order {
        l = mul(&l, &id(shape[d], in_name, &dim(d))?)?;
    }
    Ok(l)
}

fn check_order(order: &[i64], rank: usize, what: &str) -> Result<Vec<usize>> {
    let mut seen = vec![false; rank];
    if order.len() != rank {
        return Err(bad(format!(
            "{what} has {} entries for rank {rank}",
            order.len()
        )));
    }
    for &o in order {
        if o < 0 || o as usize >= rank || seen[o as usize] {
            return Err(bad(format!(
                "{what} {order:?} is not a permutation of 0..{rank}"
            )));
        }
        seen[o as usize] = true;
    }
    Ok(order.iter().map(|&o| o as usize).collect())
}

/// The CGA (block) arrangement: (ctas_per_cga, cta_split_num, cta_order), trivial if absent.
struct Cga {
    ctas: Vec<i64>,
    split: Vec<i64>,
    order: Vec<usize>,
}

fn cga(e: &Json, rank: usize) -> Result<Cga> {
    if e.get("ctas_per_cga").is_none() {
        return Ok(Cga {
            ctas: vec![1; rank],
            split: vec![1; rank],
            order: (0..rank).rev().collect(),
        });
    }
    let ctas = ints(e, "ctas_per_cga")?;
    let split = ints(e, "cta_split_num")?;
    let order = check_order(&ints(e, "cta_order")?, rank, "cta_order")?;
    if ctas.len() != rank || split.len() != rank {
        return Err(bad(format!("CGA fields must have {rank} entries")));
    }
    for d in 0..rank {
        if split[d] <= 0 || ctas[d] % split[d] != 0 {
            return Err(bad(format!(
                "cta_split_num[{d}] = {} does not divide ctas_per_cga[{d}] = {}",
                split[d], ctas[d]
            )));
        }
    }
    Ok(Cga { ctas, split, order })
}

fn cga_layout(c: &Cga) -> Result<LinearLayout> {
    let rank = c.ctas.len();
    let mut l = LinearLayout::empty();
    for &d in &c.order {
        l = mul(
            &l,
            &mul(
                &id(c.split[d], "block", &dim(d))?,
                &zeros(c.ctas[d] / c.split[d], "block", &dim(d))?,
            )?,
        )?;
    }
    transpose_outs(&l, &refs(&names(rank)))
}

/// Zero the largest bases of every out dimension larger than `shape` until it fits.
fn not_larger(l: &LinearLayout, shape: &[(String, i64)]) -> Result<LinearLayout> {
    let mut comps: Vec<Vec<Vec<i64>>> = (0..l.ins().len()).map(|i| l.bases_of(i)).collect();
    let mut outs = Vec::new();
    for (j, od) in l.outs().iter().enumerate() {
        let want = shape
            .iter()
            .find(|(n, _)| *n == od.name)
            .map(|p| p.1)
            .unwrap_or(1 << od.log2);
        let want_log = log2_exact(want, &format!("shape of '{}'", od.name))?;
        let mut actual = od.log2;
        if actual > want_log {
            let mut sorted: Vec<(i64, usize, usize)> = Vec::new();
            for (i, c) in comps.iter().enumerate() {
                for (k, b) in c.iter().enumerate() {
                    if b[j] != 0 {
                        sorted.push((b[j], i, k));
                    }
                }
            }
            sorted.sort_by_key(|e| std::cmp::Reverse(e.0));
            for (_, i, k) in sorted {
                if actual <= want_log {
                    break;
                }
                comps[i][k][j] = 0;
                actual -= 1;
            }
        }
        outs.push((od.name.clone(), 1i64 << actual.min(od.log2)));
    }
    let ins = l.ins().iter().map(|d| d.name.clone()).zip(comps).collect();
    LinearLayout::new(ins, outs)
}

/// Repeat along the first in dimension until every out dimension reaches `shape`.
fn not_smaller(l: &LinearLayout, shape: &[(String, i64)]) -> Result<LinearLayout> {
    let k = l
        .ins()
        .first()
        .ok_or_else(|| bad("the encoding describes no input dimension (rank 0)".into()))?
        .name
        .clone();
    let mut r = l.clone();
    for (j, od) in l.outs().iter().enumerate() {
        let want = shape
            .iter()
            .find(|(n, _)| *n == od.name)
            .map(|p| p.1)
            .unwrap_or(1);
        let have = l.out_size(j);
        if want > have {
            if want % have != 0 {
                return Err(bad(format!(
                    "shape {want} of '{}' is not a multiple of {have}",
                    od.name
                )));
            }
            r = mul(&r, &id(want / have, &k, &od.name)?)?;
        }
    }
    Ok(r)
}

fn labeled(shape: &[i64]) -> Vec<(String, i64)> {
    shape
        .iter()
        .enumerate()
        .map(|(d, &s)| (dim(d), s))
        .collect()
}

/// Triton's combineCtaCgaWithShape: fit the CTA layout to the per-CTA shape, then append the
/// block layout.
fn combine(cta: &LinearLayout, c: &Cga, shape: &[i64]) -> Result<LinearLayout> {
    let rank = shape.len();
    let lab = labeled(shape);
    let cgal = not_larger(&cga_layout(c)?, &lab)?;
    let cgal = transpose_outs(&cgal, &cta.out_names())?;
    let cta_shape: Vec<(String, i64)> = cta
        .outs()
        .iter()
        .map(|od| {
            let s = lab
                .iter()
                .find(|p| p.0 == od.name)
                .map(|p| p.1)
                .unwrap_or(1);
            let j = cgal.out_index(&od.name).unwrap();
            (od.name.clone(), (s / cgal.out_size(j)).max(1))
        })
        .collect();
    let cta = not_smaller(cta, &cta_shape)?;
    let cta = not_larger(&cta, &cta_shape)?;
    transpose_outs(&mul(&cta, &cgal)?, &refs(&names(rank)))
}

fn check_shape(shape: &[i64], rank: usize) -> Result<()> {
    if shape.len() != rank {
        return Err(bad(format!(
            "shape has {} dimensions, the encoding {rank}",
            shape.len()
        )));
    }
    for (d, &s) in shape.iter().enumerate() {
        log2_exact(s, &format!("encoding: shape dimension {d}"))?;
    }
    Ok(())
}

fn blocked(e: &Json, shape: &[i64]) -> Result<LinearLayout> {
    let spt = ints(e, "size_per_thread")?;
    let rank = spt.len();
    check_shape(shape, rank)?;
    let order = check_order(&ints(e, "order")?, rank, "order")?;
    let l = mul(
        &mul(
            &identity_nd("register", &spt, &order)?,
            &identity_nd("lane", &ints_rank(e, "threads_per_warp", rank)?, &order)?,
        )?,
        &identity_nd("warp", &ints_rank(e, "warps_per_cta", rank)?, &order)?,
    )?;
    combine(&l, &cga(e, rank)?, shape)
}

fn from_rows(ins: Vec<(&str, Vec<Vec<i64>>)>, outs: &[String]) -> Result<LinearLayout> {
    LinearLayout::with_inferred_sizes(
        ins.into_iter().map(|(n, b)| (n.to_string(), b)).collect(),
        outs.to_vec(),
    )
}

fn mma_version(e: &Json) -> Result<i64> {
    let v = ints(e, "version")?;
    match v.first() {
        Some(&2) | Some(&3) => Ok(v[0]),
        _ => Err(bad(format!(
            "nvidia_mma version {v:?} is not supported (2 or 3)"
        ))),
    }
}

fn nvidia_mma(e: &Json, shape: &[i64]) -> Result<LinearLayout> {
    let version = mma_version(e)?;
    let warps = ints(e, "warps_per_cta")?;
    let instr = ints(e, "instr_shape")?;
    let rank = warps.len();
    check_shape(shape, rank)?;
    if rank < 2 {
        return Err(bad("nvidia_mma needs rank 2 or 3".into()));
    }
    let (n_dim, m_dim) = (dim(rank - 1), dim(rank - 2));
    // One 16x8 tile, bases as (N, M).
    let mut tile = from_rows(
        vec![
            ("register", vec![vec![1, 0], vec![0, 8]]),
            (
                "lane",
                vec![vec![2, 0], vec![4, 0], vec![0, 1], vec![0, 2], vec![0, 4]],
            ),
        ],
        &[n_dim.clone(), m_dim.clone()],
    )?;
    let warp_order: Vec<usize> = if version == 3 {
        let n = instr
            .get(1)
            .copied()
            .ok_or_else(|| bad("instr_shape needs (M, N, K)".into()))?;
        if n < 8 || n % 8 != 0 {
            return Err(bad(format!(
                "MMA v3 instruction N = {n} is not a multiple of 8"
            )));
        }
        tile = mul(&tile, &id(n / 8, "register", &n_dim)?)?;
        (0..rank).collect()
    } else {
        (0..rank).rev().collect()
    };
    let l = mul(&tile, &identity_nd("warp", &warps, &warp_order)?)?;
    combine(&l, &cga(e, rank)?, shape)
}

fn dot_operand(e: &Json, shape: &[i64]) -> Result<LinearLayout> {
    let parent = e
        .get("parent")
        .ok_or_else(|| bad("dot_operand needs a 'parent'".into()))?;
    let op_idx = int(e, "op_idx")?;
    if op_idx != 0 && op_idx != 1 {
        return Err(bad(format!("op_idx {op_idx} is neither 0 nor 1")));
    }
    let rank = shape.len();
    if rank < 2 {
        return Err(bad("dot_operand needs rank 2 or 3".into()));
    }
    let k_dim = if op_idx == 0 { rank - 1 } else { rank - 2 };
    match parent.get("kind").and_then(Json::as_str) {
        Some("blocked") => {
            let spt = ints(parent, "size_per_thread")?;
            check_shape(shape, spt.len())?;
            let order = check_order(&ints(parent, "order")?, rank, "order")?;
            let mut size = spt.clone();
            size[k_dim] = shape[k_dim];
            let bcast = |in_name: &str, s: &[i64]| -> Result<LinearLayout> {
                let mut l = LinearLayout::empty();
                for &d in &order {
                    let f = if d == k_dim {
                        zeros(s[d], in_name, &dim(d))?
                    } else {
                        id(s[d], in_name, &dim(d))?
                    };
                    l = mul(&l, &f)?;
                }
                Ok(l)
            };
            let l = mul(
                &mul(
                    &identity_nd("register", &size, &order)?,
                    &bcast("lane", &ints_rank(parent, "threads_per_warp", rank)?)?,
                )?,
                &bcast("warp", &ints_rank(parent, "warps_per_cta", rank)?)?,
            )?;
            // Triton's verifier: no kWidth under a blocked parent.
            if let Some(kw) = e.get("k_width").and_then(Json::as_int).filter(|&k| k != 0) {
                return Err(bad(format!(
                    "dot_operand of a blocked parent takes no k_width (0 or absent), got {kw}"
                )));
            }
            combine(&l, &cga(parent, rank)?, shape)
        }
        Some("nvidia_mma") => {
            let version = mma_version(parent)?;
            if version == 3 && op_idx != 0 {
                return Err(bad(
                    "dot_operand of an MMA v3 (Hopper) parent has op_idx 0: WGMMA reads only operand A from registers".into(),
                ));
            }
            let warps = ints(parent, "warps_per_cta")?;
            check_shape(shape, warps.len())?;
            let kw = int(e, "k_width")?;
            log2_exact(kw, "dot_operand k_width")?;
            // The register bases reach 4 * k_width (K elements): bound it far below i64.
            if kw > 1 << 30 {
                return Err(bad(format!(
                    "dot_operand k_width {kw} is past 2^30: its register and lane bases (up to 4 * k_width elements along K) leave the coordinate range"
                )));
            }
            // Bases as (K, non-K).
            let mut regs: Vec<Vec<i64>> = Vec::new();
            let mut k = 1;
            while k < kw {
                regs.push(vec![k, 0]);
                k *= 2;
            }
            if op_idx == 0 {
                regs.push(vec![0, 8]);
            }
            regs.push(vec![4 * kw, 0]);
            let lanes = vec![
                vec![kw, 0],
                vec![2 * kw, 0],
                vec![0, 1],
                vec![0, 2],
                vec![0, 4],
            ];
            let non_k = if op_idx == 0 { rank - 2 } else { rank - 1 };
            let tile = from_rows(
                vec![("register", regs), ("lane", lanes)],
                &[dim(k_dim), dim(non_k)],
            )?;
            let warp_order: Vec<usize> = if version == 3 {
                (0..rank).collect()
            } else {
                (0..rank).rev().collect()
            };
            let mut w = LinearLayout::empty();
            for &d in &warp_order {
                let f = if d == k_dim {
                    zeros(warps[d], "warp", &dim(d))?
                } else {
                    id(warps[d], "warp", &dim(d))?
                };
                w = mul(&w, &f)?;
            }
            combine(&mul(&tile, &w)?, &cga(parent, rank)?, shape)
        }
        other => Err(bad(format!(
            "dot_operand parent {other:?} is not supported (blocked, nvidia_mma)"
        ))),
    }
}

fn slice(e: &Json, shape: &[i64]) -> Result<LinearLayout> {
    let parent = e
        .get("parent")
        .ok_or_else(|| bad("slice needs a 'parent'".into()))?;
    let d = int(e, "dim")?;
    if d < 0 || d as usize > shape.len() {
        return Err(bad(format!("slice dim {d} is outside the parent's rank")));
    }
    let d = d as usize;
    let mut pshape = shape.to_vec();
    pshape.insert(d, 1);
    let p = to_linear_layout(parent, &pshape)?;
    let mut t = LinearLayout::empty();
    for (j, od) in p.outs().iter().enumerate() {
        let f = if j == d {
            zeros(p.out_size(j), &od.name, &dim(0))?
        } else {
            id(p.out_size(j), &od.name, &dim(if j < d { j } else { j - 1 }))?
        };
        t = mul(&t, &f)?;
    }
    let s = super::compose::compose(&p, &t)?;
    let mut ins: Vec<(String, Vec<Vec<i64>>)> = Vec::new();
    for (i, dm) in s.ins().iter().enumerate() {
        let mut b = s.bases_of(i);
        if dm.name == "register" {
            b.retain(|v| v.iter().any(|&x| x != 0));
        }
        ins.push((dm.name.clone(), b));
    }
    LinearLayout::with_inferred_sizes(ins, s.outs().iter().map(|o| o.name.clone()).collect())
}

/// The dimension a basis moves along (its one nonzero component), `None` for a zero basis.
fn moves_along(b: &[i64], what: &str, k: usize) -> Result<Option<usize>> {
    let mut nz = b
        .iter()
        .enumerate()
        .filter(|(_, &x)| x != 0)
        .map(|(d, _)| d);
    let d = nz.next();
    if nz.next().is_some() {
        return Err(bad(format!(
            "linear: basis {k} of '{what}' moves along two dimensions; a distributed layout's bases move along one"
        )));
    }
    Ok(d)
}

/// Triton's `#ttg.linear` encoding over a tensor of `shape` (LinearEncodingAttr's
/// toLinearLayout). The layout L (in dimensions `register, lane, warp, block`, out sizes
/// inferred from the bases, every basis along one dimension) is fitted to the shape with the
/// out dimensions taken minor first in its order: the dimensions in the order the register
/// bases first move along them, then the others from the last to the first. Too small a
/// dimension repeats along `register` (`not_smaller`); too large a one loses its largest
/// bases, where a register basis is removed (the thread holds fewer registers) and a lane,
/// warp or block basis becomes 0 (a broadcast).
fn linear(e: &Json, shape: &[i64]) -> Result<LinearLayout> {
    let rank = shape.len();
    check_shape(shape, rank)?;
    let mut ins = Vec::new();
    for name in LINEAR_IN_DIMS {
        let v = e
            .get(name)
            .ok_or_else(|| bad(format!("linear: missing the bases of '{name}'")))?;
        let bases = super::json::int_vecs(v, &format!("the bases of '{name}'"))?;
        for (k, b) in bases.iter().enumerate() {
            if b.len() != rank {
                return Err(bad(format!(
                    "linear: basis {k} of '{name}' has {} components, but the shape has rank {rank}",
                    b.len()
                )));
            }
            moves_along(b, name, k)?;
        }
        ins.push((name.to_string(), bases));
    }
    let l = LinearLayout::with_inferred_sizes(ins, names(rank))?;
    if !l.is_surjective() {
        return Err(bad(
            "linear: the bases do not reach every element of the sizes they imply (Triton requires a surjective #ttg.linear)".into(),
        ));
    }
    // Minor-first order: first moves of the register bases, then rank-1, ..., 0.
    let mut order: Vec<usize> = Vec::with_capacity(rank);
    for (k, b) in l.bases_of(0).iter().enumerate() {
        if let Some(d) = moves_along(b, "register", k)? {
            if !order.contains(&d) {
                order.push(d);
            }
        }
    }
    for d in (0..rank).rev() {
        if !order.contains(&d) {
            order.push(d);
        }
    }
    let permuted: Vec<String> = order.iter().map(|&d| dim(d)).collect();
    let lab = labeled(shape);
    let t = transpose_outs(&l, &refs(&permuted))?;
    let t = not_smaller(&t, &lab)?;
    // Not larger, removing the register bases instead of zeroing them.
    let mut comps: Vec<Vec<Vec<i64>>> = (0..t.ins().len()).map(|i| t.bases_of(i)).collect();
    let mut dropped = vec![false; comps[0].len()];
    for (j, od) in t.outs().iter().enumerate() {
        let want = lab.iter().find(|(n, _)| *n == od.name).map_or(1, |p| p.1);
        let mut actual = t.out_size(j);
        let mut sorted: Vec<(i64, usize, usize)> = Vec::new();
        for (i, c) in comps.iter().enumerate() {
            for (k, b) in c.iter().enumerate() {
                if b[j] != 0 && !(i == 0 && dropped[k]) {
                    sorted.push((b[j], i, k));
                }
            }
        }
        sorted.sort_by_key(|e| std::cmp::Reverse(e.0));
        for (_, i, k) in sorted {
            if actual <= want {
                break;
            }
            if i == 0 {
                dropped[k] = true;
            } else {
                comps[i][k][j] = 0;
            }
            actual /= 2;
        }
    }
    let mut it = dropped.iter();
    comps[0].retain(|_| !*it.next().unwrap_or(&false));
    let ins = t.ins().iter().map(|d| d.name.clone()).zip(comps).collect();
    let fitted = LinearLayout::with_inferred_sizes(
        ins,
        t.out_names().iter().map(|n| n.to_string()).collect(),
    )?;
    let out = transpose_outs(&fitted, &refs(&names(rank)))?;
    for (d, &s) in shape.iter().enumerate() {
        if out.out_size(d) != s {
            return Err(bad(format!(
                "linear: the layout fitted to the shape covers {} elements of dimension {d}, not {s}",
                out.out_size(d)
            )));
        }
    }
    Ok(out)
}

fn swizzled_shared(e: &Json, shape: &[i64]) -> Result<LinearLayout> {
    let order = ints(e, "order")?;
    let rank = order.len();
    check_shape(shape, rank)?;
    if rank == 0 {
        return Err(bad(
            "swizzled_shared needs rank >= 1 (an empty 'order')".into()
        ));
    }
    let order = check_order(&order, rank, "order")?;
    let c = cga(e, rank)?;
    let per_cta: Vec<i64> = (0..rank).map(|d| (shape[d] / c.split[d]).max(1)).collect();
    if rank == 1 {
        return combine(&id(per_cta[0], "offset", "dim0")?, &c, shape);
    }
    let (col, row) = (order[0], order[1]);
    let (ncols, nrows) = (per_cta[col], per_cta[row]);
    let (vec, per_phase, max_phase) = (int(e, "vec")?, int(e, "per_phase")?, int(e, "max_phase")?);
    if vec <= 0 || per_phase <= 0 || max_phase <= 0 {
        return Err(bad("vec, per_phase and max_phase must be positive".into()));
    }
    let mut b = Vec::new();
    let mut x = 1;
    while x < ncols {
        b.push(vec![0, x]);
        x *= 2;
    }
    let mut r = 1;
    while r < nrows {
        let phase = int::mul(vec, (r / per_phase) % max_phase)?;
        b.push(vec![r, phase % ncols]);
        r *= 2;
    }
    let mut l = from_rows(vec![("offset", b)], &[dim(row), dim(col)])?;
    for &d in &order[2..] {
        l = mul(&l, &id(per_cta[d], "offset", &dim(d))?)?;
    }
    combine(&l, &c, shape)
}

fn nvmma_shared(e: &Json, shape: &[i64]) -> Result<LinearLayout> {
    let rank = shape.len();
    check_shape(shape, rank)?;
    if rank == 0 {
        return Err(bad("nvmma_shared needs a shape of rank >= 1".into()));
    }
    let sw = int(e, "swizzle_bytes")?;
    let bits = int(e, "element_bitwidth")?;
    let transposed = flag(e, "transposed");
    let fp4 = flag(e, "fp4_padded");
    if ![0, 32, 64, 128].contains(&sw) {
        return Err(bad(format!("swizzle_bytes {sw} is not 0, 32, 64 or 128")));
    }
    log2_exact(bits, "nvmma_shared element_bitwidth")?;
    let c = cga(e, rank)?;
    let per_cta: Vec<i64> = (0..rank).map(|d| (shape[d] / c.split[d]).max(1)).collect();
    // The TMA block: the contiguous dimension is clamped to the swizzle width, the others
    // to 256.
    let contig = if transposed { 0 } else { rank - 1 };
    let packing = if fp4 { 2 } else { 1 };
    let mut tma = per_cta.clone();
    for (d, t) in tma.iter_mut().enumerate() {
        let lim = if d == contig && sw != 0 {
            sw * 8 / bits / packing
        } else {
            256
        };
        *t = (*t).min(lim.max(1));
    }
    if sw == 0 {
        let mut l = id(tma[rank - 1], "offset", &dim(rank - 1))?;
        for d in (0..rank - 1).rev() {
            l = mul(&l, &id(tma[d], "offset", &dim(d))?)?;
        }
        let l = not_smaller(&l, &labeled(&per_cta))?;
        return combine(&l, &c, shape);
    }
    if rank < 2 {
        return Err(bad("a swizzled nvmma_shared layout needs rank >= 2".into()));
    }
    let vec = 128 / bits;
    let per_phase = 128 / sw;
    let max_phase = sw / 16;
    let tile_cols = 8 * sw.max(16) / bits;
    let pack = |c: i64| if fp4 { c / 16 * 8 + c % 8 } else { c };
    let mut b = Vec::new();
    let mut col = 1;
    while col < tile_cols {
        b.push(vec![0, pack(col)]);
        col *= 2;
    }
    for row in [1, 2, 4] {
        b.push(vec![row, pack(vec * ((row / per_phase) % max_phase))]);
    }
    let tile = from_rows(vec![("offset", b)], &names(2))?;
    let mut collapsed = [1i64, tma[rank - 1]];
    for &t in &tma[..rank - 1] {
        collapsed[0] = int::mul(collapsed[0], t)?;
    }
    if transposed {
        collapsed.swap(0, 1);
    }
    if collapsed[1] * packing < tile.out_size(1) || collapsed[0] < tile.out_size(0) {
        return Err(bad(format!(
            "nvmma_shared: the shape per CTA must be at least [{}, {}] (swizzle atom)",
            tile.out_size(0),
            tile.out_size(1) / packing
        )));
    }
    let l = not_smaller(&tile, &labeled(&collapsed))?;
    let mut target = tma.clone();
    if transposed {
        target.rotate_left(1);
    }
    // Row-major reshape of the 2-D layout into `target`.
    let rev2: Vec<&str> = vec!["dim1", "dim0"];
    let lr = transpose_outs(&l, &rev2)?;
    let new: Vec<(String, i64)> = (0..rank)
        .rev()
        .map(|d| (format!("r{d}"), target[d]))
        .collect();
    let lr = reshape_outs(&lr, &new)?;
    let rnames: Vec<String> = (0..rank).map(|d| format!("r{d}")).collect();
    let lr = transpose_outs(&lr, &refs(&rnames))?;
    // Name the reshaped dims: r_d is dim d, or (transposed) rotated back.
    let outs: Vec<OutDim> = (0..rank)
        .map(|d| OutDim {
            name: if transposed {
                dim(if d == 0 { rank - 1 } else { d - 1 })
            } else {
                dim(d)
            },
            log2: lr.outs()[d].log2,
        })
        .collect();
    let l = LinearLayout::from_parts(lr.ins().to_vec(), outs);
    let l = transpose_outs(&l, &refs(&names(rank)))?;
    let l = not_smaller(&l, &labeled(&per_cta))?;
    combine(&l, &c, shape)
}

fn tensor_memory(e: &Json, shape: &[i64]) -> Result<LinearLayout> {
    check_shape(shape, 2)?;
    let (bm, bn) = (int(e, "block_m")?, int(e, "block_n")?);
    if e.get("col_stride").and_then(Json::as_int).unwrap_or(1) != 1 {
        return Err(bad(
            "tensor_memory with col_stride != 1 is not supported".into()
        ));
    }
    let (m, n) = (shape[0], shape[1]);
    let mut rows: Vec<Vec<i64>> = Vec::new();
    let mut m_covered;
    match bm {
        128 => {
            for k in 0..7 {
                rows.push(vec![1 << k, 0]);
            }
            m_covered = 128;
        }
        64 => {
            for k in 0..4 {
                rows.push(vec![1 << k, 0]);
            }
            rows.push(vec![64, 0]);
            rows.push(vec![16, 0]);
            rows.push(vec![32, 0]);
            m_covered = 128;
        }
        _ => return Err(bad(format!("tensor_memory block_m {bm} is not 64 or 128"))),
    }
    log2_exact(bn, "tensor_memory block_n")?;
    let mut cols: Vec<Vec<i64>> = Vec::new();
    let mut c = 1;
    while c < n.max(bn) {
        cols.push(vec![0, c]);
        c *= 2;
    }
    while m_covered < m {
        cols.push(vec![m_covered, 0]);
        m_covered *= 2;
    }
    let l = LinearLayout::new(
        vec![("row".into(), rows), ("col".into(), cols)],
        vec![
            ("dim0".into(), m_covered.max(128)),
            ("dim1".into(), n.max(bn).max(1)),
        ],
    )?;
    not_larger(&l, &labeled(shape))
}

/// The linear layout of encoding `enc` over a tensor of `shape` (power-of-two extents).
pub fn to_linear_layout(enc: &Json, shape: &[i64]) -> Result<LinearLayout> {
    let kind = enc
        .get("kind")
        .and_then(Json::as_str)
        .ok_or_else(|| bad("an encoding is a JSON object with a string 'kind'".into()))?;
    let l = match kind {
        "blocked" => blocked(enc, shape)?,
        "nvidia_mma" => nvidia_mma(enc, shape)?,
        "dot_operand" => dot_operand(enc, shape)?,
        "slice" => slice(enc, shape)?,
        "linear" => linear(enc, shape)?,
        "swizzled_shared" => swizzled_shared(enc, shape)?,
        "nvmma_shared" => nvmma_shared(enc, shape)?,
        "tensor_memory" => tensor_memory(enc, shape)?,
        k => {
            return Err(bad(format!(
                "unknown kind '{k}' (blocked, nvidia_mma, dot_operand, slice, linear, swizzled_shared, nvmma_shared, tensor_memory)"
            )))
        }
    };
    Ok(l)
}
