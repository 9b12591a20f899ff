//! The JSON form of a linear layout (the form of the Triton reference cases):
//! `{"in_dims": [{"name": "in", "size": 8, "bases": [[1], [2], [4]]}],
//!   "out_dims": [{"name": "out", "size": 8}]}`.
//! `size` of an in dimension is optional (it must equal 2^len(bases)); `out_dims` entries may be
//! bare names, whose sizes are then inferred as Triton does. A small JSON reader is included
//! (integers only, no floats), so the crate needs no JSON dependency.

use super::layout::LinearLayout;
use crate::error::{Error, Result};

/// A JSON value (integers only).
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    pub fn as_arr(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(a) => Some(a),
            _ => None,
        }
    }
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Json::Int(v) => Some(*v),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// Most values (numbers, strings, arrays, objects, ...) in one JSON argument. Linear layouts
/// and encodings have a few hundred; the bound keeps the parsed tree, and every operation on
/// it, within a small multiple of this (docs/linear.md).
pub const MAX_JSON_VALUES: usize = 1 << 16;

/// Parse a whole JSON text.
pub fn parse_json(s: &str) -> Result<Json> {
    let mut p = Reader {
        s: s.as_bytes(),
        i: 0,
        values: 0,
    };
    let v = p.value(0)?;
    p.ws();
    if p.i != s.len() {
        return Err(Error::parse(p.i, "unexpected text after the JSON value"));
    }
    Ok(v)
}

/// Parse one JSON value starting at byte `at`; returns it and the offset after it.
pub fn parse_json_at(s: &str, at: usize) -> Result<(Json, usize)> {
    parse_json_at_counted(s, at, &mut 0)
}

/// `parse_json_at` for one of several values of a larger text: `used` counts the JSON values
/// read so far by all of them (at most MAX_JSON_VALUES together).
pub fn parse_json_at_counted(s: &str, at: usize, used: &mut usize) -> Result<(Json, usize)> {
    let mut p = Reader {
        s: s.as_bytes(),
        i: at,
        values: *used,
    };
    let v = p.value(0)?;
    *used = p.values;
    Ok((v, p.i))
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
    /// Values read so far (at most MAX_JSON_VALUES).
    values: usize,
}

const MAX_NESTING: usize = 64;

