//! Reordering and regrouping of dimensions: transpose, reshape and flatten of in and out
//! dimensions, sublayouts, and Triton's column action on one in dimension.

use super::layout::{log2_exact, InDim, LinearLayout, OutDim};
use crate::error::{Error, Result};

/// Positions of `names` in `have`, which must be the same set (a permutation).
fn permutation(have: &[&str], names: &[&str], what: &str) -> Result<Vec<usize>> {
    let bad = || {
        Error::algebra(format!(
            "{what}: [{}] is not a permutation of the dimensions [{}]",
            names.join(", "),
            have.join(", ")
        ))
    };
    if names.len() != have.len() {
        return Err(bad());
    }
    let mut perm = Vec::with_capacity(names.len());
    for n in names {
        let i = have.iter().position(|h| h == n).ok_or_else(bad)?;
        if perm.contains(&i) {
            return Err(bad());
        }
        perm.push(i);
    }
    Ok(perm)
}

/// The same layout with its in dimensions in the order `names`.
pub fn transpose_ins(l: &LinearLayout, names: &[&str]) -> Result<LinearLayout> {
    let perm = permutation(&l.in_names(), names, "transpose_ins")?;
    let ins = perm.iter().map(|&i| l.ins()[i].clone()).collect();
    Ok(LinearLayout::from_parts(ins, l.outs().to_vec()))
}

/// The same layout with its out dimensions in the order `names`.
pub fn transpose_outs(l: &LinearLayout, names: &[&str]) -> Result<LinearLayout> {
    let perm = permutation(&l.out_names(), names, "transpose_outs")?;
    if perm.iter().enumerate().all(|(a, &b)| a == b) {
        return Ok(l.clone());
    }
    let outs: Vec<OutDim> = perm.iter().map(|&j| l.outs()[j].clone()).collect();
    let moves: Vec<(u32, u64, u32)> = perm
        .iter()
        .scan(0u32, |dst, &j| {
            let m = (
                l.out_shift(j),
                super::layout::low_mask(l.outs()[j].log2),
                *dst,
            );
            *dst += l.outs()[j].log2;
            Some(m)
        })
        .collect();
    let ins = l
        .ins()
        .iter()
        .map(|d| InDim {
            name: d.name.clone(),
            bases: d
                .bases
                .iter()
                .map(|&v| {
                    moves.iter().fold(0u64, |acc, &(src, mask, dst)| {
                        acc | (((v >> src) & mask) << dst)
                    })
                })
                .collect(),
        })
        .collect();
    Ok(LinearLayout::from_parts(ins, outs))
}

fn check_new_dims(new: &[(String, i64)], total: u32, what: &str, kind: &str) -> Result<Vec<u32>> {
    let mut logs = Vec::with_capacity(new.len());
    for (n, s) in new {
        logs.push(log2_exact(
            *s,
            &format!("{what}: new {kind} dimension '{n}'"),
        )?);
    }
    super::layout::check_names(new.iter().map(|d| d.0.as_str()), kind)?;
    let sum: u32 = logs.iter().sum();
    if sum != total {
        return Err(Error::algebra(format!(
            "{what}: the new {kind} dimensions have {} elements in total, the layout has {}",
            1u128 << sum,
            1u128 << total
        )));
    }
    Ok(logs)
}

/// Flatten the in dimensions (minor to major) and split them into `new` (name, size) pairs.
pub fn reshape_ins(l: &LinearLayout, new: &[(String, i64)]) -> Result<LinearLayout> {
    let logs = check_new_dims(new, l.total_in_bits(), "reshape_ins", "in")?;
    let mut flat = l.columns();
    let ins = new
        .iter()
        .zip(logs)
        .map(|((n, _), k)| InDim {
            name: n.clone(),
            bases: flat.by_ref().take(k as usize).collect(),
        })
        .collect();
    Ok(LinearLayout::from_parts(ins, l.outs().to_vec()))
}

