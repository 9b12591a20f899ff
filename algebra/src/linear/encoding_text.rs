//! Triton's attribute text of its layout encodings, read into the JSON object form of
//! [`super::encodings::to_linear_layout`]:
//!
//! ```text
//! #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1],
//!               order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>
//! #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1],
//!                  instrShape = [16, 128, 16]}>
//! #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{...}>, kWidth = 2}>
//! #ttg.slice<{dim = 1, parent = #ttg.blocked<{...}>}>
//! #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
//! #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16,
//!                    fp4Padded = false}>
//! #ttg.linear<{register = [[0, 1]], lane = [[0, 2], ...], warp = [...], block = []}>
//! ```
//!
//! The dialect prefix is `#ttg.` (or the older `#triton_gpu.`). The body is `{key = value,
//! ...}` with integer, integer-list, boolean (`true`/`false`) or encoding values; every
//! required key must appear once, the three CTA keys appear all together or not at all, and
//! any other key is an error at its byte offset (a misspelt key must not be silently
//! dropped). The lists of one encoding that have one entry per tensor dimension must agree in
//! length. A `parent` is written inline: Triton's printer names it by alias (`#mma`), and an
//! alias is an error that says so. Parameters follow Triton's verifiers: `opIdx` is 0 or 1
//! (only 0 under a Hopper MMA, whose WGMMA reads B from shared memory), `kWidth` is required
//! under an MMA parent and absent or 0 under a blocked one, `swizzlingByteWidth` is 0, 32, 64
//! or 128. `#ttg.linear` as an encoding has Triton's four input dimensions `register, lane,
//! warp, block` and must reach every element (its out sizes are inferred from the bases).
//!
//! JSON: `versionMajor`/`versionMinor` become `version: [major, minor]`; the other keys map
//! one to one (`sizePerThread` -> `size_per_thread`, `opIdx` -> `op_idx`, `swizzlingByteWidth`
//! -> `swizzle_bytes`, ...); `dot_op` is the kind `dot_operand`; `linear` keeps its four base
//! lists under their names.

use super::encodings::LINEAR_IN_DIMS;
use super::json::Json;
use super::triton_text::parse_triton_text;
use crate::error::{Error, Result};

/// What a key's value is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    Int,
    /// An integer list; `true` when it has one entry per tensor dimension.
    List(bool),
    Bool,
    /// An encoding written inline.
    Encoding,
}

/// One Triton key: its name in the text, its JSON field, its value, whether it must appear.
struct Key {
    text: &'static str,
    json: &'static str,
    ty: Ty,
    required: bool,
}

const fn key(text: &'static str, json: &'static str, ty: Ty, required: bool) -> Key {
    Key {
        text,
        json,
        ty,
        required,
    }
}

const CTA_KEYS: [&str; 3] = ["CTAsPerCGA", "CTASplitNum", "CTAOrder"];

const RANKED: Ty = Ty::List(true);

const BLOCKED: &[Key] = &[
    key("sizePerThread", "size_per_thread", RANKED, true),
    key("threadsPerWarp", "threads_per_warp", RANKED, true),
    key("warpsPerCTA", "warps_per_cta", RANKED, true),
    key("order", "order", RANKED, true),
    key("CTAsPerCGA", "ctas_per_cga", RANKED, false),
    key("CTASplitNum", "cta_split_num", RANKED, false),
    key("CTAOrder", "cta_order", RANKED, false),
];

const NVIDIA_MMA: &[Key] = &[
    key("versionMajor", "version_major", Ty::Int, true),
    key("versionMinor", "version_minor", Ty::Int, true),
    key("warpsPerCTA", "warps_per_cta", RANKED, true),
    key("instrShape", "instr_shape", Ty::List(false), true),
    key("CTAsPerCGA", "ctas_per_cga", RANKED, false),
    key("CTASplitNum", "cta_split_num", RANKED, false),
    key("CTAOrder", "cta_order", RANKED, false),
];

