//! Choosing the `tcgen05.ld` that reads an epilogue subtile of a TMEM accumulator: the shape
//! and repetition (`.num`) moving the most registers per instruction within a register budget,
//! with the register fragment it gives each thread.
//!
//! For each shape (`32x32b`, `16x256b`, `16x128b`, `16x64b`; see `tmem`) and `.num` (a power
//! of two, `regs = num * regs_per_num <= min(budget, 128)`), warp `w` of the warpgroup reads its
//! quadrant, lanes `32w + lane(t, j)`, columns `column(t, j)` of the subtile (columns
//! `0 .. cols`). The candidate's fragment is `(thread, register) -> tile index` through the
//! inverse of the TMEM layout; it is kept when every cell it reads belongs to the TMEM layout
//! and lies in the subtile, and the fragment is a layout (F2-affine over the thread and register
//! bits, checked at every point). The widest candidate wins (then the shape order above); every
//! rejected one is reported with its reason.
//!
//! Certificate: `tmem_copy(tmem, fragment)` derives exactly the chosen shape and `.num` back
//! from the fragment (and checks the quadrant rule).

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::hw::tmem::{tmem_copy, TmemCopy, TmemShape, TMEM_LANE_STRIDE};
use crate::layout::Layout;
use crate::text::{parse, print_layout};
use crate::value::Value;

const OP: &str = "tmem_load";

/// The shapes tried, in order of preference at equal width.
const SHAPES: [TmemShape; 4] = [
    TmemShape::S32x32b,
    TmemShape::S16x256b,
    TmemShape::S16x128b,
    TmemShape::S16x64b,
];

/// What the selector chose.
#[derive(Debug, Clone)]
pub struct TmemLoadSelection {
    pub copy: TmemCopy,
    pub fragment: Layout,
    /// Columns of the subtile the instruction reads.
    pub columns: i64,
    /// Each wider or earlier candidate with its reason.
    pub rejected: Vec<(String, String)>,
}

/// The fragment of a candidate: the tile index of every (thread, register), or why not.
fn candidate(
    shape: TmemShape,
    regs: i64,
    index: &HashMap<i64, i64>,
    cols: i64,
) -> std::result::Result<(Vec<Vec<i64>>, i64), String> {
    let mut table = vec![vec![0i64; regs as usize]; 128];
    let mut width = 0;
    for (t, row) in table.iter_mut().enumerate() {
        let (w, tt) = (t as i64 / 32, t as i64 % 32);
        for (j, cell) in row.iter_mut().enumerate() {
            let (ol, oc) = shape.offset(tt, j as i64, 0);
            if oc >= cols {
                return Err(format!(
                    "thread {t} register {j} reads column {oc}, past the {cols}-column subtile"
                ));
            }
            width = width.max(oc + 1);
            let addr = (32 * w + ol) * TMEM_LANE_STRIDE + oc;
            *cell = *index.get(&addr).ok_or_else(|| {
                format!(
                    "thread {t} register {j} reads (lane {}, column {oc}), which holds no element of the TMEM layout",
                    32 * w + ol
                )
            })?;
        }
    }
    Ok((table, width))
}

/// The table as a layout `((2,..,2),(2,..,2)) : (thread bit strides, register bit strides)`,
/// when it is one.
fn as_layout(table: &[Vec<i64>]) -> std::result::Result<Layout, String> {
    let regs = table[0].len();
    if table[0][0] != 0 {
        return Err(format!(
            "thread 0's register 0 is tile index {}, not 0 (the fragment has no offset)",
            table[0][0]
        ));
    }
    let tbits = 7;
    let vbits = regs.trailing_zeros() as usize;
    let ts: Vec<i64> = (0..tbits).map(|b| table[1 << b][0]).collect();
    let vs: Vec<i64> = (0..vbits).map(|b| table[0][1 << b]).collect();
    for (t, row) in table.iter().enumerate() {
        for (j, &x) in row.iter().enumerate() {
            let want: i64 = (0..tbits)
                .filter(|b| t >> b & 1 == 1)
                .map(|b| ts[b])
                .sum::<i64>()
                + (0..vbits)
                    .filter(|b| j >> b & 1 == 1)
                    .map(|b| vs[b])
                    .sum::<i64>();
            if want != x {
                return Err(format!(
                    "thread {t} register {j} is tile index {x}; no layout of thread and register bits gives it ({want} by the unit strides)"
                ));
            }
        }
    }
    let mode = |s: &[i64]| -> (String, String) {
        if s.is_empty() {
            return ("1".into(), "0".into());
        }
        let sh = vec!["2"; s.len()].join(",");
        let st: Vec<String> = s.iter().map(|x| x.to_string()).collect();
        (format!("({sh})"), format!("({})", st.join(",")))
    };
    let (t_sh, t_st) = mode(&ts);
    let (v_sh, v_st) = mode(&vs);
    let text = format!("({t_sh},{v_sh}):({t_st},{v_st})");
    let l = match parse(&text) {
        Ok(Value::Func(crate::func::Func::Layout(l))) => l,
        _ => return Err(format!("internal: {text} is not a layout")),
    };
    // Coalesce each mode on its own (the thread and register modes stay).
    let modes: Vec<Layout> = l
        .modes()
        .iter()
        .map(crate::ops::coalesce::coalesce)
        .collect::<Result<_>>()
        .map_err(|e| e.to_string())?;
    let text = format!(
        "({}):({})",
        modes
            .iter()
            .map(|m| crate::text::print_int_tuple(&m.shape))
            .collect::<Vec<_>>()
            .join(","),
        modes
            .iter()
            .map(|m| crate::text::print_stride_tuple(&m.stride))
            .collect::<Vec<_>>()
            .join(",")
    );
    match parse(&text) {
        Ok(Value::Func(crate::func::Func::Layout(l))) => Ok(l),
        _ => Err(format!("internal: {text} is not a layout")),
    }
}

