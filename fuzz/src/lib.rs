//! `layout-fuzz`: a structured fuzzer for the layout algebra, `layout batch` and `layout-opt`
//! that runs on stable Rust (no libFuzzer, no nightly). See docs/fuzzing.md.
//!
//! Targets make inputs with generators that know the syntax and the operations' argument
//! kinds, mutate the inputs that got far, run them under a time and memory watch, and check
//! post-conditions on every success. Findings are saved as replayable files.

pub mod driver;
pub mod gen;
pub mod kernel_mutate;
pub mod kernel_oracle;
pub mod memory;
pub mod mutate;
pub mod oracle;
pub mod process;
pub mod rng;
pub mod targets;

use std::path::{Path, PathBuf};

use driver::Target;

/// The names of the targets, in the order `--target all` runs them.
pub const TARGETS: &[&str] = &["parse", "ops", "linear", "batch", "opt", "kernel"];

/// Where the binaries and the lit files are.
#[derive(Clone, Debug)]
pub struct Setup {
    pub layout: PathBuf,
    pub layout_opt: PathBuf,
    pub lit_dir: PathBuf,
    /// The repository (examples/ and tests/lit/nvvm/: the kernel target's seeds).
    pub root: PathBuf,
    /// ptxas for the kernel target (None: its PTX is not assembled).
    pub ptxas: Option<PathBuf>,
    pub work: PathBuf,
}

/// Make the target `name`.
pub fn target(name: &str, s: &Setup) -> Result<Box<dyn Target>, String> {
    let need = |p: &Path, what: &str| {
        if p.is_file() {
            Ok(())
        } else {
            Err(format!(
                "target {name} needs {what} at {} (build it first, or pass its path)",
                p.display()
            ))
        }
    };
    Ok(match name {
        "parse" => Box::new(targets::parse::Parse::new()),
        "ops" => Box::new(targets::ops::Ops::all()),
        "linear" => Box::new(targets::ops::Ops::linear()),
        "batch" => {
            need(&s.layout, "the layout binary")?;
            Box::new(targets::batch::Batch::new(s.layout.clone()))
        }
        "opt" => {
            need(&s.layout_opt, "the layout-opt binary")?;
            let t = targets::opt::Opt::new(s.layout_opt.clone(), &s.lit_dir, s.work.clone());
            if t.seeds() == 0 {
                return Err(format!("no .mlir files under {}", s.lit_dir.display()));
            }
            Box::new(t)
        }
        "kernel" => {
            need(&s.layout_opt, "the layout-opt binary")?;
            let t = targets::kernel::Kernel::new(
                s.layout_opt.clone(),
                s.ptxas.clone(),
                &s.root,
                s.work.clone(),
            );
            if t.seeds() == 0 {
                return Err(format!(
                    "no kernel-level .mlir files under {}/examples or tests/lit/nvvm",
                    s.root.display()
                ));
            }
            Box::new(t)
        }
        _ => {
            return Err(format!(
                "unknown target '{name}' (one of {})",
                TARGETS.join(", ")
            ))
        }
    })
}
