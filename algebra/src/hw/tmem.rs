//! Tensor memory (TMEM) layouts and the `tcgen05.ld` / `tcgen05.st` shape that moves a register
//! fragment from/to them.
//!
//! TMEM is 128 lanes x 512 columns of 32-bit cells per CTA. An address is `lane << 16 |
//! column` (CuTe's TMEM addresses: the lane stride is `1 << 16`), so a TMEM layout is an ordinary
//! layout from tile index to address, e.g. the M = 128 accumulator of `tcgen05.mma` (row i in
//! lane i, column j in column j) is `(128,N):(65536,1)` on the column-major tile `(128, N)`.
//!
//! A warp moves one 32-bit register per (thread, value). The shapes (PTX ISA, as CuTe's
//! `SM100_TMEM_LOAD_*` copy traits lay them out), for thread t and register j of `.num` = N:
//!
//! | shape | registers | lane | column |
//! |-------|-----------|------|--------|
//! | `32x32b`   | N  | t | j |
//! | `16x64b`   | N  | t/4 + 8(t%2) | 2j + (t/2)%2 |
//! | `16x128b`  | 2N | t/4 + 8(j%2) | 4(j/2) + t%4 |
//! | `16x256b`  | 4N | t/4 + 8((j/2)%2) | 8(j/4) + 2(t%4) + j%2 |
//! | `16x32bx2` | N  | t%16 | j + (t/16) imm |
//!
//! relative to the base address; N is a power of two, at most 128 registers per thread; `imm`
//! is the `16x32bx2` half offset (an immediate, in columns). The fragment is a thread-value
//! layout `(threads, V) -> tile index` over one warp (32 threads, run by warp `warp`) or a
//! warpgroup (128 threads, thread t in warp t/32); every warp must use the same shape.
//!
//! Rule (the quadrant rule): warp w reaches only the lanes `32(w%4) .. 32(w%4)+31`.
//!
//! Allocation: `tcgen05.alloc` takes a power of two of columns in [32, 512]; the TMEM layout
//! needs the smallest one above its largest column.

use crate::error::{Error, Result};
use crate::hw::json::J;
use crate::layout::Layout;
use crate::tuple::IntTuple;

const OP: &str = "tmem_copy";

/// Lanes of TMEM.
pub const TMEM_LANES: i64 = 128;
/// Columns of TMEM.
pub const TMEM_COLUMNS: i64 = 512;
/// The lane stride of a TMEM address.
pub const TMEM_LANE_STRIDE: i64 = 1 << 16;

/// A `tcgen05.ld`/`tcgen05.st` shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TmemShape {
    S32x32b,
    S16x64b,
    S16x128b,
    S16x256b,
    S16x32bx2,
}

/// Every shape, in the order they are tried.
pub const ALL_TMEM_SHAPES: &[TmemShape] = &[
    TmemShape::S32x32b,
    TmemShape::S16x64b,
    TmemShape::S16x128b,
    TmemShape::S16x256b,
    TmemShape::S16x32bx2,
];

impl TmemShape {
    /// The PTX shape, `32x32b` etc.
    pub fn name(self) -> &'static str {
        match self {
            TmemShape::S32x32b => "32x32b",
            TmemShape::S16x64b => "16x64b",
            TmemShape::S16x128b => "16x128b",
            TmemShape::S16x256b => "16x256b",
            TmemShape::S16x32bx2 => "16x32bx2",
        }
    }
    /// Registers per thread of `.x1`.
    pub fn regs_per_num(self) -> i64 {
        match self {
            TmemShape::S16x128b => 2,
            TmemShape::S16x256b => 4,
            _ => 1,
        }
    }
    /// (lane, column) of thread t's register j relative to the base address (`imm`: the
    /// `16x32bx2` half offset).
    pub fn offset(self, t: i64, j: i64, imm: i64) -> (i64, i64) {
        match self {
            TmemShape::S32x32b => (t, j),
            TmemShape::S16x64b => (t / 4 + 8 * (t % 2), 2 * j + (t / 2) % 2),
            TmemShape::S16x128b => (t / 4 + 8 * (j % 2), 4 * (j / 2) + t % 4),
            TmemShape::S16x256b => (t / 4 + 8 * ((j / 2) % 2), 8 * (j / 4) + 2 * (t % 4) + j % 2),
            TmemShape::S16x32bx2 => (t % 16, j + (t / 16) * imm),
        }
    }
}

