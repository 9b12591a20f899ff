//! Triton's attribute text of the two distributed encodings a kernel author writes most, read
//! into the JSON object form of [`super::encodings::to_linear_layout`]:
//!
//! ```text
//! #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1],
//!               order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>
//! #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1],
//!                  instrShape = [16, 128, 16]}>
//! ```
//!
//! The dialect prefix is `#ttg.` (or the older `#triton_gpu.`). The body is `{key = value,
//! ...}` with integer or integer-list values; every required key must appear once, the three
//! CTA keys appear all together or not at all, and any other key is an error at its byte
//! offset (a misspelt key must not be silently dropped). `versionMajor`/`versionMinor` become
//! the JSON field `version: [major, minor]`.

use super::json::Json;
use crate::error::{Error, Result};

/// One Triton key: its name in the text, its JSON field, whether it must appear.
struct Key {
    text: &'static str,
    json: &'static str,
    required: bool,
}

const fn key(text: &'static str, json: &'static str, required: bool) -> Key {
    Key {
        text,
        json,
        required,
    }
}

const CTA_KEYS: [&str; 3] = ["CTAsPerCGA", "CTASplitNum", "CTAOrder"];

const BLOCKED: &[Key] = &[
    key("sizePerThread", "size_per_thread", true),
    key("threadsPerWarp", "threads_per_warp", true),
    key("warpsPerCTA", "warps_per_cta", true),
    key("order", "order", true),
    key("CTAsPerCGA", "ctas_per_cga", false),
    key("CTASplitNum", "cta_split_num", false),
    key("CTAOrder", "cta_order", false),
];

const NVIDIA_MMA: &[Key] = &[
    key("versionMajor", "version_major", true),
    key("versionMinor", "version_minor", true),
    key("warpsPerCTA", "warps_per_cta", true),
    key("instrShape", "instr_shape", true),
    key("CTAsPerCGA", "ctas_per_cga", false),
    key("CTASplitNum", "cta_split_num", false),
    key("CTAOrder", "cta_order", false),
];

/// Whether `src` (after blanks) is Triton encoding text, `#ttg.<kind><...>`, rather than a
/// linear layout or JSON.
pub fn is_encoding_text(src: &str) -> bool {
    let t = src.trim_start();
    ["#ttg.", "#triton_gpu."].iter().any(|p| {
        t.strip_prefix(p)
            .is_some_and(|r| r.starts_with("blocked") || r.starts_with("nvidia_mma"))
    })
}

