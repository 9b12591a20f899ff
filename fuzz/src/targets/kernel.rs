//! Target `kernel`: the kernel layer (tensors, copies, MMAs, barriers and their lowering) as
//! `layout-opt` and ptxas subprocesses. Seeds: the kernel-level inputs, examples/*.mlir and
//! the tests/lit/nvvm files that are not `_errors` files. Each input is a seed or an earlier
//! input that lowered, changed by the kernel mutators (kernel_mutate.rs), and run through:
//!
//! - a file with a `gpu.module`: `layout-opt FILE [--layout-assign-layouts]
//!   --lower-to-nvvm="OPTIONS ptx=OUT"` (the options, chip and features, of the file's own
//!   `--lower-to-nvvm` RUN line or usage comment; the pre-pass when a RUN line has it), then,
//!   when that succeeds, `ptxas --gpu-name CHIP OUT`;
//! - any other file: the flags of its first RUN line that runs a lowering pass
//!   (`--layout-lower-tensors`, `--layout-lower-to-nvvm`, `--layout-lower-register-tensors`).
//!
//! Findings: a crash of layout-opt (signal, abort, panic, "PLEASE submit a bug report",
//! timeout, memory limit: as the `opt` target); `internal`: the lowering failed with no error
//! that names a layout op (or an op the input wrote itself), while the input verifies (an
//! `llvm.*` op's error, a "failed to legalize"); `ptxas`: ptxas rejects the PTX of a
//! successful lowering; `threads`: a kernel lowered whose `known_block_size` is below the
//! threads of a register layout it uses.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::driver::{Finding, Target};
use crate::kernel_mutate::mutate_kernel;
use crate::kernel_oracle::{errors, is_precise, thread_shortfall};
use crate::process;
use crate::rng::Rng;
use crate::targets::opt::{crashed, run_flags};
use crate::targets::Corpus;

/// Time and memory of one layout-opt or ptxas run (as the `opt` target).
const LIMIT: Duration = Duration::from_secs(30);
const MEMORY: u64 = 4 << 30;

/// A seed: the file's text and how to run it.
#[derive(Clone, Debug, PartialEq)]
pub struct Seed {
    pub name: String,
    pub text: String,
    pub plan: Plan,
}

/// The pipeline of an input.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// `--lower-to-nvvm="OPTIONS ptx=OUT"` after `pre`, then ptxas for `chip`.
    Nvvm { pre: Vec<String>, options: String },
    /// These flags (a lowering pass of a RUN line), output discarded.
    Flags(Vec<String>),
}

impl Plan {
    fn to_json(&self) -> serde_json::Value {
        match self {
            Plan::Nvvm { pre, options } => serde_json::json!({"pre": pre, "nvvm": options}),
            Plan::Flags(f) => serde_json::json!({ "flags": f }),
        }
    }
    fn from_json(v: &serde_json::Value) -> Option<Plan> {
        let strings = |k: &str| -> Option<Vec<String>> {
            v.get(k)?
                .as_array()?
                .iter()
                .map(|x| x.as_str().map(str::to_string))
                .collect()
        };
        if let Some(o) = v.get("nvvm").and_then(|o| o.as_str()) {
            return Some(Plan::Nvvm {
                pre: strings("pre").unwrap_or_default(),
                options: o.to_string(),
            });
        }
        strings("flags").map(Plan::Flags)
    }
}

/// The chip of `--lower-to-nvvm` options (`chip=sm_100a`), sm_90a by default.
pub fn chip_of(options: &str) -> String {
    options
        .split_whitespace()
        .find_map(|w| w.strip_prefix("chip="))
        .unwrap_or("sm_90a")
        .to_string()
}

