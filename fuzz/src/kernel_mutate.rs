//! Mutators of kernel-level IR (the examples and the NVVM lit inputs): edits that keep a
//! kernel parseable most of the time and change what the verifiers and the lowering decide on —
//! element types, the integers of layouts, constants, block sizes, alignments, stage counts,
//! multicast and tile shapes, swizzle parameters, linear-layout bases, which layout an op
//! gets, which ops run (a line dropped or repeated) and under which guard (an `scf.if`
//! unwrapped). Each mutator returns `None` when the text has nothing it applies to.

use crate::rng::Rng;

/// Element types that the kernel ops accept (and some they do not).
pub const ELEMENT_TYPES: &[&str] = &["f16", "bf16", "f32", "f8E4M3FN", "f8E5M2", "i8"];

/// Words that mark a line whose integers matter to the kernel layer.
const INT_CONTEXTS: &[&str] = &[
    "#layout.layout<",
    "!layout.layout<",
    "#layout.linear<",
    "#layout.tuple<",
    "!layout.tuple<",
    "arith.constant",
    "known_block_size",
    "cluster_dim",
    "align",
    "multicast",
    "tile",
    "tensor<",
    "array<i",
    "!llvm.array<",
    "layout.sm",
    "modes",
];

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'%' || c == b'@' || c == b'$' || c == b'.'
}

/// A line of an LLVM dialect op (`llvm.mlir.global`, `%x = llvm.bitcast ...`).
fn llvm_op_line(line: &str) -> bool {
    let t = line.trim_start();
    let op = match t.split_once(" = ") {
        Some((lhs, rhs)) if lhs.starts_with('%') => rhs.trim_start(),
        _ => t,
    };
    op.starts_with("llvm.") || op.starts_with("\"llvm.")
}

/// Byte ranges (start, end) of the line containing byte `at`.
fn line_at(s: &str, at: usize) -> (usize, usize) {
    let st = s[..at].rfind('\n').map_or(0, |i| i + 1);
    let en = s[at..].find('\n').map_or(s.len(), |i| at + i);
    (st, en)
}

/// The integers of `s` that are not part of an identifier (`%c0`, `@smem_a`, `sm_90a`, `f16`
/// are left alone), as (start, end), a leading `-` included.
pub fn integers(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let mut e = i;
            while e < b.len() && b[e].is_ascii_digit() {
                e += 1;
            }
            let prev = if i > 0 { b[i - 1] } else { b' ' };
            let next = if e < b.len() { b[e] } else { b' ' };
            // `64x32xf16`: the `x` of a shape is a separator, not part of a name.
            let shape_sep = |c: u8| c == b'x';
            let ident_before = is_ident(prev) && !shape_sep(prev) && prev != b'-';
            let ident_after = (next.is_ascii_alphabetic() && !shape_sep(next)) || next == b'_';
            let float = next == b'.' || prev == b'.';
            if !ident_before && !ident_after && !float {
                let st = if prev == b'-' { i - 1 } else { i };
                out.push((st, e));
            }
            i = e;
        } else {
            i += 1;
        }
    }
    out
}

/// A new value for the integer `v`: near it, a power of two, or a hostile one.
pub fn new_integer(r: &mut Rng, v: i64) -> i64 {
    match r.below(10) {
        0 => v.saturating_mul(2),
        1 => v / 2,
        2 => v + 1,
        3 => v - 1,
        4 => 0,
        5 => 1,
        6 | 7 => 1i64 << r.below(13),
        8 => *r.pick(&[-1, 3, 5, 7, 48, 96, 192, 1 << 16, 1 << 31, i32::MAX as i64]),
        _ => *r.pick(&[i64::MAX, i64::MIN, 1 << 40, 1 << 62, -(1 << 31)]),
    }
}

