//! Target `batch`: the `layout` binary's batch mode as a subprocess, on streams of requests
//! (generated for every operation, mutated, and raw garbage lines). Crashes: a signal, an
//! exit code other than 0, a time or memory limit, an "internal error" (a caught panic).
//! Oracles: exactly one answer line per request line, in order, with the request's id; each
//! answer is a JSON object with `result` or `error`; string results of the layout syntax
//! re-parse to themselves.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use crate::driver::{Finding, Target};
use crate::mutate::mutate;
use crate::process;
use crate::rng::Rng;
use crate::targets::{ops::args_for, request_line};
use layout_algebra::text::{parse, print};

pub struct Batch {
    exe: PathBuf,
    id: u64,
    names: Vec<&'static str>,
    /// Requests per batch.
    pub lines: usize,
}

impl Batch {
    pub fn new(exe: PathBuf) -> Batch {
        Batch {
            exe,
            id: 0,
            names: layout_algebra::ops::all_op_names(),
            lines: 200,
        }
    }
}

impl Target for Batch {
    fn name(&self) -> &'static str {
        "batch"
    }
    fn input(&mut self, r: &mut Rng) -> String {
        let mut out = String::new();
        for _ in 0..self.lines {
            self.id += 1;
            let op = *r.pick(&self.names);
            let args = args_for(r, op);
            let mut line = request_line(self.id, op, &args);
            if r.one_in(20) {
                // damage the JSON itself (the answer must still come, with an error)
                line = mutate(r, &line).replace(['\n', '\r'], " ");
            }
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
    fn run(&mut self, input: &str) -> Result<u64, Finding> {
        let mut cmd = Command::new(&self.exe);
        cmd.args(["batch", "--threads", "1"]);
        let o =
            process::run(cmd, input.as_bytes(), Duration::from_secs(60), 2 << 30).map_err(|e| {
                Finding::new("spawn", format!("cannot run {}: {e}", self.exe.display()))
            })?;
        let lines: Vec<&str> = input.lines().collect();
        let n = lines.len() as u64;
        if o.timed_out {
            return Err(Finding::new(
                "timeout",
                format!("layout batch ran past 60 s on {n} requests"),
            ));
        }
        if let Some(sig) = o.signal {
            return Err(Finding::new(
                "signal",
                format!(
                    "layout batch killed by signal {sig}: {}",
                    String::from_utf8_lossy(&o.stderr)
                ),
            ));
        }
        if o.code != Some(0) {
            return Err(Finding::new(
                "exit",
                format!(
                    "layout batch exited {:?}: {}",
                    o.code,
                    String::from_utf8_lossy(&o.stderr)
                ),
            ));
        }
        let out = String::from_utf8(o.stdout)
            .map_err(|_| Finding::new("oracle", "answers are not UTF-8"))?;
        let answers: Vec<&str> = out.lines().collect();
        if answers.len() != lines.len() {
            return Err(Finding::new(
                "oracle",
                format!("{} answers for {} requests", answers.len(), lines.len()),
            ));
        }
        for (q, a) in lines.iter().zip(&answers) {
            let v: serde_json::Value = serde_json::from_str(a)
                .map_err(|e| Finding::new("oracle", format!("answer is not JSON ({e}): {a}")))?;
            let want_id = serde_json::from_str::<serde_json::Value>(q)
                .ok()
                .and_then(|qv| qv.get("id").cloned());
            if let Some(id) = want_id {
                if v.get("id") != Some(&id) {
                    return Err(Finding::new(
                        "oracle",
                        format!("answer {a} to {q} has another id"),
                    ));
                }
            }
            match (v.get("result"), v.get("error")) {
                (Some(serde_json::Value::String(s)), None) if is_lego(q) => {
                    lego_result_reparses(q, s)?;
                }
                (Some(serde_json::Value::String(s)), None) => {
                    let looks_layout = !s.starts_with('{')
                        && !s.starts_with('"')
                        && !s.starts_with('#')
                        && s != "?"
                        && !s.starts_with("0x");
                    if looks_layout {
                        match parse(s) {
                            Ok(back) if print(&back) == *s => {}
                            Ok(back) => {
                                return Err(Finding::new(
                                    "oracle",
                                    format!("result {s} to {q} prints back as {}", print(&back)),
                                ))
                            }
                            Err(e) => {
                                return Err(Finding::new(
                                    "oracle",
                                    format!("result {s} to {q} does not re-parse: {e}"),
                                ))
                            }
                        }
                    }
                }
                (Some(_), None) => {}
                (None, Some(serde_json::Value::String(e))) => {
                    if e.contains("internal error") || e.contains("panicked") {
                        return Err(Finding::new("panic", format!("{q}: {e}")));
                    }
                }
                _ => {
                    return Err(Finding::new(
                        "oracle",
                        format!("answer {a} has neither result nor error"),
                    ))
                }
            }
        }
        Ok(n)
    }
}

/// Whether the request is one of the bijective (LEGO) operations, whose string results are
/// in their own syntax (a chain, an index expression or generated source), not the layout
/// syntax.
fn is_lego(q: &str) -> bool {
    request_op(q).is_some_and(|op| op.starts_with("lego_"))
}

fn request_op(q: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(q).ok()?;
    v.get("op")?.as_str().map(str::to_string)
}

/// A chain result re-parses to itself; an expression result parses (codegen source is not a
/// value).
fn lego_result_reparses(q: &str, s: &str) -> Result<(), Finding> {
    use layout_algebra::bijective::{parse_chain, parse_expr, print_chain};
    let bad = |what: String| Err(Finding::new("oracle", format!("result {s} to {q} {what}")));
    match request_op(q).as_deref() {
        Some("lego_print" | "lego_from_cute") => match parse_chain(s) {
            Ok(c) if print_chain(&c) == s => Ok(()),
            Ok(c) => bad(format!("prints back as {}", print_chain(&c))),
            Err(e) => bad(format!("does not re-parse as a chain: {e}")),
        },
        Some("lego_simplify") => match parse_expr(s) {
            Ok(_) => Ok(()),
            Err(e) => bad(format!("does not re-parse as an expression: {e}")),
        },
        _ => Ok(()),
    }
}