/// How to run a kernel-level file, or None when it is not one (only RUN lines, no IR, or no
/// lowering in its RUN lines).
pub fn plan_of(text: &str) -> Option<Plan> {
    let has_ir = text
        .lines()
        .any(|l| !l.trim_start().starts_with("//") && l.contains("func"));
    if !has_ir {
        return None;
    }
    if text.contains("gpu.module") {
        // The options of the first `--lower-to-nvvm="..."` (RUN line or usage comment).
        let options = text
            .split("lower-to-nvvm=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .map(|o| {
                o.split_whitespace()
                    .filter(|w| !w.starts_with("ptx="))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default();
        let options = if options.is_empty()
            && (text.contains("tcgen05") || text.contains("layout.sm = 100"))
        {
            "chip=sm_100a features=+ptx86".to_string()
        } else {
            options
        };
        let pre = if text.contains("--layout-assign-layouts --lower-to-nvvm") {
            vec!["--layout-assign-layouts".to_string()]
        } else {
            Vec::new()
        };
        return Some(Plan::Nvvm { pre, options });
    }
    run_flags(text)
        .into_iter()
        .find(|f| {
            f.iter().any(|w| w.starts_with("--layout-lower"))
                && !f
                    .iter()
                    .any(|w| w.contains("verify-diagnostics") || w.starts_with('-') && w.len() == 2)
        })
        .map(|mut f| {
            f.retain(|w| w != "--split-input-file");
            Plan::Flags(f)
        })
}

/// The kernel-level seeds under the repository root `root`: examples/*.mlir (not the
/// embed/ and lego/ folders) and tests/lit/nvvm/*.mlir but the `_errors` files.
pub fn seeds(root: &Path) -> Vec<Seed> {
    let mut out = Vec::new();
    for dir in ["examples", "tests/lit/nvvm"] {
        let Ok(rd) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut files: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for p in files {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !p.is_file() || !name.ends_with(".mlir") || name.ends_with("_errors.mlir") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&p) else {
                continue;
            };
            if let Some(plan) = plan_of(&text) {
                out.push(Seed {
                    name: format!("{dir}/{name}"),
                    text,
                    plan,
                });
            }
        }
    }
    out
}

/// ptxas: `LAYOUT_PTXAS`, or the one of `.venv` (as tests/lit/nvvm/lit.local.cfg finds it).
pub fn find_ptxas(root: &Path) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("LAYOUT_PTXAS") {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    let lib = root.join(".venv/lib");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&lib)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("python3"))
        })
        .map(|p| p.join("site-packages/nvidia/cu13/bin/ptxas"))
        .filter(|p| p.is_file())
        .collect();
    v.sort();
    v.into_iter().next()
}

pub struct Kernel {
    exe: PathBuf,
    ptxas: Option<PathBuf>,
    seeds: Vec<Seed>,
    /// Inputs that lowered: mutated further (deeper than one step from a seed).
    corpus: Corpus,
    work: PathBuf,
    deadline: Option<Instant>,
    /// Inputs that lowered, that ptxas assembled, that were rejected with a precise error.
    pub lowered: u64,
    pub assembled: u64,
    pub rejected: u64,
}

impl Kernel {
    /// `root` is the repository (examples/, tests/lit/nvvm/, .venv/); `work` a scratch folder.
    pub fn new(exe: PathBuf, ptxas: Option<PathBuf>, root: &Path, work: PathBuf) -> Kernel {
        let _ = std::fs::create_dir_all(&work);
        Kernel {
            exe,
            ptxas,
            seeds: seeds(root),
            corpus: Corpus::new(64),
            work,
            deadline: None,
            lowered: 0,
            assembled: 0,
            rejected: 0,
        }
    }
    pub fn seeds(&self) -> usize {
        self.seeds.len()
    }
    /// The time one run may take: 30 s, or what is left of the budget (at least 2 s).
    fn limit(&self) -> Duration {
        match self.deadline {
            Some(d) => LIMIT.min(
                d.saturating_duration_since(Instant::now())
                    .max(Duration::from_secs(2)),
            ),
            None => LIMIT,
        }
    }
    fn spawn(
        &self,
        exe: &Path,
        args: &[String],
        limit: Duration,
    ) -> Result<process::Outcome, Finding> {
        let mut cmd = Command::new(exe);
        cmd.args(args);
        process::run(cmd, b"", limit, MEMORY)
            .map_err(|e| Finding::new("spawn", format!("cannot run {}: {e}", exe.display())))
    }
}

/// The header line of an input: how to run it and where it came from.
pub fn header(seed: &str, plan_json: &serde_json::Value) -> String {
    let mut v = plan_json.clone();
    v["seed"] = serde_json::Value::String(seed.to_string());
    format!("// KERNEL: {v}\n")
}

