//! `layout batch`: JSON Lines requests on stdin, one answer line per request line, in order.
//!
//! Request:  `{"id": <any JSON>, "op": "<name>", "args": ["<value>", ...]}` (an integer in
//!           `args` stands for its decimal text; other keys are ignored).
//! Answer:   `{"id": <id>, "result": <integer | array | string>}` or
//!           `{"id": <id>, "error": "<message>"}`, plus `"offset"` (byte offset inside the
//!           argument) and `"arg"` (its index) for a parse error of an argument.
//! The id is echoed byte for byte; it is `null` when the line gave none (or was not JSON).

use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::panic::{self, AssertUnwindSafe};

use layout_algebra::{ops, text, Int, Tree, Value};
use serde_json::value::RawValue;

use crate::expr::unknown_op;

/// Why a request failed.
#[derive(Debug, PartialEq, Eq)]
pub struct Failure {
    pub message: String,
    /// (argument index, byte offset inside it) of a parse error.
    pub at: Option<(usize, usize)>,
}

impl Failure {
    fn new(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            at: None,
        }
    }
}

/// A request line split into its id (raw JSON text) and the outcome.
pub fn answer(line: &str) -> (Option<&str>, Result<Value, Failure>) {
    if line.trim().is_empty() {
        return (None, Err(Failure::new("empty request line")));
    }
    let map: BTreeMap<String, &RawValue> = match serde_json::from_str(line) {
        Ok(m) => m,
        Err(e) if e.classify() == serde_json::error::Category::Data => {
            return (
                None,
                Err(Failure::new("malformed request: not a JSON object")),
            )
        }
        Err(e) => {
            return (
                None,
                Err(Failure::new(format!(
                    "malformed request: invalid JSON: {e}"
                ))),
            )
        }
    };
    let id = map.get("id").map(|r| r.get());
    (id, run(&map))
}

fn run(map: &BTreeMap<String, &RawValue>) -> Result<Value, Failure> {
    let op = match map.get("op") {
        None => return Err(Failure::new("malformed request: missing \"op\"")),
        Some(raw) => json_string(raw)
            .ok_or_else(|| Failure::new("malformed request: \"op\" must be a string"))?,
    };
    let args = match map.get("args") {
        None => return Err(Failure::new("malformed request: missing \"args\"")),
        Some(raw) => serde_json::from_str::<Vec<&RawValue>>(raw.get())
            .map_err(|_| Failure::new("malformed request: \"args\" must be an array of strings"))?,
    };
    let mut texts = Vec::with_capacity(args.len());
    for (i, raw) in args.iter().enumerate() {
        let t = json_string(raw)
            .or_else(|| json_integer(raw))
            .ok_or_else(|| {
                Failure::new(format!(
                    "malformed request: args[{i}] must be a string or an integer"
                ))
            })?;
        texts.push(t);
    }
    if !ops::OP_NAMES.contains(&op.as_ref()) {
        return Err(Failure::new(unknown_op(&op)));
    }
    let mut vals = Vec::with_capacity(texts.len());
    for (i, t) in texts.iter().enumerate() {
        let v = text::parse(t).map_err(|e| Failure {
            message: e.to_string(),
            at: e.offset().map(|o| (i, o)),
        })?;
        vals.push(v);
    }
    // The algebra never panics by contract; should it, the request fails, not the batch.
    match panic::catch_unwind(AssertUnwindSafe(|| ops::call(&op, &vals))) {
        Ok(r) => r.map_err(|e| Failure::new(e.to_string())),
        Err(_) => Err(Failure::new(format!(
            "internal error: {op} panicked (please report this input)"
        ))),
    }
}

/// The text of a JSON string (borrowed unless it has escapes).
fn json_string<'a>(raw: &'a RawValue) -> Option<std::borrow::Cow<'a, str>> {
    let s = raw.get();
    if !s.starts_with('"') {
        return None;
    }
    match serde_json::from_str::<&str>(s) {
        Ok(t) => Some(t.into()),
        Err(_) => serde_json::from_str::<String>(s).ok().map(Into::into),
    }
}