/// The smallest `tcgen05.alloc` column count (a power of two in [32, 512]) holding `columns`.
pub fn tmem_alloc_columns(columns: i64) -> Result<i64> {
    if !(1..=TMEM_COLUMNS).contains(&columns) {
        return Err(Error::algebra(format!(
            "tmem_alloc: {columns} columns do not fit TMEM (1 to {TMEM_COLUMNS} columns; \
             tcgen05.alloc takes a power of two >= 32)"
        )));
    }
    Ok((columns.max(32) as u64).next_power_of_two() as i64)
}

/// A `(lane, column)` TMEM position.
fn lane_col(addr: i64) -> (i64, i64) {
    (addr >> 16, addr & 0xffff)
}

/// The derived copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TmemCopy {
    pub shape: TmemShape,
    /// `.num`: `.x1` .. `.x128`.
    pub num: i64,
    /// 32-bit registers per thread.
    pub regs: i64,
    /// The `16x32bx2` half offset in columns (0 for other shapes).
    pub imm: i64,
    /// Per warp of the fragment: (warp id, base lane, base column).
    pub warps: Vec<(i64, i64, i64)>,
    /// Columns `tcgen05.alloc` must provide for the whole TMEM layout.
    pub alloc_columns: i64,
}

impl TmemCopy {
    /// `tcgen05.ld.sync.aligned.<shape>.x<num>.b32` or `tcgen05.st...`.
    pub fn instr(&self, store: bool) -> String {
        format!(
            "tcgen05.{}.sync.aligned.{}.x{}.b32",
            if store { "st" } else { "ld" },
            self.shape.name(),
            self.num
        )
    }
    /// The base TMEM address of warp i of the fragment, relative to the layout's origin.
    pub fn base_address(&self, i: usize) -> i64 {
        let (_, lane, col) = self.warps[i];
        lane * TMEM_LANE_STRIDE + col
    }
    pub fn to_json(&self) -> String {
        let warps = self
            .warps
            .iter()
            .map(|&(w, lane, col)| {
                J::Obj(vec![
                    ("warp", J::Int(w)),
                    ("lane", J::Int(lane)),
                    ("column", J::Int(col)),
                    ("taddr", J::Int(lane * TMEM_LANE_STRIDE + col)),
                ])
            })
            .collect();
        let mut kv = vec![
            ("ld", J::str(self.instr(false))),
            ("st", J::str(self.instr(true))),
            ("shape", J::str(self.shape.name())),
            ("num", J::Int(self.num)),
            ("regs", J::Int(self.regs)),
        ];
        if self.shape == TmemShape::S16x32bx2 {
            kv.push(("imm", J::Int(self.imm)));
        }
        kv.push(("warps", J::Arr(warps)));
        kv.push(("allocColumns", J::Int(self.alloc_columns)));
        J::Obj(kv).render()
    }
}