const DOT_OP: &[Key] = &[
    key("opIdx", "op_idx", Ty::Int, true),
    key("parent", "parent", Ty::Encoding, true),
    key("kWidth", "k_width", Ty::Int, false),
];

const SLICE: &[Key] = &[
    key("dim", "dim", Ty::Int, true),
    key("parent", "parent", Ty::Encoding, true),
];

const SWIZZLED_SHARED: &[Key] = &[
    key("vec", "vec", Ty::Int, true),
    key("perPhase", "per_phase", Ty::Int, true),
    key("maxPhase", "max_phase", Ty::Int, true),
    key("order", "order", RANKED, true),
    key("CTAsPerCGA", "ctas_per_cga", RANKED, false),
    key("CTASplitNum", "cta_split_num", RANKED, false),
    key("CTAOrder", "cta_order", RANKED, false),
];

const NVMMA_SHARED: &[Key] = &[
    key("swizzlingByteWidth", "swizzle_bytes", Ty::Int, true),
    key("transposed", "transposed", Ty::Bool, false),
    key("elementBitWidth", "element_bitwidth", Ty::Int, true),
    key("fp4Padded", "fp4_padded", Ty::Bool, false),
    key("CTAsPerCGA", "ctas_per_cga", RANKED, false),
    key("CTASplitNum", "cta_split_num", RANKED, false),
    key("CTAOrder", "cta_order", RANKED, false),
];

/// The encodings read from text: (name after the prefix, JSON kind, keys). `linear` is read
/// by [`super::triton_text`].
const KINDS: &[(&str, &str, &[Key])] = &[
    ("blocked", "blocked", BLOCKED),
    ("nvidia_mma", "nvidia_mma", NVIDIA_MMA),
    ("dot_op", "dot_operand", DOT_OP),
    ("slice", "slice", SLICE),
    ("swizzled_shared", "swizzled_shared", SWIZZLED_SHARED),
    ("nvmma_shared", "nvmma_shared", NVMMA_SHARED),
];

const KIND_LIST: &str = "blocked, nvidia_mma, dot_op, slice, swizzled_shared, nvmma_shared, linear";

/// The JSON kinds of the shared-memory encodings (in dimensions `offset, block`); the others
/// are distributed (in dimensions `register, lane, warp, block`).
pub const SHARED_KINDS: [&str; 2] = ["swizzled_shared", "nvmma_shared"];

const PREFIXES: [&str; 2] = ["#ttg.", "#triton_gpu."];

/// Whether `src` (after blanks) starts like Triton encoding text, `#ttg.<kind>` (any kind:
/// the parser names the ones it reads), rather than a linear layout or JSON.
pub fn is_encoding_text(src: &str) -> bool {
    let t = src.trim_start();
    PREFIXES.iter().any(|p| t.starts_with(p))
}

/// Read a whole encoding text into the JSON encoding object.
pub fn parse_encoding_text(src: &str) -> Result<Json> {
    let mut p = Cursor { src, at: 0 };
    p.ws();
    let enc = p.encoding()?;
    p.ws();
    if p.at < src.len() {
        return Err(Error::parse(p.at, "unexpected text after the encoding"));
    }
    Ok(enc)
}

/// Read one encoding starting at byte `at` of `src` (blanks first); returns it and the offset
/// after its closing `>`.
pub fn parse_encoding_at(src: &str, at: usize) -> Result<(Json, usize)> {
    let mut p = Cursor { src, at };
    p.ws();
    let enc = p.encoding()?;
    Ok((enc, p.at))
}