/// Flatten the out dimensions (minor to major) and split them into `new` (name, size) pairs.
/// Packed bases are unchanged: only the dimension boundaries move.
pub fn reshape_outs(l: &LinearLayout, new: &[(String, i64)]) -> Result<LinearLayout> {
    let logs = check_new_dims(new, l.total_out_bits(), "reshape_outs", "out")?;
    let outs = new
        .iter()
        .zip(logs)
        .map(|((n, _), log2)| OutDim {
            name: n.clone(),
            log2,
        })
        .collect();
    Ok(LinearLayout::from_parts(l.ins().to_vec(), outs))
}

/// One in dimension (named like the first) of the total size.
pub fn flatten_ins(l: &LinearLayout) -> Result<LinearLayout> {
    if l.ins().len() <= 1 {
        return Ok(l.clone());
    }
    let bits = l.total_in_bits();
    if bits > super::layout::MAX_DIM_BITS {
        return Err(Error::overflow(format!(
            "flatten_ins: {bits} input bits do not fit one dimension size"
        )));
    }
    reshape_ins(l, &[(l.ins()[0].name.clone(), 1i64 << bits)])
}

/// One out dimension (named like the first) of the total size.
pub fn flatten_outs(l: &LinearLayout) -> Result<LinearLayout> {
    if l.outs().len() <= 1 {
        return Ok(l.clone());
    }
    let bits = l.total_out_bits();
    if bits > 62 {
        return Err(Error::overflow(format!(
            "flatten_outs: {bits} output bits do not fit one dimension size"
        )));
    }
    reshape_outs(l, &[(l.outs()[0].name.clone(), 1i64 << bits)])
}

/// Restriction to the in dimensions `ins` and the out dimensions `outs` (each a subset; the
/// result keeps the layout's own order and sizes).
pub fn sublayout(l: &LinearLayout, ins: &[&str], outs: &[&str]) -> Result<LinearLayout> {
    for n in ins {
        if !l.has_in(n) {
            return Err(Error::algebra(format!(
                "sublayout: '{n}' is not an in dimension (in dimensions: {})",
                l.in_names().join(", ")
            )));
        }
    }
    for n in outs {
        if !l.has_out(n) {
            return Err(Error::algebra(format!(
                "sublayout: '{n}' is not an out dimension (out dimensions: {})",
                l.out_names().join(", ")
            )));
        }
    }
    let keep: Vec<usize> = (0..l.outs().len())
        .filter(|&j| outs.contains(&l.outs()[j].name.as_str()))
        .collect();
    let new_outs: Vec<OutDim> = keep.iter().map(|&j| l.outs()[j].clone()).collect();
    let all = keep.len() == l.outs().len();
    let mut moves = Vec::new();
    let mut dst = 0;
    for &j in &keep {
        moves.push((
            l.out_shift(j),
            super::layout::low_mask(l.outs()[j].log2),
            dst,
        ));
        dst += l.outs()[j].log2;
    }
    let new_ins = l
        .ins()
        .iter()
        .filter(|d| ins.contains(&d.name.as_str()))
        .map(|d| InDim {
            name: d.name.clone(),
            bases: if all {
                d.bases.clone()
            } else {
                d.bases
                    .iter()
                    .map(|&v| super::layout::move_fields(&moves, v))
                    .collect()
            },
        })
        .collect();
    Ok(LinearLayout::from_parts(new_ins, new_outs))
}

/// Triton's `ColumnAction` applied to a layout: in dimension `in_dim` gets the bases
/// `old[action[0]], old[action[1]], ...` (bases not listed are dropped).
pub fn column_action(l: &LinearLayout, in_dim: &str, action: &[i64]) -> Result<LinearLayout> {
    let i = l.in_index(in_dim).ok_or_else(|| {
        Error::algebra(format!("column_action: '{in_dim}' is not an in dimension"))
    })?;
    let old = &l.ins()[i].bases;
    let mut seen = vec![false; old.len()];
    let mut bases = Vec::with_capacity(action.len());
    for &a in action {
        if a < 0 || a as usize >= old.len() || seen[a as usize] {
            return Err(Error::algebra(format!(
                "column_action: {a} is not an unused basis index of '{in_dim}' (it has {} bases)",
                old.len()
            )));
        }
        seen[a as usize] = true;
        bases.push(old[a as usize]);
    }
    let mut ins = l.ins().to_vec();
    ins[i].bases = bases;
    Ok(LinearLayout::from_parts(ins, l.outs().to_vec()))
}