/// The decimal text of a JSON integer.
fn json_integer(raw: &RawValue) -> Option<std::borrow::Cow<'_, str>> {
    let s = raw.get();
    let integral = s.strip_prefix('-').unwrap_or(s);
    (!integral.is_empty() && integral.bytes().all(|c| c.is_ascii_digit())).then_some(s.into())
}

/// Write one answer line.
pub fn write_answer(
    out: &mut impl Write,
    id: Option<&str>,
    r: &Result<Value, Failure>,
) -> io::Result<()> {
    out.write_all(b"{\"id\":")?;
    out.write_all(id.unwrap_or("null").as_bytes())?;
    match r {
        Ok(v) => {
            out.write_all(b",\"result\":")?;
            match v {
                Value::Tuple(Tree::Leaf(Int::Lit(x))) => write!(out, "{x}")?,
                Value::Ints(xs) => {
                    out.write_all(b"[")?;
                    for (i, x) in xs.iter().enumerate() {
                        if i > 0 {
                            out.write_all(b",")?;
                        }
                        write!(out, "{x}")?;
                    }
                    out.write_all(b"]")?;
                }
                other => write_json_str(out, &text::print(other))?,
            }
        }
        Err(f) => {
            out.write_all(b",\"error\":")?;
            write_json_str(out, &f.message)?;
            if let Some((arg, offset)) = f.at {
                write!(out, ",\"offset\":{offset},\"arg\":{arg}")?;
            }
        }
    }
    out.write_all(b"}\n")
}

/// A JSON string literal.
fn write_json_str(out: &mut impl Write, s: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
    let b = s.as_bytes();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        let esc: &[u8] = match c {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..=0x1f => b"",
            _ => continue,
        };
        out.write_all(&b[start..i])?;
        if esc.is_empty() {
            write!(out, "\\u{c:04x}")?;
        } else {
            out.write_all(esc)?;
        }
        start = i + 1;
    }
    out.write_all(&b[start..])?;
    out.write_all(b"\"")
}

/// Answer every line of `input` on `output`. Output is flushed only when the input has no
/// buffered data left (before a read that may block), so an interactive client that writes
/// one line and waits gets its answer, and a pipe gets large writes.
pub fn run_batch<R: Read>(input: &mut BufReader<R>, output: &mut impl Write) -> io::Result<()> {
    let mut line = Vec::with_capacity(256);
    loop {
        if fill(input, output)?.is_empty() {
            break;
        }
        line.clear();
        read_line(input, &mut line, output)?;
        let mut end = line.len();
        if end > 0 && line[end - 1] == b'\n' {
            end -= 1;
            if end > 0 && line[end - 1] == b'\r' {
                end -= 1;
            }
        }
        match std::str::from_utf8(&line[..end]) {
            Ok(s) => {
                let (id, r) = answer(s);
                write_answer(output, id, &r)?;
            }
            Err(_) => write_answer(
                output,
                None,
                &Err(Failure::new("malformed request: not valid UTF-8")),
            )?,
        }
    }
    output.flush()
}

/// `fill_buf`, flushing `output` first when the read may block.
fn fill<'a, R: Read>(input: &'a mut BufReader<R>, output: &mut impl Write) -> io::Result<&'a [u8]> {
    if input.buffer().is_empty() {
        output.flush()?;
    }
    input.fill_buf()
}

/// One line including its newline (or the rest of the input).
fn read_line<R: Read>(
    input: &mut BufReader<R>,
    line: &mut Vec<u8>,
    output: &mut impl Write,
) -> io::Result<()> {
    loop {
        let buf = fill(input, output)?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&c| c == b'\n') {
            Some(i) => {
                line.extend_from_slice(&buf[..=i]);
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                line.extend_from_slice(buf);
                input.consume(n);
            }
        }
    }
}