/// Change one integer on a line that a kernel op reads (a layout, a constant, a block size...).
pub fn tweak_integer(r: &mut Rng, s: &str) -> Option<String> {
    let cands: Vec<(usize, usize)> = integers(s)
        .into_iter()
        .filter(|&(a, _)| {
            let (ls, le) = line_at(s, a);
            let line = &s[ls..le];
            if line.trim_start().starts_with("//") || !INT_CONTEXTS.iter().any(|k| line.contains(k))
            {
                return false;
            }
            // The input's own LLVM ops (globals, bitcasts, stores) are the user's business, not
            // the kernel layer's: of a global, only the size of its array is changed.
            if llvm_op_line(line) {
                let before = &s[ls..a];
                return before
                    .rfind("!llvm.array<")
                    .is_some_and(|i| !before[i..].contains('>'));
            }
            true
        })
        .collect();
    if cands.is_empty() {
        return None;
    }
    let (a, b) = *r.pick(&cands);
    let v: i64 = s[a..b].parse().unwrap_or(0);
    let new = new_integer(r, v);
    Some(format!("{}{new}{}", &s[..a], &s[b..]))
}

/// Where the element type `t` is used as one: `xf16>`/`xf16,` (builtin tensors),
/// `<f16,` (layout tensors), `: f16` (scalars), `to f16`.
fn element_type_sites(s: &str, t: &str) -> Vec<usize> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = s[from..].find(t) {
        let at = from + i;
        from = at + t.len();
        let prev = if at > 0 { b[at - 1] } else { b' ' };
        let next = if from < b.len() { b[from] } else { b' ' };
        // Not in `vector<...>` (the LLVM-level values of the input's own llvm ops).
        let in_vector = s[..at]
            .rfind('<')
            .is_some_and(|i| s[..i].ends_with("vector"));
        let starts = !in_vector && prev == b'x' && at >= 2 && b[at - 2].is_ascii_digit()
            || prev == b'<'
            || prev == b' ' && at >= 2 && (b[at - 2] == b':' || b[at - 2] == b'o');
        let ends = !next.is_ascii_alphanumeric() && next != b'_';
        if starts && ends {
            out.push(at);
        }
    }
    out
}

/// Swap an element type for another: everywhere (a kernel in another type, as the bf16 RUN
/// lines do with `sed`) or at one use (a mismatch the verifiers must name).
pub fn swap_element_type(r: &mut Rng, s: &str) -> Option<String> {
    let present: Vec<&str> = ELEMENT_TYPES
        .iter()
        .copied()
        .filter(|t| !element_type_sites(s, t).is_empty())
        .collect();
    if present.is_empty() {
        return None;
    }
    let from = *r.pick(&present);
    let to = loop {
        let t = *r.pick(ELEMENT_TYPES);
        if t != from {
            break t;
        }
    };
    let sites = element_type_sites(s, from);
    let chosen: Vec<usize> = if r.one_in(2) {
        sites
    } else {
        vec![*r.pick(&sites)]
    };
    let mut out = String::with_capacity(s.len() + 16);
    let mut last = 0;
    for at in chosen {
        out.push_str(&s[last..at]);
        out.push_str(to);
        last = at + from.len();
    }
    out.push_str(&s[last..]);
    Some(out)
}

/// The body of every `#layout.layout<...>`, `!layout.layout<...>` and `#layout.linear<...>`
/// (nested `<>` matched, on one line), with its kind (`layout` or `linear`).
pub fn layout_attrs(s: &str) -> Vec<(&'static str, usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    for (kind, key) in [
        ("layout", "#layout.layout<"),
        ("layout", "!layout.layout<"),
        ("linear", "#layout.linear<"),
    ] {
        let mut from = 0;
        while let Some(i) = s[from..].find(key) {
            let start = from + i + key.len();
            if let Some(end) = crate::targets::opt::angle_body_end(b, start) {
                out.push((kind, start, end));
            }
            from = start;
        }
    }
    out.sort_by_key(|x| x.1);
    out
}

/// Replace the ranges `x` and `y` (disjoint) of `s` by each other's text.
fn swap_ranges(s: &str, x: (usize, usize), y: (usize, usize)) -> String {
    let (x, y) = if x.0 < y.0 { (x, y) } else { (y, x) };
    format!(
        "{}{}{}{}{}",
        &s[..x.0],
        &s[y.0..y.1],
        &s[x.1..y.0],
        &s[x.0..x.1],
        &s[y.1..]
    )
}

