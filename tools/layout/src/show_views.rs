//! The views `layout show` draws, each a [`Picture`]:
//!
//! - `layout_view(F)`: a rank-1 or rank-2 layout, cell (m, n) labelled and colored by its
//!   offset F(m, n) (CuTe's `print_layout` / `print_latex` of a layout).
//! - `tv_view(TV, tile)`: a thread/value layout `TV: (t, v) -> i` over an M x N tile (CuTe's
//!   `print_latex_tv`): element i of the tile is cell (i mod M, i div M); it shows the thread
//!   and value that hold it, colored by thread. An index outside the tile is an error that
//!   names (t, v); elements no thread holds stay white; an element held by several (t, v)
//!   (a broadcast) shows the first in (t, v) order, and the legend counts them.
//! - `owner_view(LL)`: a linear layout's owner map: for each element (dim0, dim1) of its
//!   output, the register/lane/warp/block (every input dimension of size > 1; `r3 l17 w1`,
//!   other names as `name=3`) that holds it, colored by thread (the inputs other than
//!   `register`). Broadcasts as in the TV view.
//! - `bank_view(elem, F)`: which of the 32 four-byte shared-memory banks each element
//!   (m, n) of a shared-memory layout F (element offsets, swizzle included) lands in:
//!   bank = floor(F(m, n) * bits / 32) mod 32, colored by bank. The legend gives the most
//!   distinct 4-byte words of one row that share a bank (the conflict degree of a row).

use layout_algebra::hw::Elem;
use layout_algebra::linear::{parse_linear, LinearLayout};
use layout_algebra::{text, Error, Func, Layout, Result, Value};

use crate::picture::{Cell, Coloring, Picture};
use crate::show::{offsets, MAX_CELLS};

fn cell(lines: Vec<String>, key: Option<i64>) -> Cell {
    Cell { lines, key }
}

/// A layout, cells labelled and colored by offset.
pub fn layout_view(v: &Value) -> Result<Picture> {
    let (rows, cols, table) = offsets(v)?;
    Ok(Picture {
        title: text::print(v),
        legend: String::new(),
        rows,
        cols,
        cells: table
            .iter()
            .map(|&x| cell(vec![x.to_string()], Some(x)))
            .collect(),
        coloring: Coloring::Offset,
    })
}

fn func_of(v: &Value, what: &str) -> Result<Func> {
    match v {
        Value::Func(f) => Ok(f.clone()),
        Value::Tuple(t) => Ok(Func::Layout(Layout::compact(t)?)),
        other => Err(Error::algebra(format!(
            "{what} must be a layout, found {}",
            other.kind()
        ))),
    }
}

/// (size of mode 0, size of mode 1) of a rank-1 or rank-2 domain; `what` names it in errors.
fn two_modes(l: &Layout, what: &str) -> Result<(i64, i64)> {
    match l.rank() {
        1 => Ok((l.size()?, 1)),
        2 => Ok((l.mode(0)?.size()?, l.mode(1)?.size()?)),
        r => Err(Error::algebra(format!(
            "{what} must have rank 1 or 2, this one has rank {r}: group its modes into two, e.g. ((a,b),c)"
        ))),
    }
}

fn check_cells(n: i64, what: &str) -> Result<()> {
    if n > MAX_CELLS {
        return Err(Error::algebra(format!(
            "{what} has {n} elements, show draws at most {MAX_CELLS}"
        )));
    }
    Ok(())
}

/// One owner per cell, the first to claim it; counts the cells claimed more than once.
struct Owners {
    cells: Vec<Option<(Vec<String>, i64)>>,
    shared: i64,
}

impl Owners {
    fn new(n: i64) -> Owners {
        Owners {
            cells: vec![None; n as usize],
            shared: 0,
        }
    }
    fn claim(&mut self, at: i64, lines: impl FnOnce() -> Vec<String>, key: i64) {
        let c = &mut self.cells[at as usize];
        if c.is_some() {
            self.shared += 1;
        } else {
            *c = Some((lines(), key));
        }
    }
    fn into_cells(self) -> (Vec<Cell>, i64, i64) {
        let empty = self.cells.iter().filter(|c| c.is_none()).count() as i64;
        let cells = self
            .cells
            .into_iter()
            .map(|c| match c {
                Some((lines, key)) => cell(lines, Some(key)),
                None => cell(Vec::new(), None),
            })
            .collect();
        (cells, empty, self.shared)
    }
}

