//! `layout codegen --lang c|triton|mlir [--name NAME] LAYOUT`: the simplified index math of
//! a bijective (LEGO) layout's apply and inv as C, Triton or MLIR source (docs/bijective.md).

use std::process::ExitCode;

use layout_algebra::bijective::codegen::{codegen, Lang};
use layout_algebra::bijective::parse_chain;

pub const USAGE: &str = "layout codegen --lang c|triton|mlir [--name NAME] LAYOUT";

/// Run the subcommand on its arguments (after `codegen`); the text goes to `emit`.
pub fn run(args: &[&str], emit: impl FnOnce(&str) -> ExitCode) -> ExitCode {
    let mut lang = None;
    let mut name = "lego";
    let mut layout = None;
    let mut k = 0;
    while k < args.len() {
        match args[k] {
            "--lang" | "--name" if k + 1 == args.len() => {
                return usage(&format!("{} needs a value", args[k]));
            }
            "--lang" => {
                match Lang::parse(args[k + 1]) {
                    Ok(l) => lang = Some(l),
                    Err(e) => return usage(&e.to_string()),
                }
                k += 2;
            }
            "--name" => {
                name = args[k + 1];
                k += 2;
            }
            a if layout.is_none() => {
                layout = Some(a);
                k += 1;
            }
            a => return usage(&format!("unexpected argument '{a}' (quote the layout)")),
        }
    }
    let (Some(lang), Some(text)) = (lang, layout) else {
        return usage("--lang and a LAYOUT are required");
    };
    let chain = match parse_chain(text) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            if let Some(off) = e.offset() {
                eprintln!("{}", crate::cli::caret(text, off));
            }
            return ExitCode::from(1);
        }
    };
    match codegen(&chain, lang, name) {
        Ok(src) => emit(&src),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("error: {msg}\nusage: {USAGE}");
    ExitCode::from(2)
}
