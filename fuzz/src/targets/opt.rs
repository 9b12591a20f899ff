//! Target `opt`: `layout-opt` as a subprocess on mutated lit files (tests/lit/**/*.mlir), each
//! with the flags of one of the file's own RUN lines. Mutations: text edits of the whole file
//! and generated layout values spliced into its `layout<...>` attributes and types.
//! Crashes: a signal, an exit code other than 0 and 1, "PLEASE submit a bug report", a Rust
//! panic, a time or memory limit. Oracle: when layout-opt succeeds and prints MLIR, that
//! output parses again (`layout-opt` on it exits 0). Signals whose stack dump has no frame of
//! this project (only upstream MLIR/LLVM) are reported as `upstream-signal`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::driver::{Finding, Target};
use crate::gen;
use crate::mutate::mutate;
use crate::process;
use crate::rng::Rng;

pub struct Opt {
    exe: PathBuf,
    /// (file text, the flag lists of its RUN lines)
    seeds: Vec<(String, Vec<Vec<String>>)>,
    work: PathBuf,
}

/// Words of a shell fragment, honouring double and single quotes.
fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote = None;
    let mut any = false;
    for c in s.chars() {
        match (quote, c) {
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (_, c) => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// The flags of the RUN lines that run `layout-opt %s ...` (up to a pipe or redirection).
pub fn run_flags(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(run) = line.split("RUN:").nth(1) else {
            continue;
        };
        let run = run.trim().trim_start_matches("not ").trim();
        let Some(rest) = run.strip_prefix("layout-opt %s") else {
            continue;
        };
        let rest = rest.split(['|', '>']).next().unwrap_or("");
        let flags: Vec<String> = words(rest)
            .into_iter()
            .filter(|w| w != "2" && w != "2>&1" && !w.ends_with("&1"))
            .collect();
        // The proof passes (`--layout-prove-*`) are bounded by ISL's operation budget, not by
        // the per-run time limit; they are left out of this target (docs/fuzzing.md).
        if flags
            .iter()
            .any(|f: &String| f.starts_with("--layout-prove-"))
        {
            continue;
        }
        out.push(flags);
    }
    if out.is_empty() {
        out.push(Vec::new());
    }
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut v: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    v.sort();
    for p in v {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

/// Byte ranges of the bodies of `layout<...>` (attributes and types), matching nested `<>`.
pub fn layout_bodies(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = s[from..].find("layout<") {
        let start = from + i + "layout<".len();
        if let Some(end) = angle_body_end(s.as_bytes(), start) {
            out.push((start, end));
        }
        from = start;
    }
    out
}

/// The index of the `>` that closes a `<` just before `start` (nested `<>` matched on one
/// line), or None when the line ends first.
pub fn angle_body_end(b: &[u8], start: usize) -> Option<usize> {
    let mut depth = 1;
    let mut j = start;
    while j < b.len() && depth > 0 {
        match b[j] {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            b'\n' => break,
            _ => {}
        }
        j += 1;
    }
    (depth == 0).then(|| j - 1)
}

impl Opt {
    /// `lit_dir` is tests/lit; `work` a scratch directory for the input files.
    pub fn new(exe: PathBuf, lit_dir: &Path, work: PathBuf) -> Opt {
        let mut files = Vec::new();
        collect(lit_dir, &mut files);
        let seeds = files
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .map(|t| {
                let f = run_flags(&t);
                (t, f)
            })
            .collect();
        let _ = std::fs::create_dir_all(&work);
        Opt { exe, seeds, work }
    }
    pub fn seeds(&self) -> usize {
        self.seeds.len()
    }
    fn layout_opt(&self, args: &[String], stdin: &[u8]) -> Result<process::Outcome, Finding> {
        let mut cmd = Command::new(&self.exe);
        cmd.args(args);
        process::run(cmd, stdin, Duration::from_secs(30), 4 << 30)
            .map_err(|e| Finding::new("spawn", format!("cannot run {}: {e}", self.exe.display())))
    }
}

/// A frame of a stack dump (`#N 0x... symbol file`) in this project's code: the dialect, the
/// passes, the lowering, the algebra. The driver's entry frames (`layout_opt_main`,
/// `layout_opt::main`), present in every dump, and paths do not count.
pub fn is_our_frame(line: &str) -> bool {
    let l = line.trim_start();
    if !l.starts_with('#') {
        return false;
    }
    // The symbol: after the address, before the location.
    let sym = l.split_whitespace().nth(2).unwrap_or("");
    let sym = sym
        .replace("layout_opt_main", "")
        .replace("layout_opt::", "");
    sym.contains("layout_") || sym.contains("Layout") || sym.contains("layout::")
}

/// A crash of one layout-opt run, if it was one.
pub fn crashed(o: &process::Outcome, what: &str) -> Option<Finding> {
    let err = String::from_utf8_lossy(&o.stderr);
    if o.timed_out {
        return Some(Finding::new("timeout", format!("{what}: past 30 s")));
    }
    if let Some(sig) = o.signal {
        let ours = err.lines().any(|l| is_our_frame(l));
        let kind = if ours || !err.contains("Stack dump") {
            "signal"
        } else {
            "upstream-signal"
        };
        return Some(Finding::new(kind, format!("{what}: signal {sig}\n{err}")));
    }
    if err.contains("PLEASE submit a bug report") || err.contains("panicked") {
        return Some(Finding::new("crash", format!("{what}: {err}")));
    }
    match o.code {
        Some(0 | 1) => None,
        c => Some(Finding::new(
            "exit",
            format!("{what}: exit code {c:?}\n{err}"),
        )),
    }
}

impl Target for Opt {
    fn name(&self) -> &'static str {
        "opt"
    }
    fn input(&mut self, r: &mut Rng) -> String {
        let (text, flags) = &self.seeds[r.below(self.seeds.len())];
        let flags = r.pick(flags).clone();
        let mut t = text.clone();
        let bodies = layout_bodies(&t);
        if !bodies.is_empty() && r.below(2) == 0 {
            for _ in 0..1 + r.below(2) {
                let bodies = layout_bodies(&t);
                if bodies.is_empty() {
                    break;
                }
                let (a, b) = *r.pick(&bodies);
                let new = if r.one_in(2) {
                    gen::func(r, gen::SMALL)
                } else {
                    mutate(r, &t[a..b])
                };
                t = format!("{}{new}{}", &t[..a], &t[b..]);
            }
        } else {
            t = mutate(r, &t);
        }
        format!("// FLAGS: {}\n{t}", serde_json::to_string(&flags).unwrap())
    }
    fn run(&mut self, input: &str) -> Result<u64, Finding> {
        let head = input.lines().next().unwrap_or("");
        let flags: Vec<String> = head
            .strip_prefix("// FLAGS: ")
            .and_then(|j| serde_json::from_str(j).ok())
            .unwrap_or_default();
        let file = self.work.join(format!("in-{}.mlir", std::process::id()));
        // The whole input (the FLAGS line is an MLIR comment): line numbers match the saved file.
        std::fs::write(&file, input).map_err(|e| Finding::new("io", e.to_string()))?;
        let tmp = self.work.join(format!("t-{}", std::process::id()));
        let mut args = vec![file.display().to_string()];
        args.extend(
            flags
                .iter()
                .map(|f| f.replace("%t", &tmp.display().to_string())),
        );
        let o = self.layout_opt(&args, b"")?;
        if let Some(f) = crashed(&o, "layout-opt") {
            return Err(f);
        }
        // What it printed must parse again (MLIR output only: not with diagnostics checks).
        let printed_mlir = o.code == Some(0)
            && !flags.iter().any(|f| {
                f.contains("verify-diagnostics") || f.starts_with("-o") || f.contains("nvvm")
            });
        if printed_mlir && !o.stdout.is_empty() {
            // Read back as it was read: unregistered ops (`"test.use"`) stay allowed.
            let mut back = vec!["-".to_string(), "--split-input-file".into()];
            back.extend(
                flags
                    .iter()
                    .filter(|f| f.contains("allow-unregistered-dialect"))
                    .cloned(),
            );
            let again = self.layout_opt(&back, &o.stdout)?;
            if let Some(f) = crashed(&again, "layout-opt on its own output") {
                return Err(f);
            }
            if again.code != Some(0) {
                return Err(Finding::new(
                    "oracle",
                    format!(
                        "the output of layout-opt {flags:?} does not parse again:\n{}",
                        String::from_utf8_lossy(&again.stderr)
                    ),
                ));
            }
        }
        Ok(1)
    }
}