/// The rank of an encoding object read from text (the length of its per-dimension lists; for
/// `dot_operand` its parent's, for `slice` one less than its parent's), when the text fixes
/// it.
pub fn encoding_rank(enc: &Json) -> Option<usize> {
    let kind = enc.get("kind")?.as_str()?;
    match kind {
        "dot_operand" => encoding_rank(enc.get("parent")?),
        "slice" => encoding_rank(enc.get("parent")?)?.checked_sub(1),
        "linear" => enc
            .get("register")
            .and_then(Json::as_arr)
            .into_iter()
            .chain(enc.get("lane").and_then(Json::as_arr))
            .chain(enc.get("warp").and_then(Json::as_arr))
            .chain(enc.get("block").and_then(Json::as_arr))
            .flatten()
            .find_map(|b| b.as_arr().map(<[Json]>::len)),
        _ => {
            let keys = KINDS.iter().find(|k| k.1 == kind)?.2;
            keys.iter()
                .filter(|k| k.ty == RANKED)
                .find_map(|k| enc.get(k.json).and_then(Json::as_arr).map(<[Json]>::len))
        }
    }
}

/// Deepest nesting of `parent` encodings.
const MAX_PARENTS: usize = 16;

/// A position in an encoding text (also read by typed_encoding.rs, which adds the shape of a
/// `tensor<...>`/`!ttg.memdesc<...>` type to it).
pub(crate) struct Cursor<'a> {
    pub(crate) src: &'a str,
    pub(crate) at: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn ws(&mut self) {
        let b = self.src.as_bytes();
        while self.at < b.len() && b[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }
    pub(crate) fn peek(&self, s: &str) -> bool {
        self.src[self.at..].starts_with(s)
    }
    pub(crate) fn eat(&mut self, s: &str) -> bool {
        let yes = self.peek(s);
        if yes {
            self.at += s.len();
        }
        yes
    }
    pub(crate) fn found(&self) -> String {
        self.src[self.at..]
            .chars()
            .next()
            .map_or("end of input".to_string(), |c| format!("'{c}'"))
    }
    pub(crate) fn expect(&mut self, s: &str) -> Result<()> {
        self.ws();
        if self.eat(s) {
            return Ok(());
        }
        Err(Error::parse(
            self.at,
            format!("expected '{s}', found {}", self.found()),
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
    /// An integer list `[a, b, ...]`.
    fn list(&mut self) -> Result<Json> {
        self.expect("[")?;
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
    /// `#ttg.<kind><{...}>` (or `#ttg.linear<{...}>`) at the cursor.
    fn encoding(&mut self) -> Result<Json> {
        self.encoding_nested(0)
    }
    fn encoding_nested(&mut self, depth: usize) -> Result<Json> {
        let start = self.at;
        if depth > MAX_PARENTS {
            return Err(Error::parse(
                start,
                format!("parent encodings nested deeper than {MAX_PARENTS} levels"),
            ));
        }
        if !PREFIXES.iter().any(|p| self.eat(p)) {
            if self.peek("#") {
                self.at += 1;
                let name = self.word();
                self.at = start;
                if !name.is_empty() {
                    return Err(Error::parse(
                        start,
                        format!(
                            "'#{name}' is an attribute alias, which is not resolved here: write the encoding inline ('#ttg.blocked<{{...}}>', ...)"
                        ),
                    ));
                }
            }
            return Err(Error::parse(
                start,
                format!(
                    "expected a Triton encoding '#ttg.<kind><{{...}}>' ({KIND_LIST}), found {}",
                    self.found()
                ),
            ));
        }
        let kind_at = self.at;
        let kind = self.word();
        if kind == "linear" {
            return self.linear(start, kind_at);
        }
        let Some(&(_, json_kind, keys)) = KINDS.iter().find(|k| k.0 == kind) else {
            return Err(Error::parse(
                kind_at,
                format!("encoding '{kind}' is not read from text (one of {KIND_LIST})"),
            ));
        };
        self.expect("<")?;
        self.expect("{")?;
        let mut fields: Vec<(&Key, Json, usize)> = Vec::new();
        self.ws();
        if !self.peek("}") {
            loop {
                self.ws();
                let at = self.at;
                let name = self.word();
                if name.is_empty() {
                    return Err(Error::parse(
                        at,
                        format!("expected a parameter name, found {}", self.found()),
                    ));
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
                self.expect("=")?;
                self.ws();
                let value_at = self.at;
                let v = self.value(k, depth)?;
                fields.push((k, v, value_at));
                self.ws();
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect("}")?;
        let end = self.at - 1;
        self.expect(">")?;
        check_fields(kind, keys, &fields, end)?;
        let mut obj = vec![("kind".to_string(), Json::Str(json_kind.to_string()))];
        let mut version = Vec::new();
        for (k, v, _) in fields {
            match k.json {
                "version_major" | "version_minor" => version.push((k.json, v)),
                _ => obj.push((k.json.to_string(), v)),
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
    /// The value of key `k` at the cursor, of `k`'s type.
    fn value(&mut self, k: &Key, depth: usize) -> Result<Json> {
        let at = self.at;
        match k.ty {
            Ty::Int => {
                if self.peek("[") {
                    return Err(Error::parse(at, format!("'{}' is an integer", k.text)));
                }
                self.int()
                    .map(Json::Int)
                    .map_err(|e| retype(e, at, k, "an integer"))
            }
            Ty::List(_) => {
                if !self.peek("[") {
                    return Err(Error::parse(
                        at,
                        format!("'{}' is a list of integers", k.text),
                    ));
                }
                self.list()
            }
            Ty::Bool => match self.word() {
                "true" => Ok(Json::Bool(true)),
                "false" => Ok(Json::Bool(false)),
                _ => Err(Error::parse(
                    at,
                    format!("'{}' is a boolean (true or false)", k.text),
                )),
            },
            Ty::Encoding => self.encoding_nested(depth + 1),
        }
    }
    /// `#ttg.linear<{...}>` from its `#` at `start` (the kind word read, the cursor after it):
    /// the `<...>` extent is read by Triton's linear text reader.
    fn linear(&mut self, start: usize, kind_at: usize) -> Result<Json> {
        let b = self.src.as_bytes();
        self.ws();
        if b.get(self.at) != Some(&b'<') {
            return Err(Error::parse(
                self.at,
                format!("expected '<', found {}", self.found()),
            ));
        }
        // The bases hold no angle brackets: the extent ends at the matching '>'.
        let mut depth = 0usize;
        let mut end = None;
        for (i, &c) in b.iter().enumerate().skip(self.at) {
            match c {
                b'<' => depth += 1,
                b'>' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(i + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else {
            return Err(Error::parse(
                b.len(),
                "expected '>' closing #ttg.linear<...>",
            ));
        };
        // Read `#ttg.linear<...>` itself, whatever prefix the text used.
        let text = format!("#ttg.linear{}", &self.src[self.at..end]);
        let shift = self.at - "#ttg.linear".len();
        let l = parse_triton_text(&text).map_err(|e| e.shifted(shift))?;
        let names = l.in_names();
        if names != LINEAR_IN_DIMS {
            return Err(Error::parse(
                kind_at,
                format!(
                    "#ttg.linear as an encoding has the in dimensions {} (in this order), not {}",
                    LINEAR_IN_DIMS.join(", "),
                    names.join(", ")
                ),
            ));
        }
        if l.outs().is_empty() {
            return Err(Error::parse(
                start,
                "#ttg.linear as an encoding needs at least one basis (Triton does not read the empty layout)",
            ));
        }
        let mut obj = vec![("kind".to_string(), Json::Str("linear".to_string()))];
        for (i, d) in l.ins().iter().enumerate() {
            let bases = l
                .bases_of(i)
                .into_iter()
                .map(|b| Json::Arr(b.into_iter().map(Json::Int).collect()))
                .collect();
            obj.push((d.name.clone(), Json::Arr(bases)));
        }
        self.at = end;
        Ok(Json::Obj(obj))
    }
}

/// A parse error of a value, restated as "`k` is `what`" at the value.
fn retype(e: Error, at: usize, k: &Key, what: &str) -> Error {
    match e.offset() {
        Some(o) if o == at => Error::parse(at, format!("'{}' is {what}", k.text)),
        _ => e,
    }
}

/// Required keys, the CTA triple, list lengths and Triton's parameter rules; `end` is the
/// offset of the closing `}`.
fn check_fields(
    kind: &str,
    keys: &[Key],
    fields: &[(&Key, Json, usize)],
    end: usize,
) -> Result<()> {
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
    let mut rank: Option<(&str, usize)> = None;
    for (k, v, at) in fields.iter().filter(|(k, _, _)| k.ty == RANKED) {
        let n = v.as_arr().map_or(0, <[Json]>::len);
        match rank {
            None => rank = Some((k.text, n)),
            Some((first, r)) if r != n => {
                return Err(Error::parse(
                    *at,
                    format!(
                        "'{}' has {n} entries, but '{first}' has {r} (one per tensor dimension)",
                        k.text
                    ),
                ))
            }
            _ => {}
        }
    }
    let get = |name: &str| fields.iter().find(|(k, _, _)| k.text == name);
    let int = |name: &str| get(name).and_then(|(_, v, at)| v.as_int().map(|x| (x, *at)));
    match kind {
        "dot_op" => {
            let (op_idx, op_at) = int("opIdx").unwrap_or((0, end));
            if op_idx != 0 && op_idx != 1 {
                return Err(Error::parse(
                    op_at,
                    format!("'opIdx' is 0 (operand A) or 1 (operand B), not {op_idx}"),
                ));
            }
            let parent = get("parent").map(|(_, v, _)| v);
            let parent_kind = parent.and_then(|p| p.get("kind")).and_then(Json::as_str);
            let k_width = int("kWidth");
            match parent_kind {
                Some("nvidia_mma") => {
                    let Some((kw, kw_at)) = k_width else {
                        return Err(Error::parse(
                            end,
                            "#ttg.dot_op of an nvidia_mma parent needs the parameter 'kWidth'",
                        ));
                    };
                    if kw <= 0 || kw & (kw - 1) != 0 {
                        return Err(Error::parse(
                            kw_at,
                            format!("'kWidth' is a positive power of two, not {kw}"),
                        ));
                    }
                    let version = parent
                        .and_then(|p| p.get("version"))
                        .and_then(Json::as_arr)
                        .and_then(|v| v.first())
                        .and_then(Json::as_int);
                    if version == Some(3) && op_idx != 0 {
                        return Err(Error::parse(
                            op_at,
                            "'opIdx' must be 0 under a Hopper (versionMajor = 3) nvidia_mma parent: WGMMA reads only operand A from registers",
                        ));
                    }
                }
                Some("blocked") => {
                    if let Some((kw, kw_at)) = k_width.filter(|(kw, _)| *kw != 0) {
                        return Err(Error::parse(
                            kw_at,
                            format!("'kWidth' is 0 or absent under a blocked parent, not {kw}"),
                        ));
                    }
                }
                other => {
                    let at = get("parent").map_or(end, |(_, _, at)| *at);
                    return Err(Error::parse(
                        at,
                        format!(
                            "the parent of #ttg.dot_op is a blocked or nvidia_mma encoding, not {}",
                            other.unwrap_or("that")
                        ),
                    ));
                }
            }
        }
        "slice" => {
            if let Some((_, v, at)) = get("parent") {
                let pk = v.get("kind").and_then(Json::as_str).unwrap_or("");
                if SHARED_KINDS.contains(&pk) {
                    return Err(Error::parse(
                        *at,
                        format!("the parent of #ttg.slice is a distributed encoding, not the shared {pk}"),
                    ));
                }
            }
            if let Some((d, at)) = int("dim").filter(|(d, _)| *d < 0) {
                return Err(Error::parse(
                    at,
                    format!("'dim' is a dimension of the parent, not {d}"),
                ));
            }
        }
        "swizzled_shared" => {
            for name in ["vec", "perPhase", "maxPhase"] {
                if let Some((x, at)) = int(name).filter(|(x, _)| *x <= 0) {
                    return Err(Error::parse(
                        at,
                        format!("'{name}' is a positive integer, not {x}"),
                    ));
                }
            }
        }
        "nvmma_shared" => {
            if let Some((w, at)) =
                int("swizzlingByteWidth").filter(|(w, _)| ![0, 32, 64, 128].contains(w))
            {
                return Err(Error::parse(
                    at,
                    format!("'swizzlingByteWidth' is 0, 32, 64 or 128, not {w}"),
                ));
            }
            if let Some((b, at)) =
                int("elementBitWidth").filter(|(b, _)| *b <= 0 || b & (b - 1) != 0)
            {
                return Err(Error::parse(
                    at,
                    format!("'elementBitWidth' is a power of two, not {b}"),
                ));
            }
        }
        _ => {}
    }
    Ok(())
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

    const MMA2: &str = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>";
    const MMA2_JSON: &str =
        r#"{"kind":"nvidia_mma","version":[2,0],"warps_per_cta":[2,2],"instr_shape":[16,8]}"#;

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
        same(MMA2, MMA2_JSON, &[64, 32]);
    }

    #[test]
    fn dot_op_and_slice_read_their_parent_inline() {
        same(
            &format!("#ttg.dot_op<{{opIdx = 0, parent = {MMA2}, kWidth = 2}}>"),
            &format!(r#"{{"kind":"dot_operand","op_idx":0,"k_width":2,"parent":{MMA2_JSON}}}"#),
            &[64, 32],
        );
        same(
            &format!("#ttg.dot_op<{{opIdx = 1, parent = {MMA2}, kWidth = 4}}>"),
            &format!(r#"{{"kind":"dot_operand","op_idx":1,"k_width":4,"parent":{MMA2_JSON}}}"#),
            &[64, 32],
        );
        same(
            &format!("#ttg.slice<{{dim = 1, parent = {MMA2}}}>"),
            &format!(r#"{{"kind":"slice","dim":1,"parent":{MMA2_JSON}}}"#),
            &[64],
        );
        // A slice of a slice of a dot operand.
        same(
            &format!("#ttg.slice<{{dim = 0, parent = #ttg.slice<{{dim = 0, parent = #ttg.dot_op<{{opIdx = 0, parent = {MMA2}, kWidth = 2}}>}}>}}>"),
            &format!(r#"{{"kind":"slice","dim":0,"parent":{{"kind":"slice","dim":0,"parent":{{"kind":"dot_operand","op_idx":0,"k_width":2,"parent":{MMA2_JSON}}}}}}}"#),
            &[],
        );
    }

    #[test]
    fn shared_encodings_equal_their_json_form() {
        same(
            "#ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>",
            r#"{"kind":"swizzled_shared","vec":2,"per_phase":2,"max_phase":4,"order":[1,0]}"#,
            &[32, 32],
        );
        same(
            "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>",
            r#"{"kind":"nvmma_shared","swizzle_bytes":128,"transposed":true,"element_bitwidth":32}"#,
            &[128, 128],
        );
        same(
            "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>",
            r#"{"kind":"nvmma_shared","swizzle_bytes":128,"element_bitwidth":8,"fp4_padded":true}"#,
            &[32, 64],
        );
    }

    #[test]
    fn linear_is_read_with_its_four_in_dims() {
        let e = parse_encoding_text(
            "#ttg.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = []}>",
        )
        .unwrap();
        assert_eq!(
            e,
            parse_json(
                r#"{"kind":"linear","register":[[0,1]],"lane":[[1,0]],"warp":[],"block":[]}"#
            )
            .unwrap()
        );
        assert_eq!(encoding_rank(&e), Some(2));
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
        // A missing key is reported at the closing brace.
        let (at, m) =
            err("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], order = [0]}>");
        assert_eq!(at, 69);
        assert!(m.contains("needs the parameter 'warpsPerCTA'"), "{m}");
        let (at, m) = err("#ttg.blocked<{sizePerThread = [1,], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>");
        assert_eq!(at, 33);
        assert!(m.contains("expected an integer"), "{m}");
        let (_, m) = err("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAOrder = [0]}>");
        assert!(m.contains("go together"), "{m}");
        let (at, m) = err("#ttg.amd_mfma<{versionMajor = 3}>");
        assert_eq!(at, 5);
        assert!(m.contains("'amd_mfma' is not read from text"), "{m}");
        let (_, m) = err("#ttg.nvidia_mma<{versionMajor = [3], versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>");
        assert!(m.contains("'versionMajor' is an integer"), "{m}");
        let (_, m) = err("#ttg.blocked<{sizePerThread = [1], sizePerThread = [1]}>");
        assert!(m.contains("given twice"), "{m}");
        let (at, m) = err("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> x");
        assert_eq!(at, 91);
        assert!(m.contains("unexpected text"), "{m}");
        // Lists of one encoding agree in length; the second one is named where it is.
        let (at, m) = err("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]}>");
        assert_eq!(at, 55);
        assert!(
            m.contains("'threadsPerWarp' has 1 entries, but 'sizePerThread' has 2"),
            "{m}"
        );
    }

    #[test]
    fn parent_and_parameter_errors_name_the_key() {
        // A parent by alias, as Triton prints it.
        let (at, m) = err("#ttg.slice<{dim = 1, parent = #blocked}>");
        assert_eq!(at, 30);
        assert!(m.contains("'#blocked' is an attribute alias"), "{m}");
        // kWidth under an MMA parent.
        let t = format!("#ttg.dot_op<{{opIdx = 0, parent = {MMA2}}}>");
        let (at, m) = err(&t);
        assert_eq!(at, t.len() - 2);
        assert!(m.contains("needs the parameter 'kWidth'"), "{m}");
        let (at, m) = err(&format!(
            "#ttg.dot_op<{{opIdx = 2, parent = {MMA2}, kWidth = 2}}>"
        ));
        assert_eq!(at, 21);
        assert!(m.contains("'opIdx' is 0 (operand A) or 1"), "{m}");
        let (_, m) = err(&format!(
            "#ttg.dot_op<{{opIdx = 0, parent = {MMA2}, kWidth = 3}}>"
        ));
        assert!(
            m.contains("'kWidth' is a positive power of two, not 3"),
            "{m}"
        );
        let (at, m) = err("#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>");
        assert_eq!(at, 21);
        assert!(m.contains("Hopper"), "{m}");
        let (at, m) = err("#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>, kWidth = 2}>");
        assert_eq!(at, 145);
        assert!(
            m.contains("'kWidth' is 0 or absent under a blocked parent"),
            "{m}"
        );
        let (at, m) = err("#ttg.dot_op<{opIdx = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>");
        assert_eq!(at, 33);
        assert!(
            m.contains("parent of #ttg.dot_op is a blocked or nvidia_mma"),
            "{m}"
        );
        // Shared parameters.
        let (at, m) = err("#ttg.nvmma_shared<{swizzlingByteWidth = 96, elementBitWidth = 16}>");
        assert_eq!(at, 40);
        assert!(
            m.contains("'swizzlingByteWidth' is 0, 32, 64 or 128, not 96"),
            "{m}"
        );
        let (at, m) = err(
            "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = 1, elementBitWidth = 16}>",
        );
        assert_eq!(at, 58);
        assert!(m.contains("'transposed' is a boolean"), "{m}");
        let (at, m) =
            err("#ttg.swizzled_shared<{vec = 0, perPhase = 1, maxPhase = 1, order = [0]}>");
        assert_eq!(at, 28);
        assert!(m.contains("'vec' is a positive integer, not 0"), "{m}");
        // #ttg.linear: Triton's in dimensions, error offsets inside the whole text.
        let (at, m) = err(
            "#ttg.slice<{dim = 0, parent = #ttg.linear<{register = [[0, 1]], lane = [[1, 0]]}>}>",
        );
        assert_eq!(at, 35);
        assert!(
            m.contains("in dimensions register, lane, warp, block"),
            "{m}"
        );
        let (at, m) =
            err("#ttg.slice<{dim = 0, parent = #ttg.linear<{register = [[0, 1], [1]]}>}>");
        assert_eq!(at, 54);
        assert!(m.contains("basis 1 of 'register' has 1 components"), "{m}");
    }
}
