//! The checker of a shared-memory conversion plan: it re-derives, by enumerating every lane
//! of every warp, what `convert_shared` computed by rank arguments, and fails on any
//! difference.
//!
//! Checked, independently of how the plan was found:
//!
//! 1. the shared layout's offsets and the outer tile vectors form a basis of the tensor (each
//!    element has one address per tile);
//! 2. each side's register vectors (in-instruction, matrix, iteration, tile) are a basis of
//!    that side's register span, so the reads give every destination thread exactly the
//!    elements it holds, and the writes store every element of the tensor (also counted
//!    element by element);
//! 3. each instruction obeys its PTX semantics: a vector access moves `2^a` consecutive
//!    elements from an address aligned to its size; `ldmatrix`/`stmatrix` `.m8n8` give
//!    thread `t`, in register `j`, row `t/4` and columns `p(t%4) .. p(t%4)+p-1` of matrix `j`
//!    (`.trans`: rows `2(t%4)`, `2(t%4)+1` of column `t/4`), every row a 16-byte aligned
//!    run of shared memory;
//! 4. the wavefronts: per phase (32, 16 or 8 lanes of a vector access; one 8x8 matrix), the
//!    largest number of distinct 4-byte words in one of the 32 banks, summed over a warp's
//!    instructions, equal the plan's counts in every warp.

use super::convert_shared::{AccessKind, Coordinates, SharedPlan, SideAccess};
use super::distributed::{combine, Distributed};
use super::gauss::{in_span, rank};
use crate::error::{Error, Result};
use std::collections::BTreeSet;

/// What the enumeration found (per warp).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Certificate {
    pub write_wavefronts: i64,
    pub read_wavefronts: i64,
}

fn fail(msg: String) -> Error {
    Error::algebra(format!("convert_plan certificate: {msg}"))
}

/// Wavefronts of one phase from the words it touches.
fn wavefronts(words: &BTreeSet<u64>) -> i64 {
    let mut per_bank = [0i64; 32];
    for w in words {
        per_bank[(w % 32) as usize] += 1;
    }
    per_bank.iter().copied().max().unwrap_or(0)
}

/// The words of `bytes` bytes from `addr`.
fn words_of(addr: u64, bytes: u64, into: &mut BTreeSet<u64>) {
    for w in addr / 4..=(addr + bytes - 1) / 4 {
        into.insert(w);
    }
}