/// The op (`layout.mma`, `layout.const`, ...) of the line at `at`, or the alias kind.
fn op_of_line(s: &str, at: usize) -> String {
    let (ls, le) = line_at(s, at);
    let line = &s[ls..le];
    line.split_whitespace()
        .find(|w| w.starts_with("layout.") || w.starts_with("#layout.") || w.starts_with("!"))
        .unwrap_or("")
        .split(['<', '{'])
        .next()
        .unwrap_or("")
        .to_string()
}

/// Swap the layouts of two attributes of one kind, preferably on lines of the same op.
pub fn swap_layouts(r: &mut Rng, s: &str) -> Option<String> {
    let attrs = layout_attrs(s);
    let mut pairs = Vec::new();
    let mut loose = Vec::new();
    for i in 0..attrs.len() {
        for j in i + 1..attrs.len() {
            let (ki, a, b) = attrs[i];
            let (kj, c, d) = attrs[j];
            if ki != kj || b > c || s[a..b] == s[c..d] {
                continue;
            }
            if op_of_line(s, a) == op_of_line(s, c) {
                pairs.push(((a, b), (c, d)));
            } else {
                loose.push(((a, b), (c, d)));
            }
        }
    }
    let pool = if !pairs.is_empty() && (loose.is_empty() || !r.one_in(4)) {
        pairs
    } else {
        loose
    };
    if pool.is_empty() {
        return None;
    }
    let (x, y) = *r.pick(&pool);
    Some(swap_ranges(s, x, y))
}

/// New parameters for one swizzle `Sw<B,M,S>` (in range, one off, or out of range).
pub fn swizzle(r: &mut Rng, s: &str) -> Option<String> {
    let mut sites = Vec::new();
    let mut from = 0;
    while let Some(i) = s[from..].find("Sw<") {
        let st = from + i + 3;
        if let Some(e) = s[st..].find('>') {
            sites.push((st, st + e));
        }
        from = st;
    }
    if sites.is_empty() {
        return None;
    }
    let (a, b) = *r.pick(&sites);
    let mut p: Vec<i64> = s[a..b]
        .split(',')
        .map(|x| x.trim().parse().unwrap_or(0))
        .collect();
    if p.len() != 3 {
        return None;
    }
    match r.below(3) {
        0 => {
            p = vec![r.range(0, 3), r.range(0, 4), r.range(0, 4)];
        }
        1 => {
            let k = r.below(3);
            p[k] += if r.one_in(2) { 1 } else { -1 };
        }
        _ => {
            let k = r.below(3);
            p[k] = *r.pick(&[0, 5, 7, 8, 31, 64, -1]);
        }
    }
    Some(format!("{}{},{},{}{}", &s[..a], p[0], p[1], p[2], &s[b..]))
}

