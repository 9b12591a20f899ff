//! Inverses: `invert_and_compose` (Triton's `A.invertAndCompose(B)`: a C with B(C(x)) = A(x),
//! free variables set to zero, identity on in dimensions that A and B share unchanged),
//! `pseudoinvert` and `invert`, on top of a least-squares solve over F2.

use super::gauss::Echelon;
use super::layout::{low_mask, InDim, LinearLayout, OutDim};
use super::product::product;
use super::reshape::{sublayout, transpose_ins, transpose_outs};
use crate::error::{Error, Result};

/// X with A(X(y)) = B(y) for every y, from B's in dimensions to A's in dimensions, the free
/// variables of A set to zero (the smallest preimage). A and B have the same out dimensions
/// (any order); B's are no larger than A's.
pub fn lstsq(a: &LinearLayout, b: &LinearLayout, what: &str) -> Result<LinearLayout> {
    // Where each of b's out dims lands in a's packing.
    let mut moves = Vec::with_capacity(b.outs().len());
    for (j, d) in b.outs().iter().enumerate() {
        let ja = a.out_index(&d.name).ok_or_else(|| {
            Error::algebra(format!(
                "{what}: out dimension '{}' of one layout is not an out dimension of the other",
                d.name
            ))
        })?;
        if d.log2 > a.outs()[ja].log2 {
            return Err(Error::algebra(format!(
                "{what}: out dimension '{}' has size {} in the layout being inverted but {} in the other; it must be at least as large",
                d.name,
                a.out_size(ja),
                b.out_size(j)
            )));
        }
        moves.push((b.out_shift(j), low_mask(d.log2), a.out_shift(ja)));
    }
    if a.outs().len() != b.outs().len() {
        return Err(Error::algebra(format!(
            "{what}: the layouts have different out dimensions [{}] and [{}]",
            a.out_names().join(", "),
            b.out_names().join(", ")
        )));
    }
    let same_packing = moves
        .iter()
        .enumerate()
        .all(|(j, &(s, _, t))| s == t && b.outs()[j].log2 == a.outs()[j].log2);
    let mut ech = Echelon::new();
    for (c, v) in a.columns().enumerate() {
        ech.insert(c as u32, v);
    }
    let mut ins = Vec::with_capacity(b.ins().len());
    for d in b.ins() {
        let mut bases = Vec::with_capacity(d.bases.len());
        for (k, &v) in d.bases.iter().enumerate() {
            let v = if same_packing {
                v
            } else {
                super::layout::move_fields(&moves, v)
            };
            let x = ech.solve(v).ok_or_else(|| {
                Error::algebra(format!(
                    "{what}: the image {:?} of bit {k} of in dimension '{}' is not reached by the layout being inverted (it is not surjective onto the other's image)",
                    b.unpack(d.bases[k]),
                    d.name
                ))
            })?;
            bases.push(x);
        }
        ins.push(InDim {
            name: d.name.clone(),
            bases,
        });
    }
    let outs = a
        .ins()
        .iter()
        .map(|d| OutDim {
            name: d.name.clone(),
            log2: d.bases.len() as u32,
        })
        .collect();
    Ok(LinearLayout::from_parts(ins, outs))
}

