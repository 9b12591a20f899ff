//! What the commands of `layout` share: the usage error, the report of an evaluation error
//! (with a caret), the output on stdout (a closed pipe ends quietly).

use std::io::{self, Write};
use std::process::ExitCode;

use layout_algebra::expression::{self, ExprError};

use crate::registry::Ops;

pub fn usage_error(msg: &str) -> ExitCode {
    eprintln!(
        "error: {msg}\nusage: layout eval EXPR | layout show EXPR | layout batch [--threads N] | layout help [OP] | layout --version"
    );
    ExitCode::from(2)
}

/// `f()`, or an internal error if it panics (the algebra never panics by contract; should it,
/// `eval` and `show` report it like any error and exit 1, as `batch` answers the request).
pub fn no_panic<T>(what: &str, f: impl FnOnce() -> Result<T, ExprError>) -> Result<T, ExprError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|_| {
        Err(ExprError {
            message: format!("internal error: {what} panicked (please report this input)"),
            offset: None,
        })
    })
}

/// Evaluate `src`, or report the error (with a caret under its position) on stderr.
pub fn evaluate(src: &str) -> Option<layout_algebra::Value> {
    match no_panic("the evaluation", || expression::eval_str(src, &Ops)) {
        Ok(v) => Some(v),
        Err(e) => {
            eprintln!("error: {}", e.message);
            if let Some(off) = e.offset {
                eprintln!("{}", caret(src, off));
            }
            None
        }
    }
}

pub fn emit(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: writing the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// The expression on one line and a caret under the byte `offset` (for error reports).
/// Control characters are shown as spaces so that the caret column stays right.
pub fn caret(src: &str, offset: usize) -> String {
    let mut off = offset.min(src.len());
    while !src.is_char_boundary(off) {
        off -= 1;
    }
    let line: String = src
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let col = src[..off].chars().count();
    format!("  {line}\n  {}^", " ".repeat(col))
}

#[cfg(test)]
mod tests {
    use super::caret;

    #[test]
    fn caret_line() {
        assert_eq!(caret("size(8:1", 8), "  size(8:1\n          ^");
        assert_eq!(caret("a\tb", 2), "  a b\n    ^");
        assert_eq!(caret("é(x", 2), "  é(x\n   ^");
    }
}
