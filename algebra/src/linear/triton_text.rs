//! Triton's text form of a distributed linear layout:
//! `#ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 2]], warp = [], block = []}>`.
//!
//! The out dimensions are `dim0, dim1, ...` (minor to major), one per basis component, with
//! sizes inferred as Triton does (the smallest power of two above every component). The
//! shared-memory form `#ttg.shared_linear<{offset = [...], block = []}, alignment = 16>` and a
//! bare `{...}` are read too; printing always gives the `#ttg.linear<{...}>` form.

use super::json::{int_vecs, parse_json_at_counted};
use super::layout::LinearLayout;
use crate::error::{Error, Result};

/// Read the text form.
pub fn parse_triton_text(src: &str) -> Result<LinearLayout> {
    let b = src.as_bytes();
    let mut i = skip_ws(b, 0);
    let mut close_angle = false;
    for prefix in ["#ttg.linear<", "#ttg.shared_linear<", "#triton_gpu.linear<"] {
        if src[i..].starts_with(prefix) {
            i += prefix.len();
            close_angle = true;
            break;
        }
    }
    if !close_angle && src[i..].starts_with('#') {
        return Err(Error::parse(
            i,
            "expected '#ttg.linear<', '#ttg.shared_linear<' or '{'",
        ));
    }
    i = skip_ws(b, i);
    if b.get(i) != Some(&b'{') {
        return Err(Error::parse(i, "expected '{'"));
    }
    i += 1;
    let mut ins: Vec<(String, Vec<Vec<i64>>)> = Vec::new();
    let mut names = std::collections::HashSet::new();
    let mut json_values = 0usize;
    let mut rank: Option<usize> = None;
    loop {
        i = skip_ws(b, i);
        if b.get(i) == Some(&b'}') && ins.is_empty() {
            i += 1;
            break;
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        if start == i {
            return Err(Error::parse(i, "expected an in-dimension name"));
        }
        let name = src[start..i].to_string();
        if !names.insert(name.clone()) {
            return Err(Error::parse(
                start,
                format!("in dimension '{name}' appears twice"),
            ));
        }
        i = skip_ws(b, i);
        if b.get(i) != Some(&b'=') {
            return Err(Error::parse(i, format!("expected '=' after '{name}'")));
        }
        i = skip_ws(b, i + 1);
        let at = i;
        let (v, next) = parse_json_at_counted(src, i, &mut json_values)?;
        i = next;
        let bases = int_vecs(&v, &format!("the bases of '{name}'")).map_err(|e| match e {
            Error::Algebra(m) => Error::parse(at, m),
            e => e,
        })?;
        for (k, bv) in bases.iter().enumerate() {
            match rank {
                None => rank = Some(bv.len()),
                Some(r) if r != bv.len() => {
                    return Err(Error::parse(
                        at,
                        format!(
                            "basis {k} of '{name}' has {} components, earlier bases have {r}",
                            bv.len()
                        ),
                    ))
                }
                _ => {}
            }
        }
        ins.push((name, bases));
        i = skip_ws(b, i);
        match b.get(i) {
            Some(b',') => i += 1,
            Some(b'}') => {
                i += 1;
                break;
            }
            _ => return Err(Error::parse(i, "expected ',' or '}'")),
        }
    }
    i = skip_ws(b, i);
    if close_angle {
        // `, alignment = N` of the shared form.
        if b.get(i) == Some(&b',') {
            i = skip_ws(b, i + 1);
            let kw = "alignment";
            if !src[i..].starts_with(kw) {
                return Err(Error::parse(i, "expected 'alignment = N' or '>'"));
            }
            i = skip_ws(b, i + kw.len());
            if b.get(i) != Some(&b'=') {
                return Err(Error::parse(i, "expected '='"));
            }
            i = skip_ws(b, i + 1);
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if s == i {
                return Err(Error::parse(i, "expected an integer alignment"));
            }
            i = skip_ws(b, i);
        }
        if b.get(i) != Some(&b'>') {
            return Err(Error::parse(i, "expected '>'"));
        }
        i = skip_ws(b, i + 1);
    }
    if i != b.len() {
        return Err(Error::parse(i, "unexpected text after the linear layout"));
    }
    let names = (0..rank.unwrap_or(0)).map(|d| format!("dim{d}")).collect();
    LinearLayout::with_inferred_sizes(ins, names)
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// Write the text form. The out dimensions must be `dim0, dim1, ...` with the sizes the text
/// form implies (inferred from the bases); otherwise the text would denote another layout.
pub fn print_triton_text(l: &LinearLayout) -> Result<String> {
    for (j, d) in l.outs().iter().enumerate() {
        if d.name != format!("dim{j}") {
            return Err(Error::algebra(format!(
                "to_triton_text: out dimension {j} is named '{}'; Triton's text form names them dim0, dim1, ...",
                d.name
            )));
        }
    }
    let mut s = String::from("#ttg.linear<{");
    for (i, d) in l.ins().iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&d.name);
        s.push_str(" = [");
        for (k, &v) in d.bases.iter().enumerate() {
            if k > 0 {
                s.push_str(", ");
            }
            let comps: Vec<String> = l.unpack(v).iter().map(|c| c.to_string()).collect();
            s.push('[');
            s.push_str(&comps.join(", "));
            s.push(']');
        }
        s.push(']');
    }
    s.push_str("}>");
    let back = parse_triton_text(&s)?;
    if back.outs() != l.outs() {
        return Err(Error::algebra(format!(
            "to_triton_text: the text form infers out sizes [{}] from the bases, but the layout has [{}]",
            sizes(&back),
            sizes(l)
        )));
    }
    Ok(s)
}

fn sizes(l: &LinearLayout) -> String {
    (0..l.outs().len())
        .map(|j| l.out_size(j).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
