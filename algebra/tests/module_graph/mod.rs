//! The module graph of a crate, read from its source text: shared by `module_layers`
//! (contracts.rs: algebra's layers) and `workspace_modules.rs` (no crate of the workspace has
//! a module cycle). See README.md, "Module graphs".
//!
//! A crate's modules are found from its root file (lib.rs, main.rs, bin/*.rs) by following
//! its `mod x;` declarations. A module file's inline modules count as the file. A module uses
//! another when its code names a path into it: `crate::a::b`, `super::x`, `self::x`, a child
//! module `x::...`, or a name brought in by a `use` (each `use` is itself such a path; a glob
//! `use super::*` is a use of the parent). A path is resolved to the longest module prefix; a
//! name that the module there imports (`pub use` re-exports included) is followed to where it
//! is defined, so `crate::text::print_layout` is a use of the module that defines
//! `print_layout`, not of the `text` facade, and `crate::Layout` (a re-export of lib.rs) is a
//! use of `layout`, not of the crate root. A `mod x;` declaration alone is no use: a facade
//! that only declares and re-exports its children is used by no child, and uses every child
//! it re-exports from. Comments, literals and attributes are skipped; with `tests` false, so
//! is every item under `#[cfg(test)]` (a `mod tests`, a test helper function).

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

/// A module by its path from the crate root: `[]` for lib.rs, `["ops", "coalesce"]`.
pub type ModPath = Vec<String>;

/// The module graph: for each module file, the module files it uses, each with the first
/// line that uses it and the path written there.
pub type Graph = BTreeMap<ModPath, BTreeMap<ModPath, (usize, String)>>;

/// One crate (one target: a library or a binary) as read from its root file.
pub struct Crate {
    /// Every module file: module path -> file path, shown relative to the directory the
    /// caller gave.
    pub files: BTreeMap<ModPath, String>,
    pub graph: Graph,
}

/// `ops::coalesce`; `crate` for the root.
pub fn show(m: &[String]) -> String {
    if m.is_empty() {
        "crate".to_string()
    } else {
        m.join("::")
    }
}

