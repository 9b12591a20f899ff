//! F2 linear layouts as relations (the paper's Section 5).
//!
//! Each input dimension is decomposed into its bits (the binary coordinate mapping), every
//! output bit is the XOR (sum mod 2) of the input bits whose basis vector has that bit set
//! (the binary vector space mapping), and the output bits are linearized. Since
//! floor(c/2^k) is congruent to bit k of c mod 2, output bit p is
//! `(sum_{k in K_p} floor(c/2^k)) mod 2`.
//!
//! Over the flat coordinate (`Space::Flat`), c is the colexicographic linearization of the
//! input dimensions (first dimension fastest, as Triton's flattenIns) and the offset is the
//! linearization of the output dimensions (first dimension lowest, as Triton's flattenOuts):
//! `{ [c] -> [o] : o = sum_p 2^p ((sum_{k in K_p} floor(c/2^k)) mod 2) and 0 <= c < 2^M }`.
//! Over the natural coordinate (`Space::Coord`), one input per input dimension and one output
//! per output dimension, as the paper's layout mapping `M_ni o M_li o M_bv o M_bc o M_ic`.

use layout_algebra::linear::LinearLayout;
use layout_algebra::{Error, Result};

use crate::expr::{bounds, floor_div, modulo, pow2, vars, Sum};
use crate::isl::{Ctx, Map};

/// Largest number of input or output bits of a relation (values must fit an i64).
pub(crate) const MAX_RELATION_BITS: u32 = 62;

fn check_bits(l: &LinearLayout) -> Result<()> {
    let (i, o) = (l.total_in_bits(), l.total_out_bits());
    if i > MAX_RELATION_BITS || o > MAX_RELATION_BITS {
        return Err(Error::algebra(format!(
            "relation of a linear layout with {i} input and {o} output bits: at most {MAX_RELATION_BITS} of each fit an i64 coordinate"
        )));
    }
    Ok(())
}

/// Output bit `p` (of the packed output) as an expression of the input bits, where
/// `inputs[k]` = (variable, bit position) of flat input bit k.
fn out_bit(l: &LinearLayout, p: u32, inputs: &[(String, u32)]) -> Result<Option<String>> {
    let mut sum = Sum::new();
    for (col, (v, k)) in l.columns().zip(inputs) {
        if col >> p & 1 == 1 {
            sum.add(1, &floor_div(v, pow2(*k, "linear relation")?));
        }
    }
    let t = sum.text();
    Ok((t != "0").then(|| modulo(&t, 2)))
}

/// (variable, bit) of every flat input bit, for the given input variables per dimension.
fn input_bits(l: &LinearLayout, per_dim: bool) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    let mut flat = 0u32;
    for i in 0..l.ins().len() {
        for k in 0..l.in_log2(i) {
            if per_dim {
                out.push((format!("c{i}"), k));
            } else {
                out.push(("c".to_string(), flat));
            }
            flat += 1;
        }
    }
    out
}

/// The relation over the flat coordinate and the flat (packed) offset.
pub fn flat_map<'c>(ctx: &'c Ctx, l: &LinearLayout) -> Result<Map<'c>> {
    check_bits(l)?;
    let inputs = input_bits(l, false);
    let mut sum = Sum::new();
    for p in 0..l.total_out_bits() {
        if let Some(b) = out_bit(l, p, &inputs)? {
            sum.add(pow2(p, "linear relation")?, &b);
        }
    }
    let size = pow2(l.total_in_bits(), "linear relation")?;
    Map::parse(
        ctx,
        &format!("{{ [c] -> [o] : o = {} and 0 <= c < {size} }}", sum.text()),
    )
}