/// Read `#ttg.blocked<{...}>` or `#ttg.nvidia_mma<{...}>` into the JSON encoding object.
pub fn parse_encoding_text(src: &str) -> Result<Json> {
    let mut p = Cursor { src, at: 0 };
    p.ws();
    let start = p.at;
    if !p.eat("#ttg.") && !p.eat("#triton_gpu.") {
        return Err(Error::parse(
            start,
            "expected a Triton encoding '#ttg.blocked<{...}>' or '#ttg.nvidia_mma<{...}>'",
        ));
    }
    let kind_at = p.at;
    let kind = p.word();
    let keys = match kind {
        "blocked" => BLOCKED,
        "nvidia_mma" => NVIDIA_MMA,
        _ => {
            return Err(Error::parse(
                kind_at,
                format!("encoding '{kind}' is not read from text (blocked, nvidia_mma; other encodings as JSON objects)"),
            ))
        }
    };
    p.expect("<")?;
    p.expect("{")?;
    let mut fields: Vec<(&Key, Json, usize)> = Vec::new();
    p.ws();
    if !p.peek("}") {
        loop {
            p.ws();
            let at = p.at;
            let name = p.word();
            if name.is_empty() {
                return Err(Error::parse(at, "expected a parameter name"));
            }
            let Some(k) = keys.iter().find(|k| k.text == name) else {
                let known: Vec<&str> = keys.iter().map(|k| k.text).collect();
                return Err(Error::parse(
                    at,
                    format!(
                        "unknown parameter '{name}' of #ttg.{kind} (expected one of {})",
                        known.join(", ")
                    ),
                ));
            };
            if fields.iter().any(|(f, _, _)| f.text == name) {
                return Err(Error::parse(at, format!("parameter '{name}' given twice")));
            }
            p.expect("=")?;
            let v = p.value()?;
            fields.push((k, v, at));
            p.ws();
            if !p.eat(",") {
                break;
            }
        }
    }
    p.expect("}")?;
    p.expect(">")?;
    p.ws();
    if p.at < src.len() {
        return Err(Error::parse(p.at, "unexpected text after the encoding"));
    }
    let end = p.at;
    for k in keys.iter().filter(|k| k.required) {
        if !fields.iter().any(|(f, _, _)| f.text == k.text) {
            return Err(Error::parse(
                end,
                format!("#ttg.{kind} needs the parameter '{}'", k.text),
            ));
        }
    }
    let cta = fields
        .iter()
        .filter(|(f, _, _)| CTA_KEYS.contains(&f.text))
        .count();
    if cta != 0 && cta != CTA_KEYS.len() {
        return Err(Error::parse(
            end,
            format!(
                "#ttg.{kind}: {} go together (give all three or none)",
                CTA_KEYS.join(", ")
            ),
        ));
    }
    let mut obj = vec![("kind".to_string(), Json::Str(kind.to_string()))];
    let mut version = Vec::new();
    for (k, v, at) in fields {
        match (k.json, &v) {
            ("version_major" | "version_minor", Json::Int(_)) => version.push((k.json, v)),
            ("version_major" | "version_minor", _) => {
                return Err(Error::parse(at, format!("'{}' is an integer", k.text)))
            }
            (_, Json::Arr(_)) => obj.push((k.json.to_string(), v)),
            _ => {
                return Err(Error::parse(
                    at,
                    format!("'{}' is a list of integers", k.text),
                ))
            }
        }
    }
    if !version.is_empty() {
        version.sort_by_key(|(name, _)| *name != "version_major");
        obj.push((
            "version".to_string(),
            Json::Arr(version.into_iter().map(|(_, v)| v).collect()),
        ));
    }
    Ok(Json::Obj(obj))
}

struct Cursor<'a> {
    src: &'a str,
    at: usize,
}

