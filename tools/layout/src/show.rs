//! `layout show`: a layout as a 2-D table in the style of CuTe's `print_layout`.
//! Rows are mode 0, columns mode 1; a rank-1 layout is a single column. The pictures
//! (`--svg`, `--latex`, `--tv`, `--owners`, `--banks`) are in `picture.rs` and `show_*.rs`.

use std::fmt::Write;

use layout_algebra::{text, Error, Func, IntTuple, Layout, Tree, Value};

/// Largest table `show` prints.
pub const MAX_CELLS: i64 = 1 << 16;

/// The layout text, then the table.
pub fn show(v: &Value) -> Result<String, Error> {
    let (rows, cols, table) = offsets(v)?;
    let cells: Vec<String> = table.iter().map(i64::to_string).collect();
    Ok(render(&text::print(v), rows, cols, &cells))
}

/// The rows x cols table of offsets (row-major) of a rank-1 or rank-2 layout, swizzled or
/// composed layout, or shape (its compact layout); at most [`MAX_CELLS`] cells.
pub fn offsets(v: &Value) -> Result<(i64, i64, Vec<i64>), Error> {
    let func = match v {
        Value::Func(f) => f.clone(),
        // An integer tuple alone is the compact (column-major) layout of that shape.
        Value::Tuple(t) => Func::Layout(Layout::compact(t)?),
        other => {
            return Err(Error::algebra(format!(
                "show needs a layout, found {}",
                other.kind()
            )))
        }
    };
    let dom = func.domain_layout()?;
    let (rows, cols) = match dom.rank() {
        1 => (dom.size()?, 1),
        2 => (dom.mode(0)?.size()?, dom.mode(1)?.size()?),
        0 => {
            return Err(Error::algebra(
                "show prints rank-1 and rank-2 layouts, this one has rank 0",
            ))
        }
        r => {
            return Err(Error::algebra(format!(
                "show prints rank-1 and rank-2 layouts, this one has rank {r}: group its modes into two, e.g. ((a,b),c)"
            )))
        }
    };
    let cells = rows.checked_mul(cols).unwrap_or(i64::MAX);
    if cells > MAX_CELLS {
        return Err(Error::algebra(format!(
            "the table has {cells} cells, show prints at most {MAX_CELLS}"
        )));
    }
    let plain = func.as_layout();
    let mut table = Vec::with_capacity(cells as usize);
    for m in 0..rows {
        for n in 0..cols {
            let x = match plain {
                Some(l) if dom.rank() == 2 => {
                    l.eval_crd(&Tree::Node(vec![IntTuple::lit(m), IntTuple::lit(n)]))?
                }
                Some(l) => l.eval_crd(&IntTuple::lit(m))?,
                None => func.apply(m + n * rows)?,
            };
            table.push(x);
        }
    }
    Ok((rows, cols, table))
}

fn width(x: i64) -> usize {
    x.to_string().len()
}

/// Render a rows x cols table (row-major `cells`) under the heading `title`.
pub fn render(title: &str, rows: i64, cols: i64, cells: &[String]) -> String {
    let w = cells
        .iter()
        .map(|x| x.chars().count())
        .chain(std::iter::once(width(cols - 1)))
        .max()
        .unwrap_or(1);
    let rw = width(rows - 1).max(2);
    let pad = " ".repeat(rw + 2);
    let mut border = pad.clone();
    for _ in 0..cols {
        border.push('+');
        border.push_str(&"-".repeat(w + 2));
    }
    border.push_str("+\n");

    let mut out = String::new();
    out.push_str(title);
    out.push('\n');
    out.push_str(&pad);
    for n in 0..cols {
        write!(out, "  {n:>w$} ").unwrap();
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    for m in 0..rows {
        out.push_str(&border);
        write!(out, "{m:>rw$}  ").unwrap();
        for n in 0..cols {
            write!(out, "| {:>w$} ", cells[(m * cols + n) as usize]).unwrap();
        }
        out.push_str("|\n");
    }
    out.push_str(&border);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_major_two_by_three() {
        let v = text::parse("(2,3):(3,1)").unwrap();
        let expect = "\
(2,3):(3,1)
      0   1   2
    +---+---+---+
 0  | 0 | 1 | 2 |
    +---+---+---+
 1  | 3 | 4 | 5 |
    +---+---+---+
";
        assert_eq!(show(&v).unwrap(), expect);
    }

    #[test]
    fn rank_three_is_refused() {
        let v = text::parse("(2,2,2):(1,2,4)").unwrap();
        assert!(show(&v)
            .unwrap_err()
            .to_string()
            .contains("rank 3: group its modes"));
        let v = text::parse("():()").unwrap();
        assert_eq!(
            show(&v).unwrap_err().to_string(),
            "show prints rank-1 and rank-2 layouts, this one has rank 0"
        );
    }

    #[test]
    fn negative_strides_widen_cells() {
        let v = text::parse("(2,2):(-1,-10)").unwrap();
        let expect = "\
(2,2):(-1,-10)
        0     1
    +-----+-----+
 0  |   0 | -10 |
    +-----+-----+
 1  |  -1 | -11 |
    +-----+-----+
";
        assert_eq!(show(&v).unwrap(), expect);
    }

    #[test]
    fn row_labels_widen_past_100_rows() {
        let v = text::parse("101:1").unwrap();
        let t = show(&v).unwrap();
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[1], "         0");
        assert_eq!(lines[2], "     +-----+");
        assert_eq!(lines[3], "  0  |   0 |");
        assert_eq!(lines[201], " 99  |  99 |");
        assert_eq!(lines[203], "100  | 100 |");
        assert_eq!(lines[204], "     +-----+");
        assert_eq!(lines.len(), 205);
    }
}
