//! A small writer for the JSON results of this module (objects of integers, strings,
//! integer-or-`"?"` arrays), so the crate needs no JSON dependency.

/// One JSON value of a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum J {
    Int(i64),
    /// A known integer or a dynamic one (`"?"`).
    MaybeInt(Option<i64>),
    Str(String),
    Bool(bool),
    Arr(Vec<J>),
    Obj(Vec<(&'static str, J)>),
}

impl J {
    pub fn str(s: impl Into<String>) -> J {
        J::Str(s.into())
    }
    pub fn ints(v: &[i64]) -> J {
        J::Arr(v.iter().map(|&x| J::Int(x)).collect())
    }
    /// Render as compact JSON text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }
    fn write(&self, out: &mut String) {
        match self {
            J::Int(v) => out.push_str(&v.to_string()),
            J::MaybeInt(Some(v)) => out.push_str(&v.to_string()),
            J::MaybeInt(None) => out.push_str("\"?\""),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Str(s) => write_str(out, s),
            J::Arr(v) => {
                out.push('[');
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    x.write(out);
                }
                out.push(']');
            }
            J::Obj(kv) => {
                out.push('{');
                for (i, (k, v)) in kv.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_str(out, k);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }
}

/// JSON string escaping (shared with the linear-layout JSON writer).
fn write_str(out: &mut String, s: &str) {
    crate::linear::json::write_str(out, s)
}
