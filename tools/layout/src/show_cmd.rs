//! `layout show` with options: the picture formats and views.
//!
//! ```text
//! layout show [--svg | --latex] EXPR                  a layout, cells by offset
//! layout show [--svg | --latex] --tv TV TILE          a thread/value layout over a tile
//! layout show [--svg | --latex] --owners LL           a linear layout's owner map
//! layout show [--svg | --latex] --banks ELEM EXPR     the bank of each element
//! ```
//!
//! Without `--svg`/`--latex` the picture is the text table of `layout show`.

use std::process::ExitCode;

use layout_algebra::Value;

use crate::cli::{emit, evaluate, usage_error};
use crate::picture::Picture;
use crate::{show_latex, show_svg, show_views};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Svg,
    Latex,
}

enum View<'a> {
    Layout,
    Tv,
    Owners,
    Banks(&'a str),
}

/// `args` are the arguments after `show`.
pub fn run(args: &[&str]) -> ExitCode {
    let mut format = Format::Text;
    let mut view = View::Layout;
    let mut exprs = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        let set_format = |f: &mut Format, to: Format| {
            if *f != Format::Text {
                return Err("give one of --svg and --latex".to_string());
            }
            *f = to;
            Ok(())
        };
        let r = match a {
            "--svg" => set_format(&mut format, Format::Svg),
            "--latex" => set_format(&mut format, Format::Latex),
            "--tv" | "--owners" | "--banks" if !matches!(view, View::Layout) => {
                Err("give one of --tv, --owners and --banks".to_string())
            }
            "--tv" => {
                view = View::Tv;
                Ok(())
            }
            "--owners" => {
                view = View::Owners;
                Ok(())
            }
            "--banks" => match args.get(i + 1) {
                Some(e) => {
                    i += 1;
                    view = View::Banks(e);
                    Ok(())
                }
                None => Err("--banks takes an element type, e.g. --banks f16".to_string()),
            },
            _ if a.starts_with("--") => Err(format!("unknown option '{a}' of `layout show`")),
            _ => {
                exprs.push(a);
                Ok(())
            }
        };
        if let Err(m) = r {
            return usage_error(&m);
        }
        i += 1;
    }
    let want = match view {
        View::Tv => (
            2,
            "--tv takes a TV layout and a tile shape, e.g. --tv '((4,8),4):((32,1),8)' '(32,8)'",
        ),
        _ => (1, "`layout show` takes exactly one EXPR (quote it)"),
    };
    if exprs.len() != want.0 {
        return usage_error(want.1);
    }
    let mut vals: Vec<Value> = Vec::new();
    for e in &exprs {
        match evaluate(e) {
            Some(v) => vals.push(v),
            None => return ExitCode::from(1),
        }
    }
    let picture = match view {
        View::Layout => show_views::layout_view(&vals[0]),
        View::Tv => show_views::tv_view(&vals[0], &vals[1]),
        View::Owners => show_views::owner_view(&vals[0]),
        View::Banks(elem) => show_views::bank_view(elem, &vals[0]),
    };
    match picture {
        Ok(p) => emit(&render(&p, format)),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn render(p: &Picture, format: Format) -> String {
    match format {
        Format::Text => p.text(),
        Format::Svg => show_svg::svg(p),
        Format::Latex => show_latex::latex(p),
    }
}
