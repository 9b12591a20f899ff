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
const MAX_RELATION_BITS: u32 = 62;

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
