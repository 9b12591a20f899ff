//! `layout`: a calculator for the CuTe layout algebra.
//!
//! `layout eval EXPR`, `layout show EXPR`, `layout batch` (JSON Lines), `layout help [OP]`,
//! `layout --version`.
//! See docs/cli.md.

mod batch;
mod cli;
mod codegen;
mod op_help;
mod picture;
mod registry;
mod relation_ops;
mod show;
mod show_cmd;
mod show_latex;
mod show_svg;
mod show_views;

use std::io;
use std::process::ExitCode;

use layout_algebra::expression::ExprError;
use layout_algebra::text;

use cli::{emit, evaluate, no_panic, usage_error};

/// mimalloc: the batch mode allocates many small trees per request.
#[global_allocator]
static ALLOC: SmallAlignMimalloc = SmallAlignMimalloc;

/// mimalloc, calling its plain entry points for alignments up to 8, which every mimalloc
/// block has (block sizes are multiples of 8 from 16-aligned page starts): the `_aligned`
/// variants take a slower path, most of all when a vector grows.
struct SmallAlignMimalloc;

fn plain(layout: std::alloc::Layout) -> bool {
    layout.align() <= 8
}

// SAFETY: every block comes from mimalloc and is freed by mi_free (as MiMalloc does); blocks
// from mi_malloc and mi_realloc are 8-aligned, which covers `plain` layouts.
unsafe impl std::alloc::GlobalAlloc for SmallAlignMimalloc {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        if plain(layout) {
            libmimalloc_sys::mi_malloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc(layout)
        }
    }
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        mimalloc::MiMalloc.alloc_zeroed(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        mimalloc::MiMalloc.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        if plain(layout) {
            libmimalloc_sys::mi_realloc(ptr.cast(), new_size).cast()
        } else {
            mimalloc::MiMalloc.realloc(ptr, layout, new_size)
        }
    }
}

fn help() -> String {
    let mut s = String::from(
        "layout — calculator for the CuTe layout algebra

USAGE:
    layout eval EXPR     evaluate EXPR and print the result in canonical text
    layout show EXPR     print a rank-1 or rank-2 layout as a table (rows = mode 0)
    layout show [--svg | --latex] [--tv TV TILE | --owners LL | --banks ELEM EXPR | EXPR]
                         the same as a picture (SVG, LaTeX/TikZ); thread/value layouts over
                         a tile, a linear layout's owner map, the bank of each element
    layout batch [--threads N]
                         answer JSON Lines requests from stdin, one line out per line in:
                         {\"id\": ..., \"op\": \"NAME\", \"args\": [\"VALUE\", ...]}
                         (N worker threads, default: one per core)
    layout codegen --lang c|triton|mlir [--name NAME] LAYOUT
                         the simplified apply/inv index math of a bijective (LEGO) layout
                         as source text (docs/bijective.md)
    layout help          this text (also -h, --help)
    layout help OP       the signature, contract and an example of the operation OP
    layout --version     the version (also -V)

EXPR is a value of the layout syntax, e.g. (4,8):(8,1), Sw<3,4,3> o 0 o (8,64):(64,1), [4:1,_],
or a call NAME(EXPR, ...), e.g. composition((20):(2), (5,4):(4,1)).
Exit status: 0 on success, 1 when the expression fails (also an internal error; batch: only
when stdin or stdout fails, each request gets its answer), 2 on bad usage.

OPERATIONS (semantics in docs/algebra.md):
",
    );
    let list = |s: &mut String, names: Vec<&str>| {
        let mut line = String::from("   ");
        for name in names {
            if line.len() + name.len() + 1 > 92 {
                s.push_str(&line);
                s.push('\n');
                line = String::from("   ");
            }
            line.push(' ');
            line.push_str(name);
        }
        s.push_str(&line);
        s.push('\n');
    };
    list(&mut s, op_help::names());
    s.push_str(
        "\nIR-ONLY OPS (family kernel: ops of the dialect, layout.NAME, that `layout eval` does not run;\n\
         `layout help NAME` states each contract; docs/dialect.md, docs/nvvm.md):\n",
    );
    list(&mut s, op_help::kernel_names());
    s
}

/// Worker threads of `layout batch` by default: one per core, at most 8.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

fn batch(threads: usize) -> ExitCode {
    match batch::run_batch(io::stdin().lock(), &mut io::stdout(), threads) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`layout batch < reqs | head`): stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: batch I/O: {e}");
            ExitCode::from(1)
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        [] => usage_error("no command given"),
        ["help" | "-h" | "--help"] => emit(&help()),
        ["help", "--markdown"] => emit(&op_help::markdown()),
        // `layout help layout.make_tensor` names the op as MLIR does.
        ["help", op] => match op_help::lookup(op.strip_prefix("layout.").unwrap_or(op)) {
            Some(h) => emit(&op_help::render(h)),
            None => usage_error(&registry::unknown_op(op)),
        },
        ["help", ..] => usage_error("`layout help` takes at most one operation name"),
        ["--version" | "-V"] => emit(concat!("layout ", env!("CARGO_PKG_VERSION"), "\n")),
        ["eval", src] => match evaluate(src) {
            Some(v) => emit(&format!("{}\n", text::print(&v))),
            None => ExitCode::from(1),
        },
        ["show", first, ..] if first.starts_with("--") => show_cmd::run(&args[1..]),
        ["show", src] => match evaluate(src) {
            Some(v) => match no_panic("show", || {
                show::show(&v).map_err(|e| ExprError {
                    message: e.to_string(),
                    offset: None,
                })
            })
            .map_err(|e| e.message)
            {
                Ok(table) => emit(&table),
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            },
            None => ExitCode::from(1),
        },
        ["codegen", rest @ ..] => codegen::run(rest, emit),
        ["batch"] => batch(default_threads()),
        ["batch", "--threads", n] => match n.parse::<usize>() {
            Ok(n) if n >= 1 => batch(n),
            _ => usage_error("--threads takes a positive integer"),
        },
        ["eval" | "show", ..] => usage_error(&format!(
            "`layout {}` takes exactly one EXPR (quote it)",
            args[0]
        )),
        ["batch", ..] => {
            usage_error("`layout batch` takes only --threads N (the requests come on stdin)")
        }
        [cmd, ..] => usage_error(&format!("unknown command '{cmd}'")),
    }
}