/// The basis vectors `[a, b]` of the linear layouts (innermost brackets), as ranges.
fn bases(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (kind, a, b) in layout_attrs(s) {
        if kind != "linear" {
            continue;
        }
        let body = &s[a..b];
        let mut open = None;
        for (i, c) in body.char_indices() {
            match c {
                '[' => open = Some(i),
                ']' => {
                    if let Some(o) = open.take() {
                        if body[o..i].bytes().any(|c| c.is_ascii_digit()) {
                            out.push((a + o, a + i + 1));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// Change a linear layout: swap two basis vectors, or set one component.
pub fn linear_basis(r: &mut Rng, s: &str) -> Option<String> {
    let bs = bases(s);
    if bs.is_empty() {
        return None;
    }
    if bs.len() >= 2 && r.one_in(2) {
        let x = *r.pick(&bs);
        let y = *r.pick(&bs);
        if x != y && s[x.0..x.1] != s[y.0..y.1] {
            return Some(swap_ranges(s, x, y));
        }
    }
    let (a, b) = *r.pick(&bs);
    let nums = integers(&s[a..b]);
    if nums.is_empty() {
        return None;
    }
    let (x, y) = *r.pick(&nums);
    let new = if r.one_in(4) { 0 } else { 1i64 << r.below(9) };
    Some(format!("{}{new}{}", &s[..a + x], &s[a + y..]))
}

/// Lines that are ops without results (stores, copies, barriers, waits, fences, arrives):
/// dropping or repeating one keeps the IR well-formed and changes what the kernel does.
fn effect_lines(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in s.split_inclusive('\n') {
        let t = line.trim();
        let op =
            (t.starts_with("layout.") || t.starts_with("nvvm.") || t.starts_with("gpu.barrier"))
                && !t.ends_with('{')
                && !t.ends_with('(');
        if op {
            out.push((at, at + line.len()));
        }
        at += line.len();
    }
    out
}

/// Drop an op line without results, or repeat it.
pub fn drop_or_dup_op(r: &mut Rng, s: &str) -> Option<String> {
    let ls = effect_lines(s);
    if ls.is_empty() {
        return None;
    }
    let (a, b) = *r.pick(&ls);
    Some(if r.one_in(2) {
        format!("{}{}", &s[..a], &s[b..])
    } else {
        format!("{}{}", &s[..b], &s[a..])
    })
}

/// Unwrap an `scf.if` without results or else branch: its ops run on every thread (the
/// guards of producer threads, of a warp, of `tid < N`).
pub fn unwrap_if(r: &mut Rng, s: &str) -> Option<String> {
    let lines: Vec<(usize, &str)> = {
        let mut at = 0;
        s.split_inclusive('\n')
            .map(|l| {
                let x = (at, l);
                at += l.len();
                x
            })
            .collect()
    };
    let mut cands = Vec::new();
    for (i, (_, l)) in lines.iter().enumerate() {
        let t = l.trim();
        if !(t.starts_with("scf.if ") && t.ends_with('{')) {
            continue;
        }
        // The matching close: brace depth over the following lines.
        let mut depth = 1i32;
        for (j, (_, m)) in lines.iter().enumerate().skip(i + 1) {
            let tm = m.trim();
            if tm.starts_with("//") {
                continue;
            }
            depth += tm.matches('{').count() as i32 - tm.matches('}').count() as i32;
            if depth <= 0 {
                if tm == "}" {
                    cands.push((i, j));
                }
                break;
            }
        }
    }
    if cands.is_empty() {
        return None;
    }
    let (i, j) = *r.pick(&cands);
    let mut out = String::with_capacity(s.len());
    for (k, (_, l)) in lines.iter().enumerate() {
        if k != i && k != j {
            out.push_str(l);
        }
    }
    Some(out)
}

/// Drop one entry of an op's attribute dictionary (`{align = 16 : i64}`, `ring`,
/// `multicast = 2 : i64`, ...).
pub fn drop_attr_entry(r: &mut Rng, s: &str) -> Option<String> {
    let mut sites = Vec::new();
    let mut from = 0;
    while let Some(i) = s[from..].find(" {") {
        let st = from + i + 2;
        from = st;
        let (ls, _) = line_at(s, st);
        let line_head = s[ls..st].trim_start();
        if !line_head.starts_with("layout.") && !line_head.starts_with('%') {
            continue;
        }
        let Some(e) = s[st..].find('}') else { continue };
        let body = &s[st..st + e];
        if body.contains('\n') || body.contains('{') {
            continue;
        }
        // Top-level comma-separated entries (commas inside <> or [] do not split).
        let mut depth = 0i32;
        let mut last = st;
        for (k, c) in body.char_indices() {
            match c {
                '<' | '[' | '(' => depth += 1,
                '>' | ']' | ')' => depth -= 1,
                ',' if depth == 0 => {
                    sites.push((last, st + k + 1));
                    last = st + k + 1;
                }
                _ => {}
            }
        }
        sites.push((last, st + e));
    }
    if sites.is_empty() {
        return None;
    }
    let (a, b) = *r.pick(&sites);
    let mut t = format!("{}{}", &s[..a], &s[b..]);
    // `{, x}` or `{x, }` or `{}` left behind: tidy them so the parser sees the intent.
    t = t.replace("{, ", "{").replace(", }", "}").replace(",}", "}");
    Some(t.replace(" {}", "").replace(" { }", ""))
}

/// Swap two SSA operands of a layout op (`layout.mma %a, %b, %c`).
pub fn swap_operands(r: &mut Rng, s: &str) -> Option<String> {
    let mut sites = Vec::new();
    let mut at = 0;
    for line in s.split_inclusive('\n') {
        let t = line.trim_start();
        if t.contains("layout.") && !t.starts_with("//") {
            let ops: Vec<(usize, usize)> = {
                let b = line.as_bytes();
                let start = line.find("layout.").unwrap_or(0);
                let mut v = Vec::new();
                let mut i = start;
                while i < b.len() {
                    if b[i] == b'%' {
                        let mut e = i + 1;
                        while e < b.len() && (b[e].is_ascii_alphanumeric() || b[e] == b'_') {
                            e += 1;
                        }
                        v.push((at + i, at + e));
                        i = e;
                    } else {
                        i += 1;
                    }
                }
                v
            };
            if ops.len() >= 2 {
                sites.push(ops);
            }
        }
        at += line.len();
    }
    if sites.is_empty() {
        return None;
    }
    let ops = r.pick(&sites).clone();
    let i = r.below(ops.len());
    let j = (i + 1 + r.below(ops.len() - 1)) % ops.len();
    let (x, y) = (ops[i], ops[j]);
    if s[x.0..x.1] == s[y.0..y.1] {
        return None;
    }
    Some(swap_ranges(s, x, y))
}

/// Replace an index operand of a layout op (`%sA[%kt]`, `%full[%j]`, `%A[%bm, %c0]`) by a
/// new constant defined just before the op: static coordinates past a stage ring, a barrier
/// array or a tensor's tiles.
pub fn constant_coordinate(r: &mut Rng, s: &str) -> Option<String> {
    let mut sites = Vec::new();
    let mut at = 0;
    for line in s.split_inclusive('\n') {
        let t = line.trim_start();
        if !t.starts_with("//") && t.contains("layout.") {
            let b = line.as_bytes();
            let mut depth = 0;
            let mut i = 0;
            while i < b.len() {
                match b[i] {
                    b'[' => depth += 1,
                    b']' => depth -= 1,
                    b'%' if depth > 0 => {
                        let mut e = i + 1;
                        while e < b.len() && (b[e].is_ascii_alphanumeric() || b[e] == b'_') {
                            e += 1;
                        }
                        sites.push((at, at + i, at + e));
                        i = e;
                        continue;
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        at += line.len();
    }
    if sites.is_empty() {
        return None;
    }
    let (ls, a, b) = *r.pick(&sites);
    let indent: String = s[ls..].chars().take_while(|c| *c == ' ').collect();
    let v = *r.pick(&[-1i64, 0, 1, 2, 3, 4, 5, 7, 8, 16, 64, 1 << 20]);
    let name = format!("%fuzz_c{}", r.below(1 << 30));
    Some(format!(
        "{}{indent}{name} = arith.constant {v} : index\n{}{name}{}",
        &s[..ls],
        &s[ls..a],
        &s[b..]
    ))
}

/// The kernel mutators, by name (for the tests and the reports).
pub type Mutator = fn(&mut Rng, &str) -> Option<String>;
pub const MUTATORS: &[(&str, Mutator)] = &[
    ("tweak_integer", tweak_integer),
    ("swap_element_type", swap_element_type),
    ("swap_layouts", swap_layouts),
    ("swizzle", swizzle),
    ("linear_basis", linear_basis),
    ("drop_or_dup_op", drop_or_dup_op),
    ("unwrap_if", unwrap_if),
    ("drop_attr_entry", drop_attr_entry),
    ("swap_operands", swap_operands),
    ("constant_coordinate", constant_coordinate),
];

/// 1 to 3 kernel mutations (integers more likely than the others), now and then a byte-level
/// edit of the generic mutator.
pub fn mutate_kernel(r: &mut Rng, s: &str) -> String {
    let mut t = s.to_string();
    for _ in 0..1 + r.below(3) {
        let k = r.below(MUTATORS.len() + 3);
        let next = if k == MUTATORS.len() + 2 {
            Some(crate::mutate::mutate_once(r, &t))
        } else if k >= MUTATORS.len() {
            tweak_integer(r, &t)
        } else {
            (MUTATORS[k].1)(r, &t)
        };
        if let Some(n) = next {
            t = n;
        }
    }
    t
}
