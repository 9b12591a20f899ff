//! The targets. In process: `parse` (the text parser), `ops` (every operation of
//! `layout batch` with the post-condition oracles), `linear` (the linear-layout parsers and
//! operations). As subprocesses: `batch` (`layout batch` on streams of requests), `opt`
//! (`layout-opt` on mutated lit files) and `kernel` (kernel-level IR through the lowering to
//! NVVM and ptxas).

pub mod batch;
pub mod kernel;
pub mod ops;
pub mod opt;
pub mod parse;

use crate::rng::Rng;

/// A request of `layout batch`: `{"id": N, "op": "...", "args": [...]}`.
pub fn request_line(id: u64, op: &str, args: &[String]) -> String {
    let args: Vec<String> = args
        .iter()
        .map(|a| serde_json::Value::String(a.clone()).to_string())
        .collect();
    format!(
        "{{\"id\":{id},\"op\":{},\"args\":[{}]}}",
        serde_json::Value::String(op.to_string()),
        args.join(",")
    )
}

/// (op, args) of a request line, if it is one.
pub fn read_request(line: &str) -> Option<(String, Vec<String>)> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let op = v.get("op")?.as_str()?.to_string();
    let args = v
        .get("args")?
        .as_array()?
        .iter()
        .map(|a| match a {
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some((op, args))
}

/// A bounded pool of inputs worth mutating (those that got past the argument checks).
pub struct Corpus {
    items: Vec<String>,
    cap: usize,
}

impl Corpus {
    pub fn new(cap: usize) -> Corpus {
        Corpus {
            items: Vec::new(),
            cap,
        }
    }
    pub fn add(&mut self, r: &mut Rng, s: String) {
        if self.items.len() < self.cap {
            self.items.push(s);
        } else {
            let i = r.below(self.cap);
            self.items[i] = s;
        }
    }
    pub fn pick(&self, r: &mut Rng) -> Option<&String> {
        (!self.items.is_empty()).then(|| &self.items[r.below(self.items.len())])
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}