impl Target for Kernel {
    fn name(&self) -> &'static str {
        "kernel"
    }
    fn set_deadline(&mut self, deadline: Instant) {
        self.deadline = Some(deadline);
    }
    fn summary(&self) -> Option<String> {
        Some(format!(
            "{} inputs lowered ({} assembled by ptxas{}), {} rejected (parse, verifier or precise lowering error)",
            self.lowered,
            self.assembled,
            if self.ptxas.is_none() { ": none found" } else { "" },
            self.rejected
        ))
    }
    fn input(&mut self, r: &mut Rng) -> String {
        if !self.corpus.is_empty() && r.one_in(3) {
            let prev = self.corpus.pick(r).unwrap().clone();
            let (head, body) = prev.split_once('\n').unwrap_or(("", &prev));
            return format!("{head}\n{}", mutate_kernel(r, body));
        }
        let s = &self.seeds[r.below(self.seeds.len())];
        format!(
            "{}{}",
            header(&s.name, &s.plan.to_json()),
            mutate_kernel(r, &s.text)
        )
    }
    fn run(&mut self, input: &str) -> Result<u64, Finding> {
        let head = input.lines().next().unwrap_or("");
        let plan = head
            .strip_prefix("// KERNEL: ")
            .and_then(|j| serde_json::from_str::<serde_json::Value>(j).ok())
            .and_then(|v| Plan::from_json(&v))
            .unwrap_or(Plan::Nvvm {
                pre: Vec::new(),
                options: String::new(),
            });
        let id = std::process::id();
        let file = self.work.join(format!("kernel-{id}.mlir"));
        let ptx = self.work.join(format!("kernel-{id}.ptx"));
        let _ = std::fs::remove_file(&ptx);
        // The whole input (the header is an MLIR comment): line numbers match the saved file.
        std::fs::write(&file, input).map_err(|e| Finding::new("io", e.to_string()))?;
        let mut args = vec![file.display().to_string()];
        match &plan {
            Plan::Nvvm { pre, options } => {
                args.extend(pre.iter().cloned());
                args.push(format!("--lower-to-nvvm={options} ptx={}", ptx.display()));
            }
            Plan::Flags(f) => args.extend(f.iter().cloned()),
        }
        args.extend(["-o".to_string(), "/dev/null".to_string()]);
        let limit = self.limit();
        let o = self.spawn(&self.exe.clone(), &args, limit)?;
        if o.timed_out && limit < LIMIT {
            // Cut by the end of the budget, not by the per-run limit: not a finding.
            return Ok(0);
        }
        if let Some(f) = crashed(&o, "layout-opt") {
            return Err(f);
        }
        let err = String::from_utf8_lossy(&o.stderr);
        if o.code != Some(0) {
            let es = errors(&err);
            // LAYOUT_FUZZ_KERNEL_LOG=FILE: the first error of each rejected input (to see
            // where the mutations stop).
            if let Some(log) = std::env::var_os("LAYOUT_FUZZ_KERNEL_LOG") {
                use std::io::Write;
                if let Ok(mut f) = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(log)
                {
                    let _ = writeln!(f, "{}", es.first().map_or("", |e| e.as_str()));
                }
            }
            if es.iter().any(|e| is_precise(e, input)) {
                self.rejected += 1;
                return Ok(1);
            }
            // No precise error: fine when the input does not verify (a parse or verifier
            // error), a finding when it does.
            let verify = self.spawn(
                &self.exe.clone(),
                &[file.display().to_string(), "-o".into(), "/dev/null".into()],
                self.limit(),
            )?;
            if let Some(f) = crashed(&verify, "layout-opt (verification)") {
                return Err(f);
            }
            if verify.code != Some(0) {
                self.rejected += 1;
                return Ok(1);
            }
            return Err(Finding::new(
                "internal",
                format!(
                    "the input verifies, but layout-opt {:?} fails with no error that names a layout op:\n{}",
                    &args[1..],
                    es.join("\n")
                ),
            ));
        }
        self.lowered += 1;
        if let Some((func, threads, need)) = thread_shortfall(input) {
            return Err(Finding::new(
                "threads",
                format!(
                    "@{func} lowered with known_block_size of {threads} threads, but its register or TMEM layouts need {need}"
                ),
            ));
        }
        if let (Plan::Nvvm { options, .. }, Some(ptxas)) = (&plan, self.ptxas.clone()) {
            if ptx.is_file() {
                let chip = chip_of(options);
                let cubin = self.work.join(format!("kernel-{id}.cubin"));
                let a = [
                    "--gpu-name".to_string(),
                    chip.clone(),
                    ptx.display().to_string(),
                    "-o".into(),
                    cubin.display().to_string(),
                ];
                let limit = self.limit();
                let p = self.spawn(&ptxas, &a, limit)?;
                if p.timed_out && limit < LIMIT {
                    return Ok(0);
                }
                if p.timed_out || p.signal.is_some() || p.code != Some(0) {
                    return Err(Finding::new(
                        "ptxas",
                        format!(
                            "ptxas --gpu-name {chip} rejects the PTX of a successful lowering ({}):\n{}",
                            if p.timed_out { "timeout".to_string() } else { format!("exit {:?}, signal {:?}", p.code, p.signal) },
                            String::from_utf8_lossy(&p.stderr)
                        ),
                    ));
                }
                self.assembled += 1;
            }
        }
        let mut r = Rng::new(input.len() as u64);
        self.corpus.add(&mut r, input.to_string());
        Ok(1)
    }
}