fn coverage(empty: i64, shared: i64) -> String {
    let mut s = String::new();
    if empty > 0 {
        s.push_str(&format!("; {empty} elements held by no thread (white)"));
    }
    if shared > 0 {
        s.push_str(&format!(
            "; {shared} further holders of elements already shown (broadcast)"
        ));
    }
    s
}

/// A thread/value layout over an M x N tile.
pub fn tv_view(tv: &Value, tile: &Value) -> Result<Picture> {
    let f = func_of(tv, "the TV layout")?;
    let (threads, values) = two_modes(f.domain_layout()?, "the TV layout (thread, value)")?;
    let tile_layout = match tile {
        Value::Tuple(t) => Layout::compact(t)?,
        Value::Func(Func::Layout(l)) => Layout::compact(&l.shape)?,
        other => {
            return Err(Error::algebra(format!(
                "the tile must be a shape (M,N), found {}",
                other.kind()
            )))
        }
    };
    let (rows, cols) = two_modes(&tile_layout, "the tile")?;
    let n = rows
        .checked_mul(cols)
        .ok_or_else(|| Error::overflow("tile size"))?;
    check_cells(n, "the tile")?;
    check_cells(
        threads.checked_mul(values).unwrap_or(i64::MAX),
        "the TV layout",
    )?;
    let mut owners = Owners::new(n);
    for v in 0..values {
        for t in 0..threads {
            let i = f.apply(t + v * threads)?;
            if !(0..n).contains(&i) {
                return Err(Error::algebra(format!(
                    "TV({t},{v}) = {i} lies outside the {rows}x{cols} tile (indices 0..{n})"
                )));
            }
            // Element i of the tile is (i mod M, i div M); cells are row-major.
            let at = (i % rows) * cols + i / rows;
            owners.claim(at, || vec![format!("T{t}"), format!("V{v}")], t);
        }
    }
    let (cells, empty, shared) = owners.into_cells();
    Ok(Picture {
        title: format!("{} over a {rows}x{cols} tile", text::print(tv)),
        legend: format!(
            "cell (m,n): the thread T and value V holding tile element m + n*{rows}, colored by thread{}",
            coverage(empty, shared)
        ),
        rows,
        cols,
        cells,
        coloring: Coloring::Thread,
    })
}

/// The linear layout of a value: its text (JSON or `#ttg.linear<...>`), or a CuTe layout
/// converted with `from_cute`'s default names.
pub fn linear_of(v: &Value) -> Result<LinearLayout> {
    match v {
        Value::Json(s) => parse_linear(s),
        Value::Func(f) => {
            let names = layout_algebra::linear::from_cute::default_in_names(f)?;
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            layout_algebra::linear::from_cute::from_cute(f, &refs, "offset")
        }
        other => Err(Error::algebra(format!(
            "the owner map needs a linear layout, found {}",
            other.kind()
        ))),
    }
}

/// The short label of an input dimension (Triton's four; None for other names).
fn short(name: &str) -> Option<&'static str> {
    match name {
        "register" => Some("r"),
        "lane" => Some("l"),
        "warp" => Some("w"),
        "block" => Some("b"),
        _ => None,
    }
}

/// The label of input `name` at value `x`: `r3` for Triton's dimensions, else `name=3`.
fn input_label(name: &str, x: i64) -> String {
    match short(name) {
        Some(s) => format!("{s}{x}"),
        None => format!("{name}={x}"),
    }
}