/// Choose the `tcgen05.ld` for the first `cols` columns of the TMEM layout `tmem` (tile index ->
/// `lane << 16 | column`) with at most `budget` registers per thread.
pub fn tmem_load(tmem: &Layout, cols: i64, budget: i64) -> Result<TmemLoadSelection> {
    if cols <= 0 || budget <= 0 {
        return Err(Error::algebra(format!(
            "{OP}: the subtile columns ({cols}) and the register budget ({budget}) must be positive"
        )));
    }
    let n = tmem.size()?;
    if n > 128 * 512 {
        return Err(Error::algebra(format!(
            "{OP}: the TMEM layout has {n} elements, more than the 128 x 512 cells of TMEM"
        )));
    }
    let leaves = tmem.int_leaves(OP)?;
    let mut index = HashMap::new();
    for i in 0..n {
        let a = crate::layout::eval_leaves(&leaves, i)?;
        if index.insert(a, i).is_some() {
            return Err(Error::algebra(format!(
                "{OP}: two tile indices share the TMEM address {a:#x}: the layout is not injective"
            )));
        }
    }
    let mut rejected = Vec::new();
    let mut best: Option<(i64, TmemLoadSelection)> = None;
    for shape in SHAPES {
        let per = shape.regs_per_num();
        let mut num = 128 / per;
        while num >= 1 {
            let regs = num * per;
            let name = format!("{}.x{num}", shape.name());
            if regs > budget {
                num /= 2;
                continue;
            }
            if best.as_ref().is_some_and(|(r, _)| *r >= regs) {
                break;
            }
            let found = candidate(shape, regs, &index, cols)
                .and_then(|(table, width)| Ok((as_layout(&table)?, width)));
            match found {
                Ok((fragment, columns)) => {
                    let copy = tmem_copy(tmem, &fragment, 0)?;
                    if copy.shape != shape || copy.num != num {
                        return Err(Error::algebra(format!(
                            "{OP}: internal: the fragment {} derives {}, not {name}",
                            print_layout(&fragment),
                            copy.instr(false)
                        )));
                    }
                    best = Some((
                        regs,
                        TmemLoadSelection {
                            copy,
                            fragment,
                            columns,
                            rejected: Vec::new(),
                        },
                    ));
                    break;
                }
                Err(why) => rejected.push((name, regs, why)),
            }
            num /= 2;
        }
    }
    let (_, mut sel) = best.ok_or_else(|| {
        Error::algebra(format!(
            "{OP}: no tcgen05.ld reads this subtile ({})",
            rejected
                .iter()
                .map(|(n, _, w)| format!("{n}: {w}"))
                .collect::<Vec<_>>()
                .join("; ")
        ))
    })?;
    // Keep the reasons of the candidates at least as wide as the choice.
    sel.rejected = rejected
        .into_iter()
        .filter(|(_, regs, _)| *regs >= sel.copy.regs)
        .map(|(name, _, why)| (name, why))
        .collect();
    Ok(sel)
}

impl TmemLoadSelection {
    pub fn to_json(&self) -> String {
        let rejected: Vec<String> = self
            .rejected
            .iter()
            .map(|(n, w)| format!("{{\"instr\":\"{n}\",\"why\":\"{w}\"}}"))
            .collect();
        format!(
            "{{\"ld\":\"{}\",\"shape\":\"{}\",\"num\":{},\"regs\":{},\"fragment\":\"{}\",\"columns\":{},\"rejected\":[{}],\"certificate\":{{\"tmem_copy\":\"{}\"}}}}",
            self.copy.instr(false),
            self.copy.shape.name(),
            self.copy.num,
            self.copy.regs,
            print_layout(&self.fragment),
            self.columns,
            rejected.join(","),
            self.copy.instr(false)
        )
    }
}