/// Derive the `tcgen05.ld`/`st` shape moving `fragment` ((threads, V) -> tile index, 32 or 128
/// threads) from/to the TMEM layout `tmem` (tile index -> `lane << 16 | column`). A 32-thread
/// fragment is run by warp `warp` (its quadrant is `warp % 4`); a 128-thread one by warps 0-3.
pub fn tmem_copy(tmem: &Layout, fragment: &Layout, warp: i64) -> Result<TmemCopy> {
    if fragment.shape.is_leaf() || fragment.rank() != 2 {
        return Err(Error::algebra(format!(
            "{OP}: the fragment must be a (thread, value) layout of rank 2, found {}",
            crate::text::print_layout(fragment)
        )));
    }
    let threads = fragment.mode(0)?.size()?;
    let vals = fragment.mode(1)?.size()?;
    let nwarps = match threads {
        32 => 1,
        128 => 4,
        _ => {
            return Err(Error::algebra(format!(
                "{OP}: the fragment's thread mode has {threads} threads; tcgen05.ld/st is a warp \
                 instruction (32 threads, or 128 for a warpgroup)"
            )))
        }
    };
    if nwarps == 4 && warp != 0 {
        return Err(Error::algebra(format!(
            "{OP}: a 128-thread fragment is run by warps 0-3 (thread t in warp t/32); the warp \
             argument must be 0, found {warp}"
        )));
    }
    if warp < 0 {
        return Err(Error::algebra(format!("{OP}: the warp {warp} is negative")));
    }
    let alloc_columns = tmem_columns_needed(tmem)?;
    let n = tmem.size()?;
    let tmem_leaves = tmem.int_leaves(OP)?;
    // Every (thread, value) is a distinct element of the TMEM tile, so a thread cannot hold
    // more values than the tile has elements; checked before the table below is allocated
    // (threads <= 128 and n is bounded by the 512-column allocation, so the table is bounded).
    if vals > n {
        return Err(Error::algebra(format!(
            "{OP}: the fragment gives each thread {vals} values, more than the {n} elements of \
             the TMEM layout"
        )));
    }
    // (lane, column) of every (thread, value).
    let mut at = vec![vec![(0i64, 0i64); vals as usize]; threads as usize];
    for t in 0..threads {
        for v in 0..vals {
            let crd = IntTuple::tuple(vec![IntTuple::lit(t), IntTuple::lit(v)]);
            let idx = fragment.eval_crd(&crd)?;
            if idx < 0 || idx >= n {
                return Err(Error::algebra(format!(
                    "{OP}: fragment (thread {t}, value {v}) is tile index {idx}, outside the TMEM \
                     layout's domain [0, {n})"
                )));
            }
            let addr = crate::layout::eval_leaves(&tmem_leaves, idx)?;
            at[t as usize][v as usize] = check_address(addr, idx)?;
        }
    }
    let mut reasons = Vec::new();
    for &shape in ALL_TMEM_SHAPES {
        match match_shape(shape, &at, vals, nwarps, warp) {
            Ok((num, imm, warps)) => {
                for (i, &(w, _, _)) in warps.iter().enumerate() {
                    check_quadrant(w, &at[i * 32..(i + 1) * 32])?;
                }
                return Ok(TmemCopy {
                    shape,
                    num,
                    regs: vals,
                    imm,
                    warps,
                    alloc_columns,
                });
            }
            Err(r) => reasons.push(format!("{}: {r}", shape.name())),
        }
    }
    Err(Error::algebra(format!(
        "{OP}: no tcgen05.ld/st shape moves this fragment ({})",
        reasons.join("; ")
    )))
}

/// The columns `tcgen05.alloc` must provide for every address of `tmem`.
pub fn tmem_columns_needed(tmem: &Layout) -> Result<i64> {
    let leaves = tmem.int_leaves(OP)?;
    let mut max_col = 0;
    // Columns are the low 16 bits of non-negative addresses; the largest column is found
    // leaf by leaf only for layouts whose column part is separable, so evaluate the table
    // (bounded by TMEM's 65536 cells).
    let n = tmem.size()?;
    if n > TMEM_LANES * TMEM_COLUMNS {
        return Err(Error::algebra(format!(
            "{OP}: the TMEM layout has {n} cells, more than TMEM's {} (128 lanes x 512 columns)",
            TMEM_LANES * TMEM_COLUMNS
        )));
    }
    for i in 0..n {
        let (_, c) = check_address(crate::layout::eval_leaves(&leaves, i)?, i)?;
        max_col = max_col.max(c);
    }
    tmem_alloc_columns(max_col + 1)
}

