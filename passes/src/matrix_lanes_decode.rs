//! Decoding an ldmatrix/stmatrix lane-address table back into the addresses each thread's
//! values come from, written from the PTX ISA (`ldmatrix`/`stmatrix`, shape `.m8n8`) and apart
//! from the form matcher of `layout_algebra::hw::ldmatrix`.
//!
//! The instruction moves `num` 8x8 matrices of 16-bit elements in rows of 16 bytes; matrix j
//! takes the addresses of its 8 rows from lanes 8j..8j+7 (`table[8j + row]`). Thread t holds one
//! 32-bit register per matrix; register j is matrix j. With `e` bytes per element and
//! `P = 4 / e` elements per register, value v of thread t is element w = v % P of register
//! j = v / P:
//!
//! ```text
//! plain:  table[8j + t/4]        + 4*(t%4) + e*w       (row t/4, bytes 4(t%4).. of the row)
//! .trans: table[8j + 2(t%4) + w] + 2*(t/4)             (16-bit: row 2(t%4)+w, column t/4)
//! ```
//!
//! The sm_100 shapes (m16n16, m16n8, m8n16) are not decoded here.

use crate::isl_text::{box_bounds, Constraints};

/// The relation `{ [t, v] -> [byte] }` for 32 threads and `values` values per thread, as one
/// piece per row address (lane): each piece is affine, so that ISL compares pieces without a
/// 32-way disjunction. Returns (lane, piece text), the lanes of `8 * num` rows.
pub fn relation_pieces(
    table: &[i64],
    num: i64,
    trans: bool,
    elem_bytes: i64,
    values: i64,
) -> Result<Vec<(usize, String)>, String> {
    if !matches!(elem_bytes, 1 | 2 | 4) {
        return Err(format!(
            "{elem_bytes}-byte elements: m8n8 moves 8-, 16- and 32-bit data"
        ));
    }
    if trans && elem_bytes != 2 {
        return Err(".trans moves 16-bit elements only".into());
    }
    if table.len() != 32 {
        return Err(format!("{} lane addresses, expected 32", table.len()));
    }
    let per_reg = 4 / elem_bytes;
    if values != num * per_reg {
        return Err(format!(
            "{values} values per thread, but {num} matrices give {} ({per_reg} per register)",
            num * per_reg
        ));
    }
    let ins = ["t".to_string(), "v".to_string()];
    let mut pieces = Vec::new();
    for (lane, row) in table.iter().enumerate().take((8 * num) as usize) {
        let mut c = Constraints::new();
        let (j, w) = c.divmod("v", per_reg, "v");
        let (tq, tr) = c.divmod("t", 4, "t");
        let pre = if trans {
            c.push(format!("{lane} = 8*{j} + 2*{tr} + {w}"));
            format!("2*{tq}")
        } else {
            c.push(format!("{lane} = 8*{j} + {tq}"));
            format!("4*{tr} + {elem_bytes}*{w}")
        };
        c.push(format!("a = {row} + {pre}"));
        pieces.push((
            lane,
            c.map(&ins, &["a".to_string()], &box_bounds(&ins, &[32, values])),
        ));
    }
    Ok(pieces)
}

/// The byte of value `v` of thread `t` by the same formulas as [`relation_pieces`] (whose
/// checks the caller has passed), at one point: for proofs by enumeration of the 32 threads.
pub fn address(table: &[i64], trans: bool, elem_bytes: i64, t: i64, v: i64) -> Option<i64> {
    let (lane, pre) = lane_and_offset(trans, elem_bytes, t, v);
    table.get(usize::try_from(lane).ok()?)?.checked_add(pre)
}

/// The lane whose row address value `v` of thread `t` is read from (the piece of
/// [`relation_pieces`] it lies in), and its byte offset from that row address.
pub fn lane_and_offset(trans: bool, elem_bytes: i64, t: i64, v: i64) -> (i64, i64) {
    let per_reg = 4 / elem_bytes;
    let (j, w) = (v / per_reg, v % per_reg);
    if trans {
        (8 * j + 2 * (t % 4) + w, 2 * (t / 4))
    } else {
        (8 * j + t / 4, 4 * (t % 4) + elem_bytes * w)
    }
}
