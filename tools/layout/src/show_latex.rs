//! `layout show --latex`: a [`Picture`] as a standalone LaTeX document drawing it with TikZ,
//! in the manner of CuTe's `print_latex`: one node per cell at (column, -row), filled with
//! its palette color as an `{rgb,255:...}` color and outlined, the labels as lines of the
//! node (`\\`), column indices above and row indices to the left. Compile
//! it with `pdflatex` (packages `standalone`, `tikz`).

use std::fmt::Write;

use crate::picture::Picture;

/// Escape text for LaTeX (text mode, inside `\texttt`).
pub fn tex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '#' | '$' | '%' | '&' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The LaTeX document.
pub fn latex(p: &Picture) -> String {
    let lines = p.max_lines();
    let chars = p.max_label_chars().max(2);
    // Cell size in cm: wide enough for the longest label line at \scriptsize.
    let w = (0.2 * chars as f64 + 0.3).max(0.8);
    let h = (0.4 * lines as f64 + 0.2).max(0.8);
    let mut s = String::new();
    s.push_str("\\documentclass[border=4pt]{standalone}\n\\usepackage{tikz}\n\\begin{document}\n");
    writeln!(
        s,
        "\\begin{{tikzpicture}}[x={{({w:.2}cm,0cm)}},y={{(0cm,{h:.2}cm)}},cell/.style={{rectangle,minimum width={w:.2}cm,minimum height={h:.2}cm,inner sep=0pt,outer sep=0pt,align=center,font=\\ttfamily\\scriptsize}}]"
    )
    .unwrap();
    writeln!(
        s,
        "% {} x {} cells; cell (m,n) is the node at (n,-m)",
        p.rows, p.cols
    )
    .unwrap();
    writeln!(
        s,
        "\\node[anchor=south west,font=\\ttfamily\\small] at (-1.5,2.3) {{{}}};",
        tex_escape(&p.title)
    )
    .unwrap();
    if !p.legend.is_empty() {
        writeln!(
            s,
            "\\node[anchor=south west,font=\\scriptsize] at (-1.5,1.6) {{{}}};",
            tex_escape(&p.legend)
        )
        .unwrap();
    }
    for m in 0..p.rows {
        for n in 0..p.cols {
            let c = p.cell(m, n);
            let (r, g, b) = p.coloring.fill(c.key);
            let ink = if p.coloring.dark(c.key) {
                ",text=white"
            } else {
                ""
            };
            let label: Vec<String> = c.lines.iter().map(|l| tex_escape(l)).collect();
            writeln!(
                s,
                "\\node[cell,draw=black,fill={{rgb,255:red,{r};green,{g};blue,{b}}}{ink}] at ({n},-{m}) {{{}}};",
                label.join("\\\\")
            )
            .unwrap();
        }
    }
    for n in 0..p.cols {
        writeln!(s, "\\node[cell,text=gray] at ({n},1) {{{n}}};").unwrap();
    }
    for m in 0..p.rows {
        writeln!(s, "\\node[cell,text=gray] at (-1,-{m}) {{{m}}};").unwrap();
    }
    s.push_str("\\end{tikzpicture}\n\\end{document}\n");
    s
}
