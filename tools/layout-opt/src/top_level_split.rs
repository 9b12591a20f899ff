//! Where the text of a module can be cut into pieces that MLIR parses on their own.
//!
//! The driver parses a large module on several threads (`cpp/ParallelParse.cpp`): each piece of
//! the text holds whole top-level ops, is parsed into its own block, and the blocks are joined in
//! order. This file only finds the cuts; it knows just enough of MLIR's lexical syntax to see
//! the nesting depth:
//!
//! - depth counts `{` `(` `[` minus `}` `)` `]`, outside string literals (`"..."` with `\`
//!   escapes, which never span lines) and outside `//` comments;
//! - a cut may sit at the start of line `L` when the depth there is 0, the last significant byte
//!   before `L` is a `}` that brought the depth back to 0 (a region or dictionary closed the op
//!   before), and `L` begins in column 0 with an op name: a letter, `_` or `"` (generic form).
//!
//! The text is not cut at all (the answer is empty) when at depth 0 it holds something other
//! than ops that every piece would need: an alias definition (a line starting with `#` or `!`)
//! or a resource section (`{-#`). A closing bracket without an opening one also means no cut.
//!
//! The pieces are parsed at the same time, and MLIR loads a dialect the first time its parser
//! meets the dialect's name, which is not safe on several threads. [`dotted_prefixes`] lists
//! every identifier that stands before a `.` (`func` in `func.func`, `layout` in
//! `!layout.layout<...>`), a superset of the dialect names the text mentions, so that the driver
//! loads those dialects before the pieces are parsed.
//!
//! A cut is a performance hint, never a meaning: the driver parses the whole text sequentially
//! when any piece reports any diagnostic, so a cut in a wrong place costs time, not correctness.
//! Among the admissible cuts, the `parts - 1` nearest to `k * len / parts` are chosen, in
//! increasing order and without repeats.

/// The admissible cut offsets of `text` (line starts; see the module doc), or `None` when the
/// text must be parsed in one piece.
pub fn admissible_cuts(text: &[u8]) -> Option<Vec<usize>> {
    let mut cuts = Vec::new();
    let mut depth: usize = 0;
    // Whether the last significant byte was a `}` that closed to depth 0.
    let mut closed_at_top = false;
    let mut i = 0;
    let mut line_start = true;
    while i < text.len() {
        let c = text[i];
        if line_start && depth == 0 {
            match c {
                b'#' | b'!' => return None,
                b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'"' if closed_at_top && i > 0 => cuts.push(i),
                _ => {}
            }
        }
        line_start = false;
        match c {
            b'\n' => line_start = true,
            b'"' => {
                closed_at_top = false;
                i += 1;
                while i < text.len() && text[i] != b'"' && text[i] != b'\n' {
                    i += if text[i] == b'\\' { 2 } else { 1 };
                }
                if i < text.len() && text[i] == b'\n' {
                    continue;
                }
            }
            b'/' if text.get(i + 1) == Some(&b'/') => {
                while i < text.len() && text[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'{' if text.get(i + 1) == Some(&b'-') && text.get(i + 2) == Some(&b'#') => {
                return None;
            }
            b'{' | b'(' | b'[' => {
                depth += 1;
                closed_at_top = false;
            }
            b'}' | b')' | b']' => {
                depth = depth.checked_sub(1)?;
                closed_at_top = c == b'}' && depth == 0;
            }
            b' ' | b'\t' | b'\r' => {}
            _ => closed_at_top = false,
        }
        i += 1;
    }
    Some(cuts)
}

/// At most `parts - 1` cuts of `text`, increasing, each the admissible cut nearest to
/// `k * len / parts` for k = 1..parts; empty when the text must stay whole.
pub fn balanced_cuts(text: &[u8], parts: usize) -> Vec<usize> {
    let Some(cuts) = admissible_cuts(text) else {
        return Vec::new();
    };
    let mut chosen: Vec<usize> = Vec::new();
    if cuts.is_empty() || parts < 2 {
        return chosen;
    }
    for k in 1..parts {
        let target = (text.len() as u128 * k as u128 / parts as u128) as usize;
        let at = cuts.partition_point(|&c| c < target);
        let nearest = [at.checked_sub(1), Some(at)]
            .into_iter()
            .flatten()
            .filter_map(|j| cuts.get(j).copied())
            .min_by_key(|&c| c.abs_diff(target));
        if let Some(c) = nearest {
            if chosen.last().is_none_or(|&last| c > last) {
                chosen.push(c);
            }
        }
    }
    chosen
}

/// Every distinct identifier (`[A-Za-z_][A-Za-z0-9_$]*`, not preceded by an identifier byte
/// or a `.`) that is followed by a `.`, in order of first appearance.
pub fn dotted_prefixes(text: &[u8]) -> Vec<&[u8]> {
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        let starts = (c.is_ascii_alphabetic() || c == b'_')
            && (i == 0 || !(ident(text[i - 1]) || text[i - 1] == b'.'));
        if !starts {
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && ident(text[i]) {
            i += 1;
        }
        if text.get(i) == Some(&b'.') && seen.insert(&text[start..i]) {
            found.push(&text[start..i]);
        }
    }
    found
}

/// C entry point for the driver: calls `each(context, name, len)` for every identifier of
/// [`dotted_prefixes`] of the `len` bytes at `text`.
///
/// # Safety
/// `text` points to `len` readable bytes; `each` is safe to call with `context`.
#[no_mangle]
pub unsafe extern "C" fn layout_opt_dotted_prefixes(
    text: *const u8,
    len: usize,
    each: extern "C" fn(*mut std::ffi::c_void, *const u8, usize),
    context: *mut std::ffi::c_void,
) {
    if text.is_null() {
        return;
    }
    for name in dotted_prefixes(std::slice::from_raw_parts(text, len)) {
        each(context, name.as_ptr(), name.len());
    }
}

/// C entry point for the driver: writes at most `parts - 1` cut offsets of the `len` bytes at
/// `text` into `out` (room for `parts - 1`) and returns how many it wrote (0: parse whole).
///
/// # Safety
/// `text` points to `len` readable bytes and `out` to `parts - 1` writable `usize`s.
#[no_mangle]
pub unsafe extern "C" fn layout_opt_top_level_cuts(
    text: *const u8,
    len: usize,
    parts: usize,
    out: *mut usize,
) -> usize {
    if text.is_null() || out.is_null() || parts < 2 {
        return 0;
    }
    let text = std::slice::from_raw_parts(text, len);
    let cuts = balanced_cuts(text, parts);
    let out = std::slice::from_raw_parts_mut(out, parts - 1);
    out[..cuts.len()].copy_from_slice(&cuts);
    cuts.len()
}