/// The source with comments and the contents of string and character literals blanked
/// (newlines kept, so that line numbers stay).
fn strip(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let blank = |s: &[u8], out: &mut String| {
        for &c in s {
            out.push(if c == b'\n' { '\n' } else { ' ' });
        }
    };
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < b.len() {
        let prev_ident = i > 0 && ident(b[i - 1]);
        if b[i..].starts_with(b"//") {
            let end = src[i..].find('\n').map_or(b.len(), |k| i + k);
            blank(&b[i..end], &mut out);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let (mut j, mut depth) = (i, 0);
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&b[i..j], &mut out);
            i = j;
        } else if !prev_ident && (b[i] == b'r' || b[i..].starts_with(b"br")) && {
            let k = i + if b[i] == b'b' { 2 } else { 1 };
            let hashes = b[k..].iter().take_while(|&&c| c == b'#').count();
            b.get(k + hashes) == Some(&b'"')
        } {
            // A raw string: r"..", r#".."#, br"..".
            let k = i + if b[i] == b'b' { 2 } else { 1 };
            let hashes = b[k..].iter().take_while(|&&c| c == b'#').count();
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let body = k + hashes + 1;
            let end = b[body..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(b.len(), |p| body + p + close.len());
            blank(&b[i..end], &mut out);
            i = end;
        } else if b[i] == b'"' || (!prev_ident && b[i..].starts_with(b"b\"")) {
            let mut j = i + if b[i] == b'b' { 2 } else { 1 };
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            blank(&b[i..end], &mut out);
            i = end;
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '\u{1F}'); a lifetime ('a) is kept.
            let end = if b.get(i + 1) == Some(&b'\\') {
                b[i + 3..]
                    .iter()
                    .position(|&c| c == b'\'')
                    .map(|p| i + 3 + p + 1)
            } else {
                let ch = src[i + 1..].chars().next().map_or(0, |c| c.len_utf8());
                (b.get(i + 1 + ch) == Some(&b'\'')).then_some(i + 2 + ch)
            };
            match end {
                Some(end) => {
                    blank(&b[i..end], &mut out);
                    i = end;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let ch = src[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

/// Tokens with their line numbers.
fn tokens(code: &str) -> Vec<(Tok, usize)> {
    let mut out = Vec::new();
    let mut line = 1;
    let mut it = code.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if c == '\n' {
            line += 1;
        } else if c.is_alphabetic() || c == '_' {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = it.peek() {
                if !(d.is_alphanumeric() || d == '_') {
                    break;
                }
                end = j + d.len_utf8();
                it.next();
            }
            out.push((Tok::Ident(code[i..end].to_string()), line));
        } else if c.is_ascii_digit() {
            while it
                .peek()
                .is_some_and(|&(_, d)| d.is_alphanumeric() || d == '_')
            {
                it.next();
            }
        } else if c == ':' && it.peek().is_some_and(|&(_, d)| d == ':') {
            it.next();
            out.push((Tok::PathSep, line));
        } else if !c.is_whitespace() {
            out.push((Tok::Punct(c), line));
        }
    }
    out
}

/// One name a `use` brings in: the path as written, the name in scope (`None` for a glob),
/// and the line.
struct Import {
    path: Vec<String>,
    name: Option<String>,
    line: usize,
}

/// Parse a use tree starting at `toks[*i]` with the given prefix, up to `;` (not eaten).
fn use_tree(toks: &[(Tok, usize)], i: &mut usize, prefix: &[String], out: &mut Vec<Import>) {
    let mut path = prefix.to_vec();
    loop {
        let Some((t, line)) = toks.get(*i) else {
            return;
        };
        let line = *line;
        match t {
            Tok::PathSep => *i += 1,
            Tok::Ident(s) => {
                path.push(s.clone());
                *i += 1;
                if toks.get(*i).map(|t| &t.0) == Some(&Tok::PathSep) {
                    continue;
                }
                let mut name = s.clone();
                if toks.get(*i).map(|t| &t.0) == Some(&Tok::Ident("as".into())) {
                    if let Some((Tok::Ident(a), _)) = toks.get(*i + 1) {
                        name = a.clone();
                    }
                    *i += 2;
                }
                if name == "self" {
                    path.pop();
                    name = path.last().cloned().unwrap_or_default();
                }
                out.push(Import {
                    path,
                    name: Some(name),
                    line,
                });
                return;
            }
            Tok::Punct('*') => {
                *i += 1;
                out.push(Import {
                    path,
                    name: None,
                    line,
                });
                return;
            }
            Tok::Punct('{') => {
                *i += 1;
                loop {
                    match toks.get(*i).map(|t| &t.0) {
                        Some(Tok::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        Some(Tok::Punct(',')) => *i += 1,
                        None => return,
                        _ => use_tree(toks, i, &path, out),
                    }
                }
            }
            _ => return,
        }
    }
}

/// What one file says: its scopes (the file's module and its inline modules), the imports of
/// each scope, the paths its code names (scope, segments, line), and the module files it
/// declares (`mod x;`).
#[derive(Default)]
struct FileInfo {
    imports: BTreeMap<ModPath, Vec<Import>>,
    paths: Vec<(ModPath, Vec<String>, usize)>,
    inline: BTreeSet<ModPath>,
    declared: Vec<ModPath>,
}

/// The index past the item that starts at `j`: past its `;` or its balanced `{...}`,
/// whichever comes first (or at the `}` that closes the enclosing block).
fn item_end(toks: &[(Tok, usize)], mut j: usize) -> usize {
    let mut d = 0usize;
    while j < toks.len() {
        match toks[j].0 {
            Tok::Punct('{') => d += 1,
            Tok::Punct('}') => {
                if d == 0 {
                    return j;
                }
                d -= 1;
                if d == 0 {
                    return j + 1;
                }
            }
            Tok::Punct(';') if d == 0 => return j + 1,
            _ => {}
        }
        j += 1;
    }
    j
}

/// For an outer attribute `#[...]` at `i`: the index past its `]` and whether it is
/// `#[cfg(test)]`.
fn attribute(toks: &[(Tok, usize)], i: usize) -> Option<(usize, bool)> {
    if toks.get(i).map(|t| &t.0) != Some(&Tok::Punct('#'))
        || toks.get(i + 1).map(|t| &t.0) != Some(&Tok::Punct('['))
    {
        return None;
    }
    let mut d = 0usize;
    let mut j = i + 1;
    while j < toks.len() {
        match toks[j].0 {
            Tok::Punct('[') => d += 1,
            Tok::Punct(']') => {
                d -= 1;
                if d == 0 {
                    break;
                }
            }
            _ => {}
        }
        j += 1;
    }
    let body: Vec<&Tok> = toks[i + 2..j.min(toks.len())]
        .iter()
        .map(|t| &t.0)
        .collect();
    let cfg_test = body
        == [
            &Tok::Ident("cfg".into()),
            &Tok::Punct('('),
            &Tok::Ident("test".into()),
            &Tok::Punct(')'),
        ];
    Some((j + 1, cfg_test))
}

fn read(module: &ModPath, text: &str, tests: bool) -> FileInfo {
    let toks = tokens(&strip(text));
    let mut info = FileInfo::default();
    // (module path, brace depth at which it closes)
    let mut scopes: Vec<(ModPath, usize)> = vec![(module.clone(), 0)];
    let mut depth = 0usize;
    let mut i = 0;
    let ident = |k: usize| match toks.get(k) {
        Some((Tok::Ident(s), _)) => Some(s.as_str()),
        _ => None,
    };
    while i < toks.len() {
        let scope = scopes.last().unwrap().0.clone();
        if let Some((end, cfg_test)) = attribute(&toks, i) {
            i = end;
            if cfg_test && !tests {
                while let Some((end, _)) = attribute(&toks, i) {
                    i = end;
                }
                i = item_end(&toks, i);
            }
            continue;
        }
        match &toks[i].0 {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if scopes.len() > 1 && scopes.last().unwrap().1 == depth {
                    scopes.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Tok::Ident(kw) if kw == "mod" => match (ident(i + 1), toks.get(i + 2)) {
                (Some(name), Some((Tok::Punct('{'), _))) => {
                    let mut m = scope.clone();
                    m.push(name.to_string());
                    info.inline.insert(m.clone());
                    depth += 1;
                    scopes.push((m, depth));
                    i += 3;
                    continue;
                }
                (Some(name), Some((Tok::Punct(';'), _))) => {
                    let mut m = scope.clone();
                    m.push(name.to_string());
                    info.declared.push(m);
                    i += 3;
                    continue;
                }
                _ => {}
            },
            Tok::Ident(kw)
                if kw == "use" && !matches!(toks.get(i + 1), Some((Tok::Punct('<'), _))) =>
            {
                i += 1;
                let mut imports = Vec::new();
                use_tree(&toks, &mut i, &[], &mut imports);
                info.imports.entry(scope).or_default().extend(imports);
                while i < toks.len() && toks[i].0 != Tok::Punct(';') {
                    i += 1;
                }
                continue;
            }
            Tok::Ident(first)
                if !matches!(i.checked_sub(1).map(|k| &toks[k].0), Some(Tok::PathSep)) =>
            {
                let mut segs = vec![first.clone()];
                let mut k = i + 1;
                while let (Some((Tok::PathSep, _)), Some(s)) = (toks.get(k), ident(k + 1)) {
                    segs.push(s.to_string());
                    k += 2;
                }
                if segs.len() > 1 {
                    info.paths.push((scope, segs, toks[i].1));
                    i = k;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    info
}

/// A path written in `scope`, made absolute (None: another crate, a local name).
fn absolute(
    scope: &[String],
    segs: &[String],
    is_module: &dyn Fn(&[String]) -> bool,
    imports: &BTreeMap<&ModPath, &Vec<Import>>,
    depth: usize,
) -> Option<ModPath> {
    let (first, rest) = segs.split_first()?;
    match first.as_str() {
        "crate" => return Some(rest.to_vec()),
        "self" => return Some([scope, rest].concat()),
        "super" => {
            let mut s = scope.to_vec();
            let mut rest = rest;
            s.pop()?;
            while rest.first().map(String::as_str) == Some("super") {
                s.pop()?;
                rest = &rest[1..];
            }
            return Some([s.as_slice(), rest].concat());
        }
        _ => {}
    }
    let mut child = scope.to_vec();
    child.push(first.clone());
    if is_module(&child) {
        return Some([child.as_slice(), rest].concat());
    }
    if depth > 8 {
        return None;
    }
    let scope_imports = imports.get(&scope.to_vec())?;
    if let Some(imp) = scope_imports
        .iter()
        .find(|x| x.name.as_deref() == Some(first))
    {
        let target = absolute(scope, &imp.path, is_module, imports, depth + 1)?;
        return Some([target.as_slice(), rest].concat());
    }
    // A name brought in by a glob (`use super::*`): look it up in the glob's module.
    for glob in scope_imports.iter().filter(|x| x.name.is_none()) {
        let g = absolute(scope, &glob.path, is_module, imports, depth + 1)?;
        if g != scope {
            if let Some(t) = absolute(&g, segs, is_module, imports, depth + 1) {
                return Some(t);
            }
        }
    }
    None
}

/// The crate whose root file is `root` (lib.rs, main.rs, bin/x.rs); file names are shown
/// relative to `shown_from`. With `tests` false, `#[cfg(test)]` items are left out.
pub fn read_crate(root: &Path, shown_from: &Path, tests: bool) -> Crate {
    // Every module file, from the root through the `mod x;` declarations.
    let mut paths: BTreeMap<ModPath, PathBuf> = BTreeMap::new();
    let mut infos: BTreeMap<ModPath, FileInfo> = BTreeMap::new();
    let mut queue = VecDeque::from([(ModPath::new(), root.to_path_buf(), true)]);
    while let Some((m, file, owns_dir)) = queue.pop_front() {
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let info = read(&m, &text, tests);
        // The directory of this file's child modules: its own for a crate root or a mod.rs,
        // else the one named after the file.
        let dir = if owns_dir {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        for child in &info.declared {
            let mut d = dir.clone();
            for seg in &child[m.len()..child.len() - 1] {
                d.push(seg);
            }
            let name = child.last().unwrap();
            let (flat, nested) = (d.join(format!("{name}.rs")), d.join(name).join("mod.rs"));
            let next = if flat.exists() {
                (flat, false)
            } else if nested.exists() {
                (nested, true)
            } else {
                panic!(
                    "{}: `mod {name};` is neither {} nor {}",
                    file.display(),
                    flat.display(),
                    nested.display()
                )
            };
            queue.push_back((child.clone(), next.0, next.1));
        }
        paths.insert(m.clone(), file);
        infos.insert(m, info);
    }
    let files: BTreeMap<ModPath, String> = paths
        .iter()
        .map(|(m, p)| {
            let shown = p.strip_prefix(shown_from).unwrap_or(p);
            (m.clone(), shown.to_string_lossy().into_owned())
        })
        .collect();

    let inline: BTreeMap<ModPath, ModPath> = infos
        .iter()
        .flat_map(|(m, info)| info.inline.iter().map(move |x| (x.clone(), m.clone())))
        .collect();
    // The imports of every scope (file modules and inline modules).
    let imports: BTreeMap<&ModPath, &Vec<Import>> = infos
        .values()
        .flat_map(|info| info.imports.iter())
        .collect();
    let is_module = |m: &[String]| files.contains_key(m) || inline.contains_key(m);

    // The module file an absolute path lands in, following imports of the module it names
    // an item of.
    let resolve = |path: &[String]| -> Option<ModPath> {
        let mut path = path.to_vec();
        for _ in 0..16 {
            let k = (0..=path.len()).rev().find(|&k| is_module(&path[..k]))?;
            let module = path[..k].to_vec();
            let followed = path.get(k).and_then(|name| {
                let imp = imports
                    .get(&module)?
                    .iter()
                    .find(|x| x.name.as_ref() == Some(name))?;
                absolute(&module, &imp.path, &is_module, &imports, 0)
            });
            match followed {
                Some(target) if target != path[..=k] => {
                    path = [target.as_slice(), &path[k + 1..]].concat();
                }
                _ => {
                    return Some(inline.get(&module).cloned().unwrap_or(module));
                }
            }
        }
        None
    };

    let mut graph = Graph::new();
    for (m, info) in &infos {
        let deps = graph.entry(m.clone()).or_default();
        let uses = info
            .imports
            .iter()
            .flat_map(|(scope, imps)| imps.iter().map(move |x| (scope, x.path.clone(), x.line)));
        let paths = info.paths.iter().map(|(s, p, l)| (s, p.clone(), *l));
        for (scope, p, line) in uses.chain(paths) {
            let Some(abs) = absolute(scope, &p, &is_module, &imports, 0) else {
                continue;
            };
            if let Some(t) = resolve(&abs) {
                if &t != m {
                    deps.entry(t).or_insert((line, p.join("::")));
                }
            }
        }
    }
    Crate { files, graph }
}

/// Every strongly connected component with more than one module (Tarjan), sorted, with a
/// cycle through it: a shortest way back to the component's first module.
pub fn cycles(g: &Graph) -> Vec<(Vec<ModPath>, Vec<ModPath>)> {
    struct State<'g> {
        g: &'g Graph,
        index: BTreeMap<&'g ModPath, usize>,
        low: BTreeMap<&'g ModPath, usize>,
        stack: Vec<&'g ModPath>,
        on_stack: BTreeSet<&'g ModPath>,
        sccs: Vec<Vec<&'g ModPath>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g ModPath) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.g[v].keys() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut scc = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack.remove(w);
                scc.push(w);
                if w == v {
                    break;
                }
            }
            s.sccs.push(scc);
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        sccs: Vec::new(),
    };
    for v in g.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    // In each component, a shortest path back to its first module (breadth first).
    let mut out = Vec::new();
    for scc in s.sccs.into_iter().filter(|c| c.len() > 1) {
        let inside: BTreeSet<&ModPath> = scc.iter().copied().collect();
        let start = *inside.iter().next().unwrap();
        let mut prev: BTreeMap<&ModPath, &ModPath> = BTreeMap::new();
        let mut queue = VecDeque::from([start]);
        let mut end = None;
        while let Some(v) = queue.pop_front() {
            for w in g[v].keys().filter(|w| inside.contains(w)) {
                if w == start {
                    end = Some(v);
                    break;
                }
                if !prev.contains_key(w) {
                    prev.insert(w, v);
                    queue.push_back(w);
                }
            }
            if end.is_some() {
                break;
            }
        }
        let mut cycle = vec![end.unwrap().clone()];
        while cycle.last().unwrap() != start {
            cycle.push(prev[cycle.last().unwrap()].clone());
        }
        cycle.reverse();
        out.push((inside.into_iter().cloned().collect(), cycle));
    }
    out
}

/// The cycles of a crate, each with the use (file, line, path) of every step:
///
/// ```text
/// cycle crate -> pass -> crate:
///   lowering/src/lib.rs:12 uses pass::run (pass)
///   lowering/src/pass.rs:40 uses crate::Options (crate)
/// ```
///
/// and, where the strongly connected component is larger than the cycle, its modules.
pub fn describe_cycles(c: &Crate) -> Vec<String> {
    cycles(&c.graph)
        .iter()
        .map(|(component, cycle)| {
            let steps: Vec<String> = (0..cycle.len())
                .map(|k| {
                    let (from, to) = (&cycle[k], &cycle[(k + 1) % cycle.len()]);
                    let (line, path) = &c.graph[from][to];
                    format!("  {}:{line} uses {path} ({})", c.files[from], show(to))
                })
                .collect();
            let names: Vec<String> = cycle.iter().chain(&cycle[..1]).map(|m| show(m)).collect();
            let mut text = format!("cycle {}:\n{}", names.join(" -> "), steps.join("\n"));
            if component.len() > cycle.len() {
                let all: Vec<String> = component.iter().map(|m| show(m)).collect();
                text.push_str(&format!("\n  (one of the cycles among {})", all.join(", ")));
            }
            text
        })
        .collect()
}