impl<'a> Cursor<'a> {
    fn ws(&mut self) {
        let b = self.src.as_bytes();
        while self.at < b.len() && b[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }
    fn peek(&self, s: &str) -> bool {
        self.src[self.at..].starts_with(s)
    }
    fn eat(&mut self, s: &str) -> bool {
        let yes = self.peek(s);
        if yes {
            self.at += s.len();
        }
        yes
    }
    fn expect(&mut self, s: &str) -> Result<()> {
        self.ws();
        if self.eat(s) {
            return Ok(());
        }
        let found = self.src[self.at..]
            .chars()
            .next()
            .map_or("end of input".to_string(), |c| format!("'{c}'"));
        Err(Error::parse(
            self.at,
            format!("expected '{s}', found {found}"),
        ))
    }
    fn word(&mut self) -> &'a str {
        let b = self.src.as_bytes();
        let start = self.at;
        while self.at < b.len() && (b[self.at].is_ascii_alphanumeric() || b[self.at] == b'_') {
            self.at += 1;
        }
        &self.src[start..self.at]
    }
    fn int(&mut self) -> Result<i64> {
        self.ws();
        let start = self.at;
        self.eat("-");
        let b = self.src.as_bytes();
        while self.at < b.len() && b[self.at].is_ascii_digit() {
            self.at += 1;
        }
        self.src[start..self.at].parse::<i64>().map_err(|_| {
            if self.at - start > 1 {
                Error::parse(start, "integer out of the i64 range")
            } else {
                Error::parse(start, "expected an integer")
            }
        })
    }
    /// An integer or a list `[a, b, ...]` of integers.
    fn value(&mut self) -> Result<Json> {
        self.ws();
        if !self.eat("[") {
            return Ok(Json::Int(self.int()?));
        }
        let mut items = Vec::new();
        self.ws();
        if self.eat("]") {
            return Ok(Json::Arr(items));
        }
        loop {
            items.push(Json::Int(self.int()?));
            self.ws();
            if self.eat("]") {
                return Ok(Json::Arr(items));
            }
            self.expect(",")?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::encodings::to_linear_layout;
    use crate::linear::json::parse_json;

    fn same(text: &str, json: &str, shape: &[i64]) {
        let a = to_linear_layout(&parse_encoding_text(text).unwrap(), shape).unwrap();
        let b = to_linear_layout(&parse_json(json).unwrap(), shape).unwrap();
        assert_eq!(a, b, "{text}");
    }

    #[test]
    fn blocked_equals_its_json_form() {
        same(
            "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
            r#"{"kind":"blocked","size_per_thread":[1,4],"threads_per_warp":[4,8],"warps_per_cta":[4,1],"order":[1,0]}"#,
            &[64, 64],
        );
        same(
            "#triton_gpu.blocked<{sizePerThread=[2,2],threadsPerWarp=[8,4],warpsPerCTA=[2,2],order=[0,1],CTAsPerCGA=[2,1],CTASplitNum=[2,1],CTAOrder=[1,0]}>",
            r#"{"kind":"blocked","size_per_thread":[2,2],"threads_per_warp":[8,4],"warps_per_cta":[2,2],"order":[0,1],"ctas_per_cga":[2,1],"cta_split_num":[2,1],"cta_order":[1,0]}"#,
            &[128, 32],
        );
    }

    #[test]
    fn nvidia_mma_equals_its_json_form() {
        same(
            "#ttg.nvidia_mma<{versionMinor = 0, versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>",
            r#"{"kind":"nvidia_mma","version":[3,0],"warps_per_cta":[4,1],"instr_shape":[16,64,16]}"#,
            &[64, 64],
        );
        same(
            "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>",
            r#"{"kind":"nvidia_mma","version":[2,0],"warps_per_cta":[2,2],"instr_shape":[16,8]}"#,
            &[64, 32],
        );
    }

    fn err(text: &str) -> (usize, String) {
        let e = parse_encoding_text(text).unwrap_err();
        (e.offset().unwrap(), e.to_string())
    }

    #[test]
    fn errors_name_the_place() {
        let (at, m) = err("#ttg.blocked<{sizePerThread = [1], threadPerWarp = [32], warpsPerCTA = [4], order = [0]}>");
        assert_eq!(at, 35);
        assert!(m.contains("unknown parameter 'threadPerWarp'"), "{m}");
        let (at, m) =
            err("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], order = [0]}>");
        assert_eq!(at, 71);
        assert!(m.contains("needs the parameter 'warpsPerCTA'"), "{m}");
        let (at, m) = err("#ttg.blocked<{sizePerThread = [1,], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>");
        assert_eq!(at, 33);
        assert!(m.contains("expected an integer"), "{m}");
        let (_, m) = err("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAOrder = [0]}>");
        assert!(m.contains("go together"), "{m}");
        let (at, m) = err("#ttg.dot_op<{opIdx = 0}>");
        assert_eq!(at, 5);
        assert!(m.contains("'dot_op' is not read from text"), "{m}");
        let (_, m) = err("#ttg.nvidia_mma<{versionMajor = [3], versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>");
        assert!(m.contains("'versionMajor' is an integer"), "{m}");
        let (_, m) = err("#ttg.blocked<{sizePerThread = [1], sizePerThread = [1]}>");
        assert!(m.contains("given twice"), "{m}");
        let (at, m) = err("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> x");
        assert_eq!(at, 91);
        assert!(m.contains("unexpected text"), "{m}");
    }
}
