//! Division: `divide_left(a, b)` is the C with `b * C == a`, `divide_right(a, b)` the C with
//! `C * b == a` (Triton's `divideLeft` / `divideRight`), and `quotient` by dimensions on
//! which a layout is the identity and uncoupled from the rest.

use super::layout::{InDim, LinearLayout, OutDim};
use super::product::product;
use super::reshape::{flatten_ins, flatten_outs, sublayout};
use crate::error::{Error, Result};

fn no_divisor(what: &str, why: String) -> Error {
    Error::algebra(format!("{what}: no such layout: {why}"))
}

/// Check that `b`'s dims are among `a`'s; return C's out-dim log2 sizes (a's out dims).
fn c_out_dims(a: &LinearLayout, b: &LinearLayout, what: &str) -> Result<Vec<OutDim>> {
    for n in b.in_names() {
        if !a.has_in(n) {
            return Err(no_divisor(
                what,
                format!("in dimension '{n}' of the divisor is not in the dividend"),
            ));
        }
    }
    for n in b.out_names() {
        if !a.has_out(n) {
            return Err(no_divisor(
                what,
                format!("out dimension '{n}' of the divisor is not in the dividend"),
            ));
        }
    }
    let mut outs = Vec::new();
    for d in a.outs() {
        let lb = b.out_index(&d.name).map_or(0, |j| b.outs()[j].log2);
        if lb > d.log2 {
            return Err(no_divisor(
                what,
                format!(
                    "out dimension '{}' is larger in the divisor than in the dividend",
                    d.name
                ),
            ));
        }
        outs.push(OutDim {
            name: d.name.clone(),
            log2: d.log2 - lb,
        });
    }
    Ok(outs)
}

fn pack(outs: &[OutDim], comps: &[i64]) -> u64 {
    let mut v = 0u64;
    let mut s = 0;
    for (d, &c) in outs.iter().zip(comps) {
        v |= (c as u64) << s;
        s += d.log2;
    }
    v
}

/// C with `product(b, C) == a`, or an error saying which condition fails.
pub fn divide_left(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout> {
    let what = "divide_left";
    let outs = c_out_dims(a, b, what)?;
    let mut ins = Vec::new();
    for (i, d) in a.ins().iter().enumerate() {
        let ib = b.in_index(&d.name);
        let nb = ib.map_or(0, |k| b.ins()[k].bases.len());
        if nb > d.bases.len() {
            return Err(no_divisor(
                what,
                format!("in dimension '{}' is larger in the divisor", d.name),
            ));
        }
        for k in 0..nb {
            for (j, od) in a.outs().iter().enumerate() {
                let expect = match (ib, b.out_index(&od.name)) {
                    (Some(ib), Some(jb)) => b.basis(ib, k, jb),
                    _ => 0,
                };
                if a.basis(i, k, j) != expect {
                    return Err(no_divisor(
                        what,
                        format!(
                            "basis {k} of '{}' differs from the divisor's in out dimension '{}'",
                            d.name, od.name
                        ),
                    ));
                }
            }
        }
        let mut bases = Vec::new();
        for k in nb..d.bases.len() {
            let mut comps = Vec::with_capacity(outs.len());
            for (j, od) in a.outs().iter().enumerate() {
                let lb = b.out_index(&od.name).map_or(0, |jb| b.outs()[jb].log2);
                let v = a.basis(i, k, j);
                if v & ((1i64 << lb) - 1) != 0 {
                    return Err(no_divisor(
                        what,
                        format!("basis {k} of '{}' has component {v} in '{}', not a multiple of the divisor's size {}", d.name, od.name, 1i64 << lb),
                    ));
                }
                comps.push(v >> lb);
            }
            bases.push(pack(&outs, &comps));
        }
        ins.push(InDim {
            name: d.name.clone(),
            bases,
        });
    }
    let c = LinearLayout::from_parts(ins, outs);
    if product(b, &c)? != *a {
        return Err(no_divisor(what, "the divisor times the candidate quotient is not the dividend (dimension order or coupling differs)".into()));
    }
    Ok(c)
}

/// C with `product(C, b) == a`, or an error saying which condition fails.
pub fn divide_right(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout> {
    let what = "divide_right";
    let outs = c_out_dims(a, b, what)?;
    let mut ins = Vec::new();
    for (i, d) in a.ins().iter().enumerate() {
        let nb = b.in_index(&d.name).map_or(0, |k| b.ins()[k].bases.len());
        if nb > d.bases.len() {
            return Err(no_divisor(
                what,
                format!("in dimension '{}' is larger in the divisor", d.name),
            ));
        }
        let nc = d.bases.len() - nb;
        let mut bases = Vec::new();
        for k in 0..nc {
            let comps: Vec<i64> = (0..a.outs().len()).map(|j| a.basis(i, k, j)).collect();
            if comps.iter().zip(&outs).any(|(&c, od)| c >= 1i64 << od.log2) {
                return Err(no_divisor(
                    what,
                    format!(
                        "basis {k} of '{}' reaches past the quotient's out sizes",
                        d.name
                    ),
                ));
            }
            bases.push(pack(&outs, &comps));
        }
        ins.push(InDim {
            name: d.name.clone(),
            bases,
        });
    }
    let c = LinearLayout::from_parts(ins, outs);
    if product(&c, b)? != *a {
        return Err(no_divisor(what, "the candidate quotient times the divisor is not the dividend (bases or dimension order differ)".into()));
    }
    Ok(c)
}

/// True when `dims` (each an in or out dimension) are square identity dimensions of `l`,
/// uncoupled from the remaining dimensions (Triton's `isTrivialOver`).
pub fn is_trivial_over(l: &LinearLayout, dims: &[&str]) -> Result<bool> {
    for n in dims {
        if !l.has_in(n) && !l.has_out(n) {
            return Ok(false);
        }
    }
    let (rest_in, rest_out) = other_dims(l, dims);
    if !dims.is_empty() {
        for n in dims {
            match (l.in_index(n), l.out_index(n)) {
                (Some(i), Some(j)) if l.in_size(i) == l.out_size(j) => {}
                _ => return Ok(false),
            }
        }
        let sq = flatten_outs(&flatten_ins(&sublayout(l, dims, dims)?)?)?;
        let ok = sq.ins()[0]
            .bases
            .iter()
            .enumerate()
            .all(|(k, &v)| v == 1u64 << k);
        if !ok {
            return Ok(false);
        }
    }
    let zero = |ins: &[&str], outs: &[&str]| -> Result<bool> {
        Ok(sublayout(l, ins, outs)?.columns().all(|v| v == 0))
    };
    Ok(zero(&rest_in, dims)? && zero(dims, &rest_out)?)
}

/// The layout without `dims`, when it is trivial over them (else an error).
pub fn quotient(l: &LinearLayout, dims: &[&str]) -> Result<LinearLayout> {
    if !is_trivial_over(l, dims)? {
        return Err(Error::algebra(format!(
            "quotient: the layout is not the identity on [{}] uncoupled from its other dimensions",
            dims.join(", ")
        )));
    }
    let (rest_in, rest_out) = other_dims(l, dims);
    sublayout(l, &rest_in, &rest_out)
}

/// The in and out dimension names of `l` that are not in `dims`.
fn other_dims<'a>(l: &'a LinearLayout, dims: &[&str]) -> (Vec<&'a str>, Vec<&'a str>) {
    let keep = |names: Vec<&'a str>| names.into_iter().filter(|n| !dims.contains(n)).collect();
    (keep(l.in_names()), keep(l.out_names()))
}
