//! `layout batch`: JSON Lines requests on stdin, one answer line per request line, in order.
//!
//! Request:  `{"id": <any JSON>, "op": "<name>", "args": ["<value>", ...]}` (an integer in
//!           `args` stands for its decimal text; other keys are ignored).
//! Answer:   `{"id": <id>, "result": <integer | array | string>}` or
//!           `{"id": <id>, "error": "<message>"}`, plus `"offset"` (byte offset inside the
//!           argument) and `"arg"` (its index) for a parse error of an argument.
//! The id is echoed byte for byte; it is `null` when the line gave none (or was not JSON).
//!
//! Speed: the input is read in blocks; each block's complete lines are answered into one
//! output buffer, written with one `write` (and flushed) per block, so a pipe gets large writes
//! and an interactive client that sends one line gets its answer at once. With more than one
//! thread, blocks are answered by worker threads and written back in input order. Requests of
//! the usual shape are read by a small scanner without allocating; anything else goes through
//! serde_json, and both readings agree (tested).

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use layout_algebra::{ops, text, Int, Tree, Value};
use serde_json::value::RawValue;

use crate::registry::unknown_op;

/// Bytes read per block.
const BLOCK: usize = 1 << 16;

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

/// A request as read from its line: the raw JSON text of its id, the op name, the arguments.
#[derive(Debug, PartialEq, Eq)]
pub struct Request<'a> {
    pub id: Option<&'a str>,
    pub op: std::borrow::Cow<'a, str>,
    pub args: Vec<std::borrow::Cow<'a, str>>,
}

/// Read a request line; an error carries the id when one could be read.
pub fn read_request(line: &str) -> Result<Request<'_>, (Option<&str>, Failure)> {
    if let Some(r) = scan_request(line) {
        return Ok(r);
    }
    read_request_json(line)
}

/// The general reader (serde_json).
fn read_request_json(line: &str) -> Result<Request<'_>, (Option<&str>, Failure)> {
    if line.trim().is_empty() {
        return Err((None, Failure::new("empty request line")));
    }
    let map: BTreeMap<String, &RawValue> = match serde_json::from_str(line) {
        Ok(m) => m,
        Err(e) if e.classify() == serde_json::error::Category::Data => {
            return Err((None, Failure::new("malformed request: not a JSON object")))
        }
        Err(e) => {
            let msg = format!("malformed request: invalid JSON: {e}");
            return Err((None, Failure::new(msg)));
        }
    };
    let id = map.get("id").map(|r| r.get());
    let fail = |msg: String| (id, Failure::new(format!("malformed request: {msg}")));
    let op = match map.get("op") {
        None => return Err(fail("missing \"op\"".into())),
        Some(raw) => json_string(raw).ok_or_else(|| fail("\"op\" must be a string".into()))?,
    };
    let raw_args = match map.get("args") {
        None => return Err(fail("missing \"args\"".into())),
        Some(raw) => serde_json::from_str::<Vec<&RawValue>>(raw.get())
            .map_err(|_| fail("\"args\" must be an array of strings".into()))?,
    };
    let mut args = Vec::with_capacity(raw_args.len());
    for (i, raw) in raw_args.iter().enumerate() {
        let t = json_string(raw)
            .or_else(|| json_integer(raw.get()).map(Into::into))
            .ok_or_else(|| fail(format!("args[{i}] must be a string or an integer")))?;
        args.push(t);
    }
    Ok(Request { id, op, args })
}

/// The text of a JSON string (borrowed unless it has escapes).
fn json_string(raw: &RawValue) -> Option<std::borrow::Cow<'_, str>> {
    let s = raw.get();
    if !s.starts_with('"') {
        return None;
    }
    match serde_json::from_str::<&str>(s) {
        Ok(t) => Some(t.into()),
        Err(_) => serde_json::from_str::<String>(s).ok().map(Into::into),
    }
}