/// Triton's `b.invertAndCompose(a)`: C from `b`'s in dimensions to `a`'s in dimensions with
/// `a(C(x)) == b(x)`, the free variables of `a` set to zero (the smallest preimage).
///
/// Broadcasting heuristic (Triton's): an in dimension present in both layouts with the same
/// bases (out sizes aside) whose images share no bit with the images of any other in dimension
/// of either layout maps as the identity (broadcast warps or blocks stay where they are); the
/// other dimensions get the least-squares solution.
pub fn invert_and_compose(b: &LinearLayout, a: &LinearLayout) -> Result<LinearLayout> {
    let what = "invert_and_compose";
    let out_names = b.out_names();
    if a.outs().len() != b.outs().len() || b.outs().iter().any(|d| !a.has_out(&d.name)) {
        return Err(Error::algebra(format!(
            "{what}: the layouts have different out dimensions [{}] and [{}]",
            b.out_names().join(", "),
            a.out_names().join(", ")
        )));
    }
    let a = transpose_outs(a, &out_names)?;
    let mut moves = Vec::with_capacity(b.outs().len());
    for (j, d) in b.outs().iter().enumerate() {
        if a.outs()[j].log2 < d.log2 {
            return Err(Error::algebra(format!(
                "{what}: out dimension '{}' has size {} in the layout being inverted, smaller than {} in the other",
                d.name,
                a.out_size(j),
                b.out_size(j)
            )));
        }
        moves.push((b.out_shift(j), low_mask(d.log2), a.out_shift(j)));
    }
    let same_out_sizes = a.outs() == b.outs();
    let to_a = |v: u64| -> u64 {
        if same_out_sizes {
            v
        } else {
            super::layout::move_fields(&moves, v)
        }
    };
    // Bits touched by each in dimension, in a's packing.
    let or_of = |bases: &[u64], f: &dyn Fn(u64) -> u64| bases.iter().fold(0u64, |m, &v| m | f(v));
    let a_masks: Vec<u64> = a.ins().iter().map(|d| or_of(&d.bases, &|v| v)).collect();
    let b_masks: Vec<u64> = b.ins().iter().map(|d| or_of(&d.bases, &to_a)).collect();
    let mut identity: Vec<&str> = Vec::new();
    for (i, d) in a.ins().iter().enumerate() {
        let Some(k) = b.in_index(&d.name) else {
            continue;
        };
        let equal = d.bases.len() == b.ins()[k].bases.len()
            && d.bases
                .iter()
                .zip(&b.ins()[k].bases)
                .all(|(&x, &y)| x == to_a(y));
        if !equal {
            continue;
        }
        let others = a_masks
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .chain(b_masks.iter().enumerate().filter(|&(j, _)| j != k))
            .fold(0u64, |m, (_, &x)| m | x);
        if a_masks[i] & others == 0 {
            identity.push(&d.name);
        }
    }
    if identity.is_empty() {
        return lstsq(&a, b, what);
    }
    let a_rest: Vec<&str> = a
        .in_names()
        .into_iter()
        .filter(|n| !identity.contains(n))
        .collect();
    let b_rest: Vec<&str> = b
        .in_names()
        .into_iter()
        .filter(|n| !identity.contains(n))
        .collect();
    let mut ret = lstsq(
        &sublayout(&a, &a_rest, &out_names)?,
        &sublayout(b, &b_rest, &out_names)?,
        what,
    )?;
    for n in &identity {
        let i = a.in_index(n).unwrap();
        ret = product(&ret, &LinearLayout::identity1d(a.in_size(i), n, n)?)?;
    }
    ret = transpose_ins(&ret, &b.in_names())?;
    transpose_outs(&ret, &a.in_names())
}

/// The identity on `l`'s out dimensions, then `invert_and_compose` with `l`: a right inverse
/// on `l`'s image that picks the smallest preimage.
pub fn pseudoinvert(l: &LinearLayout) -> Result<LinearLayout> {
    let mut id = LinearLayout::empty();
    for (j, d) in l.outs().iter().enumerate() {
        id = product(
            &id,
            &LinearLayout::identity1d(l.out_size(j), &d.name, &d.name)?,
        )?;
    }
    invert_and_compose(&id, l)
}

/// The inverse of a bijective layout (surjective with as many in bits as out bits).
pub fn invert(l: &LinearLayout) -> Result<LinearLayout> {
    let (n_in, n_out) = (l.total_in_bits(), l.total_out_bits());
    if n_in != n_out {
        return Err(Error::algebra(format!(
            "invert: the layout has {n_in} input bits and {n_out} output bits; only a square layout is invertible (use pseudoinvert)"
        )));
    }
    let r = l.rank();
    if r != n_out {
        return Err(Error::algebra(format!(
            "invert: the layout has rank {r} < {n_out}: it is neither injective nor surjective (use pseudoinvert)"
        )));
    }
    pseudoinvert(l)
}