fn check_address(addr: i64, idx: i64) -> Result<(i64, i64)> {
    if addr < 0 {
        return Err(Error::algebra(format!(
            "{OP}: tile index {idx} has the negative TMEM address {addr}"
        )));
    }
    let (lane, col) = lane_col(addr);
    if lane >= TMEM_LANES || col >= TMEM_COLUMNS {
        return Err(Error::algebra(format!(
            "{OP}: tile index {idx} is at TMEM lane {lane}, column {col} (address {addr:#x}): \
             outside TMEM's {TMEM_LANES} lanes x {TMEM_COLUMNS} columns"
        )));
    }
    Ok((lane, col))
}

type ShapeMatch = (i64, i64, Vec<(i64, i64, i64)>);

/// Check `shape` against every (thread, value) position; `Ok((num, imm, warps))` or the first
/// disagreement.
fn match_shape(
    shape: TmemShape,
    at: &[Vec<(i64, i64)>],
    vals: i64,
    nwarps: i64,
    warp: i64,
) -> std::result::Result<ShapeMatch, String> {
    let per = shape.regs_per_num();
    if vals % per != 0 {
        return Err(format!(
            "{vals} registers per thread is not a multiple of {per}"
        ));
    }
    let num = vals / per;
    if !(num as u64).is_power_of_two() || num > 128 / per {
        return Err(format!(
            "{vals} registers per thread is not {per} x a power of two up to {}",
            128 / per
        ));
    }
    let mut imm = 0;
    let mut warps = Vec::new();
    for wi in 0..nwarps {
        let w = if nwarps == 1 { warp } else { wi };
        let row = |t: i64| &at[(wi * 32 + t) as usize];
        let (l0, c0) = row(0)[0];
        let (dl, dc) = shape.offset(0, 0, 0);
        let (bl, bc) = (l0 - dl, c0 - dc);
        if shape == TmemShape::S16x32bx2 {
            // The half offset: thread 16's first column past the base.
            let this = row(16)[0].1 - bc;
            if this <= 0 {
                return Err(format!(
                    "thread 16 (second half) is not at a positive column offset ({this})"
                ));
            }
            if wi > 0 && this != imm {
                return Err(format!(
                    "warp {w} uses the half offset {this}, warp 0 uses {imm}"
                ));
            }
            imm = this;
        }
        for t in 0..32 {
            for j in 0..vals {
                let (ol, oc) = shape.offset(t, j, imm);
                let want = (bl + ol, bc + oc);
                let got = row(t)[j as usize];
                if got != want {
                    return Err(format!(
                        "warp {w} thread {t} register {j} is at (lane {}, column {}), the shape \
                         puts it at (lane {}, column {})",
                        got.0, got.1, want.0, want.1
                    ));
                }
            }
        }
        warps.push((w, bl, bc));
    }
    Ok((num, imm, warps))
}

/// The quadrant rule: warp w reaches only the TMEM lanes `32(w%4) .. 32(w%4)+31`; `at` holds
/// the (lane, column) of its 32 threads' registers.
fn check_quadrant(w: i64, at: &[Vec<(i64, i64)>]) -> Result<()> {
    let q = w % 4;
    for (t, regs) in at.iter().enumerate() {
        for (j, &(lane, _)) in regs.iter().enumerate() {
            if lane / 32 != q {
                return Err(Error::algebra(format!(
                    "{OP}: the quadrant rule: warp {w} reaches only TMEM lanes {}..{} (quadrant \
                     {q} = warp % 4), but its thread {t} register {j} is at lane {lane}",
                    32 * q,
                    32 * q + 31
                )));
            }
        }
    }
    Ok(())
}