/// `s` if it is a JSON integer: `-?(0|[1-9][0-9]*)`.
fn json_integer(s: &str) -> Option<&str> {
    let digits = s.strip_prefix('-').unwrap_or(s).as_bytes();
    let ok = match digits {
        [b'0'] => true,
        [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    ok.then_some(s)
}

/// The fast reader: requests whose keys are exactly id (null, a boolean, an integer or a
/// string without escapes), op and args (strings without escapes, integers), each at most
/// once. Anything else returns None and is left to the general reader.
fn scan_request(line: &str) -> Option<Request<'_>> {
    let mut c = Scan { s: line, i: 0 };
    c.eat(b'{')?;
    let (mut id, mut op, mut args) = (None, None, None);
    loop {
        let key = c.plain_string()?;
        c.eat(b':')?;
        match key {
            "id" if id.is_none() => id = Some(c.id()?),
            "op" if op.is_none() => op = Some(c.plain_string()?),
            "args" if args.is_none() => {
                c.eat(b'[')?;
                let mut v = Vec::new();
                if c.peek() == Some(b']') {
                    c.i += 1;
                } else {
                    loop {
                        let a = match c.peek()? {
                            b'"' => c.plain_string()?,
                            _ => c.integer()?,
                        };
                        v.push(a.into());
                        if c.eat(b']').is_some() {
                            break;
                        }
                        c.eat(b',')?;
                    }
                }
                args = Some(v);
            }
            _ => return None,
        }
        if c.eat(b'}').is_some() {
            break;
        }
        c.eat(b',')?;
    }
    if c.peek().is_some() {
        return None;
    }
    Some(Request {
        id,
        op: op?.into(),
        args: args?,
    })
}

struct Scan<'a> {
    s: &'a str,
    i: usize,
}