impl Reader<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn expect(&mut self, c: u8) -> Result<()> {
        self.ws();
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(Error::parse(self.i, format!("expected '{}'", c as char)))
        }
    }
    fn value(&mut self, depth: usize) -> Result<Json> {
        if depth > MAX_NESTING {
            return Err(Error::parse(self.i, "JSON nested too deeply"));
        }
        self.values += 1;
        if self.values > MAX_JSON_VALUES {
            return Err(Error::parse(
                self.i,
                format!("more than {MAX_JSON_VALUES} JSON values in one argument"),
            ));
        }
        self.ws();
        match self.peek() {
            None => Err(Error::parse(
                self.i,
                "expected a JSON value, found end of input",
            )),
            Some(b'[') => {
                self.i += 1;
                let mut v = Vec::new();
                self.ws();
                if self.peek() == Some(b']') {
                    self.i += 1;
                    return Ok(Json::Arr(v));
                }
                loop {
                    v.push(self.value(depth + 1)?);
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Json::Arr(v));
                        }
                        _ => return Err(Error::parse(self.i, "expected ',' or ']'")),
                    }
                }
            }
            Some(b'{') => {
                self.i += 1;
                let mut v = Vec::new();
                self.ws();
                if self.peek() == Some(b'}') {
                    self.i += 1;
                    return Ok(Json::Obj(v));
                }
                loop {
                    self.ws();
                    let k = self.string()?;
                    self.expect(b':')?;
                    let x = self.value(depth + 1)?;
                    v.push((k, x));
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Json::Obj(v));
                        }
                        _ => return Err(Error::parse(self.i, "expected ',' or '}'")),
                    }
                }
            }
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                if self.peek() == Some(b'-') {
                    self.i += 1;
                }
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.i += 1;
                }
                if matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
                    return Err(Error::parse(
                        self.i,
                        "expected an integer, found a fraction or exponent",
                    ));
                }
                let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                t.parse::<i64>().map(Json::Int).map_err(|_| {
                    Error::parse(
                        start,
                        format!("integer '{t}' is malformed or out of the i64 range"),
                    )
                })
            }
            Some(_) => {
                for (w, v) in [
                    ("null", Json::Null),
                    ("true", Json::Bool(true)),
                    ("false", Json::Bool(false)),
                ] {
                    if self.s[self.i..].starts_with(w.as_bytes()) {
                        self.i += w.len();
                        return Ok(v);
                    }
                }
                Err(Error::parse(self.i, "expected a JSON value"))
            }
        }
    }
    /// Four hex digits after `\u` at `self.i + 2`.
    fn hex4(&self, at: usize) -> Result<u32> {
        let d = self
            .s
            .get(at..at + 4)
            .filter(|d| d.iter().all(u8::is_ascii_hexdigit))
            .ok_or_else(|| Error::parse(at, "expected 4 hex digits after \\u"))?;
        Ok(d.iter()
            .fold(0, |v, &c| v * 16 + (c as char).to_digit(16).unwrap_or(0)))
    }
    /// `\uXXXX` (a surrogate pair as two escapes) at `self.i`; moves past it.
    fn unicode_escape(&mut self) -> Result<char> {
        let at = self.i;
        let hi = self.hex4(at + 2)?;
        self.i += 6;
        let code = if (0xd800..0xdc00).contains(&hi) {
            if self.s.get(self.i..self.i + 2) != Some(b"\\u") {
                return Err(Error::parse(
                    at,
                    "a high surrogate escape needs a low one after it",
                ));
            }
            let lo = self.hex4(self.i + 2)?;
            if !(0xdc00..0xe000).contains(&lo) {
                return Err(Error::parse(self.i, "expected a low surrogate escape"));
            }
            self.i += 6;
            0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)
        } else {
            hi
        };
        char::from_u32(code)
            .ok_or_else(|| Error::parse(at, format!("\\u{code:04x} is not a character")))
    }
    fn string(&mut self) -> Result<String> {
        if self.peek() != Some(b'"') {
            return Err(Error::parse(self.i, "expected a string"));
        }
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => return Err(Error::parse(self.i, "unterminated string")),
                Some(b'"') => {
                    self.i += 1;
                    break;
                }
                Some(b'\\') if self.s.get(self.i + 1) == Some(&b'u') => {
                    let c = self.unicode_escape()?;
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                Some(b'\\') => {
                    let c = self.s.get(self.i + 1).copied();
                    let r = match c {
                        Some(b'b') => 8,
                        Some(b'f') => 12,
                        Some(b'"') => b'"',
                        Some(b'\\') => b'\\',
                        Some(b'/') => b'/',
                        Some(b'n') => b'\n',
                        Some(b't') => b'\t',
                        Some(b'r') => b'\r',
                        _ => return Err(Error::parse(self.i, "unsupported escape in string")),
                    };
                    out.push(r);
                    self.i += 2;
                }
                Some(c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
        String::from_utf8(out).map_err(|_| Error::parse(self.i, "string is not valid UTF-8"))
    }
}

fn bad(what: &str) -> Error {
    Error::algebra(format!("linear layout JSON: {what}"))
}

/// Integer lists `[[a, b], [c, d]]`.
pub(crate) fn int_vecs(v: &Json, what: &str) -> Result<Vec<Vec<i64>>> {
    let arr = v
        .as_arr()
        .ok_or_else(|| bad(&format!("{what} must be a list of integer lists")))?;
    arr.iter()
        .map(|b| {
            b.as_arr()
                .ok_or_else(|| bad(&format!("{what} must be a list of integer lists")))?
                .iter()
                .map(|x| {
                    x.as_int()
                        .ok_or_else(|| bad(&format!("{what} holds a non-integer")))
                })
                .collect()
        })
        .collect()
}

/// A linear layout from its JSON value.
pub fn layout_from_json(v: &Json) -> Result<LinearLayout> {
    let ins_j = v
        .get("in_dims")
        .and_then(Json::as_arr)
        .ok_or_else(|| bad("expected an object with an \"in_dims\" list"))?;
    let outs_j = v
        .get("out_dims")
        .and_then(Json::as_arr)
        .ok_or_else(|| bad("expected an object with an \"out_dims\" list"))?;
    let mut ins = Vec::new();
    for d in ins_j {
        let name = d
            .get("name")
            .and_then(Json::as_str)
            .ok_or_else(|| bad("every in dimension needs a string \"name\""))?;
        let bases = int_vecs(
            d.get("bases")
                .ok_or_else(|| bad(&format!("in dimension '{name}' has no \"bases\"")))?,
            &format!("the bases of '{name}'"),
        )?;
        if let Some(s) = d.get("size") {
            let s = s.as_int().ok_or_else(|| bad("a size must be an integer"))?;
            if bases.len() >= 63 || s != 1i64 << bases.len() {
                return Err(bad(&format!(
                    "in dimension '{name}' has size {s} but {} bases (size must be 2^bases)",
                    bases.len()
                )));
            }
        }
        ins.push((name.to_string(), bases));
    }
    let mut names = Vec::new();
    let mut sizes = Vec::new();
    for d in outs_j {
        if let Some(n) = d.as_str() {
            names.push(n.to_string());
            continue;
        }
        let name = d
            .get("name")
            .and_then(Json::as_str)
            .ok_or_else(|| bad("every out dimension needs a string \"name\""))?;
        names.push(name.to_string());
        if let Some(s) = d.get("size") {
            sizes.push(s.as_int().ok_or_else(|| bad("a size must be an integer"))?);
        }
    }
    if sizes.is_empty() && !names.is_empty() && outs_j.iter().all(|d| d.get("size").is_none()) {
        return LinearLayout::with_inferred_sizes(ins, names);
    }
    if sizes.len() != names.len() {
        return Err(bad("give the size of every out dimension or of none"));
    }
    LinearLayout::new(ins, names.into_iter().zip(sizes).collect())
}

/// A linear layout from JSON text.
pub fn parse_layout_json(s: &str) -> Result<LinearLayout> {
    layout_from_json(&parse_json(s)?)
}

pub(crate) fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The canonical JSON text (no spaces) of a linear layout.
pub fn layout_to_json(l: &LinearLayout) -> String {
    let mut s = String::from("{\"in_dims\":[");
    for (i, d) in l.ins().iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str("{\"name\":");
        write_str(&mut s, &d.name);
        s.push_str(&format!(",\"size\":{},\"bases\":[", l.in_size(i)));
        for (k, &b) in d.bases.iter().enumerate() {
            if k > 0 {
                s.push(',');
            }
            s.push('[');
            let comps = l.unpack(b);
            for (j, c) in comps.iter().enumerate() {
                if j > 0 {
                    s.push(',');
                }
                s.push_str(&c.to_string());
            }
            s.push(']');
        }
        s.push_str("]}");
    }
    s.push_str("],\"out_dims\":[");
    for (j, d) in l.outs().iter().enumerate() {
        if j > 0 {
            s.push(',');
        }
        s.push_str("{\"name\":");
        write_str(&mut s, &d.name);
        s.push_str(&format!(",\"size\":{}}}", 1u128 << d.log2));
    }
    s.push_str("]}");
    s
}
