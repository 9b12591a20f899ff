//! Where the text of a module can be cut into pieces that MLIR parses on their own.
//!
//! The driver parses a large module on several threads (`cpp/ParallelParse.cpp`): each piece of
//! the text holds whole top-level ops, is parsed into its own block, and the blocks are joined in
//! order. This file finds the cuts without lexing the text (a full scan cost 45 ms on 31 MB, on
//! the critical path): a cut sits after a line that is exactly `}` (in column 0: how MLIR prints,
//! and people write, the end of a top-level op with a region) and before a line that starts, in
//! column 0, with an op name (a letter, `_` or `"` for the generic form).
//!
//! The pieces shrink: the threads take them in order, so the last ones decide how long a thread
//! that is done waits for the others. Piece `k` of `n` gets a share `n - k` of the bytes (of
//! `n (n + 1) / 2`), and the cut for it is the first place at or after its target offset.
//!
//! A piece is then scanned on its own ([`scan_piece`], the pieces on several threads): its lines
//! (the line numbers of the next pieces start after them), the names it puts before a `.`, and
//! whether it may hold something other than ops that every piece would need: an alias definition
//! (a line starting with `#` or `!`) or a resource section (`{-#` anywhere). Any piece that does
//! makes the driver parse the whole text in one piece.
//!
//! A cut is a performance hint, never a meaning: the driver parses the whole text sequentially
//! when any piece reports any diagnostic. A cut inside a region (a nested `}` written in column
//! 0) leaves the piece before it with an unclosed region, which MLIR's parser rejects, so such a
//! cut costs time, not correctness.
//!
//! The pieces are parsed at the same time, and MLIR loads a dialect the first time its parser
//! meets the dialect's name, which is not safe on several threads. [`dotted_prefixes`] lists
//! every identifier that stands before a `.` (`func` in `func.func`, `layout` in
//! `!layout.layout<...>`), a superset of the dialect names the text mentions, so that the driver
//! loads those dialects before the pieces are parsed.

use memchr::memmem;

/// Whether the text must be parsed in one piece: it may define aliases or hold resources.
pub fn keeps_whole(text: &[u8]) -> bool {
    matches!(text.first(), Some(b'#' | b'!'))
        || memmem::find(text, b"\n#").is_some()
        || memmem::find(text, b"\n!").is_some()
        || memmem::find(text, b"{-#").is_some()
}

/// The first cut at or after `from`: the offset just after a line `}`, where the next line
/// starts with an op name.
pub fn cut_after(text: &[u8], from: usize) -> Option<usize> {
    let base = from.saturating_sub(3);
    memmem::find_iter(text.get(base..)?, b"\n}\n")
        .map(|at| base + at + 3)
        .filter(|&cut| cut >= from)
        .find(|&cut| matches!(text.get(cut), Some(b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'"')))
}

/// The offset piece `k` of `parts` should start at: the pieces' shares of the `len` bytes are
/// `parts, parts - 1, ..., 1` (of `parts (parts + 1) / 2`), largest first.
pub fn shrinking_target(len: usize, parts: usize, k: usize) -> usize {
    let (n, k) = (parts as u128, k.min(parts) as u128);
    // Shares before piece k: n + (n - 1) + ... + (n - k + 1).
    let before = k * n - k * k.saturating_sub(1) / 2;
    (len as u128 * before / (n * (n + 1) / 2)) as usize
}

/// At most `parts - 1` cuts of `text`, increasing: for k = 1..parts, the first cut at or after
/// [`shrinking_target`]`(len, parts, k)` (and after the cut before it).
pub fn shrinking_cuts(text: &[u8], parts: usize) -> Vec<usize> {
    let mut chosen: Vec<usize> = Vec::new();
    for k in 1..parts {
        let target = shrinking_target(text.len(), parts, k);
        let from = target.max(chosen.last().map_or(0, |&c| c + 1));
        match cut_after(text, from) {
            Some(c) => chosen.push(c),
            None => break,
        }
    }
    chosen
}

/// What [`scan_piece`] finds in one piece.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceScan {
    /// The piece's newlines.
    pub lines: usize,
    /// The piece may define aliases or hold resources ([`keeps_whole`]).
    pub keeps_whole: bool,
}

/// The lines of `piece`, whether it [`keeps_whole`], and its [`dotted_prefixes`]. A piece
/// starts a line, so a `\n#` across two pieces is a piece starting with `#`, which
/// [`keeps_whole`] sees.
pub fn scan_piece(piece: &[u8]) -> (PieceScan, Vec<&[u8]>) {
    let scan = PieceScan {
        lines: memchr::memchr_iter(b'\n', piece).count(),
        keeps_whole: keeps_whole(piece),
    };
    (scan, dotted_prefixes(piece))
}

/// Every distinct identifier (`[A-Za-z_][A-Za-z0-9_$]*`, not preceded by an identifier byte
/// or a `.`) that is followed by a `.`, in order of first appearance.
pub fn dotted_prefixes(text: &[u8]) -> Vec<&[u8]> {
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    let mut last: &[u8] = &[];
    for dot in memchr::memchr_iter(b'.', text) {
        let mut start = dot;
        while start > 0 && ident(text[start - 1]) {
            start -= 1;
        }
        let name = &text[start..dot];
        let starts = name
            .first()
            .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_');
        let preceded = start > 0 && text[start - 1] == b'.';
        if !starts || preceded || name == last {
            continue;
        }
        last = name;
        if seen.insert(name) {
            found.push(name);
        }
    }
    found
}

/// C entry point for the driver: [`scan_piece`] of the `len` bytes at `text`, calling
/// `each(context, name, len)` for every identifier of its [`dotted_prefixes`].
///
/// # Safety
/// `text` points to `len` readable bytes; `each` is safe to call with `context`.
#[no_mangle]
pub unsafe extern "C" fn layout_opt_scan_piece(
    text: *const u8,
    len: usize,
    each: extern "C" fn(*mut std::ffi::c_void, *const u8, usize),
    context: *mut std::ffi::c_void,
) -> PieceScan {
    if text.is_null() {
        return PieceScan {
            lines: 0,
            keeps_whole: false,
        };
    }
    let (scan, names) = scan_piece(std::slice::from_raw_parts(text, len));
    for name in names {
        each(context, name.as_ptr(), name.len());
    }
    scan
}

/// C entry point for the driver: writes at most `parts - 1` cut offsets of the `len` bytes at
/// `text` ([`shrinking_cuts`]) into `out` (room for `parts - 1`) and returns how many it wrote.
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
    let cuts = shrinking_cuts(text, parts);
    let out = std::slice::from_raw_parts_mut(out, parts - 1);
    out[..cuts.len()].copy_from_slice(&cuts);
    cuts.len()
}

/// C entry point for the driver: whether the `len` bytes at `text` contain the `needle_len`
/// bytes at `needle` (a vectorized search: the driver asks it of the whole input).
///
/// # Safety
/// `text` points to `len` readable bytes and `needle` to `needle_len`.
#[no_mangle]
pub unsafe extern "C" fn layout_opt_contains(
    text: *const u8,
    len: usize,
    needle: *const u8,
    needle_len: usize,
) -> bool {
    if text.is_null() || needle.is_null() {
        return false;
    }
    let text = std::slice::from_raw_parts(text, len);
    memmem::find(text, std::slice::from_raw_parts(needle, needle_len)).is_some()
}