/// A linear layout's owner map.
pub fn owner_view(v: &Value) -> Result<Picture> {
    let ll = linear_of(v)?;
    let outs = ll.outs();
    let (rows, cols) = match outs.len() {
        1 => (ll.out_size(0), 1),
        2 => (ll.out_size(0), ll.out_size(1)),
        k => {
            return Err(Error::algebra(format!(
                "the owner map draws 1 or 2 output dimensions, this layout has {k}"
            )))
        }
    };
    check_cells(rows * cols, "the output")?;
    let sizes: Vec<i64> = (0..ll.ins().len()).map(|i| ll.in_size(i)).collect();
    let total = sizes
        .iter()
        .try_fold(1i64, |a, &s| a.checked_mul(s))
        .unwrap_or(i64::MAX);
    check_cells(total, "the input")?;
    let names: Vec<&str> = ll.ins().iter().map(|d| d.name.as_str()).collect();
    let mut owners = Owners::new(rows * cols);
    let mut point = vec![0i64; sizes.len()];
    for _ in 0..total {
        let out = ll.unpack(ll.apply_packed(&point));
        let (r, c) = (out[0], out.get(1).copied().unwrap_or(0));
        // The thread: the inputs other than `register`, mixed-radix, first input fastest.
        let (mut thread, mut radix) = (0i64, 1i64);
        for (i, &x) in point.iter().enumerate() {
            if names[i] != "register" {
                thread += x * radix;
                radix *= sizes[i];
            }
        }
        owners.claim(
            r * cols + c,
            || {
                // Inputs of size 1 are always 0: left out (unless all are).
                let shown: Vec<String> = (0..names.len())
                    .filter(|&i| sizes[i] > 1)
                    .map(|i| input_label(names[i], point[i]))
                    .collect();
                if shown.is_empty() {
                    vec![input_label(names[0], 0)]
                } else {
                    shown
                }
            },
            thread,
        );
        // Next input point, first dimension fastest.
        for (i, x) in point.iter_mut().enumerate() {
            *x += 1;
            if *x < sizes[i] {
                break;
            }
            *x = 0;
        }
    }
    let (cells, empty, shared) = owners.into_cells();
    let dims: Vec<String> = names
        .iter()
        .zip(&sizes)
        .map(|(n, s)| match short(n) {
            Some(k) => format!("{k} = {n} ({s})"),
            None => format!("{n} ({s})"),
        })
        .collect();
    let out_names: Vec<String> = outs.iter().map(|o| o.name.clone()).collect();
    Ok(Picture {
        title: format!(
            "owner map: {} -> {}",
            names.join(", "),
            out_names.join(" x ")
        ),
        legend: format!(
            "cell ({}): the inputs holding it, {}; colored by thread{}",
            out_names.join(","),
            dims.join(", "),
            coverage(empty, shared)
        ),
        rows,
        cols,
        cells,
        coloring: Coloring::Thread,
    })
}

/// Which bank each element of a shared-memory layout lands in.
pub fn bank_view(elem: &str, v: &Value) -> Result<Picture> {
    let e = Elem::parse(elem)?;
    let (rows, cols, table) = offsets(v)?;
    let bits = e.bits();
    let mut cells = Vec::with_capacity(table.len());
    for &off in &table {
        let bit = off
            .checked_mul(bits)
            .ok_or_else(|| Error::overflow("bank of an offset"))?;
        let bank = bit.div_euclid(32).rem_euclid(32);
        cells.push(cell(vec![bank.to_string()], Some(bank)));
    }
    // Per row: the most distinct 4-byte words of the row that fall in one bank (the
    // conflict degree of reading the row at once; elements in one word do not conflict).
    let mut most = 0;
    for m in 0..rows {
        let mut words: Vec<i64> = (0..cols)
            .map(|n| table[(m * cols + n) as usize] * bits / 32)
            .collect();
        words.sort_unstable();
        words.dedup();
        let mut count = [0i64; 32];
        for w in words {
            count[w.rem_euclid(32) as usize] += 1;
        }
        most = most.max(count.iter().copied().max().unwrap_or(0));
    }
    Ok(Picture {
        title: format!("{} banks, {}", text::print(v), e.name()),
        legend: format!(
            "cell (m,n): the 4-byte bank (of 32) of element (m,n) at {bits} bits per element; a row puts at most {most} distinct word(s) in one bank"
        ),
        rows,
        cols,
        cells,
        coloring: Coloring::Bank,
    })
}
