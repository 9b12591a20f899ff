//! Quasi-affine expressions written in ISL notation: sums of integer multiples of variables,
//! of `floor(v/k)` and of `(...) mod k`. The builders of the layout relations (`cute.rs`,
//! `swizzle.rs`, `linear.rs`) write the offset as such an expression of the coordinate
//! variables; ISL turns every floor and mod into an existentially quantified division.

use layout_algebra::int;
use layout_algebra::Result;

/// A sum of terms `coef * (atom)`, kept as text.
#[derive(Debug, Clone, Default)]
pub struct Sum {
    terms: Vec<String>,
}

impl Sum {
    pub fn new() -> Sum {
        Sum::default()
    }
    /// Add `coef * atom` (nothing when coef is 0).
    pub fn add(&mut self, coef: i64, atom: &str) {
        match coef {
            0 => {}
            1 => self.terms.push(format!("({atom})")),
            _ => self.terms.push(format!("{coef}*({atom})")),
        }
    }
    /// Add a constant.
    pub fn constant(&mut self, k: i64) {
        if k != 0 {
            self.terms.push(format!("({k})"));
        }
    }
    /// The sum as text (`0` when empty).
    pub fn text(&self) -> String {
        if self.terms.is_empty() {
            "0".into()
        } else {
            self.terms.join(" + ")
        }
    }
}

/// `floor(v/k)` (just `v` for k = 1).
pub fn floor_div(v: &str, k: i64) -> String {
    if k == 1 {
        v.to_string()
    } else {
        format!("floor(({v})/{k})")
    }
}

/// `(e) mod k`.
pub fn modulo(e: &str, k: i64) -> String {
    format!("({e}) mod {k}")
}

/// Bit `k` of a non-negative v: `floor(v/2^k) mod 2`.
pub fn bit(v: &str, k: u32) -> String {
    modulo(&floor_div(v, 1i64 << k), 2)
}

/// `2^k` as an i64 (k < 63), or an overflow error naming `what`.
pub fn pow2(k: u32, what: &str) -> Result<i64> {
    if k >= 63 {
        return Err(layout_algebra::Error::overflow(format!(
            "{what}: 2^{k} does not fit an i64"
        )));
    }
    Ok(1i64 << k)
}

/// Colexicographic prefix products `1, s0, s0*s1, ...` (one per extent) and the total.
pub fn prefix_products(extents: &[i64], what: &str) -> Result<(Vec<i64>, i64)> {
    let mut out = Vec::with_capacity(extents.len());
    let mut p = 1i64;
    for &s in extents {
        out.push(p);
        p = int::mul(p, s).map_err(|_| {
            layout_algebra::Error::overflow(format!("{what}: the size exceeds i64"))
        })?;
    }
    Ok((out, p))
}

/// Variable names `prefix0, prefix1, ...`.
pub fn vars(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}{i}")).collect()
}

/// `0 <= v < n` for every (v, n).
pub fn bounds(vars: &[String], extents: &[i64]) -> String {
    vars.iter()
        .zip(extents)
        .map(|(v, n)| format!("0 <= {v} < {n}"))
        .collect::<Vec<_>>()
        .join(" and ")
}
