//! `layout show --svg`: a [`Picture`] as a standalone SVG 1.1 document. Every cell is a
//! `<rect class="cell">` (with `data-row`/`data-col`) filled with its palette color and a
//! `<text class="label">` with one `<tspan>` per label line; column indices above, row
//! indices to the left, the title and legend on top. Sizes are in px, the font monospace.

use std::fmt::Write;

use crate::picture::Picture;

/// Width of one character of the label font, and the line height (px).
const CHAR_W: i64 = 8;
const LINE_H: i64 = 15;

/// Escape text for XML character data and attribute values.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The geometry of a picture: cell size and the offset of cell (0, 0).
pub struct Geometry {
    pub cell_w: i64,
    pub cell_h: i64,
    pub left: i64,
    pub top: i64,
    pub width: i64,
    pub height: i64,
}

pub fn geometry(p: &Picture) -> Geometry {
    let label_chars = p.max_label_chars().max((p.cols - 1).to_string().len()) as i64;
    let lines = p.max_lines() as i64;
    let cell_w = (label_chars * CHAR_W + 12).max(32);
    let cell_h = (lines * LINE_H + 10).max(28);
    let left = ((p.rows - 1).to_string().len() as i64) * CHAR_W + 20;
    let top = 3 * LINE_H + 14;
    let text_w = (p.title.chars().count().max(p.legend.chars().count()) as i64) * CHAR_W + 20;
    let width = (left + p.cols * cell_w + 10).max(text_w);
    let height = top + p.rows * cell_h + 10;
    Geometry {
        cell_w,
        cell_h,
        left,
        top,
        width,
        height,
    }
}

/// The SVG document.
pub fn svg(p: &Picture) -> String {
    let g = geometry(p);
    let mut s = String::new();
    writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#).unwrap();
    writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans Mono, monospace" font-size="13">"#,
        w = g.width,
        h = g.height
    )
    .unwrap();
    writeln!(s, "<title>{}</title>", xml_escape(&p.title)).unwrap();
    writeln!(
        s,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
        g.width, g.height
    )
    .unwrap();
    writeln!(
        s,
        r#"<text class="title" x="10" y="{}" font-weight="bold">{}</text>"#,
        LINE_H + 2,
        xml_escape(&p.title)
    )
    .unwrap();
    if !p.legend.is_empty() {
        writeln!(
            s,
            r#"<text class="legend" x="10" y="{}" font-size="11">{}</text>"#,
            2 * LINE_H + 2,
            xml_escape(&p.legend)
        )
        .unwrap();
    }
    for n in 0..p.cols {
        writeln!(
            s,
            r##"<text class="col-index" x="{}" y="{}" text-anchor="middle" fill="#555555">{n}</text>"##,
            g.left + n * g.cell_w + g.cell_w / 2,
            g.top - 6
        )
        .unwrap();
    }
    for m in 0..p.rows {
        writeln!(
            s,
            r##"<text class="row-index" x="{}" y="{}" text-anchor="end" dominant-baseline="central" fill="#555555">{m}</text>"##,
            g.left - 6,
            g.top + m * g.cell_h + g.cell_h / 2
        )
        .unwrap();
    }
    for m in 0..p.rows {
        for n in 0..p.cols {
            let c = p.cell(m, n);
            let (r, gr, b) = p.coloring.fill(c.key);
            let (x, y) = (g.left + n * g.cell_w, g.top + m * g.cell_h);
            writeln!(
                s,
                r##"<rect class="cell" data-row="{m}" data-col="{n}" x="{x}" y="{y}" width="{}" height="{}" fill="#{r:02x}{gr:02x}{b:02x}" stroke="#000000" stroke-width="1"/>"##,
                g.cell_w, g.cell_h
            )
            .unwrap();
            if c.lines.is_empty() {
                continue;
            }
            let ink = if p.coloring.dark(c.key) {
                "#ffffff"
            } else {
                "#000000"
            };
            let cx = x + g.cell_w / 2;
            let first = y + g.cell_h / 2 - (c.lines.len() as i64 - 1) * LINE_H / 2;
            write!(
                s,
                r#"<text class="label" x="{cx}" y="{first}" text-anchor="middle" dominant-baseline="central" fill="{ink}">"#
            )
            .unwrap();
            for (k, line) in c.lines.iter().enumerate() {
                write!(
                    s,
                    r#"<tspan x="{cx}" y="{}">{}</tspan>"#,
                    first + k as i64 * LINE_H,
                    xml_escape(line)
                )
                .unwrap();
            }
            s.push_str("</text>\n");
        }
    }
    s.push_str("</svg>\n");
    s
}
