//! Oracles of the kernel target that read the input and the lowering's diagnostics:
//! which errors are precise (they name a layout op, or an op the input itself wrote), and
//! whether a kernel that lowered runs fewer threads than its register layouts span.

/// The messages of the `error:` diagnostics in `stderr`.
pub fn errors(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|l| l.split_once("error: ").map(|(_, m)| m.to_string()))
        .collect()
}

/// The op an error names at its start (`'layout.mma' op ...`), if any.
pub fn named_op(msg: &str) -> Option<&str> {
    let rest = msg.strip_prefix('\'')?;
    let (op, tail) = rest.split_once('\'')?;
    tail.starts_with(" op").then_some(op)
}

/// An error that says what is wrong with the input: the diagnostic of an op that the input
/// wrote itself (a layout op's own check, an `nvvm.*` op on the wrong chip), not a
/// conversion's generic "failed to legalize", nor one of an op that the lowering made
/// (`llvm.*`, or an internal layout op such as the `layout.crd2idx` of a lowered slice).
pub fn is_precise(msg: &str, input: &str) -> bool {
    if msg.contains("failed to legalize") {
        return false;
    }
    match named_op(msg) {
        Some(op) => input.contains(&format!("{op} ")) || input.contains(&format!("\"{op}\"")),
        None => false,
    }
}

/// `#name = #layout.linear<{...}>` aliases and the number of their warp bases.
fn linear_aliases(text: &str) -> Vec<(String, usize)> {
    text.lines()
        .filter_map(|l| {
            let (name, rest) = l.split_once(" = #layout.linear<")?;
            let name = name.trim();
            if !name.starts_with('#') {
                return None;
            }
            Some((name.to_string(), warp_bases(rest)?))
        })
        .collect()
}

/// The number of bases of `warp = [...]` in the text of a linear layout.
pub fn warp_bases(body: &str) -> Option<usize> {
    let at = body.find("warp = [")? + "warp = [".len();
    let mut depth = 1;
    let mut n = 0;
    for c in body[at..].chars() {
        match c {
            '[' => {
                depth += 1;
                if depth == 2 {
                    n += 1;
                }
            }
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(n);
                }
            }
            _ => {}
        }
    }
    None
}

/// The `array<i32: x, y, z>` after `known_block_size = ` in `s`, as its product.
fn block_threads(s: &str) -> Option<i64> {
    let at = s.find("known_block_size = array<i32:")? + "known_block_size = array<i32:".len();
    let end = s[at..].find('>')? + at;
    s[at..end]
        .split(',')
        .map(|x| x.trim().parse::<i64>().ok())
        .try_fold(1i64, |p, x| Some(p.saturating_mul(x?)))
}

/// A kernel (`gpu.func` with `known_block_size`) that uses a register tensor whose layout
/// spans more warps than the block has, or reads or writes tensor memory with a fragment of
/// more threads than the block has: its lowering must have failed. Returns the function's
/// name, the block's threads and the threads the layouts need.
pub fn thread_shortfall(text: &str) -> Option<(String, i64, i64)> {
    let aliases = linear_aliases(text);
    let starts: Vec<usize> = text.match_indices("gpu.func @").map(|(i, _)| i).collect();
    for (k, &st) in starts.iter().enumerate() {
        let en = starts.get(k + 1).copied().unwrap_or(text.len());
        let body = &text[st..en];
        let Some(threads) = block_threads(body) else {
            continue;
        };
        let name: String = body["gpu.func @".len()..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // Warps of the layouts its register tensors use (by alias or written inline).
        let mut warps = None::<usize>;
        for (a, w) in &aliases {
            let used = body.match_indices(a.as_str()).any(|(i, _)| {
                let next = body[i + a.len()..].chars().next().unwrap_or(' ');
                !(next.is_alphanumeric() || next == '_')
            });
            if used {
                warps = warps.max(Some(*w));
            }
        }
        for (i, _) in body.match_indices("#layout.linear<") {
            if let Some(w) = warp_bases(&body[i..]) {
                warps = warps.max(Some(w));
            }
        }
        let mut need = warps.filter(|&w| w < 20).map_or(0, |w| 32i64 << w);
        // A TMEM access: the threads of its fragment's thread mode (a 128-lane tile read by
        // tcgen05.ld needs 4 warps).
        for line in body.lines() {
            if line.contains("layout.tmem_load") || line.contains("layout.tmem_store") {
                if let Some(t) =
                    attr_body(line, "fragment = #layout.layout<").and_then(first_mode_size)
                {
                    need = need.max(t);
                }
            }
        }
        if threads < need && threads > 0 {
            return Some((name, threads, need));
        }
    }
    None
}

/// The body of the attribute that starts with `key` (`fragment = #layout.layout<`) on `line`.
fn attr_body<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let st = line.find(key)? + key.len();
    let mut depth = 1;
    for (i, c) in line[st..].char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&line[st..st + i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// The size of the first top-level mode of a static shape:stride layout's text
/// (`((32,2,2),8):(...)` -> 128, `128:1` -> 128).
pub fn first_mode_size(layout: &str) -> Option<i64> {
    let shape = layout.split(':').next()?.trim();
    let first = match shape.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
        Some(inner) => {
            let mut depth = 0;
            let mut end = inner.len();
            for (i, c) in inner.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    ',' if depth == 0 => {
                        end = i;
                        break;
                    }
                    _ => {}
                }
            }
            &inner[..end]
        }
        None => shape,
    };
    first
        .split(|c: char| !c.is_ascii_digit())
        .filter(|x| !x.is_empty())
        .try_fold(1i64, |p, x| Some(p.checked_mul(x.parse::<i64>().ok()?)?))
}