/// Enumerate one side; returns the wavefronts of each warp and marks every element it moves.
fn side(
    which: &str,
    l: &Distributed,
    a: &SideAccess,
    outer: &[u64],
    c: &Coordinates,
    bits: u32,
    seen: &mut [bool],
) -> Result<Vec<i64>> {
    let eb = (bits / 8) as u64;
    let mut regs: Vec<u64> = a
        .matrices
        .iter()
        .chain(&a.iterations)
        .chain(outer)
        .copied()
        .collect();
    regs.extend(a.vector.iter().copied());
    let r = rank(l.reg.iter().copied());
    if regs.len() as u32 != r
        || rank(regs.iter().copied()) != r
        || regs.iter().any(|&v| !in_span(&l.reg, v))
    {
        return Err(fail(format!(
            "the {which} access's register vectors are not a basis of the {which} layout's registers"
        )));
    }
    let mut addr_in = |e: u64, tile: u64| -> Result<u64> {
        let (off, t) = c.of(e);
        if t != tile {
            return Err(fail(format!(
                "the {which} access moves an element of tile {t} during tile {tile}"
            )));
        }
        seen[off as usize | (t as usize) << (c.offset_bits())] = true;
        Ok(off * eb)
    };
    let mut per_warp = Vec::new();
    for w in 0..l.warps() as u64 {
        let mut total = 0i64;
        for o in 0..1u64 << outer.len() {
            for it in 0..1u64 << a.iterations.len() {
                let inst = combine(outer, o) ^ combine(&a.iterations, it);
                match a.kind {
                    AccessKind::Vector { a: va } => {
                        let v = 1u64 << va;
                        let bytes = v * eb;
                        let lpp: u64 = match bytes {
                            b if b <= 4 => 32,
                            8 => 16,
                            _ => 8,
                        };
                        let mut phases: Vec<BTreeSet<u64>> =
                            vec![BTreeSet::new(); (32 / lpp) as usize];
                        for t in 0..32u64 {
                            let base = l.thread_base(t, w) ^ inst;
                            let start = addr_in(base, o)?;
                            if start % bytes != 0 {
                                return Err(fail(format!(
                                    "{which} lane {t} of warp {w}: a {bytes}-byte vector at byte {start} is not aligned"
                                )));
                            }
                            for k in 1..v {
                                let at = addr_in(base ^ combine(&a.vector, k), o)?;
                                if at != start + k * eb {
                                    return Err(fail(format!(
                                        "{which} lane {t} of warp {w}: vector element {k} is at byte {at}, not {}",
                                        start + k * eb
                                    )));
                                }
                            }
                            words_of(start, bytes, &mut phases[(t / lpp) as usize]);
                        }
                        total += phases.iter().map(wavefronts).sum::<i64>();
                    }
                    AccessKind::Matrix { x, trans } => {
                        let p: u64 = if trans { 2 } else { (32 / bits) as u64 };
                        for j in 0..x as u64 {
                            let sel = inst ^ combine(&a.matrices, j);
                            let mut rows: [Option<u64>; 8] = [None; 8];
                            for t in 0..32u64 {
                                for q in 0..p {
                                    let e = l.thread_base(t, w) ^ sel ^ combine(&a.vector, q);
                                    let at = addr_in(e, o)?;
                                    let (row, col) = if trans {
                                        (2 * (t % 4) + q, t / 4)
                                    } else {
                                        (t / 4, p * (t % 4) + q)
                                    };
                                    let Some(row_addr) = at.checked_sub(col * eb) else {
                                        return Err(fail(format!(
                                            "{which} matrix {j}: row {row} would start before byte 0"
                                        )));
                                    };
                                    match rows[row as usize] {
                                        None if row_addr % 16 == 0 => rows[row as usize] = Some(row_addr),
                                        None => {
                                            return Err(fail(format!(
                                                "{which} matrix {j} of warp {w}: row {row} starts at byte {row_addr}, not 16-byte aligned"
                                            )))
                                        }
                                        Some(r0) if r0 != row_addr => {
                                            return Err(fail(format!(
                                                "{which} matrix {j} of warp {w}: row {row} is not one 16-byte run (bytes {r0} and {row_addr})"
                                            )))
                                        }
                                        _ => {}
                                    }
                                }
                            }
                            let mut words = BTreeSet::new();
                            for r0 in rows.iter().flatten() {
                                words_of(*r0, 16, &mut words);
                            }
                            total += wavefronts(&words);
                        }
                    }
                }
            }
        }
        per_warp.push(total);
    }
    Ok(per_warp)
}

/// Check `plan` for the conversion `s -> d` of `bits`-bit elements over `n` tensor bits.
pub fn verify(
    s: &Distributed,
    d: &Distributed,
    bits: u32,
    n: u32,
    plan: &SharedPlan,
) -> Result<Certificate> {
    let bases = &plan.smem.ins()[0].bases;
    let all: Vec<u64> = bases.iter().chain(&plan.outer).copied().collect();
    if all.len() as u32 != n || rank(all.iter().copied()) != n {
        return Err(fail(
            "the shared offsets and the tile vectors are not a basis of the tensor".into(),
        ));
    }
    let c = Coordinates::new(bases, &plan.outer);
    let mut written = vec![false; 1usize << n];
    let w = side("write", s, &plan.write, &plan.outer, &c, bits, &mut written)?;
    if let Some(i) = written.iter().position(|&x| !x) {
        return Err(fail(format!(
            "no write stores the element at offset {} of tile {}",
            i & ((1usize << c.offset_bits()) - 1),
            i >> c.offset_bits()
        )));
    }
    let mut read = vec![false; 1usize << n];
    let r = side("read", d, &plan.read, &plan.outer, &c, bits, &mut read)?;
    let same = |v: &[i64]| v.iter().all(|&x| x == v[0]);
    if !same(&w) || !same(&r) {
        return Err(fail(format!(
            "warps differ in wavefronts (write {w:?}, read {r:?})"
        )));
    }
    let cert = Certificate {
        write_wavefronts: w[0],
        read_wavefronts: r[0],
    };
    if cert.write_wavefronts != plan.write_wavefronts
        || cert.read_wavefronts != plan.read_wavefronts
    {
        return Err(fail(format!(
            "the plan counts {} write and {} read wavefronts per warp; enumeration gives {} and {}",
            plan.write_wavefronts,
            plan.read_wavefronts,
            cert.write_wavefronts,
            cert.read_wavefronts
        )));
    }
    Ok(cert)
}