/// The relation over one coordinate per input dimension and one index per output dimension.
pub fn coord_map<'c>(ctx: &'c Ctx, l: &LinearLayout) -> Result<Map<'c>> {
    check_bits(l)?;
    let inputs = input_bits(l, true);
    let cs = vars("c", l.ins().len());
    let os = vars("i", l.outs().len());
    let mut eqs = Vec::with_capacity(os.len());
    for (j, o) in os.iter().enumerate() {
        let shift = l.out_shift(j);
        let mut sum = Sum::new();
        for q in 0..l.outs()[j].log2 {
            if let Some(b) = out_bit(l, shift + q, &inputs)? {
                sum.add(pow2(q, "linear relation")?, &b);
            }
        }
        eqs.push(format!("{o} = {}", sum.text()));
    }
    let sizes: Vec<i64> = (0..l.ins().len()).map(|i| l.in_size(i)).collect();
    let mut cons = eqs;
    if !cs.is_empty() {
        cons.push(bounds(&cs, &sizes));
    }
    let cons = if cons.is_empty() {
        String::new()
    } else {
        format!(" : {}", cons.join(" and "))
    };
    Map::parse(
        ctx,
        &format!("{{ [{}] -> [{}]{cons} }}", cs.join(", "), os.join(", ")),
    )
}

/// A basis of a subspace of F2^64 in reduced echelon form: every vector's highest set bit (its
/// pivot) is set in no other vector.
#[derive(Debug, Default)]
struct Echelon {
    /// (vector, combination) pairs; the combination records which inputs sum to the vector.
    rows: Vec<(u64, u64)>,
}

impl Echelon {
    /// Reduce `(v, m)` by the basis; a nonzero remainder joins it (and the basis is kept
    /// reduced). Returns the combination when `v` reduces to zero (a kernel element).
    fn insert(&mut self, mut v: u64, mut m: u64) -> Option<u64> {
        for &(r, rm) in &self.rows {
            if v >> (63 - r.leading_zeros()) & 1 == 1 {
                v ^= r;
                m ^= rm;
            }
        }
        if v == 0 {
            return Some(m);
        }
        let p = 63 - v.leading_zeros();
        for row in &mut self.rows {
            if row.0 >> p & 1 == 1 {
                row.0 ^= v;
                row.1 ^= m;
            }
        }
        self.rows.push((v, m));
        None
    }
    fn pivots(&self) -> u64 {
        self.rows
            .iter()
            .fold(0, |acc, &(r, _)| acc | 1 << (63 - r.leading_zeros()))
    }
    /// The smallest nonzero vector of the span (the one of the lowest pivot, the basis being
    /// reduced), if any.
    fn least_nonzero(&self) -> Option<u64> {
        self.rows.iter().map(|r| r.0).min()
    }
}

/// The flat columns of `l` (input bit k -> packed output), masked to the output bits.
pub(crate) fn flat_columns(l: &LinearLayout) -> Result<Vec<u64>> {
    check_bits(l)?;
    let mask = (1u64 << l.total_out_bits()) - 1;
    Ok(l.columns().map(|c| c & mask).collect())
}

/// Injectivity of a linear layout over the flat coordinate, decided over F2 (no ISL): None
/// when injective, else the least colliding pair `(0, k)` (k the least nonzero element of the
/// kernel) and their offset 0. Exact and instant, where ISL's integer programming over the
/// bits of the flat relation takes seconds for 8 input bits.
pub fn f2_injectivity(l: &LinearLayout) -> Result<Option<crate::props::Failure>> {
    let cols = flat_columns(l)?;
    let mut image = Echelon::default();
    let mut kernel = Echelon::default();
    for (k, &c) in cols.iter().enumerate() {
        if let Some(m) = image.insert(c, 1u64 << k) {
            kernel.insert(m, 0);
        }
    }
    Ok(kernel
        .least_nonzero()
        .map(|k| crate::props::Failure::Collision {
            first: vec![0],
            second: vec![k as i64],
            offset: vec![0],
        }))
}

/// Bijectivity of a linear layout onto `[0, 2^N)` (N output bits) over the flat coordinate,
/// decided over F2: a collision ([`f2_injectivity`]), else the least offset the image misses
/// (2^j for the least bit j that no image vector leads: every smaller offset is in the span).
/// Never `outside`: every value has N bits.
pub fn f2_bijectivity(l: &LinearLayout) -> Result<Option<crate::props::Failure>> {
    if let Some(f) = f2_injectivity(l)? {
        return Ok(Some(f));
    }
    let mut image = Echelon::default();
    for c in flat_columns(l)? {
        image.insert(c, 0);
    }
    let pivots = image.pivots();
    let n = l.total_out_bits();
    Ok((0..n)
        .find(|&j| pivots >> j & 1 == 0)
        .map(|j| crate::props::Failure::Missed {
            offset: vec![1i64 << j],
        }))
}
