//! `layout-fuzz`: see docs/fuzzing.md.
//!
//! layout-fuzz [--target NAME[,NAME...]|all] [--seconds N] [--seed N] [--crashes DIR]
//!             [--layout PATH] [--layout-opt PATH] [--lit DIR] [--root DIR] [--ptxas PATH]
//!             [--replay FILE]
//!
//! `--seconds` is the total budget, shared by the targets in proportion to their weight.
//! Exit status: 0 when no target found anything (upstream MLIR's own crashes are listed but do
//! not count), 1 when something was found, 2 on bad usage.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use layout_fuzz::driver::{self, Limits};
use layout_fuzz::{memory, target, Setup, TARGETS};

#[global_allocator]
static ALLOC: memory::Counting = memory::Counting;

fn usage(msg: &str) -> ExitCode {
    eprintln!("error: {msg}\nusage: layout-fuzz [--target NAME,...|all] [--seconds N] [--seed N] [--crashes DIR] [--layout PATH] [--layout-opt PATH] [--lit DIR] [--root DIR] [--ptxas PATH] [--replay FILE]");
    ExitCode::from(2)
}

/// Share of the budget per target (the subprocess targets are slower per execution).
fn weight(name: &str) -> u64 {
    match name {
        "parse" => 1,
        "linear" => 2,
        "ops" | "batch" | "opt" | "kernel" => 3,
        _ => 1,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut names: Vec<String> = TARGETS.iter().map(|s| s.to_string()).collect();
    let mut seconds = 60u64;
    let mut seed = 1u64;
    let mut crashes = PathBuf::from("fuzz-crashes");
    let mut replay: Option<PathBuf> = None;
    let mut setup = Setup {
        layout: root.join("target/debug/layout"),
        layout_opt: root.join("target/debug/layout-opt"),
        lit_dir: root.join("tests/lit"),
        root: root.clone(),
        ptxas: layout_fuzz::targets::kernel::find_ptxas(&root),
        work: std::env::temp_dir().join("layout-fuzz"),
    };
    let mut i = 0;
    while i < args.len() {
        let val = args.get(i + 1).cloned();
        let Some(v) = val.filter(|_| args[i].starts_with("--")) else {
            return usage(&format!("{} needs a value", args[i]));
        };
        match args[i].as_str() {
            "--target" => {
                names = if v == "all" {
                    TARGETS.iter().map(|s| s.to_string()).collect()
                } else {
                    v.split(',').map(str::to_string).collect()
                }
            }
            "--seconds" => match v.parse() {
                Ok(n) => seconds = n,
                Err(_) => return usage("--seconds takes a number"),
            },
            "--seed" => match v.parse() {
                Ok(n) => seed = n,
                Err(_) => return usage("--seed takes a number"),
            },
            "--crashes" => crashes = v.into(),
            "--layout" => setup.layout = v.into(),
            "--layout-opt" => setup.layout_opt = v.into(),
            "--lit" => setup.lit_dir = v.into(),
            "--root" => setup.root = v.into(),
            "--ptxas" => setup.ptxas = Some(v.into()).filter(|p: &PathBuf| p.is_file()),
            "--replay" => replay = Some(v.into()),
            other => return usage(&format!("unknown option {other}")),
        }
        i += 2;
    }
    let limits = Limits::default();
    driver::init(crashes.clone(), &limits);
    // A blow-up ends the run with the input saved, long before the machine swaps.
    memory::set_cap(3 << 30, driver::save_current);

    if let Some(file) = replay {
        let Ok(input) = std::fs::read_to_string(&file) else {
            return usage(&format!("cannot read {}", file.display()));
        };
        let name = names.first().cloned().unwrap_or_default();
        let mut t = match target(&name, &setup) {
            Ok(t) => t,
            Err(e) => return usage(&e),
        };
        return match t.run(&input) {
            Ok(_) => {
                println!("{name}: no finding on {}", file.display());
                ExitCode::SUCCESS
            }
            Err(f) => {
                println!("{name}: {}: {}", f.kind, f.message);
                ExitCode::from(1)
            }
        };
    }

    let mut ts = Vec::new();
    for n in &names {
        match target(n, &setup) {
            Ok(t) => ts.push(t),
            Err(e) => return usage(&e),
        }
    }
    let total: u64 = names.iter().map(|n| weight(n)).sum();
    let mut found = 0;
    println!(
        "layout-fuzz: seed {seed}, {seconds} s over {}",
        names.join(", ")
    );
    for (t, n) in ts.iter_mut().zip(&names) {
        let budget = Duration::from_secs_f64(seconds as f64 * weight(n) as f64 / total as f64);
        let in_process = !matches!(n.as_str(), "batch" | "opt" | "kernel");
        let rep = driver::run(t.as_mut(), seed, budget, &limits, in_process);
        println!(
            "{:<7} {:>10} execs {:>8} inputs {:>7.1} s  {:>9.0} execs/s  slowest {:.3} s  findings {}",
            rep.target,
            rep.execs,
            rep.inputs,
            rep.seconds,
            rep.execs as f64 / rep.seconds.max(1e-9),
            rep.slowest,
            rep.findings.len()
        );
        if let Some(s) = t.summary() {
            println!("    {s}");
        }
        if rep.slowest > 1.0 {
            let t: String = rep.slowest_input.chars().take(160).collect();
            println!("    slowest input ({:.3} s): {t}", rep.slowest);
        }
        for (m, p) in &rep.findings {
            let m: String = m.lines().next().unwrap_or("").chars().take(200).collect();
            println!("    {m} -> {}", p.display());
        }
        // Upstream MLIR's own crashes are reported, not counted against this project.
        found += rep
            .findings
            .iter()
            .filter(|(m, _)| !m.starts_with("upstream-signal"))
            .count();
    }
    if found > 0 {
        println!(
            "layout-fuzz: {found} findings saved under {}",
            crashes.display()
        );
        ExitCode::from(1)
    } else {
        println!("layout-fuzz: no findings");
        ExitCode::SUCCESS
    }
}