impl<'a> Scan<'a> {
    fn peek(&mut self) -> Option<u8> {
        let b = self.s.as_bytes();
        while self.i < b.len() && matches!(b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
        b.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> Option<()> {
        (self.peek()? == c).then(|| self.i += 1)
    }
    /// The contents of a string without escapes or control characters.
    fn plain_string(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let start = self.i;
        let b = self.s.as_bytes();
        self.i += special_byte_offset(&b[start..]);
        while self.i < b.len() {
            match b[self.i] {
                b'"' => {
                    self.i += 1;
                    return Some(&self.s[start..self.i - 1]);
                }
                b'\\' | 0..=0x1f => return None,
                _ => self.i += 1,
            }
        }
        None
    }
    /// A JSON integer, not followed by a fraction or exponent.
    fn integer(&mut self) -> Option<&'a str> {
        self.peek()?;
        let start = self.i;
        let b = self.s.as_bytes();
        let mut j = start + usize::from(b[start] == b'-');
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if matches!(b.get(j), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        self.i = j;
        json_integer(&self.s[start..j])
    }
    /// The raw text of an id: null, true, false, an integer or a plain string.
    fn id(&mut self) -> Option<&'a str> {
        self.peek()?;
        let start = self.i;
        match self.s.as_bytes()[start] {
            b'"' => {
                self.plain_string()?;
                Some(&self.s[start..self.i])
            }
            b'n' | b't' | b'f' => {
                let word = ["null", "true", "false"]
                    .into_iter()
                    .find(|w| self.s[start..].starts_with(w))?;
                self.i += word.len();
                let next = self.s.as_bytes().get(self.i);
                (!next.is_some_and(u8::is_ascii_alphanumeric)).then_some(word)
            }
            _ => self.integer(),
        }
    }
}

/// Evaluate a request.
/// How many leading bytes of `b` (in whole 8-byte words) contain no `"`, `\\` or control
/// character: the string scanner skips them a word at a time. A zero-byte test
/// ((x - 0x01..) & !x & 0x80..) flags the first matching byte exactly; later flags may be
/// spurious, so only the first is used.
fn special_byte_offset(b: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
    let mut i = 0;
    while let Some(chunk) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        let hit = zero(w ^ (ONES * u64::from(b'"')))
            | zero(w ^ (ONES * u64::from(b'\\')))
            | (w.wrapping_sub(ONES * 0x20) & !w & HIGH);
        if hit != 0 {
            return i + (hit.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i
}

pub fn evaluate(req: &Request<'_>) -> Result<Value, Failure> {
    let op: &str = &req.op;
    if op == "bind" {
        // The first argument is an expression (calls allowed), as in `layout eval`.
        let texts: Vec<&str> = req.args.iter().map(|a| a.as_ref()).collect();
        return layout_algebra::expression::eval_bind_texts(&texts, &crate::registry::Ops)
            .map_err(|e| Failure::new(e.message));
    }
    match crate::op_help::family(op) {
        None | Some(crate::op_help::Family::Kernel) => return Err(Failure::new(unknown_op(op))),
        Some(crate::op_help::Family::Relation) => {
            if let Some(r) = crate::relation_ops::batch(op, &req.args) {
                return r.map_err(|(message, at)| Failure { message, at });
            }
        }
        Some(_) => {}
    }
    // The algebra never panics by contract; should it, the request fails, not the batch.
    match panic::catch_unwind(AssertUnwindSafe(|| ops::call_text_at(op, &req.args))) {
        Ok(r) => r.map_err(|(e, arg)| Failure {
            at: arg.zip(e.offset()),
            message: e.to_string(),
        }),
        Err(_) => Err(Failure::new(format!(
            "internal error: {op} panicked (please report this input)"
        ))),
    }
}

/// Answer one line (without its newline) into `out`.
pub fn answer_line(line: &[u8], out: &mut Vec<u8>) {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let Ok(line) = std::str::from_utf8(line) else {
        let f = Failure::new("malformed request: not valid UTF-8");
        return write_answer(out, None, &Err(f));
    };
    match read_request(line) {
        Ok(req) => write_answer(out, req.id, &evaluate(&req)),
        Err((id, f)) => write_answer(out, id, &Err(f)),
    }
}

/// Answer every line of a block (a final line without newline counts as a line).
fn answer_block(block: &[u8], out: &mut Vec<u8>) {
    let body = block.strip_suffix(b"\n").unwrap_or(block);
    for line in body.split(|&c| c == b'\n') {
        answer_line(line, out);
    }
}

/// Write one answer line.
pub fn write_answer(out: &mut Vec<u8>, id: Option<&str>, r: &Result<Value, Failure>) {
    out.extend_from_slice(b"{\"id\":");
    out.extend_from_slice(id.unwrap_or("null").as_bytes());
    match r {
        Ok(v) => {
            out.extend_from_slice(b",\"result\":");
            match v {
                Value::Tuple(Tree::Leaf(Int::Lit(x))) => write_int(out, *x),
                Value::Ints(xs) => {
                    out.push(b'[');
                    for (i, x) in xs.iter().enumerate() {
                        if i > 0 {
                            out.push(b',');
                        }
                        write_int(out, *x);
                    }
                    out.push(b']');
                }
                Value::Json(j) => out.extend_from_slice(j.as_bytes()),
                other => {
                    // The layout syntax has no character a JSON string must escape.
                    let t = text::print(other);
                    debug_assert!(!t.bytes().any(|c| c == b'"' || c == b'\\' || c < 0x20));
                    out.push(b'"');
                    out.extend_from_slice(t.as_bytes());
                    out.push(b'"');
                }
            }
        }
        Err(f) => {
            out.extend_from_slice(b",\"error\":");
            write_json_str(out, &f.message);
            if let Some((arg, offset)) = f.at {
                out.extend_from_slice(b",\"offset\":");
                write_int(out, offset as i64);
                out.extend_from_slice(b",\"arg\":");
                write_int(out, arg as i64);
            }
        }
    }
    out.extend_from_slice(b"}\n");
}

fn write_int(out: &mut Vec<u8>, x: i64) {
    out.extend_from_slice(text::decimal(x, &mut [0; 20]));
}

/// A JSON string literal.
fn write_json_str(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
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
        out.extend_from_slice(&b[start..i]);
        if esc.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(b"\\u00");
            out.push(HEX[(c >> 4) as usize]);
            out.push(HEX[(c & 15) as usize]);
        } else {
            out.extend_from_slice(esc);
        }
        start = i + 1;
    }
    out.extend_from_slice(&b[start..]);
    out.push(b'"');
}

/// Reads blocks of complete lines.
struct Blocks<R> {
    input: R,
    rest: Vec<u8>,
    eof: bool,
}

impl<R: Read> Blocks<R> {
    /// The next block of whole lines (the last one may lack its newline), or None at the end.
    /// Returns as soon as one complete line is there: a read returns what is available.
    fn next_block(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut buf = std::mem::take(&mut self.rest);
        let mut scanned = 0;
        while !self.eof {
            if let Some(k) = buf[scanned..].iter().rposition(|&c| c == b'\n') {
                self.rest = buf[scanned + k + 1..].to_vec();
                buf.truncate(scanned + k + 1);
                return Ok(Some(buf));
            }
            scanned = buf.len();
            buf.resize(scanned + BLOCK, 0);
            let n = loop {
                match self.input.read(&mut buf[scanned..]) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            buf.truncate(scanned + n);
            self.eof = n == 0;
        }
        Ok((!buf.is_empty()).then_some(buf))
    }
}

/// Answer every line of `input` on `output`, using `threads` worker threads (1: no threads).
pub fn run_batch<R: Read, W: Write + Send>(
    input: R,
    output: &mut W,
    threads: usize,
) -> io::Result<()> {
    let mut blocks = Blocks {
        input,
        rest: Vec::new(),
        eof: false,
    };
    if threads <= 1 {
        let mut out = Vec::with_capacity(2 * BLOCK);
        while let Some(block) = blocks.next_block()? {
            out.clear();
            answer_block(&block, &mut out);
            output.write_all(&out)?;
            output.flush()?;
        }
        return Ok(());
    }
    let (work_tx, work_rx) = mpsc::sync_channel::<(u64, Vec<u8>)>(2 * threads);
    let (done_tx, done_rx) = mpsc::sync_channel::<(u64, Vec<u8>)>(4 * threads);
    let work_rx = Arc::new(Mutex::new(work_rx));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let work_rx = Arc::clone(&work_rx);
            let done_tx = done_tx.clone();
            scope.spawn(move || loop {
                let next = work_rx.lock().unwrap().recv();
                let Ok((seq, block)) = next else { return };
                let mut out = Vec::with_capacity(block.len() + block.len() / 2);
                answer_block(&block, &mut out);
                if done_tx.send((seq, out)).is_err() {
                    return;
                }
            });
        }
        // Only the workers hold the receiver and the sender now: when they are gone (the
        // writer failed), the reader's send fails instead of blocking forever.
        drop(work_rx);
        drop(done_tx);
        let writer = scope.spawn(move || -> io::Result<()> {
            let mut pending = BTreeMap::new();
            let mut next = 0u64;
            for (seq, out) in done_rx {
                pending.insert(seq, out);
                while let Some(out) = pending.remove(&next) {
                    output.write_all(&out)?;
                    next += 1;
                }
                output.flush()?;
            }
            Ok(())
        });
        let mut seq = 0u64;
        let mut read_result = Ok(());
        loop {
            match blocks.next_block() {
                Ok(Some(block)) => {
                    if work_tx.send((seq, block)).is_err() {
                        break; // the writer stopped (its error is reported below)
                    }
                    seq += 1;
                }
                Ok(None) => break,
                Err(e) => {
                    read_result = Err(e);
                    break;
                }
            }
        }
        drop(work_tx);
        let write_result = writer.join().expect("batch writer thread");
        write_result.and(read_result)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &str) -> String {
        let mut out = Vec::new();
        answer_line(line.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn word_scan_stops_before_the_first_special_byte() {
        let mut seed = 1u64;
        for len in 0..40 {
            for _ in 0..200 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                        match (seed >> 60) as u8 {
                            0 => b'"',
                            1 => b'\\',
                            2 => (seed >> 40) as u8 & 0x1f,
                            3 => 0x80 | (seed >> 40) as u8,
                            _ => b' ' + ((seed >> 40) as u8 % 95),
                        }
                    })
                    .collect();
                let first = bytes
                    .iter()
                    .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                    .unwrap_or(len);
                let k = special_byte_offset(&bytes);
                assert!(
                    k <= first && (k == first || k + 8 > len),
                    "{bytes:?}: {k} vs {first}"
                );
            }
        }
    }

    #[test]
    fn scanner_agrees_with_serde_json() {
        let lines = [
            r#"{"id":1,"op":"print","args":["8:1"]}"#,
            r#"  { "id" : "a b" , "op" : "print" , "args" : [ "(2,4):(1,2)" , 7 ] }  "#,
            r#"{"args":[-12],"op":"print","id":null}"#,
            r#"{"id":true,"op":"x","args":[]}"#,
            r#"{"id":false,"op":"print","args":[0]}"#,
            r#"{"op":"print","args":["?"]}"#,
            r#"{"id":-0,"op":"print","args":["_"]}"#,
        ];
        for line in lines {
            let fast = scan_request(line).expect(line);
            assert_eq!(Ok(fast), read_request_json(line), "{line}");
        }
    }

    #[test]
    fn scanner_leaves_the_rest_to_serde_json() {
        let lines = [
            r#"{"id":1.5,"op":"print","args":["8:1"]}"#,
            r#"{"id":{"a":1},"op":"print","args":["8:1"]}"#,
            r#"{"id":"\n","op":"print","args":["8:1"]}"#,
            r#"{"id":1,"id":2,"op":"print","args":["8:1"]}"#,
            r#"{"id":1,"op":"pr\u0069nt","args":["8:1"]}"#,
            r#"{"id":1,"op":"print","args":[1e3]}"#,
            r#"{"id":1,"op":"print","args":[01]}"#,
            r#"{"id":1,"op":"print","args":["8:1"],"x":0}"#,
            r#"{"id":1,"op":"print"}"#,
            r#"{"id":1,"op":"print","args":["8:1"]} x"#,
            r#"{"id":1,"op":"print","args":["8:1",]}"#,
            r#"{"id":nullx,"op":"print","args":["8:1"]}"#,
            r#"{}"#,
            "",
        ];
        for line in lines {
            assert_eq!(scan_request(line), None, "{line}");
        }
        assert_eq!(
            answer(r#"{"id":1,"id":2,"op":"print","args":["8:1"],"x":0}"#),
            "{\"id\":2,\"result\":\"8:1\"}\n"
        );
        assert_eq!(
            answer(r#"{"id":1,"op":"print","args":[01]}"#),
            "{\"id\":null,\"error\":\"malformed request: invalid JSON: invalid number at line 1 column 31\"}\n"
        );
    }

    #[test]
    fn integers_and_escapes_are_written_as_json() {
        let mut out = Vec::new();
        for x in [0, 7, -7, 1234567890123, i64::MIN, i64::MAX] {
            out.clear();
            write_int(&mut out, x);
            assert_eq!(String::from_utf8(out.clone()).unwrap(), x.to_string());
        }
        out.clear();
        write_json_str(&mut out, "a\"b\\c\n\u{1}é");
        assert_eq!(String::from_utf8(out).unwrap(), r#""a\"b\\c\n\u0001é""#);
    }

    /// A stdout that the reader closed after `left` bytes.
    struct Closed {
        left: usize,
    }
    impl Write for Closed {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            let n = b.len().min(self.left);
            self.left -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_output_stops_the_batch_with_an_error() {
        let line = "{\"id\":1,\"op\":\"print\",\"args\":[\"(2,4):(1,2)\"]}\n";
        let input = line.repeat(100_000);
        for threads in [1, 2, 3] {
            let mut out = Closed { left: 1000 };
            let err = run_batch(input.as_bytes(), &mut out, threads).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::BrokenPipe, "threads = {threads}");
        }
    }

    #[test]
    fn blocks_hold_whole_lines_in_threaded_order() {
        let mut input = String::new();
        let mut expect = String::new();
        for i in 0..5000 {
            input.push_str(&format!(
                "{{\"id\":{i},\"op\":\"print\",\"args\":[\"({},3):(3,1)\"]}}\n",
                i + 1
            ));
            expect.push_str(&format!(
                "{{\"id\":{i},\"result\":\"({},3):(3,1)\"}}\n",
                i + 1
            ));
        }
        input.push_str("{\"id\":\"last\",\"op\":\"print\",\"args\":[\"1\"]}");
        expect.push_str("{\"id\":\"last\",\"result\":1}\n");
        for threads in [1, 2, 3] {
            let mut out = Vec::new();
            run_batch(input.as_bytes(), &mut out, threads).unwrap();
            assert!(
                String::from_utf8(out).unwrap() == expect,
                "threads = {threads}"
            );
        }
    }
}
