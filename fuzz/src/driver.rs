//! The fuzzing loop: for each target, make inputs (generated or mutated), run them, count the
//! executions, and save every finding (panic, broken post-condition, signal, bad exit code,
//! too slow, too much memory) to the crash directory as a file that replays it
//! (`layout-fuzz --replay FILE --target NAME`).
//!
//! A watchdog thread saves the input and ends the process when one execution takes longer
//! than the time limit (an in-process call cannot be interrupted).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::rng::Rng;

/// What a target found wrong with one input.
#[derive(Debug)]
pub struct Finding {
    /// Short class: panic, oracle, signal, exit, slow, memory, ...
    pub kind: &'static str,
    pub message: String,
}

impl Finding {
    pub fn new(kind: &'static str, message: impl Into<String>) -> Finding {
        Finding {
            kind,
            message: message.into(),
        }
    }
}

/// A fuzzing target: an input maker and a runner with its oracles.
pub trait Target {
    fn name(&self) -> &'static str;
    /// One input: generated from scratch or a mutation of an earlier one.
    fn input(&mut self, r: &mut Rng) -> String;
    /// Run one input. `execs` is how many executions it stands for (a batch of requests
    /// counts each request).
    fn run(&mut self, input: &str) -> Result<u64, Finding>;
    /// The end of this target's budget (a subprocess target may shorten its last run's
    /// time limit to it, so that a whole run keeps to its budget).
    fn set_deadline(&mut self, _deadline: Instant) {}
    /// A line of the target's own figures, printed after its report.
    fn summary(&self) -> Option<String> {
        None
    }
}

/// Limits of one run.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Longest execution before it is a finding (and, in process, the end of the run).
    pub exec_timeout: Duration,
    /// Memory an in-process execution may use beyond what was live before it:
    /// `mem_factor` times the input's length plus `mem_slack` bytes.
    pub mem_factor: usize,
    pub mem_slack: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            exec_timeout: Duration::from_secs(10),
            mem_factor: 10,
            mem_slack: 64 << 20,
        }
    }
}

/// Figures of one target's run.
#[derive(Debug, Default, Clone)]
pub struct Report {
    pub target: &'static str,
    pub execs: u64,
    pub inputs: u64,
    pub findings: Vec<(String, PathBuf)>,
    pub seconds: f64,
    pub slowest: f64,
    /// The input that took longest (to look into cost bounds).
    pub slowest_input: String,
}

static CRASH_DIR: Mutex<Option<PathBuf>> = Mutex::new(None);
static CURRENT: Mutex<(String, String)> = Mutex::new((String::new(), String::new()));
static STARTED_MS: AtomicU64 = AtomicU64::new(0);

fn now_ms() -> u64 {
    static T0: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    T0.get_or_init(Instant::now).elapsed().as_millis() as u64 + 1
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Save `input` of `target` as a finding of `kind`; returns the file.
pub fn save(target: &str, kind: &str, input: &str, message: &str) -> PathBuf {
    let dir = CRASH_DIR
        .lock()
        .map(|d| d.clone())
        .ok()
        .flatten()
        .unwrap_or_else(|| PathBuf::from("fuzz-crashes"));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{target}-{kind}-{:016x}.txt", fnv(input)));
    let _ = std::fs::write(&path, input);
    let _ = std::fs::write(path.with_extension("why"), message);
    path
}

/// Save the input being executed right now (used by the watchdog and the allocator cap).
pub fn save_current(kind: &str, message: &str) {
    if let Ok(cur) = CURRENT.try_lock() {
        let p = save(&cur.0, kind, &cur.1, message);
        eprintln!(
            "layout-fuzz: {kind}: {message}; input saved to {}",
            p.display()
        );
    }
}

fn watchdog(limit: Duration) {
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(250));
        let st = STARTED_MS.load(Ordering::Relaxed);
        if st != 0 && now_ms().saturating_sub(st) > limit.as_millis() as u64 {
            save_current(
                "timeout",
                &format!("one execution took more than {limit:?}"),
            );
            std::process::exit(3);
        }
    });
}

/// Install the crash directory and the watchdog (once per process).
pub fn init(crash_dir: PathBuf, limits: &Limits) {
    *CRASH_DIR.lock().unwrap() = Some(crash_dir);
    static ONCE: std::sync::Once = std::sync::Once::new();
    let l = limits.exec_timeout * 2;
    ONCE.call_once(|| watchdog(l));
}

/// Run `t` for `budget` from `seed`; `count_memory` when the counting allocator is active.
pub fn run(
    t: &mut dyn Target,
    seed: u64,
    budget: Duration,
    limits: &Limits,
    count_memory: bool,
) -> Report {
    let mut r = Rng::new(seed ^ fnv(t.name()));
    let mut rep = Report {
        target: t.name(),
        ..Report::default()
    };
    let start = Instant::now();
    t.set_deadline(start + budget);
    while start.elapsed() < budget {
        let input = t.input(&mut r);
        if let Ok(mut c) = CURRENT.lock() {
            c.0.clear();
            c.0.push_str(t.name());
            c.1.clear();
            c.1.push_str(&input);
        }
        if count_memory {
            crate::memory::reset_peak();
        }
        let base = crate::memory::live();
        STARTED_MS.store(now_ms(), Ordering::Relaxed);
        let t0 = Instant::now();
        let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| t.run(&input)));
        let dt = t0.elapsed();
        STARTED_MS.store(0, Ordering::Relaxed);
        rep.inputs += 1;
        if dt.as_secs_f64() > rep.slowest {
            rep.slowest = dt.as_secs_f64();
            rep.slowest_input = input.clone();
        }
        let mut finding = match res {
            Ok(Ok(n)) => {
                rep.execs += n;
                None
            }
            Ok(Err(f)) => {
                rep.execs += 1;
                Some(f)
            }
            Err(p) => {
                rep.execs += 1;
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                Some(Finding::new("panic", msg))
            }
        };
        if finding.is_none() && dt > limits.exec_timeout {
            finding = Some(Finding::new("slow", format!("took {dt:?}")));
        }
        if finding.is_none() && count_memory {
            let used = crate::memory::peak().saturating_sub(base);
            let allowed = limits.mem_factor * input.len() + limits.mem_slack;
            if used > allowed {
                finding = Some(Finding::new(
                    "memory",
                    format!(
                        "used {used} bytes for a {}-byte input (limit {allowed})",
                        input.len()
                    ),
                ));
            }
        }
        if let Some(f) = finding {
            let path = save(t.name(), f.kind, &input, &f.message);
            eprintln!(
                "layout-fuzz: {}: {}: {} (saved to {})",
                t.name(),
                f.kind,
                f.message.lines().next().unwrap_or(""),
                path.display()
            );
            rep.findings
                .push((format!("{}: {}", f.kind, f.message), path));
        }
    }
    rep.seconds = start.elapsed().as_secs_f64();
    rep
}
