//! A picture of a layout: a rows x columns grid of labelled, colored cells under a title,
//! the one model that the text table, the SVG (`show_svg.rs`) and the LaTeX/TikZ
//! (`show_latex.rs`) renderers draw. The views that fill it are in `show_views.rs`.
//!
//! A cell's color is a palette entry chosen by its key, as in CuTe's `print_latex`: a plain
//! layout's cells by offset (8 grays, offset mod 8), a thread/value or owner picture by thread
//! (8 pastel hues, thread mod 8), a bank picture by bank (32 hues). A cell without a key (a
//! tile element no thread holds) is white.

/// How keys become colors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coloring {
    Offset,
    Thread,
    Bank,
}

/// One cell: its label lines (top to bottom) and its color key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub lines: Vec<String>,
    pub key: Option<i64>,
}

/// The grid; `cells` is row-major, `rows * cols` long.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub title: String,
    /// One line under the title: what the labels and colors mean.
    pub legend: String,
    pub rows: i64,
    pub cols: i64,
    pub cells: Vec<Cell>,
    pub coloring: Coloring,
}

/// sRGB.
pub type Rgb = (u8, u8, u8);

pub const WHITE: Rgb = (255, 255, 255);

/// Eight grays from white to a mid gray, in an order where neighbours differ.
const GRAYS: [Rgb; 8] = [
    (255, 255, 255),
    (153, 153, 153),
    (204, 204, 204),
    (102, 102, 102),
    (230, 230, 230),
    (128, 128, 128),
    (179, 179, 179),
    (77, 77, 77),
];

/// Eight pastel hues (the thread palette of CuTe's TV pictures).
const PASTELS: [Rgb; 8] = [
    (175, 175, 255),
    (175, 255, 175),
    (255, 255, 175),
    (255, 175, 175),
    (210, 210, 255),
    (210, 255, 210),
    (255, 255, 210),
    (255, 210, 210),
];

impl Coloring {
    /// The fill of a cell with `key`.
    pub fn fill(self, key: Option<i64>) -> Rgb {
        let Some(k) = key else { return WHITE };
        match self {
            Coloring::Offset => GRAYS[k.rem_euclid(8) as usize],
            Coloring::Thread => PASTELS[k.rem_euclid(8) as usize],
            Coloring::Bank => hue(k.rem_euclid(32) as f64 / 32.0),
        }
    }

    /// Whether labels on this fill read better in white.
    pub fn dark(self, key: Option<i64>) -> bool {
        let (r, g, b) = self.fill(key);
        (r as u32 * 299 + g as u32 * 587 + b as u32 * 114) < 110_000
    }
}

/// A light color of hue `h` in [0, 1) (HSV with s = 0.45, v = 1).
fn hue(h: f64) -> Rgb {
    let (s, v) = (0.45, 1.0);
    let i = (h * 6.0).floor();
    let f = h * 6.0 - i;
    let (p, q, t) = (v * (1.0 - s), v * (1.0 - s * f), v * (1.0 - s * (1.0 - f)));
    let (r, g, b) = match i as i64 % 6 {
        0 => (v, t, p),
        1 => (q, v, p),
        2 => (p, v, t),
        3 => (p, q, v),
        4 => (t, p, v),
        _ => (v, p, q),
    };
    let c = |x: f64| (x * 255.0).round() as u8;
    (c(r), c(g), c(b))
}

impl Picture {
    pub fn cell(&self, row: i64, col: i64) -> &Cell {
        &self.cells[(row * self.cols + col) as usize]
    }

    /// The most label lines of a cell (at least 1).
    pub fn max_lines(&self) -> usize {
        self.cells
            .iter()
            .map(|c| c.lines.len())
            .max()
            .unwrap_or(1)
            .max(1)
    }

    /// The longest label line, in characters (at least 1).
    pub fn max_label_chars(&self) -> usize {
        self.cells
            .iter()
            .flat_map(|c| c.lines.iter().map(|l| l.chars().count()))
            .max()
            .unwrap_or(1)
            .max(1)
    }

    /// The text table (`layout show`'s format), labels joined by spaces, legend first.
    pub fn text(&self) -> String {
        let cells: Vec<String> = self.cells.iter().map(|c| c.lines.join(" ")).collect();
        let title = if self.legend.is_empty() {
            self.title.clone()
        } else {
            format!("{}\n{}", self.title, self.legend)
        };
        crate::show::render(&title, self.rows, self.cols, &cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palettes() {
        assert_eq!(Coloring::Offset.fill(Some(0)), WHITE);
        assert_eq!(Coloring::Offset.fill(Some(9)), GRAYS[1]);
        assert_eq!(Coloring::Thread.fill(Some(-1)), PASTELS[7]);
        assert_eq!(Coloring::Thread.fill(None), WHITE);
        // 32 distinct bank colors.
        let mut banks: Vec<Rgb> = (0..32).map(|b| Coloring::Bank.fill(Some(b))).collect();
        banks.sort();
        banks.dedup();
        assert_eq!(banks.len(), 32);
        assert!(Coloring::Offset.dark(Some(7)));
        assert!(!Coloring::Offset.dark(Some(0)));
    }
}
